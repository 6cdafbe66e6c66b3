// Checks the naive RANMAR oracle (ranmar_reference.hpp) against the published known answers
// in tests/kat/ranmar_published.txt, plus the variant rules the published values do not pin
// (zero policy, float truncation, the 48-bit-carry variant).
//
// Build: needs GPURNG_KAT_DIR defined as a string literal naming the directory of
// ranmar_published.txt; link with GTest::gtest_main.

#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <fstream>
#include <iostream>
#include <sstream>
#include <string>
#include <vector>

#include "kat_file.hpp"
#include "ranmar_reference.hpp"

#ifndef GPURNG_KAT_DIR
#error "GPURNG_KAT_DIR must be defined as the directory holding ranmar_published.txt"
#endif

namespace {

using gpurng_reference::NaiveRanmar;
using gpurng_reference::Variant;
using gpurng_test::KatLine;
using gpurng_test::load_kats;
using gpurng_test::to_hex;

TEST(NaiveRanmarKat, PublishedVectors) {
  const std::string path = std::string(GPURNG_KAT_DIR) + "/ranmar_published.txt";
  const auto kats = load_kats(path);
  // P1, P2 and P3 (sources in the file's header); fewer means the file was damaged.
  ASSERT_GE(kats.size(), 3u);
  for (const auto& k : kats) {
    NaiveRanmar g(k.variant, k.ijkl);
    g.discard(k.skip);
    for (size_t n = 0; n < k.expected.size(); ++n) {
      const uint64_t got = g.next_raw();
      EXPECT_EQ(got, k.expected[n]) << "line " << k.line_no << ", value " << n + 1 << ": got hex " << to_hex(got)
                                    << ", want hex " << to_hex(k.expected[n]);
    }
  }
}

TEST(NaiveRanmarKat, Ranmar48FirstDrawAsDouble) {
  // P3: draw 1 of RM48/RMMARD with the default seed.
  NaiveRanmar g(Variant::Ranmar48, 54217137);
  EXPECT_NEAR(g.next_uniform_double(), 0.4744406094213964, 1e-16);
}

TEST(NaiveRanmarKat, DiscardEqualsSteps) {
  for (Variant v : {Variant::Ranmar24, Variant::Ranmar48, Variant::Ranmar48X}) {
    NaiveRanmar a(v, 12345), b(v, 12345);
    a.discard(1000);
    for (int n = 0; n < 1000; ++n) b.next_raw();
    for (int n = 0; n < 100; ++n) EXPECT_EQ(a.next_raw(), b.next_raw());
  }
}

TEST(NaiveRanmarKat, SeedRange) {
  EXPECT_NO_THROW(NaiveRanmar(Variant::Ranmar24, 0));
  EXPECT_NO_THROW(NaiveRanmar(Variant::Ranmar24, 900000000));
  EXPECT_THROW(NaiveRanmar(Variant::Ranmar24, -1), std::invalid_argument);
  EXPECT_THROW(NaiveRanmar(Variant::Ranmar24, 900000001), std::invalid_argument);
}

// Away from zero: Ranmar24 float and double are both exactly raw / 2^24.
TEST(NaiveRanmarKat, Ranmar24UniformsAreRawScaled) {
  NaiveRanmar r(Variant::Ranmar24, 54217137), d(Variant::Ranmar24, 54217137), f(Variant::Ranmar24, 54217137);
  for (int n = 0; n < 100000; ++n) {
    const uint64_t raw = r.next_raw();
    const double dv = d.next_uniform_double();
    const float fv = f.next_uniform_float();
    if (raw == 0) continue;  // zero policy is tested separately
    EXPECT_EQ(dv, std::ldexp(static_cast<double>(raw), -24));
    EXPECT_EQ(static_cast<double>(fv), dv);
  }
}

// Ranmar48: double is raw / 2^48; float is that double truncated toward zero to float
// precision, i.e. the largest float not above the double.  Checked through nextafterf,
// which characterises truncation independently of how the header computes it.
TEST(NaiveRanmarKat, Ranmar48FloatIsTruncatedDouble) {
  for (Variant v : {Variant::Ranmar48, Variant::Ranmar48X}) {
    NaiveRanmar r(v, 54217137), d(v, 54217137), f(v, 54217137);
    for (int n = 0; n < 100000; ++n) {
      const uint64_t raw = r.next_raw();
      const double dv = d.next_uniform_double();
      const float fv = f.next_uniform_float();
      if (raw == 0) continue;
      ASSERT_EQ(dv, std::ldexp(static_cast<double>(raw), -48));
      ASSERT_LE(static_cast<double>(fv), dv);
      ASSERT_GT(static_cast<double>(std::nextafter(fv, 2.0f)), dv) << "draw " << n + 1;
    }
  }
}

// Ranmar24 zero policy on a real zero: scan seed 1 for the first raw 0 (expected within a
// few times 2^24 draws; the scan is bounded by 2^26 and skipped if nothing turns up), then
// replay to that step and check the replacement is U(2) * 2^-24 of the updated table.
TEST(NaiveRanmarKat, Ranmar24ZeroBecomesU2) {
  const unsigned long long kLimit = 1ull << 26;
  NaiveRanmar scan(Variant::Ranmar24, 1);
  unsigned long long zero_at = 0;  // number of steps before the zero step
  bool found = false;
  for (unsigned long long n = 0; n < kLimit; ++n) {
    if (scan.next_raw() == 0) {
      zero_at = n;
      found = true;
      break;
    }
  }
  if (!found) GTEST_SKIP() << "no raw zero in the first 2^26 draws of seed 1";

  NaiveRanmar d(Variant::Ranmar24, 1), f(Variant::Ranmar24, 1);
  d.discard(zero_at);
  f.discard(zero_at);
  const double dv = d.next_uniform_double();
  const float fv = f.next_uniform_float();
  const double u2 = d.table(2);  // after this step's table update
  const double expected = (u2 != 0.0) ? std::ldexp(u2, -24) : std::ldexp(1.0, -48);
  std::cout << "[ info ] first raw zero of Ranmar24 seed 1 at draw " << zero_at + 1
            << ", U(2) * 2^24 = " << static_cast<long long>(std::ldexp(u2, 24)) << "\n";
  EXPECT_EQ(dv, expected);
  EXPECT_EQ(static_cast<double>(fv), expected);
  EXPECT_GT(dv, 0.0);
  EXPECT_LT(dv, std::ldexp(1.0, -24));
}

// Ranmar48X shares the 48-bit table fill and lag recurrence with Ranmar48 and differs only in
// the carry.  Both outputs are out_n = (x_n - carry_n) mod 2^48, so adding each variant's own
// carry back (computed here with integer arithmetic) must give the same lagged value x_n.
TEST(NaiveRanmarKat, Ranmar48XSameTableDifferentCarry) {
  const long long seed = 54217137;
  NaiveRanmar a(Variant::Ranmar48, seed), b(Variant::Ranmar48X, seed);
  for (int i = 1; i <= 97; ++i) ASSERT_EQ(a.table(i), b.table(i)) << "U(" << i << ")";

  const uint64_t two48 = uint64_t{1} << 48;
  const uint64_t mask48 = two48 - 1;
  long long c24 = 362436;           // 24-bit carry, in units of 2^-24
  long long c48 = 6080667420612LL;  // 48-bit carry, in units of 2^-48
  bool any_differ = false;
  for (int n = 1; n <= 1000; ++n) {
    c24 -= 7654321;
    if (c24 < 0) c24 += 16777213;
    c48 -= 173961102589734LL;
    if (c48 < 0) c48 += 281474976710597LL;
    const uint64_t ra = a.next_raw();
    const uint64_t rb = b.next_raw();
    ASSERT_LT(ra, two48);
    ASSERT_LT(rb, two48);
    if (ra != rb) any_differ = true;
    const uint64_t xa = (ra + (static_cast<uint64_t>(c24) << 24)) & mask48;
    const uint64_t xb = (rb + static_cast<uint64_t>(c48)) & mask48;
    ASSERT_EQ(xa, xb) << "lagged value differs at draw " << n;
  }
  EXPECT_TRUE(any_differ);
}

}  // namespace
