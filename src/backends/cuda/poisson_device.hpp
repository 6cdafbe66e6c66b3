// SPDX-License-Identifier: BSD-3-Clause
// The CUDA Poisson transform (include/gpurng/distributions/poisson.hpp has the definition). poisson_kernels.cu
// implements it when the toolkit is here; the generated stub (cuda_entry_points.list) otherwise.
#pragma once

#include <stddef.h>

#include "gpurng.h"
#include "gpurng/distributions/poisson.hpp"

namespace gpurng {
namespace cuda {

// Maps device_buf[0..n) (device memory holding 32-bit engine words) to Poisson variates in place, with the
// same integers as poisson::poisson_transform_cpu. The device copy of the last table used is cached per
// process (keyed by lambda and the current device): a call with the same lambda as the previous one copies
// nothing. Changing the table waits for the device to go idle (the old copy may still be read by queued
// work), then uploads 4 * (count + 2^g + 1) bytes (at most ~300 KiB). With stream NULL the call waits
// for the result; otherwise the kernel is queued on that cudaStream_t and the caller synchronises.
// Returns SUCCESS, ALLOCATION_FAILED, LAUNCH_FAILURE, or INITIALIZATION_FAILED (no CUDA in this build).
// Thread-safe (one mutex around the cache and the launch).
gpurngStatus_t poisson_transform(const poisson::poisson_table& table, unsigned* device_buf, size_t n, void* stream);

// Frees the cached device table (e.g. before the process gives up the device). Safe to call any time.
void poisson_release_cache();

}  // namespace cuda
}  // namespace gpurng
