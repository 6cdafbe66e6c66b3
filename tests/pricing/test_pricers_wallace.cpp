// SPDX-License-Identifier: BSD-3-Clause
// The pricers with Wallace normals (hybrid Taus, normal_method GPURNG_NORMAL_METHOD_WALLACE) on the CPU backend:
// equal, to rounding, to the naive scalar pricers of naive_pricers.hpp fed the host API's Wallace stream at the
// positions gpurng_pricing.h gives (path t of the chunk whose first path is f reads, as its i-th normal, output
// (k * 512 + b) * 1024 + 256 (i mod 4) + t, b = f / 256, k = i / 4); the lookback's reference value; calls split at
// multiples of 256; the options' normal_method checks.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>
#include <cstring>
#include <vector>

#include "gpurng.h"
#include "gpurng_pricing.h"
#include "naive_pricers.hpp"
#include "reference_cases.hpp"

namespace {

using naive_pricing::Estimate;
using naive_pricing::Welford;
using namespace pricing_cases;

struct Pricer {
  gpurngPricer_t p = nullptr;
  Pricer() { EXPECT_EQ(GPURNG_STATUS_SUCCESS, gpurngCreatePricerOnBackend(&p, GPURNG_BACKEND_CPU)); }
  ~Pricer() { gpurngDestroyPricer(p); }
};

constexpr unsigned long long kSeed = 20240607;

gpurngPricingOptions_t wallace_options(unsigned long long first_path, unsigned long long paths, bool single) {
  gpurngPricingOptions_t o;
  EXPECT_EQ(GPURNG_STATUS_SUCCESS, gpurngPricingOptionsDefault(&o));
  o.engine = GPURNG_RNG_PSEUDO_HYBRID_TAUS;
  o.normal_method = GPURNG_NORMAL_METHOD_WALLACE;
  o.seed = kSeed;
  o.first_path = first_path;
  o.paths = paths;
  o.precision = single ? GPURNG_PATHS_FLOAT : GPURNG_PATHS_DOUBLE;
  return o;
}

// The host API's Wallace stream (hybrid Taus seeded with `seed`, gpurngSetNormalMethod WALLACE) for every pass the
// paths read, and each path's normals picked out of it by the header's rule.
struct WallaceHostNormals {
  std::vector<float> z;
  unsigned long long first_path;
  WallaceHostNormals(unsigned long long seed, unsigned long long first, int paths, int draws) : first_path(first) {
    const unsigned long long last_pool = (first + ((unsigned long long)paths - 1) / 256 * 256) / 256;
    EXPECT_LT(last_pool, 512u) << "the known answer needs pools below 512";
    const size_t passes = size_t(draws + 3) / 4;
    z.resize(passes * 512 * 1024);
    gpurngGenerator_t g;
    EXPECT_EQ(GPURNG_STATUS_SUCCESS, gpurngCreateGeneratorHost(&g, GPURNG_RNG_PSEUDO_HYBRID_TAUS));
    EXPECT_EQ(GPURNG_STATUS_SUCCESS, gpurngSetPseudoRandomGeneratorSeed(g, seed));
    EXPECT_EQ(GPURNG_STATUS_SUCCESS, gpurngSetNormalMethod(g, GPURNG_NORMAL_METHOD_WALLACE));
    EXPECT_EQ(GPURNG_STATUS_SUCCESS, gpurngGenerateNormal(g, z.data(), z.size(), 0.0f, 1.0f));
    gpurngDestroyGenerator(g);
  }
  // The call's path `index` (path first_path + index): chunk index / 256 of the call, place t in it.
  auto of(int index) const {
    const unsigned long long chunk_first = first_path + (unsigned long long)(index / 256) * 256;
    const size_t b = size_t(chunk_first / 256), t = size_t(index % 256);
    return [this, b, t, i = size_t(0)]() mutable {
      const size_t k = i / 4, n = (k * 512 + b) * 1024 + 256 * (i % 4) + t;
      ++i;
      return z[n];
    };
  }
};

// A normal source's numbers with their signs flipped (the antithetic mirror).
template <typename F>
auto negated(F f) {
  return [f]() mutable { return -f(); };
}

// The naive estimate of `paths` paths (antithetic: each sample the average of the path and its mirror).
template <typename Path>
Estimate naive_estimate(int paths, const WallaceHostNormals& src, bool antithetic, Path&& path) {
  Welford w;
  for (int p = 0; p < paths; ++p)
    w.add(antithetic ? 0.5 * (path(src.of(p)) + path(negated(src.of(p)))) : path(src.of(p)));
  return w.estimate();
}

void expect_close(const Estimate& naive, const gpurngPricingResult_t& ours, double rel, const char* what) {
  EXPECT_NEAR(ours.mean, naive.mean, rel * std::fabs(naive.mean) + 1e-300) << what;
  EXPECT_NEAR(ours.std_error, naive.std_error, 1e3 * rel * naive.std_error + 1e-300) << what;
  EXPECT_GT(naive.std_error, 0.0) << what;  // random paths: a comparison of constants would prove nothing
}

const gpurngAsianBasketParams_t kSets[5] = {{1.5, 1.2, 0.001, 0.002, 0.02, 0.01, 0.015},
                                            {1.0, 1.1, -0.001, 0.0, 0.03, 0.02, 0.01},
                                            {1.2, 1.3, 0.0, 0.001, 0.025, 0.005, 0.02},
                                            {1.4, 1.0, 0.002, -0.001, 0.015, 0.01, 0.03},
                                            {1.1, 1.1, 0.0, 0.0, 0.02, 0.02, 0.02}};

// 300 paths from path 1000: two chunks (first paths 1000 and 1256: pools 3 and 4), the second partial; D not a
// multiple of 4 for MBS (the last pass half used).
template <typename T>
void check_against_naive(bool antithetic) {
  Pricer pr;
  const unsigned long long first = 1000;
  const int paths = 300;
  const double rel = sizeof(T) == 4 ? 3e-5 : 1e-12;
  auto o = wallace_options(first, paths, sizeof(T) == 4);
  o.antithetic = antithetic ? 1 : 0;
  gpurngPricingResult_t r[8];
  char what[96];
  {
    const int steps = 16;
    const WallaceHostNormals src(kSeed, first, paths, 2 * steps);
    ASSERT_EQ(GPURNG_STATUS_SUCCESS, gpurngPriceAsianBasket(pr.p, &o, steps, 5, kSets, r));
    for (int k = 0; k < 5; ++k) {
      std::snprintf(what, sizeof what, "asian set %d, antithetic %d", k, int(antithetic));
      expect_close(naive_estimate(paths, src, antithetic,
                                  [&](auto z) { return naive_pricing::asian_path<T>(kSets[k], steps, z); }),
                   r[k], rel, what);
    }
  }
  {
    gpurngMbsParams_t m = kMbs;
    m.months = 30;
    const WallaceHostNormals src(kSeed, first, paths, m.months);
    ASSERT_EQ(GPURNG_STATUS_SUCCESS, gpurngPriceMbs(pr.p, &o, &m, r));
    std::snprintf(what, sizeof what, "mbs, antithetic %d", int(antithetic));
    expect_close(naive_estimate(paths, src, antithetic, [&](auto z) { return naive_pricing::mbs_path<T>(m, z); }), r[0],
                 rel, what);
  }
  {
    const TwoFactorLibor two;
    const int n = TwoFactorLibor::n;
    const gpurngLiborParams_t& lp = two.params;
    const WallaceHostNormals src(kSeed, first, paths, two.normals());
    ASSERT_EQ(GPURNG_STATUS_SUCCESS, gpurngPriceLiborCaplets(pr.p, &o, &lp, r));
    for (int j = 1; j < n; ++j) {  // caplet 0 fixes today
      std::snprintf(what, sizeof what, "libor caplet %d, antithetic %d", j, int(antithetic));
      expect_close(naive_estimate(paths, src, antithetic,
                                  [&](auto z) {
                                    double out[n];
                                    naive_pricing::libor_path<T>(lp, z, out);
                                    return out[j];
                                  }),
                   r[j], rel, what);
    }
  }
}

TEST(PricersWallace, DoubleEqualsNaiveOnHostApiStream) { check_against_naive<double>(false); }
TEST(PricersWallace, FloatEqualsNaiveOnHostApiStream) { check_against_naive<float>(false); }
TEST(PricersWallace, AntitheticEqualsNaiveOnHostApiStream) {
  check_against_naive<double>(true);
  check_against_naive<float>(true);
}

// The pool of a chunk beyond the host API's 512 (b = 600) is the same definition: its numbers are not another
// pool's (a call at path 600 * 256 differs from the call at 0), and splitting at a multiple of 256 keeps every
// path's numbers: [0, 768) is [0, 256) and [256, 768) combined (to rounding).
TEST(PricersWallace, ChunksAndSplits) {
  Pricer pr;
  gpurngPricingResult_t whole, lo, hi, far;
  auto o = wallace_options(0, 768, false);
  ASSERT_EQ(GPURNG_STATUS_SUCCESS, gpurngPriceGarchLookback(pr.p, &o, 15, 1, &kQ1, &whole));
  o.paths = 256;
  ASSERT_EQ(GPURNG_STATUS_SUCCESS, gpurngPriceGarchLookback(pr.p, &o, 15, 1, &kQ1, &lo));
  o.first_path = 256;
  o.paths = 512;
  ASSERT_EQ(GPURNG_STATUS_SUCCESS, gpurngPriceGarchLookback(pr.p, &o, 15, 1, &kQ1, &hi));
  EXPECT_NEAR(whole.mean, (lo.mean + 2.0 * hi.mean) / 3.0, 1e-14 * whole.mean);
  EXPECT_NE(lo.mean, hi.mean);
  o.first_path = 600ull * 256;
  o.paths = 256;
  ASSERT_EQ(GPURNG_STATUS_SUCCESS, gpurngPriceGarchLookback(pr.p, &o, 15, 1, &kQ1, &far));
  EXPECT_NE(lo.mean, far.mean);
  // Box-Muller hybrid Taus is another set of numbers.
  auto b = wallace_options(0, 256, false);
  b.normal_method = GPURNG_NORMAL_METHOD_BOX_MULLER;
  gpurngPricingResult_t bm;
  ASSERT_EQ(GPURNG_STATUS_SUCCESS, gpurngPriceGarchLookback(pr.p, &b, 15, 1, &kQ1, &bm));
  EXPECT_NE(lo.mean, bm.mean);
}

// Wallace's normals price the GARCH lookback to its reference value (4 combined standard errors), both precisions.
TEST(PricersWallace, LookbackReferenceValue) {
  Pricer pr;
  for (bool single : {false, true}) {
    gpurngPricingResult_t r;
    auto o = wallace_options(0, 1 << 14, single);
    ASSERT_EQ(GPURNG_STATUS_SUCCESS, gpurngPriceGarchLookback(pr.p, &o, 15, 1, &kQ1, &r));
    expect_within(r, kQ1Value, kQ1Se, single ? "lookback, Wallace, float" : "lookback, Wallace, double");
  }
}

TEST(PricersWallace, NormalMethodOptions) {
  Pricer pr;
  gpurngPricingOptions_t d;
  std::memset(&d, 0xff, sizeof d);
  ASSERT_EQ(GPURNG_STATUS_SUCCESS, gpurngPricingOptionsDefault(&d));
  EXPECT_EQ(GPURNG_NORMAL_METHOD_DEFAULT, d.normal_method);
  gpurngPricingResult_t r, ref;
  auto o = wallace_options(0, 256, false);
  o.engine = GPURNG_RNG_PSEUDO_PHILOX4_32_10;  // WALLACE with another pseudo-random engine
  EXPECT_EQ(GPURNG_STATUS_INVALID_VALUE, gpurngPriceMbs(pr.p, &o, &kMbs, &r));
  o.engine = GPURNG_RNG_PSEUDO_RANMAR48;
  EXPECT_EQ(GPURNG_STATUS_INVALID_VALUE, gpurngPriceGarchLookback(pr.p, &o, 15, 1, &kQ1, &r));
  o.engine = GPURNG_RNG_QUASI_SCRAMBLED_SOBOL32;  // WALLACE with a quasi-random engine
  o.replications = 4;
  EXPECT_EQ(GPURNG_STATUS_INVALID_VALUE, gpurngPriceMbs(pr.p, &o, &kMbs, &r));
  o.normal_method = GPURNG_NORMAL_METHOD_BOX_MULLER;  // the quasi-random engines' normals are inverse CDFs
  EXPECT_EQ(GPURNG_STATUS_INVALID_VALUE, gpurngPriceMbs(pr.p, &o, &kMbs, &r));
  o.normal_method = GPURNG_NORMAL_METHOD_INVERSE_CDF;  // the same as DEFAULT
  ASSERT_EQ(GPURNG_STATUS_SUCCESS, gpurngPriceMbs(pr.p, &o, &kMbs, &r));
  o.normal_method = GPURNG_NORMAL_METHOD_DEFAULT;
  ASSERT_EQ(GPURNG_STATUS_SUCCESS, gpurngPriceMbs(pr.p, &o, &kMbs, &ref));
  EXPECT_EQ(0, std::memcmp(&r, &ref, sizeof r));
  o.engine = GPURNG_RNG_PSEUDO_HYBRID_TAUS;
  o.normal_method = GPURNG_NORMAL_METHOD_INVERSE_CDF;  // not a pseudo-random engine's method
  EXPECT_EQ(GPURNG_STATUS_INVALID_VALUE, gpurngPriceMbs(pr.p, &o, &kMbs, &r));
  o.normal_method = static_cast<gpurngNormalMethod_t>(9);
  EXPECT_EQ(GPURNG_STATUS_INVALID_VALUE, gpurngPriceMbs(pr.p, &o, &kMbs, &r));
  o.normal_method = GPURNG_NORMAL_METHOD_BOX_MULLER;  // the same as DEFAULT
  ASSERT_EQ(GPURNG_STATUS_SUCCESS, gpurngPriceMbs(pr.p, &o, &kMbs, &r));
  o.normal_method = GPURNG_NORMAL_METHOD_DEFAULT;
  ASSERT_EQ(GPURNG_STATUS_SUCCESS, gpurngPriceMbs(pr.p, &o, &kMbs, &ref));
  EXPECT_EQ(0, std::memcmp(&r, &ref, sizeof r));
  o.normal_method = GPURNG_NORMAL_METHOD_WALLACE;
  o.brownian_bridge = 1;  // a bridge needs a quasi-random engine
  EXPECT_EQ(GPURNG_STATUS_INVALID_VALUE, gpurngPriceMbs(pr.p, &o, &kMbs, &r));
}

}  // namespace
