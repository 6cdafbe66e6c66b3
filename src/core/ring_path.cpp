// SPDX-License-Identifier: BSD-3-Clause
#include "ring_path.hpp"

#include <memory>

#include "../ring/producer.hpp"

namespace gpurng {
namespace core {

namespace {

// Open a run of `kind` at the caller's position, with a new ring (and source) when the output type changed.
gpurngStatus_t open_run(gpurngGenerator_t g, Output kind) {
  close_run(g);
  if (g->ring && g->source->kind() != kind) {
    delete g->ring;  // before its source
    g->ring = nullptr;
    g->source.reset();
  }
  if (!g->ring) {
    std::unique_ptr<EngineSource> source(new EngineSource(g->engine.get(), kind, g->backend == GPURNG_BACKEND_CUDA));
    ring::PrefetchRing* r = nullptr;
    const gpurngStatus_t st = ring::PrefetchRing::create(g->prefetch, source.get(), &r);
    if (st != GPURNG_STATUS_SUCCESS) return st;
    g->source = std::move(source);
    g->ring = r;
    follow_ring_fallback(g);
  }
  g->ring->start();
  g->run_open = true;
  g->run_base = g->engine->offset();
  g->taken = 0;
  return GPURNG_STATUS_SUCCESS;
}

}  // namespace

void follow_ring_fallback(gpurngGenerator_t g) {
  if (g->ring && g->ring->fell_back_to_cpu() && g->backend == GPURNG_BACKEND_CUDA) g->backend = GPURNG_BACKEND_CPU;
}

void close_run(gpurngGenerator_t g) {
  if (!g->run_open) return;
  g->ring->stop();
  follow_ring_fallback(g);
  g->ring->discard();  // what it made beyond the caller's position is never served
  g->run_open = false;
  g->engine->advance(g->source->kind(), g->taken);
  g->taken = 0;
}

gpurngStatus_t ring_take(gpurngGenerator_t g, void* out, size_t n, Output kind, size_t* done) {
  *done = 0;
  if (!g->run_open || g->source->kind() != kind) {
    const gpurngStatus_t st = open_run(g, kind);
    if (st == GPURNG_STATUS_ALLOCATION_FAILED) return GPURNG_STATUS_SUCCESS;  // serve directly, without a ring
    if (st != GPURNG_STATUS_SUCCESS) return st;
  } else if (!g->ring->running()) {
    g->ring->resume();
  }
  const bool ok = g->ring->take(out, n, done);
  g->taken += *done;
  follow_ring_fallback(g);
  if (!ok) {  // the process is exiting: keep what it gave and go on without it
    close_run(g);
    if (ring::producer::exiting() && g->backend == GPURNG_BACKEND_CUDA) {
      g->backend = GPURNG_BACKEND_CPU;  // CUDA must not be called any more
      g->engine->device_lost();
    }
  }
  return GPURNG_STATUS_SUCCESS;
}

gpurngStatus_t drain_ring(gpurngGenerator_t g, void* out, size_t n, Output kind, size_t* done) {
  *done = 0;
  if (!g->run_open) return GPURNG_STATUS_SUCCESS;
  if (g->source->kind() != kind) {
    close_run(g);
    return GPURNG_STATUS_SUCCESS;
  }
  ring::PrefetchRing* r = g->ring;
  r->stop();
  follow_ring_fallback(g);
  const uint64_t avail = r->available();
  const size_t m = avail < n ? static_cast<size_t>(avail) : n;
  const gpurngStatus_t st = r->take_available(out, m);
  if (st != GPURNG_STATUS_SUCCESS) {
    close_run(g);
    return st;
  }
  *done = m;
  g->taken += m;
  if (m == n)
    r->resume();  // the ring had it all: let the run go on
  else
    close_run(g);
  return GPURNG_STATUS_SUCCESS;
}

void continue_after_fork(gpurngGenerator_t g) {
  g->fork_generation = ring::producer::fork_generation();
  if (g->run_open) g->engine->advance(g->source->kind(), g->taken);
  g->run_open = false;
  g->taken = 0;
  g->ring = nullptr;  // the parent's ring: its producer is gone and its memory may not be ours
  g->source.reset();  // the ring (never touched again) was its only user
  g->backend = GPURNG_BACKEND_CPU;
  g->engine->device_lost();
  g->engine->forget_state();  // the parent's producer may have been half-way through a fill at fork()
}

}  // namespace core
}  // namespace gpurng
