// SPDX-License-Identifier: BSD-3-Clause
// Split fills (gpurngGenerate*Parts): part i of one flat-stream call is filled by worker i from a copy of the
// generator's engine (Engine::clone) moved `ahead` by the parts before it, so each part is exactly the positions one
// call would give it; the generator's own position moves once every part has succeeded.
#include <stdint.h>

#include <memory>
#include <vector>

#include "../backends/cuda/cuda_backend.hpp"
#include "../core/abi_guard.hpp"
#include "../core/generator.hpp"
#include "gpurng.h"
#include "workers.hpp"

namespace {

using gpurng::Output;
using gpurng::core::Engine;

gpurngStatus_t fill_parts(gpurngGenerator_t g, gpurngWorkers_t w, Output kind, void* const* outputs,
                          const size_t* counts) {
  if (!g || !w) return GPURNG_STATUS_NOT_INITIALIZED;
  if (!outputs || !counts) return GPURNG_STATUS_NULL_POINTER;
  return gpurng::core::guarded([&] {
    const size_t parts = w->devices.size();
    const gpurng::core::Call whole{gpurng::core::dist_of(kind), nullptr, 0, 0, 0, 0};
    gpurngStatus_t st = g->engine->check(whole);
    if (st != GPURNG_STATUS_SUCCESS) return st;
    if (!g->engine->is_flat(kind)) return GPURNG_STATUS_TYPE_ERROR;
    const bool cuda = w->backend == GPURNG_BACKEND_CUDA;
    if (cuda && !g->engine->fills_device()) return GPURNG_STATUS_TYPE_ERROR;
    std::vector<uint64_t> start(parts);
    uint64_t total = 0;
    const uint64_t max_numbers = gpurng::core::kMaxOutputBytes / gpurng::element_size(kind);
    for (size_t i = 0; i < parts; ++i) {
      start[i] = total;
      if (counts[i] == 0) continue;
      if (!outputs[i]) return GPURNG_STATUS_NULL_POINTER;
      if (counts[i] > max_numbers - total) return GPURNG_STATUS_OUT_OF_RANGE;
      total += counts[i];
      const bool right_memory = cuda ? gpurng::cuda::pointer_device(outputs[i]) == w->devices[i]
                                     : !gpurng::cuda::is_device_pointer(outputs[i]);
      if (!right_memory) return GPURNG_STATUS_INVALID_VALUE;
    }
    st = gpurng::core::check_offset_end(g, total);
    if (st != GPURNG_STATUS_SUCCESS || total == 0) return st;
    Engine& engine = gpurng::core::engine_for_change(g);  // the ring's run closed: the engine is at the caller's place
    std::vector<std::unique_ptr<Engine>> copies(parts);
    for (size_t i = 0; i < parts; ++i) {
      if (counts[i] == 0) continue;
      copies[i] = engine.clone();
      if (!copies[i]) return GPURNG_STATUS_TYPE_ERROR;
    }
    const int threads = g->threads;
    const std::vector<gpurngStatus_t> done = gpurng::scale::run_parts(*w, [&](int i) {
      const size_t k = static_cast<size_t>(i);
      if (counts[k] == 0) return GPURNG_STATUS_SUCCESS;
      std::unique_ptr<Engine> copy = std::move(copies[k]);  // freed here, with its device current
      if (cuda) return copy->fill_ahead_device(kind, start[k], outputs[k], counts[k], nullptr);
      copy->fill_ahead_host(kind, start[k], outputs[k], counts[k], threads);
      return GPURNG_STATUS_SUCCESS;
    });
    st = gpurng::scale::first_failure(done);
    if (st == GPURNG_STATUS_SUCCESS) engine.advance(kind, total);
    return st;
  });
}

template <typename T>
void* const* as_void(T* const* p) {
  return reinterpret_cast<void* const*>(p);
}

}  // namespace

extern "C" {

gpurngStatus_t gpurngGenerateUniformParts(gpurngGenerator_t generator, gpurngWorkers_t workers, float* const* outputs,
                                          const size_t* counts) {
  return fill_parts(generator, workers, Output::f32, as_void(outputs), counts);
}

gpurngStatus_t gpurngGenerateUniformDoubleParts(gpurngGenerator_t generator, gpurngWorkers_t workers,
                                                double* const* outputs, const size_t* counts) {
  return fill_parts(generator, workers, Output::f64, as_void(outputs), counts);
}

gpurngStatus_t gpurngGenerateParts(gpurngGenerator_t generator, gpurngWorkers_t workers, unsigned int* const* outputs,
                                   const size_t* counts) {
  return fill_parts(generator, workers, Output::u32, as_void(outputs), counts);
}

gpurngStatus_t gpurngGenerateLongLongParts(gpurngGenerator_t generator, gpurngWorkers_t workers,
                                           unsigned long long* const* outputs, const size_t* counts) {
  return fill_parts(generator, workers, Output::u64, as_void(outputs), counts);
}

}  // extern "C"
