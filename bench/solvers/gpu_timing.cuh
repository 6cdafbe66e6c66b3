// SPDX-License-Identifier: BSD-3-Clause
// GPU timing shared by the solver benchmarks: the median of event-timed repetitions on one stream, after one
// untimed warm-up call (first use at a size: scratch allocation, module loading).
#pragma once

#include <cuda_runtime.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <functional>
#include <vector>

#define BENCH_CHECK_CUDA(x)                                                                            \
  do {                                                                                                 \
    const cudaError_t e_ = (x);                                                                        \
    if (e_ != cudaSuccess) {                                                                           \
      std::fprintf(stderr, "%s failed: %s (%s:%d)\n", #x, cudaGetErrorString(e_), __FILE__, __LINE__); \
      std::exit(1);                                                                                    \
    }                                                                                                  \
  } while (0)

namespace bench {

inline double median_ms(cudaStream_t stream, const std::function<void()>& fn, int reps) {
  cudaEvent_t a, b;
  BENCH_CHECK_CUDA(cudaEventCreate(&a));
  BENCH_CHECK_CUDA(cudaEventCreate(&b));
  fn();
  BENCH_CHECK_CUDA(cudaStreamSynchronize(stream));
  std::vector<double> t;
  for (int i = 0; i < reps; ++i) {
    BENCH_CHECK_CUDA(cudaEventRecord(a, stream));
    fn();
    BENCH_CHECK_CUDA(cudaEventRecord(b, stream));
    BENCH_CHECK_CUDA(cudaEventSynchronize(b));
    float ms = 0;
    BENCH_CHECK_CUDA(cudaEventElapsedTime(&ms, a, b));
    t.push_back(ms);
  }
  std::sort(t.begin(), t.end());
  BENCH_CHECK_CUDA(cudaEventDestroy(a));
  BENCH_CHECK_CUDA(cudaEventDestroy(b));
  return t[t.size() / 2];
}

}  // namespace bench
