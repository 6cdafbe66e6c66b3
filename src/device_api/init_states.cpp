// SPDX-License-Identifier: BSD-3-Clause
// The C entry points gpurngInitStatesXORWOW / MRG32k3a / Philox4_32_10 (declared in gpurng_kernel.h): check the
// arguments, decide where the array lives, and hand it to the CPU threads or the GPU kernels. No exception
// crosses the ABI.
#include "init_states.hpp"

#include <stdint.h>

#include "../core/abi_guard.hpp"
#include "memory_kind.hpp"

namespace {

using gpurng::device_api::Memory;

template <class State>
gpurngStatus_t init_states(State* states, size_t count, unsigned long long seed, unsigned long long first,
                           unsigned long long offset, gpurngCudaStream_t stream) {
  if (count == 0) return GPURNG_STATUS_SUCCESS;
  if (!states) return GPURNG_STATUS_NULL_POINTER;
  if (count > gpurng::core::kMaxOutputBytes / sizeof(State)) return GPURNG_STATUS_OUT_OF_RANGE;
  // State i is gpurng_init(seed, first + i, offset): every subsequence number must be a 64-bit one. (Wrapping
  // past 2^64 - 1 would give Philox's subsequence 0 again and, for XORWOW and MRG32k3a, states no gpurng_init
  // call names.)
  if (count - 1 > UINT64_MAX - first) return GPURNG_STATUS_OUT_OF_RANGE;
  return gpurng::core::guarded([&]() -> gpurngStatus_t {
    switch (gpurng::device_api::memory_of(states)) {
      case Memory::device:
#if GPURNG_WITH_CUDA
        return gpurng::device_api::init_states_cuda(states, count, seed, first, offset, stream);
#else
        return GPURNG_STATUS_INTERNAL_ERROR;  // memory_of finds no reachable device memory without CUDA
#endif
      case Memory::unreachable_device:
        return GPURNG_STATUS_INITIALIZATION_FAILED;
      case Memory::host:
        break;
    }
    (void)stream;  // host memory: filled now, by CPU threads
    return gpurng::device_api::init_states_cpu(states, count, seed, first, offset);
  });
}

}  // namespace

extern "C" {

GPURNG_API gpurngStatus_t gpurngInitStatesXORWOW(gpurngStateXORWOW_t* states, size_t count, unsigned long long seed,
                                                 unsigned long long first_subsequence, unsigned long long offset,
                                                 gpurngCudaStream_t stream) {
  return init_states(states, count, seed, first_subsequence, offset, stream);
}

GPURNG_API gpurngStatus_t gpurngInitStatesMRG32k3a(gpurngStateMRG32k3a_t* states, size_t count, unsigned long long seed,
                                                   unsigned long long first_subsequence, unsigned long long offset,
                                                   gpurngCudaStream_t stream) {
  return init_states(states, count, seed, first_subsequence, offset, stream);
}

GPURNG_API gpurngStatus_t gpurngInitStatesPhilox4_32_10(gpurngStatePhilox4_32_10_t* states, size_t count,
                                                        unsigned long long seed, unsigned long long first_subsequence,
                                                        unsigned long long offset, gpurngCudaStream_t stream) {
  return init_states(states, count, seed, first_subsequence, offset, stream);
}

}  // extern "C"
