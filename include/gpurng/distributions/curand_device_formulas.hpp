// SPDX-License-Identifier: BSD-3-Clause
// cuRAND's device formulas for normals and log-normals, written once for the library's two ways of giving
// cuRAND's GPU bits:
//   - the device API's cuRAND-device mode (GPURNG_NORMALS_CURAND_DEVICE, gpurng/device/box_muller.hpp and
//     sobol.hpp) uses Mad = AsWritten: a * b + c as cuRAND's header writes it, which nvcc contracts or not as
//     it contracts cuRAND's own header in the same kernel under the same flags;
//   - the host API's GPURNG_NORMAL_METHOD_CURAND_DEVICE (src/backends/cuda/curand_layout_kernels.cu) uses
//     Mad = Fused: cuRAND's host-API generators are kernels NVIDIA built with contraction on, and the
//     library's kernels are built with it off (--fmad=false), so the fusion is written out.
// The formulas are those of curand_normal.h (Box-Muller on two words, MRG32k3a's on two uniforms; the Sobol'
// inverse CDF) and curand_lognormal.h, with CUDA's logf, sqrtf, __sincosf, log, sqrt, sincospi, erfcinvf,
// erfcinv, expf and exp. CUDA's math functions come from libdevice, which the contraction flags do not touch.
// Device code only: those intrinsics do not exist on the host.
#pragma once

#include <stdint.h>

#include "gpurng/distributions/curand_outputs.hpp"

#if defined(__CUDACC__)

namespace gpurng {
namespace curand_formulas {

using curand_out::f32x2;
using curand_out::f64x2;

struct AsWritten {
  template <typename T>
  __device__ __forceinline__ static T mad(T a, T b, T c) {
    return a * b + c;
  }
};
struct Fused {
  __device__ __forceinline__ static float mad(float a, float b, float c) { return __fmaf_rn(a, b, c); }
  __device__ __forceinline__ static double mad(double a, double b, double c) { return __fma_rn(a, b, c); }
};

// XORWOW and Philox, float: radius word x, angle word y; (sin, cos) order (curand_box_muller).
template <class M>
__device__ __forceinline__ f32x2 box_muller(uint32_t x, uint32_t y) {
  const float u = M::mad(static_cast<float>(x), curand_out::k2pow32Inv, curand_out::k2pow32Inv / 2);
  const float v = M::mad(static_cast<float>(y), curand_out::k2pow32Inv2Pi, curand_out::k2pow32Inv2Pi / 2);
  const float s = sqrtf(-2.0f * logf(u));
  f32x2 r;
  __sincosf(v, &r.s, &r.c);
  r.s *= s;
  r.c *= s;
  return r;
}

// XORWOW and Philox, double: words x0, x1 (radius, 53 bits) and y0, y1 (angle) (curand_box_muller_double).
template <class M>
__device__ __forceinline__ f64x2 box_muller(uint32_t x0, uint32_t x1, uint32_t y0, uint32_t y1) {
  const double u =
      M::mad(static_cast<double>(curand_out::hq_bits(x0, x1)), curand_out::k2pow53Inv, curand_out::k2pow53Inv / 2.0);
  const double v =
      M::mad(static_cast<double>(curand_out::hq_bits(y0, y1)), curand_out::k2pow53Inv * 2.0, curand_out::k2pow53Inv);
  const double s = sqrt(-2.0 * log(u));
  f64x2 r;
  sincospi(v, &r.s, &r.c);
  r.s *= s;
  r.c *= s;
  return r;
}

// MRG32k3a from its two uniforms u, u2 in (0, 1): radius from u, angle u2 * 2 pi (curand_box_muller_mrg and
// curand_box_muller_mrg_double, which scale the angle for sincospi instead).
__device__ __forceinline__ f32x2 box_muller_mrg(float u, float u2) {
  const float s = sqrtf(-2.0f * logf(u));
  f32x2 r;
  __sincosf(u2 * curand_out::k2Pi, &r.s, &r.c);
  r.s *= s;
  r.c *= s;
  return r;
}
__device__ __forceinline__ f64x2 box_muller_mrg(double u, double u2) {
  const double s = sqrt(-2.0 * log(u));
  f64x2 r;
  sincospi(u2 * 2.0, &r.s, &r.c);
  r.s *= s;
  r.c *= s;
  return r;
}

// Sobol': the inverse-CDF normal of one point (_curand_normal_icdf, _curand_normal_icdf_double; a 64-bit
// word's float output uses its top 32 bits).
template <class M, typename W>
__device__ __forceinline__ float sobol_normal_float(W x) {
  uint32_t t = sizeof(W) == 8 ? static_cast<uint32_t>(static_cast<uint64_t>(x) >> 32) : static_cast<uint32_t>(x);
  float s = -1.4142135f;
  if (t > 0x80000000u) {
    t = 0xffffffffu - t;
    s = -s;
  }
  const float p = M::mad(static_cast<float>(t), 2.3283064e-10f, 2.3283064e-10f / 2.0f);
  return s * erfcinvf(2.0f * p);
}
template <class M, typename W>
__device__ __forceinline__ double sobol_normal_double(W x) {
  double s = -1.4142135623730951, p;
  if constexpr (sizeof(W) == 8) {
    unsigned long long t = static_cast<unsigned long long>(x) >> 11;
    if (t > 0x10000000000000ull) {
      t = 0x1fffffffffffffull - t;
      s = -s;
    }
    p = M::mad(static_cast<double>(t), 1.1102230246251565e-16, 1.1102230246251565e-16 / 2.0);
  } else {
    uint32_t t = static_cast<uint32_t>(x);
    if (t > 0x80000000u) {
      t = 0xffffffffu - t;
      s = -s;
    }
    p = M::mad(static_cast<double>(t), 2.3283064365386963e-10, 2.3283064365386963e-10 / 2.0);
  }
  return s * erfcinv(2.0 * p);
}

// mean + stddev z (the host API's scaled normals), and exp of it (curand_log_normal).
template <class M>
__device__ __forceinline__ float scale(float z, float mean, float stddev) {
  return M::mad(stddev, z, mean);
}
template <class M>
__device__ __forceinline__ double scale(double z, double mean, double stddev) {
  return M::mad(stddev, z, mean);
}
template <class M>
__device__ __forceinline__ float log_normal(float z, float mean, float stddev) {
  return expf(M::mad(stddev, z, mean));
}
template <class M>
__device__ __forceinline__ double log_normal(double z, double mean, double stddev) {
  return exp(M::mad(stddev, z, mean));
}

}  // namespace curand_formulas
}  // namespace gpurng

#endif  // __CUDACC__
