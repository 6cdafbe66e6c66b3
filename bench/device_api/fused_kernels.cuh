// SPDX-License-Identifier: BSD-3-Clause
// The fused kernels of device_api_bench: thread i initialises subsequence i of one seed and sums `per` draws
// (the sum is stored so that nothing is optimised away). Written once as templates over the API (ours or
// cuRAND's) and instantiated by each translation unit in its own normal mode.
#pragma once

#include <cuda_runtime.h>

namespace bench_dapi {

enum class Engine { philox, xorwow, mrg32k3a };
enum class Draw { uniform, uniform4, normal, normal4 };  // the 4-wide forms: Philox only

constexpr int kThreads = 1 << 20;  // states, and threads of every fused kernel
constexpr int kBlock = 256;
constexpr int kUniformsPerThread = 1024;
constexpr int kNormalsPerThread = 256;

template <class Api, class S, Draw D>
__global__ void __launch_bounds__(kBlock) fused(float* out, unsigned long long seed, int per) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  S s;
  Api::init(seed, i, 0, &s);
  float acc = 0.0f;
  if constexpr (D == Draw::uniform) {
    for (int k = 0; k < per; ++k) acc += Api::uniform(&s);
  } else if constexpr (D == Draw::normal) {
    for (int k = 0; k < per; ++k) acc += Api::normal(&s);
  } else if constexpr (D == Draw::uniform4) {
    for (int k = 0; k < per; k += 4) {
      const auto v = Api::uniform4(&s);
      acc += (v.x + v.y) + (v.z + v.w);
    }
  } else {
    for (int k = 0; k < per; k += 4) {
      const auto v = Api::normal4(&s);
      acc += (v.x + v.y) + (v.z + v.w);
    }
  }
  out[i] = acc;
}

// The device API's fused kernels in the cuRAND-device normal mode (fused_curand_mode.cu); the portable ones are
// launch_ours of ours_api.cuh in device_api_bench.cu.
void launch_fused_ours_curand_mode(Engine e, Draw d, float* out, unsigned long long seed, int per, cudaStream_t st);

}  // namespace bench_dapi
