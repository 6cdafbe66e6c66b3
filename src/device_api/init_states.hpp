// SPDX-License-Identifier: BSD-3-Clause
// The two halves behind gpurngInitStates* (init_states.cpp checks the arguments first): CPU threads for host
// memory (init_states_cpu.cpp) and kernels for device memory (init_states_cuda.cu, CUDA builds only). Both give
// states[i] = gpurng_init(seed, first + i, offset) for i < count; count >= 1 and first + count - 1 < 2^64 here.
#pragma once

#include <stddef.h>
#include <stdint.h>

#include "gpurng_kernel.h"

namespace gpurng {
namespace device_api {

// Synchronous; SUCCESS or INVALID_VALUE (GPURNG_THREADS unusable).
gpurngStatus_t init_states_cpu(gpurngStateXORWOW_t* states, size_t count, uint64_t seed, uint64_t first,
                               uint64_t offset);
gpurngStatus_t init_states_cpu(gpurngStateMRG32k3a_t* states, size_t count, uint64_t seed, uint64_t first,
                               uint64_t offset);
gpurngStatus_t init_states_cpu(gpurngStatePhilox4_32_10_t* states, size_t count, uint64_t seed, uint64_t first,
                               uint64_t offset);

#if GPURNG_WITH_CUDA
// Queued on `stream` (a cudaStream_t) of the current device, not waited for. LAUNCH_FAILURE on CUDA errors;
// XORWOW's first call on a device also builds and uploads its tables (ALLOCATION_FAILED if that fails).
gpurngStatus_t init_states_cuda(gpurngStateXORWOW_t* states, size_t count, uint64_t seed, uint64_t first,
                                uint64_t offset, void* stream);
gpurngStatus_t init_states_cuda(gpurngStateMRG32k3a_t* states, size_t count, uint64_t seed, uint64_t first,
                                uint64_t offset, void* stream);
gpurngStatus_t init_states_cuda(gpurngStatePhilox4_32_10_t* states, size_t count, uint64_t seed, uint64_t first,
                                uint64_t offset, void* stream);
#endif

}  // namespace device_api
}  // namespace gpurng
