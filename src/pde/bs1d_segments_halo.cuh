// SPDX-License-Identifier: BSD-3-Clause
// The cluster form's reduced PCR solve with one cluster barrier for the steps that stay near a block
// (bs1d_segments_kernel.cuh, ClusterBlocks). A block holds M = 2 NT of the option's n reduced rows, rows L to
// L + M - 1 with L = rank M, and PCR step s reads rows k -/+ 2^s. The b steps with 2^s < Q, Q = 2^b the largest power
// of two up to M (M itself for blocks of 2, 4 or 8 warps, 512 of the 768 rows of 12), reach at most Q - 1 <= M - 1 rows
// past the block's edges (1 + 2 + ... + Q/2), so the block gathers those rows once (its neighbours store their rows
// into its work buffer before the barrier) and repeats the steps, with block barriers, on a range that shrinks to its
// own rows: [L - g_s, L + M + g_s), g_s = Q - 2^(s+1) being the rows still needed either side after step s. The rows it
// computes that another block owns are computed by the same operations on the same values as there (pcr_apply, each
// row's step factors copied from its owner once), so the bits are those of the cluster-wide steps and of the CPU's
// long_hybrid_apply. The steps with 2^s >= Q stay cluster-wide (segment_reduced_apply from step b).
#pragma once

#include <cuda_runtime.h>

#include "../solvers/pcr.hpp"
#include "bs1d_segments_fabric.cuh"

namespace gpurng {
namespace pde {
namespace cuda {
namespace segments {

using gpurng::solvers::pcr_apply;

// The halo steps b of a block of M rows: log2 of the largest power of two up to M.
__host__ __device__ constexpr int halo_steps(int M) {
  int b = 0;
  while ((2 << b) <= M) ++b;
  return b;
}

// Rows either side of the block still needed after block step s (s < b, Q = 2^b).
__device__ __forceinline__ int halo_after(int Q, int s) { return Q - (2 << s); }

// Values (T) of the halo's step factors: 3 a row, 2 g_s rows a step s < b.
__host__ __device__ constexpr int halo_factor_count(int M) {
  const int Q = 1 << halo_steps(M);
  int rows = 0;
  for (int s = 0; (2 << s) <= Q; ++s) rows += 2 * (Q - (2 << s));
  return 3 * rows;
}

// Values (T) of the two work buffers: rows L - (Q - 1) .. L + M + Q - 2 each.
__host__ __device__ constexpr int halo_work_count(int M) { return 2 * (M + 2 * (1 << halo_steps(M)) - 2); }

// The block's view of the halo steps, in its dynamic shared memory. own: its rows' step factors (step s, field q
// (A, C, r), row i at (3 s + q) M + i, as SegmentReduced<T, Steps, true> keeps them); halo: the halo rows' (step s
// at the sum of 6 g_s' for s' < s, field q of row j (the left g_s rows, then the right g_s) at q 2 g_s + j); w: the
// work buffers (w[0] takes the gathered rows).
template <typename T>
struct HaloSteps {
  const T* own;
  T* halo;
  T* w;
  int M, b, L, n;

  // The halo rows' step factors from their owners (block rank -/+ 1), once, after the factoring's cluster barrier;
  // and the work buffers zeroed (the rows outside the option stay 0, as the cluster-wide steps read them).
  __device__ void gather_factors(int rank, int blocks) const {
    T* dst = halo;
    for (int s = 0; s < b; ++s) {
      const int g = halo_after(1 << b, s);
      for (int j = int(threadIdx.x); j < 2 * g; j += int(blockDim.x)) {
        const bool left = j < g;
        const int k = left ? L - g + j : L + M + (j - g), owner = left ? rank - 1 : rank + 1;
        const int i = left ? M - g + j : j - g;  // the row's place in its owner
        for (int q = 0; q < 3; ++q)
          dst[q * 2 * g + j] = k >= 0 && k < n && owner < blocks ? load_remote(own + (3 * s + q) * M + i, owner) : T(0);
      }
      dst += 6 * g;
    }
    for (int i = int(threadIdx.x); i < halo_work_count(M); i += int(blockDim.x)) w[i] = T(0);
  }

  // Lane tl's rows (L + 2 tl, + 1; 0 past the option) into this block's first work buffer and, within G = Q - 1 rows
  // of an edge, the neighbours' (before the cluster barrier that publishes them). The neighbours' previous reads of
  // that buffer are done: they passed a cluster-wide step's barrier since (segment_reduced_apply from step b, at
  // least one step as n > M >= Q).
  __device__ void push(int tl, int rank, int blocks, T DS, T DE) const {
    const int G = (1 << b) - 1;
    GPURNG_UNROLL
    for (int e = 0; e < 2; ++e) {
      const int i = 2 * tl + e;
      const T v = L + i < n ? (e ? DE : DS) : T(0);
      w[G + i] = v;
      if (i < G && rank > 0) store_remote(w + G + M + i, rank - 1, v);
      if (i >= M - G && rank + 1 < blocks) store_remote(w + i - (M - G), rank + 1, v);
    }
  }

  // The b steps on the gathered rows (after the cluster barrier); lane tl's two rows' results into DS, DE.
  __device__ void run(int tl, T& DS, T& DE) const {
    const int G = (1 << b) - 1, NT = int(blockDim.x);
    T* in = w;
    T* out = w + (M + 2 * G);
    const T* hs = halo;
    for (int s = 0; s < b; ++s) {
      const int h = 1 << s, g = halo_after(G + 1, s), first = G - g, count = M + 2 * g;
      for (int j = tl; j < count; j += NT) {
        const int i = first + j, k = L - G + i;
        T v = T(0);
        if (k >= 0 && k < n) {
          const bool mine = j >= g && j < g + M;
          const T* f = mine ? own + 3 * s * M + (j - g) : hs + (j < g ? j : j - M);
          const int stride = mine ? M : 2 * g;
          v = pcr_apply(f[0], f[stride], f[2 * stride], in[i], in[i - h], in[i + h]);
        }
        out[i] = v;
      }
      hs += 6 * g;
      __syncthreads();
      T* t = in;
      in = out;
      out = t;
    }
    if (L + 2 * tl < n) {
      DS = in[G + 2 * tl];
      DE = in[G + 2 * tl + 1];
    }
  }
};

}  // namespace segments
}  // namespace cuda
}  // namespace pde
}  // namespace gpurng
