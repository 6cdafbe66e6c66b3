// SPDX-License-Identifier: BSD-3-Clause
// This library's device API as fused_kernels.cuh calls it, and the launcher over engines and draws; included by
// each translation unit after gpurng_kernel.h in its normal mode.
#pragma once

#include "fused_kernels.cuh"
#include "gpurng_kernel.h"

namespace bench_dapi {
// Unnamed: each translation unit has its own Ours, so the kernels instantiated with it have distinct names in the
// two modes (a kernel's host stub with one name in both would let the linker keep only one of them).
namespace {

struct Ours {
  template <class S>
  static __device__ void init(unsigned long long seed, unsigned long long sub, unsigned long long off, S* s) {
    gpurng_init(seed, sub, off, s);
  }
  template <class S>
  static __device__ float uniform(S* s) {
    return gpurng_uniform(s);
  }
  template <class S>
  static __device__ float normal(S* s) {
    return gpurng_normal(s);
  }
  template <class S>
  static __device__ auto uniform4(S* s) {
    return gpurng_uniform4(s);
  }
  template <class S>
  static __device__ auto normal4(S* s) {
    return gpurng_normal4(s);
  }
};

template <class Api, class S>
void launch_draw(Draw d, float* out, unsigned long long seed, int per, cudaStream_t st) {
  const dim3 grid(kThreads / kBlock), block(kBlock);
  switch (d) {
    case Draw::uniform:
      fused<Api, S, Draw::uniform><<<grid, block, 0, st>>>(out, seed, per);
      break;
    case Draw::normal:
      fused<Api, S, Draw::normal><<<grid, block, 0, st>>>(out, seed, per);
      break;
    default:
      break;  // the 4-wide draws: Philox only (launch_philox4)
  }
}

template <class Api, class S>
void launch_philox4(Draw d, float* out, unsigned long long seed, int per, cudaStream_t st) {
  const dim3 grid(kThreads / kBlock), block(kBlock);
  if (d == Draw::uniform4) fused<Api, S, Draw::uniform4><<<grid, block, 0, st>>>(out, seed, per);
  if (d == Draw::normal4) fused<Api, S, Draw::normal4><<<grid, block, 0, st>>>(out, seed, per);
}

void launch_ours(Engine e, Draw d, float* out, unsigned long long seed, int per, cudaStream_t st) {
  switch (e) {
    case Engine::philox:
      if (d == Draw::uniform4 || d == Draw::normal4)
        launch_philox4<Ours, gpurngStatePhilox4_32_10_t>(d, out, seed, per, st);
      else
        launch_draw<Ours, gpurngStatePhilox4_32_10_t>(d, out, seed, per, st);
      break;
    case Engine::xorwow:
      launch_draw<Ours, gpurngStateXORWOW_t>(d, out, seed, per, st);
      break;
    case Engine::mrg32k3a:
      launch_draw<Ours, gpurngStateMRG32k3a_t>(d, out, seed, per, st);
      break;
  }
}

}  // namespace
}  // namespace bench_dapi
