// SPDX-License-Identifier: BSD-3-Clause
// Constant tables that host and device code both read (the generated jump tables: XORWOW, MRG32k3a, ...).
//
//   GPURNG_DEVICE_TABLE(type, name, dims, init)   defines the table `name`, a C array of `type` with dimensions
//                                                  `dims`, initialised from `init` (a macro naming a braced list:
//                                                  a braced list with commas cannot be a macro argument itself).
//   GPURNG_TABLE(name)                             the table as the code being compiled can read it (an array
//                                                  lvalue; `name` may be qualified, ns::name).
//   gpurng::device::table_load(p)                  one word of such a table; __ldg on the device.
//
// Host code reads name_host, a C++17 inline constant array (one copy per program; host-only C++17 needs no CUDA
// header for it). Device code reads a function-scope static of name_device(), which nvcc places in global memory
// (read through the read-only data cache, table_load) and emits only into device images whose code calls
// name_device(): a kernel that includes the headers but never jumps carries no table. (A namespace-scope
// __device__ array would sit in every translation unit's device image, used or not: 400 KiB for XORWOW's.)
#pragma once

#include <stdint.h>

#include "gpurng/hd.hpp"

#if defined(__CUDACC__)
#define GPURNG_DEVICE_TABLE(type, name, dims, init)              \
  inline constexpr type name##_host dims = init;                 \
  __device__ __forceinline__ const type(&name##_device()) dims { \
    static const type table dims = init;                         \
    return table;                                                \
  }
#else
#define GPURNG_DEVICE_TABLE(type, name, dims, init) inline constexpr type name##_host dims = init;
#endif

#if defined(__CUDA_ARCH__)
#define GPURNG_TABLE(name) name##_device()
#else
#define GPURNG_TABLE(name) name##_host
#endif

namespace gpurng {
namespace device {

// A 32-bit word of a GPURNG_DEVICE_TABLE (only those: __ldg needs global memory).
GPURNG_HD uint32_t table_load(const uint32_t* p) {
#if defined(__CUDA_ARCH__)
  return __ldg(p);
#else
  return *p;
#endif
}

}  // namespace device
}  // namespace gpurng
