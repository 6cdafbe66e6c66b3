// SPDX-License-Identifier: BSD-3-Clause
// The GPU's multi-asset Black-Scholes ADI stepper: BasketDefinition::step's operations at every node, as the CPU's
// basket_adi_cpu_kernels.inc runs them, so the same bits. Options run side by side, a batch at a time (as many as
// kBasketBatchBytes of working grids hold): every kernel covers the batch's grids, blockIdx.y the option.
//   coefficients:  each option's step tables made on the host by BasketTableStore (the definition's functions, the
//                  CPU's values) and copied over once a phase (the damped start, then the scheme's steps);
//   payoff:        a thread per node (basket_payoff), or a copy of the user's grid;
//   F(U), Y_0:     a thread per node (full_tab);
//   solves:        along asset 0 (contiguous lines) 32 lines a block held in shared memory, read and written along
//                  the lines (solve_rows_tile_kernel); along i > 0 (and asset 0's lines too long for the tile) a thread
//                  per line, its right-hand side (b - theta F_i(src)) made in the forward sweep, consecutive threads
//                  on consecutive j_0, so each sweep row is one coalesced load;
//   HV corrector:  a thread per node (full_tab of Y_D, hv_corrector);
//   readout:       the 4^D nodes around S0 gathered and copied back; the host combines them (readout_combine).
#include <cuda_runtime.h>

#include <limits>
#include <vector>

#include "../backends/cuda/cuda_runtime.hpp"
#include "../solvers/cuda_launch.cuh"
#include "../solvers/tridiag_cuda.hpp"
#include "adi_sweep.cuh"
#include "basket_adi_cuda.hpp"
#include "basket_adi_tables.hpp"
#include "bs1d_scheme.hpp"  // kInfoRejected

namespace gpurng {
namespace pde {
namespace cuda {

using ::gpurng::cuda::status_of;
using solvers::lu_backward_row;
using solvers::lu_forward_row;
using solvers::cuda::align256;
using solvers::cuda::launched;

namespace {

constexpr int kThreads = 256;

// A batch's working grids: option b's at b * nodes of each.
template <typename T, int D>
struct Batch {
  const BasketTables<T, D>* tables;  // option b's coefficients (device memory)
  T* u;
  T* fu;
  T* y;
  size_t nodes;
  int m[D];  // J_i + 1
  size_t stride[D];
};

template <typename T, int D>
__device__ NodeAt<D> node_at(const Batch<T, D>& g, size_t e) {
  NodeAt<D> n;
  n.e = e;
  size_t rest = e;
#pragma unroll
  for (int i = 0; i < D; ++i) {
    n.idx[i] = int(rest % size_t(g.m[i]));
    rest /= size_t(g.m[i]);
  }
  return n;
}

template <typename T, int D>
__global__ void payoff_kernel(Batch<T, D> g, int kind, const T* strike, T h0, T h1, T h2) {
  const size_t b = blockIdx.y;
  T* u = g.u + b * g.nodes;
  const T h[3] = {h0, h1, h2};
  for (size_t e = blockIdx.x * size_t(blockDim.x) + threadIdx.x; e < g.nodes; e += size_t(gridDim.x) * blockDim.x) {
    const NodeAt<D> n = node_at(g, e);
    T S[D];
#pragma unroll
    for (int i = 0; i < D; ++i) S[i] = T(n.idx[i]) * h[i];
    u[e] = basket_payoff<T, D>(kind, S, strike[b]);
  }
}

// F(U) into fu and Y_0 = U + F(U) into y.
template <typename T, int D>
__global__ void explicit_kernel(Batch<T, D> g) {
  const size_t b = blockIdx.y;
  const BasketTables<T, D>& t = g.tables[b];
  const T* u = g.u + b * g.nodes;
  T *fu = g.fu + b * g.nodes, *y = g.y + b * g.nodes;
  for (size_t e = blockIdx.x * size_t(blockDim.x) + threadIdx.x; e < g.nodes; e += size_t(gridDim.x) * blockDim.x) {
    fu[e] = full_tab(t, u, node_at(g, e));
    y[e] = u[e] + fu[e];
  }
}

// Hundsdorfer-Verwer's Z_0 into fu, from U, F(U) (in fu) and Y_D (in y).
template <typename T, int D>
__global__ void corrector_kernel(Batch<T, D> g) {
  const size_t b = blockIdx.y;
  const BasketTables<T, D>& t = g.tables[b];
  const T *u = g.u + b * g.nodes, *y = g.y + b * g.nodes;
  T* fu = g.fu + b * g.nodes;
  for (size_t e = blockIdx.x * size_t(blockDim.x) + threadIdx.x; e < g.nodes; e += size_t(gridDim.x) * blockDim.x)
    fu[e] = hv_corrector(u[e], fu[e], full_tab(t, y, node_at(g, e)));
}

// Along asset i: every line's (I - theta F_i) x = rhs - theta F_i(src), rhs in `rhs` (overwritten by the forward
// sweep), x into `out`. A line's values are read only by its own forward sweep, which ends before its backward sweep
// writes, so `out` may be `src`.
template <typename T, int D>
__global__ void solve_kernel(Batch<T, D> g, int i, T theta, const T* src_base, T* rhs_base, T* out_base, size_t lines) {
  const size_t b = blockIdx.y;
  const BasketTables<T, D>& t = g.tables[b];
  const T* src = src_base + b * g.nodes;
  T *rhs = rhs_base + b * g.nodes, *out = out_base + b * g.nodes;
  const int m = g.m[i];
  const size_t s = g.stride[i];
  const T *l = t.l[i], *inv = t.inv[i], *c = t.c[i];
  for (size_t line = blockIdx.x * size_t(blockDim.x) + threadIdx.x; line < lines;
       line += size_t(gridDim.x) * blockDim.x) {
    size_t first;
    if (i == 0) {
      first = line * size_t(g.m[0]);
    } else {
      const size_t j0 = line % size_t(g.m[0]), o = line / size_t(g.m[0]);
      const int other = D == 3 ? 3 - i : -1;
      first = j0 + (other > 0 ? o * g.stride[other] : 0);
    }
    T prev = T(0);
    for (int j = 0; j < m; ++j) {
      const size_t e = first + size_t(j) * s;
      const T r = fma_hd(-theta, directional_tab(t, i, src, e, j), rhs[e]);
      prev = lu_forward_row(l[j], r, prev);
      rhs[e] = prev;
    }
    T next = T(0);
    for (int j = m; j-- > 0;) {
      const size_t e = first + size_t(j) * s;
      next = lu_backward_row(inv[j], c[j], rhs[e], next);
      out[e] = next;
    }
  }
}

// Along asset 0 (contiguous lines) with the lines on chip: a block of kRowTileWarps warps takes kTileRows lines of
// one option and holds them in shared memory, so that every global access runs along a line (coalesced) where
// solve_kernel's thread per line touched 32 lines at once: 1. each node's right-hand side (rhs - theta F_0(src)) into
// the tile, the warps reading along their lines; 2. warp 0's lane r sweeps line r in the tile (lines m | 1 apart,
// so that the lanes fall in different banks) against a copy of the option's factors; 3. the tile into `out`. The same
// operations per line as solve_kernel: the same bits (`rhs` keeps its values: nothing reads the forward ones).
// adi_sweep.cuh holds the tile's size and its last two phases.
template <typename T, int D>
__global__ void __launch_bounds__(kRowTileWarps * 32)
    solve_rows_tile_kernel(Batch<T, D> g, T theta, const T* src_base, const T* rhs_base, T* out_base, size_t lines) {
  extern __shared__ __align__(16) unsigned char tile_raw[];
  T* tile = reinterpret_cast<T*>(tile_raw);
  const size_t b = blockIdx.y;
  const BasketTables<T, D>& t = g.tables[b];
  const T* src = src_base + b * g.nodes;
  const T* rhs = rhs_base + b * g.nodes;
  T* out = out_base + b * g.nodes;
  const int lane = int(threadIdx.x & 31), wid = int(threadIdx.x >> 5);
  const int m = g.m[0];
  const size_t pitch = size_t(m | 1);
  const TileFactors<T> f = copy_tile_factors(tile, pitch, m, t.l[0], t.inv[0], t.c[0]);
  for (size_t group = blockIdx.x; group * kTileRows < lines; group += gridDim.x) {
    const size_t first_line = group * kTileRows;
    const int count = lines - first_line < size_t(kTileRows) ? int(lines - first_line) : kTileRows;
    for (int r = wid; r < count; r += kRowTileWarps) {
      const size_t first = (first_line + size_t(r)) * size_t(m);
      T* row = tile + size_t(r) * pitch;
#pragma unroll 4
      for (int j = lane; j < m; j += 32) {
        const size_t e = first + size_t(j);
        row[j] = fma_hd(-theta, directional_tab(t, 0, src, e, j), rhs[e]);
      }
    }
    sweep_and_store_tile(tile, pitch, count, m, f, first_line, StoreSolution<T>{out});
  }
}

// The readout's 4^D nodes of option b (base indices at base[b D ..]) into values[b V ..].
template <typename T, int D>
__global__ void gather_kernel(Batch<T, D> g, const int* base, T* values) {
  constexpr int V = D == 2 ? 16 : 64;
  const size_t b = blockIdx.y;
  const int v = int(threadIdx.x);
  if (v >= V) return;
  int at[D];
#pragma unroll
  for (int i = 0; i < D; ++i) at[i] = base[b * D + size_t(i)];
  values[b * V + size_t(v)] = g.u[b * g.nodes + readout_node<D>(at, g.stride, v)];
}

// NaN over the grids of the options flagged in `rejected`.
template <typename T, int D>
__global__ void nan_kernel(Batch<T, D> g, const int* rejected) {
  const size_t b = blockIdx.y;
  if (!rejected[b]) return;
  T* u = g.u + b * g.nodes;
  for (size_t e = blockIdx.x * size_t(blockDim.x) + threadIdx.x; e < g.nodes; e += size_t(gridDim.x) * blockDim.x)
    u[e] = std::numeric_limits<T>::quiet_NaN();
}

unsigned blocks_for(size_t work) {
  const size_t blocks = (work + kThreads - 1) / kThreads;
  return unsigned(blocks < 4096 ? blocks : 4096);
}

// Carves a batch's pieces out of the scratch, each 256-byte aligned.
struct Carver {
  unsigned char* p;
  size_t at = 0;
  template <typename X>
  X* take(size_t count) {
    X* x = reinterpret_cast<X*>(p + at);
    at += align256(count * sizeof(X));
    return x;
  }
};

template <typename T, int D>
class Stepper {
 public:
  Stepper(const BasketCall<T>& call, const BasketDeviceArrays<T>& out, cudaStream_t st)
      : call_(call), out_(out), st_(st), store_(call.J) {
    nodes_ = call.nodes();
    for (int i = 0; i < D; ++i) {
      g_.m[i] = call.J[i] + 1;
      g_.stride[i] = i == 0 ? 1 : g_.stride[i - 1] * size_t(g_.m[i - 1]);
    }
    g_.nodes = nodes_;
    tile_bytes_ = row_tile_bytes<T>(g_.m[0]);
    if (tile_bytes_ > kMaxTileBytes) tile_bytes_ = 0;  // asset 0's lines too long for a tile: solve_kernel
    if (tile_bytes_ > (size_t(48) << 10))  // past 48 KiB a kernel must ask for its shared memory (a failure shows
                                           // at the launch)
      cudaFuncSetAttribute(solve_rows_tile_kernel<T, D>, cudaFuncAttributeMaxDynamicSharedMemorySize, int(tile_bytes_));
  }

  // Scratch bytes for a batch of B options.
  size_t bytes(size_t B) const {
    const size_t grids = out_.grid ? 2 : 3;
    return grids * align256(B * nodes_ * sizeof(T)) + align256(B * store_.size() * sizeof(T)) +
           align256(B * sizeof(BasketTables<T, D>)) + align256(B * kValues * sizeof(T)) + align256(B * sizeof(T)) +
           align256(B * D * sizeof(int)) + align256(B * sizeof(int));
  }

  // Options [k0, k0 + B) with the batch's pieces carved from `scratch`; codes[k] receives each option's info code,
  // price and delta (host arrays of the whole call) its outputs.
  gpurngStatus_t batch(int64_t k0, size_t B, unsigned char* scratch, std::vector<int>& codes, std::vector<T>& price,
                       std::vector<T>& delta) {
    Carver cv{scratch};
    g_.u = out_.grid ? out_.grid + size_t(k0) * nodes_ : cv.take<T>(B * nodes_);
    g_.fu = cv.take<T>(B * nodes_);
    g_.y = cv.take<T>(B * nodes_);
    T* tables = cv.take<T>(B * store_.size());
    auto* views = cv.take<BasketTables<T, D>>(B);
    T* values = cv.take<T>(B * kValues);
    T* strike = cv.take<T>(B);
    int* base = cv.take<int>(B * D);
    int* rejected = cv.take<int>(B);
    g_.tables = views;

    std::vector<BasketOption<T, D>> o(B);
    for (size_t b = 0; b < B; ++b) o[b] = basket_option_params<T, D>(call_, k0 + int64_t(b));
    gpurngStatus_t st = GPURNG_STATUS_SUCCESS;
    // The payoff.
    if (call_.payoff == kBasketUserGrid) {
      for (size_t b = 0; b < B && st == GPURNG_STATUS_SUCCESS; ++b)
        st = status_of(
            cudaMemcpyAsync(g_.u + b * nodes_, out_.payoff_grid, nodes_ * sizeof(T), cudaMemcpyDeviceToDevice, st_),
            GPURNG_STATUS_LAUNCH_FAILURE);
    } else {
      std::vector<T> K(B);
      for (size_t b = 0; b < B; ++b) K[b] = o[b].K;
      st = upload(strike, K.data(), B);
      const T h2 = D == 3 ? o[0].h[D - 1] : T(0);
      if (st == GPURNG_STATUS_SUCCESS)
        payoff_kernel<T, D><<<dim3(blocks_for(nodes_), unsigned(B)), kThreads, 0, st_>>>(g_, call_.payoff, strike,
                                                                                         o[0].h[0], o[0].h[1], h2);
    }
    // The damped start: two Douglas half-steps with theta = 1 (an option whose factors meet a tiny pivot is
    // stepped all the same and its outputs replaced below, as the CPU stops it there).
    for (size_t b = 0; b < B; ++b) codes[size_t(k0) + b] = 0;
    if (st == GPURNG_STATUS_SUCCESS) st = tables_for(B, o, k0, codes, tables, views, true);
    for (int s = 0; s < 2 && st == GPURNG_STATUS_SUCCESS; ++s) st = step(B, T(1), false);
    if (call_.N > 1) {
      if (st == GPURNG_STATUS_SUCCESS) st = tables_for(B, o, k0, codes, tables, views, false);
      for (int s = 1; s < call_.N && st == GPURNG_STATUS_SUCCESS; ++s) st = step(B, o[0].theta, call_.hv);
    }
    // The readout.
    std::vector<int> at(B * D);
    std::vector<BasketReadout<T, D>> r(B);
    for (size_t b = 0; b < B; ++b) {
      r[b] = readout_nodes<T, D>(o[b].J, o[b].h, o[b].S0);
      for (int i = 0; i < D; ++i) at[b * D + size_t(i)] = r[b].base[i];
    }
    if (st == GPURNG_STATUS_SUCCESS) st = upload(base, at.data(), B * D);
    if (st == GPURNG_STATUS_SUCCESS) {
      gather_kernel<T, D><<<dim3(1, unsigned(B)), 64, 0, st_>>>(g_, base, values);
      st = launched();
    }
    std::vector<T> got(B * kValues);
    if (st == GPURNG_STATUS_SUCCESS)
      st = status_of(cudaMemcpyAsync(got.data(), values, got.size() * sizeof(T), cudaMemcpyDeviceToHost, st_),
                     GPURNG_STATUS_LAUNCH_FAILURE);
    if (st == GPURNG_STATUS_SUCCESS) st = status_of(cudaStreamSynchronize(st_), GPURNG_STATUS_LAUNCH_FAILURE);
    if (st != GPURNG_STATUS_SUCCESS) return st;
    std::vector<int> flags(B, 0);
    bool any = false;
    for (size_t b = 0; b < B; ++b) {
      const size_t k = size_t(k0) + b;
      T p = T(0), d[D];
      if (codes[k] == 0) {
        readout_combine<T, D>(r[b], o[b].h, got.data() + b * kValues, p, d);
        if (!basket_outputs_ok(o[b], p, d)) codes[k] = kInfoRejected;
      }
      if (codes[k] != 0) {
        p = std::numeric_limits<T>::quiet_NaN();
        for (int i = 0; i < D; ++i) d[i] = p;
        flags[b] = 1;
        any = true;
      }
      price[k] = p;
      for (int i = 0; i < D; ++i) delta[k * D + size_t(i)] = d[i];
    }
    if (any && out_.grid) {
      st = upload(rejected, flags.data(), B);
      if (st == GPURNG_STATUS_SUCCESS) {
        nan_kernel<T, D><<<dim3(blocks_for(nodes_), unsigned(B)), kThreads, 0, st_>>>(g_, rejected);
        st = launched();
      }
    }
    return st;
  }

 private:
  static constexpr int kValues = D == 2 ? 16 : 64;

  template <typename X>
  gpurngStatus_t upload(X* dst, const X* src, size_t count) {
    // From pageable memory the copy has read `src` when the call returns.
    return status_of(cudaMemcpyAsync(dst, src, count * sizeof(X), cudaMemcpyHostToDevice, st_),
                     GPURNG_STATUS_LAUNCH_FAILURE);
  }

  // Each option's tables of the damped start (dt / 2, theta 1) or of the scheme's steps (dt, theta), into the device;
  // a tiny pivot's code goes to an option that has none yet.
  gpurngStatus_t tables_for(size_t B, const std::vector<BasketOption<T, D>>& o, int64_t k0, std::vector<int>& codes,
                            T* tables, BasketTables<T, D>* views, bool damped) {
    const size_t n = store_.size();
    std::vector<T> host(B * n);
    std::vector<BasketTables<T, D>> v(B);
    for (size_t b = 0; b < B; ++b) {
      const BasketOption<T, D>& x = o[b];
      const int f = damped ? store_.fill(T(0.5) * x.dt, x.sigma, x.rho, x.rate, T(1))
                           : store_.fill(x.dt, x.sigma, x.rho, x.rate, x.theta);
      int& code = codes[size_t(k0) + b];
      if (f && !code) code = f;
      std::copy(store_.data(), store_.data() + n, host.begin() + long(b * n));
      v[b] = store_.at(tables + b * n);
    }
    gpurngStatus_t st = upload(tables, host.data(), host.size());
    return st == GPURNG_STATUS_SUCCESS ? upload(views, v.data(), B) : st;
  }

  // One step of the batch (BasketDefinition::step's operations; basket_step's order of grids).
  gpurngStatus_t step(size_t B, T theta, bool hv) {
    const dim3 nodes_grid(blocks_for(nodes_), unsigned(B));
    explicit_kernel<T, D><<<nodes_grid, kThreads, 0, st_>>>(g_);
    for (int i = 0; i < D; ++i) solve(B, i, theta, g_.u, g_.y, !hv && i == D - 1 ? g_.u : g_.y);
    if (hv) {
      corrector_kernel<T, D><<<nodes_grid, kThreads, 0, st_>>>(g_);
      for (int i = 0; i < D; ++i) solve(B, i, theta, g_.y, g_.fu, i == D - 1 ? g_.u : g_.fu);
    }
    return launched();
  }

  void solve(size_t B, int i, T theta, const T* src, T* rhs, T* out) {
    const size_t lines = nodes_ / size_t(g_.m[i]);
    if (i == 0 && tile_bytes_) {
      const size_t groups = (lines + kTileRows - 1) / kTileRows;
      solve_rows_tile_kernel<T, D><<<dim3(unsigned(groups < 65535 * 16 ? groups : 65535 * 16), unsigned(B)),
                                     kRowTileWarps * 32, tile_bytes_, st_>>>(g_, theta, src, rhs, out, lines);
      return;
    }
    solve_kernel<T, D><<<dim3(blocks_for(lines), unsigned(B)), kThreads, 0, st_>>>(g_, i, theta, src, rhs, out, lines);
  }

  const BasketCall<T>& call_;
  const BasketDeviceArrays<T>& out_;
  cudaStream_t st_;
  BasketTableStore<T, D> store_;
  size_t nodes_ = 0;
  size_t tile_bytes_ = 0;  // shared memory of solve_rows_tile_kernel along asset 0, 0 where it does not fit
  Batch<T, D> g_{};
};

template <typename T, int D>
gpurngStatus_t run(const BasketCall<T>& call, const BasketDeviceArrays<T>& out, solvers::DeviceScratch& scratch,
                   cudaStream_t st) {
  Stepper<T, D> stepper(call, out, st);
  const size_t one = stepper.bytes(1);
  size_t B = kBasketBatchBytes / one;
  B = B < 1 ? 1 : B > 65535 ? 65535 : B;
  B = B > size_t(call.count) ? size_t(call.count) : B;
  gpurngStatus_t s = solvers::cuda::reserve(scratch, stepper.bytes(B));
  if (s != GPURNG_STATUS_SUCCESS) return s;
  std::vector<int> codes(size_t(call.count), 0);
  std::vector<T> price(size_t(call.count)), delta(size_t(call.count) * D);
  for (int64_t k0 = 0; k0 < call.count && s == GPURNG_STATUS_SUCCESS; k0 += int64_t(B)) {
    const size_t n = size_t(call.count - k0) < B ? size_t(call.count - k0) : B;
    s = stepper.batch(k0, n, static_cast<unsigned char*>(scratch.ptr), codes, price, delta);
  }
  if (s != GPURNG_STATUS_SUCCESS) return s;
  const size_t count = size_t(call.count);
  s = status_of(cudaMemcpyAsync(out.price, price.data(), count * sizeof(T), cudaMemcpyHostToDevice, st),
                GPURNG_STATUS_LAUNCH_FAILURE);
  if (s == GPURNG_STATUS_SUCCESS && out.delta)
    s = status_of(cudaMemcpyAsync(out.delta, delta.data(), count * D * sizeof(T), cudaMemcpyHostToDevice, st),
                  GPURNG_STATUS_LAUNCH_FAILURE);
  if (s == GPURNG_STATUS_SUCCESS && out.info)
    s = status_of(cudaMemcpyAsync(out.info, codes.data(), count * sizeof(int), cudaMemcpyHostToDevice, st),
                  GPURNG_STATUS_LAUNCH_FAILURE);
  if (s == GPURNG_STATUS_SUCCESS) s = status_of(cudaStreamSynchronize(st), GPURNG_STATUS_LAUNCH_FAILURE);
  if (s != GPURNG_STATUS_SUCCESS) return s;
  bool pivot = false, rejected = false;
  for (int c : codes) {
    pivot = pivot || c > 0;
    rejected = rejected || c == kInfoRejected;
  }
  if (pivot) return GPURNG_STATUS_ZERO_PIVOT;
  return rejected ? GPURNG_STATUS_RESULT_OUT_OF_BOUNDS : GPURNG_STATUS_SUCCESS;
}

}  // namespace

template <typename T>
gpurngStatus_t run_basket_adi(const BasketCall<T>& host_inputs, const BasketDeviceArrays<T>& out,
                              solvers::DeviceScratch& scratch, void* stream) {
  cudaGetLastError();  // a stale error of earlier work is not this call's
  const cudaStream_t st = static_cast<cudaStream_t>(stream);
  return host_inputs.ndim == 2 ? run<T, 2>(host_inputs, out, scratch, st) : run<T, 3>(host_inputs, out, scratch, st);
}

template gpurngStatus_t run_basket_adi<float>(const BasketCall<float>&, const BasketDeviceArrays<float>&,
                                              solvers::DeviceScratch&, void*);
template gpurngStatus_t run_basket_adi<double>(const BasketCall<double>&, const BasketDeviceArrays<double>&,
                                               solvers::DeviceScratch&, void*);

}  // namespace cuda
}  // namespace pde
}  // namespace gpurng
