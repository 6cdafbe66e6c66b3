// SPDX-License-Identifier: BSD-3-Clause
// LIBOR market model caplets under the spot measure (Glasserman, "Monte Carlo Methods in Financial Engineering",
// 2004, 3.7; docs/PRICING.md; include/gpurng_pricing.h): log-Euler steps with the drift frozen at the step start,
// every caplet discounted by the spot numeraire.
#pragma once

#include "gpurng/hd.hpp"
#include "gpurng_pricing.h"
#include "path_math.hpp"

namespace gpurng {
namespace pricing {

constexpr int kMaxLiborForwards = 80;  // a path's local array of forwards (see forwards below)
constexpr int kMaxLiborFactors = 8;

template <typename T>
struct LiborModel {
  int n, factors, steps_per_period;
  T delta, strike, h, sqrt_h;
  const T* initial;   // n
  const T* loadings;  // factors x n
  const T* drift;     // n: -|sigma_j|^2 h / 2, the Ito term of a step, computed once on the host
  // Where a path keeps its forwards: a local array, or (set by the GPU's per-path kernel where they fit in 48 KiB
  // a block) this thread's column of a block-wide shared array, L_j at forwards[j * stride]. A GPU's local memory is
  // written through to L2, and LIBOR stores a forward 4 n^2 / 2 times a path: with the forwards local, L2 was 83 % busy
  // and bounded the kernel (Nsight Compute, H100: 2.2 instructions a cycle an SM at 50 % occupancy).
  T* forwards = nullptr;
  int stride = 1;

  // Points every array pointer through f (the GPU launcher moves them to the device copy).
  template <class F>
  void rebase(F&& f) {
    initial = f(initial);
    loadings = f(loadings);
    drift = f(drift);
  }

  static constexpr int kMaxOutputs = kMaxLiborForwards;
  static constexpr int kSetsPerThread = 1;  // no set-blocked kernel (asian_basket.hpp has one)
  GPURNG_HD int normals() const { return (n - 1) * steps_per_period * factors; }
  GPURNG_HD int outputs() const { return n; }

  // Two inlined copies of the walk, so that the local one keeps local loads and stores with a stride of 1 (one
  // walk through a pointer to either made them generic: 13.6 against 12.1 ms for 40 double forwards, H100).
  // V (PathValue): T, or the CPU's lanes of T (path_math.hpp); D: double, or lanes of doubles.
  template <typename Normals, typename D>
  GPURNG_HD void path(int, Normals& z, D* out) const {
#if defined(__CUDA_ARCH__)  // only the GPU's per-path kernel sets forwards (the host copy was 11 % slower with both)
    if (forwards) {
      walk(forwards, stride, z, out);
      return;
    }
#endif
    PathValue<T, Normals> local[kMaxLiborForwards];
    walk(local, 1, z, out);
  }

  // One path with forward j at L[j * s].
  template <typename V, typename Normals, typename D>
  GPURNG_HD void walk(V* const L, const int s, Normals& z, D* out) const {
    L[0] = V(initial[0]);  // n >= 1 (checked at the C boundary), said outright for the compiler's flow analysis
    for (int j = 1; j < n; ++j) L[j * s] = V(initial[j]);
    // caplet j is paid as soon as L_j fixes: the numeraire grows by (1 + delta L_j(T_j)) in fixing order
    V numeraire = T(1) + delta * L[0];
    out[0] = to_wide((delta * path_max(L[0] - strike, V(T(0)))) / numeraire);
    for (int k = 1; k < n; ++k) {  // period k: from T_{k-1} to T_k; forwards k .. n-1 alive
      for (int step = 0; step < steps_per_period; ++step) {
        // A step's exponent for forward j: (mu_j - |sigma_j|^2 / 2) h + sqrt(h) sigma_j . Z, written as
        // drift_j + sum_f sigma_fj (S_f h + sqrt(h) Z_f) with mu_j = sum_f sigma_fj S_f: one multiply-add pair a
        // factor and no per-forward constant but drift_j. g_j = delta L_j / (1 + delta L_j) at the step start.
        if (factors == 1) {  // the common case, in registers: the loop below's values (its x starts at 0)
          const V u = sqrt_h * z.next(static_cast<T*>(nullptr));
          V S = V(T(0));
          for (int j = k; j < n; ++j) {
            const V dl = delta * L[j * s];
            const V g = path_ratio(dl, T(1) + dl);
            const T sig = loadings[j];
            S = S + g * sig;
            L[j * s] = L[j * s] * path_exp(sig * (S * h + u) + drift[j]);
          }
          continue;
        }
        V U[kMaxLiborFactors], S[kMaxLiborFactors];
        for (int f = 0; f < factors; ++f) {
          U[f] = sqrt_h * z.next(static_cast<T*>(nullptr));
          S[f] = V(T(0));
        }
        // S_f collects sum_{i=k}^{j} sigma_fi g_i as j grows, before L_j moves.
        for (int j = k; j < n; ++j) {
          const V dl = delta * L[j * s];
          const V g = path_ratio(dl, T(1) + dl);
          V x = V(T(0));
          for (int f = 0; f < factors; ++f) {
            const T sig = loadings[f * n + j];
            S[f] = S[f] + g * sig;
            x = x + sig * (S[f] * h + U[f]);
          }
          L[j * s] = L[j * s] * path_exp(x + drift[j]);
        }
      }
      numeraire = numeraire * (T(1) + delta * L[k * s]);
      out[k] = to_wide((delta * path_max(L[k * s] - strike, V(T(0)))) / numeraire);
    }
  }
};

}  // namespace pricing
}  // namespace gpurng
