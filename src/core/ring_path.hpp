// SPDX-License-Identifier: BSD-3-Clause
// The generator's use of its prefetch ring (internal to the core): making and restarting it, taking
// numbers from it, and stopping it so that direct paths continue exactly at the caller's position.
#pragma once

#include <stddef.h>

#include "generator.hpp"

namespace gpurng {
namespace core {

// Take n numbers of `kind` (n <= slab) through the ring, starting it if needed; advances the position by
// what was taken (*done). *done < n only when the ring cannot serve (no memory for it, process exit);
// the generator's own state is then at its position and a direct fill continues.
gpurngStatus_t ring_take(gpurngGenerator_t g, void* out, size_t n, cuda::Output kind, size_t* done);

// Before a direct fill of n numbers: stop the ring and copy to `out` (host or device memory) what it has
// already made, up to n (*done, position advanced). If that is not all n, the ring is empty afterwards
// and the generator's state is back at its position.
gpurngStatus_t drain_ring(gpurngGenerator_t g, void* out, size_t n, bool to_device, size_t* done);

// Stop the ring and drop what the caller has not consumed: the generator's state is at its position.
void settle_ring(gpurngGenerator_t g);

// A GPU failure inside the ring moved the ring to the CPU; the generator follows.
void follow_ring_fallback(gpurngGenerator_t g);

// In a child after fork(): forget the ring and the GPU, continue on the CPU from the same position.
void continue_after_fork(gpurngGenerator_t g);

}  // namespace core
}  // namespace gpurng
