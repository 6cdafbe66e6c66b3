// SPDX-License-Identifier: BSD-3-Clause
// The anchors' paths: one path of each model written directly from docs/PRICING.md's Asian basket, LIBOR and MBS
// (and gpurng_pricing.h's float paths for the MBS), with the C math library's exp and atan and nothing tuned.
// One definition for both anchors: the cuRAND kernels of pricing_bench.cu and the mt19937_64 loops of
// pricing_cpu_bench.cpp. `next()` returns the path's next standard normal as T.
#pragma once

#include <math.h>

#include "gpurng_pricing.h"

#if defined(__CUDACC__)
#define ANCHOR_HD __host__ __device__
#else
#define ANCHOR_HD
#endif

namespace anchor {

ANCHOR_HD inline float exp_of(float x) { return expf(x); }
ANCHOR_HD inline double exp_of(double x) { return exp(x); }
ANCHOR_HD inline float atan_of(float x) { return atanf(x); }
ANCHOR_HD inline double atan_of(double x) { return atan(x); }
template <typename T>
ANCHOR_HD T max_of(T a, T b) {
  return a > b ? a : b;
}

template <typename T>
struct AsianSet {
  T A0, B0, muA, muB, sAA, sAB, sBB;
};

template <typename T>
AsianSet<T> asian_set(const gpurngAsianBasketParams_t& p) {
  return {T(p.A0), T(p.B0), T(p.muA), T(p.muB), T(p.sigmaAA), T(p.sigmaAB), T(p.sigmaBB)};
}

// GPU Gems 3 ch. 37's Asian basket: the undiscounted payoff max(mean of max(a, b) - max(a_T, b_T), 0).
template <typename T, typename N>
ANCHOR_HD double asian_path(const AsianSet<T>& p, int steps, N&& next) {
  T a = p.A0, b = p.B0, sum = T(0);
  for (int t = 0; t < steps; ++t) {
    const T z1 = next(), z2 = next();
    a *= exp_of(p.muA + p.sAA * z1);
    b *= exp_of(p.muB + p.sAB * z1 + p.sBB * z2);
    sum += max_of(a, b);
  }
  return double(max_of(sum / T(steps) - max_of(a, b), T(0)));
}

template <typename T>
struct Mbs {
  T i0, K0, K1, K2, K3, K4, sigma;
  int months;
  const double* annuity;  // a_k at annuity[k - 1], path-independent: computed once on the host
};

// The present value of the MBS's cash flows. Rates and prepayments are T; the survival and discount products
// and the sum are double, as gpurng_pricing.h defines float paths.
template <typename T, typename N>
ANCHOR_HD double mbs_path(const Mbs<T>& m, N&& next) {
  T rate = m.i0;
  double survive = 1.0, discount = 1.0 / (1.0 + double(m.i0)), pv = 0.0;
  for (int k = 1; k <= m.months; ++k) {
    rate = m.K0 * exp_of(m.sigma * next()) * rate;
    const double w = double(m.K1 + m.K2 * atan_of(m.K3 * rate + m.K4));
    pv += discount * survive * ((1.0 - w) + w * m.annuity[k - 1]);
    survive *= 1.0 - w;
    discount /= 1.0 + double(rate);
  }
  return pv;
}

constexpr int kMaxForwards = 64;

template <typename T>
struct Libor {
  int n, steps_per_period;
  T delta, strike, L0, sigma;  // flat initial forwards and one flat volatility factor (docs/PRICING.md's set)
};

// LIBOR caplets, spot measure, log-Euler with the drift frozen at the step start, one factor. The running sum S
// is the drift's sum over i = eta .. j, each term taken before L_i moves. Forward j stops moving after period j,
// so L[j] at the end is its fixing L_j(T_j). emit(j, payoff) gets caplet j's discounted payoff, j = 0 .. n-1.
template <typename T, typename N, typename E>
ANCHOR_HD void libor_path(const Libor<T>& p, N&& next, E&& emit) {
  T L[kMaxForwards];
  for (int j = 0; j < p.n; ++j) L[j] = p.L0;
  const T h = p.delta / T(p.steps_per_period), sqrt_h = T(sqrt(double(h)));
  for (int k = 1; k < p.n; ++k)
    for (int s = 0; s < p.steps_per_period; ++s) {
      const T z = next();
      T S = T(0);
      for (int j = k; j < p.n; ++j) {
        S += p.sigma * p.delta * L[j] / (T(1) + p.delta * L[j]);
        const T mu = p.sigma * S;
        L[j] *= exp_of((mu - T(0.5) * p.sigma * p.sigma) * h + p.sigma * sqrt_h * z);
      }
    }
  T numeraire = T(1);
  for (int j = 0; j < p.n; ++j) {
    numeraire *= T(1) + p.delta * L[j];
    emit(j, double(p.delta * max_of(L[j] - p.strike, T(0)) / numeraire));
  }
}

}  // namespace anchor
