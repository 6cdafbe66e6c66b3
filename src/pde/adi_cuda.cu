// SPDX-License-Identifier: BSD-3-Clause
// The GPU's Douglas ADI step for the heat equation (increment form): the operations of adi_scheme.hpp's definition at
// every node, as the CPU's adi_cpu_kernels.inc runs them, so the same bits. A step is D + 1 kernels over the grid:
//   explicit:       a thread per node (a 3-D launch: no index divisions): its second differences and
//                   douglas_increment into the scratch grid Z (U in, Z out);
//   dimension j>0:  32 lines a block of one warp, each lane's line held in shared memory (solve_lines_kernel: Z in,
//                   Z out, 2 words a node); lines too long for it a thread per line (solve_kernel, 4 words: its
//                   forward values go to Z and back);
//   dimension 0:    last, 32 rows a block held whole in shared memory (solve_row_tile_kernel): Z copied into the
//                   tile along the rows, a lane sweeping each row in the tile, U' = U + Z stored along the rows (3
//                   words); rows too long for the tile a warp per 32 rows through 32-column shared tiles
//                   (solve_rows_kernel, 5 words).
// The directional matrices' LU factors (n_j values each of l, 1/p and c) are made on the device by one thread per
// dimension (douglas_factor, the CPU's arithmetic), so a call copies nothing from the host and can be captured.
#include <cuda_pipeline.h>
#include <cuda_runtime.h>

#include "../solvers/cuda_launch.cuh"
#include "../solvers/tridiag_cuda.hpp"
#include "adi_cuda.hpp"
#include "adi_sweep.cuh"

namespace gpurng {
namespace pde {
namespace cuda {

using solvers::lu_backward_row;
using solvers::lu_forward_row;
using solvers::cuda::align256;
using solvers::cuda::launched;

namespace {

constexpr int kThreads = 256;

template <typename T, int D>
struct DeviceHeat {
  int n[D];
  DouglasConsts<T, D> k;
  const T* l[D];
  const T* inv[D];
  const T* c[D];
  T* u;
  T* z;

  __device__ size_t stride(int j) const {
    size_t s = 1;
    for (int i = 0; i < j; ++i) s *= size_t(n[i]);
    return s;
  }
};

// Each dimension's factors: thread j of dimension j's n_j rows.
template <typename T, int D>
__global__ void factor_kernel(DeviceHeat<T, D> w, T* l, T* inv, T* c) {
  const int j = int(threadIdx.x);
  if (j >= D) return;
  size_t off = 0;
  for (int i = 0; i < j; ++i) off += size_t(w.n[i]);
  douglas_factor(w.n[j], w.k.q[j], l + off, inv + off, c + off);
}

// The explicit pass, a thread per node: i_0 from the x index, i_1 and i_2 from the grid's y and z (grid-stride), so
// that no node divides its index by the dimensions (a flat index took three 64-bit divisions and remainders a node:
// 0.110 ms for a 256^3 float pass, 53 % of a read and a write, H100).
constexpr int kExplicitThreads = 128;

template <typename T, int D>
__global__ void __launch_bounds__(kExplicitThreads) explicit_kernel(DeviceHeat<T, D> w) {
  const int i0 = int(blockIdx.x) * kExplicitThreads + int(threadIdx.x);
  const int n0 = w.n[0], n1 = w.n[1], n2 = D == 3 ? w.n[D - 1] : 1;
  if (i0 >= n0) return;
  const size_t s1 = size_t(n0), s2 = s1 * size_t(n1);
  const T* u = w.u;
  for (int i2 = int(blockIdx.z); i2 < n2; i2 += int(gridDim.z))
    for (int i1 = int(blockIdx.y); i1 < n1; i1 += int(gridDim.y)) {
      const size_t e = size_t(i0) + s1 * size_t(i1) + s2 * size_t(i2);
      const int idx[3] = {i0, i1, i2};
      const int n[3] = {n0, n1, n2};
      const size_t s[3] = {1, s1, s2};
      T d[D];
#pragma unroll
      for (int j = 0; j < D; ++j)
        d[j] = second_difference(idx[j] > 0 ? u[e - s[j]] : T(0), u[e], idx[j] + 1 < n[j] ? u[e + s[j]] : T(0));
      w.z[e] = douglas_increment(d, w.k);
    }
}

// Dimension j > 0, lines too long for solve_lines_kernel: a thread per line (from `first`, stride s between rows),
// consecutive threads on consecutive i_0 (every row of a sweep one coalesced load), Z in place: its forward values
// written to Z and read back.
template <typename T, int D>
__global__ void solve_kernel(DeviceHeat<T, D> w, int j, size_t lines) {
  const int other = D == 3 ? 3 - j : -1;
  for (size_t t = blockIdx.x * size_t(blockDim.x) + threadIdx.x; t < lines; t += size_t(gridDim.x) * blockDim.x) {
    // t = i_0 + n_0 * (the other dimension's index).
    const size_t i0 = t % size_t(w.n[0]), o = t / size_t(w.n[0]);
    const size_t first = i0 + (other > 0 ? o * w.stride(other) : 0);
    sweep_line(w.z + first, w.stride(j), w.n[j], w.l[j], w.inv[j], w.c[j]);
  }
}

// Dimension j > 0 with the lines on chip (solve_lines_kernel): a block is one warp of 32 lines, lane t's line at
// column t of a [m][32] buffer in shared memory, so the solve moves 2 words a node (Z in, Z out). Each lane copies
// its line's values into its column by cp.async, kLineStages chunks of kLineChunk rows ahead of its forward sweep
// (nothing held in registers, so the copies in flight cost no occupancy); the forward sweep replaces them by the
// forward values, the backward sweep reads those and stores the solution. The same operations per line as the
// definition (the same bits). A lane reads only what it copied itself: no barrier between the copies and their use.
// (In the Y form, whose right-hand sides read U along the line too, the same lines with every load through registers,
// 16 or 32 rows ahead, left each warp waiting on its loads between chunks, slower than a thread per line at full
// occupancy; with U through registers beside the cp.async copies, no faster in float: docs/SOLVERS.md.)
constexpr int kLineChunk = 16;
constexpr int kLineStages = 4;

template <typename T>
size_t line_block_bytes(int m) {
  return (size_t(32) * size_t(m) + 3 * size_t(m)) * sizeof(T);
}

// One group of 32 lines (lane t's line from `first`, `active` if the lane has one), the factors at fl, finv, fc,
// the lane's column at col.
template <typename T, int D>
__device__ __forceinline__ void solve_line_group(const DeviceHeat<T, D>& w, int j, bool active, size_t first,
                                                 const T* fl, const T* finv, const T* fc, T* col) {
  const int m = w.n[j];
  const size_t s = w.stride(j);
  T* __restrict__ z = w.z + first;
  const int chunks = (m + kLineChunk - 1) / kLineChunk;
  // Chunk c's values into the column, one commit group a chunk (empty past the end, so that the groups in flight
  // are counted the same at every chunk).
  auto copy_chunk = [&](int c) {
    if (active && c < chunks) {
#pragma unroll
      for (int k = 0; k < kLineChunk; ++k) {
        const int i = c * kLineChunk + k;
        if (i < m) __pipeline_memcpy_async(col + size_t(32) * size_t(i), z + size_t(i) * s, sizeof(T));
      }
    }
    __pipeline_commit();
  };
#pragma unroll
  for (int c = 0; c < kLineStages; ++c) copy_chunk(c);
  T prev = T(0);
  for (int c = 0; c < chunks; ++c) {
    __pipeline_wait_prior(kLineStages - 1);  // chunk c's copies have landed
    if (active) {
#pragma unroll
      for (int k = 0; k < kLineChunk; ++k) {
        const int i = c * kLineChunk + k;
        if (i >= m) break;
        T* x = col + size_t(32) * size_t(i);
        prev = lu_forward_row(fl[i], *x, prev);
        *x = prev;
      }
    }
    copy_chunk(c + kLineStages);
  }
  __pipeline_wait_prior(0);
  if (!active) return;
  constexpr int kBack = 8;  // shared-memory loads issued ahead of the backward recurrence
  T next = T(0);
  int i = m - 1;
  for (; i >= kBack - 1; i -= kBack) {
    T xx[kBack];
#pragma unroll
    for (int k = 0; k < kBack; ++k) xx[k] = col[size_t(32) * size_t(i - k)];
#pragma unroll
    for (int k = 0; k < kBack; ++k) {
      next = lu_backward_row(finv[i - k], fc[i - k], xx[k], next);
      z[size_t(i - k) * s] = next;
    }
  }
  for (; i >= 0; --i) {
    next = lu_backward_row(finv[i], fc[i], col[size_t(32) * size_t(i)], next);
    z[size_t(i) * s] = next;
  }
}

template <typename T, int D>
__global__ void __launch_bounds__(32) solve_lines_kernel(DeviceHeat<T, D> w, int j, size_t lines) {
  extern __shared__ __align__(16) unsigned char lines_raw[];
  const int m = w.n[j];
  const int lane = int(threadIdx.x);
  T* fl = reinterpret_cast<T*>(lines_raw);
  T* finv = fl + m;
  T* fc = finv + m;
  for (int i = lane; i < m; i += 32) {
    fl[i] = w.l[j][i];
    finv[i] = w.inv[j][i];
    fc[i] = w.c[j][i];
  }
  __syncwarp();
  const int other = D == 3 ? 3 - j : -1;
  for (size_t g = blockIdx.x; g * 32 < lines; g += gridDim.x) {  // the same groups for every lane
    const size_t t = g * 32 + size_t(lane);
    const bool active = t < lines;
    size_t first = 0;
    if (active) {  // t = i_0 + n_0 * (the other dimension's index), as solve_kernel
      const size_t i0 = t % size_t(w.n[0]), o = t / size_t(w.n[0]);
      first = i0 + (other > 0 ? o * w.stride(other) : 0);
    }
    solve_line_group(w, j, active, first, fl, finv, fc, fc + m + lane);
    __syncwarp();
  }
}

// Dimension 0, rows too long for a tile: a warp per 32 rows, the rows moved in 32-column chunks through a shared
// tile so that every global access is a coalesced run of 32 values; lane r sweeps row r's chunk from the tile, its
// forward values written to Z and read back; U' = U + Z stored with the backward sweep. The same operations per row
// as the definition: the same bits. (A thread per row reading its row directly took 0.63 ms for a 256^3 float grid,
// 7 % of its floor, H200: a warp's loads touched 32 rows at once.)
constexpr int kRowWarps = 2;

template <typename T, int D>
__global__ void __launch_bounds__(kRowWarps * 32) solve_rows_kernel(DeviceHeat<T, D> w, size_t rows) {
  __shared__ T tiles[kRowWarps][32][33];
  const int lane = int(threadIdx.x & 31), wid = int(threadIdx.x >> 5);
  T(*tz)[33] = tiles[wid];
  const int m = w.n[0];
  const T *l = w.l[0], *inv = w.inv[0], *c = w.c[0];
  T *u = w.u, *z = w.z;
  for (size_t base = (size_t(blockIdx.x) * kRowWarps + size_t(wid)) * 32; base < rows;
       base += size_t(gridDim.x) * kRowWarps * 32) {
    const int count = rows - base < 32 ? int(rows - base) : 32;
    T prev = T(0);
    for (int c0 = 0; c0 < m; c0 += 32) {
      const int width = m - c0 < 32 ? m - c0 : 32;
      for (int r = 0; r < count; ++r)
        if (lane < width) tz[r][lane] = z[(base + size_t(r)) * size_t(m) + size_t(c0 + lane)];
      __syncwarp();
      if (lane < count)
        for (int k = 0; k < width; ++k) {
          prev = lu_forward_row(l[c0 + k], tz[lane][k], prev);
          tz[lane][k] = prev;
        }
      __syncwarp();
      for (int r = 0; r < count; ++r)
        if (lane < width) z[(base + size_t(r)) * size_t(m) + size_t(c0 + lane)] = tz[r][lane];
      __syncwarp();
    }
    T next = T(0);
    for (int c0 = (m - 1) / 32 * 32; c0 >= 0; c0 -= 32) {
      const int width = m - c0 < 32 ? m - c0 : 32;
      for (int r = 0; r < count; ++r)
        if (lane < width) tz[r][lane] = z[(base + size_t(r)) * size_t(m) + size_t(c0 + lane)];
      __syncwarp();
      if (lane < count)
        for (int k = width - 1; k >= 0; --k) {
          next = lu_backward_row(inv[c0 + k], c[c0 + k], tz[lane][k], next);
          tz[lane][k] = next;
        }
      __syncwarp();
      for (int r = 0; r < count; ++r)
        if (lane < width) {
          const size_t e = (base + size_t(r)) * size_t(m) + size_t(c0 + lane);
          u[e] = douglas_update(u[e], tz[r][lane]);
        }
      __syncwarp();
    }
  }
}

// Dimension 0 with the rows kept on chip (solve_row_tile_kernel): a block of kRowTileWarps warps takes 32 rows and
// holds them whole in shared memory, so the solve moves 3 words a node (Z and U in, U' out) where solve_rows_kernel
// moves 5. Three phases, each row's operations those of the definition in its order (the same bits):
//   1. the rows' Z values into the tile by cp.async, the block's warps copying along the rows;
//   2. warp 0's lane r sweeps row r forward and back in the tile (a row is m | 1 values apart, an odd number, so
//      that the 32 lanes' accesses fall in different banks), the factors read from a copy in shared memory;
//   3. U' = U + Z out, each warp reading U (kStoreBatch loads a lane in flight) and writing U' along its rows; the
//      tile's U was asked of L2 by the three other warps while warp 0 swept (DouglasUpdateOut).
// All the block's warps copy and store, so that more loads are in flight for the same tile memory; one sweeps. Rows
// longer than kMaxTileBytes allows take solve_rows_kernel. Forward and backward sweeps of one line held in shared
// memory: adi_sweep.cuh's sweep_line. Blocks a multiprocessor holds at m = 256 by shared memory (36 KiB a float tile,
// 72 KiB a double one): the registers are held to that many too.
template <typename T>
constexpr int kRowTileBlocks = sizeof(T) == 4 ? 6 : 3;

// The last solve's store: U' = U + Z. While warp 0 sweeps the tile's rows, the other warps ask L2 for their U (one
// contiguous span), so that the store phase's loads of U find it there (H100, 256^3: 0.348 -> 0.336 ms float,
// 0.530 -> 0.510 ms double a step with kStoreBatch loads in flight a lane; bench/results/adi_gpu_h100_prefetch_*).
template <typename T>
struct DouglasUpdateOut {
  T* u;
  __device__ void prefetch(size_t begin, size_t count, int thread, int threads) const {
    prefetch_l2(u + begin, count, thread, threads);
  }
  __device__ T load(size_t e) const { return u[e]; }
  __device__ void store(size_t e, T old, T z) const { u[e] = douglas_update(old, z); }
};

template <typename T, int D>
__global__ void __launch_bounds__(kRowTileWarps * 32, kRowTileBlocks<T>)
    solve_row_tile_kernel(DeviceHeat<T, D> w, size_t rows) {
  extern __shared__ __align__(16) unsigned char tile_raw[];
  T* tile = reinterpret_cast<T*>(tile_raw);
  const int lane = int(threadIdx.x & 31), wid = int(threadIdx.x >> 5);
  const int m = w.n[0];
  const size_t pitch = size_t(m | 1);
  const T* z = w.z;
  const TileFactors<T> f = copy_tile_factors(tile, pitch, m, w.l[0], w.inv[0], w.c[0]);
  for (size_t g = blockIdx.x; g * kTileRows < rows; g += gridDim.x) {  // the same groups for every warp of the block
    const size_t first = g * kTileRows;
    const int count = rows - first < size_t(kTileRows) ? int(rows - first) : kTileRows;
    for (int r = wid; r < count; r += kRowTileWarps) {
      const T* src = z + (first + size_t(r)) * size_t(m);
      T* dst = tile + size_t(r) * pitch;
      for (int i = lane; i < m; i += 32) __pipeline_memcpy_async(dst + i, src + i, sizeof(T));
    }
    __pipeline_commit();
    __pipeline_wait_prior(0);
    sweep_and_store_tile(tile, pitch, count, m, f, first, DouglasUpdateOut<T>{w.u});
  }
}

unsigned blocks_for(size_t work) {
  const size_t b = (work + kThreads - 1) / kThreads;
  return unsigned(b < 65535 * 16 ? b : 65535 * 16);
}

template <typename T, int D>
gpurngStatus_t run(const AdiHeatCall<T>& call, solvers::DeviceScratch& scratch, cudaStream_t st) {
  DeviceHeat<T, D> w;
  size_t rows = 0;
  for (int j = 0; j < D; ++j) {
    w.n[j] = call.n[j];
    rows += size_t(call.n[j]);
  }
  const size_t N = call.nodes();
  const size_t grid_bytes = align256(N * sizeof(T)), factor_bytes = align256(rows * sizeof(T));
  const gpurngStatus_t s = solvers::cuda::reserve(scratch, grid_bytes + 3 * factor_bytes);
  if (s != GPURNG_STATUS_SUCCESS) return s;
  auto* p = static_cast<unsigned char*>(scratch.ptr);
  T* l = reinterpret_cast<T*>(p + grid_bytes);
  T* inv = reinterpret_cast<T*>(p + grid_bytes + factor_bytes);
  T* c = reinterpret_cast<T*>(p + grid_bytes + 2 * factor_bytes);
  w.k = call.template consts<D>();
  size_t off = 0;
  for (int j = 0; j < D; ++j) {
    w.l[j] = l + off;
    w.inv[j] = inv + off;
    w.c[j] = c + off;
    off += size_t(call.n[j]);
  }
  w.u = call.u;
  w.z = reinterpret_cast<T*>(p);
  factor_kernel<T, D><<<1, 32, 0, st>>>(w, l, inv, c);
  if (launched() != GPURNG_STATUS_SUCCESS) return GPURNG_STATUS_LAUNCH_FAILURE;
  const size_t tile = row_tile_bytes<T>(call.n[0]);
  const bool tiled = tile <= kMaxTileBytes;
  // Past 48 KiB a kernel must ask for its shared memory: the largest a call uses, once.
  if (tiled && tile > (size_t(48) << 10) &&
      cudaFuncSetAttribute(solve_row_tile_kernel<T, D>, cudaFuncAttributeMaxDynamicSharedMemorySize, int(tile)) !=
          cudaSuccess)
    return GPURNG_STATUS_LAUNCH_FAILURE;
  size_t line_bytes[D] = {}, most = 0;  // solve_lines_kernel's shared memory for dimension j > 0, 0: solve_kernel
  for (int j = 1; j < D; ++j) {
    const size_t b = line_block_bytes<T>(call.n[j]);
    line_bytes[j] = b <= kMaxTileBytes ? b : 0;
    most = line_bytes[j] > most ? line_bytes[j] : most;
  }
  if (most > (size_t(48) << 10) &&
      cudaFuncSetAttribute(solve_lines_kernel<T, D>, cudaFuncAttributeMaxDynamicSharedMemorySize, int(most)) !=
          cudaSuccess)
    return GPURNG_STATUS_LAUNCH_FAILURE;
  const dim3 explicit_grid(unsigned((call.n[0] + kExplicitThreads - 1) / kExplicitThreads),
                           unsigned(call.n[1] < 65535 ? call.n[1] : 65535),
                           unsigned(D == 3 ? (call.n[2] < 65535 ? call.n[2] : 65535) : 1));
  for (int step = 0; step < call.steps; ++step) {
    explicit_kernel<T, D><<<explicit_grid, kExplicitThreads, 0, st>>>(w);
    for (int o = 0; o < D; ++o) {
      const int j = douglas_direction(D, o);
      const size_t lines = N / size_t(call.n[j]);
      if (j == 0 && tiled) {
        const size_t groups = (lines + kTileRows - 1) / kTileRows;
        solve_row_tile_kernel<T, D>
            <<<unsigned(groups < 65535 * 16 ? groups : 65535 * 16), kRowTileWarps * 32, tile, st>>>(w, lines);
      } else if (j == 0) {
        const size_t groups = (lines + 32 * kRowWarps - 1) / (32 * kRowWarps);
        solve_rows_kernel<T, D>
            <<<unsigned(groups < 65535 * 16 ? groups : 65535 * 16), kRowWarps * 32, 0, st>>>(w, lines);
      } else if (line_bytes[j]) {
        const size_t blocks = (lines + 31) / 32;
        solve_lines_kernel<T, D>
            <<<unsigned(blocks < 65535 * 16 ? blocks : 65535 * 16), 32, line_bytes[j], st>>>(w, j, lines);
      } else {
        solve_kernel<T, D><<<blocks_for(lines), kThreads, 0, st>>>(w, j, lines);
      }
    }
    if (launched() != GPURNG_STATUS_SUCCESS) return GPURNG_STATUS_LAUNCH_FAILURE;
  }
  return GPURNG_STATUS_SUCCESS;
}

}  // namespace

template <typename T>
gpurngStatus_t run_heat_adi(const AdiHeatCall<T>& call, solvers::DeviceScratch& scratch, void* stream) {
  cudaGetLastError();  // a stale error of earlier work is not this call's
  cudaStream_t st = static_cast<cudaStream_t>(stream);
  return call.ndim == 2 ? run<T, 2>(call, scratch, st) : run<T, 3>(call, scratch, st);
}

template gpurngStatus_t run_heat_adi<float>(const AdiHeatCall<float>&, solvers::DeviceScratch&, void*);
template gpurngStatus_t run_heat_adi<double>(const AdiHeatCall<double>&, solvers::DeviceScratch&, void*);

}  // namespace cuda
}  // namespace pde
}  // namespace gpurng
