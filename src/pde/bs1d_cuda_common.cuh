// SPDX-License-Identifier: BSD-3-Clause
// What the PDE's GPU kernels share (bs1d_cuda.cu's warp kernels, bs1d_segments_cuda.cu's and bs1d_long_cuda.cu's
// block kernels): an option's parameters, opaque(), and the writing of its outputs.
#pragma once

#include <cuda_runtime.h>

#include "bs1d_call.hpp"
#include "bs1d_scheme.hpp"

namespace gpurng {
namespace pde {
namespace cuda {

// Every lane of a warp, for the shuffles of the PDE's register-resident kernels.
constexpr unsigned kFullMask = 0xffffffffu;

// x, unchanged, through an empty asm statement the compiler cannot see into: a value it cannot prove loop-invariant,
// so that what is computed from it inside a time loop is computed there instead of hoisted into registers that spill.
__device__ __forceinline__ double opaque(double x) {
  asm volatile("" : "+d"(x));
  return x;
}
__device__ __forceinline__ float opaque(float x) {
  asm volatile("" : "+f"(x));
  return x;
}
__device__ __forceinline__ int opaque(int x) {
  asm volatile("" : "+r"(x));
  return x;
}

template <typename T>
struct Option {
  T S0, K, rate, sigma, maturity;
  bool put, american;
};

template <typename T>
__device__ __forceinline__ Option<T> load_option(const Bs1dCall<T>& c, int64_t k) {
  Option<T> o;
  const int kind = c.kind[k];
  o.put = kind_put(kind);
  o.american = kind_american(kind);
  o.S0 = c.S0[k];
  o.K = c.strike[k];
  o.rate = c.rate[k];
  o.sigma = c.sigma[k];
  o.maturity = c.maturity[k];
  return o;
}

// Outputs of an option that failed (info code: -1 unstable explicit step, kInfoRejected (-2) outputs that failed
// the check, else the 1-based pivot row): NaN everywhere. Thread `lane` of the `lanes` pricing the option writes
// its share of the grid.
template <typename T>
__device__ void write_failed(const Bs1dCall<T>& c, int64_t k, int code, int lane, int lanes) {
  const T nan = quiet_nan<T>();
  if (lane == 0) {
    c.price[k] = nan;
    if (c.delta) c.delta[k] = nan;
    if (c.gamma) c.gamma[k] = nan;
    if (c.info) c.info[k] = code;
  }
  if (c.grid)
    for (int i = lane; i <= c.J; i += lanes) c.grid[k * int64_t(c.J + 1) + i] = nan;
}

template <typename T>
__device__ __forceinline__ void write_readout(const Bs1dCall<T>& c, int64_t k, const Readout<T>& r) {
  c.price[k] = r.price;
  if (c.delta) c.delta[k] = r.delta;
  if (c.gamma) c.gamma[k] = r.gamma;
  if (c.info) c.info[k] = 0;
}

}  // namespace cuda
}  // namespace pde
}  // namespace gpurng
