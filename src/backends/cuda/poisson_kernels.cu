// SPDX-License-Identifier: BSD-3-Clause
// CUDA Poisson transform: one grid-stride pass, each word looked up in the threshold table
// (poisson::poisson_lookup, the same code as the CPU path).
#include <cuda_runtime.h>

#include <cstring>
#include <mutex>

#include "cuda_runtime.hpp"
#include "poisson_device.hpp"

namespace gpurng {
namespace cuda {

namespace {

constexpr int kThreads = 256;
constexpr unsigned kMaxBlocks = 4096;

__global__ void poisson_kernel(const uint32_t* __restrict__ thresholds, const uint32_t* __restrict__ guide,
                               unsigned shift, unsigned k_lo, unsigned* buf, size_t n) {
  const size_t stride = size_t(gridDim.x) * blockDim.x;
  for (size_t i = size_t(blockIdx.x) * blockDim.x + threadIdx.x; i < n; i += stride)
    buf[i] = poisson::poisson_lookup(thresholds, guide, shift, k_lo, buf[i]);
}

struct TableCache {
  std::mutex mu;
  int device = -1;
  uint64_t lambda_bits = 0;
  uint32_t* data = nullptr;
  size_t capacity = 0;  // words
  size_t words = 0;
};

TableCache& cache() {
  static TableCache* c = new TableCache;  // never destroyed: no CUDA calls at exit
  return *c;
}

}  // namespace

gpurngStatus_t poisson_transform(const poisson::poisson_table& table, unsigned* device_buf, size_t n, void* stream) {
  if (n == 0) return GPURNG_STATUS_SUCCESS;
  if (table.data.empty()) return GPURNG_STATUS_INTERNAL_ERROR;
  TableCache& c = cache();
  std::lock_guard<std::mutex> lock(c.mu);
  int device = 0;
  if (cudaGetDevice(&device) != cudaSuccess) return GPURNG_STATUS_INITIALIZATION_FAILED;
  uint64_t bits = 0;
  std::memcpy(&bits, &table.lambda, sizeof bits);
  const size_t words = table.data.size();
  if (c.data == nullptr || c.device != device || c.lambda_bits != bits || c.words != words) {
    // Queued kernels may still read the old copy.
    if (c.data != nullptr && cudaDeviceSynchronize() != cudaSuccess) return GPURNG_STATUS_LAUNCH_FAILURE;
    if (c.device != device || c.capacity < words) {
      if (c.data != nullptr) {
        if (c.device != device) cudaSetDevice(c.device);
        cudaFree(c.data);
        if (c.device != device) cudaSetDevice(device);
      }
      c.data = nullptr;
      c.capacity = 0;
      if (cudaMalloc(reinterpret_cast<void**>(&c.data), words * sizeof(uint32_t)) != cudaSuccess) {
        c.data = nullptr;
        c.device = -1;
        return GPURNG_STATUS_ALLOCATION_FAILED;
      }
      c.capacity = words;
      c.device = device;
    }
    c.words = 0;
    if (gpurng::cuda::copy_to_device_landed(c.data, table.data.data(), words * sizeof(uint32_t)) != cudaSuccess)
      return GPURNG_STATUS_LAUNCH_FAILURE;
    c.words = words;
    c.lambda_bits = bits;
  }
  const cudaStream_t s = static_cast<cudaStream_t>(stream);
  const size_t want = (n + kThreads - 1) / kThreads;
  const unsigned blocks = static_cast<unsigned>(want < kMaxBlocks ? want : kMaxBlocks);
  poisson_kernel<<<blocks, kThreads, 0, s>>>(c.data, c.data + table.count, table.shift(), table.k_lo, device_buf, n);
  if (cudaGetLastError() != cudaSuccess) return GPURNG_STATUS_LAUNCH_FAILURE;
  if (stream == nullptr && cudaStreamSynchronize(s) != cudaSuccess) return GPURNG_STATUS_LAUNCH_FAILURE;
  return GPURNG_STATUS_SUCCESS;
}

void poisson_release_cache() {
  TableCache& c = cache();
  std::lock_guard<std::mutex> lock(c.mu);
  if (c.data != nullptr) {
    cudaDeviceSynchronize();
    cudaFree(c.data);
  }
  c.data = nullptr;
  c.capacity = 0;
  c.words = 0;
  c.device = -1;
}

}  // namespace cuda
}  // namespace gpurng
