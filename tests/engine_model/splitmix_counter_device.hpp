// SPDX-License-Identifier: BSD-3-Clause
// The SplitMix64 counter's device fill (splitmix_counter_cuda.cu when CUDA is built).
#pragma once

#include <stddef.h>
#include <stdint.h>

#include "gpurng.h"

namespace splitmix_counter {

#ifdef GPURNG_TEST_HAVE_CUDA
constexpr bool kHaveDeviceFill = true;
// Outputs [first, first + n) of type `output` (gpurng::Output's value) into device memory, queued on `stream`
// (NULL: the call waits).
gpurngStatus_t fill_device(uint64_t seed, uint64_t first, int output, void* out, size_t n, void* stream);
#else
constexpr bool kHaveDeviceFill = false;
inline gpurngStatus_t fill_device(uint64_t, uint64_t, int, void*, size_t, void*) {
  return GPURNG_STATUS_INITIALIZATION_FAILED;
}
#endif

}  // namespace splitmix_counter
