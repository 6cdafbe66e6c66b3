// SPDX-License-Identifier: BSD-3-Clause
// What the GPU solver benchmarks set up first: device 0's properties, a non-blocking stream, a cuSPARSE handle and a
// libgpurng solver on that stream; and their one way of stopping on a failed call (CHECK_OK: any status not 0).
#pragma once

#include <cuda_runtime.h>
#include <cusparse.h>

#include <cstdio>
#include <cstdlib>

#include "gpu_timing.cuh"
#include "gpurng_tridiag.h"

#define CHECK_OK(x)                                                               \
  do {                                                                            \
    const int s_ = int(x);                                                        \
    if (s_ != 0) {                                                                \
      std::fprintf(stderr, "%s:%d %s returned %d\n", __FILE__, __LINE__, #x, s_); \
      std::exit(1);                                                               \
    }                                                                             \
  } while (0)

namespace bench {

struct SolverBenchSetup {
  cudaDeviceProp prop;
  cudaStream_t stream;
  cusparseHandle_t sparse;
  gpurngSolver_t solver;
};

// False (after a line on stderr naming `program`) where there is no GPU: the benchmark then exits with 77.
inline bool solver_bench_setup(const char* program, SolverBenchSetup& s) {
  int count = 0;
  if (cudaGetDeviceCount(&count) != cudaSuccess || count == 0) {
    std::fprintf(stderr, "%s: no GPU\n", program);
    return false;
  }
  BENCH_CHECK_CUDA(cudaGetDeviceProperties(&s.prop, 0));
  BENCH_CHECK_CUDA(cudaStreamCreateWithFlags(&s.stream, cudaStreamNonBlocking));
  CHECK_OK(cusparseCreate(&s.sparse));
  CHECK_OK(cusparseSetStream(s.sparse, s.stream));
  CHECK_OK(gpurngCreateSolver(&s.solver));
  CHECK_OK(gpurngSolverSetStream(s.solver, s.stream));
  return true;
}

inline void solver_bench_teardown(SolverBenchSetup& s) {
  gpurngDestroySolver(s.solver);
  cusparseDestroy(s.sparse);
  cudaStreamDestroy(s.stream);
}

}  // namespace bench
