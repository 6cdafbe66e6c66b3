// SPDX-License-Identifier: BSD-3-Clause
// A host-to-device copy that has landed when it returns. cudaMemcpy from pageable memory may return once the
// data is staged, with the DMA still running on the legacy default stream; a kernel queued next on a
// non-blocking stream (gpurngSetStream) does not wait for that stream and could read a half-copied table.
#pragma once

#include <cuda_runtime.h>
#include <stddef.h>

namespace gpurng {
namespace cuda {

inline cudaError_t landed(cudaError_t copy_status) {
  return copy_status == cudaSuccess ? cudaStreamSynchronize(nullptr) : copy_status;
}

inline cudaError_t copy_to_device_landed(void* dst, const void* src, size_t bytes) {
  return landed(cudaMemcpy(dst, src, bytes, cudaMemcpyHostToDevice));
}

}  // namespace cuda
}  // namespace gpurng
