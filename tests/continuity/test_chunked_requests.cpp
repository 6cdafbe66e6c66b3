// SPDX-License-Identifier: BSD-3-Clause
// Continuity: one request of N equals the same N numbers drawn in random chunk sizes (1 .. 10^6, odd
// sizes included) into unaligned places of the output, for every engine, output type and target.
#include <gtest/gtest.h>

#include <random>

#include "targets.hpp"

namespace {

using namespace gpurng_test;

template <typename T>
void check_chunking(const Target& t, gpurngRngType_t type, std::mt19937_64& rng) {
  SCOPED_TRACE(t.name + " " + type_name(type) + " " + typeid(T).name());
  const size_t n = 3000000 + rng() % 1000;
  gpurngGenerator_t whole = make_generator(t, type), pieces = make_generator(t, type);
  const unsigned long long seed = rng() % 900000001ull, start = rng() % 1000000;
  for (gpurngGenerator_t g : {whole, pieces}) {
    ASSERT_EQ(gpurngSetPseudoRandomGeneratorSeed(g, seed), GPURNG_STATUS_SUCCESS);
    ASSERT_EQ(gpurngSetGeneratorOffset(g, start), GPURNG_STATUS_SUCCESS);
  }
  const std::vector<T> want = draw<T>(t, whole, n);

  // Each chunk lands one element past a 16-byte boundary of its own buffer, so no request is aligned.
  std::vector<T> got;
  size_t done = 0, calls = 0;
  while (done < n) {
    size_t len;
    switch (calls++ % 4) {
      case 0:
        len = 1 + rng() % 16;
        break;  // small, legacy-sized calls
      case 1:
        len = 2 * (rng() % 5000) + 1;
        break;  // odd sizes
      case 2:
        len = 1 + rng() % 1000000;
        break;  // up to 10^6
      default:
        len = 31 + rng() % 70;
        break;  // around the 32-lane groups and the 97 lag
    }
    len = std::min(len, n - done);
    std::vector<T> buf(len + 3, T(7));
    ASSERT_EQ(generate_into(t, pieces, buf, 1, len), GPURNG_STATUS_SUCCESS);
    EXPECT_TRUE(same_bits(buf[0], T(7)) && same_bits(buf[len + 1], T(7))) << "wrote outside the request";
    got.insert(got.end(), buf.begin() + 1, buf.begin() + 1 + len);
    done += len;
  }
  EXPECT_TRUE(same_stream(got, want)) << "after " << calls << " calls";
  unsigned long long a = 0, b = 0;
  gpurngGetGeneratorOffset(whole, &a);
  gpurngGetGeneratorOffset(pieces, &b);
  EXPECT_EQ(a, start + n);
  EXPECT_EQ(b, start + n);
  gpurngDestroyGenerator(whole);
  gpurngDestroyGenerator(pieces);
}

TEST(Continuity, OneCallEqualsRandomChunks) {
  std::mt19937_64 rng(1234);
  for (const Target& t : all_targets()) {
    check_chunking<unsigned>(t, GPURNG_RNG_PSEUDO_RANMAR, rng);
    check_chunking<float>(t, GPURNG_RNG_PSEUDO_RANMAR, rng);
    check_chunking<double>(t, GPURNG_RNG_PSEUDO_RANMAR, rng);
    for (gpurngRngType_t type : {GPURNG_RNG_PSEUDO_RANMAR48, GPURNG_RNG_PSEUDO_RANMAR48X}) {
      check_chunking<unsigned long long>(t, type, rng);
      check_chunking<float>(t, type, rng);
      check_chunking<double>(t, type, rng);
    }
  }
}

// Thread count must not change the numbers (the CPU backend splits requests by jump-ahead).
TEST(Continuity, ThreadCountDoesNotChangeNumbers) {
  std::vector<std::vector<double>> runs;
  for (const char* threads : {"1", "2", "7"}) {
    setenv("GPURNG_THREADS", threads, 1);
    gpurngGenerator_t g = nullptr;
    ASSERT_EQ(gpurngCreateGeneratorHost(&g, GPURNG_RNG_PSEUDO_RANMAR48), GPURNG_STATUS_SUCCESS);
    std::vector<double> v(2000003);
    ASSERT_EQ(gpurngGenerateUniformDouble(g, v.data(), v.size()), GPURNG_STATUS_SUCCESS);
    runs.push_back(v);
    gpurngDestroyGenerator(g);
  }
  unsetenv("GPURNG_THREADS");
  EXPECT_TRUE(same_stream(runs[1], runs[0]));
  EXPECT_TRUE(same_stream(runs[2], runs[0]));
}

}  // namespace
