// SPDX-License-Identifier: BSD-3-Clause
// The CPU pricers' instruction-set copies give the same bits: the baseline copy walks one path at a time, the AVX2
// and AVX-512 copies walk lanes of paths (pricing_cpu_lanes.inc: double paths on Philox), so every estimate of
// every model, with and without antithetic paths, from a first path and a path count that are not multiples of
// the lane count, must equal the baseline's bit for bit. The cases also cover sources and precisions without
// lanes, which must not move either. (isa_digest.hpp runs this executable once per copy.) The lane functions'
// rare arguments (NaN, overflow, subnormal results) are checked directly in test_lane_math.
#include <gtest/gtest.h>

#include <cmath>
#include <vector>

#include "../solvers/isa_digest.hpp"
#include "gpurng_pricing.h"
#include "reference_cases.hpp"

namespace {

using namespace pricing_cases;

struct Pricer {
  gpurngPricer_t p = nullptr;
  Pricer() { EXPECT_EQ(GPURNG_STATUS_SUCCESS, gpurngCreatePricerOnBackend(&p, GPURNG_BACKEND_CPU)); }
  ~Pricer() { gpurngDestroyPricer(p); }
};

void eat(gpurng_test::Digest& d, const gpurngPricingResult_t* r, int n) {
  for (int i = 0; i < n; ++i) {
    d.eat(&r[i].mean, sizeof r[i].mean);
    d.eat(&r[i].std_error, sizeof r[i].std_error);
  }
}

TEST(PricersIsa, EveryCopySameBits) {
  Pricer pr;
  gpurng_test::Digest d;
  int priced = 0;
  const gpurngRngType_t engines[] = {GPURNG_RNG_PSEUDO_PHILOX4_32_10, GPURNG_RNG_PSEUDO_XORWOW};
  for (gpurngRngType_t engine : engines)
    for (int precision : {GPURNG_PATHS_DOUBLE, GPURNG_PATHS_FLOAT})
      for (int antithetic : {0, 1}) {
        gpurngPricingOptions_t o;
        ASSERT_EQ(GPURNG_STATUS_SUCCESS, gpurngPricingOptionsDefault(&o));
        o.engine = engine;
        o.precision = static_cast<gpurngPathPrecision_t>(precision);
        o.seed = 97;
        o.first_path = 13;  // lanes start off a multiple of 8, chunks of 256 cross it
        o.paths = 1003;     // and the last lane group is partial
        o.antithetic = antithetic;
        gpurngPricingResult_t r[40];
        // two sets, so that set 1's paths are priced too
        const gpurngAsianBasketParams_t asian[2] = {kP1, {1.0, 1.1, -0.002, 0.001, 0.03, 0.01, 0.02}};
        ASSERT_EQ(GPURNG_STATUS_SUCCESS, gpurngPriceAsianBasket(pr.p, &o, 37, 2, asian, r));
        eat(d, r, 2);
        ASSERT_EQ(GPURNG_STATUS_SUCCESS, gpurngPriceGarchLookback(pr.p, &o, 15, 1, &kQ1, r));
        eat(d, r, 1);
        ASSERT_EQ(GPURNG_STATUS_SUCCESS, gpurngPriceMbs(pr.p, &o, &kMbs, r));
        eat(d, r, 1);
        const FlatLibor flat;
        ASSERT_EQ(GPURNG_STATUS_SUCCESS, gpurngPriceLiborCaplets(pr.p, &o, &flat.params, r));
        eat(d, r, 40);
        const TwoFactorLibor two;
        ASSERT_EQ(GPURNG_STATUS_SUCCESS, gpurngPriceLiborCaplets(pr.p, &o, &two.params, r));
        eat(d, r, two.n);
        for (int i = 0; i < two.n; ++i) EXPECT_TRUE(std::isfinite(r[i].mean));
        ++priced;
      }
  EXPECT_EQ(priced, 8);
  gpurng_test::digest_mode_or_compare("GPURNG_PRICERS_ISA_DIGEST", "PricersIsa.EveryCopySameBits", d.hex());
}

}  // namespace
