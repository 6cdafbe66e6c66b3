// SPDX-License-Identifier: BSD-3-Clause
// The GPU's Douglas ADI step for the heat equation: the operations of adi_scheme.hpp's definition at every node, as
// the CPU's adi_cpu_kernels.inc runs them, so the same bits. A step is D + 1 kernels over the grid:
//   explicit:       a thread per node: its second differences and douglas_explicit into the scratch grid Y;
//   dimension 0:    a thread per line (contiguous rows; the line's neighbours in the warp read rows n_0 apart, from
//                   the L1 and L2 caches after the first touch of each sector);
//   dimension j>0:  a thread per line along j, consecutive threads on consecutive i_0: every sweep row is one
//                   coalesced load;
// each solve computing its right-hand side (Y_j - q_j D_j U) where it is used, the last one writing U' into u. The
// directional matrices' LU factors (n_j values each of l, 1/p and c) are made on the device by one thread per
// dimension (douglas_factor, the CPU's arithmetic), so a call copies nothing from the host and can be captured.
#include <cuda_runtime.h>

#include "../solvers/cuda_launch.cuh"
#include "../solvers/tridiag_cuda.hpp"
#include "adi_cuda.hpp"

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

template <typename T, int D>
__global__ void explicit_kernel(DeviceHeat<T, D> w, size_t N) {
  const T* u = w.u;
  for (size_t e = blockIdx.x * size_t(blockDim.x) + threadIdx.x; e < N; e += size_t(gridDim.x) * blockDim.x) {
    T d[D];
    size_t rest = e;
#pragma unroll
    for (int j = 0; j < D; ++j) {
      const int i = int(rest % size_t(w.n[j]));
      rest /= size_t(w.n[j]);
      const size_t s = w.stride(j);
      d[j] = second_difference(i > 0 ? u[e - s] : T(0), u[e], i + 1 < w.n[j] ? u[e + s] : T(0));
    }
    w.y[e] = douglas_explicit(u[e], d, w.k);
  }
}

// Dimension j's solves, a thread per line: line t's first node and the stride between its rows.
template <typename T, int D>
__device__ __forceinline__ void solve_line(const DeviceHeat<T, D>& w, int j, size_t first, T* out) {
  const int m = w.n[j];
  const size_t s = w.stride(j);
  const T q = w.k.q[j];
  const T *l = w.l[j], *inv = w.inv[j], *c = w.c[j], *u = w.u;
  T* y = w.y;
  T prev = T(0);
  for (int i = 0; i < m; ++i) {
    const size_t e = first + size_t(i) * s;
    const T diff = second_difference(i > 0 ? u[e - s] : T(0), u[e], i + 1 < m ? u[e + s] : T(0));
    prev = lu_forward_row(l[i], douglas_rhs(y[e], q, diff), prev);
    y[e] = prev;
  }
  T next = T(0);
  for (int i = m; i-- > 0;) {
    const size_t e = first + size_t(i) * s;
    next = lu_backward_row(inv[i], c[i], y[e], next);
    out[e] = next;
  }
}

template <typename T, int D>
__global__ void solve_kernel(DeviceHeat<T, D> w, int j, size_t lines, T* out) {
  for (size_t t = blockIdx.x * size_t(blockDim.x) + threadIdx.x; t < lines; t += size_t(gridDim.x) * blockDim.x) {
    size_t first;
    if (j == 0) {
      first = t * size_t(w.n[0]);  // row t
    } else {
      // t = i_0 + n_0 * (the other dimension's index): consecutive threads on consecutive i_0.
      const size_t i0 = t % size_t(w.n[0]), o = t / size_t(w.n[0]);
      const int other = D == 3 ? 3 - j : -1;
      first = i0 + (other > 0 ? o * w.stride(other) : 0);
    }
    solve_line(w, j, first, out);
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
  for (int step = 0; step < call.steps; ++step) {
    explicit_kernel<T, D><<<blocks_for(N), kThreads, 0, st>>>(w, N);
    for (int j = 0; j < D; ++j) {
      const size_t lines = N / size_t(call.n[j]);
      solve_kernel<T, D><<<blocks_for(lines), kThreads, 0, st>>>(w, j, lines, j == D - 1 ? w.u : w.y);
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
