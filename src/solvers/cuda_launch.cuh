// SPDX-License-Identifier: BSD-3-Clause
// Launch bookkeeping shared by the GPU solver files (tridiag_cuda.cu, tridiag_long_cuda.cu, the PDE's
// bs1d_long_cuda.cu): the status of the launches just queued, the alignment of the pieces carved out of a solver's
// scratch, and the shared memory a block may have.
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

// The most shared memory a block of the current device may opt in to (48 KiB if the query fails).
inline int max_shared_per_block() {
  int dev = 0, v = 48 * 1024;
  cudaGetDevice(&dev);
  if (cudaDeviceGetAttribute(&v, cudaDevAttrMaxSharedMemoryPerBlockOptin, dev) != cudaSuccess) {
    cudaGetLastError();
    v = 48 * 1024;
  }
  return v;
}

// Past 48 KiB of dynamic plus static shared memory a kernel must opt in; the kernels here have an int or two of
// static shared memory, so any dynamic size from 32 KiB opts in (48 KiB of dynamic alone failed to launch).
template <typename Kernel>
void allow_shared(Kernel kernel, size_t bytes) {
  if (bytes >= 32 * 1024) cudaFuncSetAttribute(kernel, cudaFuncAttributeMaxDynamicSharedMemorySize, int(bytes));
}

// Whether one block of `threads` threads of `kernel` with `bytes` of dynamic shared memory fits a multiprocessor of
// the current device, opted in first (the larger blocks' shared memory is more than some GPUs let a block have). A
// refusal's error is cleared: it is not the call's.
template <typename Kernel>
bool block_fits(Kernel kernel, int threads, size_t bytes) {
  allow_shared(kernel, bytes);
  int blocks = 0;
  const bool ok = cudaOccupancyMaxActiveBlocksPerMultiprocessor(&blocks, kernel, threads, bytes) == cudaSuccess;
  cudaGetLastError();
  return ok && blocks > 0;
}

}  // namespace cuda
}  // namespace solvers
}  // namespace gpurng
