// SPDX-License-Identifier: BSD-3-Clause
// Poisson as the inverse CDF of one 32-bit word (include/gpurng/distributions/poisson.hpp): the threshold table against
// an independent CDF, the lookup at every threshold boundary, moments of the transform of a uniform grid,
// and a chi-square of the transform of a hash stream against the exact pmf.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>
#include <vector>

#include "../../src/distributions/poisson_cpu.hpp"
#include "gpurng/distributions/poisson.hpp"

namespace {

using gpurng::poisson::poisson_table;
using gpurng::poisson::poisson_transform_cpu;

const double kLambdas[] = {1e-6, 0.5, 4, 30, 1000, 2000.5, 1e5, 4e5};

poisson_table make(double lambda) {
  poisson_table t;
  EXPECT_EQ(poisson_table::build(lambda, &t), GPURNG_STATUS_SUCCESS) << lambda;
  return t;
}

// The straightforward CDF: each pmf term in log space with lgammal, in long double, summed in plain loops
// from k = 0 upwards (F) and from far above the mean downwards (1 - F). Its own error at lambda = 4e5 is
// dominated by k * log(lambda) (~5e6) rounded to 64 bits: ~3e-13 relative, ~1e-3 in units of 2^-32.
struct OracleCdf {
  std::vector<long double> pmf, F, S;  // S[k] = P(X > k)
  explicit OracleCdf(double lambda) {
    const long double L = lambda;
    const size_t kmax = static_cast<size_t>(lambda + 25 * std::sqrt(lambda) + 60);
    pmf.resize(kmax + 1);
    F.resize(kmax + 1);
    S.resize(kmax + 1);
    const long double logL = std::log(L);
    for (size_t k = 0; k <= kmax; ++k) pmf[k] = std::exp(-L + (long double)k * logL - std::lgamma((long double)k + 1));
    long double s = 0;
    for (size_t k = 0; k <= kmax; ++k) F[k] = (s += pmf[k]);
    s = 0;
    for (size_t k = kmax + 1; k-- > 0;) {
      S[k] = s;
      s += pmf[k];
    }
  }
  // 2^32 F(k), from whichever side is the more accurate.
  long double scaled(size_t k) const {
    const long double two32 = 4294967296.0L;
    if (k >= F.size()) return two32;
    return F[k] <= S[k] ? F[k] * two32 : two32 - S[k] * two32;
  }
};

TEST(Poisson, ThresholdsMatchIndependentCdf) {
  for (double lambda : kLambdas) {
    SCOPED_TRACE(lambda);
    const poisson_table t = make(lambda);
    const OracleCdf o(lambda);
    // Every T_k is the nearest integer to 2^32 F(k): within 1/2 plus the oracle's own error (0.02 is ten
    // times its estimated error at lambda = 4e5). Where the oracle is not within 0.02 of a half-integer
    // the integer must be exactly its rounding.
    const long double kSlack = 0.02L;
    size_t exact = 0, checked = 0;
    const size_t kend = std::max<size_t>(t.k_hi() + 5, o.F.size());
    for (size_t k = 0; k < kend; ++k) {
      const long double y = o.scaled(k);
      const long double T = static_cast<long double>(t.threshold(k));
      ASSERT_LE(std::fabs(T - y), 0.5L + kSlack) << "k=" << k << " T=" << (unsigned long long)t.threshold(k);
      const long double frac = y - std::floor(y);
      if (std::fabs(frac - 0.5L) > kSlack) {
        ++checked;
        const long double want = std::floor(y + 0.5L);
        ASSERT_EQ(T, want) << "k=" << k;
        ++exact;
      }
    }
    EXPECT_GT(checked, 0u);
    EXPECT_EQ(exact, checked);
  }
}

TEST(Poisson, TableIsMonotoneAndCoversTheMovingRange) {
  for (double lambda : kLambdas) {
    SCOPED_TRACE(lambda);
    const poisson_table t = make(lambda);
    ASSERT_GE(t.guide_bits, 4u);
    ASSERT_LE(t.guide_bits, 16u);
    ASSERT_EQ(t.data.size(), size_t(t.count) + (size_t(1) << t.guide_bits) + 1);
    for (uint32_t i = 0; i < t.count; ++i) {
      ASSERT_GE(t.thresholds()[i], 1u);
      if (i) ASSERT_LE(t.thresholds()[i - 1], t.thresholds()[i]);
    }
    // The guide: guide[j] = #{T_i < j * 2^(32-g)}.
    for (uint64_t j = 0; j <= (uint64_t(1) << t.guide_bits); ++j) {
      const uint64_t edge = j << t.shift();
      const uint32_t want = static_cast<uint32_t>(
          std::count_if(t.thresholds(), t.thresholds() + t.count, [&](uint32_t v) { return uint64_t(v) < edge; }));
      ASSERT_EQ(t.guide()[j], want) << j;
    }
    // The mean lies inside the table's range (which is never empty above lambda ~ 1e-10).
    EXPECT_LE(t.k_lo, lambda);
    EXPECT_GE(t.k_hi(), lambda);
    EXPECT_GE(t.count, 1u);
  }
  // Table sizes where the CDF moves by >= 2^-32: about 2 * 6.3 standard deviations.
  EXPECT_EQ(make(1e-6).count, 1u);
  EXPECT_EQ(make(1e-6).thresholds()[0], 4294967296ull - 4295);  // 2^32 e^-1e-6 = 2^32 - 4294.96...
  EXPECT_LT(make(4e5).count, 10000u);
}

unsigned reference_lookup(const poisson_table& t, uint32_t x) {
  // smallest k with x < T_k, by a plain scan over k
  unsigned k = 0;
  while (t.threshold(k) <= x) ++k;
  return k;
}

TEST(Poisson, LookupAtEveryThresholdBoundary) {
  for (double lambda : kLambdas) {
    SCOPED_TRACE(lambda);
    const poisson_table t = make(lambda);
    std::vector<uint32_t> xs = {0u, 1u, 0x7fffffffu, 0x80000000u, 0xfffffffeu, 0xffffffffu};
    for (uint32_t i = 0; i < t.count; ++i) {
      const uint32_t T = t.thresholds()[i];
      xs.push_back(T - 1);
      xs.push_back(T);
      if (T != 0xffffffffu) xs.push_back(T + 1);
    }
    for (uint32_t x : xs) {
      const unsigned k = t(x);
      // Definition: T_{k-1} <= x < T_k.
      ASSERT_LT(uint64_t(x), t.threshold(k)) << "x=" << x;
      if (k > 0) ASSERT_LE(t.threshold(k - 1), uint64_t(x)) << "x=" << x;
    }
    // And against a plain scan at every boundary for the small tables, at boundaries and spread words for
    // all (the scan starts at k = 0: O(lambda) per word, so sample for the large ones).
    const size_t step = lambda > 5000 ? 97 : 1;
    for (size_t i = 0; i < xs.size(); i += step) ASSERT_EQ(t(xs[i]), reference_lookup(t, xs[i])) << xs[i];
  }
}

// A simple integer hash stream (splitmix64, top 32 bits).
uint64_t splitmix64(uint64_t& s) {
  uint64_t z = (s += 0x9e3779b97f4a7c15ull);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
  return z ^ (z >> 31);
}

TEST(Poisson, MeanAndVarianceOfAUniformGrid) {
  // x_i = i * 2^10 + 2^9, i < 2^22: every 2^10-wide interval of words once.
  constexpr size_t kN = size_t(1) << 22;
  std::vector<unsigned> buf(kN);
  for (double lambda : kLambdas) {
    SCOPED_TRACE(lambda);
    const poisson_table t = make(lambda);
    for (size_t i = 0; i < kN; ++i) buf[i] = static_cast<unsigned>((i << 10) + 512);
    poisson_transform_cpu(t, buf.data(), kN);
    long double s1 = 0, s2 = 0;
    for (unsigned k : buf) {
      s1 += k;
      s2 += (long double)k * k;
    }
    const long double mean = s1 / kN, var = s2 / kN - mean * mean;
    // E X = sum_k P(X > k), E X^2 = sum_k (2k+1) P(X > k). The table's P(X > k) is within 0.5 * 2^-32 of the
    // exact value (rounding; 0.6 allows the computation's 1e-5), and the grid's within 2^-22 of the table's
    // (each interval [T_{k-1}, T_k) holds its length / 2^10 grid points, +-1). Beyond k_hi both tails are
    // below 2^-33 and shrink geometrically: a few more terms cover them.
    const long double per_k = 0.6L / 4294967296.0L + 1.0L / kN;
    long double tol_mean = 0, tol_e2 = 0;
    for (size_t k = 0; k <= t.k_hi() + 4; ++k) {
      tol_mean += per_k;
      tol_e2 += (2.0L * k + 1) * per_k;
    }
    const long double tol_var = tol_e2 + (2 * lambda + tol_mean) * tol_mean;
    EXPECT_NEAR((double)mean, lambda, (double)tol_mean);
    EXPECT_NEAR((double)var, lambda, (double)tol_var);
  }
}

TEST(Poisson, ChiSquareAgainstExactPmf) {
  constexpr size_t kDraws = 1000000;
  for (double lambda : {4.0, 1000.0}) {
    SCOPED_TRACE(lambda);
    const poisson_table t = make(lambda);
    const OracleCdf o(lambda);
    std::vector<unsigned> buf(kDraws);
    uint64_t s = static_cast<uint64_t>(lambda * 7919);
    for (auto& v : buf) v = static_cast<unsigned>(splitmix64(s) >> 32);
    poisson_transform_cpu(t, buf.data(), kDraws);
    std::vector<double> counts(o.pmf.size() + 1, 0.0);
    for (unsigned k : buf) counts[std::min<size_t>(k, o.pmf.size())] += 1;
    // Bins k = 0..; pool the tails so that every expected count is >= 5.
    std::vector<double> obs, expct;
    double o_acc = 0, e_acc = 0;
    for (size_t k = 0; k < o.pmf.size(); ++k) {
      o_acc += counts[k];
      e_acc += static_cast<double>(o.pmf[k]) * kDraws;
      if (e_acc >= 5 && static_cast<double>(o.S[k]) * kDraws >= 5) {
        obs.push_back(o_acc);
        expct.push_back(e_acc);
        o_acc = e_acc = 0;
      }
    }
    obs.back() += o_acc + counts.back();
    expct.back() += e_acc;
    double chi2 = 0;
    for (size_t i = 0; i < obs.size(); ++i) chi2 += (obs[i] - expct[i]) * (obs[i] - expct[i]) / expct[i];
    const double df = static_cast<double>(obs.size() - 1);
    // Chi-square with df degrees of freedom: mean df, sd sqrt(2 df); df + 6 sd is beyond the 1e-6 upper
    // quantile for these df (12 and ~190), so a false failure is a one-in-a-million event for this fixed
    // stream and a wrong distribution (e.g. lambda off by 1 %) gives thousands.
    EXPECT_LT(chi2, df + 6 * std::sqrt(2 * df)) << "df=" << df;
    EXPECT_GT(df, 8);
  }
}

TEST(Poisson, RangeOfLambda) {
  poisson_table t;
  for (double bad : {0.0, -1.0, -0.0, 400000.00000001, 1e300, std::numeric_limits<double>::infinity(),
                     std::numeric_limits<double>::quiet_NaN()})
    EXPECT_EQ(poisson_table::build(bad, &t), GPURNG_STATUS_OUT_OF_RANGE) << bad;
  EXPECT_EQ(poisson_table::build(400000.0, &t), GPURNG_STATUS_SUCCESS);
  // Tiny lambda: P(X >= 1) < 2^-33, every word gives 0.
  ASSERT_EQ(poisson_table::build(1e-300, &t), GPURNG_STATUS_SUCCESS);
  EXPECT_EQ(t.count, 0u);
  EXPECT_EQ(t(0), 0u);
  EXPECT_EQ(t(0xffffffffu), 0u);
}

TEST(Poisson, ChunkedTransformEqualsElementwise) {
  const poisson_table t = make(2000.5);
  std::vector<unsigned> buf(300007);
  uint64_t s = 1;
  for (auto& v : buf) v = static_cast<unsigned>(splitmix64(s));
  std::vector<unsigned> want(buf.size());
  for (size_t i = 0; i < buf.size(); ++i)
    want[i] = t.k_lo + static_cast<unsigned>(std::upper_bound(t.thresholds(), t.thresholds() + t.count, buf[i]) -
                                             t.thresholds());
  poisson_transform_cpu(t, buf.data(), buf.size());
  EXPECT_EQ(buf, want);
}

}  // namespace
