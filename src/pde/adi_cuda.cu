// SPDX-License-Identifier: BSD-3-Clause
// The GPU's Douglas ADI step for the heat equation: the operations of adi_scheme.hpp's definition at every node, as
// the CPU's adi_cpu_kernels.inc runs them, so the same bits. A step is D + 1 kernels over the grid:
//   explicit:       a thread per node (a 3-D launch: no index divisions): its second differences and
//                   douglas_explicit into the scratch grid Y;
//   dimension 0:    32 rows a block held whole in shared memory (solve_row_tile_kernel): the right-hand side
//                   (Y_0 - q_0 D_0 U) computed into the tile from loads along the rows, a lane sweeping each row in
//                   the tile, the solution stored along the rows (3 words a node); rows too long for the tile a warp
//                   per 32 rows through 32-column shared tiles (solve_rows_kernel, 5 words: its forward values go
//                   to Y and back);
//   dimension j>0:  a thread per line along j, consecutive threads on consecutive i_0: every sweep row is one
//                   coalesced load, and each thread loads kAhead<T> rows before it runs their recurrence;
// each solve computing its right-hand side where it is used, the last direction writing U' into u. The directional
// matrices' LU factors (n_j values each of l, 1/p and c) are made on the device by one thread per dimension
// (douglas_factor, the CPU's arithmetic), so a call copies nothing from the host and can be captured.
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
  T* y;

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
      w.y[e] = douglas_explicit(u[e], d, w.k);
    }
}

// Rows a thread loads ahead along a strided line: the loads of a group are independent of the recurrence, so they
// are issued together and their latency is paid once a group rather than once a row (a thread-per-line sweep of
// 256 rows waited on each load in turn: 0.22 ms for a 256^3 float dimension, 21 % of its floor, H200). 16 rows in
// float, 8 in double (H100, 256^3 step, same run: float 0.512 -> 0.473 ms from 8 to 16, 0.508 at 32; double 0.955 ms
// at 8, 0.987 at 16). Launching the lines in waves, so that a wave's forward values stay in L2 for the backward
// sweep, was slower at every size tried (16384 lines a wave: float 0.65-0.80 ms).
template <typename T>
constexpr int kAhead = sizeof(T) == 4 ? 16 : 8;

// Dimension j > 0's solve of the line from `first` (stride s between rows), a thread per line, its right-hand side
// (Y_j - q_j D_j U) made where it is used; the solution into `out` (which may be u: the line's u values are all
// read by the forward sweep before the backward sweep writes).
template <int Ahead, typename T, int D>
__device__ __forceinline__ void solve_line(const DeviceHeat<T, D>& w, int j, size_t first, T* out) {
  const int m = w.n[j];
  const size_t s = w.stride(j);
  const T q = w.k.q[j];
  const T *l = w.l[j], *inv = w.inv[j], *c = w.c[j], *u = w.u;
  T* y = w.y;
  T prev = T(0), left = T(0), mid = u[first];
  for (int i0 = 0; i0 < m; i0 += Ahead) {
    T right[Ahead], yy[Ahead];
#pragma unroll
    for (int k = 0; k < Ahead; ++k) {
      const int i = i0 + k;
      const size_t e = first + size_t(i) * s;
      right[k] = i + 1 < m ? u[e + s] : T(0);
      yy[k] = i < m ? y[e] : T(0);
    }
#pragma unroll
    for (int k = 0; k < Ahead; ++k) {
      const int i = i0 + k;
      if (i >= m) break;
      const T diff = second_difference(left, mid, right[k]);
      prev = lu_forward_row(l[i], douglas_rhs(yy[k], q, diff), prev);
      y[first + size_t(i) * s] = prev;
      left = mid;
      mid = right[k];
    }
  }
  T next = T(0);
  for (int i0 = m - 1; i0 >= 0; i0 -= Ahead) {
    T yy[Ahead];
#pragma unroll
    for (int k = 0; k < Ahead; ++k) {
      const int i = i0 - k;
      yy[k] = i >= 0 ? y[first + size_t(i) * s] : T(0);
    }
#pragma unroll
    for (int k = 0; k < Ahead; ++k) {
      const int i = i0 - k;
      if (i < 0) break;
      next = lu_backward_row(inv[i], c[i], yy[k], next);
      out[first + size_t(i) * s] = next;
    }
  }
}

// Dimension j > 0: a thread per line, consecutive threads on consecutive i_0 (every row of a sweep one coalesced
// load).
template <int Ahead, typename T, int D>
__global__ void solve_kernel(DeviceHeat<T, D> w, int j, size_t lines, T* out) {
  for (size_t t = blockIdx.x * size_t(blockDim.x) + threadIdx.x; t < lines; t += size_t(gridDim.x) * blockDim.x) {
    // t = i_0 + n_0 * (the other dimension's index).
    const size_t i0 = t % size_t(w.n[0]), o = t / size_t(w.n[0]);
    const int other = D == 3 ? 3 - j : -1;
    solve_line<Ahead>(w, j, i0 + (other > 0 ? o * w.stride(other) : 0), out);
  }
}

// Dimension 0 (contiguous rows): a warp per 32 rows, the rows moved in 32-column chunks through shared tiles so that
// every global access is a coalesced run of 32 values; lane r then sweeps row r's chunk from the tile. The same
// operations per row as solve_line: the same bits. (A thread per row reading its row directly took 0.63 ms for a
// 256^3 float grid, 7 % of its floor, H200: a warp's loads touched 32 rows at once.)
constexpr int kRowWarps = 2;

template <typename T, int D>
__global__ void __launch_bounds__(kRowWarps * 32) solve_rows_kernel(DeviceHeat<T, D> w, size_t rows, T* out) {
  __shared__ T tiles_u[kRowWarps][32][33];  // u at columns c0 .. c0 + 32 (one ahead)
  __shared__ T tiles_y[kRowWarps][32][33];
  const int lane = int(threadIdx.x & 31), wid = int(threadIdx.x >> 5);
  T(*tu)[33] = tiles_u[wid];
  T(*ty)[33] = tiles_y[wid];
  const int m = w.n[0];
  const T q = w.k.q[0];
  const T *l = w.l[0], *inv = w.inv[0], *c = w.c[0], *u = w.u;
  T* y = w.y;
  for (size_t base = (size_t(blockIdx.x) * kRowWarps + size_t(wid)) * 32; base < rows;
       base += size_t(gridDim.x) * kRowWarps * 32) {
    const int count = rows - base < 32 ? int(rows - base) : 32;
    T prev = T(0), left = T(0);
    for (int c0 = 0; c0 < m; c0 += 32) {
      const int width = m - c0 < 32 ? m - c0 : 32;
      for (int r = 0; r < count; ++r) {
        const size_t row = (base + size_t(r)) * size_t(m) + size_t(c0);
        if (lane < width) {
          tu[r][lane] = u[row + size_t(lane)];
          ty[r][lane] = y[row + size_t(lane)];
        }
        if (lane == 0) tu[r][32] = c0 + 32 < m ? u[row + 32] : T(0);
      }
      __syncwarp();
      if (lane < count)
        for (int k = 0; k < width; ++k) {
          const T right = c0 + k + 1 < m ? tu[lane][k + 1] : T(0), mid = tu[lane][k];
          const T diff = second_difference(left, mid, right);
          prev = lu_forward_row(l[c0 + k], douglas_rhs(ty[lane][k], q, diff), prev);
          ty[lane][k] = prev;
          left = mid;
        }
      __syncwarp();
      for (int r = 0; r < count; ++r)
        if (lane < width) y[(base + size_t(r)) * size_t(m) + size_t(c0 + lane)] = ty[r][lane];
      __syncwarp();
    }
    T next = T(0);
    for (int c0 = (m - 1) / 32 * 32; c0 >= 0; c0 -= 32) {
      const int width = m - c0 < 32 ? m - c0 : 32;
      for (int r = 0; r < count; ++r)
        if (lane < width) ty[r][lane] = y[(base + size_t(r)) * size_t(m) + size_t(c0 + lane)];
      __syncwarp();
      if (lane < count)
        for (int k = width - 1; k >= 0; --k) {
          next = lu_backward_row(inv[c0 + k], c[c0 + k], ty[lane][k], next);
          ty[lane][k] = next;
        }
      __syncwarp();
      for (int r = 0; r < count; ++r)
        if (lane < width) out[(base + size_t(r)) * size_t(m) + size_t(c0 + lane)] = ty[r][lane];
      __syncwarp();
    }
  }
}

// Dimension 0 with the rows' forward values kept on chip (solve_row_tile_kernel): a block of kRowTileWarps warps takes
// 32 rows and holds them whole in shared memory, so the solve moves 3 words a node (U and Y in, the solution out)
// where solve_rows_kernel moves 5 (its forward values written to Y and read back). Three phases, each row's
// operations those of solve_line in the same order (the same bits):
//   1. the right-hand side (Y_0 - q_0 D_0 U) of every node into the tile, each warp reading two rows along the row,
//      256 columns at a time, a node's neighbours from the lanes beside it (tile_rhs_chunks);
//   2. warp 0's lane r sweeps row r forward and back in the tile (a row is m | 1 values apart, an odd number, so
//      that the 32 lanes' accesses fall in different banks), the factors read from a copy in shared memory;
//   3. the tile out, each warp writing its rows along the row.
// All the block's warps load and store, so that more loads are in flight for the same tile memory; one sweeps. Rows
// longer than kMaxTileBytes allows take solve_rows_kernel. The other dimensions keep solve_kernel: the same tiles along
// them (32 lines a block, [row][line]) ran slower than its 5 words at full occupancy (256^3, H100: float 0.146 ms
// against 0.125 ms, double 1.5 ms a step against 1.2: a multiprocessor holds 6 such tiles in float and 3 in double, too
// few lines in flight for their loads and their recurrences); so did a warp a block keeping only each line's forward
// values in shared memory, 16 or 32 rows loaded ahead (float 0.136 ms a direction against 0.108, double 0.312 against
// 0.213: 6 and 3 warps a multiprocessor). Forward and backward LU sweeps of one line held in shared
// memory: adi_sweep.cuh's sweep_line.
// Blocks a multiprocessor holds at m = 256 by shared memory (36 KiB a float tile, 72 KiB a double one): the
// registers are held to that many too (phase 1's loads in flight want about 96 a thread in float, which left room
// for 5).
template <typename T>
constexpr int kRowTileBlocks = sizeof(T) == 4 ? 6 : 3;

// Phase 1's loads: a warp reads kTileLoadRows rows of kTileLoadChunks 32-value chunks at once (2 x 16 loads in flight
// a lane), and takes each node's neighbours from the lanes beside it by shuffles instead of loading them again. Row by
// row, with three u loads a node and four chunks in flight, phase 1 held the tile for most of its life (256^3 float,
// H100: 0.162 ms for the dimension, 2.7x a read and a write of the grid).
constexpr int kTileLoadRows = 2;
constexpr int kTileLoadChunks = 8;

// The right-hand sides of `rows` rows (at most kTileLoadRows; `row[k]` the first node of each, `dst[k]` its place in
// the tile) for columns c0 .. c0 + 32 kTileLoadChunks; `left[k]` carries the value before column c0 in and the last
// one loaded out. Values past m load as 0, as second_difference's missing neighbours are.
template <typename T>
__device__ __forceinline__ void tile_rhs_chunks(const T* u, const T* y, const size_t (&row)[kTileLoadRows],
                                                T* const (&dst)[kTileLoadRows], int rows, int m, int c0, T q,
                                                T (&left)[kTileLoadRows], int lane) {
  constexpr unsigned kAll = 0xffffffffu;
  T uu[kTileLoadRows][kTileLoadChunks], yy[kTileLoadRows][kTileLoadChunks], after[kTileLoadRows];
#pragma unroll
  for (int r = 0; r < kTileLoadRows; ++r) {
#pragma unroll
    for (int k = 0; k < kTileLoadChunks; ++k) {
      const int i = c0 + 32 * k + lane;
      const bool in = r < rows && i < m;
      uu[r][k] = in ? u[row[r] + size_t(i)] : T(0);
      yy[r][k] = in ? y[row[r] + size_t(i)] : T(0);
    }
    const int i = c0 + 32 * kTileLoadChunks;  // the node after the last chunk (every lane reads it)
    after[r] = r < rows && i < m ? u[row[r] + size_t(i)] : T(0);
  }
#pragma unroll
  for (int r = 0; r < kTileLoadRows; ++r) {
#pragma unroll
    for (int k = 0; k < kTileLoadChunks; ++k) {
      const T mid = uu[r][k];
      const T below = __shfl_up_sync(kAll, mid, 1), above = __shfl_down_sync(kAll, mid, 1);
      const T next_first =
          k + 1 < kTileLoadChunks ? __shfl_sync(kAll, uu[r][k + 1 < kTileLoadChunks ? k + 1 : k], 0) : after[r];
      const T lft = lane == 0 ? left[r] : below;
      const T rgt = lane == 31 ? next_first : above;
      left[r] = __shfl_sync(kAll, mid, 31);
      const int i = c0 + 32 * k + lane;
      if (r < rows && i < m) dst[r][i] = douglas_rhs(yy[r][k], q, second_difference(lft, mid, rgt));
    }
  }
}

template <typename T, int D>
__global__ void __launch_bounds__(kRowTileWarps * 32, kRowTileBlocks<T>)
    solve_row_tile_kernel(DeviceHeat<T, D> w, size_t rows, T* out) {
  extern __shared__ __align__(16) unsigned char tile_raw[];
  T* tile = reinterpret_cast<T*>(tile_raw);
  const int lane = int(threadIdx.x & 31), wid = int(threadIdx.x >> 5);
  const int m = w.n[0];
  const size_t pitch = size_t(m | 1);
  const T q = w.k.q[0];
  const T *u = w.u, *y = w.y;
  const TileFactors<T> f = copy_tile_factors(tile, pitch, m, w.l[0], w.inv[0], w.c[0]);
  for (size_t g = blockIdx.x; g * kTileRows < rows; g += gridDim.x) {  // the same groups for every warp of the block
    const size_t first = g * kTileRows;
    const int count = rows - first < size_t(kTileRows) ? int(rows - first) : kTileRows;
    for (int r0 = wid * kTileLoadRows; r0 < count; r0 += kRowTileWarps * kTileLoadRows) {
      const int here = count - r0 < kTileLoadRows ? count - r0 : kTileLoadRows;
      size_t row[kTileLoadRows];
      T* dst[kTileLoadRows];
      T left[kTileLoadRows];
#pragma unroll
      for (int r = 0; r < kTileLoadRows; ++r) {
        row[r] = (first + size_t(r0 + (r < here ? r : 0))) * size_t(m);
        dst[r] = tile + size_t(r0 + (r < here ? r : 0)) * pitch;
        left[r] = T(0);
      }
      for (int c0 = 0; c0 < m; c0 += 32 * kTileLoadChunks) tile_rhs_chunks(u, y, row, dst, here, m, c0, q, left, lane);
    }
    sweep_and_store_tile(tile, pitch, count, m, f, out, first);
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
  w.y = reinterpret_cast<T*>(p);
  factor_kernel<T, D><<<1, 32, 0, st>>>(w, l, inv, c);
  if (launched() != GPURNG_STATUS_SUCCESS) return GPURNG_STATUS_LAUNCH_FAILURE;
  const size_t tile = row_tile_bytes<T>(call.n[0]);
  const bool tiled = tile <= kMaxTileBytes;
  if (tiled && tile > (size_t(48) << 10) &&  // past 48 KiB a kernel must ask for its shared memory
      cudaFuncSetAttribute(solve_row_tile_kernel<T, D>, cudaFuncAttributeMaxDynamicSharedMemorySize, int(tile)) !=
          cudaSuccess)
    return GPURNG_STATUS_LAUNCH_FAILURE;
  const dim3 explicit_grid(unsigned((call.n[0] + kExplicitThreads - 1) / kExplicitThreads),
                           unsigned(call.n[1] < 65535 ? call.n[1] : 65535),
                           unsigned(D == 3 ? (call.n[2] < 65535 ? call.n[2] : 65535) : 1));
  for (int step = 0; step < call.steps; ++step) {
    explicit_kernel<T, D><<<explicit_grid, kExplicitThreads, 0, st>>>(w);
    for (int j = 0; j < D; ++j) {
      const size_t lines = N / size_t(call.n[j]);
      T* out = j == D - 1 ? w.u : w.y;
      if (j == 0 && tiled) {
        const size_t groups = (lines + kTileRows - 1) / kTileRows;
        solve_row_tile_kernel<T, D>
            <<<unsigned(groups < 65535 * 16 ? groups : 65535 * 16), kRowTileWarps * 32, tile, st>>>(w, lines, out);
      } else if (j == 0) {
        const size_t groups = (lines + 32 * kRowWarps - 1) / (32 * kRowWarps);
        solve_rows_kernel<T, D>
            <<<unsigned(groups < 65535 * 16 ? groups : 65535 * 16), kRowWarps * 32, 0, st>>>(w, lines, out);
      } else {
        solve_kernel<kAhead<T>, T, D><<<blocks_for(lines), kThreads, 0, st>>>(w, j, lines, out);
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
