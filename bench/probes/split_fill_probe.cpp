// SPDX-License-Identifier: BSD-3-Clause
// Where a split fill's time goes on one GPU (issue 33's fill speed-ups; docs/SCALING.md): for RANMAR and Philox4_32_10
// into device 0's memory,
//  - the plain call at 2^31, 2^32 and 2^33 floats (is the time linear in n, or is there a fixed cost a part pays?);
//  - the plain call and the one-worker split call of 2^33 alternated 6 times on the same buffer (does the split path
//    cost more than the call it splits?);
// each call timed on the host and by CUDA events around it on the legacy stream (host time minus GPU time is the
// host's share). Built as bench/split_fill_probe; run by bench/scripts/mpi_session.sh.
#include <cuda_runtime.h>

#include <chrono>
#include <cstdio>
#include <functional>

#include "gpurng.h"

namespace {

void timed(const char* what, const std::function<gpurngStatus_t()>& call) {
  cudaEvent_t a, b;
  cudaEventCreate(&a);
  cudaEventCreate(&b);
  cudaDeviceSynchronize();
  const auto t0 = std::chrono::steady_clock::now();
  cudaEventRecord(a, cudaStreamLegacy);
  const gpurngStatus_t st = call();
  cudaEventRecord(b, cudaStreamLegacy);
  const auto t1 = std::chrono::steady_clock::now();
  cudaEventSynchronize(b);
  const auto t2 = std::chrono::steady_clock::now();
  float gpu_ms = 0;
  cudaEventElapsedTime(&gpu_ms, a, b);
  std::printf("%-34s status %d  host %8.3f ms (returned at %8.3f)  events %8.3f ms\n", what, int(st),
              std::chrono::duration<double, std::milli>(t2 - t0).count(),
              std::chrono::duration<double, std::milli>(t1 - t0).count(), gpu_ms);
  cudaEventDestroy(a);
  cudaEventDestroy(b);
}

}  // namespace

int main() {
  const size_t big = size_t(1) << 33;
  float* buf = nullptr;
  if (cudaMalloc(&buf, big * sizeof(float)) != cudaSuccess) return 1;
  const int zero = 0;
  gpurngWorkers_t one = nullptr;
  gpurngCreateWorkers(&one, GPURNG_BACKEND_CUDA, &zero, 1);
  for (gpurngRngType_t e : {GPURNG_RNG_PSEUDO_RANMAR, GPURNG_RNG_PSEUDO_PHILOX4_32_10}) {
    const char* name = e == GPURNG_RNG_PSEUDO_RANMAR ? "RANMAR" : "Philox";
    std::printf("---- %s\n", name);
    gpurngGenerator_t g = nullptr;
    gpurngCreateGenerator(&g, e);
    for (int rep = 0; rep < 2; ++rep)
      for (int s = 31; s <= 33; ++s) {
        char what[64];
        std::snprintf(what, sizeof what, "plain 2^%d", s);
        timed(what, [&] { return gpurngGenerateUniform(g, buf, size_t(1) << s); });
      }
    size_t count = big;
    for (int rep = 0; rep < 6; ++rep) {
      timed("plain 2^33", [&] { return gpurngGenerateUniform(g, buf, big); });
      timed("split on one worker 2^33", [&] { return gpurngGenerateUniformParts(g, one, &buf, &count); });
      timed("split on one worker 2^33, again", [&] { return gpurngGenerateUniformParts(g, one, &buf, &count); });
    }
    gpurngDestroyGenerator(g);
  }
  gpurngDestroyWorkers(one);
  cudaFree(buf);
  return 0;
}
