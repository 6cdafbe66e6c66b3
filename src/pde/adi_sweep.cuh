// SPDX-License-Identifier: BSD-3-Clause
// The ADI steppers' tiles of contiguous rows (adi_cuda.cu's heat step along dimension 0, basket_adi_cuda.cu's solves
// along asset 0): kTileRows rows a block of kRowTileWarps warps held in shared memory, one line's forward and
// backward LU sweeps there (the operations of a thread-per-line sweep, thomas.hpp's lu_forward_row and
// lu_backward_row in its order, so the same bits), and the tile's phases around them.
#pragma once

#include <cuda_runtime.h>
#include <stddef.h>

#include "../solvers/thomas.hpp"

namespace gpurng {
namespace pde {
namespace cuda {

// Forward and backward sweeps of the m values at x[i * stride] (the right-hand side in, the solution out), with the
// factors l, inv, c of the line's matrix. The factors and values of kSweepAhead rows are loaded before their
// recurrence runs (loaded row by row, the factors sat on the recurrence's path: the grids streaming through L1 evict
// them, and each row then waited on L2; 256^3 float, H100: 0.18 ms a strided direction against 0.10 ms for the
// 5-word kernel).
constexpr int kSweepAhead = 16;

constexpr int kTileRows = 32;                       // rows a tile: warp 0's lanes sweep one each
constexpr int kRowTileWarps = 4;                    // warps a tile's block: all load and store, one sweeps
constexpr size_t kMaxTileBytes = size_t(96) << 10;  // two blocks a multiprocessor at the largest

// A tile's bytes: kTileRows rows m | 1 apart (an odd count, so that the sweeping lanes fall in different banks) and
// the three factor arrays behind them.
template <typename T>
size_t row_tile_bytes(int m) {
  return (size_t(kTileRows) * size_t(m | 1) + 3 * size_t(m)) * sizeof(T);
}

template <typename T>
__device__ __forceinline__ void sweep_line(T* x, size_t stride, int m, const T* l, const T* inv, const T* c) {
  using solvers::lu_backward_row;
  using solvers::lu_forward_row;
  T prev = T(0);
  for (int i0 = 0; i0 < m; i0 += kSweepAhead) {
    T ll[kSweepAhead], xx[kSweepAhead];
#pragma unroll
    for (int k = 0; k < kSweepAhead; ++k) {
      const int i = i0 + k < m ? i0 + k : m - 1;  // past the end: a copy of the last row, never used
      ll[k] = l[i];
      xx[k] = x[size_t(i) * stride];
    }
#pragma unroll
    for (int k = 0; k < kSweepAhead; ++k) {
      if (i0 + k >= m) break;
      prev = lu_forward_row(ll[k], xx[k], prev);
      x[size_t(i0 + k) * stride] = prev;
    }
  }
  T next = T(0);
  for (int i0 = m - 1; i0 >= 0; i0 -= kSweepAhead) {
    T ii[kSweepAhead], cc[kSweepAhead], xx[kSweepAhead];
#pragma unroll
    for (int k = 0; k < kSweepAhead; ++k) {
      const int i = i0 - k >= 0 ? i0 - k : 0;
      ii[k] = inv[i];
      cc[k] = c[i];
      xx[k] = x[size_t(i) * stride];
    }
#pragma unroll
    for (int k = 0; k < kSweepAhead; ++k) {
      if (i0 - k < 0) break;
      next = lu_backward_row(ii[k], cc[k], xx[k], next);
      x[size_t(i0 - k) * stride] = next;
    }
  }
}

// A tile's factors (the same for every row), copied by the block's threads behind its kTileRows rows of `pitch`
// values, so that the sweeps' loads of them wait on shared memory rather than on L2 (the grid streaming through L1
// evicts them).
template <typename T>
struct TileFactors {
  T* l;
  T* inv;
  T* c;
};

template <typename T>
__device__ __forceinline__ TileFactors<T> copy_tile_factors(T* tile, size_t pitch, int m, const T* l, const T* inv,
                                                            const T* c) {
  TileFactors<T> f;
  f.l = tile + size_t(kTileRows) * pitch;
  f.inv = f.l + m;
  f.c = f.inv + m;
  for (int i = int(threadIdx.x); i < m; i += kRowTileWarps * 32) {
    f.l[i] = l[i];
    f.inv[i] = inv[i];
    f.c[i] = c[i];
  }
  return f;
}

// Asks L2 for the `count` values from p: 128-byte lines split over `threads` threads (prefetch.global.L2, which
// neither waits nor holds a register).
template <typename T>
__device__ __forceinline__ void prefetch_l2(const T* p, size_t count, int thread, int threads) {
  const char* bytes = reinterpret_cast<const char*>(p);
  const size_t lines = (count * sizeof(T) + 127) / 128;
  for (size_t q = size_t(thread); q < lines; q += size_t(threads))
    asm volatile("prefetch.global.L2 [%0];" ::"l"(bytes + q * 128));
}

// Where a tile's solved rows go (sweep_and_store_tile's `out`): a plain store of the solution.
template <typename T>
struct StoreSolution {
  T* x;
  __device__ void prefetch(size_t, size_t, int, int) const {}
  __device__ T load(size_t) const { return T(0); }
  __device__ void store(size_t e, T, T solution) const { x[e] = solution; }
};

// Values of a row each lane loads before it stores any (kStoreBatch loads in flight a lane, where a loop of load,
// combine and store waits on every load in turn).
constexpr int kStoreBatch = 8;

// A tile's last two phases, once every row's right-hand side is in it (row r's m values at tile + r pitch): warp 0's
// lane r sweeps row r, then the block's warps store row r along the row. For node e = (first_row + r) m + i of the
// grid and its solution x, out.store(e, out.load(e), x); while warp 0 sweeps, the other warps call
// out.prefetch(first_row m, count m, thread, threads) (thread 0 .. threads - 1), which may bring the nodes the store
// phase loads nearer. Returns when the tile may take the next rows.
template <typename T, typename Out>
__device__ __forceinline__ void sweep_and_store_tile(T* tile, size_t pitch, int count, int m, const TileFactors<T>& f,
                                                     size_t first_row, const Out& out) {
  const int lane = int(threadIdx.x & 31), wid = int(threadIdx.x >> 5);
  __syncthreads();
  if (wid == 0) {
    if (lane < count) sweep_line(tile + size_t(lane) * pitch, 1, m, f.l, f.inv, f.c);
  } else {
    out.prefetch(first_row * size_t(m), size_t(count) * size_t(m), int(threadIdx.x) - 32, int(blockDim.x) - 32);
  }
  __syncthreads();
  for (int r = wid; r < count; r += kRowTileWarps) {
    const size_t row = (first_row + size_t(r)) * size_t(m);
    const T* t = tile + size_t(r) * pitch;
    int i0 = 0;
    for (; i0 + 32 * kStoreBatch <= m; i0 += 32 * kStoreBatch) {
      T old[kStoreBatch];
#pragma unroll
      for (int k = 0; k < kStoreBatch; ++k) old[k] = out.load(row + size_t(i0 + 32 * k + lane));
#pragma unroll
      for (int k = 0; k < kStoreBatch; ++k) {
        const int i = i0 + 32 * k + lane;
        out.store(row + size_t(i), old[k], t[i]);
      }
    }
    for (int i = i0 + lane; i < m; i += 32) out.store(row + size_t(i), out.load(row + size_t(i)), t[i]);
  }
  __syncthreads();
}

}  // namespace cuda
}  // namespace pde
}  // namespace gpurng
