// SPDX-License-Identifier: BSD-3-Clause
#include "generator.hpp"

#include <memory>
#include <new>

#include "../backends/cpu/cpu_isa.hpp"
#include "../backends/cpu/thread_pool.hpp"
#include "../backends/cuda/cuda_backend.hpp"
#include "../ring/producer.hpp"
#include "backend_choice.hpp"
#include "engine_registry.hpp"
#include "ring_path.hpp"

namespace gpurng {
namespace core {

namespace {

bool is_device_memory(gpurngGenerator_t g, const void* out) {
  return !g->host_only && cuda::available() && cuda::is_device_pointer(out);
}

}  // namespace

// Fork and GPU-failure bookkeeping before any call that uses the engine or the ring.
static void follow_process(gpurngGenerator_t g) {
  if (g->fork_generation != ring::producer::fork_generation()) {
    drop_parts_engines(g);  // still the parent's generation: the copies forget their device state without CUDA
    continue_after_fork(g);
  }
  follow_ring_fallback(g);
}

gpurngStatus_t create(gpurngGenerator_t* out, gpurngRngType_t type, bool host_only) {
  const EngineFactory make = find_engine(type);
  if (!make) return GPURNG_STATUS_TYPE_ERROR;
  gpurngBackend_t backend = GPURNG_BACKEND_CPU;
  if (!host_only) {
    const gpurngStatus_t st = choose_backend(&backend);
    if (st != GPURNG_STATUS_SUCCESS) return st;
  }
  const int threads = cpu::configured_threads();
  if (threads == 0 || !cpu::isa_setting_valid()) return GPURNG_STATUS_INVALID_VALUE;
  ring::Config prefetch;
  const gpurngStatus_t prefetch_status = ring::config_from_environment(&prefetch);
  if (prefetch_status != GPURNG_STATUS_SUCCESS) return prefetch_status;
  std::unique_ptr<gpurngGenerator_st> g(new (std::nothrow) gpurngGenerator_st{});
  if (!g) return GPURNG_STATUS_ALLOCATION_FAILED;
  g->engine = make(type);
  g->type = type;
  g->backend = backend;
  g->host_only = host_only;
  g->threads = threads;
  g->stream = nullptr;
  g->on_stream = false;
  g->offset_end = UINT64_MAX;
  g->engine_epoch = 0;
  g->parts_epoch = ~uint64_t(0);
  g->parts_backend = GPURNG_BACKEND_CPU;
  g->prefetch = prefetch;
  g->ring = nullptr;
  g->run_open = false;
  g->run_base = 0;
  g->taken = 0;
  g->host_page = ~uintptr_t(0);
  g->fork_generation = ring::producer::fork_generation();
  *out = g.release();
  return GPURNG_STATUS_SUCCESS;
}

void drop_parts_engines(gpurngGenerator_t g) {
  if (g->parts_engines.empty()) return;
  const bool cuda = g->parts_backend == GPURNG_BACKEND_CUDA && g->fork_generation == ring::producer::fork_generation();
  const int caller = cuda ? cuda::current_device() : -1;
  for (size_t i = 0; i < g->parts_engines.size(); ++i) {
    if (!g->parts_engines[i]) continue;
    if (!cuda)
      g->parts_engines[i]->device_lost();  // CPU workers hold none; a forked child must not touch the parent's
    else if (cuda::use_device(g->parts_devices[i]) != GPURNG_STATUS_SUCCESS)
      g->parts_engines[i]->device_lost();
    g->parts_engines[i].reset();
  }
  if (caller >= 0) cuda::use_device(caller);
  g->parts_engines.clear();
  g->parts_epoch = ~uint64_t(0);
}

void destroy(gpurngGenerator_t g) {
  if (ring::producer::exiting()) {
    for (auto& e : g->parts_engines) static_cast<void>(e.release());  // no CUDA calls at exit
  }
  drop_parts_engines(g);
  if (g->fork_generation == ring::producer::fork_generation()) {
    delete g->ring;  // stops its producer first; before its source
    if (ring::producer::exiting())
      static_cast<void>(g->engine.release());  // no CUDA calls at exit
    else
      cuda::device_free(g->staging.ptr);
  } else {
    // A forked child: the parent's ring and device state are not ours to free.
    g->engine->device_lost();
  }
  delete g;
}

uint64_t offset(gpurngGenerator_t g) { return g->engine->offset() + (g->run_open ? g->taken : 0); }

gpurngStatus_t check_offset_end(gpurngGenerator_t g, uint64_t step) {
  const uint64_t at = offset(g);
  if (at <= g->offset_end && step <= g->offset_end - at) return GPURNG_STATUS_SUCCESS;
  return g->on_stream ? GPURNG_STATUS_STREAM_END : GPURNG_STATUS_OUT_OF_RANGE;
}

Engine& engine_for_change(gpurngGenerator_t g) {
  follow_process(g);
  close_run(g);
  ++g->engine_epoch;
  return *g->engine;
}

Engine& engine_for_split(gpurngGenerator_t g) {
  follow_process(g);
  if (g->run_open) {
    close_run(g);
    ++g->engine_epoch;
  }
  return *g->engine;
}

gpurngStatus_t generate(gpurngGenerator_t g, const Call& call) {
  follow_process(g);
  ++g->engine_epoch;
  const bool device = is_device_memory(g, call.out);
  if (!device) g->host_page = reinterpret_cast<uintptr_t>(call.out) >> 12;
  Output kind;
  size_t done = 0;
  if (output_of(call.dist, &kind) && g->engine->is_flat(kind)) {
    gpurngStatus_t st;
    if (device) {
      // The ring's slabs would have to be copied over: a fill from the caller's position is faster (64 Ki
      // numbers measured 46-98 us through the ring against 9-12 us). Closing the run rewinds to that position.
      close_run(g);
      st = GPURNG_STATUS_SUCCESS;
    } else if (g->prefetch.slabs > 0 && call.n <= g->prefetch.slab_numbers) {
      st = ring_take(g, call.out, call.n, kind, &done);
    } else {
      st = drain_ring(g, call.out, call.n, kind, &done);
    }
    if (st != GPURNG_STATUS_SUCCESS || done == call.n) return st;
  } else {
    close_run(g);
  }
  Call rest = call;
  rest.out = static_cast<char*>(call.out) + done * dist_size(call.dist);
  rest.n = call.n - done;
  const Where where{g->backend == GPURNG_BACKEND_CUDA, device, g->threads, g->stream, &g->staging};
  return g->engine->generate(rest, where);
}

gpurngStatus_t acquire(gpurngGenerator_t g, size_t n, Output kind, const void** ptr) {
  follow_process(g);
  ++g->engine_epoch;
  const size_t limit = g->prefetch.slabs > 0 ? g->prefetch.slab_numbers : ring::kDefaultConfig.slab_numbers;
  if (n > limit) return GPURNG_STATUS_OUT_OF_RANGE;
  if (g->engine->is_flat(kind) && g->prefetch.slabs > 0) {
    if (!g->run_open || g->source->kind() != kind) {
      size_t none = 0;
      const gpurngStatus_t st = ring_take(g, nullptr, 0, kind, &none);  // opens a run
      if (st != GPURNG_STATUS_SUCCESS) return st;
    }
    if (g->run_open && g->ring->acquire(n, ptr)) {
      g->taken += n;
      return GPURNG_STATUS_SUCCESS;
    }
    close_run(g);
  }
  // No ring for this call: the generator's own buffer.
  const size_t bytes = n * gpurng::element_size(kind);
  if (g->scratch.size() < bytes) g->scratch.resize(bytes);
  close_run(g);
  const Where where{g->backend == GPURNG_BACKEND_CUDA, false, g->threads, g->stream};
  const gpurngStatus_t st = g->engine->generate(Call{dist_of(kind), g->scratch.data(), n, 0, 0, 0}, where);
  if (st == GPURNG_STATUS_SUCCESS) *ptr = g->scratch.data();
  return st;
}

gpurngStatus_t set_prefetch(gpurngGenerator_t g, const ring::Config& c) {
  const gpurngStatus_t st = ring::validate(c);
  if (st != GPURNG_STATUS_SUCCESS) return st;
  follow_process(g);
  close_run(g);
  delete g->ring;
  g->ring = nullptr;
  g->source.reset();
  g->prefetch = c;
  return GPURNG_STATUS_SUCCESS;
}

}  // namespace core
}  // namespace gpurng
