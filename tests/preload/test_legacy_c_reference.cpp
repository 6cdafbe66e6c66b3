// SPDX-License-Identifier: BSD-3-Clause
// The published check values (GSL's rng/test.c for glibc random of every TYPE and for rand48; Park and Miller
// 1988 and C++ [rand.predef] for minstd) and values read from glibc and libgfortran themselves (first outputs,
// srand(1009), rand_r, drand48 after srand48(1), gfortran IRAND), against the naive reference
// (tests/reference/legacy_c_reference.h). Needs neither the shim nor libgpurng: if one of these fails,
// the reference is wrong and every preload comparison that leans on it is suspect.
#include <gtest/gtest.h>

#include <cstdint>

#include "legacy_c_reference.h"

namespace {

// The n-th output (1-based) of random() seeded with `seed` on a state of the given TYPE.
int32_t random_nth(int type, unsigned seed, int n) {
  ref_random_state s;
  ref_random_init(&s, type, seed);
  int32_t v = 0;
  for (int i = 0; i < n; ++i) v = ref_random_next(&s);
  return v;
}

TEST(LegacyCReference, GlibcSeed1FirstTen) {
  const int32_t expected[10] = {1804289383, 846930886, 1681692777, 1714636915, 1957747793,
                                424238335,  719885386, 1649760492, 596516649,  1189641421};
  ref_random_state s;
  ref_random_init(&s, 3, 1);
  for (int i = 0; i < 10; ++i) EXPECT_EQ(ref_random_next(&s), expected[i]) << "output " << i + 1;
}

TEST(LegacyCReference, GlibcSeed0IsSeed1) {
  EXPECT_EQ(random_nth(3, 0, 1), 1804289383);
  EXPECT_EQ(random_nth(3, 0, 10000), 1908609430);
}

TEST(LegacyCReference, GlibcSrand1009FirstFive) {
  const int32_t expected[5] = {176208083, 1650100842, 1813188575, 2064804480, 1944264725};
  ref_random_state s;
  ref_random_init(&s, 3, 1009);
  for (int i = 0; i < 5; ++i) EXPECT_EQ(ref_random_next(&s), expected[i]) << "output " << i + 1;
}

// GSL rng/test.c, random8..random256_glibc2: the 10000th value for seed 1 of every TYPE (TYPE_3's is also
// random_glibc2's, the default rand()).
TEST(LegacyCReference, GlibcEveryType10000th) {
  const int32_t expected[5] = {1910041713, 1587395585, 52848624, 1908609430, 179943260};
  for (int type = 0; type < 5; ++type) EXPECT_EQ(random_nth(type, 1, 10000), expected[type]) << "TYPE_" << type;
}

TEST(LegacyCReference, InitstateTypeFromBytes) {
  EXPECT_EQ(ref_random_type_for_bytes(0), -1);
  EXPECT_EQ(ref_random_type_for_bytes(7), -1);
  EXPECT_EQ(ref_random_type_for_bytes(8), 0);
  EXPECT_EQ(ref_random_type_for_bytes(31), 0);
  EXPECT_EQ(ref_random_type_for_bytes(32), 1);
  EXPECT_EQ(ref_random_type_for_bytes(63), 1);
  EXPECT_EQ(ref_random_type_for_bytes(64), 2);
  EXPECT_EQ(ref_random_type_for_bytes(127), 2);
  EXPECT_EQ(ref_random_type_for_bytes(128), 3);
  EXPECT_EQ(ref_random_type_for_bytes(255), 3);
  EXPECT_EQ(ref_random_type_for_bytes(256), 4);
  EXPECT_EQ(ref_random_type_for_bytes(100000), 4);
}

// The buffer encoding round-trips mid-stream (used by the preload tests to predict buffer words).
TEST(LegacyCReference, BufferRoundTrip) {
  for (int type = 0; type < 5; ++type) {
    ref_random_state a, b;
    ref_random_init(&a, type, 12345);
    for (int i = 0; i < 17; ++i) ref_random_next(&a);
    int32_t words[1 + REF_RANDOM_MAX_DEG];
    ref_random_to_buffer(&a, words);
    ASSERT_EQ(ref_random_from_buffer(&b, words), 0);
    for (int i = 0; i < 1000; ++i) ASSERT_EQ(ref_random_next(&a), ref_random_next(&b)) << "TYPE_" << type;
  }
  // type = word0 % 5 with C's remainder: only a negative word 0 gives an invalid type.
  int32_t bad[2] = {-1, 0};
  ref_random_state s;
  EXPECT_EQ(ref_random_from_buffer(&s, bad), -1);
}

TEST(LegacyCReference, RandRSeed1) {
  unsigned seed = 1;
  EXPECT_EQ(ref_rand_r(&seed), 476707713);
  EXPECT_EQ(ref_rand_r(&seed), 1186278907);
  EXPECT_EQ(ref_rand_r(&seed), 505671508);
}

TEST(LegacyCReference, Drand48FromSrand48_1) {
  ref_drand48_state g;
  ref_srand48(&g, 1);
  EXPECT_EQ(ref_drand48(&g), 0.041630344771878214);
  EXPECT_EQ(ref_lrand48(&g), 976015093L);
  EXPECT_EQ(ref_mrand48(&g), -709454646L);
}

TEST(LegacyCReference, Mrand48From1_10000th) {
  ref_drand48_state g;
  ref_srand48(&g, 1);
  long v = 0;
  for (int i = 0; i < 10000; ++i) v = ref_mrand48(&g);
  EXPECT_EQ(static_cast<uint32_t>(v), 0xEDA54977u);
}

TEST(LegacyCReference, ParkMiller10000th) {
  uint32_t x = 1, y = 1;
  for (int i = 0; i < 10000; ++i) {
    x = ref_park_miller_next(16807, x);
    y = ref_park_miller_next(48271, y);
  }
  EXPECT_EQ(x, 1043618065u);
  EXPECT_EQ(y, 399268537u);
}

TEST(LegacyCReference, GfortranIrandDefaultAndSrand0) {
  ref_gfortran_state g;
  ref_gfortran_default(&g);
  EXPECT_EQ(ref_gfortran_irand(&g, 0), 16807);
  EXPECT_EQ(ref_gfortran_irand(&g, 0), 282475249);
  EXPECT_EQ(ref_gfortran_irand(&g, 0), 1622650073);
  ref_gfortran_srand(&g, 0);
  EXPECT_EQ(ref_gfortran_irand(&g, 0), 520932930);
  // IRAND(1) is SRAND(0) then the next value: the same 520932930.
  EXPECT_EQ(ref_gfortran_irand(&g, 1), 520932930);
}

}  // namespace
