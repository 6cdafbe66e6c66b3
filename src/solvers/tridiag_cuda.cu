// SPDX-License-Identifier: BSD-3-Clause
// The GPU launchers of the tridiagonal solvers. Every numerical step is the GPURNG_HD text the CPU runs
// (thomas.hpp, pcr.hpp, thomas_pcr.hpp); only the data movement is the GPU's own:
//   THOMAS          one thread per system; c' and d' kept in the scratch as [row][system] (coalesced for every
//                   layout); x written only once the system is known to be regular.
//   THOMAS_PCR      m <= 1024, contiguous systems: one warp per system, lane p holding chunk p (R rows) in
//                   registers, loaded and stored through shared memory so that global accesses stay coalesced,
//                   the reduced system's PCR by warp shuffles; adjacent systems (solvedim != 0): 8 systems x 32
//                   chunk threads a block, rows read directly (8 consecutive elements a load), PCR through
//                   shared memory. m > 1024: tridiag_long_cuda.cu.
//   PCR             one warp per system, the rows in shared memory, every lane updating rows lane + 32 t.
//   constant        THOMAS_PCR: one warp factors the matrix once into the scratch, then every warp applies the
//                   factors to its right-hand side (2 words per unknown); THOMAS: LU factors once, one thread
//                   per right-hand side.
//   factor / factored solve   one thread per system (LU, in place).
// Everything is queued on the caller's stream; nothing synchronises; the scratch grows only when a call needs
// more than the solver holds.
#include <cuda_runtime.h>

#include <algorithm>
#include <climits>

#include "../backends/cuda/cuda_runtime.hpp"
#include "chunk_io.cuh"
#include "cuda_launch.cuh"
#include "hybrid_system.hpp"
#include "reduced_pcr_warp.cuh"
#include "thomas.hpp"
#include "tridiag_cuda.hpp"
#include "tridiag_long_cuda.hpp"

namespace gpurng {
namespace solvers {
namespace cuda {

namespace {

template <typename T, int R>
__global__ void hybrid_kernel(Layout L, const T* __restrict__ a, const T* __restrict__ b, const T* __restrict__ c,
                              T* __restrict__ x, int* __restrict__ info) {
  extern __shared__ unsigned char smem_raw[];
  const int lane = threadIdx.x & 31, warp = threadIdx.x >> 5;
  const int64_t k = int64_t(blockIdx.x) * (blockDim.x >> 5) + warp;
  if (k >= L.systems) return;  // whole warps leave together
  T* buf = reinterpret_cast<T*>(smem_raw) + size_t(warp) * 33 * R;
  const int64_t base = L.base(k);
  T ra[R], rb[R], rc[R], rd[R];
  load_chunk<T, R>(a + base, L.row_stride, L.m, lane, ra, T(0), buf);
  load_chunk<T, R>(b + base, L.row_stride, L.m, lane, rb, T(1), buf);
  load_chunk<T, R>(c + base, L.row_stride, L.m, lane, rc, T(0), buf);
  load_chunk<T, R>(x + base, L.row_stride, L.m, lane, rd, T(0), buf);
  clear_end_entries<T, R>(L.m, lane, ra, rc);
  ChunkFactors<T, R> f;
  const int local = chunk_factor(ra, rb, rc, f);
  int fail = local ? lane * R + local : 0;
  PcrRow<T> S = f.S, E = f.E;
  chunk_apply(f, rd, S.D, E.D);
  fail = first_failure(fail, reduced_pcr_warp(S, E, lane, R, static_cast<ReducedFactors<T>*>(nullptr)));
  fail = warp_first_failure(fail);
  if (info && lane == 0) info[k] = fail;
  if (fail) return;
  chunk_back(f, rd, S.D, E.D);
  store_chunk<T, R>(x + base, L.row_stride, L.m, lane, rd, buf);
}

// THOMAS_PCR where consecutive systems are adjacent in memory (solvedim != 0, e.g. the interleaved layout):
// a block holds kAdjacentSystems systems x 32 chunks, thread (x, p) owning chunk p of system k0 + x, so each
// row load of a warp reads kAdjacentSystems consecutive elements (a whole 32-byte sector for floats) with no
// staging; the reduced systems' PCR runs through shared memory, with the neighbours of every row read before
// any row changes, as pcr_rows does.
constexpr int kAdjacentSystems = 8;

template <typename T, int R>
__global__ void hybrid_adjacent_kernel(Layout L, const T* __restrict__ a, const T* __restrict__ b,
                                       const T* __restrict__ c, T* __restrict__ x, int* __restrict__ info) {
  __shared__ PcrRow<T> rows[2 * kHybridChunks][kAdjacentSystems];
  __shared__ int first[kAdjacentSystems];
  const int sx = threadIdx.x % kAdjacentSystems, p = threadIdx.x / kAdjacentSystems;
  const int64_t k = int64_t(blockIdx.x) * kAdjacentSystems + sx;
  const bool live = k < L.systems;
  const int64_t base = live ? L.base(k) : 0;
  const int m = L.m;
  if (p == 0) first[sx] = INT_MAX;
  T ra[R], rb[R], rc[R], rd[R];
  GPURNG_UNROLL
  for (int j = 0; j < R; ++j) {
    const int i = p * R + j;
    const bool in = live && i < m;
    const int64_t o = base + int64_t(i) * L.row_stride;
    ra[j] = in && i > 0 ? a[o] : T(0);
    rb[j] = in ? b[o] : T(1);
    rc[j] = in && i < m - 1 ? c[o] : T(0);
    rd[j] = in ? x[o] : T(0);
  }
  ChunkFactors<T, R> f;
  const int local = chunk_factor(ra, rb, rc, f);
  int fail = local ? p * R + local : 0;
  PcrRow<T> S = f.S, E = f.E;
  chunk_apply(f, rd, S.D, E.D);
  const PcrRow<T> zero{T(0), T(0), T(0)};
  GPURNG_UNROLL
  for (int step = 0; step < kReducedSteps; ++step) {
    const int h = 1 << step;
    __syncthreads();
    rows[2 * p][sx] = S;
    rows[2 * p + 1][sx] = E;
    __syncthreads();
    const int ks = 2 * p, ke = 2 * p + 1;
    const PcrRow<T> Sl = ks - h >= 0 ? rows[ks - h][sx] : zero, Sr = ks + h < 64 ? rows[ks + h][sx] : zero;
    const PcrRow<T> El = ke - h >= 0 ? rows[ke - h][sx] : zero, Er = ke + h < 64 ? rows[ke + h][sx] : zero;
    PcrRow<T> nS, nE;
    T rS, rE;
    if (!pcr_factor(S.A, S.C, Sl.A, Sl.C, Sr.A, Sr.C, nS.A, nS.C, rS))
      fail = first_failure(fail, reduced_row_origin(ks, R) + 1);
    if (!pcr_factor(E.A, E.C, El.A, El.C, Er.A, Er.C, nE.A, nE.C, rE))
      fail = first_failure(fail, reduced_row_origin(ke, R) + 1);
    nS.D = pcr_apply(S.A, S.C, rS, S.D, Sl.D, Sr.D);
    nE.D = pcr_apply(E.A, E.C, rE, E.D, El.D, Er.D);
    S = nS;
    E = nE;
  }
  if (fail) atomicMin(&first[sx], fail);
  __syncthreads();
  const int sys_fail = first[sx] == INT_MAX ? 0 : first[sx];
  if (!live) return;
  if (info && p == 0) info[k] = sys_fail;
  if (sys_fail) return;
  chunk_back(f, rd, S.D, E.D);
  GPURNG_UNROLL
  for (int j = 0; j < R; ++j) {
    const int i = p * R + j;
    if (i < m) x[base + int64_t(i) * L.row_stride] = rd[j];
  }
}

// Constant matrix: one warp factors it (factors[lane], reduced[lane]) and reports a tiny pivot in info[0].
template <typename T, int R>
__global__ void hybrid_constant_factor_kernel(int m, const T* a, const T* b, const T* c, ChunkFactors<T, R>* factors,
                                              ReducedFactors<T>* reduced, int* status, int* info) {
  const int lane = threadIdx.x;
  T ra[R], rb[R], rc[R];
  GPURNG_UNROLL
  for (int j = 0; j < R; ++j) {
    const int i = lane * R + j;
    ra[j] = i < m && i > 0 ? a[i] : T(0);
    rb[j] = i < m ? b[i] : T(1);
    rc[j] = i < m - 1 ? c[i] : T(0);
  }
  ChunkFactors<T, R> f;
  const int local = chunk_factor(ra, rb, rc, f);
  int fail = local ? lane * R + local : 0;
  PcrRow<T> S = f.S, E = f.E;
  S.D = E.D = T(0);
  ReducedFactors<T> rf;
  fail = first_failure(fail, reduced_pcr_warp(S, E, lane, R, &rf));
  fail = warp_first_failure(fail);
  factors[lane] = f;
  reduced[lane] = rf;
  if (lane == 0) {
    *status = fail;
    if (info) *info = fail;
  }
}

template <typename T, int R>
__global__ void hybrid_constant_apply_kernel(Layout L, const ChunkFactors<T, R>* __restrict__ factors,
                                             const ReducedFactors<T>* __restrict__ reduced,
                                             const int* __restrict__ status, T* __restrict__ x) {
  extern __shared__ unsigned char smem_raw[];
  if (*status) return;  // the factorisation failed: no x changes
  const int lane = threadIdx.x & 31, warp = threadIdx.x >> 5;
  T* buf = reinterpret_cast<T*>(smem_raw) + size_t(warp) * 33 * R;
  // The factors (about 5 R + 36 values a lane) are read once per warp and kept in registers for every system
  // the warp solves: the grid is sized to fill the GPU, not to the batch.
  const ChunkFactors<T, R> f = factors[lane];
  const ReducedFactors<T> rf = reduced[lane];
  const int64_t warps = int64_t(gridDim.x) * (blockDim.x >> 5);
  for (int64_t k = int64_t(blockIdx.x) * (blockDim.x >> 5) + warp; k < L.systems; k += warps) {
    const int64_t base = L.base(k);
    T rd[R];
    load_chunk<T, R>(x + base, L.row_stride, L.m, lane, rd, T(0), buf);
    T DS, DE;
    chunk_apply(f, rd, DS, DE);
    reduced_apply_warp(rf, DS, DE, lane);
    chunk_back(f, rd, DS, DE);
    store_chunk<T, R>(x + base, L.row_stride, L.m, lane, rd, buf);
  }
}

// PCR: one warp per system over n = 32 * 2^k padded rows in shared memory (A, C, D arrays of n).
template <typename T>
__global__ void pcr_kernel(Layout L, int n, const T* __restrict__ a, const T* __restrict__ b, const T* __restrict__ c,
                           T* __restrict__ x, int* __restrict__ info) {
  extern __shared__ unsigned char smem_raw[];
  const int lane = threadIdx.x & 31, warp = threadIdx.x >> 5;
  const int64_t k = int64_t(blockIdx.x) * (blockDim.x >> 5) + warp;
  if (k >= L.systems) return;
  PcrRow<T>* rows = reinterpret_cast<PcrRow<T>*>(smem_raw) + size_t(warp) * n;
  const int64_t base = L.base(k);
  const int m = L.m;
  int fail = 0;
  for (int i = lane; i < n; i += 32) {
    const int64_t o = base + int64_t(i) * L.row_stride;
    const bool in = i < m;
    PcrRow<T> r;
    if (!pcr_normalise(in && i > 0 ? a[o] : T(0), in ? b[o] : T(1), in && i < m - 1 ? c[o] : T(0), in ? x[o] : T(0), r))
      fail = first_failure(fail, i + 1);
    rows[i] = r;
  }
  __syncwarp();
  const PcrRow<T> zero{T(0), T(0), T(0)};
  for (int h = 1; h < n; h *= 2) {
    // Each lane computes its rows from the old values, then all write: every row reads its neighbours first.
    PcrRow<T> next[32];
    int t = 0;
    for (int i = lane; i < n; i += 32, ++t) {
      const PcrRow<T> r = rows[i];
      const PcrRow<T> l = i - h >= 0 ? rows[i - h] : zero;
      const PcrRow<T> rr = i + h < n ? rows[i + h] : zero;
      T rcp;
      if (!pcr_factor(r.A, r.C, l.A, l.C, rr.A, rr.C, next[t].A, next[t].C, rcp)) fail = first_failure(fail, i + 1);
      next[t].D = pcr_apply(r.A, r.C, rcp, r.D, l.D, rr.D);
    }
    __syncwarp();
    t = 0;
    for (int i = lane; i < n; i += 32, ++t) rows[i] = next[t];
    __syncwarp();
  }
  fail = warp_first_failure(fail);
  if (info && lane == 0) info[k] = fail;
  if (fail) return;
  for (int i = lane; i < m; i += 32) x[base + int64_t(i) * L.row_stride] = rows[i].D;
}

// THOMAS: one thread per system; c' and d' in scratch as [row][system].
template <typename T>
__global__ void thomas_kernel(Layout L, const T* __restrict__ a, const T* __restrict__ b, const T* __restrict__ c,
                              T* __restrict__ x, int* __restrict__ info, T* __restrict__ cps, T* __restrict__ dps) {
  const int64_t k = int64_t(blockIdx.x) * blockDim.x + threadIdx.x;
  if (k >= L.systems) return;
  const int64_t base = L.base(k), S = L.systems;
  const int m = L.m;
  ThomasCarry<T> carry{T(0), T(0)};
  int fail = 0;
  for (int i = 0; i < m; ++i) {
    const int64_t o = base + int64_t(i) * L.row_stride;
    const T ai = i > 0 ? a[o] : T(0), ci = i < m - 1 ? c[o] : T(0);
    if (!thomas_forward_row(ai, b[o], ci, x[o], carry) && !fail) fail = i + 1;
    cps[int64_t(i) * S + k] = carry.cp;
    dps[int64_t(i) * S + k] = carry.dp;
  }
  if (info) info[k] = fail;
  if (fail) return;
  T xn = dps[int64_t(m - 1) * S + k];
  x[base + int64_t(m - 1) * L.row_stride] = xn;
  for (int i = m - 2; i >= 0; --i) {
    xn = thomas_backward_row(cps[int64_t(i) * S + k], dps[int64_t(i) * S + k], xn);
    x[base + int64_t(i) * L.row_stride] = xn;
  }
}

// LU factors in place (gpurng?gtsvFactorBatch), one thread per system; a system with a tiny pivot is left as
// it was, so the factors go to scratch first ([row][system]: l, then 1/p) and are copied once all is well.
template <typename T>
__global__ void lu_factor_kernel(Layout L, T* __restrict__ a, T* __restrict__ b, const T* __restrict__ c,
                                 int* __restrict__ info, T* __restrict__ ls, T* __restrict__ invs) {
  const int64_t k = int64_t(blockIdx.x) * blockDim.x + threadIdx.x;
  if (k >= L.systems) return;
  const int64_t base = L.base(k), S = L.systems;
  const int m = L.m;
  T inv = T(0), cprev = T(0);
  int fail = 0;
  for (int i = 0; i < m; ++i) {
    const int64_t o = base + int64_t(i) * L.row_stride;
    T l;
    const T ci = i < m - 1 ? c[o] : T(0);
    if (!lu_factor_row(i > 0 ? a[o] : T(0), b[o], ci, cprev, inv, l) && !fail) fail = i + 1;
    cprev = ci;
    ls[int64_t(i) * S + k] = l;
    invs[int64_t(i) * S + k] = inv;
  }
  if (info) info[k] = fail;
  if (fail) return;
  for (int i = 0; i < m; ++i) {
    const int64_t o = base + int64_t(i) * L.row_stride;
    a[o] = ls[int64_t(i) * S + k];
    b[o] = invs[int64_t(i) * S + k];
  }
}

// Forward and backward substitution with LU factors: per-system factors (the layout's arrays) or, with
// `constant` true, one column of m factors for every system (gated by the factorisation's status).
template <typename T>
__global__ void lu_solve_kernel(Layout L, const T* __restrict__ l, const T* __restrict__ inv, const T* __restrict__ c,
                                bool constant, const int* __restrict__ status, T* __restrict__ x) {
  const int64_t k = int64_t(blockIdx.x) * blockDim.x + threadIdx.x;
  if (k >= L.systems || (status && *status)) return;
  const int64_t base = L.base(k);
  const int m = L.m;
  auto at = [&](int i) { return constant ? int64_t(i) : base + int64_t(i) * L.row_stride; };
  T y = T(0);
  for (int i = 0; i < m; ++i) {
    const int64_t o = base + int64_t(i) * L.row_stride;
    y = lu_forward_row(i > 0 ? l[at(i)] : T(0), x[o], y);
    x[o] = y;
  }
  T xn = T(0);
  for (int i = m - 1; i >= 0; --i) {
    const int64_t o = base + int64_t(i) * L.row_stride;
    xn = lu_backward_row(inv[at(i)], i < m - 1 ? c[at(i)] : T(0), x[o], xn);
    x[o] = xn;
  }
}

// LU factors of the constant matrix, one thread, into the scratch (l, 1/p, c: m each) and its status.
template <typename T>
__global__ void lu_constant_factor_kernel(int m, const T* a, const T* b, const T* c, T* l, T* inv, T* cc, int* status,
                                          int* info) {
  T ip = T(0), cprev = T(0);
  int fail = 0;
  for (int i = 0; i < m; ++i) {
    T li;
    const T ci = i < m - 1 ? c[i] : T(0);
    if (!lu_factor_row(i > 0 ? a[i] : T(0), b[i], ci, cprev, ip, li) && !fail) fail = i + 1;
    cprev = ci;
    l[i] = li;
    inv[i] = ip;
    cc[i] = cprev;
  }
  *status = fail;
  if (info) *info = fail;
}

unsigned blocks_for(int64_t items, int per_block) { return unsigned((items + per_block - 1) / per_block); }

template <typename T, int R>
gpurngStatus_t launch_hybrid(const TridiagCall<T>& call, DeviceScratch& scratch, cudaStream_t st) {
  const Layout& L = call.layout;
  const int warps = std::max(1, 32 / R);  // 33 R elements per warp: at most ~34 KB of shared memory a block
  const size_t smem = size_t(warps) * 33 * R * sizeof(T);
  if (call.op == TridiagOp::solve && L.systems_adjacent()) {
    hybrid_adjacent_kernel<T, R><<<blocks_for(L.systems, kAdjacentSystems), kAdjacentSystems * kHybridChunks, 0, st>>>(
        L, call.a, call.b, call.c, call.x, call.info);
    return launched();
  }
  if (call.op == TridiagOp::solve) {
    hybrid_kernel<T, R>
        <<<blocks_for(L.systems, warps), warps * 32, smem, st>>>(L, call.a, call.b, call.c, call.x, call.info);
    return launched();
  }
  const size_t fbytes = align256(sizeof(ChunkFactors<T, R>) * 32), rbytes = align256(sizeof(ReducedFactors<T>) * 32);
  gpurngStatus_t s = reserve(scratch, fbytes + rbytes + 256);
  if (s != GPURNG_STATUS_SUCCESS) return s;
  auto* base = static_cast<unsigned char*>(scratch.ptr);
  auto* factors = reinterpret_cast<ChunkFactors<T, R>*>(base);
  auto* reduced = reinterpret_cast<ReducedFactors<T>*>(base + fbytes);
  int* status = reinterpret_cast<int*>(base + fbytes + rbytes);
  hybrid_constant_factor_kernel<T, R>
      <<<1, 32, 0, st>>>(L.m, call.a, call.b, call.c, factors, reduced, status, call.info);
  if (launched() != GPURNG_STATUS_SUCCESS) return GPURNG_STATUS_LAUNCH_FAILURE;
  const int sms = static_cast<int>(::gpurng::cuda::sm_count());
  const unsigned grid = unsigned(std::min<int64_t>(blocks_for(L.systems, warps), int64_t(sms) * 64 / warps));
  hybrid_constant_apply_kernel<T, R><<<grid, warps * 32, smem, st>>>(L, factors, reduced, status, call.x);
  return launched();
}

template <typename T>
gpurngStatus_t launch(const TridiagCall<T>& call, DeviceScratch& scratch, cudaStream_t st) {
  const Layout& L = call.layout;
  const int64_t cells = L.systems * int64_t(L.m);
  switch (call.op) {
    case TridiagOp::factor: {
      gpurngStatus_t s = reserve(scratch, 2 * align256(sizeof(T) * size_t(cells)));
      if (s != GPURNG_STATUS_SUCCESS) return s;
      T* ls = static_cast<T*>(scratch.ptr);
      T* invs = reinterpret_cast<T*>(static_cast<unsigned char*>(scratch.ptr) + align256(sizeof(T) * size_t(cells)));
      lu_factor_kernel<T><<<blocks_for(L.systems, 128), 128, 0, st>>>(L, call.a, call.b, call.c, call.info, ls, invs);
      return launched();
    }
    case TridiagOp::factored_solve:
      lu_solve_kernel<T><<<blocks_for(L.systems, 128), 128, 0, st>>>(L, call.a, call.b, call.c, false, nullptr, call.x);
      return launched();
    case TridiagOp::constant:
      if (call.algorithm == GPURNG_TRIDIAG_THOMAS) {
        const size_t col = align256(sizeof(T) * size_t(L.m));
        gpurngStatus_t s = reserve(scratch, 3 * col + 256);
        if (s != GPURNG_STATUS_SUCCESS) return s;
        auto* p = static_cast<unsigned char*>(scratch.ptr);
        T *l = reinterpret_cast<T*>(p), *inv = reinterpret_cast<T*>(p + col), *cc = reinterpret_cast<T*>(p + 2 * col);
        int* status = reinterpret_cast<int*>(p + 3 * col);
        lu_constant_factor_kernel<T><<<1, 1, 0, st>>>(L.m, call.a, call.b, call.c, l, inv, cc, status, call.info);
        if (launched() != GPURNG_STATUS_SUCCESS) return GPURNG_STATUS_LAUNCH_FAILURE;
        lu_solve_kernel<T><<<blocks_for(L.systems, 128), 128, 0, st>>>(L, l, inv, cc, true, status, call.x);
        return launched();
      }
      break;
    case TridiagOp::solve:
      if (call.algorithm == GPURNG_TRIDIAG_THOMAS) {
        gpurngStatus_t s = reserve(scratch, 2 * align256(sizeof(T) * size_t(cells)));
        if (s != GPURNG_STATUS_SUCCESS) return s;
        T* cps = static_cast<T*>(scratch.ptr);
        T* dps = reinterpret_cast<T*>(static_cast<unsigned char*>(scratch.ptr) + align256(sizeof(T) * size_t(cells)));
        thomas_kernel<T>
            <<<blocks_for(L.systems, 128), 128, 0, st>>>(L, call.a, call.b, call.c, call.x, call.info, cps, dps);
        return launched();
      }
      if (call.algorithm == GPURNG_TRIDIAG_PCR) {
        const int n = pcr_padded_rows(L.m);
        const int warps = std::max(1, 1024 / n);
        const size_t smem = size_t(warps) * n * sizeof(PcrRow<T>);
        if (smem > 48 * 1024)
          cudaFuncSetAttribute(pcr_kernel<T>, cudaFuncAttributeMaxDynamicSharedMemorySize, int(smem));
        pcr_kernel<T>
            <<<blocks_for(L.systems, warps), warps * 32, smem, st>>>(L, n, call.a, call.b, call.c, call.x, call.info);
        return launched();
      }
      break;
  }
  if (L.m > kHybridMaxRows) return launch_long_hybrid(call, scratch, st);  // solve only (the C boundary checks)
  return with_hybrid_rows(L.m, [&](auto rows) { return launch_hybrid<T, decltype(rows)::value>(call, scratch, st); });
}

}  // namespace

gpurngStatus_t reserve(DeviceScratch& scratch, size_t bytes) {
  if (scratch.bytes >= bytes) return GPURNG_STATUS_SUCCESS;
  // Growing waits for work that may still use the old block (first use at a size only).
  if (scratch.ptr) {
    cudaDeviceSynchronize();
    cudaFree(scratch.ptr);
    scratch.ptr = nullptr;
    scratch.bytes = 0;
  }
  if (cudaMalloc(&scratch.ptr, bytes) != cudaSuccess) {
    cudaGetLastError();
    scratch.ptr = nullptr;
    return GPURNG_STATUS_ALLOCATION_FAILED;
  }
  scratch.bytes = bytes;
  return GPURNG_STATUS_SUCCESS;
}

void release(DeviceScratch& scratch, void* stream) {
  if (!scratch.ptr) return;
  cudaStreamSynchronize(static_cast<cudaStream_t>(stream));
  cudaFree(scratch.ptr);
  scratch.ptr = nullptr;
  scratch.bytes = 0;
}

template <typename T>
gpurngStatus_t run_tridiag(const TridiagCall<T>& call, DeviceScratch& scratch, void* stream) {
  if (call.layout.systems == 0) return GPURNG_STATUS_SUCCESS;
  return launch(call, scratch, static_cast<cudaStream_t>(stream));
}

template gpurngStatus_t run_tridiag<float>(const TridiagCall<float>&, DeviceScratch&, void*);
template gpurngStatus_t run_tridiag<double>(const TridiagCall<double>&, DeviceScratch&, void*);

}  // namespace cuda
}  // namespace solvers
}  // namespace gpurng
