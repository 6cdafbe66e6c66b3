// SPDX-License-Identifier: BSD-3-Clause
// GPU Gems 3 ch. 37's lookback under GARCH(1,1) volatility (docs/PRICING.md,
// include/gpurng_pricing.h): payoff sum_t max(h_t - s_T, 0) over the path's prices before the last.
#pragma once

#include "gpurng_pricing.h"
#include "path_math.hpp"

namespace gpurng {
namespace pricing {

constexpr int kMaxLookbackSteps = 64;  // the path keeps its prices (GPU Gems: T = 15)

template <typename T>
struct GarchLookbackSet {
  T A0, A1, A2, sigma0, eps0, s0, mu;
};

template <typename T>
struct GarchLookbackModel {
  const GarchLookbackSet<T>* sets;
  int steps;

  // Points every array pointer through f (the GPU launcher moves them to the device copy).
  template <class F>
  void rebase(F&& f) {
    sets = f(sets);
  }

  static constexpr int kMaxOutputs = 1;
  static constexpr int kSetsPerThread = 1;  // no set-blocked kernel (asian_basket.hpp has one)
  GPURNG_HD int normals() const { return steps; }
  GPURNG_HD int outputs() const { return 1; }

  // V (PathValue): T, or the CPU's lanes of T (path_math.hpp); D: double, or lanes of doubles.
  template <typename Normals, typename D>
  GPURNG_HD void path(int set, Normals& z, D* out) const {
    using V = PathValue<T, Normals>;
    const GarchLookbackSet<T>& p = sets[set];
    V h[kMaxLookbackSteps];
    V s = V(p.s0), sigma = V(p.sigma0), eps = V(p.eps0);
    for (int t = 0; t < steps; ++t) {
      h[t] = s;
      sigma = path_sqrt((p.A0 + p.A1 * (sigma * sigma)) + p.A2 * (eps * eps));
      eps = z.next(static_cast<T*>(nullptr)) * sigma;
      s = s * path_exp(p.mu + eps);
    }
    V payoff = V(T(0));
    for (int t = 0; t < steps; ++t) payoff = payoff + path_max(h[t] - s, V(T(0)));
    out[0] = to_wide(payoff);
  }
};

template <typename T>
GarchLookbackSet<T> garch_lookback_set(const gpurngGarchLookbackParams_t& p) {
  return GarchLookbackSet<T>{T(p.A0), T(p.A1), T(p.A2), T(p.sigma0), T(p.eps0), T(p.s0), T(p.mu)};
}

}  // namespace pricing
}  // namespace gpurng
