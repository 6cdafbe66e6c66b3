// SPDX-License-Identifier: BSD-3-Clause
// The GPU launcher of the Black-Scholes PDE (bs1d_cuda.cu), built only with the CUDA backend: the C boundary
// calls it for device-memory arrays, which exist only then.
#pragma once

#include "../solvers/solver_handle.hpp"
#include "bs1d_call.hpp"

namespace gpurng {
namespace pde {
namespace cuda {

// Queues the call on `stream` (a cudaStream_t) without synchronising. J + 1 <= 1024: one warp per option,
// nothing allocated; larger grids: one block per option (bs1d_long_cuda.hpp), in shared memory or, past it, over
// the solver's scratch, grown first if needed.
// Returns LAUNCH_FAILURE or ALLOCATION_FAILED on CUDA errors.
template <typename T>
gpurngStatus_t run_bs1d(const Bs1dCall<T>& call, solvers::DeviceScratch& scratch, void* stream);

}  // namespace cuda
}  // namespace pde
}  // namespace gpurng
