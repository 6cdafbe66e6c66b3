// SPDX-License-Identifier: BSD-3-Clause
// Normals and log-normals as cuRAND's GPU generators write them (GPURNG_NORMAL_METHOD_CURAND_DEVICE): the
// Box-Muller formulas of curand_normal.h with CUDA's single- and double-precision functions (logf, sqrtf,
// __sincosf; log, sqrt, sincospi), then mean + stddev z and exp of it for log-normals. The words each pair
// takes are the layout's (curand_layout_kernels.cu), the same as in the portable mode.
//
// cuRAND's kernels are compiled by NVIDIA with FMA contraction on, so every product that feeds an add is
// written here as an explicit fused multiply-add: the bits do not depend on the flags this file is compiled
// with (the library's kernels use --fmad=false). CUDA's math functions come from libdevice and are not
// affected by those flags either. Device code only: CUDA's intrinsics do not exist on the host, which is why
// this mode has no CPU backend (gpurng.h).
#pragma once

#include <stdint.h>

#include "gpurng/distributions/curand_outputs.hpp"

namespace gpurng {
namespace cuda {
namespace curand_device {

using curand_out::f32x2;
using curand_out::f64x2;

// XORWOW and Philox, float: radius word x, angle word y; (sin, cos) order, as curand_box_muller.
__device__ __forceinline__ f32x2 box_muller(uint32_t x, uint32_t y) {
  const float u = __fmaf_rn(static_cast<float>(x), curand_out::k2pow32Inv, curand_out::k2pow32Inv / 2);
  const float v = __fmaf_rn(static_cast<float>(y), curand_out::k2pow32Inv2Pi, curand_out::k2pow32Inv2Pi / 2);
  const float s = sqrtf(-2.0f * logf(u));
  f32x2 r;
  __sincosf(v, &r.s, &r.c);
  r.s *= s;
  r.c *= s;
  return r;
}

// XORWOW and Philox, double: words x0, x1 (radius, 53 bits) and y0, y1 (angle), as curand_box_muller_double.
__device__ __forceinline__ f64x2 box_muller(uint32_t x0, uint32_t x1, uint32_t y0, uint32_t y1) {
  const double u =
      __fma_rn(static_cast<double>(curand_out::hq_bits(x0, x1)), curand_out::k2pow53Inv, curand_out::k2pow53Inv / 2.0);
  const double v =
      __fma_rn(static_cast<double>(curand_out::hq_bits(y0, y1)), curand_out::k2pow53Inv * 2.0, curand_out::k2pow53Inv);
  const double s = sqrt(-2.0 * log(u));
  f64x2 r;
  sincospi(v, &r.s, &r.c);
  r.s *= s;
  r.c *= s;
  return r;
}

// MRG32k3a from its two uniforms (float: u and u2 in (0, 1); the angle is u2 * 2 pi), as
// curand_box_muller_mrg and curand_box_muller_mrg_double.
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

// Sobol': the inverse-CDF normal of one point as _curand_normal_icdf / _curand_normal_icdf_double (CUDA's
// erfcinvf / erfcinv; the 64-bit sets' float output uses the word's top 32 bits). The products p = t 2^-32 and
// t 2^-53 are exact, so fusing them with the add changes nothing.
template <typename W>
__device__ __forceinline__ float sobol_normal_float(W x) {
  uint32_t t = sizeof(W) == 8 ? static_cast<uint32_t>(static_cast<uint64_t>(x) >> 32) : static_cast<uint32_t>(x);
  float s = -1.4142135f;
  if (t > 0x80000000u) {
    t = 0xffffffffu - t;
    s = -s;
  }
  const float p = __fmaf_rn(static_cast<float>(t), 2.3283064e-10f, 2.3283064e-10f / 2.0f);
  return s * erfcinvf(2.0f * p);
}
template <typename W>
__device__ __forceinline__ double sobol_normal_double(W x) {
  double s = -1.4142135623730951, p;
  if constexpr (sizeof(W) == 8) {
    unsigned long long t = static_cast<unsigned long long>(x) >> 11;
    if (t > 0x10000000000000ull) {
      t = 0x1fffffffffffffull - t;
      s = -s;
    }
    p = __fma_rn(static_cast<double>(t), 1.1102230246251565e-16, 1.1102230246251565e-16 / 2.0);
  } else {
    uint32_t t = static_cast<uint32_t>(x);
    if (t > 0x80000000u) {
      t = 0xffffffffu - t;
      s = -s;
    }
    p = __fma_rn(static_cast<double>(t), 2.3283064365386963e-10, 2.3283064365386963e-10 / 2.0);
  }
  return s * erfcinv(2.0 * p);
}

// mean + stddev z, and exp of it.
__device__ __forceinline__ float scale(float z, float mean, float stddev) { return __fmaf_rn(stddev, z, mean); }
__device__ __forceinline__ double scale(double z, double mean, double stddev) { return __fma_rn(stddev, z, mean); }
__device__ __forceinline__ float lognormal(float z, float mean, float stddev) {
  return expf(__fmaf_rn(stddev, z, mean));
}
__device__ __forceinline__ double lognormal(double z, double mean, double stddev) {
  return exp(__fma_rn(stddev, z, mean));
}

}  // namespace curand_device
}  // namespace cuda
}  // namespace gpurng
