// SPDX-License-Identifier: BSD-3-Clause
// Where a split PDE batch's time goes on one GPU (issue 33's PDE speed-up; docs/SCALING.md): scale_bench's batch
// (J = 255, N = 2500, implicit, float) of 65536, 32768 and 16384 options
//  - on device arrays, one solver (is a quarter of the batch a quarter of the time, or does a smaller batch fill the
//    GPU worse?);
//  - on host arrays through a one-worker solver list (what staging adds: the copies in and out);
// each the median of 5 calls after a warm-up, on device 0. Built as bench/pde_part_probe.
#include <cuda_runtime.h>

#include <cstdio>

#include "../scale/workloads.hpp"
#include "gpurng.h"
#include "gpurng_pde.h"

namespace {

using scale_workloads::check;
using scale_workloads::seconds;

}  // namespace

int main() {
  scale_workloads::PdeBatch batch(false);
  const int J = batch.kJ, N = batch.kN;
  const size_t fb = size_t(batch.count) * sizeof(float);
  int* dk = nullptr;
  float *dS = nullptr, *dK = nullptr, *dr = nullptr, *dsig = nullptr, *dT = nullptr, *dp = nullptr;
  cudaMalloc(&dk, fb), cudaMalloc(&dS, fb), cudaMalloc(&dK, fb), cudaMalloc(&dr, fb), cudaMalloc(&dsig, fb);
  cudaMalloc(&dT, fb), cudaMalloc(&dp, fb);
  cudaMemcpy(dk, batch.kind.data(), fb, cudaMemcpyHostToDevice);
  cudaMemcpy(dS, batch.S0.data(), fb, cudaMemcpyHostToDevice);
  cudaMemcpy(dK, batch.K.data(), fb, cudaMemcpyHostToDevice);
  cudaMemcpy(dr, batch.r.data(), fb, cudaMemcpyHostToDevice);
  cudaMemcpy(dsig, batch.sigma.data(), fb, cudaMemcpyHostToDevice);
  cudaMemcpy(dT, batch.T.data(), fb, cudaMemcpyHostToDevice);
  gpurngSolver_t one = nullptr;
  check(gpurngCreateSolver(&one), "solver");
  const int zero = 0;
  gpurngWorkers_t single = nullptr;
  check(gpurngCreateWorkers(&single, GPURNG_BACKEND_CUDA, &zero, 1), "workers");
  gpurngSolver_t staged = nullptr;
  check(gpurngCreateSolverOnWorkers(&staged, single), "solver on workers");
  auto host = [staged](auto... a) {
    return gpurngBlackScholesPde1dFloat(staged, a..., nullptr, nullptr, nullptr, nullptr);
  };
  for (int count : {65536, 32768, 16384}) {
    const double device = seconds([&] {
      check(gpurngBlackScholesPde1dFloat(one, GPURNG_PDE_IMPLICIT, J, N, 400.0f, count, dk, dS, dK, dr, dsig, dT, dp,
                                         nullptr, nullptr, nullptr, nullptr),
            "pde");
      cudaDeviceSynchronize();
    });
    const double staged_host = seconds([&] { check(batch.run(host, 0, count), "staged pde"); });
    std::printf("%6d options: device arrays %8.3f ms (%.3f us/option)  one-worker host arrays %8.3f ms (+%.3f ms)\n",
                count, device * 1e3, device * 1e6 / count, staged_host * 1e3, (staged_host - device) * 1e3);
  }
  // One pageable copy of an input array's slice, as the staging makes 6 of them in and 1 out per part.
  std::vector<float> h(size_t(batch.count));
  for (size_t n : {size_t(16384), size_t(65536)}) {
    const double in = seconds([&] { cudaMemcpy(dS, h.data(), n * sizeof(float), cudaMemcpyHostToDevice); });
    const double out = seconds([&] { cudaMemcpy(h.data(), dp, n * sizeof(float), cudaMemcpyDeviceToHost); });
    std::printf("pageable copy of %zu floats: in %.1f us, out %.1f us\n", n, in * 1e6, out * 1e6);
  }
  gpurngDestroySolver(staged);
  gpurngDestroyWorkers(single);
  gpurngDestroySolver(one);
  return 0;
}
