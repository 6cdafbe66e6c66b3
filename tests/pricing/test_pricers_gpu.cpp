// SPDX-License-Identifier: BSD-3-Clause
// The GPU pricers against the CPU's for the same calls: every model, float and double paths, every engine family
// (per-path, stream and quasi-random), plain, antithetic and RQMC: the same bits (include/gpurng_pricing.h).
// Exits 77 (skipped) where no GPU is usable.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <functional>
#include <vector>

#include "gpurng_pricing.h"
#include "reference_cases.hpp"

namespace {

gpurngPricer_t g_cpu = nullptr, g_gpu = nullptr;

struct Case {
  gpurngRngType_t engine;
  bool single;
  int antithetic;
};

std::vector<Case> cases() {
  std::vector<Case> c;
  for (gpurngRngType_t e :
       {GPURNG_RNG_PSEUDO_PHILOX4_32_10, GPURNG_RNG_PSEUDO_XORWOW, GPURNG_RNG_PSEUDO_MRG32K3A,
        GPURNG_RNG_PSEUDO_HYBRID_TAUS, GPURNG_RNG_PSEUDO_RANMAR, GPURNG_RNG_PSEUDO_RANMAR48X, GPURNG_RNG_PSEUDO_MINSTD,
        GPURNG_RNG_QUASI_SCRAMBLED_SOBOL32, GPURNG_RNG_QUASI_SOBOL32, GPURNG_RNG_QUASI_HALTON_RASRAP})
    for (bool single : {false, true}) {
      const bool quasi = e >= GPURNG_RNG_QUASI_DEFAULT && e < 1000 ? true : e == GPURNG_RNG_QUASI_HALTON_RASRAP;
      c.push_back({e, single, 0});
      if (!quasi) c.push_back({e, single, 1});
    }
  return c;
}

gpurngPricingOptions_t options_of(const Case& c) {
  gpurngPricingOptions_t o;
  gpurngPricingOptionsDefault(&o);
  o.engine = c.engine;
  o.seed = 99;
  o.first_path = 1000;
  o.paths = 700;  // three chunks, the last partial
  o.precision = c.single ? GPURNG_PATHS_FLOAT : GPURNG_PATHS_DOUBLE;
  o.antithetic = c.antithetic;
  o.replications = 4;
  return o;
}

template <typename Call>
void expect_same(Call&& call, int n, const char* model) {
  for (const Case& c : cases()) {
    const gpurngPricingOptions_t o = options_of(c);
    std::vector<gpurngPricingResult_t> a(static_cast<size_t>(n)), b(static_cast<size_t>(n));
    ASSERT_EQ(GPURNG_STATUS_SUCCESS, call(g_cpu, o, a.data())) << model << " engine " << c.engine;
    ASSERT_EQ(GPURNG_STATUS_SUCCESS, call(g_gpu, o, b.data())) << model << " engine " << c.engine;
    EXPECT_EQ(0, std::memcmp(a.data(), b.data(), a.size() * sizeof(a[0])))
        << model << " engine " << c.engine << (c.single ? " float" : " double") << " antithetic " << c.antithetic
        << ": CPU " << a[0].mean << " GPU " << b[0].mean;
  }
}

// Five sets: on the GPU a thread prices several sets on its path's normals (a full group and a partial one); one
// set: a thread a (set, path).
const gpurngAsianBasketParams_t kAsianSets[5] = {{1.5, 1.2, 0.001, 0.002, 0.02, 0.01, 0.015},
                                                 {1.0, 1.1, -0.001, 0.0, 0.03, 0.02, 0.01},
                                                 {1.2, 1.3, 0.0, 0.001, 0.025, 0.005, 0.02},
                                                 {1.4, 1.0, 0.002, -0.001, 0.015, 0.01, 0.03},
                                                 {1.1, 1.1, 0.0, 0.0, 0.02, 0.02, 0.02}};

TEST(PricersGpu, AsianBasketSameBitsAsCpu) {
  for (int sets : {5, 1})
    expect_same([&](gpurngPricer_t pr, const gpurngPricingOptions_t& o,
                    gpurngPricingResult_t* r) { return gpurngPriceAsianBasket(pr, &o, 32, sets, kAsianSets, r); },
                sets, "asian");
}

TEST(PricersGpu, GarchLookbackSameBitsAsCpu) {
  const gpurngGarchLookbackParams_t q = {0.05, 0.1, 0.1, 0.2, 0.1, 1.5, 0.0};
  expect_same([&](gpurngPricer_t pr, const gpurngPricingOptions_t& o,
                  gpurngPricingResult_t* r) { return gpurngPriceGarchLookback(pr, &o, 15, 1, &q, r); },
              1, "lookback");
}

TEST(PricersGpu, MbsSameBitsAsCpu) {
  const gpurngMbsParams_t m = {0.007, 0.01, -0.005, 10.0, 0.5, 0.02, 360};
  expect_same([&](gpurngPricer_t pr, const gpurngPricingOptions_t& o,
                  gpurngPricingResult_t* r) { return gpurngPriceMbs(pr, &o, &m, r); },
              1, "mbs");
}

TEST(PricersGpu, LiborCapletsSameBitsAsCpu) {
  const int n = 12, nf = 2;
  double L0[n], ld[nf * n];
  for (int j = 0; j < n; ++j) {
    L0[j] = 0.05 + 0.001 * j;
    ld[j] = 0.2;
    ld[n + j] = 0.1 - 0.01 * j;
  }
  const gpurngLiborParams_t lp = {n, nf, 4, 0.25, 0.05, L0, ld};
  expect_same([&](gpurngPricer_t pr, const gpurngPricingOptions_t& o,
                  gpurngPricingResult_t* r) { return gpurngPriceLiborCaplets(pr, &o, &lp, r); },
              n, "libor");
  const gpurngLiborParams_t one = {n, 1, 4, 0.25, 0.05, L0, ld};  // the one-factor loop
  expect_same([&](gpurngPricer_t pr, const gpurngPricingOptions_t& o,
                  gpurngPricingResult_t* r) { return gpurngPriceLiborCaplets(pr, &o, &one, r); },
              n, "libor, one factor");
}

// Wallace normals (hybrid Taus, normal_method WALLACE): a GPU block runs its chunk's pool in shared memory, a pass
// of the whole block every 4th draw, where a CPU task fills the chunk's passes first; the same bits. 700 paths from
// path 1000: three chunks (pools 3, 4 and 5), the last partial, whose idle threads must still take part in every
// pass. The Asian basket with 5 sets runs set_block_kernel, with 1 set path_kernel; MBS (360 normals, the last pass
// used whole) and LIBOR (one factor, 44 normals) path_kernel. Then fast_mode: the same Wallace numbers, the models'
// fast functions, within the fast mode's bound of the exact CPU.
TEST(PricersGpu, WallaceSameBitsAsCpu) {
  const gpurngMbsParams_t m = {0.007, 0.01, -0.005, 10.0, 0.5, 0.02, 360};
  const int n = 12;
  double L0[n], ld[n];
  for (int j = 0; j < n; ++j) {
    L0[j] = 0.05 + 0.001 * j;
    ld[j] = 0.2;
  }
  const gpurngLiborParams_t lp = {n, 1, 4, 0.25, 0.05, L0, ld};
  struct Model {
    const char* name;
    int outputs;
    std::function<gpurngStatus_t(gpurngPricer_t, const gpurngPricingOptions_t&, gpurngPricingResult_t*)> call;
  };
  const Model models[] = {
      {"asian, 5 sets", 5,
       [&](gpurngPricer_t pr, const gpurngPricingOptions_t& o, gpurngPricingResult_t* r) {
         return gpurngPriceAsianBasket(pr, &o, 32, 5, kAsianSets, r);
       }},
      {"asian, 1 set", 1,
       [&](gpurngPricer_t pr, const gpurngPricingOptions_t& o, gpurngPricingResult_t* r) {
         return gpurngPriceAsianBasket(pr, &o, 32, 1, kAsianSets, r);
       }},
      {"mbs", 1,
       [&](gpurngPricer_t pr, const gpurngPricingOptions_t& o, gpurngPricingResult_t* r) {
         return gpurngPriceMbs(pr, &o, &m, r);
       }},
      {"libor", n, [&](gpurngPricer_t pr, const gpurngPricingOptions_t& o, gpurngPricingResult_t* r) {
         return gpurngPriceLiborCaplets(pr, &o, &lp, r);
       }}};
  for (const Model& model : models)
    for (bool single : {false, true})
      for (int antithetic : {0, 1}) {
        gpurngPricingOptions_t o = options_of(Case{GPURNG_RNG_PSEUDO_HYBRID_TAUS, single, antithetic});
        o.normal_method = GPURNG_NORMAL_METHOD_WALLACE;
        std::vector<gpurngPricingResult_t> a(size_t(model.outputs)), b(size_t(model.outputs));
        ASSERT_EQ(GPURNG_STATUS_SUCCESS, model.call(g_cpu, o, a.data())) << model.name;
        ASSERT_EQ(GPURNG_STATUS_SUCCESS, model.call(g_gpu, o, b.data())) << model.name;
        EXPECT_EQ(0, std::memcmp(a.data(), b.data(), a.size() * sizeof(a[0])))
            << "Wallace " << model.name << (single ? " float" : " double") << " antithetic " << antithetic << ": CPU "
            << a[0].mean << " GPU " << b[0].mean;
        EXPECT_GT(a[0].std_error + a[size_t(model.outputs) - 1].std_error, 0.0) << model.name;  // random paths
        o.paths = 4096;
        ASSERT_EQ(GPURNG_STATUS_SUCCESS, model.call(g_cpu, o, a.data())) << model.name;
        o.fast_mode = 1;
        ASSERT_EQ(GPURNG_STATUS_SUCCESS, model.call(g_gpu, o, b.data())) << model.name;
        for (int j = 0; j < model.outputs; ++j) {
          const gpurngPricingResult_t &x = a[size_t(j)], &f = b[size_t(j)];
          if (x.std_error == 0) continue;  // LIBOR's caplet 0, fixed today
          EXPECT_LE(std::fabs(f.mean - x.mean), 0.1 * x.std_error) << "Wallace fast " << model.name << " " << j;
          EXPECT_NEAR(f.std_error, x.std_error, 0.02 * x.std_error) << "Wallace fast " << model.name << " " << j;
        }
      }
}

// Many chunks: the GPU's merge kernel folds segments of chunks in its threads and pairs them in shared memory; the
// CPU pairs the chunks one by one. Both must be the same tree (1172 and 301 chunks: segments of 8 and 2, the last
// partial).
TEST(PricersGpu, ManyChunksSameBitsAsCpu) {
  gpurngPricingOptions_t o;
  gpurngPricingOptionsDefault(&o);
  o.engine = GPURNG_RNG_PSEUDO_PHILOX4_32_10;
  o.seed = 5;
  o.paths = 300000;
  const gpurngGarchLookbackParams_t q = {0.05, 0.1, 0.1, 0.2, 0.1, 1.5, 0.0};
  gpurngPricingResult_t a, b;
  ASSERT_EQ(GPURNG_STATUS_SUCCESS, gpurngPriceGarchLookback(g_cpu, &o, 15, 1, &q, &a));
  ASSERT_EQ(GPURNG_STATUS_SUCCESS, gpurngPriceGarchLookback(g_gpu, &o, 15, 1, &q, &b));
  EXPECT_EQ(0, std::memcmp(&a, &b, sizeof a)) << "lookback: CPU " << a.mean << " GPU " << b.mean;
  o.paths = 300 * 256 + 17;
  o.precision = GPURNG_PATHS_FLOAT;
  const gpurngMbsParams_t m = {0.007, 0.01, -0.005, 10.0, 0.5, 0.02, 360};
  ASSERT_EQ(GPURNG_STATUS_SUCCESS, gpurngPriceMbs(g_cpu, &o, &m, &a));
  ASSERT_EQ(GPURNG_STATUS_SUCCESS, gpurngPriceMbs(g_gpu, &o, &m, &b));
  EXPECT_EQ(0, std::memcmp(&a, &b, sizeof a)) << "mbs: CPU " << a.mean << " GPU " << b.mean;
}

// fast_mode on the GPU against the exact CPU: the GPU's fast functions move each path's payoff by a few float
// ulps, so the estimates differ by far less than their standard error. The bound checked (and stated in
// docs/PRICING.md): |fast - exact| <= 0.1 standard errors, and the standard errors within 2 %.
template <typename Call>
void expect_fast_close(Call&& call, int n, const char* model) {
  for (gpurngRngType_t e : {GPURNG_RNG_PSEUDO_PHILOX4_32_10, GPURNG_RNG_PSEUDO_XORWOW, GPURNG_RNG_PSEUDO_MRG32K3A,
                            GPURNG_RNG_PSEUDO_HYBRID_TAUS, GPURNG_RNG_QUASI_SCRAMBLED_SOBOL32})
    for (bool single : {false, true}) {
      gpurngPricingOptions_t o = options_of(Case{e, single, 0});
      o.paths = 4096;
      std::vector<gpurngPricingResult_t> exact(static_cast<size_t>(n)), fast(static_cast<size_t>(n));
      ASSERT_EQ(GPURNG_STATUS_SUCCESS, call(g_cpu, o, exact.data()));
      o.fast_mode = 1;
      ASSERT_EQ(GPURNG_STATUS_SUCCESS, call(g_gpu, o, fast.data()));
      double worst = 0;
      for (int j = 0; j < n; ++j) {
        const gpurngPricingResult_t& x = exact[size_t(j)];
        const gpurngPricingResult_t& f = fast[size_t(j)];
        if (x.std_error == 0) {
          EXPECT_NEAR(x.mean, f.mean, 1e-6 * std::fabs(x.mean)) << model << " " << j;
          continue;
        }
        const double z = std::fabs(f.mean - x.mean) / x.std_error;
        worst = std::max(worst, z);
        EXPECT_LE(z, 0.1) << model << " engine " << e << (single ? " float" : " double") << " output " << j;
        EXPECT_NEAR(f.std_error, x.std_error, 0.02 * x.std_error) << model << " engine " << e << " output " << j;
      }
      std::printf("[ fast ] %s engine %d %s: max |fast - exact| = %.2e standard errors\n", model, int(e),
                  single ? "float" : "double", worst);
    }
}

TEST(PricersGpu, FastModeWithinItsBound) {
  for (int sets : {1, 5})
    expect_fast_close(
        [&](gpurngPricer_t pr, const gpurngPricingOptions_t& o, gpurngPricingResult_t* r) {
          return gpurngPriceAsianBasket(pr, &o, 256, sets, kAsianSets, r);
        },
        sets, "asian");
  const gpurngGarchLookbackParams_t q = {0.05, 0.1, 0.1, 0.2, 0.1, 1.5, 0.0};
  expect_fast_close([&](gpurngPricer_t pr, const gpurngPricingOptions_t& o,
                        gpurngPricingResult_t* r) { return gpurngPriceGarchLookback(pr, &o, 15, 1, &q, r); },
                    1, "lookback");
  const gpurngMbsParams_t m = {0.007, 0.01, -0.005, 10.0, 0.5, 0.02, 360};
  expect_fast_close([&](gpurngPricer_t pr, const gpurngPricingOptions_t& o,
                        gpurngPricingResult_t* r) { return gpurngPriceMbs(pr, &o, &m, r); },
                    1, "mbs");
  double L0[40], ld[40];
  for (int j = 0; j < 40; ++j) {
    L0[j] = 0.05;
    ld[j] = 0.2;
  }
  const gpurngLiborParams_t lp = {40, 1, 4, 0.25, 0.05, L0, ld};
  expect_fast_close([&](gpurngPricer_t pr, const gpurngPricingOptions_t& o,
                        gpurngPricingResult_t* r) { return gpurngPriceLiborCaplets(pr, &o, &lp, r); },
                    40, "libor");
}

// The path counts, which the CPU tests cannot afford: the reference values within 4 combined standard
// errors at 2^20 paths (LIBOR: every caplet of docs/PRICING.md's Reference values against Black's formula; the Euler
// bias is up to 1.6 standard errors at 2^19 paths, docs/PRICING.md, The models).
TEST(PricersGpu, ReferenceValuesAtFullPathCounts) {
  using namespace pricing_cases;
  gpurngPricingOptions_t o;
  gpurngPricingOptionsDefault(&o);
  o.seed = 20261125;
  o.paths = 1 << 20;
  gpurngPricingResult_t r[40];
  ASSERT_EQ(GPURNG_STATUS_SUCCESS, gpurngPriceAsianBasket(g_gpu, &o, 256, 1, &kP1, r));
  expect_within(r[0], kP1Value, kP1Se, "Asian basket P1, 2^20 paths");
  o.paths = 1 << 22;
  ASSERT_EQ(GPURNG_STATUS_SUCCESS, gpurngPriceGarchLookback(g_gpu, &o, 15, 1, &kQ1, r));
  expect_within(r[0], kQ1Value, kQ1Se, "GARCH lookback Q1, 2^22 paths");
  o.paths = 1 << 20;
  o.antithetic = 1;
  ASSERT_EQ(GPURNG_STATUS_SUCCESS, gpurngPriceMbs(g_gpu, &o, &kMbs, r));
  expect_within(r[0], kMbsValue, kMbsSe, "MBS nearly linear, 2^20 antithetic pairs");
  o.antithetic = 0;
  const FlatLibor libor;
  ASSERT_EQ(GPURNG_STATUS_SUCCESS, gpurngPriceLiborCaplets(g_gpu, &o, &libor.params, r));
  expect_black_caplets(r, "LIBOR, 2^20 paths");
}

}  // namespace

int main(int argc, char** argv) {
  ::testing::InitGoogleTest(&argc, argv);
  if (gpurngCreatePricerOnBackend(&g_gpu, GPURNG_BACKEND_CUDA) != GPURNG_STATUS_SUCCESS) {
    std::printf("no usable GPU: skipped\n");
    return 77;
  }
  if (gpurngCreatePricerOnBackend(&g_cpu, GPURNG_BACKEND_CPU) != GPURNG_STATUS_SUCCESS) return 1;
  const int r = RUN_ALL_TESTS();
  gpurngDestroyPricer(g_cpu);
  gpurngDestroyPricer(g_gpu);
  return r;
}
