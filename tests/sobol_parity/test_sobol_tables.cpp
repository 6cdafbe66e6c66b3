// SPDX-License-Identifier: BSD-3-Clause
// Sobol' tables without cuRAND: the packed Joe-Kuo data decodes to what the generator recorded (digests
// of all four rebuilt sets, which the generator compared with libcurand), satisfies Joe & Kuo's
// structural rules, matches published rows of new-joe-kuo-6.21201, and the point/step functions agree.
#include <gtest/gtest.h>
#include <stdint.h>

#include <vector>

#include "gpurng/engines/sobol.hpp"

namespace sobol = gpurng::sobol;
namespace tables = gpurng::sobol::tables;

namespace {

// The generator's digest (tools/sobol/make_sobol_tables.py digest()).
template <typename W>
uint64_t digest(const std::vector<W>& words) {
  uint64_t sum = 0;
  for (size_t i = 0; i < words.size(); ++i) {
    uint64_t z = uint64_t{words[i]} + uint64_t{i} * 0x9E3779B97F4A7C15ull;
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    sum += z ^ (z >> 31);
  }
  return sum;
}

// GF(2) polynomial arithmetic modulo p (degree s <= 18): enough for a primitivity test.
uint32_t mulmod(uint32_t a, uint32_t b, uint32_t p, unsigned s) {
  uint32_t r = 0;
  for (; b; b >>= 1) {
    if (b & 1u) r ^= a;
    a <<= 1;
    if ((a >> s) & 1u) a ^= p;
  }
  return r;
}
uint32_t powmod_x(uint64_t e, uint32_t p, unsigned s) {  // x^e mod p
  uint32_t r = 1, b = s == 1 ? 1u : 2u;                  // x mod (x+1) = 1
  for (; e; e >>= 1) {
    if (e & 1u) r = mulmod(r, b, p, s);
    b = mulmod(b, b, p, s);
  }
  return r;
}
// p (with its x^s and 1 terms) is primitive iff x has order exactly 2^s - 1 modulo p: a reducible p has
// fewer than 2^s - 1 units, so no element can reach that order.
bool primitive(uint32_t p, unsigned s) {
  const uint64_t n = (uint64_t{1} << s) - 1;
  if (powmod_x(n, p, s) != 1) return false;
  uint64_t m = n;
  for (uint64_t q = 2; q * q <= m; ++q) {
    if (m % q) continue;
    while (m % q == 0) m /= q;
    if (powmod_x(n / q, p, s) == 1) return false;
  }
  return m == 1 || powmod_x(n / m, p, s) != 1;
}

}  // namespace

TEST(SobolTables, DigestsOfAllFourSetsMatchTheGenerator) {
  const sobol::table32 p32 = sobol::build_table32(false), s32 = sobol::build_table32(true);
  const sobol::table64 p64 = sobol::build_table64(false), s64 = sobol::build_table64(true);
  ASSERT_EQ(p32.dimensions(), 20000u);
  ASSERT_EQ(s64.dimensions(), 20000u);
  EXPECT_EQ(digest(p32.vectors), tables::kDigestVectors32);
  EXPECT_EQ(digest(p64.vectors), tables::kDigestVectors64);
  EXPECT_EQ(digest(s32.vectors), tables::kDigestScrambledVectors32);
  EXPECT_EQ(digest(s64.vectors), tables::kDigestScrambledVectors64);
  EXPECT_EQ(digest(s32.constants), tables::kDigestScrambleConstants32);
  EXPECT_EQ(digest(s64.constants), tables::kDigestScrambleConstants64);
  // Known cuRAND values (curandGetScrambleConstants32 / curandGetDirectionVectors32, cuRAND 10.4): dimension 1
  // scramble constant and first scrambled vector.
  EXPECT_EQ(s32.constants[0], 0xe20866feu);
  EXPECT_EQ(s32.vectors[0], 0xee0c82bbu);
  // The 32-bit plain numbers are the top halves of the 64-bit ones.
  EXPECT_EQ(digest(sobol::narrow(p64).vectors), tables::kDigestVectors32);
  // Dimension 1: 2^31, 2^30, ...
  for (int k = 0; k < 32; ++k) EXPECT_EQ(p32.vectors[k], 1u << (31 - k));
}

TEST(SobolTables, JoeKuoStructure) {
  const std::vector<sobol::joe_kuo_entry> jk = sobol::joe_kuo_entries();
  ASSERT_EQ(jk.size(), 20000u);
  // Published rows of new-joe-kuo-6.21201 (d s a m_1..m_s), dimensions 2..10, and the last one cuRAND uses.
  struct row {
    unsigned d, s, a;
    std::vector<uint32_t> m;
  };
  const row rows[] = {{2, 1, 0, {1}},
                      {3, 2, 1, {1, 3}},
                      {4, 3, 1, {1, 3, 1}},
                      {5, 3, 2, {1, 1, 1}},
                      {6, 4, 1, {1, 1, 3, 3}},
                      {7, 4, 4, {1, 3, 5, 13}},
                      {8, 5, 2, {1, 1, 5, 5, 17}},
                      {9, 5, 4, {1, 1, 5, 5, 5}},
                      {10, 5, 7, {1, 1, 7, 11, 19}}};
  for (const row& r : rows) {
    const sobol::joe_kuo_entry& e = jk[r.d - 1];
    EXPECT_EQ(e.s, r.s) << "dimension " << r.d;
    EXPECT_EQ(e.a, r.a) << "dimension " << r.d;
    for (unsigned k = 0; k < r.s; ++k) EXPECT_EQ(e.m[k], r.m[k]) << "dimension " << r.d << " m_" << k + 1;
  }
  EXPECT_EQ(jk[0].s, 0u);
  // Every polynomial primitive; within a degree the polynomials are the primitive ones in increasing
  // order with none left out (Joe & Kuo's list), so the counts are phi(2^s-1)/s except for the last degree.
  unsigned prev_s = 0;
  uint32_t next_a = 0;
  for (size_t d = 1; d < jk.size(); ++d) {
    const sobol::joe_kuo_entry& e = jk[d];
    if (e.s != prev_s) {
      ASSERT_GT(e.s, prev_s) << "dimension " << d + 1;
      prev_s = e.s;
      next_a = 0;
    }
    const uint32_t poly_bits = (uint32_t{1} << e.s) | (e.a << 1) | 1u;
    for (uint32_t a = next_a; a < e.a; ++a)
      ASSERT_FALSE(primitive((uint32_t{1} << e.s) | (a << 1) | 1u, e.s)) << "skipped primitive a=" << a << " s=" << e.s;
    ASSERT_TRUE(primitive(poly_bits, e.s)) << "dimension " << d + 1;
    next_a = e.a + 1;
    for (unsigned k = 0; k < e.s; ++k) {
      ASSERT_EQ(e.m[k] & 1u, 1u) << "dimension " << d + 1;
      ASSERT_LT(e.m[k], 2u << k) << "dimension " << d + 1;
    }
  }
  // The 64-bit recurrence continues the 32-bit one.
  const sobol::table32 p32 = sobol::build_table32(false);
  const sobol::table64 p64 = sobol::build_table64(false);
  for (unsigned d = 0; d < 20000; ++d)
    for (int k = 0; k < 32; ++k) ASSERT_EQ(p64.vectors_of(d)[k], uint64_t{p32.vectors_of(d)[k]} << 32) << d;
}

TEST(SobolTables, ScrambleSourceIsCurandXorwowSeed0) {
  // cuRAND host XORWOW, seed 0, default ordering: outputs 0, 1, 4096 and 2560001/2 (the latter two make
  // dimension 1's scramble constant, low word first).
  const std::vector<uint32_t> x = sobol::detail::xorwow_seed0_outputs(2560003);
  EXPECT_EQ(x[0], 0xbd7f03b6u);
  EXPECT_EQ(x[1], 0xebc63fb7u);
  EXPECT_EQ(x[2560001], 0x27bec92au);
  EXPECT_EQ(x[2560002], 0xe20866feu);
}

TEST(SobolTables, Transpose64) {
  uint64_t m[64], t[64];
  uint64_t s = 0x0123456789abcdefull;
  for (int i = 0; i < 64; ++i) {
    s = s * 6364136223846793005ull + 1442695040888963407ull;
    m[i] = t[i] = s;
  }
  sobol::detail::transpose64(t);
  for (int i = 0; i < 64; ++i)
    for (int j = 0; j < 64; ++j) ASSERT_EQ((t[i] >> j) & 1u, (m[j] >> i) & 1u);
}

TEST(SobolTables, DirectPointsEqualSteps) {
  const sobol::table32& t32 = sobol::shared_table32(true);
  const sobol::table64& t64 = sobol::shared_table64(true);
  for (unsigned d : {0u, 1u, 2u, 999u, 19999u}) {
    for (uint64_t start : {uint64_t{0}, uint64_t{4090}, (uint64_t{1} << 32) - 5, ~uint64_t{0} - 4}) {
      uint32_t x32 = sobol::point(t32.vectors_of(d), t32.constants[d], start);
      uint64_t x64 = sobol::point(t64.vectors_of(d), t64.constants[d], start);
      for (uint64_t n = 0; n < 10; ++n) {  // crosses 2^32 (Sobol32 wraps) and 2^64
        const uint64_t i = start + n;
        ASSERT_EQ(x32, sobol::point(t32.vectors_of(d), t32.constants[d], i)) << d << " " << i;
        ASSERT_EQ(x64, sobol::point(t64.vectors_of(d), t64.constants[d], i)) << d << " " << i;
        x32 = sobol::next_point(t32.vectors_of(d), x32, i);
        x64 = sobol::next_point(t64.vectors_of(d), x64, i);
      }
    }
  }
  // cuRAND (measured): Sobol32 repeats after 2^32 points; Sobol64 dimension 1 around 2^32 and 2^64.
  const sobol::table32& p32 = sobol::shared_table32(false);
  const sobol::table64& p64 = sobol::shared_table64(false);
  const uint32_t want32[4] = {0x80000001u, 0x00000001u, 0x00000000u, 0x80000000u};
  uint32_t got32[4];
  ASSERT_TRUE(sobol::fill(p32, 1, (uint64_t{1} << 32) - 2, 4, got32));
  for (int i = 0; i < 4; ++i) EXPECT_EQ(got32[i], want32[i]);
  const uint64_t want64[4] = {0x0000000100000000ull, 0x0000000180000000ull, 0x8000000180000000ull,
                              0xc000000180000000ull};
  uint64_t got64[4];
  ASSERT_TRUE(sobol::fill(p64, 1, (uint64_t{1} << 32) - 1, 4, got64));
  for (int i = 0; i < 4; ++i) EXPECT_EQ(got64[i], want64[i]);
  const uint64_t wrap64[4] = {0x8000000000000001ull, 0x0000000000000001ull, 0, 0x8000000000000000ull};
  ASSERT_TRUE(sobol::fill(p64, 1, ~uint64_t{0} - 1, 4, got64));
  for (int i = 0; i < 4; ++i) EXPECT_EQ(got64[i], wrap64[i]);
  // SCRAMBLED_SOBOL64 starts a call at position 2^32 + 5 at point 5 (cuRAND 10.4, measured).
  ASSERT_TRUE(sobol::fill(t64, 1, (uint64_t{1} << 32) + 5, 1, got64));
  EXPECT_EQ(got64[0], 0x63ffbf3b97b3bc65ull);
  EXPECT_EQ(got64[0], sobol::point(t64.vectors_of(0), t64.constants[0], 5));
}

TEST(SobolTables, FillRejectsWhatCurandRejects) {
  const sobol::table32& t = sobol::shared_table32(false);
  std::vector<uint32_t> out(40002, 0xdeadbeefu);
  EXPECT_FALSE(sobol::fill(t, 0, 0, 4, out.data()));
  EXPECT_FALSE(sobol::fill(t, 20001, 0, 40002, out.data()));
  EXPECT_FALSE(sobol::fill(t, 3, 0, 4, out.data()));
  EXPECT_EQ(out[0], 0xdeadbeefu);
  EXPECT_TRUE(sobol::fill(t, 3, 0, 0, out.data()));
  EXPECT_TRUE(sobol::fill(t, 20000, 0, 40000, out.data()));
}
