// SPDX-License-Identifier: BSD-3-Clause
// The long hybrid's reduced system on the GPU, one block a system: hybrid_system.hpp's pcr_rows with the block's
// threads sharing the rows (tridiag_long_cuda.cu's solves, bs1d_long_cuda.cu's PDE factors), and the block's
// first failure.
#pragma once

#include <climits>

#include "hybrid_system.hpp"

namespace gpurng {
namespace solvers {
namespace cuda {

// PCR over the n rows at `src` (steps h = 1, 2, ... < n), `dst` as much room, shared by threads t = 0 .. nt - 1
// (every thread of the block runs the barriers); every row reads its neighbours of the previous step, as pcr_rows
// does, and `record(step, i, A, C, r)` sees each row's matrix part (NoRecord for a solve). Returns where the result
// lies and folds the first failure (1-based origin of the reduced row, chunks of R rows) into `fail`.
template <typename T, typename Record>
__device__ PcrRow<T>* block_pcr(PcrRow<T>* src, PcrRow<T>* dst, int n, int R, int& fail, int t, int nt, Record record) {
  const PcrRow<T> zero{T(0), T(0), T(0)};
  for (int h = 1, step = 0; h < n; h *= 2, ++step) {
    for (int i = t; i < n; i += nt) {
      const PcrRow<T> r = src[i];
      const PcrRow<T> l = i - h >= 0 ? src[i - h] : zero;
      const PcrRow<T> rr = i + h < n ? src[i + h] : zero;
      PcrRow<T> next;
      T rcp;
      if (!pcr_factor(r.A, r.C, l.A, l.C, rr.A, rr.C, next.A, next.C, rcp))
        fail = first_failure(fail, reduced_row_origin(i, R) + 1);
      record(step, i, r.A, r.C, rcp);
      next.D = pcr_apply(r.A, r.C, rcp, r.D, l.D, rr.D);
      dst[i] = next;
    }
    __syncthreads();
    PcrRow<T>* t = src;
    src = dst;
    dst = t;
  }
  return src;
}

// The first failure (0 if none) of the threads sharing `first` (a shared int, set up by their `leader`), known to
// each of them; every thread of the block runs the barriers.
__device__ inline int block_first_failure(int fail, int* first, bool leader) {
  if (leader) *first = INT_MAX;
  __syncthreads();
  if (fail) atomicMin(first, fail);
  __syncthreads();
  return *first == INT_MAX ? 0 : *first;
}

}  // namespace cuda
}  // namespace solvers
}  // namespace gpurng
