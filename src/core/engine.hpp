// SPDX-License-Identifier: BSD-3-Clause
// The one interface every engine of the C API implements (RANMAR, the classic engines, cuRAND's layout
// engines, the quasi-random engines, hybrid Taus, Halton Rasrap, and any engine registered later; see
// engine_registry.hpp and CONTRIBUTING.md). The generator is this engine plus a backend, an optional prefetch
// ring and a CUDA stream; neither it nor the C boundary knows which engine it holds.
//
// Position model. An engine has one offset (gpurngGetGeneratorOffset), in its own units: numbers for the
// flat-stream engines, units for XORWOW and MRG32k3a, points for the quasi-random engines, counted from the
// start of its stream (set_stream; stream 0 starts where the engine's sequence does). All positions live on
// the host; a device fill is handed everything it needs, so the backends never disagree about where a stream
// stands.
//
// Flat streams. When successive calls of one output type continue one another, one output per offset step,
// the engine says so (is_flat) and then serves ranges of that stream ahead of its position without moving it
// (fill_ahead_host / fill_ahead_device), and moves on when told what was consumed (advance). The prefetch
// ring and the zero-copy calls use only these: they know positions and bytes, never the engine.
//
// Threads. One caller at a time, as for the generator. While a ring runs, its producer thread calls
// fill_ahead_* and device_lost; the generator makes no other call on the engine until the ring is stopped.
#pragma once

#include <stddef.h>
#include <stdint.h>

#include <memory>

#include "../common/output.hpp"
#include "call.hpp"
#include "gpurng.h"

namespace gpurng {
namespace core {

class Engine {
 public:
  virtual ~Engine() = default;

  // gpurngSetPseudoRandomGeneratorSeed: OUT_OF_RANGE beyond the engine's seeds, TYPE_ERROR for a
  // quasi-random engine without one.
  virtual gpurngStatus_t set_seed(uint64_t seed) = 0;
  // gpurngSetGeneratorOffset / gpurngGetGeneratorOffset.
  virtual void set_offset(uint64_t offset) = 0;
  virtual uint64_t offset() const = 0;
  // ---- streams (gpurngSetGeneratorStream; docs/SCALING.md has the table) ----

  // Streams 0..last, each `length` offset steps long before the next stream's first number (UINT64_MAX: the whole
  // 64-bit offset range, as a generator off any stream has).
  struct StreamTable {
    uint64_t last;
    uint64_t length;
  };
  virtual StreamTable stream_table() const = 0;
  // Place the engine at offset 0 of stream k (k <= stream_table().last: the caller checks). Seed, ordering and
  // dimension changes keep the stream.
  virtual void set_stream(uint64_t k) = 0;
  virtual uint64_t stream() const = 0;
  // How far a checked call moves the offset (the generator checks it against the stream's end first).
  virtual uint64_t offset_step(const Call& call) const { return call.n; }

  // gpurngSetGeneratorOrdering: OUT_OF_RANGE for an ordering the engine does not have (host_only: as
  // cuRAND's host generator, which refuses DYNAMIC).
  virtual gpurngStatus_t set_ordering(gpurngOrdering_t ordering, bool host_only) {
    static_cast<void>(ordering);
    static_cast<void>(host_only);
    return GPURNG_STATUS_OUT_OF_RANGE;
  }
  // gpurngSetQuasiRandomGeneratorDimensions: TYPE_ERROR on pseudo-random engines, OUT_OF_RANGE outside 1..max.
  virtual gpurngStatus_t set_dimensions(unsigned dimensions) {
    static_cast<void>(dimensions);
    return GPURNG_STATUS_TYPE_ERROR;
  }
  // gpurngSetNormalMethod: OUT_OF_RANGE for a method the engine does not offer.
  virtual gpurngStatus_t set_normal_method(gpurngNormalMethod_t method) {
    static_cast<void>(method);
    return GPURNG_STATUS_OUT_OF_RANGE;
  }

  // The refusals for a call, before anything is written (also for n == 0): TYPE_ERROR for an output the
  // engine does not have, LENGTH_NOT_MULTIPLE for a length it refuses, OUT_OF_RANGE for a bad Poisson lambda
  // or a call that would move the offset past 2^64 - 1.
  virtual gpurngStatus_t check(const Call& call) const = 0;
  // Write a checked call's outputs (n > 0) and move the offset on. Engines route through route.hpp.
  virtual gpurngStatus_t generate(const Call& call, const Where& where) = 0;

  // ---- flat streams (the prefetch ring, the zero-copy calls) ----

  // True when calls of `kind` form one flat stream (check() accepts any length of it).
  virtual bool is_flat(Output kind) const {
    static_cast<void>(kind);
    return false;
  }
  // Outputs [ahead, ahead + n) of `kind` after the current offset into host memory, on up to `threads` CPU
  // threads; the offset does not move.
  virtual void fill_ahead_host(Output kind, uint64_t ahead, void* out, size_t n, int threads) {
    static_cast<void>(kind), static_cast<void>(ahead), static_cast<void>(out), static_cast<void>(n);
    static_cast<void>(threads);
  }
  // True when fill_ahead_device works (the engine has a CUDA fill of its flat streams).
  virtual bool fills_device() const { return false; }
  // As fill_ahead_host into device memory, queued on `stream` (a cudaStream_t; NULL: the call waits).
  virtual gpurngStatus_t fill_ahead_device(Output kind, uint64_t ahead, void* out, size_t n, void* stream) {
    static_cast<void>(kind), static_cast<void>(ahead), static_cast<void>(out), static_cast<void>(n);
    static_cast<void>(stream);
    return GPURNG_STATUS_INTERNAL_ERROR;
  }
  // n outputs of `kind` were consumed through fill_ahead_*: move the offset on by n.
  virtual void advance(Output kind, uint64_t n) {
    static_cast<void>(kind);
    static_cast<void>(n);
  }
  // Large host calls on the CUDA backend: true when filling device slabs and copying them back beats the CPU
  // threads (route.hpp; a measured property of the engine's kernels, see docs/PERFORMANCE.md).
  virtual bool host_calls_on_device() const { return false; }

  // ---- workers (src/scale/) ----

  // A copy of the engine's settings, stream, position and host state, without its device state (the copy makes its
  // own on whatever device is current where it is used): what each worker of a split fill starts from. nullptr
  // when the engine cannot be copied; split fills then refuse it.
  virtual std::unique_ptr<Engine> clone() const { return nullptr; }
  // Make this copy (one clone() made) equal to `source` again in settings, stream, position and host state, keeping
  // its own device state where it still holds for `source`'s sequence: a kept split-fill copy follows its generator
  // past calls made without the split instead of being made afresh (a Philox copy's thread states, for one, cost
  // 1.5-2 ms to rebuild and upload). No CUDA call. false: not offered; the caller clones again.
  virtual bool follow(const Engine& source) {
    static_cast<void>(source);
    return false;
  }
  // Flat outputs of `kind` are about to be taken by someone else's fill_ahead_* (the copies of a split fill) and
  // then passed with advance(): settle here what this engine's own fill_ahead_* would settle first.
  virtual void prepare_flat(Output kind) { static_cast<void>(kind); }

  // ---- the GPU going away ----

  // The GPU failed, or this is a child after fork(): forget any device state without calling CUDA; later
  // fills run on the host from the engine's host state.
  virtual void device_lost() {}
  // Drop any state cached between fills; the next fill recomputes it from the seed (the ring's fault test).
  virtual void forget_state() {}
};

}  // namespace core
}  // namespace gpurng
