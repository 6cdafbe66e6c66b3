// SPDX-License-Identifier: BSD-3-Clause
// A checked gpurngBlackScholesAdi* call (basket_adi_api.cpp), handed to the CPU stepper (basket_adi_cpu.cpp).
#pragma once

#include <stddef.h>
#include <stdint.h>

#include <cmath>

#include "basket_adi_scheme.hpp"
#include "gpurng.h"

namespace gpurng {
namespace pde {

enum : int { kBasketArithmetic = 0, kBasketGeometric = 1, kBasketMax = 2, kBasketUserGrid = 3 };

template <typename T>
struct BasketCall {
  bool hv = true;
  int ndim = 0;
  int J[3] = {0, 0, 0};
  T Smax[3] = {T(0), T(0), T(0)};
  int N = 0;
  int payoff = 0;
  const T* payoff_grid = nullptr;
  int count = 0;
  const T *S0 = nullptr, *strike = nullptr, *rate = nullptr, *sigma = nullptr, *rho = nullptr, *maturity = nullptr;
  T *price = nullptr, *delta = nullptr, *grid = nullptr;
  int* info = nullptr;

  size_t nodes() const {
    size_t n = 1;
    for (int i = 0; i < ndim; ++i) n *= size_t(J[i]) + 1;
    return n;
  }
  int pairs() const { return ndim * (ndim - 1) / 2; }
};

// x^(1/3) for x >= 0 by IEEE operations only (exact scaling by powers of two, then Newton's iteration with explicit
// fused multiply-adds), so that both backends round it alike: libm's cbrt and pow and CUDA's are not correctly
// rounded and differ in the last bits.
template <typename T>
GPURNG_HD T cube_root_hd(T x) {
  if (!(x > T(0))) return T(0);
  int e = 0;
  T m = std::frexp(x, &e);  // x = m 2^e, m in [1/2, 1)
  while (e % 3 != 0) {      // move factors of two into m until 3 divides e: m in [1/8, 1)
    m = m * T(0.5);
    ++e;
  }
  T y = fma_hd(T(0.5), m, T(0.5));  // a start in [0.56, 1) above the root, from which Newton descends
  for (int it = 0; it < 7; ++it) y = y - (fma_hd(y * y, y, -m) / (T(3) * (y * y)));
  return std::ldexp(y, e / 3);
}

// The payoff at a node of prices S (strike K).
template <typename T, int D>
GPURNG_HD T basket_payoff(int kind, const T (&S)[D], T K) {
  T v;
  if (kind == kBasketArithmetic) {
    v = S[0];
    for (int i = 1; i < D; ++i) v = v + S[i];
    v = v / T(D);
  } else if (kind == kBasketGeometric) {
    T prod = S[0];
    for (int i = 1; i < D; ++i) prod = prod * S[i];
    v = D == 2 ? std::sqrt(prod) : cube_root_hd(prod);  // (sqrt is correctly rounded on both backends)
  } else {
    v = S[0];
    for (int i = 1; i < D; ++i) v = S[i] > v ? S[i] : v;
  }
  const T x = v - K;
  return x > T(0) ? x : T(0);
}

// The output check's slack below 0: max(S0_i, K) 2^-20 (double) or 2^-17 (float), as for one asset.
template <typename T, int D>
GPURNG_HD T basket_price_slack(const T (&S0)[D], T K) {
  T big = K;
  for (int i = 0; i < D; ++i) big = S0[i] > big ? S0[i] : big;
  return big * (sizeof(T) == 8 ? T(1.0 / 1048576.0) : T(1.0 / 131072.0));
}

// Option k's model and step as both steppers use them (host side).
template <typename T, int D>
struct BasketOption {
  int J[D];
  T sigma[D], rho[D][D], S0[D], h[D];
  T K, rate, dt, theta;
};

template <typename T, int D>
BasketOption<T, D> basket_option_params(const BasketCall<T>& call, int64_t k) {
  BasketOption<T, D> o;
  for (int i = 0; i < D; ++i) {
    o.J[i] = call.J[i];
    o.sigma[i] = call.sigma[k * D + i];
    o.S0[i] = call.S0[k * D + i];
    o.h[i] = call.Smax[i] / T(call.J[i]);
    for (int j = 0; j < D; ++j) o.rho[i][j] = i == j ? T(1) : T(0);
  }
  for (int i = 0, p = 0; i < D; ++i)
    for (int j = i + 1; j < D; ++j, ++p) o.rho[i][j] = o.rho[j][i] = call.rho[k * call.pairs() + p];
  o.K = call.payoff == kBasketUserGrid ? T(0) : call.strike[k];
  o.rate = call.rate[k];
  o.dt = call.maturity[k] / T(call.N);
  o.theta = call.hv ? T(kHundsdorferVerwerTheta) : T(0.5);
  return o;
}

// The payoff grid's value at node e (indices idx): the user's grid, or the payoff at S = j h.
template <typename T, int D>
T basket_payoff_at(const BasketCall<T>& call, const BasketOption<T, D>& o, const int (&idx)[D], size_t e) {
  if (call.payoff == kBasketUserGrid) return call.payoff_grid[e];
  T S[D];
  for (int i = 0; i < D; ++i) S[i] = T(idx[i]) * o.h[i];
  return basket_payoff<T, D>(call.payoff, S, o.K);
}

// The output check: a finite price no lower than the slack below 0, finite deltas.
template <typename T, int D>
bool basket_outputs_ok(const BasketOption<T, D>& o, T price, const T (&delta)[D]) {
  bool ok = std::isfinite(price) && price >= -basket_price_slack(o.S0, o.K);
  for (int i = 0; i < D; ++i) ok = ok && std::isfinite(delta[i]);
  return ok;
}

// Grids below this many nodes step on one thread (waking the pool costs more than their loops); a batch of them
// runs its options side by side on the threads instead.
constexpr size_t kBasketSerialNodes = size_t(1) << 14;

namespace cpu {
// Prices call.count options on CPU threads; info entries (the caller's or the call's own) receive each option's
// result. Returns the failure counts' status summary: SUCCESS, ZERO_PIVOT, RESULT_OUT_OF_BOUNDS or
// ALLOCATION_FAILED.
template <typename T>
gpurngStatus_t run_basket_adi(const BasketCall<T>& call);
}  // namespace cpu

}  // namespace pde
}  // namespace gpurng
