// SPDX-License-Identifier: BSD-3-Clause
// A lane's chunk of a hybrid Thomas/PCR system between global memory and registers, for the short-system kernels
// (tridiag_cuda.cu) and the long-system ones (tridiag_long_cuda.cu).
#pragma once

#include <stdint.h>

#include "gpurng/hd.hpp"

namespace gpurng {
namespace solvers {
namespace cuda {

// Lane `lane`'s chunk (rows lane*R .. lane*R+R-1) of one system into registers. Contiguous systems go through
// the warp's shared buffer (33 R elements: one pad per 32 keeps the chunk reads free of bank conflicts) so
// that each global load instruction reads 32 consecutive elements (without a buffer, buf NULL, each lane reads its
// own rows). Rows >= m get `fill`.
template <typename T, int R>
__device__ void load_chunk(const T* sys, int64_t row_stride, int m, int lane, T (&v)[R], T fill, T* buf) {
  if (row_stride == 1 && buf) {
    GPURNG_UNROLL
    for (int t = 0; t < R; ++t) {
      const int i = lane + 32 * t;
      buf[i + t] = i < m ? sys[i] : fill;
    }
    __syncwarp();
    GPURNG_UNROLL
    for (int j = 0; j < R; ++j) {
      const int i = lane * R + j;
      v[j] = buf[i + i / 32];
    }
    __syncwarp();
  } else {
    GPURNG_UNROLL
    for (int j = 0; j < R; ++j) {
      const int i = lane * R + j;
      v[j] = i < m ? sys[int64_t(i) * row_stride] : fill;
    }
  }
}

template <typename T, int R>
__device__ void store_chunk(T* sys, int64_t row_stride, int m, int lane, const T (&v)[R], T* buf) {
  if (row_stride == 1) {
    GPURNG_UNROLL
    for (int j = 0; j < R; ++j) {
      const int i = lane * R + j;
      buf[i + i / 32] = v[j];
    }
    __syncwarp();
    GPURNG_UNROLL
    for (int t = 0; t < R; ++t) {
      const int i = lane + 32 * t;
      if (i < m) sys[i] = buf[i + t];
    }
    __syncwarp();
  } else {
    GPURNG_UNROLL
    for (int j = 0; j < R; ++j) {
      const int i = lane * R + j;
      if (i < m) sys[int64_t(i) * row_stride] = v[j];
    }
  }
}

// The system's end entries are not part of it: a_0 = 0, c_{m-1} = 0 (padding rows are identity already).
template <typename T, int R>
__device__ void clear_end_entries(int m, int lane, T (&a)[R], T (&c)[R]) {
  GPURNG_UNROLL
  for (int j = 0; j < R; ++j) {
    const int i = lane * R + j;
    if (i == 0) a[j] = T(0);
    if (i == m - 1) c[j] = T(0);
  }
}

}  // namespace cuda
}  // namespace solvers
}  // namespace gpurng
