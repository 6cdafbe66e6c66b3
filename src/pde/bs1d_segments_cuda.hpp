// SPDX-License-Identifier: BSD-3-Clause
// The GPU's Black-Scholes PDE from 1025 to 8192 nodes on a block of a warp a segment of 32 chunks per option, the grid
// in registers (bs1d_segments_cuda.cu): the long hybrid's operations, so the bits of bs1d_long_cuda.cu and the CPU's.
#pragma once

#include <cuda_runtime.h>

#include "bs1d_call.hpp"

namespace gpurng {
namespace pde {
namespace cuda {

// Whether the register form takes the call: implicit or Crank-Nicolson, 1024 < J + 1 <= 8192 in float, <= 4096 in
// double (implicit doubles of 32-node chunks excepted).
template <typename T>
bool segments_take(const Bs1dCall<T>& call);

// Queues the call on `stream`. Returns LAUNCH_FAILURE on CUDA errors.
template <typename T>
gpurngStatus_t run_segments_bs1d(const Bs1dCall<T>& call, cudaStream_t stream);

}  // namespace cuda
}  // namespace pde
}  // namespace gpurng
