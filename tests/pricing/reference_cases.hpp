// SPDX-License-Identifier: BSD-3-Clause
// The reference cases (docs/PRICING.md, Reference values) shared by the CPU and GPU pricing tests: the
// parameter sets, their published values, the flat LIBOR set with Black's caplets, and the 4-standard-error check.
#pragma once

#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>

#include "gpurng_pricing.h"

namespace pricing_cases {

const gpurngAsianBasketParams_t kP1 = {1.5, 1.2, 0.001, 0.002, 0.02, 0.01, 0.015};
constexpr double kP1Value = 0.013278, kP1Se = 0.000049;  // 2^20 paths
const gpurngGarchLookbackParams_t kQ1 = {0.05, 0.1, 0.1, 0.2, 0.1, 1.5, 0.0};
constexpr double kQ1Value = 4.929008, kQ1Se = 0.00265;  // T = 15, 2^22 paths
// CMO's "nearly linear" set. Its published 0.0004 is sigma^2: sigma = 0.02 gives 131.786860 (2^20 antithetic pairs).
const gpurngMbsParams_t kMbs = {0.007, 0.01, -0.005, 10.0, 0.5, 0.02, 360};
constexpr double kMbsValue = 131.786860, kMbsSe = 0.000116;

// delta 0.25, 40 forwards flat at 5 %, K 5 %, sigma 20 %, one factor, 4 steps a period; Black's caplets by
// QuantLib's blackFormula for the caplets of docs/PRICING.md's table.
struct FlatLibor {
  double initial[40], loadings[40];
  gpurngLiborParams_t params;
  FlatLibor() : params{40, 1, 4, 0.25, 0.05, initial, loadings} {
    for (int j = 0; j < 40; ++j) {
      initial[j] = 0.05;
      loadings[j] = 0.2;
    }
  }
};
// A small two-factor LIBOR set for the known-answer tests: 6 forwards 4 % + 0.2 % j, a flat factor 0.2 and a
// tilted one 0.05 - 0.02 j, 2 steps a period, delta 0.25, K 4.5 %.
struct TwoFactorLibor {
  static constexpr int n = 6, factors = 2, steps_per_period = 2;
  double initial[n], loadings[factors * n];
  gpurngLiborParams_t params;
  TwoFactorLibor() : params{n, factors, steps_per_period, 0.25, 0.045, initial, loadings} {
    for (int j = 0; j < n; ++j) {
      initial[j] = 0.04 + 0.002 * j;
      loadings[j] = 0.2;
      loadings[n + j] = 0.05 - 0.02 * j;
    }
  }
  int normals() const { return (n - 1) * steps_per_period * factors; }
};
constexpr int kBlackCaplets[5] = {1, 4, 8, 20, 39};
constexpr double kBlackValues[5] = {4.86238215842035e-4, 9.35732197493623e-4, 1.25708332632615e-3, 1.70385381457786e-3,
                                    1.86440196173416e-3};

// |ours - reference| within 4 combined standard errors; prints the distance.
inline void expect_within(const gpurngPricingResult_t& r, double ref, double ref_se, const char* what) {
  const double combined = std::sqrt(r.std_error * r.std_error + ref_se * ref_se);
  std::printf("[ estimate ] %s: %.8g +- %.3g (reference %.8g +- %.3g): %+.2f s.e.\n", what, r.mean, r.std_error, ref,
              ref_se, (r.mean - ref) / combined);
  EXPECT_LT(std::fabs(r.mean - ref), 4.0 * combined) << what;
}

// Every caplet of the table against Black's formula.
inline void expect_black_caplets(const gpurngPricingResult_t* r, const char* what) {
  for (int i = 0; i < 5; ++i) {
    char label[96];
    std::snprintf(label, sizeof label, "%s, caplet %d", what, kBlackCaplets[i]);
    expect_within(r[kBlackCaplets[i]], kBlackValues[i], 0.0, label);
  }
}

}  // namespace pricing_cases
