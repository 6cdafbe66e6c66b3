// SPDX-License-Identifier: BSD-3-Clause
// The pricers of gpurng_pricing.h on the CPU backend: equal (to rounding) to the naive scalar pricers of
// naive_pricers.hpp fed the same numbers by the host API; the published reference values within 4 combined
// standard errors; the degenerate cases exact; paths fixed by their index; RQMC's advantage; bad input.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>
#include <vector>

#include "gpurng.h"
#include "gpurng_pricing.h"
#include "naive_pricers.hpp"
#include "reference_cases.hpp"

namespace {

using naive_pricing::Estimate;
using naive_pricing::Welford;

struct Pricer {
  gpurngPricer_t p = nullptr;
  Pricer() { EXPECT_EQ(GPURNG_STATUS_SUCCESS, gpurngCreatePricerOnBackend(&p, GPURNG_BACKEND_CPU)); }
  ~Pricer() { gpurngDestroyPricer(p); }
};

gpurngPricingOptions_t options(gpurngRngType_t engine, unsigned long long paths, bool single = false) {
  gpurngPricingOptions_t o;
  EXPECT_EQ(GPURNG_STATUS_SUCCESS, gpurngPricingOptionsDefault(&o));
  o.engine = engine;
  o.paths = paths;
  o.seed = 1234;
  o.precision = single ? GPURNG_PATHS_FLOAT : GPURNG_PATHS_DOUBLE;
  return o;
}

using namespace pricing_cases;

// Path p's normals as the host API writes them: Philox path p is subsequence p, whose k-th group of four
// normals is unit p + 65536 k of gpurngGenerateNormal(Double) (docs/DEVICE_API.md, "The host API's positions").
template <typename T>
struct PhiloxHostNormals {
  std::vector<T> buf;
  PhiloxHostNormals(unsigned long long seed, int paths, int draws) {
    const size_t groups = size_t(draws + 3) / 4;
    buf.resize(4 * 65536 * groups);
    gpurngGenerator_t g;
    EXPECT_EQ(GPURNG_STATUS_SUCCESS, gpurngCreateGeneratorHost(&g, GPURNG_RNG_PSEUDO_PHILOX4_32_10));
    EXPECT_EQ(GPURNG_STATUS_SUCCESS, gpurngSetPseudoRandomGeneratorSeed(g, seed));
    if constexpr (sizeof(T) == 4)
      EXPECT_EQ(GPURNG_STATUS_SUCCESS, gpurngGenerateNormal(g, buf.data(), buf.size(), 0.0f, 1.0f));
    else
      EXPECT_EQ(GPURNG_STATUS_SUCCESS, gpurngGenerateNormalDouble(g, buf.data(), buf.size(), 0.0, 1.0));
    gpurngDestroyGenerator(g);
    (void)paths;
  }
  auto of(int path) const {
    return [this, path, k = size_t(0)]() mutable {
      const size_t unit = size_t(path) + 65536 * (k / 4);
      return buf[4 * unit + k++ % 4];
    };
  }
};

// RANMAR48 path p: uniform doubles from position p * 2 ceil(D/2), Box-Muller pairs (sin first), as the header says.
struct Ranmar48HostNormals {
  std::vector<double> u;
  size_t per_path;
  Ranmar48HostNormals(unsigned long long seed, int paths, int draws) : per_path(2 * size_t((draws + 1) / 2)) {
    u.resize(per_path * size_t(paths));
    gpurngGenerator_t g;
    EXPECT_EQ(GPURNG_STATUS_SUCCESS, gpurngCreateGeneratorHost(&g, GPURNG_RNG_PSEUDO_RANMAR48));
    EXPECT_EQ(GPURNG_STATUS_SUCCESS, gpurngSetPseudoRandomGeneratorSeed(g, seed));
    EXPECT_EQ(GPURNG_STATUS_SUCCESS, gpurngGenerateUniformDouble(g, u.data(), u.size()));
    gpurngDestroyGenerator(g);
  }
  auto of(int path) const {
    return [this, path, k = size_t(0), cached = 0.0]() mutable {
      const size_t i = k++;
      if (i % 2) return cached;
      const double u1 = u[per_path * size_t(path) + i], u2 = u[per_path * size_t(path) + i + 1];
      const double r = std::sqrt(-2.0 * std::log(u1));
      cached = r * std::cos(M_PI * 2.0 * u2);
      return r * std::sin(M_PI * 2.0 * u2);
    };
  }
};

// The naive estimate of `paths` paths, each sample from sample(path).
template <typename F>
Estimate naive_estimate(int paths, F&& sample) {
  Welford w;
  for (int p = 0; p < paths; ++p) w.add(sample(p));
  return w.estimate();
}

void expect_close(const Estimate& naive, const gpurngPricingResult_t& ours, double rel, const char* what) {
  EXPECT_NEAR(ours.mean, naive.mean, rel * std::fabs(naive.mean) + 1e-300) << what;
  EXPECT_NEAR(ours.std_error, naive.std_error, 1e3 * rel * naive.std_error + 1e-300) << what;
}

// Every model, float and double paths, against the naive pricers on the host API's Philox and RANMAR48 numbers.
template <typename T, typename Source>
void check_models_against_naive(gpurngRngType_t engine, unsigned long long seed) {
  Pricer pr;
  const int paths = 300;  // two chunks, the second partial
  const double rel = sizeof(T) == 4 ? 3e-5 : 1e-12;
  auto o = options(engine, paths, sizeof(T) == 4);
  o.seed = seed;
  gpurngPricingResult_t r[8];
  {
    const int steps = 16;
    Source src(seed, paths, 2 * steps);
    ASSERT_EQ(GPURNG_STATUS_SUCCESS, gpurngPriceAsianBasket(pr.p, &o, steps, 1, &kP1, r));
    expect_close(naive_estimate(paths, [&](int p) { return naive_pricing::asian_path<T>(kP1, steps, src.of(p)); }),
                 r[0], rel, "asian");
  }
  {
    const int steps = 15;
    Source src(seed, paths, steps);
    ASSERT_EQ(GPURNG_STATUS_SUCCESS, gpurngPriceGarchLookback(pr.p, &o, steps, 1, &kQ1, r));
    expect_close(
        naive_estimate(paths, [&](int p) { return naive_pricing::garch_lookback_path<T>(kQ1, steps, src.of(p)); }),
        r[0], rel, "lookback");
  }
  {
    gpurngMbsParams_t m = kMbs;
    m.months = 24;
    Source src(seed, paths, m.months);
    ASSERT_EQ(GPURNG_STATUS_SUCCESS, gpurngPriceMbs(pr.p, &o, &m, r));
    expect_close(naive_estimate(paths, [&](int p) { return naive_pricing::mbs_path<T>(m, src.of(p)); }), r[0], rel,
                 "mbs");
  }
  {
    const TwoFactorLibor two;
    const int n = TwoFactorLibor::n;
    const gpurngLiborParams_t& lp = two.params;
    Source src(seed, paths, two.normals());
    ASSERT_EQ(GPURNG_STATUS_SUCCESS, gpurngPriceLiborCaplets(pr.p, &o, &lp, r));
    for (int j = 0; j < n; ++j) {
      const Estimate e = naive_estimate(paths, [&](int p) {
        double out[n];
        naive_pricing::libor_path<T>(lp, src.of(p), out);
        return out[j];
      });
      expect_close(e, r[j], rel, "libor");
    }
  }
}

TEST(Pricers, PhiloxDoubleEqualsNaiveOnHostApiNumbers) {
  check_models_against_naive<double, PhiloxHostNormals<double>>(GPURNG_RNG_PSEUDO_PHILOX4_32_10, 42);
}
TEST(Pricers, PhiloxFloatEqualsNaiveOnHostApiNumbers) {
  check_models_against_naive<float, PhiloxHostNormals<float>>(GPURNG_RNG_PSEUDO_PHILOX4_32_10, 7);
}
TEST(Pricers, Ranmar48DoubleEqualsNaiveOnHostApiNumbers) {
  check_models_against_naive<double, Ranmar48HostNormals>(GPURNG_RNG_PSEUDO_RANMAR48, 54217137);
}

TEST(Pricers, ReferenceValues) {
  Pricer pr;
  gpurngPricingResult_t r[40];
  auto o = options(GPURNG_RNG_PSEUDO_PHILOX4_32_10, 1 << 15);
  ASSERT_EQ(GPURNG_STATUS_SUCCESS, gpurngPriceAsianBasket(pr.p, &o, 256, 1, &kP1, r));
  expect_within(r[0], kP1Value, kP1Se, "Asian basket P1");
  ASSERT_EQ(GPURNG_STATUS_SUCCESS, gpurngPriceGarchLookback(pr.p, &o, 15, 1, &kQ1, r));
  expect_within(r[0], kQ1Value, kQ1Se, "GARCH lookback Q1");
  auto a = options(GPURNG_RNG_PSEUDO_PHILOX4_32_10, 1 << 13);
  a.antithetic = 1;
  ASSERT_EQ(GPURNG_STATUS_SUCCESS, gpurngPriceMbs(pr.p, &a, &kMbs, r));
  expect_within(r[0], kMbsValue, kMbsSe, "MBS nearly linear (antithetic)");
  const FlatLibor libor;
  auto l = options(GPURNG_RNG_PSEUDO_PHILOX4_32_10, 1 << 14);
  ASSERT_EQ(GPURNG_STATUS_SUCCESS, gpurngPriceLiborCaplets(pr.p, &l, &libor.params, r));
  expect_black_caplets(r, "LIBOR, 2^14 paths");
  EXPECT_EQ(0.0, r[0].mean);  // L_0 = K: the caplet fixed today is worth nothing
  EXPECT_EQ(0.0, r[0].std_error);
}

TEST(Pricers, DegenerateCasesAreExact) {
  Pricer pr;
  gpurngPricingResult_t r;
  // All sigma 0: the Asian basket's closed form.
  gpurngAsianBasketParams_t p = {1.5, 1.2, -0.001, -0.001, 0.0, 0.0, 0.0};
  auto o = options(GPURNG_RNG_PSEUDO_PHILOX4_32_10, 1000);
  ASSERT_EQ(GPURNG_STATUS_SUCCESS, gpurngPriceAsianBasket(pr.p, &o, 256, 1, &p, &r));
  EXPECT_NEAR(naive_pricing::asian_deterministic(p, 256), r.mean, 1e-13);
  EXPECT_LT(r.std_error, 1e-15);
  // sigma 0 and no prepayment: the annuity.
  gpurngMbsParams_t m = {0.007, 0.0, 0.0, 10.0, 0.5, 0.0, 360};
  const double annuity = 131.2615606100;
  ASSERT_EQ(GPURNG_STATUS_SUCCESS, gpurngPriceMbs(pr.p, &o, &m, &r));
  EXPECT_NEAR(annuity, r.mean, 1e-9);
  auto f = options(GPURNG_RNG_PSEUDO_PHILOX4_32_10, 1000, true);
  ASSERT_EQ(GPURNG_STATUS_SUCCESS, gpurngPriceMbs(pr.p, &f, &m, &r));
  EXPECT_NEAR(annuity, r.mean, 1e-4);
}

// Paths are fixed by their index: two calls over [0, 256) and [256, 512) combine to the call over [0, 512).
TEST(Pricers, PathsAreFixedByTheirIndex) {
  Pricer pr;
  for (gpurngRngType_t e : {GPURNG_RNG_PSEUDO_PHILOX4_32_10, GPURNG_RNG_PSEUDO_RANMAR48, GPURNG_RNG_PSEUDO_MINSTD,
                            GPURNG_RNG_PSEUDO_XORWOW}) {
    gpurngPricingResult_t whole, lo, hi;
    auto o = options(e, 512);
    ASSERT_EQ(GPURNG_STATUS_SUCCESS, gpurngPriceGarchLookback(pr.p, &o, 15, 1, &kQ1, &whole));
    o.paths = 256;
    ASSERT_EQ(GPURNG_STATUS_SUCCESS, gpurngPriceGarchLookback(pr.p, &o, 15, 1, &kQ1, &lo));
    o.first_path = 256;
    ASSERT_EQ(GPURNG_STATUS_SUCCESS, gpurngPriceGarchLookback(pr.p, &o, 15, 1, &kQ1, &hi));
    EXPECT_NEAR(whole.mean, 0.5 * (lo.mean + hi.mean), 1e-14 * whole.mean) << e;
    EXPECT_NE(lo.mean, hi.mean) << e;
  }
}

TEST(Pricers, EveryEngineEstimatesTheLookback) {
  Pricer pr;
  for (gpurngRngType_t e : {GPURNG_RNG_PSEUDO_PHILOX4_32_10, GPURNG_RNG_PSEUDO_XORWOW, GPURNG_RNG_PSEUDO_MRG32K3A,
                            GPURNG_RNG_PSEUDO_HYBRID_TAUS, GPURNG_RNG_PSEUDO_RANMAR, GPURNG_RNG_PSEUDO_RANMAR48,
                            GPURNG_RNG_PSEUDO_RANMAR48X, GPURNG_RNG_PSEUDO_MINSTD, GPURNG_RNG_PSEUDO_MINSTD48271}) {
    for (bool single : {false, true}) {
      gpurngPricingResult_t r;
      auto o = options(e, 1 << 12, single);
      ASSERT_EQ(GPURNG_STATUS_SUCCESS, gpurngPriceGarchLookback(pr.p, &o, 15, 1, &kQ1, &r)) << e;
      char what[64];
      std::snprintf(what, sizeof what, "lookback, engine %d, %s", int(e), single ? "float" : "double");
      expect_within(r, kQ1Value, kQ1Se, what);
    }
  }
}

// RQMC: R = 32 randomisations of 1024 points against plain Monte Carlo with as many paths.
TEST(Pricers, RqmcStandardErrorIsSmallerThanMonteCarlos) {
  Pricer pr;
  gpurngPricingResult_t mc, qmc;
  auto o = options(GPURNG_RNG_PSEUDO_PHILOX4_32_10, 32 * 1024);
  ASSERT_EQ(GPURNG_STATUS_SUCCESS, gpurngPriceMbs(pr.p, &o, &kMbs, &mc));
  auto q = options(GPURNG_RNG_QUASI_SCRAMBLED_SOBOL32, 1024);
  q.replications = 32;
  ASSERT_EQ(GPURNG_STATUS_SUCCESS, gpurngPriceMbs(pr.p, &q, &kMbs, &qmc));
  std::printf("[ rqmc ] MBS: MC %.3g, RQMC Sobol' %.3g (%.1fx)\n", mc.std_error, qmc.std_error,
              mc.std_error / qmc.std_error);
  EXPECT_GT(mc.std_error, 4.0 * qmc.std_error);
  expect_within(qmc, kMbsValue, kMbsSe, "MBS, RQMC scrambled Sobol'");
  auto h = options(GPURNG_RNG_QUASI_HALTON_RASRAP, 1024);
  h.replications = 32;
  ASSERT_EQ(GPURNG_STATUS_SUCCESS, gpurngPriceMbs(pr.p, &h, &kMbs, &qmc));
  expect_within(qmc, kMbsValue, kMbsSe, "MBS, RQMC Halton Rasrap");
}

// RQMC with the Brownian-bridge ordering (R = 32, as the test): MBS and the caplets, against plain Monte
// Carlo with as many paths.
TEST(Pricers, RqmcWithBrownianBridgeBeatsMonteCarlo) {
  Pricer pr;
  gpurngPricingResult_t mc, qmc;
  auto o = options(GPURNG_RNG_PSEUDO_PHILOX4_32_10, 32 * 512);
  auto q = options(GPURNG_RNG_QUASI_SCRAMBLED_SOBOL32, 512);
  q.replications = 32;
  q.brownian_bridge = 1;
  ASSERT_EQ(GPURNG_STATUS_SUCCESS, gpurngPriceMbs(pr.p, &o, &kMbs, &mc));
  ASSERT_EQ(GPURNG_STATUS_SUCCESS, gpurngPriceMbs(pr.p, &q, &kMbs, &qmc));
  std::printf("[ rqmc ] MBS: MC %.3g, RQMC Sobol' + bridge %.3g (%.1fx)\n", mc.std_error, qmc.std_error,
              mc.std_error / qmc.std_error);
  EXPECT_GT(mc.std_error, 4.0 * qmc.std_error);
  expect_within(qmc, kMbsValue, kMbsSe, "MBS, RQMC Sobol' + bridge");
  const FlatLibor libor;
  gpurngPricingResult_t cm[40], cq[40];
  ASSERT_EQ(GPURNG_STATUS_SUCCESS, gpurngPriceLiborCaplets(pr.p, &o, &libor.params, cm));
  ASSERT_EQ(GPURNG_STATUS_SUCCESS, gpurngPriceLiborCaplets(pr.p, &q, &libor.params, cq));
  for (int j : {1, 4, 8, 20, 39}) {
    std::printf("[ rqmc ] caplet %d: MC %.3g, RQMC Sobol' + bridge %.3g (%.1fx)\n", j, cm[j].std_error, cq[j].std_error,
                cm[j].std_error / cq[j].std_error);
    EXPECT_GT(cm[j].std_error, 4.0 * cq[j].std_error) << j;
  }
}

TEST(Pricers, BadInput) {
  Pricer pr;
  gpurngPricingResult_t r;
  auto o = options(GPURNG_RNG_PSEUDO_PHILOX4_32_10, 256);
  EXPECT_EQ(GPURNG_STATUS_NOT_INITIALIZED, gpurngPriceAsianBasket(nullptr, &o, 16, 1, &kP1, &r));
  EXPECT_EQ(GPURNG_STATUS_NULL_POINTER, gpurngPriceAsianBasket(pr.p, nullptr, 16, 1, &kP1, &r));
  EXPECT_EQ(GPURNG_STATUS_NULL_POINTER, gpurngPriceAsianBasket(pr.p, &o, 16, 1, &kP1, nullptr));
  EXPECT_EQ(GPURNG_STATUS_OUT_OF_RANGE, gpurngPriceAsianBasket(pr.p, &o, 0, 1, &kP1, &r));  // T = 0
  EXPECT_EQ(GPURNG_STATUS_OUT_OF_RANGE, gpurngPriceGarchLookback(pr.p, &o, 65, 1, &kQ1, &r));
  gpurngAsianBasketParams_t bad = kP1;
  bad.sigmaAA = -0.1;
  EXPECT_EQ(GPURNG_STATUS_OUT_OF_RANGE, gpurngPriceAsianBasket(pr.p, &o, 16, 1, &bad, &r));
  bad = kP1;
  bad.muA = std::nan("");
  EXPECT_EQ(GPURNG_STATUS_OUT_OF_RANGE, gpurngPriceAsianBasket(pr.p, &o, 16, 1, &bad, &r));
  gpurngMbsParams_t m = kMbs;
  m.sigma = -1;
  EXPECT_EQ(GPURNG_STATUS_OUT_OF_RANGE, gpurngPriceMbs(pr.p, &o, &m, &r));
  auto e = o;
  e.paths = 0;
  EXPECT_EQ(GPURNG_STATUS_OUT_OF_RANGE, gpurngPriceMbs(pr.p, &e, &kMbs, &r));
  e = o;
  e.engine = GPURNG_RNG_PSEUDO_DRAND48;
  EXPECT_EQ(GPURNG_STATUS_TYPE_ERROR, gpurngPriceMbs(pr.p, &e, &kMbs, &r));
  e.engine = static_cast<gpurngRngType_t>(12345);
  EXPECT_EQ(GPURNG_STATUS_TYPE_ERROR, gpurngPriceMbs(pr.p, &e, &kMbs, &r));
  e = o;
  e.engine = GPURNG_RNG_QUASI_SCRAMBLED_SOBOL32;
  e.replications = 1;  // too few replications
  EXPECT_EQ(GPURNG_STATUS_OUT_OF_RANGE, gpurngPriceMbs(pr.p, &e, &kMbs, &r));
  e.replications = 8;
  e.antithetic = 1;  // antithetic with a quasi-random engine
  EXPECT_EQ(GPURNG_STATUS_INVALID_VALUE, gpurngPriceMbs(pr.p, &e, &kMbs, &r));
  e = o;
  e.precision = static_cast<gpurngPathPrecision_t>(7);
  EXPECT_EQ(GPURNG_STATUS_INVALID_VALUE, gpurngPriceMbs(pr.p, &e, &kMbs, &r));
  e = o;
  e.brownian_bridge = 1;  // a Brownian bridge on a model without one, or with a pseudo-random engine
  EXPECT_EQ(GPURNG_STATUS_INVALID_VALUE, gpurngPriceAsianBasket(pr.p, &e, 16, 1, &kP1, &r));
  EXPECT_EQ(GPURNG_STATUS_INVALID_VALUE, gpurngPriceMbs(pr.p, &e, &kMbs, &r));
  e.engine = GPURNG_RNG_PSEUDO_RANMAR;
  e.brownian_bridge = 0;
  e.seed = 900000001ull;
  EXPECT_EQ(GPURNG_STATUS_OUT_OF_RANGE, gpurngPriceMbs(pr.p, &e, &kMbs, &r));
  gpurngPricer_t none = nullptr;
  EXPECT_EQ(GPURNG_STATUS_INVALID_VALUE, gpurngCreatePricerOnBackend(&none, static_cast<gpurngBackend_t>(9)));
  EXPECT_EQ(GPURNG_STATUS_NULL_POINTER, gpurngCreatePricer(nullptr));
}

}  // namespace
