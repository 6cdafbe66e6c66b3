// SPDX-License-Identifier: BSD-3-Clause
// The scale-out benchmarks' workloads (scale_bench: several GPUs in one process; mpi_scale_bench: one MPI rank per
// GPU), defined once so that both time the same calls:
//   fill:  2^33 floats (--quick: 2^28), RANMAR and Philox4_32_10, into device memory;
//   asian: the Asian basket at the pricing benchmark's full size (4096 parameter sets, 2^16 paths a set, 256 steps,
//          float paths, Philox; --quick: 256 sets);
//   pde:   65536 options (implicit, float, J = 255, N = 2500, Smax 400; --quick: 1024), host arrays.
#pragma once

#include <stdlib.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <functional>
#include <vector>

#include "gpurng.h"
#include "gpurng_pde.h"
#include "gpurng_pricing.h"

namespace scale_workloads {

inline void check(gpurngStatus_t st, const char* what) {
  if (st != GPURNG_STATUS_SUCCESS) {
    std::fprintf(stderr, "%s: status %d\n", what, int(st));
    std::exit(1);
  }
}

// The median of `reps` timed calls of f after one untimed call (allocations, tables, first launches); `fence` runs
// before and after each timed call (an MPI barrier, or nothing).
inline double seconds(
    const std::function<void()>& f, int reps = 5, const std::function<void()>& fence = [] {}) {
  f();
  std::vector<double> t;
  for (int r = 0; r < reps; ++r) {
    fence();
    const auto a = std::chrono::steady_clock::now();
    f();
    fence();
    t.push_back(std::chrono::duration<double>(std::chrono::steady_clock::now() - a).count());
  }
  std::sort(t.begin(), t.end());
  return t[t.size() / 2];
}

inline size_t fill_total(bool quick) { return quick ? size_t(1) << 28 : size_t(1) << 33; }
constexpr gpurngRngType_t kFillEngines[2] = {GPURNG_RNG_PSEUDO_RANMAR, GPURNG_RNG_PSEUDO_PHILOX4_32_10};
inline const char* fill_name(gpurngRngType_t engine) {
  return engine == GPURNG_RNG_PSEUDO_RANMAR ? "fill RANMAR" : "fill Philox";
}

struct Asian {
  int sets, steps = 256;
  std::vector<gpurngAsianBasketParams_t> params;
  gpurngPricingOptions_t options;
  std::vector<gpurngPricingResult_t> results;
  explicit Asian(bool quick) : sets(quick ? 256 : 4096), params(size_t(sets)), results(size_t(sets)) {
    for (int k = 0; k < sets; ++k) params[size_t(k)] = {1.5 + 1e-4 * k, 1.2, 0.001, 0.002, 0.02, 0.01, 0.015};
    gpurngPricingOptionsDefault(&options);
    options.paths = 1 << 16;
    options.precision = GPURNG_PATHS_FLOAT;
  }
  gpurngStatus_t price(gpurngPricer_t p) {
    return gpurngPriceAsianBasket(p, &options, steps, sets, params.data(), results.data());
  }
};

struct PdeBatch {
  static constexpr int kJ = 255, kN = 2500;
  int count;
  std::vector<int> kind;
  std::vector<float> S0, K, r, sigma, T, price;
  explicit PdeBatch(bool quick)
      : count(quick ? 1024 : 65536),
        kind(size_t(count), GPURNG_OPTION_CALL),
        S0(size_t(count)),
        K(size_t(count), 100.0f),
        r(size_t(count), 0.05f),
        sigma(size_t(count)),
        T(size_t(count), 1.0f),
        price(size_t(count)) {
    for (int k = 0; k < count; ++k) {
      S0[size_t(k)] = 50.0f + float(k % 100);
      sigma[size_t(k)] = 0.15f + 0.001f * float(k % 200);
    }
  }
  // Options [first, first + n) through `pde` (gpurngBlackScholesPde1dFloat's arguments after the solver).
  template <typename Pde>
  gpurngStatus_t run(Pde pde, int first, int n) {
    return pde(GPURNG_PDE_IMPLICIT, kJ, kN, 400.0f, n, kind.data() + first, S0.data() + first, K.data() + first,
               r.data() + first, sigma.data() + first, T.data() + first, price.data() + first);
  }
};

}  // namespace scale_workloads
