// SPDX-License-Identifier: BSD-3-Clause
// The small vectors the device API returns where cuRAND returns uint4, float2, float4 or double2.
//
// Host C++ has no CUDA vector types, so these are plain structs with the same members (x, y[, z, w]) and the
// same alignment. Under nvcc each converts implicitly to its CUDA type, so a ported kernel keeps
// `float4 v = gpurng_uniform4(&s);` as it was.
#pragma once

#include <stdint.h>

#include "gpurng/hd.hpp"

/** Four 32-bit words (cuRAND: uint4). */
struct alignas(16) gpurng_uint4 {
  uint32_t x, y, z, w;
#if defined(__CUDACC__)
  GPURNG_HD operator uint4() const { return make_uint4(x, y, z, w); }
#endif
};

/** Two floats (cuRAND: float2). */
struct alignas(8) gpurng_float2 {
  float x, y;
#if defined(__CUDACC__)
  GPURNG_HD operator float2() const { return make_float2(x, y); }
#endif
};

/** Four floats (cuRAND: float4). */
struct alignas(16) gpurng_float4 {
  float x, y, z, w;
#if defined(__CUDACC__)
  GPURNG_HD operator float4() const { return make_float4(x, y, z, w); }
#endif
};

/** Two doubles (cuRAND: double2). */
struct alignas(16) gpurng_double2 {
  double x, y;
#if defined(__CUDACC__)
  GPURNG_HD operator double2() const { return make_double2(x, y); }
#endif
};
