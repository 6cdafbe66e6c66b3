// SPDX-License-Identifier: BSD-3-Clause
// The GPU's Black-Scholes PDE (implicit and Crank-Nicolson) from 1025 to 8192 nodes (4096 in double): the long hybrid
// of bs1d_long_cuda.cu (R = long_rows_per_chunk(J + 1, false) nodes a chunk, P = hybrid_chunk_count(J + 1, false)
// chunks) in the warp kernel's shape. One block of W warps per option, W the grid's segments of 32 chunks; lane t of
// the block holds chunk t's nodes and factors in registers for the whole time loop, and its two reduced rows, S = row
// 2t and E = row 2t + 1, with their PCR step factors (in shared memory for float chunks of 32 nodes). The PCR steps
// read the neighbours k -/+ h through a shared buffer, one block barrier a step. The operations are the GPURNG_HD text
// of hybrid_system.hpp's long_hybrid_factor and long_hybrid_apply in the same order, so the bits are the CPU's and
// the block kernel's. The block kernel, which keeps the factors and reduced rows in shared memory and loops its
// threads over the rows, stays for the explicit scheme, implicit doubles of 32-node chunks and larger grids; this
// form ran the implicit float step 2.1x faster at 1025 nodes (H100, docs/PERFORMANCE.md).
#include <cuda_runtime.h>

#include "../solvers/block_pcr.cuh"
#include "../solvers/cuda_launch.cuh"
#include "../solvers/hybrid_system.hpp"
#include "bs1d_cuda_common.cuh"
#include "bs1d_lane_steps.cuh"
#include "bs1d_scheme.hpp"
#include "bs1d_segments_cuda.hpp"

namespace gpurng {
namespace pde {
namespace cuda {

using namespace gpurng::solvers;
using gpurng::solvers::cuda::allow_shared;
using gpurng::solvers::cuda::block_first_failure;

namespace {

constexpr unsigned kFullMask = 0xffffffffu;
constexpr int kMaxSegmentWarps = 8;

// The PCR steps of the reduced system of a grid of `warps` segments (2P rows, P between 32 (warps - 1) + 1 and 32
// warps chunks with the segment rule of long_rows_per_chunk): 7 for two segments, 8 for three or four, 9 up to eight.
constexpr int steps_of(int warps) { return warps <= 2 ? 7 : warps <= 4 ? 8 : 9; }

// Lane t's two reduced rows' matrix parts, step by step (the coefficients before each step and its r): in the
// lane's registers, or in the block's shared memory (step s, field q, row k at (3 s + q) n + k) where the registers
// are short (kSharedReduced: float chunks of 32 nodes).
template <typename T, int Steps, bool Shared>
struct SegmentReduced;

template <typename T, int Steps>
struct SegmentReduced<T, Steps, false> {
  T a[Steps][2], c[Steps][2], r[Steps][2];
  __device__ void set(int s, int e, T A, T C, T rr) {
    a[s][e] = A;
    c[s][e] = C;
    r[s][e] = rr;
  }
  __device__ T A(int s, int e) const { return a[s][e]; }
  __device__ T C(int s, int e) const { return c[s][e]; }
  __device__ T rcp(int s, int e) const { return r[s][e]; }
  __device__ SegmentReduced step_view() const { return *this; }
};

template <typename T, int Steps>
struct SegmentReduced<T, Steps, true> {
  T* base;  // lane t's row S of step 0's A: base + 2t
  int n;
  __device__ void set(int s, int e, T A, T C, T rr) {
    base[3 * s * n + e] = A;
    base[(3 * s + 1) * n + e] = C;
    base[(3 * s + 2) * n + e] = rr;
  }
  __device__ T A(int s, int e) const { return base[3 * s * n + e]; }
  __device__ T C(int s, int e) const { return base[(3 * s + 1) * n + e]; }
  __device__ T rcp(int s, int e) const { return base[(3 * s + 2) * n + e]; }
  // Through an empty asm statement once a step: the loads stay in the step instead of being hoisted into registers.
  __device__ SegmentReduced step_view() const {
    T* p = base;
    asm volatile("" : "+l"(p));
    return SegmentReduced{p, n};
  }
};

// The block's exchange buffers in dynamic shared memory: 4 n values (the factoring's A and C, two step parities;
// then the steps' D, two parities). A step writes its parity's buffer, passes the barrier and reads it; the next
// write of that buffer comes after the following step's barrier, which every thread reaches only after its reads,
// so one barrier a step suffices. `phase` counts the steps across the time loop to keep the parity alternating.
template <typename T>
struct Exchange {
  T* base;
  int n;
  __device__ T* A(int parity) const { return base + size_t(parity) * 2 * n; }
  __device__ T* C(int parity) const { return base + size_t(parity) * 2 * n + n; }
  __device__ T* D(int parity) const { return base + size_t(parity) * n; }
};

// The reduced system's matrix part (long_hybrid_factor's pcr_rows): lane t's rows S and E go in, their step factors
// come out in rf; returns 0 or the lane's first failure (1-based origin of the reduced row).
template <typename T, int Steps, bool Shared>
__device__ int segment_pcr_factor(PcrRow<T> S, PcrRow<T> E, SegmentReduced<T, Steps, Shared>& rf, const Exchange<T>& x,
                                  int t, int R) {
  const int n = x.n;
  const bool rows = 2 * t < n;
  int fail = 0;
  PcrRow<T> row[2] = {S, E};
  GPURNG_UNROLL
  for (int s = 0; s < Steps; ++s) {
    const int h = 1 << s, q = s & 1;
    T* xa = x.A(q);
    T* xc = x.C(q);
    if (rows) {
      GPURNG_UNROLL
      for (int e = 0; e < 2; ++e) {
        xa[2 * t + e] = row[e].A;
        xc[2 * t + e] = row[e].C;
      }
    }
    __syncthreads();
    if (rows) {
      GPURNG_UNROLL
      for (int e = 0; e < 2; ++e) {
        const int k = 2 * t + e;
        const T Al = k - h >= 0 ? xa[k - h] : T(0), Cl = k - h >= 0 ? xc[k - h] : T(0);
        const T Ar = k + h < n ? xa[k + h] : T(0), Cr = k + h < n ? xc[k + h] : T(0);
        PcrRow<T> next{T(0), T(0), T(0)};
        T r;
        if (!pcr_factor(row[e].A, row[e].C, Al, Cl, Ar, Cr, next.A, next.C, r))
          fail = first_failure(fail, reduced_row_origin(k, R) + 1);
        rf.set(s, e, row[e].A, row[e].C, r);
        row[e] = next;
      }
    }
  }
  __syncthreads();  // the D buffers below share the factoring's place
  return fail;
}

// The right-hand-side part (long_hybrid_apply's PCR): DS and DE become x_s and x_e of lane t's chunk.
template <typename T, int Steps, bool Shared>
__device__ __forceinline__ void segment_reduced_apply(const SegmentReduced<T, Steps, Shared>& rf_kept, T& DS, T& DE,
                                                      const Exchange<T>& x, int t, int& phase) {
  const SegmentReduced<T, Steps, Shared> rf = rf_kept.step_view();
  const int n = x.n;
  const bool rows = 2 * t < n;
  GPURNG_UNROLL
  for (int s = 0; s < Steps; ++s) {
    const int h = 1 << s;
    T* d = x.D(phase++ & 1);
    if (rows) {
      d[2 * t] = DS;
      d[2 * t + 1] = DE;
    }
    __syncthreads();
    if (rows) {
      const int k = 2 * t;  // row S; E is k + 1
      const T Sl = k - h >= 0 ? d[k - h] : T(0), Sr = k + h < n ? d[k + h] : T(0);
      const T El = k + 1 - h >= 0 ? d[k + 1 - h] : T(0), Er = k + 1 + h < n ? d[k + 1 + h] : T(0);
      DS = pcr_apply(rf.A(s, 0), rf.C(s, 0), rf.rcp(s, 0), DS, Sl, Sr);
      DE = pcr_apply(rf.A(s, 1), rf.C(s, 1), rf.rcp(s, 1), DE, El, Er);
    }
  }
}

// The neighbours of lane t's chunk for an explicit product: the last node of chunk t - 1 and the first of chunk
// t + 1 (0 outside the P chunks), by shuffles inside a warp and through `edges` (this parity's 2 W values) across
// warps; one barrier.
template <typename T, int R>
__device__ __forceinline__ void chunk_neighbours(const T (&u)[R], int t, int P, T* edges, T& left, T& right) {
  const int lane = t & 31, warp = t >> 5, W = blockDim.x >> 5;
  if (lane == 31) edges[warp] = u[R - 1];
  if (lane == 0) edges[W + warp] = u[0];
  const T below = __shfl_up_sync(kFullMask, u[R - 1], 1);
  const T above = __shfl_down_sync(kFullMask, u[0], 1);
  __syncthreads();
  left = t == 0 ? T(0) : lane > 0 ? below : edges[warp - 1];
  right = t + 1 >= P ? T(0) : lane < 31 ? above : edges[W + warp + 1];
}

// The explicit product of lane t's R nodes (coef(j): node t R + j's coefficients).
template <typename T, int R, typename Coef>
__device__ __forceinline__ void segment_explicit(const Coef& coef, const T (&u)[R], T (&out)[R], int t, int P,
                                                 T* edges) {
  T left, right;
  chunk_neighbours(u, t, P, edges, left, right);
  GPURNG_UNROLL
  for (int j = 0; j < R; ++j) {
    const Coeffs<T> co = coef(j);
    out[j] = explicit_node(co.a, co.b, co.c, j > 0 ? u[j - 1] : left, u[j], j + 1 < R ? u[j + 1] : right);
  }
}

// Implicit or Crank-Nicolson steps of one option a block (W warps, lane t of the block = chunk t).
template <typename T, int R, int Steps, bool CN, bool Shared>
__global__ void __launch_bounds__(kMaxSegmentWarps * 32) segments_kernel(const Bs1dCall<T> c) {
  extern __shared__ __align__(16) unsigned char exchange_raw[];
  __shared__ T edges[2][2 * kMaxSegmentWarps];  // [step parity][each warp's last node, each warp's first node]
  __shared__ T pick[4];                         // the readout's 4 nodes
  __shared__ int first_fail;
  const int t = threadIdx.x, NT = blockDim.x;
  const int64_t k = blockIdx.x;
  const int J = c.J, N = c.N, P = hybrid_chunk_count(J + 1, kGridChunksAdjacent);
  const Exchange<T> x{reinterpret_cast<T*>(exchange_raw), 2 * P};
  const Option<T> o = load_option(c, k);
  const T dS = grid_step(c.Smax, J);
  const int base = t * R;  // lanes t >= P hold padding nodes (0) and take part in the barriers only
  T u[R], pay[R];
  lane_start(o, base, J, dS, u, pay);
  const StepConsts<T> ks = step_consts(o.maturity, o.sigma, o.rate, N, CN);
  ChunkFactors<T, R> f;
  SegmentReduced<T, Steps, Shared> rf;
  if constexpr (Shared) rf = {reinterpret_cast<T*>(exchange_raw) + 4 * x.n + 2 * t, x.n};
  int fail;
  {
    T a[R], b[R], cc[R];
    lane_coeffs(ks, base, J, true, a, b, cc);
    const int local = chunk_factor(a, b, cc, f);
    fail = local && t < P ? base + local : 0;
  }
  fail = first_failure(fail,
                       segment_pcr_factor(PcrRow<T>{f.S.A, f.S.C, T(0)}, PcrRow<T>{f.E.A, f.E.C, T(0)}, rf, x, t, R));
  fail = block_first_failure(fail, &first_fail, t == 0);
  if (fail) {
    write_failed(c, k, fail, t, NT);
    return;  // the whole block: the failure is the block's
  }
  int phase = 0, edge_phase = 0;
  auto solve = [&](T(&d)[R]) {
    T DS, DE;
    chunk_apply(f, d, DS, DE);
    segment_reduced_apply(rf, DS, DE, x, t, phase);
    chunk_back(f, d, DS, DE);
  };
  if constexpr (!CN) {
    for (int s = 0; s < N; ++s) {
      solve(u);
      if (o.american) lane_exercise(u, pay);
    }
  } else {
    // The explicit half's coefficients computed at every step (PerStepCoeffs): kept, 3 R of them beside the chunk's
    // 5 R factors, the second step array and the reduced rows' step factors spilled even in float (ptxas, R = 32:
    // 912 bytes of spill stores).
    const PerStepCoeffs<T> half{ks, base, J};
    auto step = [&](const T(&in)[R], T(&out)[R]) {
      segment_explicit<T, R>(step_view(half), in, out, t, P, edges[edge_phase++ & 1]);
      solve(out);
    };
    if (o.american)
      ping_pong_steps<true>(N, pay, u, step);
    else
      ping_pong_steps<false>(N, pay, u, step);
  }
  // Readout: the owners of nodes j - 1 .. j + 2 put them in `pick`; every thread reads the same values.
  const int jr = readout_node(o.S0, dS, J);
  GPURNG_UNROLL
  for (int j = 0; j < R; ++j)
    if (base + j >= jr - 1 && base + j <= jr + 2) pick[base + j - (jr - 1)] = u[j];
  __syncthreads();
  const Readout<T> r = readout(pick[0], pick[1], pick[2], pick[3], readout_weight(o.S0, dS, jr), dS);
  if (!readout_accepted(r, o.put, o.S0, o.K)) {
    write_failed(c, k, kInfoRejected, t, NT);
    return;
  }
  if (t == 0) write_readout(c, k, r);
  write_lane_grid(c, k, base, u);
}

// Where the reduced rows' step factors live: in registers, but for float chunks of 32 nodes, whose registers held
// them with spills (80-400 bytes) and ran 0.87-1.16x the shared form (H100, 2048 .. 4096 nodes).
template <typename T, int R>
constexpr bool kSharedReduced = sizeof(T) == 4 && R == 32;

// Implicit doubles of 32-node chunks (2048 and 4096 nodes) spill 2.5 KB a thread here and stay on the block kernel
// (H100: 0.77-0.78x of it).
template <typename T, int R>
constexpr bool kImplicitOnBlocks = sizeof(T) == 8 && R == 32;

template <typename T, int R, int Steps, bool CN>
void launch(const Bs1dCall<T>& call, int warps, cudaStream_t stream) {
  constexpr bool shared = kSharedReduced<T, R>;
  const int n = 2 * hybrid_chunk_count(call.J + 1, kGridChunksAdjacent);
  const size_t smem = (size_t(4) * n + (shared ? size_t(3) * Steps * n : 0)) * sizeof(T);
  const auto kernel = segments_kernel<T, R, Steps, CN, shared>;
  allow_shared(kernel, smem);
  kernel<<<unsigned(call.count), unsigned(32 * warps), smem, stream>>>(call);
}

template <typename T, int R, int Steps>
void launch_scheme(const Bs1dCall<T>& call, int warps, cudaStream_t stream) {
  if (call.scheme == kCrankNicolson)
    launch<T, R, Steps, true>(call, warps, stream);
  else if constexpr (!kImplicitOnBlocks<T, R>)
    launch<T, R, Steps, false>(call, warps, stream);
}

// The grid's segments of 32 chunks (long_rows_per_chunk's S for grids apart in memory).
int segment_warps(int nodes) { return (nodes + 32 * kLongBaseRowsApart - 1) / (32 * kLongBaseRowsApart); }

// The segments up to which the register form runs (H100, pde_scan_bench against the block kernel,
// docs/PERFORMANCE.md): float to 8 (8192 nodes; implicit 1.3-3.7x the block kernel from 1025 nodes, Crank-Nicolson
// 0.96-2.3x), double to 4 (4096 nodes), where chunks of 20 .. 28 nodes ran 1.0-1.8x and, past that, the chunk's
// factors alone outgrow a lane's registers.
constexpr int kFloatMaxWarps = kMaxSegmentWarps, kDoubleMaxWarps = 4;

}  // namespace

template <typename T>
bool segments_take(const Bs1dCall<T>& call) {
  const int m = call.J + 1;
  if (m <= kRegisterNodes || call.scheme == kExplicit) return false;
  const int warps = segment_warps(m);
  if (warps > (sizeof(T) == 8 ? kDoubleMaxWarps : kFloatMaxWarps)) return false;
  const bool blocks =
      with_long_rows(m, kGridChunksAdjacent, [](auto rows) { return kImplicitOnBlocks<T, decltype(rows)::value>; });
  if (call.scheme == kImplicit && blocks) return false;
  return pcr_step_count(2 * hybrid_chunk_count(m, kGridChunksAdjacent)) == steps_of(warps);
}

template <typename T>
gpurngStatus_t run_segments_bs1d(const Bs1dCall<T>& call, cudaStream_t stream) {
  const int warps = segment_warps(call.J + 1);
  cudaGetLastError();  // a stale error of earlier work is not this call's
  with_long_rows(call.J + 1, kGridChunksAdjacent, [&](auto rows) {
    constexpr int R = decltype(rows)::value;
    switch (steps_of(warps)) {
      case 7:
        launch_scheme<T, R, 7>(call, warps, stream);
        break;
      case 8:
        launch_scheme<T, R, 8>(call, warps, stream);
        break;
      default:  // five to eight segments: float only, chunks of 28 or 32 nodes
        if constexpr (sizeof(T) == 4 && R >= 28) launch_scheme<T, R, 9>(call, warps, stream);
        break;
    }
  });
  return cudaGetLastError() == cudaSuccess ? GPURNG_STATUS_SUCCESS : GPURNG_STATUS_LAUNCH_FAILURE;
}

template bool segments_take<float>(const Bs1dCall<float>&);
template bool segments_take<double>(const Bs1dCall<double>&);
template gpurngStatus_t run_segments_bs1d<float>(const Bs1dCall<float>&, cudaStream_t);
template gpurngStatus_t run_segments_bs1d<double>(const Bs1dCall<double>&, cudaStream_t);

}  // namespace cuda
}  // namespace pde
}  // namespace gpurng
