// SPDX-License-Identifier: BSD-3-Clause
// What a prefetch ring fills its slabs from: one flat stream of fixed-size numbers, addressed by position
// from the start of the ring's run. The ring knows positions and bytes only; the generator hands it a source
// over its engine (src/core/engine_source.hpp), so every engine with a flat stream gets the ring.
//
// Threads: the ring's producer thread calls the source while the ring runs; its owner calls nothing on the
// source (nor on what the source reads) until PrefetchRing::stop() has returned.
#pragma once

#include <stddef.h>
#include <stdint.h>

#include "gpurng.h"

namespace gpurng {
namespace ring {

class SlabSource {
 public:
  virtual ~SlabSource() = default;
  // Bytes per number.
  virtual size_t element_size() const = 0;
  // Numbers [position, position + n) of the run into host memory.
  virtual void fill_host(uint64_t position, void* out, size_t n) = 0;
  // True when fill_device_async may be called (a GPU run of the ring).
  virtual bool fills_device() const = 0;
  // The same into device memory, queued on `stream` (a cudaStream_t) without waiting.
  virtual gpurngStatus_t fill_device_async(uint64_t position, void* out, size_t n, void* stream) = 0;
  // The GPU failed: fill_device_async is not called again, and fill_host must not touch the GPU.
  virtual void device_lost() = 0;
  // Drop any state kept between fills (the next fill recomputes it from the seed): GPURNG_FAULT=fill's test
  // of the recovery path.
  virtual void forget_state() = 0;
};

}  // namespace ring
}  // namespace gpurng
