// SPDX-License-Identifier: BSD-3-Clause
// Published known answers for the cuRAND engine cores (no libcurand needed):
//   Philox4x32-7 and -10: Random123's tests/kat_vectors lines (tests/kat/random123_philox_kat.txt);
//   MRG32k3a: L'Ecuyer's default seed (all six words 12345), outputs z1..z5 and the 1000th uniform;
//   the bridges from those to cuRAND's host API (seeding: curand_kernel.h; layouts: cuRAND guide, Order),
//   whose values were read from libcurand 10.4's host generator.
#include <gtest/gtest.h>

#include <cstdint>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "fill/curand_layout.hpp"
#include "gpurng/engines/mrg32k3a.hpp"
#include "gpurng/engines/philox.hpp"
#include "gpurng/engines/xorwow.hpp"

namespace {

using namespace gpurng;

struct philox_line {
  int line_no;
  int rounds;
  philox::u32x4 counter;
  philox::key2 key;
  uint32_t expected[4];
};

// Reads the philox4x32 lines; a malformed one is a failure, so a typo cannot become a skipped check.
std::vector<philox_line> load_philox_kats(const std::string& path) {
  std::vector<philox_line> out;
  std::ifstream in(path);
  EXPECT_TRUE(in.good()) << "cannot open " << path;
  std::string line;
  int no = 0;
  while (std::getline(in, line)) {
    ++no;
    const auto first = line.find_first_not_of(" \t\r");
    if (first == std::string::npos || line[first] == '#') continue;
    std::istringstream s(line);
    std::string name;
    philox_line k{};
    k.line_no = no;
    s >> name >> std::dec >> k.rounds >> std::hex;
    for (uint32_t& w : k.counter.w) s >> w;
    s >> k.key.k0 >> k.key.k1;
    for (uint32_t& w : k.expected) s >> w;
    std::string extra;
    if (name != "philox4x32" || s.fail() || (s >> extra)) {
      ADD_FAILURE() << path << ":" << no << ": malformed line: " << line;
      continue;
    }
    out.push_back(k);
  }
  return out;
}

TEST(CurandKat, Random123Philox4x32) {
  const auto kats = load_philox_kats(std::string(GPURNG_KAT_DIR) + "/random123_philox_kat.txt");
  ASSERT_EQ(kats.size(), 6u);
  for (const auto& k : kats) {
    ASSERT_TRUE(k.rounds == 7 || k.rounds == 10) << "line " << k.line_no;
    const philox::u32x4 got = k.rounds == 7 ? philox::block<7>(k.counter, k.key) : philox::block<10>(k.counter, k.key);
    for (int i = 0; i < 4; ++i)
      EXPECT_EQ(got.w[i], k.expected[i]) << "line " << k.line_no << " word " << i << std::hex << ": got 0x" << got.w[i]
                                         << " want 0x" << k.expected[i];
  }
}

// cuRAND host Philox, seed s: outputs 4j..4j+3 (j < 65536) are philox4x32_10({0, 0, j, 0}, {lo(s), hi(s)});
// seed 0 therefore starts with the all-zero known answer, and seed 1234 gives 546353992, 3665621163.
TEST(CurandKat, PhiloxCurandBridge) {
  using curand_layout::philox_stream;
  uint32_t out[8];
  philox_stream(0).fill_u32(0, 0, 4, out);
  EXPECT_EQ(out[0], 0x6627e8d5u);
  EXPECT_EQ(out[1], 0xe169c58du);
  EXPECT_EQ(out[2], 0xbc57ac4cu);
  EXPECT_EQ(out[3], 0x9b00dbd8u);
  philox_stream(1234).fill_u32(0, 0, 2, out);
  EXPECT_EQ(out[0], 546353992u);
  EXPECT_EQ(out[1], 3665621163u);
  // output 4 is subsequence 1, counter 0 (not counter 1 of subsequence 0)
  philox_stream(1234).fill_u32(0, 4, 1, out);
  EXPECT_EQ(out[0], philox::output_at(1234, 1, 0));
}

// L'Ecuyer (1999), default seed: published integer outputs and uniforms (normalised by 1/(m1+1)).
TEST(CurandKat, Mrg32k3aLecuyerDefaultSeed) {
  mrg32k3a::state s = mrg32k3a::seed_state(0);  // cuRAND's seed 0 is L'Ecuyer's default
  for (int i = 0; i < 3; ++i) {
    EXPECT_EQ(s.s1[i], 12345u);
    EXPECT_EQ(s.s2[i], 12345u);
  }
  const uint32_t z[5] = {545508589u, 1368065410u, 1327943761u, 3546985096u, 951893194u};
  const double u[5] = {0.12701112204657714, 0.3185275653967945, 0.3091860155832701, 0.8258468629271136,
                       0.2216299157820229};
  const double lecuyer_norm = 1.0 / 4294967088.0;  // 1/(m1+1)
  for (int i = 0; i < 5; ++i) {
    const uint32_t got = mrg32k3a::next(s);
    EXPECT_EQ(got, z[i]) << "output " << i + 1;
    EXPECT_DOUBLE_EQ(got * lecuyer_norm, u[i]) << "output " << i + 1;
  }
  for (int i = 6; i < 1000; ++i) mrg32k3a::next(s);
  EXPECT_DOUBLE_EQ(mrg32k3a::next(s) * lecuyer_norm, 0.98607848680213228);
  // the 1000th output by a jump of 999 from the seed
  mrg32k3a::state j = mrg32k3a::init(0, 0, 999);
  mrg32k3a::state t = mrg32k3a::seed_state(0);
  for (int i = 0; i < 999; ++i) mrg32k3a::next(t);
  for (int i = 0; i < 3; ++i) {
    EXPECT_EQ(j.s1[i], t.s1[i]);
    EXPECT_EQ(j.s2[i], t.s2[i]);
  }
}

// cuRAND host MRG32k3a, seed 0, DEFAULT ordering: bits output[0] = 0x2083cd07 and output[81920] =
// 0x518b05c4 (z1 and z2 times 1.000000048662, truncated), uniform double output[0] = z1/m1.
TEST(CurandKat, Mrg32k3aCurandBridge) {
  using curand_layout::mrg32k3a_stream;
  using curand_layout::ordering;
  const mrg32k3a_stream s(0, ordering::dflt);
  uint32_t bits[1];
  s.fill_u32(0, 0, 1, bits);
  EXPECT_EQ(bits[0], 0x2083cd07u);
  s.fill_u32(0, 81920, 1, bits);
  EXPECT_EQ(bits[0], 0x518b05c4u);
  double d[1];
  s.fill_uniform(0, 0, 1, d);
  EXPECT_EQ(d[0], 0.12701112207614923);
}

// XORWOW: cuRAND's seeding offsets Marsaglia's published start words (x, y, z, w, v, d = 123456789,
// 362436069, 521288629, 88675123, 5783321, 6615241; "Xorshift RNGs", 2003) by mixed seed halves; the seed
// whose halves cancel the salts reproduces them exactly.
TEST(CurandKat, XorwowMarsagliaStartWords) {
  const xorwow::state s = xorwow::seed_state(0xf7dcefddaad26b49ull);
  EXPECT_EQ(s.v[0], 123456789u);
  EXPECT_EQ(s.v[1], 362436069u);
  EXPECT_EQ(s.v[2], 521288629u);
  EXPECT_EQ(s.v[3], 88675123u);
  EXPECT_EQ(s.v[4], 5783321u);
  EXPECT_EQ(s.d, 6615241u);
}

}  // namespace
