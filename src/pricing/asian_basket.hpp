// SPDX-License-Identifier: BSD-3-Clause
// GPU Gems 3 ch. 37's Asian basket (shared/reference/solvers.md 3.3, include/gpurng_pricing.h): two assets, every
// parameter per step, payoff max(mean of max(a, b) - max(a_T, b_T), 0). One definition for both backends.
#pragma once

#include "gpurng_pricing.h"
#include "path_math.hpp"

namespace gpurng {
namespace pricing {

template <typename T>
struct AsianBasketSet {
  T A0, B0, muA, muB, sAA, sAB, sBB;
};

template <typename T>
struct AsianBasketModel {
  const AsianBasketSet<T>* sets;
  int steps;

  // Points every array pointer through f (the GPU launcher moves them to the device copy).
  template <class F>
  void rebase(F&& f) {
    sets = f(sets);
  }

  static constexpr int kMaxOutputs = 1;
  GPURNG_HD int normals() const { return 2 * steps; }
  GPURNG_HD int outputs() const { return 1; }

  // One path of set `set` on the normals z hands out.
  template <typename Normals>
  GPURNG_HD void path(int set, Normals& z, double* out) const {
    const AsianBasketSet<T>& p = sets[set];
#if GPURNG_PRICING_FAST_DEVICE
    const T log_a0 = ::log(p.A0), log_b0 = ::log(p.B0);
#endif
#if GPURNG_PRICING_FAST_DEVICE
    // fast_mode: log prices, one exponential a step (max commutes with exp)
    T la = log_a0, lb = log_b0, sum = T(0);
    for (int t = 0; t < steps; ++t) {
      const T z1 = z.next(static_cast<T*>(nullptr));
      const T z2 = z.next(static_cast<T*>(nullptr));
      la = la + (p.muA + p.sAA * z1);
      lb = lb + ((p.muB + p.sAB * z1) + p.sBB * z2);
      sum = sum + path_exp(path_max(la, lb));
    }
    const T payoff = sum / T(steps) - path_exp(path_max(la, lb));
#else
    T a = p.A0, b = p.B0, sum = T(0);
    for (int t = 0; t < steps; ++t) {
      const T z1 = z.next(static_cast<T*>(nullptr));
      const T z2 = z.next(static_cast<T*>(nullptr));
      a = a * path_exp(p.muA + p.sAA * z1);
      b = b * path_exp((p.muB + p.sAB * z1) + p.sBB * z2);
      sum = sum + path_max(a, b);
    }
    const T payoff = sum / T(steps) - path_max(a, b);
#endif
    out[0] = static_cast<double>(path_max(payoff, T(0)));
  }
};

template <typename T>
AsianBasketSet<T> asian_basket_set(const gpurngAsianBasketParams_t& p) {
  return AsianBasketSet<T>{T(p.A0), T(p.B0), T(p.muA), T(p.muB), T(p.sigmaAA), T(p.sigmaAB), T(p.sigmaBB)};
}

}  // namespace pricing
}  // namespace gpurng
