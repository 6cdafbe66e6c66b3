// SPDX-License-Identifier: BSD-3-Clause
// The device API's Box-Muller pairs and log-normals, in its two normal modes.
//
//   portable (default)               curand_outputs.hpp's functions: the library's own elementary functions, the
//                                    same bits on the CPU and the GPU whatever the contraction flags, and the same
//                                    as the host API's gpurngGenerateNormal / LogNormal (curand_outputs.hpp says
//                                    how every product is kept from being fused).
//   cuRAND-device                    GPURNG_NORMALS_CURAND_DEVICE defined before including gpurng_kernel.h, in code
//                                    compiled for the GPU: cuRAND's device formulas (curand_device_formulas.hpp,
//                                    AsWritten: the expressions as cuRAND writes them, so that nvcc contracts them
//                                    the same way under the same flags): cuRAND's device bits. Compiled for the host
//                                    (host code, or the host pass of nvcc) the mode falls back to the portable
//                                    formulas: CUDA's device intrinsics do not exist there.
// Which raw words each pair takes is the caller's business (the engine headers); these only convert them.
#pragma once

#include <stdint.h>

#include "gpurng/distributions/curand_device_formulas.hpp"
#include "gpurng/distributions/curand_outputs.hpp"
#include "gpurng/engines/mrg32k3a.hpp"
#include "gpurng/hd.hpp"

#if defined(GPURNG_NORMALS_CURAND_DEVICE) && defined(__CUDA_ARCH__)
#define GPURNG_DEVICE_NORMALS_CURAND 1
#else
#define GPURNG_DEVICE_NORMALS_CURAND 0
#endif

namespace gpurng {
namespace device {

using curand_out::f32x2;
using curand_out::f64x2;

// XORWOW and Philox, float: words x (radius) and y (angle); (sin, cos) order.
GPURNG_HD f32x2 box_muller(uint32_t x, uint32_t y) {
#if GPURNG_DEVICE_NORMALS_CURAND
  return curand_formulas::box_muller<curand_formulas::AsWritten>(x, y);
#else
  return curand_out::box_muller_f32(x, y);
#endif
}

// XORWOW and Philox, double: words x0, x1 (radius, 53 bits) and y0, y1 (angle).
GPURNG_HD f64x2 box_muller(uint32_t x0, uint32_t x1, uint32_t y0, uint32_t y1) {
#if GPURNG_DEVICE_NORMALS_CURAND
  return curand_formulas::box_muller<curand_formulas::AsWritten>(x0, x1, y0, y1);
#else
  return curand_out::box_muller_f64(x0, x1, y0, y1);
#endif
}

// MRG32k3a, float: outputs z0 (radius) and z1 (angle), each through its own float uniform.
GPURNG_HD f32x2 box_muller_mrg(uint32_t z0, uint32_t z1) {
#if GPURNG_DEVICE_NORMALS_CURAND
  return curand_formulas::box_muller_mrg(mrg32k3a::uniform_float(z0), mrg32k3a::uniform_float(z1));
#else
  return curand_out::box_muller_mrg_f32(mrg32k3a::uniform_float(z0), mrg32k3a::uniform_float(z1));
#endif
}

// MRG32k3a, double: z0 (radius) and z1 (angle) through the double uniforms.
GPURNG_HD f64x2 box_muller_mrg_double(uint32_t z0, uint32_t z1) {
#if GPURNG_DEVICE_NORMALS_CURAND
  return curand_formulas::box_muller_mrg(mrg32k3a::uniform_double(z0), mrg32k3a::uniform_double(z1));
#else
  return curand_out::box_muller_mrg_f64(mrg32k3a::uniform_double(z0), mrg32k3a::uniform_double(z1));
#endif
}

// exp(mean + stddev z).
GPURNG_HD float log_normal(float z, float mean, float stddev) {
#if GPURNG_DEVICE_NORMALS_CURAND
  return curand_formulas::log_normal<curand_formulas::AsWritten>(z, mean, stddev);
#else
  return curand_out::lognormal(z, mean, stddev);
#endif
}
GPURNG_HD double log_normal(double z, double mean, double stddev) {
#if GPURNG_DEVICE_NORMALS_CURAND
  return curand_formulas::log_normal<curand_formulas::AsWritten>(z, mean, stddev);
#else
  return curand_out::lognormal(z, mean, stddev);
#endif
}

}  // namespace device
}  // namespace gpurng
