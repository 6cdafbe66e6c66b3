// SPDX-License-Identifier: BSD-3-Clause
// Launch bookkeeping shared by the GPU solver files (tridiag_cuda.cu, tridiag_long_cuda.cu): the status of the
// launches just queued, and the alignment of the pieces carved out of a solver's scratch.
#pragma once

#include <cuda_runtime.h>
#include <stddef.h>

#include "gpurng.h"

namespace gpurng {
namespace solvers {
namespace cuda {

inline gpurngStatus_t launched() {
  return cudaGetLastError() == cudaSuccess ? GPURNG_STATUS_SUCCESS : GPURNG_STATUS_LAUNCH_FAILURE;
}

inline size_t align256(size_t n) { return (n + 255) / 256 * 256; }

}  // namespace cuda
}  // namespace solvers
}  // namespace gpurng
