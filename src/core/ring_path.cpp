// SPDX-License-Identifier: BSD-3-Clause
#include "ring_path.hpp"

#include "../ring/producer.hpp"
#include "host_fill.hpp"

namespace gpurng {
namespace core {

namespace {

// The ring is stopped and empty: its producer's state is at the caller's position; take it back.
void reclaim_state(gpurngGenerator_t g) {
  if (g->ring->hand_back_window(g->window))
    g->host_window_current = true;
  else
    g->host_window_current = false;  // the device's copy is current
  g->ring_owns_state = false;
}

// Begin a ring run at the generator's position, with a new ring when the kind changed.
gpurngStatus_t open_ring(gpurngGenerator_t g, cuda::Output kind) {
  if (g->ring && g->ring->kind() != kind) {
    settle_ring(g);
    delete g->ring;
    g->ring = nullptr;
  }
  if (!g->ring) {
    const ring::Stream s{g->type, g->seed, kind, 1};
    cuda::RanmarDevice* dev = g->backend == GPURNG_BACKEND_CUDA ? g->device : nullptr;
    const gpurngStatus_t st = ring::PrefetchRing::create(g->prefetch, s, dev, &g->ring);
    if (st != GPURNG_STATUS_SUCCESS) return st;
    follow_ring_fallback(g);
  }
  // A GPU ring can start from the device's copy of the window; a CPU ring needs it on the host.
  const bool gpu_ring = g->backend == GPURNG_BACKEND_CUDA;
  if (!gpu_ring) {
    const gpurngStatus_t st = make_host_window_current(g);
    if (st != GPURNG_STATUS_SUCCESS) return st;
  }
  g->ring->start(g->position, g->host_window_current ? g->window : nullptr);
  g->ring_owns_state = true;
  return GPURNG_STATUS_SUCCESS;
}

// The ring cannot go on (process exit): keep what it gave, rebuild the state at the position, drop it.
void abandon_ring(gpurngGenerator_t g) {
  g->ring_owns_state = false;
  if (ring::producer::exiting()) g->backend = GPURNG_BACKEND_CPU;  // CUDA must not be called any more
  reset_window(g);
}

}  // namespace

void follow_ring_fallback(gpurngGenerator_t g) {
  if (g->ring && g->ring->fell_back_to_cpu() && g->backend == GPURNG_BACKEND_CUDA) g->backend = GPURNG_BACKEND_CPU;
}

gpurngStatus_t ring_take(gpurngGenerator_t g, void* out, size_t n, cuda::Output kind, size_t* done) {
  *done = 0;
  if (!g->ring || g->ring->kind() != kind || !g->ring_owns_state) {
    const gpurngStatus_t st = open_ring(g, kind);
    if (st == GPURNG_STATUS_ALLOCATION_FAILED) return GPURNG_STATUS_SUCCESS;  // serve directly, without a ring
    if (st != GPURNG_STATUS_SUCCESS) return st;
  } else if (!g->ring->running()) {
    g->ring->resume();
  }
  const bool ok = g->ring->take(out, n, done);
  g->position += *done;
  follow_ring_fallback(g);
  if (!ok) {
    g->ring->stop();
    abandon_ring(g);
  }
  return GPURNG_STATUS_SUCCESS;
}

gpurngStatus_t drain_ring(gpurngGenerator_t g, void* out, size_t n, bool to_device, size_t* done) {
  *done = 0;
  if (!g->ring || !g->ring_owns_state) return GPURNG_STATUS_SUCCESS;
  ring::PrefetchRing* r = g->ring;
  r->stop();
  follow_ring_fallback(g);
  const uint64_t avail = r->available();
  const size_t m = avail < n ? static_cast<size_t>(avail) : n;
  const gpurngStatus_t st = r->take_available(out, m, to_device);
  if (st != GPURNG_STATUS_SUCCESS) {
    settle_ring(g);
    return st;
  }
  *done = m;
  g->position += m;
  if (m == n)
    r->resume();  // the ring had it all: let it go on
  else
    reclaim_state(g);
  return GPURNG_STATUS_SUCCESS;
}

void settle_ring(gpurngGenerator_t g) {
  if (!g->ring || !g->ring_owns_state) return;
  g->ring->stop();
  follow_ring_fallback(g);
  if (g->ring->available() == 0) {
    reclaim_state(g);
  } else {
    g->ring_owns_state = false;
    g->ring->discard();  // its numbers lie beyond the caller's position: never serve them
    reset_window(g);     // the state at the caller's position, from the seed
  }
}

void continue_after_fork(gpurngGenerator_t g) {
  g->fork_generation = ring::producer::fork_generation();
  g->ring = nullptr;  // the parent's ring: its producer is gone and its memory may not be ours
  g->ring_owns_state = false;
  if (g->backend == GPURNG_BACKEND_CUDA) {
    g->backend = GPURNG_BACKEND_CPU;
    g->device = nullptr;
  }
  reset_window(g);
}

}  // namespace core
}  // namespace gpurng
