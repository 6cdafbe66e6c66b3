// SPDX-License-Identifier: BSD-3-Clause
// The GPU launchers of the tridiagonal solvers (tridiag_cuda.cu), built only with the CUDA backend: the C
// boundary calls them for device-memory arrays, which exist only then.
#pragma once

#include "solver_handle.hpp"
#include "tridiag_call.hpp"

namespace gpurng {
namespace solvers {
namespace cuda {

// Queues the call on `stream` (a cudaStream_t) without synchronising; grows `scratch` first if the call
// needs more than it holds. Returns LAUNCH_FAILURE or ALLOCATION_FAILED on CUDA errors.
template <typename T>
gpurngStatus_t run_tridiag(const TridiagCall<T>& call, DeviceScratch& scratch, void* stream);

// Waits for `stream` and frees the scratch (gpurngDestroySolver).
void release(DeviceScratch& scratch, void* stream);

// Grows `scratch` to at least `bytes` (device memory, 256-byte aligned).
gpurngStatus_t reserve(DeviceScratch& scratch, size_t bytes);

}  // namespace cuda
}  // namespace solvers
}  // namespace gpurng
