// SPDX-License-Identifier: BSD-3-Clause
// The CUDA Wallace generator (include/gpurng/distributions/wallace.hpp has the definition): the pools live in device
// memory between calls; one block of 256 threads per pool, the pool in shared memory. Same bits as
// wallace::wallace_generator. wallace_kernels.cu implements it with the toolkit; the generated stub
// (cuda_entry_points.list) without.
#pragma once

#include <stddef.h>
#include <stdint.h>

#include "gpurng.h"
#include "gpurng/distributions/wallace.hpp"

namespace gpurng {
namespace cuda {

// Device pools (B * P floats = 2 MiB) plus the host's record of the stream position.
struct WallaceDevice;

// Allocates the device pools; the state is unseeded until wallace_seed or wallace_upload.
// SUCCESS, ALLOCATION_FAILED, or INITIALIZATION_FAILED (no CUDA in this build / no device).
gpurngStatus_t wallace_create(WallaceDevice** dev);
void wallace_destroy(WallaceDevice* dev);

// Seeds on the device (initial pools and the W warm-up transforms; the same bits as the host's
// wallace_generator(seed)), position 0. One kernel of B blocks; with stream NULL it waits.
gpurngStatus_t wallace_seed(WallaceDevice* dev, uint64_t seed, void* stream);

// Replaces the device state by a host state (e.g. wallace_generator::state()): copies 2 MiB. Synchronous.
gpurngStatus_t wallace_upload(WallaceDevice* dev, const wallace::wallace_state& state);

// Copies the device state to the host (synchronous; waits for queued work first).
gpurngStatus_t wallace_download(WallaceDevice* dev, wallace::wallace_state* state);

// The next n outputs of the stream into device memory `out` (n floats), or, with out NULL, skips n positions
// (transforms only). One kernel of B blocks; each block runs its pool through the passes the request touches
// (ceil-ish (pos + n) / (B P) - pos / (B P) passes), so its cost is the number of passes times B P
// element steps plus n stores. The position advances when the work is queued: calls for one generator must
// use one stream (or NULL, which waits). LAUNCH_FAILURE on a CUDA error.
gpurngStatus_t wallace_fill(WallaceDevice* dev, float* out, size_t n, void* stream);

// Position (outputs consumed) and seed as the host records them.
uint64_t wallace_position(const WallaceDevice* dev);
uint64_t wallace_seed_of(const WallaceDevice* dev);

}  // namespace cuda
}  // namespace gpurng
