// SPDX-License-Identifier: BSD-3-Clause
// Jump-ahead: gpurngSetGeneratorOffset equals generate-and-discard at random offsets up to 10^9, and
// jumps compose (jump a then b == jump a+b) up to 10^15. The polynomial machinery is also checked
// against plain stepping for small distances.
#include <gtest/gtest.h>

#include <random>

#include "gpurng/engines/ranmar_jump.hpp"
#include "targets.hpp"

namespace {

using namespace gpurng_test;
using namespace gpurng::ranmar;

template <typename T>
std::vector<T> discard_then_draw(gpurngGenerator_t g, unsigned long long skip, size_t n) {
  std::vector<T> sink(1 << 22);
  while (skip > 0) {
    const size_t len = skip < sink.size() ? static_cast<size_t>(skip) : sink.size();
    EXPECT_EQ(call_generate(g, sink.data(), len), GPURNG_STATUS_SUCCESS);
    skip -= len;
  }
  std::vector<T> out(n);
  EXPECT_EQ(call_generate(g, out.data(), n), GPURNG_STATUS_SUCCESS);
  return out;
}

class JumpAhead : public ::testing::TestWithParam<gpurngRngType_t> {};

TEST_P(JumpAhead, OffsetEqualsGenerateAndDiscard) {
  const gpurngRngType_t type = GetParam();
  std::mt19937_64 rng(77 + static_cast<unsigned>(type));
  const Target host = all_targets().front();
  // The last offset is close to 10^9; the others are spread below it.
  for (unsigned long long skip : {1ull, 96ull, 97ull, 1000003ull, rng() % 100000000ull, 999999937ull}) {
    SCOPED_TRACE(std::string(type_name(type)) + " skip " + std::to_string(skip));
    gpurngGenerator_t a = make_generator(host, type), b = make_generator(host, type);
    const unsigned long long seed = rng() % 900000001ull;
    gpurngSetPseudoRandomGeneratorSeed(a, seed);
    gpurngSetPseudoRandomGeneratorSeed(b, seed);
    ASSERT_EQ(gpurngSetGeneratorOffset(a, skip), GPURNG_STATUS_SUCCESS);
    std::vector<double> jumped(500);
    ASSERT_EQ(gpurngGenerateUniformDouble(a, jumped.data(), jumped.size()), GPURNG_STATUS_SUCCESS);
    EXPECT_TRUE(same_stream(jumped, discard_then_draw<double>(b, skip, 500)));
    gpurngDestroyGenerator(a);
    gpurngDestroyGenerator(b);
  }
}

TEST_P(JumpAhead, ReseedKeepsPositionLikeCurand) {
  const Target host = all_targets().front();
  gpurngGenerator_t a = make_generator(host, GetParam()), b = make_generator(host, GetParam());
  std::vector<double> sink(12345), x(100), y(100);
  ASSERT_EQ(gpurngGenerateUniformDouble(a, sink.data(), sink.size()), GPURNG_STATUS_SUCCESS);
  ASSERT_EQ(gpurngSetPseudoRandomGeneratorSeed(a, 4242), GPURNG_STATUS_SUCCESS);
  unsigned long long pos = 0;
  ASSERT_EQ(gpurngGetGeneratorOffset(a, &pos), GPURNG_STATUS_SUCCESS);
  EXPECT_EQ(pos, 12345u);
  ASSERT_EQ(gpurngSetPseudoRandomGeneratorSeed(b, 4242), GPURNG_STATUS_SUCCESS);
  ASSERT_EQ(gpurngSetGeneratorOffset(b, 12345), GPURNG_STATUS_SUCCESS);
  gpurngGenerateUniformDouble(a, x.data(), x.size());
  gpurngGenerateUniformDouble(b, y.data(), y.size());
  EXPECT_TRUE(same_stream(x, y));
  gpurngDestroyGenerator(a);
  gpurngDestroyGenerator(b);
}

INSTANTIATE_TEST_SUITE_P(Engines, JumpAhead, ::testing::ValuesIn(kRanmarTypes),
                         [](const auto& info) { return std::string(type_name(info.param)); });

template <Kind K>
void composed_jumps_agree() {
  using word = typename traits<K>::word;
  std::mt19937_64 rng(5);
  for (int trial = 0; trial < 8; ++trial) {
    const uint64_t a = rng() % 1000000000000000ull, b = rng() % 1000000000000000ull;
    word start[kLag], two_jumps[kLag], one_jump[kLag];
    seed_window<K>(static_cast<uint32_t>(rng() % 900000001ull), start);
    std::copy(start, start + kLag, two_jumps);
    std::copy(start, start + kLag, one_jump);
    jump_window<K>(two_jumps, a);
    jump_window<K>(two_jumps, b);
    jump_window<K>(one_jump, a + b);
    EXPECT_TRUE(std::equal(one_jump, one_jump + kLag, two_jumps)) << "a=" << a << " b=" << b;
  }
}

TEST(JumpPolynomials, ComposedJumpsAgreeUpTo1e15) {
  composed_jumps_agree<Kind::r24>();
  composed_jumps_agree<Kind::r48>();
}

// Independent of poly_z_pow: step the window one value at a time.
TEST(JumpPolynomials, SmallJumpsEqualStepping) {
  using word = typename traits<Kind::r48>::word;
  word w[kLag];
  seed_window<Kind::r48>(54217137u, w);
  std::vector<word> seq(w, w + kLag);
  for (int i = 0; i < 2000; ++i) seq.push_back((seq[seq.size() - 97] - seq[seq.size() - 33]) & traits<Kind::r48>::mask);
  for (uint64_t n : {1ull, 2ull, 32ull, 33ull, 64ull, 96ull, 97ull, 98ull, 193ull, 1000ull, 1903ull}) {
    word j[kLag];
    std::copy(w, w + kLag, j);
    jump_window<Kind::r48>(j, n);
    EXPECT_TRUE(std::equal(j, j + kLag, seq.begin() + n)) << "n=" << n;
  }
}

}  // namespace
