// SPDX-License-Identifier: BSD-3-Clause
// Random-start randomly permuted Halton (include/gpurng/engines/halton_rasrap.hpp): the recursive (Algorithm 2 style)
// and counter-based (Algorithm 3 style) forms give the same words; both equal the naive oracle of
// tests/reference/gems_reference.h; plain Halton known answers; chunked calls; the exact division.
#include <gtest/gtest.h>

#include <random>
#include <vector>

#include "gems_reference.h"
#include "gpurng/engines/halton_rasrap.hpp"

namespace hr = gpurng::halton_rasrap;
using u128 = unsigned __int128;

namespace {

const std::vector<uint64_t> kSeeds = {0, 1, 42, 0xDEADBEEFCAFEF00Dull, ~0ull};

// floor(j * 2^64 / b^k)
uint64_t frac_word(uint64_t j, uint64_t b, unsigned k) {
  u128 B = 1;
  for (unsigned i = 0; i < k; ++i) B *= b;
  return static_cast<uint64_t>((u128(j) << 64) / B);
}

TEST(HaltonRasrap, ExactDivisionAgainst128Bit) {
  std::mt19937_64 rng(7);
  for (int trial = 0; trial < 200000; ++trial) {
    uint64_t d = rng() >> (rng() % 63);
    if (d < 2) d = 2;
    const hr::divisor dv = hr::make_divisor(d);
    const uint64_t n = trial % 3 == 0 ? ~0ull - trial : rng() >> (rng() % 64);
    uint64_t r;
    const uint64_t q = hr::detail::divrem(n, dv, &r);
    ASSERT_EQ(q, n / d);
    ASSERT_EQ(r, n % d);
    const uint64_t x = trial % 5 == 0 ? d - 1 : rng() % d;
    ASSERT_EQ(hr::detail::frac64(x, dv), static_cast<uint64_t>((u128(x) << 64) / d)) << x << " " << d;
  }
}

TEST(HaltonRasrap, DigitsAndPeriods) {
  const hr::params p = hr::make_params(0, hr::kMaxDimensions);
  ASSERT_EQ(p.dimensions(), hr::kMaxDimensions);
  EXPECT_EQ(p.dims[0].base, 2u);
  EXPECT_EQ(p.dims[0].digits, 64u);
  EXPECT_EQ(p.dims[0].period, 0u);
  EXPECT_EQ(p.dims[1].digits, 40u);  // 3^40 < 2^64 < 3^41
  EXPECT_EQ(p.dims[999].base, 7919u);
  EXPECT_EQ(p.dims[999].digits, 4u);
  for (const hr::dim_info& d : p.dims) {
    EXPECT_GE(d.digits, 4u);
    EXPECT_LT(d.base, 65536u);
  }
  EXPECT_EQ(p.perms.size(), 3682913u);  // sum of the first 1000 primes
}

// Identity permutations and no start: plain Halton.
TEST(HaltonRasrap, PlainHaltonKnownAnswers) {
  const hr::params p = hr::make_params(123, 3, {false, false});
  const hr::view v = p.get();
  // base 2: 0, 1/2, 1/4, 3/4, 1/8, 5/8, 3/8, 7/8
  const uint64_t b2[] = {0, 4, 2, 6, 1, 5, 3, 7};
  for (int n = 0; n < 8; ++n) EXPECT_EQ(hr::point_word(v, 0, n), b2[n] << 61) << n;
  // base 3: 0, 1/3, 2/3, 1/9, 4/9, 7/9, 2/9, 5/9, 8/9, 1/27
  const uint64_t j3[] = {0, 1, 2, 1, 4, 7, 2, 5, 8, 1}, k3[] = {1, 1, 1, 2, 2, 2, 2, 2, 2, 3};
  for (int n = 0; n < 10; ++n) EXPECT_EQ(hr::point_word(v, 1, n), frac_word(j3[n], 3, k3[n])) << n;
  // base 5: 1/5 .. 4/5, 1/25, 6/25
  const uint64_t j5[] = {1, 2, 3, 4, 1, 6}, k5[] = {1, 1, 1, 1, 2, 2};
  for (int n = 1; n <= 6; ++n) EXPECT_EQ(hr::point_word(v, 2, n), frac_word(j5[n - 1], 5, k5[n - 1])) << n;
  // Conversions of the known points.
  EXPECT_EQ(hr::to_double(hr::point_word(v, 0, 1)), 0.5 + 0x1p-53);
  EXPECT_EQ(hr::to_double(hr::point_word(v, 0, 2)), 0.25 + 0x1p-53);
  EXPECT_EQ(hr::to_float(hr::point_word(v, 0, 3)), 0.75f + 0x1p-24f);
  EXPECT_EQ(hr::to_u32(hr::point_word(v, 1, 1)), 0x55555555u);
  EXPECT_EQ(hr::to_double(0), 0x1p-53);
  EXPECT_EQ(hr::to_double(~0ull), 1.0 - 0x1p-53);
  EXPECT_EQ(hr::to_float(0), 0x1p-24f);
  EXPECT_EQ(hr::to_float(~0ull), 1.0f - 0x1p-24f);
  // A call's layout: 2 dimensions, 4 points each from point 1.
  double out[8];
  ASSERT_TRUE(hr::fill(v, 2, 1, 8, out));
  const double want[8] = {0.5, 0.25, 0.75, 0.125, 1.0 / 3, 2.0 / 3, 1.0 / 9, 4.0 / 9};
  for (int i = 0; i < 8; ++i) EXPECT_NEAR(out[i], want[i], 1e-15) << i;
}

// Options switch their part only: the draws are the same.
TEST(HaltonRasrap, OptionsAreIndependent) {
  const hr::params full = hr::make_params(9, 50), start = hr::make_params(9, 50, {true, false}),
                   perm = hr::make_params(9, 50, {false, true});
  for (unsigned d = 0; d < 50; ++d) {
    EXPECT_EQ(full.dims[d].start, start.dims[d].start);
    EXPECT_EQ(perm.dims[d].start, 0u);
  }
  EXPECT_EQ(full.perms, perm.perms);
  for (unsigned d = 0; d < 50; ++d)
    for (uint32_t a = 0; a < start.dims[d].base; ++a) ASSERT_EQ(start.perms[start.dims[d].perm_offset + a], a);
  for (unsigned d = 0; d < 50; ++d) EXPECT_EQ(full.perms[full.dims[d].perm_offset], 0u);  // s(0) = 0
  // A prefix build is a prefix.
  const hr::params small = hr::make_params(9, 7);
  for (unsigned d = 0; d < 7; ++d) EXPECT_EQ(small.dims[d].start, full.dims[d].start);
  EXPECT_TRUE(std::equal(small.perms.begin(), small.perms.end(), full.perms.begin()));
}

// Both forms against the naive oracle, every dimension up to D_max, at assorted points.
TEST(HaltonRasrap, EqualsNaiveReferenceAllDimensions) {
  for (uint64_t seed : {uint64_t{0}, uint64_t{0xDEADBEEFCAFEF00Dull}}) {
    const hr::params p = hr::make_params(seed, hr::kMaxDimensions);
    const hr::view v = p.get();
    for (unsigned d = 0; d < hr::kMaxDimensions; ++d) {
      const gems_ref::halton_dim h = gems_ref::halton_dimension(seed, d);
      ASSERT_EQ(uint64_t(h.m), p.dims[d].start) << d;
      for (uint64_t n : {uint64_t{0}, uint64_t{1}, uint64_t{1000000000000ull}, ~uint64_t{0}, uint64_t(d) * 977}) {
        ASSERT_EQ(hr::point_word(v, d, n), gems_ref::halton_word(h, n))
            << "seed " << seed << " dim " << d << " n " << n;
      }
      // The recursive form over a short run.
      uint64_t w[5];
      const uint64_t start = 1000000000000ull + d;
      ASSERT_TRUE(hr::fill_range(v, d + 1, start, 5 * (d + 1), 5 * d, 5, w));
      for (int i = 0; i < 5; ++i) ASSERT_EQ(w[i], gems_ref::halton_word(h, start + i)) << d << " " << i;
    }
  }
}

TEST(HaltonRasrap, EqualsNaiveReferenceManySeeds) {
  std::mt19937_64 rng(11);
  for (int s = 0; s < 40; ++s) {
    const uint64_t seed = rng();
    const unsigned D = 60;
    const hr::params p = hr::make_params(seed, D);
    const size_t P = 64;
    const uint64_t off = rng() % 1000000000000ull;
    std::vector<uint64_t> out(P * D);
    ASSERT_TRUE(hr::fill(p.get(), D, off, out.size(), out.data()));
    for (unsigned d = 0; d < D; d += 7) {
      const gems_ref::halton_dim h = gems_ref::halton_dimension(seed, d);
      for (size_t j = 0; j < P; ++j) ASSERT_EQ(out[d * P + j], gems_ref::halton_word(h, off + j)) << s << " " << d;
    }
  }
}

// The recursive form equals the counter-based one across digit carries b^k - 1 -> b^k and across the
// index's wrap at B, in every dimension's base (the index offset is chosen so m_d + n hits those).
TEST(HaltonRasrap, RecursiveEqualsCounterAroundCarries) {
  for (uint64_t seed : kSeeds) {
    const hr::params p = hr::make_params(seed, hr::kMaxDimensions);
    const hr::view v = p.get();
    for (unsigned d = 0; d < hr::kMaxDimensions; d += (d < 40 ? 1 : 37)) {
      const hr::dim_info& di = p.dims[d];
      std::vector<u128> targets;  // indices N to land just before
      u128 bk = 1;
      for (unsigned k = 1; k <= di.digits; ++k) {
        bk *= di.base;
        targets.push_back(bk);                            // b^k: carry through k digits (k = K: the wrap)
        targets.push_back(bk / di.base * (di.base - 1));  // digit k-1 reaches b-1
      }
      const u128 B = di.period == 0 ? (u128(1) << 64) : u128(di.period);
      for (u128 t : targets) {
        const uint64_t N0 = static_cast<uint64_t>((t + B - 3) % B);  // 3 before the target
        const uint64_t n0 = static_cast<uint64_t>((u128(N0) + B - di.start) % B);
        const size_t run = 2 * di.base + 7;
        std::vector<uint64_t> w(run);
        ASSERT_TRUE(hr::fill_range(v, d + 1, n0, run * (d + 1), run * d, run, w.data()));
        for (size_t i = 0; i < run; ++i) ASSERT_EQ(w[i], hr::point_word(v, d, n0 + i)) << seed << " " << d << " " << i;
      }
    }
  }
}

// Offsets up to 10^12 and beyond, long runs: recursive == counter on every element.
TEST(HaltonRasrap, RecursiveEqualsCounterLongRuns) {
  std::mt19937_64 rng(3);
  for (uint64_t seed : kSeeds) {
    const unsigned D = 100;
    const hr::params p = hr::make_params(seed, D);
    const hr::view v = p.get();
    for (uint64_t off :
         {uint64_t{0}, uint64_t{999999999000ull}, uint64_t{1000000000000ull}, uint64_t(rng()), uint64_t(~0ull - 500)}) {
      const size_t P = 2000;
      std::vector<uint64_t> w(P * D);
      ASSERT_TRUE(hr::fill(v, D, off, w.size(), w.data()));
      for (size_t e = 0; e < w.size(); ++e) ASSERT_EQ(w[e], hr::element_word(v, off, P, e)) << seed << " " << e;
    }
  }
}

// A call split into sub-ranges (CPU threads), and consecutive calls, give the points of one call.
TEST(HaltonRasrap, ChunkedCalls) {
  const unsigned D = 13;
  const hr::params p = hr::make_params(77, D);
  const hr::view v = p.get();
  const size_t P = 1001, n = P * D;
  const uint64_t off = 123456789012ull;
  std::vector<double> whole(n), parts(n);
  ASSERT_TRUE(hr::fill(v, D, off, n, whole.data()));
  size_t first = 0;
  std::mt19937 rng(5);
  while (first < n) {
    const size_t count = std::min<size_t>(n - first, 1 + rng() % 3000);
    ASSERT_TRUE(hr::fill_range(v, D, off, n, first, count, parts.data() + first));
    first += count;
  }
  EXPECT_EQ(whole, parts);
  // Three calls of P/7 points each = one call of 3P/7 points (dimension-major within each call).
  const size_t q = 143;
  std::vector<float> one(3 * q * D), three(3 * q * D);
  ASSERT_TRUE(hr::fill(v, D, off, one.size(), one.data()));
  for (int c = 0; c < 3; ++c) ASSERT_TRUE(hr::fill(v, D, off + c * q, q * D, three.data() + c * q * D));
  for (int c = 0; c < 3; ++c)
    for (unsigned d = 0; d < D; ++d)
      for (size_t j = 0; j < q; ++j) ASSERT_EQ(three[c * q * D + d * q + j], one[d * 3 * q + c * q + j]);
  // Bad arguments.
  double x[4];
  EXPECT_FALSE(hr::fill(v, 3, 0, 4, x));      // not a multiple
  EXPECT_FALSE(hr::fill(v, D + 1, 0, 0, x));  // more dimensions than built
  EXPECT_FALSE(hr::fill(v, 0, 0, 0, x));
}

TEST(HaltonRasrap, OutputsInRangeAndNormals) {
  const hr::params p = hr::make_params(5, 8);
  std::vector<uint64_t> w(8 * 4096);
  std::vector<double> d(w.size()), nd(w.size());
  std::vector<float> f(w.size()), nf(w.size());
  std::vector<uint32_t> u(w.size());
  ASSERT_TRUE(hr::fill(p.get(), 8, 99, w.size(), w.data()));
  ASSERT_TRUE(hr::fill(p.get(), 8, 99, w.size(), d.data()));
  ASSERT_TRUE(hr::fill(p.get(), 8, 99, w.size(), f.data()));
  ASSERT_TRUE(hr::fill(p.get(), 8, 99, w.size(), u.data()));
  ASSERT_TRUE(hr::fill_normal(p.get(), 8, 99, w.size(), nd.data(), 1.0, 2.0));
  ASSERT_TRUE(hr::fill_normal(p.get(), 8, 99, w.size(), nf.data(), 1.0f, 2.0f));
  double mean = 0;
  for (size_t i = 0; i < w.size(); ++i) {
    ASSERT_EQ(d[i], hr::to_double(w[i]));
    ASSERT_EQ(f[i], hr::to_float(w[i]));
    ASSERT_EQ(u[i], uint32_t(w[i] >> 32));
    ASSERT_TRUE(d[i] > 0 && d[i] < 1);
    ASSERT_TRUE(f[i] > 0 && f[i] < 1);
    ASSERT_EQ(nd[i], hr::to_normal_double(w[i], 1.0, 2.0));
    ASSERT_EQ(nf[i], hr::to_normal_float(w[i], 1.0f, 2.0f));
    mean += d[i];
  }
  EXPECT_NEAR(mean / w.size(), 0.5, 1e-3);  // quasi-random: far tighter than 1/sqrt(n)
}

}  // namespace
