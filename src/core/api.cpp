// SPDX-License-Identifier: BSD-3-Clause
// The extern "C" entry points: validate arguments, forward to the core, and never let an exception cross
// the ABI (std::bad_alloc becomes ALLOCATION_FAILED, anything else INTERNAL_ERROR).
#include <stdint.h>

#include "abi_guard.hpp"
#include "engine_info.hpp"
#include "generator.hpp"
#include "gpurng.h"
#include "style_calls.hpp"

namespace {

using gpurng::cuda::Output;

using gpurng::core::guarded;
using gpurng::core::kMaxOutputBytes;

gpurng::core::Dist dist_of(Output kind) {
  switch (kind) {
    case Output::u32:
      return gpurng::core::Dist::u32;
    case Output::u64:
      return gpurng::core::Dist::u64;
    case Output::f32:
      return gpurng::core::Dist::uniform_f32;
    case Output::f64:
      return gpurng::core::Dist::uniform_f64;
  }
  return gpurng::core::Dist::u32;
}

// The cuRAND-style engines: their own checks (style_engine.hpp), no ring.
template <typename T>
gpurngStatus_t style_generate(gpurngGenerator_t g, T* out, size_t n, Output kind) {
  return gpurng::core::style_call(g, gpurng::core::Call{dist_of(kind), out, n, 0, 0, 0}, sizeof(T));
}

template <typename T>
gpurngStatus_t generate(gpurngGenerator_t g, T* out, size_t n, Output kind, bool supported) {
  if (!g) return GPURNG_STATUS_NOT_INITIALIZED;
  if (g->style) return style_generate(g, out, n, kind);
  if (!supported) return GPURNG_STATUS_TYPE_ERROR;
  if (n == 0) return GPURNG_STATUS_SUCCESS;
  if (!out) return GPURNG_STATUS_NULL_POINTER;
  if (n > kMaxOutputBytes / sizeof(T)) return GPURNG_STATUS_OUT_OF_RANGE;
  if (g->position > UINT64_MAX - n) return GPURNG_STATUS_OUT_OF_RANGE;
  return guarded([&] { return gpurng::core::generate<T>(g, out, n, kind); });
}

template <typename T>
gpurngStatus_t acquire(gpurngGenerator_t g, size_t n, const T** numbers, Output kind, bool supported) {
  if (!g) return GPURNG_STATUS_NOT_INITIALIZED;
  if (!numbers) return GPURNG_STATUS_NULL_POINTER;
  *numbers = nullptr;
  if (g->style) {  // no ring: the numbers go to the generator's scratch buffer
    if (n == 0) return guarded([&] { return g->style->check(gpurng::core::Call{dist_of(kind), nullptr, 0, 0, 0, 0}); });
    if (n > (size_t(1) << 17)) return GPURNG_STATUS_OUT_OF_RANGE;  // the documented limit without a ring
    return guarded([&] {
      g->scratch.resize(n * sizeof(T));
      const gpurngStatus_t st = style_generate(g, reinterpret_cast<T*>(g->scratch.data()), n, kind);
      if (st == GPURNG_STATUS_SUCCESS) *numbers = reinterpret_cast<const T*>(g->scratch.data());
      return st;
    });
  }
  if (!supported) return GPURNG_STATUS_TYPE_ERROR;
  if (n == 0) return GPURNG_STATUS_SUCCESS;
  if (g->position > UINT64_MAX - n) return GPURNG_STATUS_OUT_OF_RANGE;
  return guarded([&] {
    const void* p = nullptr;
    const gpurngStatus_t st = gpurng::core::acquire(g, n, kind, &p);
    if (st == GPURNG_STATUS_SUCCESS) *numbers = static_cast<const T*>(p);
    return st;
  });
}

bool has_u32(gpurngGenerator_t g) { return g && gpurng::core::engine_info(g->type)->has_u32; }
bool has_u64(gpurngGenerator_t g) { return g && gpurng::core::engine_info(g->type)->has_u64; }

gpurngStatus_t create(gpurngGenerator_t* generator, gpurngRngType_t type, bool host_only) {
  if (!generator) return GPURNG_STATUS_NULL_POINTER;
  *generator = nullptr;
  if (!gpurng::core::is_known_type(type)) return GPURNG_STATUS_TYPE_ERROR;
  return guarded([&] { return gpurng::core::create(generator, type, host_only); });
}

}  // namespace

extern "C" {

gpurngStatus_t gpurngCreateGenerator(gpurngGenerator_t* generator, gpurngRngType_t rng_type) {
  return create(generator, rng_type, false);
}

gpurngStatus_t gpurngCreateGeneratorHost(gpurngGenerator_t* generator, gpurngRngType_t rng_type) {
  return create(generator, rng_type, true);
}

gpurngStatus_t gpurngDestroyGenerator(gpurngGenerator_t generator) {
  if (!generator) return GPURNG_STATUS_NOT_INITIALIZED;
  return guarded([&] {
    gpurng::core::destroy(generator);
    return GPURNG_STATUS_SUCCESS;
  });
}

gpurngStatus_t gpurngSetPseudoRandomGeneratorSeed(gpurngGenerator_t generator, unsigned long long seed) {
  if (!generator) return GPURNG_STATUS_NOT_INITIALIZED;
  if (generator->style) return guarded([&] { return generator->style->set_seed(seed); });
  if (seed > gpurng::core::engine_info(generator->type)->max_seed) return GPURNG_STATUS_OUT_OF_RANGE;
  return guarded([&] {
    gpurng::core::set_seed(generator, seed);
    return GPURNG_STATUS_SUCCESS;
  });
}

gpurngStatus_t gpurngSetGeneratorOffset(gpurngGenerator_t generator, unsigned long long offset) {
  if (!generator) return GPURNG_STATUS_NOT_INITIALIZED;
  return guarded([&] {
    if (generator->style) {
      generator->style->set_offset(offset);
      return GPURNG_STATUS_SUCCESS;
    }
    gpurng::core::set_offset(generator, offset);
    return GPURNG_STATUS_SUCCESS;
  });
}

gpurngStatus_t gpurngGetGeneratorOffset(gpurngGenerator_t generator, unsigned long long* offset) {
  if (!generator) return GPURNG_STATUS_NOT_INITIALIZED;
  if (!offset) return GPURNG_STATUS_NULL_POINTER;
  *offset = generator->style ? generator->style->offset() : generator->position;
  return GPURNG_STATUS_SUCCESS;
}

gpurngStatus_t gpurngGenerate(gpurngGenerator_t generator, unsigned int* output_ptr, size_t num) {
  return generate<uint32_t>(generator, output_ptr, num, Output::u32, has_u32(generator));
}

gpurngStatus_t gpurngGenerateLongLong(gpurngGenerator_t generator, unsigned long long* output_ptr, size_t num) {
  return generate<unsigned long long>(generator, output_ptr, num, Output::u64, has_u64(generator));
}

gpurngStatus_t gpurngGenerateUniform(gpurngGenerator_t generator, float* output_ptr, size_t num) {
  return generate<float>(generator, output_ptr, num, Output::f32, true);
}

gpurngStatus_t gpurngGenerateUniformDouble(gpurngGenerator_t generator, double* output_ptr, size_t num) {
  return generate<double>(generator, output_ptr, num, Output::f64, true);
}

gpurngStatus_t gpurngSetPrefetch(gpurngGenerator_t generator, size_t slab_numbers, unsigned int slabs) {
  if (!generator) return GPURNG_STATUS_NOT_INITIALIZED;
  return guarded([&] { return gpurng::core::set_prefetch(generator, gpurng::ring::Config{slab_numbers, slabs}); });
}

gpurngStatus_t gpurngAcquireUniform(gpurngGenerator_t generator, size_t num, const float** numbers) {
  return acquire<float>(generator, num, numbers, Output::f32, true);
}

gpurngStatus_t gpurngAcquireUniformDouble(gpurngGenerator_t generator, size_t num, const double** numbers) {
  return acquire<double>(generator, num, numbers, Output::f64, true);
}

gpurngStatus_t gpurngAcquire(gpurngGenerator_t generator, size_t num, const unsigned int** numbers) {
  return acquire<unsigned int>(generator, num, numbers, Output::u32, has_u32(generator));
}

gpurngStatus_t gpurngAcquireLongLong(gpurngGenerator_t generator, size_t num, const unsigned long long** numbers) {
  return acquire<unsigned long long>(generator, num, numbers, Output::u64, has_u64(generator));
}

gpurngStatus_t gpurngGetVersion(int* version) {
  if (!version) return GPURNG_STATUS_NULL_POINTER;
  *version = GPURNG_VERSION;
  return GPURNG_STATUS_SUCCESS;
}

gpurngStatus_t gpurngGetBackend(gpurngGenerator_t generator, gpurngBackend_t* backend) {
  if (!generator) return GPURNG_STATUS_NOT_INITIALIZED;
  if (!backend) return GPURNG_STATUS_NULL_POINTER;
  *backend = generator->backend;
  return GPURNG_STATUS_SUCCESS;
}

const char* gpurngGetErrorString(gpurngStatus_t status) {
  switch (status) {
    case GPURNG_STATUS_SUCCESS:
      return "success";
    case GPURNG_STATUS_VERSION_MISMATCH:
      return "header and library versions differ";
    case GPURNG_STATUS_NOT_INITIALIZED:
      return "generator handle is NULL";
    case GPURNG_STATUS_ALLOCATION_FAILED:
      return "memory allocation failed";
    case GPURNG_STATUS_TYPE_ERROR:
      return "unknown generator type, or a call this generator type does not support";
    case GPURNG_STATUS_OUT_OF_RANGE:
      return "argument out of range";
    case GPURNG_STATUS_LENGTH_NOT_MULTIPLE:
      return "length is not a required multiple";
    case GPURNG_STATUS_DOUBLE_PRECISION_REQUIRED:
      return "GPU lacks double precision";
    case GPURNG_STATUS_LAUNCH_FAILURE:
      return "CUDA kernel launch or copy failed";
    case GPURNG_STATUS_PREEXISTING_FAILURE:
      return "an earlier CUDA error is pending";
    case GPURNG_STATUS_INITIALIZATION_FAILED:
      return "backend initialization failed (no usable GPU?)";
    case GPURNG_STATUS_ARCH_MISMATCH:
      return "GPU architecture lacks a required feature";
    case GPURNG_STATUS_INTERNAL_ERROR:
      return "internal library error";
    case GPURNG_STATUS_NULL_POINTER:
      return "a required pointer argument is NULL";
    case GPURNG_STATUS_INVALID_VALUE:
      return "unknown enum value or environment setting";
    case GPURNG_STATUS_ZERO_PIVOT:
      return "tridiagonal solve met a zero or tiny pivot (no pivoting: the matrix must be diagonally dominant)";
    case GPURNG_STATUS_UNSTABLE_SCHEME:
      return "explicit time step beyond the scheme's stability limit";
    case GPURNG_STATUS_OVERLAPPING_ARRAYS:
      return "an output array overlaps an input array";
    case GPURNG_STATUS_MIXED_MEMORY:
      return "the arrays of one call mix host and device memory";
  }
  return "unknown status";
}

}  // extern "C"
