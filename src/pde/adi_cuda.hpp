// SPDX-License-Identifier: BSD-3-Clause
// The GPU's ADI steppers (adi_cuda.cu), called by adi_api.cpp for device memory.
#pragma once

#include "../solvers/solver_handle.hpp"
#include "adi_call.hpp"

namespace gpurng {
namespace pde {
namespace cuda {

// Queues call.steps Douglas steps on `stream` (a cudaStream_t), the intermediate grid and the directional
// matrices' factors in the solver's scratch (grown first if needed). Returns ALLOCATION_FAILED or LAUNCH_FAILURE on
// CUDA errors.
template <typename T>
gpurngStatus_t run_heat_adi(const AdiHeatCall<T>& call, solvers::DeviceScratch& scratch, void* stream);

}  // namespace cuda
}  // namespace pde
}  // namespace gpurng
