// SPDX-License-Identifier: BSD-3-Clause
// The GPU's Black-Scholes PDE past 1024 nodes (bs1d_long_cuda.cu): one block per option, a thread per chunk of 20
// .. 32 nodes, hybrid_system.hpp's long hybrid (the CPU's bs1d_cpu_kernels.inc long_group runs the same operations).
#pragma once

#include <cuda_runtime.h>

#include "../solvers/solver_handle.hpp"
#include "bs1d_call.hpp"

namespace gpurng {
namespace pde {
namespace cuda {

// Queues the call (J + 1 > 1024; bs1d_cuda.cu gives the calls that bs1d_segments_cuda.hpp's segments_take declines)
// on `stream`. Grids whose factors fit one block's shared memory (8192 nodes in
// float, 4096 in double on an H100) stay on chip for the whole time loop; larger ones work in the solver's scratch,
// grown first if needed, a wave of options at a time. Returns ALLOCATION_FAILED or LAUNCH_FAILURE on CUDA errors.
template <typename T>
gpurngStatus_t run_long_bs1d(const Bs1dCall<T>& call, solvers::DeviceScratch& scratch, cudaStream_t stream);

}  // namespace cuda
}  // namespace pde
}  // namespace gpurng
