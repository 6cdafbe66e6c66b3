// SPDX-License-Identifier: BSD-3-Clause
// Test oracles backed by QuantLib (1.29 on Debian 12).  Plain C++ types only in this header, so tests
// that include it do not pay for QuantLib's headers; everything QuantLib lives in quantlib_oracle.cpp,
// compiled once into the static library gpurng_solver_oracles.
//
// Market setup shared by the pricers: flat continuously-compounded rate r, zero dividend yield, flat
// volatility sigma, Actual365Fixed, NullCalendar, fixed evaluation date 2 January 2023 and maturity
// round(T * 365) calendar days later (so T = 1 is exactly 1.0 year).  Functions throw std::exception
// (QuantLib::Error) on invalid input.
#pragma once

#include <vector>

namespace gpurng_test {

enum QlFdScheme { kQlDouglas = 0, kQlImplicitEuler = 1, kQlCrankNicolson = 2 };

// FdBlackScholesVanillaEngine(process, tGrid, xGrid, 0 damping steps, scheme) on a log-spot mesh.
// American exercise is allowed from the evaluation date to maturity.  delta/gamma may be null.
double ql_fd_black_scholes(bool call, bool american, double S0, double K, double r, double sigma, double T, int tGrid,
                           int xGrid, int scheme, double* delta, double* gamma);

// AnalyticEuropeanEngine (Black-Scholes closed form).  delta/gamma may be null.
double ql_black_scholes_analytic(bool call, double S0, double K, double r, double sigma, double T, double* delta,
                                 double* gamma);

// TridiagonalOperator(low, mid, high).solveFor(rhs): Thomas without pivoting.  Row i is
// low[i-1] x_{i-1} + mid[i] x_i + high[i] x_{i+1} = rhs[i]; low and high have n-1 entries.
std::vector<double> ql_tridiagonal_solve(const std::vector<double>& low, const std::vector<double>& mid,
                                         const std::vector<double>& high, const std::vector<double>& rhs);

// Wall-clock seconds per option for FdBlackScholesVanillaEngine (Douglas, no damping) pricing `options`
// European calls (S0 = 100, K = 100 + 0.01 i, r = 0.05, sigma = 0.2, T = 1) one after another on one
// thread; for comparing the batched GPU pricer against a CPU library.
double ql_fd_seconds_per_option(int options, int tGrid, int xGrid);

}  // namespace gpurng_test
