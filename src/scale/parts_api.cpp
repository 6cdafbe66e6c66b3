// SPDX-License-Identifier: BSD-3-Clause
// Split fills (gpurngGenerate*Parts): part i of one flat-stream call is filled by worker i from a copy of the
// generator's engine (Engine::clone) `ahead` by the parts before it, so each part is exactly the positions one call
// would give it; the generator's own position moves once every part has succeeded. The copies are kept for the next
// split call on the same list (gpurngGenerator_st::parts_engines), so a run of split calls pays no set-up per call.
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
    Engine& engine = gpurng::core::engine_for_split(g);  // at the caller's place
    engine.prepare_flat(kind);  // what the engine's own fill_ahead would settle, so that advance() below agrees
    // The workers' copies: kept from the last split call on the same list (their device state carries over); if
    // something else moved or changed the engine since, each copy follows it (Engine::follow), and where one cannot
    // they are all made afresh.
    bool kept = g->parts_backend == w->backend && g->parts_devices == w->devices && g->parts_engines.size() == parts;
    if (kept && g->parts_epoch != g->engine_epoch)
      for (auto& copy : g->parts_engines) kept = kept && copy && copy->follow(engine);
    if (!kept) {
      gpurng::core::drop_parts_engines(g);
      std::vector<std::unique_ptr<Engine>> copies(parts);
      for (size_t i = 0; i < parts; ++i) {
        copies[i] = engine.clone();
        if (!copies[i]) return GPURNG_STATUS_TYPE_ERROR;
      }
      g->parts_engines = std::move(copies);
      g->parts_devices = w->devices;
      g->parts_backend = w->backend;
    }
    g->parts_epoch = ~uint64_t(0);  // valid again only once every part has succeeded
    const int threads = g->threads;
    const std::vector<gpurngStatus_t> done = gpurng::scale::run_parts(*w, [&](int i) {
      const size_t k = static_cast<size_t>(i);
      if (counts[k] == 0) return GPURNG_STATUS_SUCCESS;
      Engine& copy = *g->parts_engines[k];
      if (cuda) return copy.fill_ahead_device(kind, start[k], outputs[k], counts[k], nullptr);
      copy.fill_ahead_host(kind, start[k], outputs[k], counts[k], threads);
      return GPURNG_STATUS_SUCCESS;
    });
    st = gpurng::scale::first_failure(done);
    if (st != GPURNG_STATUS_SUCCESS) {
      gpurng::core::drop_parts_engines(g);
      return st;
    }
    // The engine and every copy pass the whole call alike, so the copies stay where the engine is.
    engine.advance(kind, total);
    for (auto& copy : g->parts_engines) {
      copy->prepare_flat(kind);  // a copy whose part was empty has not prepared itself
      copy->advance(kind, total);
    }
    g->parts_epoch = g->engine_epoch;
    return st;
  });
}

// One part of a call of `total` (gpurngGenerate*Part): the engine's own fill_ahead, then the whole call's advance.
gpurngStatus_t fill_part(gpurngGenerator_t g, Output kind, size_t total, size_t first, size_t count, void* out) {
  if (!g) return GPURNG_STATUS_NOT_INITIALIZED;
  if (count > 0 && !out) return GPURNG_STATUS_NULL_POINTER;
  return gpurng::core::guarded([&] {
    gpurngStatus_t st = g->engine->check(gpurng::core::Call{gpurng::core::dist_of(kind), nullptr, 0, 0, 0, 0});
    if (st != GPURNG_STATUS_SUCCESS) return st;
    if (!g->engine->is_flat(kind)) return GPURNG_STATUS_TYPE_ERROR;
    if (first > total || count > total - first) return GPURNG_STATUS_OUT_OF_RANGE;
    if (total > gpurng::core::kMaxOutputBytes / gpurng::element_size(kind)) return GPURNG_STATUS_OUT_OF_RANGE;
    st = gpurng::core::check_offset_end(g, total);
    if (st != GPURNG_STATUS_SUCCESS || total == 0) return st;
    Engine& engine = gpurng::core::engine_for_change(g);
    engine.prepare_flat(kind);
    if (count > 0) {
      const bool device = !g->host_only && gpurng::cuda::is_device_pointer(out);
      if (device && g->backend == GPURNG_BACKEND_CUDA && engine.fills_device()) {
        st = engine.fill_ahead_device(kind, first, out, count, nullptr);
      } else if (device) {
        return GPURNG_STATUS_INVALID_VALUE;  // device memory on a CPU-backend generator: not served here
      } else {
        engine.fill_ahead_host(kind, first, out, count, g->threads);
      }
      if (st != GPURNG_STATUS_SUCCESS) return st;
    }
    engine.advance(kind, total);
    return GPURNG_STATUS_SUCCESS;
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

gpurngStatus_t gpurngGenerateUniformPart(gpurngGenerator_t generator, size_t total, size_t first, size_t count,
                                         float* output) {
  return fill_part(generator, Output::f32, total, first, count, output);
}

gpurngStatus_t gpurngGenerateUniformDoublePart(gpurngGenerator_t generator, size_t total, size_t first, size_t count,
                                               double* output) {
  return fill_part(generator, Output::f64, total, first, count, output);
}

gpurngStatus_t gpurngGeneratePart(gpurngGenerator_t generator, size_t total, size_t first, size_t count,
                                  unsigned int* output) {
  return fill_part(generator, Output::u32, total, first, count, output);
}

gpurngStatus_t gpurngGenerateLongLongPart(gpurngGenerator_t generator, size_t total, size_t first, size_t count,
                                          unsigned long long* output) {
  return fill_part(generator, Output::u64, total, first, count, output);
}

}  // extern "C"
