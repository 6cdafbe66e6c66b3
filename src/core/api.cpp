// SPDX-License-Identifier: BSD-3-Clause
// The extern "C" entry points of the generators: validate arguments, forward to the generator and its
// engine, and never let an exception cross the ABI (std::bad_alloc becomes ALLOCATION_FAILED, anything else
// INTERNAL_ERROR). No entry point knows which engine a generator holds.
#include <stdint.h>

#include "abi_guard.hpp"
#include "generator.hpp"
#include "gpurng.h"

namespace {

using gpurng::Output;
using gpurng::core::Call;
using gpurng::core::Dist;
using gpurng::core::guarded;
using gpurng::core::kMaxOutputBytes;

// Every generation call of the C API: the engine's refusals (also for n == 0), then the pointer, the size
// and the offset's end, then the generator.
gpurngStatus_t run_call(gpurngGenerator_t g, const Call& c) noexcept {
  return guarded([&] {
    const gpurngStatus_t st = g->engine->check(c);
    if (st != GPURNG_STATUS_SUCCESS || c.n == 0) return st;
    if (!c.out) return GPURNG_STATUS_NULL_POINTER;
    if (c.n > kMaxOutputBytes / gpurng::core::dist_size(c.dist)) return GPURNG_STATUS_OUT_OF_RANGE;
    const gpurngStatus_t end = gpurng::core::check_offset_end(g, g->engine->offset_step(c));
    if (end != GPURNG_STATUS_SUCCESS) return end;
    return gpurng::core::generate(g, c);
  });
}

// gpurngGenerate and the other flat outputs: the ring's fast path first.
gpurngStatus_t flat_call(gpurngGenerator_t g, Output kind, void* out, size_t n) {
  if (!g) return GPURNG_STATUS_NOT_INITIALIZED;
  if (gpurng::core::try_ring(g, kind, out, n)) return GPURNG_STATUS_SUCCESS;
  return run_call(g, Call{gpurng::core::dist_of(kind), out, n, 0, 0, 0});
}

template <typename T>
gpurngStatus_t acquire(gpurngGenerator_t g, size_t n, const T** numbers, Output kind) {
  if (!g) return GPURNG_STATUS_NOT_INITIALIZED;
  if (!numbers) return GPURNG_STATUS_NULL_POINTER;
  *numbers = nullptr;
  return guarded([&] {
    const gpurngStatus_t st = g->engine->check(Call{gpurng::core::dist_of(kind), nullptr, n, 0, 0, 0});
    if (st != GPURNG_STATUS_SUCCESS || n == 0) return st;
    const gpurngStatus_t end = gpurng::core::check_offset_end(g, n);
    if (end != GPURNG_STATUS_SUCCESS) return end;
    const void* p = nullptr;
    const gpurngStatus_t ast = gpurng::core::acquire(g, n, kind, &p);
    if (ast == GPURNG_STATUS_SUCCESS) *numbers = static_cast<const T*>(p);
    return ast;
  });
}

// A setting of the engine (seed, offset, ordering, ...): the ring's run is closed first.
template <class Change>
gpurngStatus_t change(gpurngGenerator_t g, Change&& body) {
  if (!g) return GPURNG_STATUS_NOT_INITIALIZED;
  return guarded([&] { return body(gpurng::core::engine_for_change(g)); });
}

gpurngStatus_t create(gpurngGenerator_t* generator, gpurngRngType_t type, bool host_only) {
  if (!generator) return GPURNG_STATUS_NULL_POINTER;
  *generator = nullptr;
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
  return change(generator, [&](gpurng::core::Engine& e) { return e.set_seed(seed); });
}

gpurngStatus_t gpurngSetGeneratorOffset(gpurngGenerator_t generator, unsigned long long offset) {
  return change(generator, [&](gpurng::core::Engine& e) {
    if (offset > generator->offset_end) return GPURNG_STATUS_OUT_OF_RANGE;
    e.set_offset(offset);
    return GPURNG_STATUS_SUCCESS;
  });
}

gpurngStatus_t gpurngSetGeneratorStream(gpurngGenerator_t generator, unsigned long long stream) {
  return change(generator, [&](gpurng::core::Engine& e) {
    const gpurng::core::Engine::StreamTable t = e.stream_table();
    if (stream > t.last) return GPURNG_STATUS_OUT_OF_RANGE;
    e.set_stream(stream);
    generator->on_stream = true;
    generator->offset_end = t.length;
    return GPURNG_STATUS_SUCCESS;
  });
}

gpurngStatus_t gpurngGetGeneratorStream(gpurngGenerator_t generator, unsigned long long* stream) {
  if (!generator) return GPURNG_STATUS_NOT_INITIALIZED;
  if (!stream) return GPURNG_STATUS_NULL_POINTER;
  return guarded([&] {
    *stream = generator->engine->stream();
    return GPURNG_STATUS_SUCCESS;
  });
}

gpurngStatus_t gpurngGetStreamLimits(gpurngGenerator_t generator, unsigned long long* last_stream,
                                     unsigned long long* numbers_per_stream) {
  if (!generator) return GPURNG_STATUS_NOT_INITIALIZED;
  if (!last_stream || !numbers_per_stream) return GPURNG_STATUS_NULL_POINTER;
  return guarded([&] {
    const gpurng::core::Engine::StreamTable t = generator->engine->stream_table();
    *last_stream = t.last;
    *numbers_per_stream = t.length;
    return GPURNG_STATUS_SUCCESS;
  });
}

gpurngStatus_t gpurngGetGeneratorOffset(gpurngGenerator_t generator, unsigned long long* offset) {
  if (!generator) return GPURNG_STATUS_NOT_INITIALIZED;
  if (!offset) return GPURNG_STATUS_NULL_POINTER;
  *offset = gpurng::core::offset(generator);
  return GPURNG_STATUS_SUCCESS;
}

gpurngStatus_t gpurngGenerate(gpurngGenerator_t generator, unsigned int* output_ptr, size_t num) {
  return flat_call(generator, Output::u32, output_ptr, num);
}

gpurngStatus_t gpurngGenerateLongLong(gpurngGenerator_t generator, unsigned long long* output_ptr, size_t num) {
  return flat_call(generator, Output::u64, output_ptr, num);
}

gpurngStatus_t gpurngGenerateUniform(gpurngGenerator_t generator, float* output_ptr, size_t num) {
  return flat_call(generator, Output::f32, output_ptr, num);
}

gpurngStatus_t gpurngGenerateUniformDouble(gpurngGenerator_t generator, double* output_ptr, size_t num) {
  return flat_call(generator, Output::f64, output_ptr, num);
}

gpurngStatus_t gpurngGenerateNormal(gpurngGenerator_t generator, float* output_ptr, size_t num, float mean,
                                    float stddev) {
  if (!generator) return GPURNG_STATUS_NOT_INITIALIZED;
  return run_call(generator, Call{Dist::normal_f32, output_ptr, num, mean, stddev, 0});
}

gpurngStatus_t gpurngGenerateNormalDouble(gpurngGenerator_t generator, double* output_ptr, size_t num, double mean,
                                          double stddev) {
  if (!generator) return GPURNG_STATUS_NOT_INITIALIZED;
  return run_call(generator, Call{Dist::normal_f64, output_ptr, num, mean, stddev, 0});
}

gpurngStatus_t gpurngGenerateLogNormal(gpurngGenerator_t generator, float* output_ptr, size_t num, float mean,
                                       float stddev) {
  if (!generator) return GPURNG_STATUS_NOT_INITIALIZED;
  return run_call(generator, Call{Dist::lognormal_f32, output_ptr, num, mean, stddev, 0});
}

gpurngStatus_t gpurngGenerateLogNormalDouble(gpurngGenerator_t generator, double* output_ptr, size_t num, double mean,
                                             double stddev) {
  if (!generator) return GPURNG_STATUS_NOT_INITIALIZED;
  return run_call(generator, Call{Dist::lognormal_f64, output_ptr, num, mean, stddev, 0});
}

gpurngStatus_t gpurngGeneratePoisson(gpurngGenerator_t generator, unsigned int* output_ptr, size_t num, double lambda) {
  if (!generator) return GPURNG_STATUS_NOT_INITIALIZED;
  return run_call(generator, Call{Dist::poisson, output_ptr, num, 0, 0, lambda});
}

gpurngStatus_t gpurngSetGeneratorOrdering(gpurngGenerator_t generator, gpurngOrdering_t order) {
  return change(generator, [&](gpurng::core::Engine& e) { return e.set_ordering(order, generator->host_only); });
}

gpurngStatus_t gpurngSetQuasiRandomGeneratorDimensions(gpurngGenerator_t generator, unsigned int num_dimensions) {
  return change(generator, [&](gpurng::core::Engine& e) { return e.set_dimensions(num_dimensions); });
}

gpurngStatus_t gpurngSetNormalMethod(gpurngGenerator_t generator, gpurngNormalMethod_t method) {
  return change(generator, [&](gpurng::core::Engine& e) { return e.set_normal_method(method); });
}

gpurngStatus_t gpurngSetStream(gpurngGenerator_t generator, gpurngCudaStream_t stream) {
  if (!generator) return GPURNG_STATUS_NOT_INITIALIZED;
  generator->stream = stream;
  return GPURNG_STATUS_SUCCESS;
}

gpurngStatus_t gpurngSetPrefetch(gpurngGenerator_t generator, size_t slab_numbers, unsigned int slabs) {
  if (!generator) return GPURNG_STATUS_NOT_INITIALIZED;
  return guarded([&] { return gpurng::core::set_prefetch(generator, gpurng::ring::Config{slab_numbers, slabs}); });
}

gpurngStatus_t gpurngAcquireUniform(gpurngGenerator_t generator, size_t num, const float** numbers) {
  return acquire<float>(generator, num, numbers, Output::f32);
}

gpurngStatus_t gpurngAcquireUniformDouble(gpurngGenerator_t generator, size_t num, const double** numbers) {
  return acquire<double>(generator, num, numbers, Output::f64);
}

gpurngStatus_t gpurngAcquire(gpurngGenerator_t generator, size_t num, const unsigned int** numbers) {
  return acquire<unsigned int>(generator, num, numbers, Output::u32);
}

gpurngStatus_t gpurngAcquireLongLong(gpurngGenerator_t generator, size_t num, const unsigned long long** numbers) {
  return acquire<unsigned long long>(generator, num, numbers, Output::u64);
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
      return "this mode needs the GPU (GPURNG_NORMAL_METHOD_CURAND_DEVICE on the CPU backend)";
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
    case GPURNG_STATUS_RESULT_OUT_OF_BOUNDS:
      return "a result is not finite or breaks a bound the exact answer obeys (the grid or time step is too coarse)";
    case GPURNG_STATUS_STREAM_END:
      return "the call would pass the end of the generator's stream (see gpurngGetStreamLimits)";
  }
  return "unknown status";
}

}  // extern "C"
