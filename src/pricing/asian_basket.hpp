// SPDX-License-Identifier: BSD-3-Clause
// GPU Gems 3 ch. 37's Asian basket (docs/PRICING.md, include/gpurng_pricing.h): two assets, every
// parameter per step, payoff max(mean of max(a, b) - max(a_T, b_T), 0). One definition for both backends.
#pragma once

#include "gpurng_pricing.h"
#include "path_math.hpp"

// Sets a GPU thread prices on one path (kSetsPerThread below); a compile-time knob for measuring other shapes.
#ifndef GPURNG_PRICING_ASIAN_SETS
#define GPURNG_PRICING_ASIAN_SETS 4
#endif

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
  // Sets priced on one path's normals at once by the GPU's set-blocked kernel (path_sets): the sets of a call share
  // their paths, so a thread draws each normal once for this many sets.
  static constexpr int kSetsPerThread = GPURNG_PRICING_ASIAN_SETS;
  GPURNG_HD int normals() const { return 2 * steps; }
  GPURNG_HD int outputs() const { return 1; }

  // One set's running values on a path: the prices (fast_mode: their logarithms) and the sum of max(a, b). V: T, or
  // the CPU's lanes of T (path_math.hpp).
  template <typename V>
  struct PathState {
    V a, b, sum;
  };
  typedef PathState<T> State;
  template <typename V = T>
  GPURNG_HD PathState<V> start(const AsianBasketSet<T>& p) const {
#if GPURNG_PRICING_FAST_DEVICE
    // fast_mode: log prices, one exponential a step (max commutes with exp)
    return PathState<V>{::log(p.A0), ::log(p.B0), T(0)};
#else
    return PathState<V>{V(p.A0), V(p.B0), V(T(0))};
#endif
  }
  // One step on the step's normals z1, z2.
  template <typename V>
  GPURNG_HD void step(const AsianBasketSet<T>& p, V z1, V z2, PathState<V>& s) const {
#if GPURNG_PRICING_FAST_DEVICE
    s.a = s.a + (p.muA + p.sAA * z1);
    s.b = s.b + ((p.muB + p.sAB * z1) + p.sBB * z2);
    s.sum = s.sum + path_exp(path_max(s.a, s.b));
#else
    s.a = s.a * path_exp(p.muA + p.sAA * z1);
    s.b = s.b * path_exp((p.muB + p.sAB * z1) + p.sBB * z2);
    s.sum = s.sum + path_max(s.a, s.b);
#endif
  }
  template <typename V>
  GPURNG_HD WideValue<V> payoff(const PathState<V>& s) const {
#if GPURNG_PRICING_FAST_DEVICE
    const V payoff = s.sum / T(steps) - path_exp(path_max(s.a, s.b));
#else
    const V payoff = s.sum / T(steps) - path_max(s.a, s.b);
#endif
    return to_wide(path_max(payoff, V(T(0))));
  }

  // One path of set `set` on the normals z hands out.
  template <typename Normals, typename D>
  GPURNG_HD void path(int set, Normals& z, D* out) const {
    using V = PathValue<T, Normals>;
    const AsianBasketSet<T>& p = sets[set];
    PathState<V> s = start<V>(p);
    for (int t = 0; t < steps; ++t) {
      const V z1 = z.next(static_cast<T*>(nullptr));
      const V z2 = z.next(static_cast<T*>(nullptr));
      step(p, z1, z2, s);
    }
    out[0] = payoff(s);
  }

  // The same path for K sets at once, on normals drawn once: out[k] is path(set[k], ...)'s out[0], operation for
  // operation (each set's values go through start, step and payoff as above).
  template <int K, typename Normals>
  GPURNG_HD void path_sets(const int (&set)[K], Normals& z, double* out) const {
    AsianBasketSet<T> p[K];
    State s[K];
    GPURNG_UNROLL
    for (int k = 0; k < K; ++k) {
      p[k] = sets[set[k]];
      s[k] = start(p[k]);
    }
    for (int t = 0; t < steps; ++t) {
      const T z1 = z.next(static_cast<T*>(nullptr));
      const T z2 = z.next(static_cast<T*>(nullptr));
      GPURNG_UNROLL
      for (int k = 0; k < K; ++k) step(p[k], z1, z2, s[k]);
    }
    GPURNG_UNROLL
    for (int k = 0; k < K; ++k) out[k] = payoff(s[k]);
  }
};

template <typename T>
AsianBasketSet<T> asian_basket_set(const gpurngAsianBasketParams_t& p) {
  return AsianBasketSet<T>{T(p.A0), T(p.B0), T(p.muA), T(p.muB), T(p.sigmaAA), T(p.sigmaAB), T(p.sigmaBB)};
}

}  // namespace pricing
}  // namespace gpurng
