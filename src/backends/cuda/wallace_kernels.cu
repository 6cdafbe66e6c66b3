// SPDX-License-Identifier: BSD-3-Clause
// CUDA Wallace generator: block b owns pool b (256 threads, 4 values each, the pool in shared memory), as
// in GPU Gems 3 listing 37-7; the per-element pieces (addresses, 4x4 map, correction) and the block's seeding
// and transform are the functions of include/gpurng/distributions/wallace.hpp, so the bits equal the host
// generator's (and the pricers' Wallace normals use the same block functions).
#include <cuda_runtime.h>

#include <new>

#include "cuda_runtime.hpp"
#include "wallace_device.hpp"

namespace gpurng {
namespace cuda {

using namespace wallace;

struct WallaceDevice {
  float* pools = nullptr;  // B * P, pool b at b * P
  uint64_t seed = 0, pos = 0, done = 0;
};

namespace {

static_assert(kPoolSize == 4 * kThreads, "4 values per thread");

// One transform of the shared pool by the block (wallace.hpp's block_transform). Ends with the block synchronised.
__device__ void transform_shared(float* pool, uint32_t m) {
  float out[4];
  block_transform(pool, m, out);
}

__global__ void __launch_bounds__(kThreads) wallace_seed_kernel(uint64_t seed, float* pools) {
  __shared__ float pool[kPoolSize];
  __shared__ double scale;
  const unsigned b = blockIdx.x, t = threadIdx.x;
  block_initial_pool(pool_key(seed, b), pool, &scale);
  float* g = pools + size_t(b) * kPoolSize;
  for (unsigned q = 0; q < 4; ++q) g[q * kThreads + t] = pool[q * kThreads + t];
}

// Outputs [start, start + n) of the stream (out may be NULL: transforms only); pools hold `done` passes.
__global__ void __launch_bounds__(kThreads)
    wallace_fill_kernel(uint64_t seed, float* pools, uint64_t done, uint64_t start, uint64_t n, float* out) {
  __shared__ float pool[kPoolSize];
  const unsigned b = blockIdx.x, t = threadIdx.x;
  const uint64_t key = pool_key(seed, b);
  float* g = pools + size_t(b) * kPoolSize;
  for (unsigned q = 0; q < 4; ++q) pool[q * kThreads + t] = g[q * kThreads + t];
  __syncthreads();
  const uint64_t end = start + n;
  const uint64_t k0 = start / kPassOutputs, k1 = (end - 1) / kPassOutputs;
  bool changed = false;
  for (uint64_t k = k0; k <= k1; ++k) {
    const uint64_t j = kWarmup + k;
    if (k >= done) {
      transform_shared(pool, pass_lcg_seed(key, j));
      changed = true;
    }
    if (out == nullptr) continue;
    const uint64_t base = k * kPassOutputs + uint64_t(b) * kPoolSize;
    const uint64_t lo = base > start ? base : start;
    const uint64_t hi = base + kPoolSize < end ? base + kPoolSize : end;
    if (lo >= hi) continue;
    const float c = pass_correction(key, j);
    for (uint64_t p = lo + t; p < hi; p += kThreads) out[p - start] = mul_rn(pool[p - base], c);
  }
  if (changed)
    for (unsigned q = 0; q < 4; ++q) g[q * kThreads + t] = pool[q * kThreads + t];
}

}  // namespace

gpurngStatus_t wallace_create(WallaceDevice** dev) {
  if (dev == nullptr) return GPURNG_STATUS_INTERNAL_ERROR;
  *dev = nullptr;
  int count = 0;
  if (cudaGetDeviceCount(&count) != cudaSuccess || count == 0) {
    cudaGetLastError();
    return GPURNG_STATUS_INITIALIZATION_FAILED;
  }
  WallaceDevice* d = new (std::nothrow) WallaceDevice;
  if (d == nullptr) return GPURNG_STATUS_ALLOCATION_FAILED;
  if (cudaMalloc(reinterpret_cast<void**>(&d->pools), kPassOutputs * sizeof(float)) != cudaSuccess) {
    cudaGetLastError();
    delete d;
    return GPURNG_STATUS_ALLOCATION_FAILED;
  }
  *dev = d;
  return GPURNG_STATUS_SUCCESS;
}

void wallace_destroy(WallaceDevice* dev) {
  if (dev == nullptr) return;
  cudaFree(dev->pools);
  delete dev;
}

gpurngStatus_t wallace_seed(WallaceDevice* dev, uint64_t seed, void* stream) {
  if (dev == nullptr) return GPURNG_STATUS_INTERNAL_ERROR;
  wallace_seed_kernel<<<kPools, kThreads, 0, static_cast<cudaStream_t>(stream)>>>(seed, dev->pools);
  dev->seed = seed;
  dev->pos = 0;
  dev->done = 0;
  return finish(static_cast<cudaStream_t>(stream), stream == nullptr);
}

gpurngStatus_t wallace_upload(WallaceDevice* dev, const wallace_state& state) {
  if (dev == nullptr || state.pools.size() != kPassOutputs) return GPURNG_STATUS_INTERNAL_ERROR;
  if (gpurng::cuda::copy_to_device_landed(dev->pools, state.pools.data(), kPassOutputs * sizeof(float)) != cudaSuccess)
    return GPURNG_STATUS_LAUNCH_FAILURE;
  dev->seed = state.seed;
  dev->pos = state.pos;
  dev->done = state.done;
  return GPURNG_STATUS_SUCCESS;
}

gpurngStatus_t wallace_download(WallaceDevice* dev, wallace_state* state) {
  if (dev == nullptr || state == nullptr) return GPURNG_STATUS_INTERNAL_ERROR;
  if (cudaDeviceSynchronize() != cudaSuccess) return GPURNG_STATUS_LAUNCH_FAILURE;
  state->pools.resize(kPassOutputs);
  if (cudaMemcpy(state->pools.data(), dev->pools, kPassOutputs * sizeof(float), cudaMemcpyDeviceToHost) != cudaSuccess)
    return GPURNG_STATUS_LAUNCH_FAILURE;
  state->seed = dev->seed;
  state->pos = dev->pos;
  state->done = dev->done;
  return GPURNG_STATUS_SUCCESS;
}

gpurngStatus_t wallace_fill(WallaceDevice* dev, float* out, size_t n, void* stream) {
  if (dev == nullptr) return GPURNG_STATUS_INTERNAL_ERROR;
  if (n == 0) return GPURNG_STATUS_SUCCESS;
  wallace_fill_kernel<<<kPools, kThreads, 0, static_cast<cudaStream_t>(stream)>>>(dev->seed, dev->pools, dev->done,
                                                                                  dev->pos, n, out);
  const gpurngStatus_t st = finish(static_cast<cudaStream_t>(stream), stream == nullptr);
  if (st != GPURNG_STATUS_SUCCESS) return st;
  dev->pos += n;
  dev->done = wallace_state::passes_for(dev->pos);
  return GPURNG_STATUS_SUCCESS;
}

uint64_t wallace_position(const WallaceDevice* dev) { return dev ? dev->pos : 0; }
uint64_t wallace_seed_of(const WallaceDevice* dev) { return dev ? dev->seed : 0; }

}  // namespace cuda
}  // namespace gpurng
