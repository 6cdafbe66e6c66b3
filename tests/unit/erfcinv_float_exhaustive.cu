// SPDX-License-Identifier: BSD-3-Clause
// pmath::erfcinv_to_float over every argument the Sobol' float normals give it, on the GPU: for each mirrored word
// x in [0, 2^31], q = 2 p with p = x 2^-32 + 2^-33 in float, the result must be the double erfcinv(q) rounded to
// float (the first guess must never decide a rounding it cannot see), and a sample of the GPU's results must equal
// the CPU's bit for bit. Exit 0: all equal; 1: a difference; 77: no GPU.
#include <cuda_runtime.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <vector>

#include "gpurng/distributions/portable_erfcinv.hpp"

namespace {

namespace pm = gpurng::pmath;
constexpr uint64_t kWords = (uint64_t{1} << 31) + 1;
constexpr uint64_t kSampleEvery = 4099;
constexpr unsigned kMaxReported = 8;

__host__ __device__ float sobol_q(uint32_t x) {  // sobol::detail::normal_float32's argument
  const float p = static_cast<float>(x) * 2.3283064e-10f + 2.3283064e-10f / 2.0f;
  return 2.0f * p;
}

__global__ void compare(unsigned long long* differ, uint32_t* reported, float* sample) {
  const uint64_t stride = uint64_t{gridDim.x} * blockDim.x;
  for (uint64_t x = blockIdx.x * uint64_t{blockDim.x} + threadIdx.x; x < kWords; x += stride) {
    const float q = sobol_q(static_cast<uint32_t>(x));
    const float got = pm::erfcinv_to_float(q);
    const float want = pm::detail::to_float(pm::erfcinv(static_cast<double>(q)));
    if (__float_as_uint(got) != __float_as_uint(want)) {
      const unsigned long long k = atomicAdd(differ, 1ull);
      if (k < kMaxReported) reported[k] = static_cast<uint32_t>(x);
    }
    if (x % kSampleEvery == 0) sample[x / kSampleEvery] = got;
  }
}

}  // namespace

int main() {
  int count = 0;
  if (cudaGetDeviceCount(&count) != cudaSuccess || count == 0) {
    printf("no GPU: skipped\n");
    return 77;
  }
  const uint64_t samples = (kWords + kSampleEvery - 1) / kSampleEvery;
  unsigned long long* differ = nullptr;
  uint32_t* reported = nullptr;
  float* sample = nullptr;
  if (cudaMalloc(&differ, sizeof *differ) != cudaSuccess || cudaMalloc(&reported, kMaxReported * 4) != cudaSuccess ||
      cudaMalloc(&sample, samples * 4) != cudaSuccess || cudaMemset(differ, 0, sizeof *differ) != cudaSuccess)
    return 1;
  int sms = 0;
  cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, 0);
  compare<<<static_cast<unsigned>(sms) * 8, 256>>>(differ, reported, sample);
  unsigned long long n_differ = 0;
  uint32_t first[kMaxReported] = {};
  std::vector<float> gpu(samples);
  if (cudaMemcpy(&n_differ, differ, sizeof n_differ, cudaMemcpyDeviceToHost) != cudaSuccess ||
      cudaMemcpy(first, reported, sizeof first, cudaMemcpyDeviceToHost) != cudaSuccess ||
      cudaMemcpy(gpu.data(), sample, samples * 4, cudaMemcpyDeviceToHost) != cudaSuccess) {
    printf("CUDA error: %s\n", cudaGetErrorString(cudaGetLastError()));
    return 1;
  }
  for (unsigned k = 0; k < n_differ && k < kMaxReported; ++k)
    printf("x = %u: q = %a, erfcinv_to_float differs from the double erfcinv rounded\n", first[k], sobol_q(first[k]));
  uint64_t cpu_differ = 0;
  for (uint64_t i = 0; i < samples; ++i) {
    const float cpu = pm::erfcinv_to_float(sobol_q(static_cast<uint32_t>(i * kSampleEvery)));
    if (memcmp(&cpu, &gpu[i], 4) != 0 && ++cpu_differ <= kMaxReported)
      printf("x = %llu: GPU %a, CPU %a\n", static_cast<unsigned long long>(i * kSampleEvery), gpu[i], cpu);
  }
  printf("%llu arguments: %llu differ from the double function rounded; %llu sampled: %llu differ GPU against CPU\n",
         static_cast<unsigned long long>(kWords), n_differ, static_cast<unsigned long long>(samples),
         static_cast<unsigned long long>(cpu_differ));
  return n_differ == 0 && cpu_differ == 0 ? 0 : 1;
}
