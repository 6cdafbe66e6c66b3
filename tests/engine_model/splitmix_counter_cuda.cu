// SPDX-License-Identifier: BSD-3-Clause
#include <cuda_runtime.h>

#include "splitmix_counter.hpp"
#include "splitmix_counter_device.hpp"

namespace splitmix_counter {
namespace {

template <typename T>
__global__ void fill_kernel(uint64_t seed, uint64_t first, T* out, size_t n) {
  for (size_t i = blockIdx.x * size_t(blockDim.x) + threadIdx.x; i < n; i += size_t(gridDim.x) * blockDim.x)
    out[i] = output<T>(seed, first + i);
}

template <typename T>
gpurngStatus_t launch(uint64_t seed, uint64_t first, void* out, size_t n, cudaStream_t s) {
  fill_kernel<T><<<1024, 256, 0, s>>>(seed, first, static_cast<T*>(out), n);
  return cudaGetLastError() == cudaSuccess ? GPURNG_STATUS_SUCCESS : GPURNG_STATUS_LAUNCH_FAILURE;
}

}  // namespace

gpurngStatus_t fill_device(uint64_t seed, uint64_t first, int output, void* out, size_t n, void* stream) {
  const cudaStream_t s = static_cast<cudaStream_t>(stream);
  gpurngStatus_t st;
  switch (output) {  // gpurng::Output: u32, u64, f32, f64
    case 0:
      st = launch<unsigned int>(seed, first, out, n, s);
      break;
    case 1:
      st = launch<unsigned long long>(seed, first, out, n, s);
      break;
    case 2:
      st = launch<float>(seed, first, out, n, s);
      break;
    default:
      st = launch<double>(seed, first, out, n, s);
      break;
  }
  if (st == GPURNG_STATUS_SUCCESS && !stream && cudaStreamSynchronize(s) != cudaSuccess)
    st = GPURNG_STATUS_LAUNCH_FAILURE;
  return st;
}

}  // namespace splitmix_counter
