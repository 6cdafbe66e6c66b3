// SPDX-License-Identifier: BSD-3-Clause
// The device API's Poisson calls compiled for the host (portable mode): the draws each method consumes (Knuth:
// k + 1 uniforms for the value k; the normal approximation: one double normal), the normal approximation's formula,
// and the distribution: mean and variance within a few standard errors for lambda across the three methods.
#include <gtest/gtest.h>

#include <cmath>
#include <cstring>

#include "gpurng/device/poisson.hpp"
#include "gpurng_kernel.h"

namespace {

template <class State>
void check_knuth_consumption(double lambda) {
  State s;
  gpurng_init(12345, 7, 0, &s);
  for (int i = 0; i < 200; ++i) {
    State before = s;
    const unsigned k = gpurng_poisson(&s, lambda);
    for (unsigned j = 0; j <= k; ++j) gpurng_uniform(&before);
    ASSERT_EQ(0, std::memcmp(&before, &s, sizeof s)) << lambda << " " << i << " " << k;
  }
}

TEST(DeviceApiPoisson, KnuthTakesOneUniformMoreThanItsValue) {
  for (double lambda : {0.25, 4.0, 63.5}) {
    check_knuth_consumption<gpurngStateXORWOW_t>(lambda);
    check_knuth_consumption<gpurngStateMRG32k3a_t>(lambda);
    check_knuth_consumption<gpurngStatePhilox4_32_10_t>(lambda);
  }
}

TEST(DeviceApiPoisson, LargeLambdaIsTheRoundedNormalApproximation) {
  for (double lambda : {4000.5, 1e5, 3e9}) {
    gpurngStatePhilox4_32_10_t s, t;
    gpurng_init(3, 1, 5, &s);
    t = s;
    for (int i = 0; i < 100; ++i) {
      const double z = gpurng_normal_double(&t);
      const double want = std::floor(std::sqrt(lambda) * z + lambda + 0.5);  // positive here: truncation = floor
      ASSERT_EQ(static_cast<unsigned>(want), gpurng_poisson(&s, lambda)) << lambda;
    }
  }
}

template <class State>
void check_moments(double lambda) {
  State s;
  gpurng_init(2024, 3, 0, &s);
  const int n = 20000;
  double sum = 0, sum2 = 0;
  for (int i = 0; i < n; ++i) {
    const double k = gpurng_poisson(&s, lambda);
    sum += k;
    sum2 += k * k;
  }
  const double mean = sum / n, var = sum2 / n - mean * mean;
  // Poisson: mean = variance = lambda; the sample mean's standard error is sqrt(lambda / n), the sample
  // variance's about lambda sqrt(2 / n) (plus the fourth-cumulant term lambda / n).
  EXPECT_NEAR(mean, lambda, 5 * std::sqrt(lambda / n)) << lambda;
  EXPECT_NEAR(var, lambda, 5 * std::sqrt(2 * lambda * lambda / n + lambda / n)) << lambda;
}

TEST(DeviceApiPoisson, MeanAndVarianceInEveryRegime) {
  for (double lambda : {0.5, 4.0, 30.0, 64.0, 100.0, 1000.0, 3999.0, 4001.0, 1e5}) {
    check_moments<gpurngStateXORWOW_t>(lambda);
    check_moments<gpurngStateMRG32k3a_t>(lambda);
    check_moments<gpurngStatePhilox4_32_10_t>(lambda);
  }
}

}  // namespace
