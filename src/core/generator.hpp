// SPDX-License-Identifier: BSD-3-Clause
// The generator object behind gpurngGenerator_t: an engine (engine.hpp), a backend, an optional prefetch ring
// and a CUDA stream. It holds no engine-specific state and makes no engine-specific decision.
//
// Ring runs. While a ring run is open (`run_open`), the engine's offset stays where the run began and the
// caller's position is that offset plus `taken`; closing the run (ring_path.hpp) tells the engine what was
// taken. Everything that reads or changes the engine closes the run first, except the offset query, which
// adds `taken`.
#pragma once

#include <stddef.h>
#include <stdint.h>

#include <memory>
#include <vector>

#include "../common/output.hpp"
#include "../ring/prefetch_ring.hpp"
#include "../ring/ring_config.hpp"
#include "engine.hpp"
#include "engine_source.hpp"
#include "gpurng.h"

struct gpurngGenerator_st {
  std::unique_ptr<gpurng::core::Engine> engine;
  gpurngRngType_t type;  // as created (the bit generator's table of word widths, gpurng_bitgen.h)
  gpurngBackend_t backend;
  bool host_only;             // created by gpurngCreateGeneratorHost: output pointers are host memory by contract
  int threads;                // CPU threads for host-side fills
  gpurngCudaStream_t stream;  // gpurngSetStream
  // gpurngSetGeneratorStream: off any stream offsets run to 2^64 - 1 (offset_end UINT64_MAX) and passing that is
  // OUT_OF_RANGE; on a stream offset_end is the stream's length and passing it STREAM_END.
  bool on_stream;
  uint64_t offset_end;

  gpurng::ring::Config prefetch;                       // the ring's size; slabs == 0: no ring
  std::unique_ptr<gpurng::core::EngineSource> source;  // what the ring fills from (one output type)
  gpurng::ring::PrefetchRing* ring;                    // made on the first small host request
  bool run_open;                                       // a ring run is open (see above)
  uint64_t run_base;                                   // the engine's offset where the open run began
  uint64_t taken;                                      // numbers the caller took from the open run
  uintptr_t host_page;                                 // the last output page found to be host memory (page >> 12)
  unsigned fork_generation;                            // ring::producer::fork_generation() when last checked
  std::vector<char> scratch;                           // the zero-copy call's buffer when the ring cannot serve it
  gpurng::core::DeviceStaging staging;                 // host-memory calls made on the GPU go through it

  // Split fills (src/scale/parts_api.cpp): the workers' copies of the engine, kept from one split call to the next
  // while nothing else moved or changed the engine (engine_epoch counts every other call that does), for the
  // worker list they were made for; their device state then carries over as the engine's own does.
  uint64_t engine_epoch;
  uint64_t parts_epoch;
  std::vector<int> parts_devices;
  gpurngBackend_t parts_backend;
  std::vector<std::unique_ptr<gpurng::core::Engine>> parts_engines;
};

namespace gpurng {
namespace core {

gpurngStatus_t create(gpurngGenerator_t* out, gpurngRngType_t type, bool host_only);
void destroy(gpurngGenerator_t g);

// The caller's position (gpurngGetGeneratorOffset).
uint64_t offset(gpurngGenerator_t g);

// Whether a call that moves the offset by `step` stays within the stream: SUCCESS, STREAM_END on a stream,
// OUT_OF_RANGE off one (past 2^64 - 1).
gpurngStatus_t check_offset_end(gpurngGenerator_t g, uint64_t step);

// The engine, for a call that reads or changes its settings: the ring's run is closed first, so its numbers
// beyond the caller's position are dropped.
Engine& engine_for_change(gpurngGenerator_t g);

// The engine at the caller's position for a split fill: as engine_for_change, but the split's engine copies stay
// valid unless the ring's run had moved the engine.
Engine& engine_for_split(gpurngGenerator_t g);

// Drop the split's engine copies (their device memory freed with their device current).
void drop_parts_engines(gpurngGenerator_t g);

// The per-call fast path, before any check: true when the open run's current slab held the call's numbers
// and they were copied to `out`. A run of `kind` is open only if the engine accepted that output type, so a
// call it serves needs no other check (the offset's end excepted).
inline bool try_ring(gpurngGenerator_t g, Output kind, void* out, size_t n) {
  ring::PrefetchRing* r = g->ring;
  if (r && g->source->kind() == kind && (reinterpret_cast<uintptr_t>(out) >> 12) == g->host_page &&
      g->run_base + g->taken <= g->offset_end && n <= g->offset_end - g->run_base - g->taken && r->try_take(out, n)) {
    g->taken += n;
    return true;
  }
  return false;
}

// A checked call (engine->check passed, out valid, n > 0): its outputs, through the ring when it is a small
// host request of a flat stream.
gpurngStatus_t generate(gpurngGenerator_t g, const Call& call);

// The zero-copy call: *ptr = the next n numbers of `kind` (n <= slab size), valid until the next call on g.
gpurngStatus_t acquire(gpurngGenerator_t g, size_t n, Output kind, const void** ptr);

// gpurngSetPrefetch: acts at the caller's position.
gpurngStatus_t set_prefetch(gpurngGenerator_t g, const ring::Config& c);

}  // namespace core
}  // namespace gpurng
