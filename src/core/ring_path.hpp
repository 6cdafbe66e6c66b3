// SPDX-License-Identifier: BSD-3-Clause
// The generator's use of its prefetch ring (internal to the core): opening a run, taking numbers from it,
// and closing it so that direct calls continue exactly at the caller's position.
#pragma once

#include <stddef.h>

#include "generator.hpp"

namespace gpurng {
namespace core {

// Take n numbers of `kind` (n <= slab) through the ring, opening a run if needed; *done = what was taken.
// *done < n only when the ring cannot serve (no memory for it, process exit); the run is then closed and a
// direct fill continues at the caller's position.
gpurngStatus_t ring_take(gpurngGenerator_t g, void* out, size_t n, Output kind, size_t* done);

// Before a direct call of n numbers of `kind` into host memory: copy to `out` what the open run of that kind
// has already made, up to n (*done). If that is not all n, the run is closed afterwards. (Device-memory calls
// close the run instead: a fill on the device is faster than copying the slabs over.)
gpurngStatus_t drain_ring(gpurngGenerator_t g, void* out, size_t n, Output kind, size_t* done);

// Close the open run (if any): stop the producer, tell the engine what the caller took, drop the rest.
void close_run(gpurngGenerator_t g);

// A GPU failure inside the ring moved the ring to the CPU; the generator follows.
void follow_ring_fallback(gpurngGenerator_t g);

// In a child after fork(): forget the ring and the GPU, continue on the CPU from the same position.
void continue_after_fork(gpurngGenerator_t g);

}  // namespace core
}  // namespace gpurng
