// SPDX-License-Identifier: BSD-3-Clause
// The ADI steppers' definition (src/pde/adi_scheme.hpp, issue 35) against what is known of the Douglas scheme
// independently of it: the exact amplification of a separable sine mode (In 't Hout and Welfert 2007, evaluated in
// long double), to rounding, in two and three dimensions; second order in time against the semi-discrete solution
// and in space against the heat equation's (theta = 1/2); stability for large steps; and the increment form the
// definition computes against the theta form itself (Y_0 = U + sum r_j D_j U, (I - q_j D_j) Y_{j+1} = Y_j - q_j D_j
// U in dimension order, U' = Y_D), written here in long double with a plain Thomas sweep, on random grids.
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <limits>
#include <random>
#include <vector>

#include "adi_scheme.hpp"

namespace {

using gpurng::pde::AdiGrid;
using gpurng::pde::douglas_heat_steps;

constexpr long double kPi = 3.141592653589793238462643383279502884L;

// The mode sin(k_j pi x_j / L_j) on the interior nodes x_j = (i_j + 1) h_j, h_j = L_j / (n_j + 1).
template <typename T, int D>
std::vector<T> sine_mode(const AdiGrid<D>& g, const int (&k)[D]) {
  std::vector<T> u(g.size());
  for (size_t e = 0; e < u.size(); ++e) {
    size_t rest = e;
    long double v = 1;
    for (int j = 0; j < D; ++j) {
      const size_t i = rest % size_t(g.n[j]);
      rest /= size_t(g.n[j]);
      v *= std::sin(kPi * k[j] * (long double)(i + 1) / (g.n[j] + 1));
    }
    u[e] = T(v);
  }
  return u;
}

// The Douglas amplification of that mode: g = 1 + sum z_j / prod (1 - theta z_j), z_j = r_j mu_j.
template <int D>
long double amplification(const AdiGrid<D>& g, const int (&k)[D], const long double (&r)[D], long double theta) {
  long double sum = 0, prod = 1;
  for (int j = 0; j < D; ++j) {
    const long double s = std::sin(kPi * k[j] / (2.0L * (g.n[j] + 1)));
    const long double z = -4.0L * s * s * r[j];
    sum += z;
    prod *= 1 - theta * z;
  }
  return 1 + sum / prod;
}

// N steps of the definition on a sine mode against g^N times the mode: every node within tol of it.
template <typename T, int D>
void mode_decays_by_amplification(const AdiGrid<D>& g, const T (&h)[D], T dt, const int (&k)[D], int N) {
  std::vector<T> u = sine_mode<T, D>(g, k);
  const std::vector<T> u0 = u;
  ASSERT_EQ((douglas_heat_steps<T, D>)(g, h, dt, T(0.5), N, u.data()), 0);
  long double r[D];
  const gpurng::pde::DouglasConsts<T, D> c = gpurng::pde::douglas_consts(dt, h, T(0.5));
  for (int j = 0; j < D; ++j) r[j] = c.r[j];  // the rounded r_j the scheme uses
  const long double gN = std::pow(amplification(g, k, r, 0.5L), N);
  // Rounding: a few operations a node a step, each within eps of the values (all of size <= 1).
  const double tol = 16.0 * (N + 1) * std::numeric_limits<T>::epsilon();
  double worst = 0;
  for (size_t e = 0; e < u.size(); ++e) worst = std::max(worst, double(std::fabs(u[e] - gN * u0[e])));
  EXPECT_LE(worst, tol) << "D=" << D << " k0=" << k[0] << " g^N=" << double(gN);
  EXPECT_LT(gN, 1.0L);  // it did decay
  EXPECT_GT(gN, 0.0L);
}

TEST(AdiDefinition, SineModeDecaysByTheDouglasAmplification2d) {
  const AdiGrid<2> g{{31, 47}};
  const double h[2] = {1.0 / 32, 2.0 / 48};
  for (auto k : {std::array<int, 2>{1, 1}, std::array<int, 2>{3, 2}, std::array<int, 2>{30, 46}}) {
    const int kk[2] = {k[0], k[1]};
    mode_decays_by_amplification<double, 2>(g, h, 1e-3, kk, 40);
    const float hf[2] = {1.0f / 32, 2.0f / 48};
    mode_decays_by_amplification<float, 2>(g, hf, 1e-3f, kk, 40);
  }
}

TEST(AdiDefinition, SineModeDecaysByTheDouglasAmplification3d) {
  const AdiGrid<3> g{{15, 19, 23}};
  const double h[3] = {1.0 / 16, 1.0 / 20, 1.5 / 24};
  for (auto k : {std::array<int, 3>{1, 1, 1}, std::array<int, 3>{2, 3, 1}, std::array<int, 3>{15, 1, 23}}) {
    const int kk[3] = {k[0], k[1], k[2]};
    mode_decays_by_amplification<double, 3>(g, h, 2e-3, kk, 30);
  }
}

// Order in time: on one grid (31 x 31 on the unit square, mode (1, 2)), against the semi-discrete solution
// exp(t sum_j lambda_j) (lambda_j = mu_j / h_j^2, the exact decay of the ODE the scheme integrates), dt halved from
// 0.01: the error falls by about 4 a halving (theta = 1/2). Order in space: against the continuous solution
// exp(-pi^2 (k_0^2 + k_1^2) t), h halved from 1/16 with dt = h^2 (the time error four times smaller each time as
// well): about 4 again. Both at t = 0.1.
double error_at(int n, int N, bool semi_discrete) {
  const int k[2] = {1, 2};
  const long double t_end = 0.1L;
  const AdiGrid<2> g{{n, n}};
  const double hh = 1.0 / (n + 1);
  const double h[2] = {hh, hh};
  std::vector<double> u = sine_mode<double, 2>(g, k);
  const std::vector<double> u0 = u;
  EXPECT_EQ((douglas_heat_steps<double, 2>)(g, h, double(t_end / N), 0.5, N, u.data()), 0);
  long double rate = 0;
  for (int j = 0; j < 2; ++j) {
    const long double s = std::sin(kPi * k[j] / (2.0L * (n + 1)));
    rate += semi_discrete ? -4.0L * s * s / (hh * hh) : -kPi * kPi * k[j] * k[j];
  }
  const long double decay = std::exp(rate * t_end);
  double err = 0;
  for (size_t e = 0; e < u.size(); ++e) err = std::max(err, double(std::fabs(u[e] - decay * u0[e])));
  return err;
}

TEST(AdiDefinition, SecondOrderInTimeAndSpace) {
  double prev = 0;
  for (int N : {10, 20, 40, 80}) {
    const double err = error_at(31, N, true);
    if (prev > 0) EXPECT_NEAR(std::log2(prev / err), 2.0, 0.3) << "time: N=" << N << " " << err << " " << prev;
    prev = err;
  }
  prev = 0;
  for (int n : {15, 31, 63}) {
    const double h = 1.0 / (n + 1);
    const double err = error_at(n, int(std::lround(0.1 / (h * h))), false);
    if (prev > 0) EXPECT_NEAR(std::log2(prev / err), 2.0, 0.3) << "space: n=" << n << " " << err << " " << prev;
    prev = err;
  }
  EXPECT_LT(prev, 1e-4);
}

// theta >= 1/2: the stiffest mode of a fine grid with a large step (r = dt / h^2 = 400) stays bounded.
TEST(AdiDefinition, UnconditionallyStableForLargeSteps) {
  const AdiGrid<2> g{{63, 63}};
  const double h[2] = {1.0 / 64, 1.0 / 64};
  const int k[2] = {63, 63};
  std::vector<double> u = sine_mode<double, 2>(g, k);
  ASSERT_EQ((douglas_heat_steps<double, 2>)(g, h, 400.0 / (64.0 * 64.0), 0.5, 50, u.data()), 0);
  for (double v : u) ASSERT_LE(std::fabs(v), 1.0);
}

// One step of the theta form in long double: the scheme as In 't Hout and Welfert write it, each line's system
// (-q off the diagonal, 1 + 2q on it) solved by Thomas with c' and d'.
template <int D>
void theta_form_step(const AdiGrid<D>& g, const long double (&r)[D], long double theta, std::vector<long double>& u) {
  const size_t N = g.size();
  auto diff = [&](const std::vector<long double>& v, size_t e, int j) {
    const size_t s = g.stride(j);
    const int i = int((e / s) % size_t(g.n[j]));
    const long double left = i > 0 ? v[e - s] : 0.0L, right = i + 1 < g.n[j] ? v[e + s] : 0.0L;
    return left - 2 * v[e] + right;
  };
  std::vector<long double> y(N), rhs(N);
  for (size_t e = 0; e < N; ++e) {
    y[e] = u[e];
    for (int j = 0; j < D; ++j) y[e] += r[j] * diff(u, e, j);
  }
  for (int j = 0; j < D; ++j) {
    const long double q = theta * r[j];
    for (size_t e = 0; e < N; ++e) rhs[e] = y[e] - q * diff(u, e, j);
    const size_t s = g.stride(j), m = size_t(g.n[j]);
    std::vector<long double> cp(m), dp(m);
    for (size_t e0 = 0; e0 < N; ++e0) {
      if ((e0 / s) % m != 0) continue;
      for (size_t i = 0; i < m; ++i) {
        const long double a = i > 0 ? -q : 0.0L, c = i + 1 < m ? -q : 0.0L;
        const long double p = (1 + 2 * q) - a * (i > 0 ? cp[i - 1] : 0.0L);
        cp[i] = c / p;
        dp[i] = (rhs[e0 + i * s] - a * (i > 0 ? dp[i - 1] : 0.0L)) / p;
      }
      for (size_t i = m; i-- > 0;) y[e0 + i * s] = dp[i] - (i + 1 < m ? cp[i] * y[e0 + (i + 1) * s] : 0.0L);
    }
  }
  u = y;
}

// Random values on odd, unequal grids, theta 1/2 and 3/4, large and small steps: the definition (increment form,
// solves in the order 1 .. D-1, 0) within rounding of the theta form in dimension order (the directional operators
// commute, so the two are the same scheme).
template <int D>
void increment_form_is_the_theta_form(const AdiGrid<D>& g, const double (&h)[D], double dt, double theta, int N) {
  std::mt19937_64 rng(42 + D);
  std::uniform_real_distribution<double> unit(-1, 1);
  std::vector<double> u(g.size());
  for (double& v : u) v = unit(rng);
  std::vector<long double> ref(u.begin(), u.end());
  ASSERT_EQ((douglas_heat_steps<double, D>)(g, h, dt, theta, N, u.data()), 0);
  const gpurng::pde::DouglasConsts<double, D> c = gpurng::pde::douglas_consts(dt, h, theta);
  long double r[D];
  double r_sum = 0;
  for (int j = 0; j < D; ++j) {
    r[j] = c.r[j];  // the rounded r_j the definition uses (q_j = theta r_j, rounded)
    r_sum += c.r[j];
  }
  const long double th = (long double)(c.q[0]) / r[0];
  for (int step = 0; step < N; ++step) theta_form_step<D>(g, r, th, ref);
  double worst = 0;
  for (size_t e = 0; e < u.size(); ++e) worst = std::max(worst, double(std::fabs(u[e] - ref[e])));
  // Each step's operations round within eps of values of size <= 1 (|g| <= 1), the explicit part's rounding
  // growing with the r_j (up to about 10 here).
  EXPECT_LE(worst, 64.0 * (N + 1) * std::numeric_limits<double>::epsilon() * (1 + r_sum))
      << "D=" << D << " dt=" << dt << " theta=" << theta;
}

TEST(AdiDefinition, IncrementFormIsTheThetaForm) {
  const AdiGrid<2> g2{{17, 12}};
  const double h2[2] = {1.0 / 18, 1.5 / 13};
  const AdiGrid<3> g3{{9, 7, 11}};
  const double h3[3] = {1.0 / 10, 0.8 / 8, 1.2 / 12};
  for (double theta : {0.5, 0.75}) {
    increment_form_is_the_theta_form<2>(g2, h2, 1e-3, theta, 6);
    increment_form_is_the_theta_form<2>(g2, h2, 3e-2, theta, 6);
    increment_form_is_the_theta_form<3>(g3, h3, 1e-3, theta, 5);
    increment_form_is_the_theta_form<3>(g3, h3, 5e-2, theta, 5);
  }
}

}  // namespace
