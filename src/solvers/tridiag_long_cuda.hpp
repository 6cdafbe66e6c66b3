// SPDX-License-Identifier: BSD-3-Clause
// THOMAS_PCR solves of systems longer than 1024 rows on the GPU (tridiag_long_cuda.cu), for tridiag_cuda.cu.
#pragma once

#include <cuda_runtime.h>

#include "solver_handle.hpp"
#include "tridiag_call.hpp"
#include "tridiag_cuda.hpp"

namespace gpurng {
namespace solvers {
namespace cuda {

// Queues the solve (call.op == solve, call.layout.m > 1024) on `st`; grows `scratch` (reduced rows and failure
// flags: about 7 words per 32 unknowns) first if needed. Returns SUCCESS, ALLOCATION_FAILED or LAUNCH_FAILURE.
template <typename T>
gpurngStatus_t launch_long_hybrid(const TridiagCall<T>& call, DeviceScratch& scratch, cudaStream_t st);

}  // namespace cuda
}  // namespace solvers
}  // namespace gpurng
