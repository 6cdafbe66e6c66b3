// SPDX-License-Identifier: BSD-3-Clause
// The generator object behind gpurngGenerator_t, and the operations the C API forwards to.
//
// State: engine, seed, position (numbers the caller has consumed) and the RANMAR window at that position.
// On the CUDA backend the window may live on the device after a device fill; `host_window_current` says
// whether the host copy is up to date, and the host fetches the device copy only when a host-side fill
// needs it. While the prefetch ring runs (`ring_owns_state`), the ring's producer holds the stream's state
// ahead of `position` and `window` is stale; stopping the ring hands the state back (ring_path.cpp).
#pragma once

#include <stddef.h>
#include <stdint.h>

#include <memory>
#include <vector>

#include "../backends/cuda/cuda_backend.hpp"
#include "../ring/prefetch_ring.hpp"
#include "../ring/ring_config.hpp"
#include "gpurng.h"
#include "gpurng/distributions/classic_outputs.hpp"
#include "gpurng/engines/ranmar.hpp"
#include "style_engine.hpp"

struct gpurngGenerator_st {
  gpurngRngType_t type;
  gpurngBackend_t backend;
  bool host_only;  // created by gpurngCreateGeneratorHost: output pointers are host memory by contract
  int threads;     // CPU threads for host-side fills
  uint64_t seed;
  uint64_t position;
  uint64_t window[gpurng::ranmar::kLag];  // the engine's state at `position` (RANMAR: its 97-word window)
  bool host_window_current;
  gpurng::cuda::RanmarDevice* device;  // NULL on the CPU backend
  gpurng::ring::Config prefetch;       // the ring's size; slabs == 0: no ring
  gpurng::ring::PrefetchRing* ring;    // made on the first small host request
  bool ring_owns_state;
  uintptr_t host_page;        // the last output page found to be host memory (page >> 12)
  unsigned fork_generation;   // ring::producer::fork_generation() when last checked
  std::vector<char> scratch;  // the zero-copy call's buffer when there is no ring
  // The cuRAND-style engines (style_engine.hpp) keep their state here instead of in `window`/`position`.
  std::unique_ptr<gpurng::core::StyleEngine> style;
  gpurngCudaStream_t stream;  // gpurngSetStream
};

namespace gpurng {
namespace core {

bool is_known_type(gpurngRngType_t type);
ranmar::Kind kind_of(gpurngRngType_t type);

gpurngStatus_t create(gpurngGenerator_t* out, gpurngRngType_t type, bool host_only);
void destroy(gpurngGenerator_t g);

// Re-derive the window at the current position from the seed (O(log position)).
void reset_window(gpurngGenerator_t g);
// Bring the host copy of the window up to date (after device fills it lives on the device).
gpurngStatus_t make_host_window_current(gpurngGenerator_t g);

// Fill n outputs of element type T (validated by the caller) at the generator's position and advance it.
// Small host requests go through the prefetch ring: the inline fast path below, else generate_slow.
template <typename T>
gpurngStatus_t generate_slow(gpurngGenerator_t g, T* out, size_t n, cuda::Output kind);
template <typename T>
inline gpurngStatus_t generate(gpurngGenerator_t g, T* out, size_t n, cuda::Output kind) {
  ring::PrefetchRing* r = g->ring;
  if (r && r->kind() == kind && (reinterpret_cast<uintptr_t>(out) >> 12) == g->host_page && r->try_take(out, n)) {
    g->position += n;
    return GPURNG_STATUS_SUCCESS;
  }
  return generate_slow<T>(g, out, n, kind);
}

// The zero-copy call: *ptr = the next n numbers (n <= slab size), valid until the next call on g.
gpurngStatus_t acquire(gpurngGenerator_t g, size_t n, cuda::Output kind, const void** ptr);

// Seed, offset and prefetch changes act at the caller's position: the ring's numbers beyond it are dropped.
void set_seed(gpurngGenerator_t g, uint64_t seed);
void set_offset(gpurngGenerator_t g, uint64_t offset);
gpurngStatus_t set_prefetch(gpurngGenerator_t g, const ring::Config& c);

}  // namespace core
}  // namespace gpurng
