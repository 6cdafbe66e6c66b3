// SPDX-License-Identifier: BSD-3-Clause
// Checks the solver oracles before anything is checked against them: three independent tridiagonal
// solvers (long double Thomas, LAPACK dgtsv with pivoting, QuantLib's TridiagonalOperator) must agree,
// and the QuantLib pricers must reproduce the recorded values in docs/SOLVERS.md (the one-factor PDE).
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <vector>

#include "lapack_gtsv.hpp"
#include "naive_thomas.hpp"
#include "quantlib_oracle.hpp"

namespace {

using gpurng_test::lapack_gtsv;
using gpurng_test::naive_thomas;
using gpurng_test::random_dominant_system;
using gpurng_test::relative_residual;

// max_i |x_i - y_i| / max_i |y_i|: normwise, so a tiny component cannot fail the check on its own.
template <class X, class Y>
double normwise_diff(const std::vector<X>& x, const std::vector<Y>& y) {
  long double diff = 0.0L, scale = 0.0L;
  for (std::size_t i = 0; i < y.size(); ++i) {
    diff = std::max(diff, std::fabs(static_cast<long double>(x[i]) - static_cast<long double>(y[i])));
    scale = std::max(scale, std::fabs(static_cast<long double>(y[i])));
  }
  return static_cast<double>(diff / scale);
}

TEST(SolverOracles, TridiagonalSolversAgree) {
  for (int n : {1, 2, 3, 31, 256, 1000}) {
    for (uint64_t seed = 1; seed <= 5; ++seed) {
      SCOPED_TRACE("n = " + std::to_string(n) + ", seed = " + std::to_string(seed));
      std::vector<double> a, b, c, d;
      random_dominant_system(seed * 1000003u + n, n, a, b, c, d);
      const std::vector<long double> ref = naive_thomas(a, b, c, d);
      const std::vector<double> lap = lapack_gtsv(n, a, b, c, d);
      // QuantLib takes the off-diagonals as n-1 entries: drop a[0] and c[n-1].
      const std::vector<double> ql = gpurng_test::ql_tridiagonal_solve(std::vector<double>(a.begin() + 1, a.end()), b,
                                                                       std::vector<double>(c.begin(), c.end() - 1), d);
      ASSERT_EQ(lap.size(), static_cast<std::size_t>(n));
      ASSERT_EQ(ql.size(), static_cast<std::size_t>(n));
      EXPECT_LT(normwise_diff(lap, ref), 1e-12);
      EXPECT_LT(normwise_diff(ql, ref), 1e-12);
      EXPECT_LT(normwise_diff(ql, lap), 1e-12);
      // Backward error of the double solutions: a few ulps.
      EXPECT_LT(relative_residual(a, b, c, d, lap), 1e-14L);
      EXPECT_LT(relative_residual(a, b, c, d, ql), 1e-14L);
    }
  }
}

TEST(SolverOracles, NaiveThomasFloatAgreesWithSgtsv) {
  std::vector<float> a, b, c, d;
  random_dominant_system(42, 1000, a, b, c, d);
  const std::vector<long double> ref = naive_thomas(a, b, c, d);
  const std::vector<float> lap = lapack_gtsv(1000, a, b, c, d);
  EXPECT_LT(normwise_diff(lap, ref), 1e-5);
  EXPECT_LT(relative_residual(a, b, c, d, lap), 1e-6L);
}

TEST(SolverOracles, GeneratorIsDominantAndReproducible) {
  std::vector<double> a, b, c, d, a2, b2, c2, d2;
  random_dominant_system(7, 100, a, b, c, d);
  random_dominant_system(7, 100, a2, b2, c2, d2);
  EXPECT_EQ(a, a2);
  EXPECT_EQ(b, b2);
  EXPECT_EQ(c, c2);
  EXPECT_EQ(d, d2);
  EXPECT_EQ(a[0], 0.0);
  EXPECT_EQ(c[99], 0.0);
  for (int i = 0; i < 100; ++i) EXPECT_GT(std::fabs(b[i]), 1.1 * (std::fabs(a[i]) + std::fabs(c[i])) * (1 - 1e-15));
}

// docs/SOLVERS.md's oracle values: S = K = 100, r = 0.05, sigma = 0.2, T = 1.
TEST(SolverOracles, AnalyticBlackScholes) {
  double delta = 0, gamma = 0;
  const double npv = gpurng_test::ql_black_scholes_analytic(true, 100, 100, 0.05, 0.2, 1.0, &delta, &gamma);
  EXPECT_NEAR(npv, 10.450583572185565, 1e-9);
  EXPECT_NEAR(delta, 0.636830651176, 1e-9);
  EXPECT_NEAR(gamma, 0.018762017346, 1e-9);
}

TEST(SolverOracles, FdBlackScholesPublished) {
  double delta = 0, gamma = 0;
  const double douglas = gpurng_test::ql_fd_black_scholes(true, false, 100, 100, 0.05, 0.2, 1.0, 2500, 256,
                                                          gpurng_test::kQlDouglas, &delta, &gamma);
  EXPECT_NEAR(douglas, 10.4515380930, 1e-8);
  EXPECT_NEAR(delta, 0.63689754, 1e-8);  // table rounds to 8 decimals
  EXPECT_NEAR(gamma, 0.01876455, 1e-8);
  const double implicit = gpurng_test::ql_fd_black_scholes(true, false, 100, 100, 0.05, 0.2, 1.0, 2500, 256,
                                                           gpurng_test::kQlImplicitEuler, nullptr, nullptr);
  EXPECT_NEAR(implicit, 10.4511184303, 1e-8);
  const double coarse = gpurng_test::ql_fd_black_scholes(true, false, 100, 100, 0.05, 0.2, 1.0, 100, 100,
                                                         gpurng_test::kQlDouglas, nullptr, nullptr);
  EXPECT_NEAR(coarse, 10.4569421916, 1e-8);
}

TEST(SolverOracles, FdAmericanPutSanity) {
  const double european = gpurng_test::ql_black_scholes_analytic(false, 100, 100, 0.05, 0.2, 1.0, nullptr, nullptr);
  const double american = gpurng_test::ql_fd_black_scholes(false, true, 100, 100, 0.05, 0.2, 1.0, 500, 200,
                                                           gpurng_test::kQlDouglas, nullptr, nullptr);
  // Early exercise has value for a put with r > 0, but not much at the money over one year.
  EXPECT_GT(american, european + 0.2);
  EXPECT_LT(american, european + 1.0);
}

}  // namespace
