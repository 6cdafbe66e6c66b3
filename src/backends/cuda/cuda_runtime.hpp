// SPDX-License-Identifier: BSD-3-Clause
// What every CUDA translation unit of the library shares about the CUDA runtime: how a cudaError_t becomes a
// status, how a launch is finished, the device's multiprocessor count, and copies that have landed. Only files
// built with CUDA include it.
#pragma once

#include <cuda_runtime.h>
#include <stddef.h>

#include "gpurng.h"

namespace gpurng {
namespace cuda {

// SUCCESS; ALLOCATION_FAILED for an out-of-memory error; `otherwise` for any other error, which is cleared from the
// thread's last-error slot so that the next call does not report it again.
inline gpurngStatus_t status_of(cudaError_t err, gpurngStatus_t otherwise = GPURNG_STATUS_LAUNCH_FAILURE) {
  if (err == cudaSuccess) return GPURNG_STATUS_SUCCESS;
  cudaGetLastError();
  return err == cudaErrorMemoryAllocation ? GPURNG_STATUS_ALLOCATION_FAILED : otherwise;
}

// After kernels were queued on `s`: the launches' status, and with `wait` the stream's completion too (the library
// waits when the caller gave no stream).
inline gpurngStatus_t finish(cudaStream_t s, bool wait) {
  gpurngStatus_t st = status_of(cudaGetLastError());
  if (st == GPURNG_STATUS_SUCCESS && wait) st = status_of(cudaStreamSynchronize(s));
  return st;
}

// Multiprocessors of the current device, cached per device (132, an H100's, if the runtime cannot say: any value
// gives the same numbers, only the grid shape changes).
inline unsigned sm_count() {
  static int counts[64] = {};
  int dev = 0;
  if (cudaGetDevice(&dev) != cudaSuccess || dev < 0 || dev >= 64) {
    cudaGetLastError();
    return 132;
  }
  if (counts[dev] == 0) {
    int n = 0;
    if (cudaDeviceGetAttribute(&n, cudaDevAttrMultiProcessorCount, dev) != cudaSuccess || n <= 0) {
      cudaGetLastError();
      n = 132;
    }
    counts[dev] = n;
  }
  return static_cast<unsigned>(counts[dev]);
}

// A host-to-device copy that has landed when it returns. cudaMemcpy from pageable memory may return once the
// data is staged, with the DMA still running on the legacy default stream; a kernel queued next on a
// non-blocking stream (gpurngSetStream) does not wait for that stream and could read a half-copied table.
inline cudaError_t landed(cudaError_t copy_status) {
  return copy_status == cudaSuccess ? cudaStreamSynchronize(nullptr) : copy_status;
}

inline cudaError_t copy_to_device_landed(void* dst, const void* src, size_t bytes) {
  return landed(cudaMemcpy(dst, src, bytes, cudaMemcpyHostToDevice));
}

}  // namespace cuda
}  // namespace gpurng
