// SPDX-License-Identifier: BSD-3-Clause
// The extern "C" entry points that only the cuRAND-style engines serve: orderings, dimensions, streams,
// normals, log-normals, Poisson, and Sobol' tables. Like api.cpp, nothing throws across the ABI.
#include <stdint.h>

#include "../backends/cuda/cuda_backend.hpp"
#include "abi_guard.hpp"
#include "generator.hpp"
#include "gpurng.h"
#include "gpurng/engines/sobol.hpp"
#include "style_calls.hpp"

namespace gpurng {
namespace core {

gpurngStatus_t style_generate(gpurngGenerator_t g, const Call& call) {
  const gpurngStatus_t st = g->style->check(call);
  if (st != GPURNG_STATUS_SUCCESS) return st;
  const bool device_out = !g->host_only && cuda::available() && cuda::is_device_pointer(call.out);
  const Where where{g->backend == GPURNG_BACKEND_CUDA, device_out, g->threads, g->stream};
  return g->style->generate(call, where);
}

gpurngStatus_t style_call(gpurngGenerator_t g, const Call& call, size_t elem) noexcept {
  if (call.n == 0) return guarded([&] { return g->style->check(call); });  // writes nothing
  if (!call.out) return GPURNG_STATUS_NULL_POINTER;
  if (call.n > kMaxOutputBytes / elem) return GPURNG_STATUS_OUT_OF_RANGE;
  return guarded([&] { return style_generate(g, call); });
}

}  // namespace core
}  // namespace gpurng

namespace {

using gpurng::core::Call;
using gpurng::core::Dist;

using gpurng::core::guarded;

// The calls that only the cuRAND-style engines have: TYPE_ERROR on the others.
template <typename T>
gpurngStatus_t distribution(gpurngGenerator_t g, T* out, size_t n, Dist d, double mean, double stddev, double lambda) {
  if (!g) return GPURNG_STATUS_NOT_INITIALIZED;
  if (!g->style) return GPURNG_STATUS_TYPE_ERROR;
  return gpurng::core::style_call(g, Call{d, out, n, mean, stddev, lambda}, sizeof(T));
}

}  // namespace

extern "C" {

gpurngStatus_t gpurngSetGeneratorOrdering(gpurngGenerator_t generator, gpurngOrdering_t order) {
  if (!generator) return GPURNG_STATUS_NOT_INITIALIZED;
  if (!generator->style) return GPURNG_STATUS_OUT_OF_RANGE;
  return guarded([&] { return generator->style->set_ordering(order, generator->host_only); });
}

gpurngStatus_t gpurngSetQuasiRandomGeneratorDimensions(gpurngGenerator_t generator, unsigned int num_dimensions) {
  if (!generator) return GPURNG_STATUS_NOT_INITIALIZED;
  if (!generator->style) return GPURNG_STATUS_TYPE_ERROR;
  return guarded([&] { return generator->style->set_dimensions(num_dimensions); });
}

gpurngStatus_t gpurngSetStream(gpurngGenerator_t generator, gpurngCudaStream_t stream) {
  if (!generator) return GPURNG_STATUS_NOT_INITIALIZED;
  generator->stream = stream;
  return GPURNG_STATUS_SUCCESS;
}

gpurngStatus_t gpurngSetNormalMethod(gpurngGenerator_t generator, gpurngNormalMethod_t method) {
  if (!generator) return GPURNG_STATUS_NOT_INITIALIZED;
  if (!generator->style) return GPURNG_STATUS_OUT_OF_RANGE;
  return guarded([&] { return generator->style->set_normal_method(method); });
}

gpurngStatus_t gpurngGenerateNormal(gpurngGenerator_t generator, float* output_ptr, size_t num, float mean,
                                    float stddev) {
  return distribution(generator, output_ptr, num, Dist::normal_f32, mean, stddev, 0);
}

gpurngStatus_t gpurngGenerateNormalDouble(gpurngGenerator_t generator, double* output_ptr, size_t num, double mean,
                                          double stddev) {
  return distribution(generator, output_ptr, num, Dist::normal_f64, mean, stddev, 0);
}

gpurngStatus_t gpurngGenerateLogNormal(gpurngGenerator_t generator, float* output_ptr, size_t num, float mean,
                                       float stddev) {
  return distribution(generator, output_ptr, num, Dist::lognormal_f32, mean, stddev, 0);
}

gpurngStatus_t gpurngGenerateLogNormalDouble(gpurngGenerator_t generator, double* output_ptr, size_t num, double mean,
                                             double stddev) {
  return distribution(generator, output_ptr, num, Dist::lognormal_f64, mean, stddev, 0);
}

gpurngStatus_t gpurngGeneratePoisson(gpurngGenerator_t generator, unsigned int* output_ptr, size_t num, double lambda) {
  return distribution(generator, output_ptr, num, Dist::poisson, 0, 0, lambda);
}

gpurngStatus_t gpurngGetDirectionVectors32(gpurngDirectionVectors32_t** vectors, gpurngDirectionVectorSet_t set) {
  if (!vectors) return GPURNG_STATUS_NULL_POINTER;
  if (set != GPURNG_DIRECTION_VECTORS_32_JOEKUO6 && set != GPURNG_SCRAMBLED_DIRECTION_VECTORS_32_JOEKUO6)
    return GPURNG_STATUS_OUT_OF_RANGE;
  return guarded([&] {
    const auto& t = gpurng::sobol::shared_table32(set == GPURNG_SCRAMBLED_DIRECTION_VECTORS_32_JOEKUO6);
    *vectors = reinterpret_cast<gpurngDirectionVectors32_t*>(const_cast<uint32_t*>(t.vectors.data()));
    return GPURNG_STATUS_SUCCESS;
  });
}

gpurngStatus_t gpurngGetDirectionVectors64(gpurngDirectionVectors64_t** vectors, gpurngDirectionVectorSet_t set) {
  if (!vectors) return GPURNG_STATUS_NULL_POINTER;
  if (set != GPURNG_DIRECTION_VECTORS_64_JOEKUO6 && set != GPURNG_SCRAMBLED_DIRECTION_VECTORS_64_JOEKUO6)
    return GPURNG_STATUS_OUT_OF_RANGE;
  static_assert(sizeof(unsigned long long) == sizeof(uint64_t), "64-bit words");
  return guarded([&] {
    const auto& t = gpurng::sobol::shared_table64(set == GPURNG_SCRAMBLED_DIRECTION_VECTORS_64_JOEKUO6);
    *vectors = reinterpret_cast<gpurngDirectionVectors64_t*>(const_cast<uint64_t*>(t.vectors.data()));
    return GPURNG_STATUS_SUCCESS;
  });
}

gpurngStatus_t gpurngGetScrambleConstants32(unsigned int** constants) {
  if (!constants) return GPURNG_STATUS_NULL_POINTER;
  return guarded([&] {
    *constants = const_cast<unsigned int*>(gpurng::sobol::shared_table32(true).constants.data());
    return GPURNG_STATUS_SUCCESS;
  });
}

gpurngStatus_t gpurngGetScrambleConstants64(unsigned long long** constants) {
  if (!constants) return GPURNG_STATUS_NULL_POINTER;
  return guarded([&] {
    *constants = reinterpret_cast<unsigned long long*>(
        const_cast<uint64_t*>(gpurng::sobol::shared_table64(true).constants.data()));
    return GPURNG_STATUS_SUCCESS;
  });
}

}  // extern "C"
