// SPDX-License-Identifier: BSD-3-Clause
// The GPU backend of the Black-Scholes PDE. Every numerical step is a template shared with the CPU backend
// (bs1d_scheme.hpp; the hybrid Thomas/PCR of thomas_pcr.hpp and hybrid_system.hpp), run here on scalars, so
// the same call gives the same bits on both (the library builds device code with --fmad=false: only fma_hd
// fuses).
//
// J + 1 <= 1024 (warp_kernel): one warp per option, the grid of 32 R nodes (R = hybrid_rows_per_chunk(J + 1),
// nodes past J padding that stays 0) in registers for the whole time loop, lane p holding nodes p R .. p R +
// R - 1. Explicit: the neighbours across lanes by __shfl_up_sync / __shfl_down_sync; for J + 1 <= 256 the
// explicit scheme runs half a warp per option instead (half_warp_explicit_kernel: 16 lanes of 2 R nodes, the
// same grid and the same bits, more independent work per lane), and in double past 768 nodes two warps
// (pair_warp_explicit_kernel: 64 lanes of R / 2 nodes, room for the coefficients in registers). Implicit and
// Crank-Nicolson: I - L (or I - L/2) factored once per option (chunk_factor per lane, then the 64-row reduced
// system's PCR factors, pcr_factor per row and step), then each time step only the right-hand side parts:
// chunk_apply, pcr_apply over 6 steps, chunk_back. The reduced rows of lane p are S = row 2p and E = row 2p+1;
// at distance h == 1 S's neighbours are E of lane p-1 and its own E, E's its own S and S of lane p+1; at h >= 2
// the same row of lanes p -/+ h/2; missing neighbours are identity rows (0). This is hybrid_system.hpp's
// composition (pcr_rows / reduced_apply read every neighbour before any row changes) lane for chunk.
//
// J + 1 > 1024: the long hybrid, chunks of 20 .. 32 nodes; implicit and Crank-Nicolson up to 12288 nodes (4096 in
// double) on a block of a warp a segment of 32 chunks, the grid in registers (bs1d_segments_cuda.cu; float grids of
// 12289 to 65536 nodes on a cluster of such blocks, bs1d_clusters_cuda.cu), otherwise one
// block per option, a thread per chunk, the factors in shared memory or the scratch (bs1d_long_cuda.cu).
#include <cuda_runtime.h>

#include <limits>

#include "../solvers/hybrid_system.hpp"
#include "../solvers/reduced_pcr_warp.cuh"
#include "../solvers/tridiag_cuda.hpp"
#include "bs1d_call.hpp"
#include "bs1d_cuda.hpp"
#include "bs1d_cuda_common.cuh"
#include "bs1d_lane_steps.cuh"
#include "bs1d_long_cuda.hpp"
#include "bs1d_scheme.hpp"
#include "bs1d_segments_cuda.hpp"

namespace gpurng {
namespace pde {
namespace cuda {

using namespace gpurng::solvers;
using gpurng::solvers::cuda::reduced_apply_warp;
using gpurng::solvers::cuda::warp_first_failure;

namespace {

constexpr int kWarpsPerBlock = 4;

// Value of lane p - d (0 below lane 0) and of lane p + d (0 past lane 31).
template <typename T>
__device__ __forceinline__ T from_below(T v, int d, int lane) {
  const T x = __shfl_up_sync(kFullMask, v, d);
  return lane >= d ? x : T(0);
}
template <typename T>
__device__ __forceinline__ T from_above(T v, int d, int lane) {
  const T x = __shfl_down_sync(kFullMask, v, d);
  return lane + d < 32 ? x : T(0);
}

// Node `node` of the warp's grid (every lane asks for the same node).
template <typename T, int R>
__device__ __forceinline__ T warp_node(const T (&u)[R], int node) {
  const int owner = node / R, idx = node - owner * R;
  T v = T(0);
#pragma unroll
  for (int j = 0; j < R; ++j)
    if (j == idx) v = u[j];
  return __shfl_sync(kFullMask, v, owner);
}

// The reduced system's PCR factors of the option's matrix (reduced_pcr_warp.cuh, recording each step's matrix
// part); `fail` collects the first tiny pivot as pcr_rows reports it.
template <typename T, int R>
__device__ __forceinline__ void reduced_factor_warp(const ChunkFactors<T, R>& f, ReducedFactors<T>& rf, int lane,
                                                    int& fail) {
  PcrRow<T> S{f.S.A, f.S.C, T(0)}, E{f.E.A, f.E.C, T(0)};
  fail = first_failure(fail, gpurng::solvers::cuda::reduced_pcr_warp(S, E, lane, R, &rf));
}

// The explicit product of the lane's R nodes (neighbours across lanes by shuffles; 0 past the grid's ends); coef(j)
// gives node base + j's explicit coefficients.
template <typename T, int R, typename Coef>
__device__ __forceinline__ void lane_explicit(const Coef& coef, const T (&u)[R], T (&out)[R], int lane) {
  const T left = from_below(u[R - 1], 1, lane);
  const T right = from_above(u[0], 1, lane);
#pragma unroll
  for (int j = 0; j < R; ++j) {
    const Coeffs<T> co = coef(j);
    out[j] = explicit_node(co.a, co.b, co.c, j > 0 ? u[j - 1] : left, u[j], j + 1 < R ? u[j + 1] : right);
  }
}

// N explicit steps, the exercise floor compiled in or out.
template <bool American, typename T, int R, typename Coef>
__device__ __forceinline__ void explicit_steps(int N, const Coef& coef, const T (&pay)[R], T (&u)[R], int lane) {
  ping_pong_steps<American>(N, pay, u,
                            [&](const T(&in)[R], T(&out)[R]) { lane_explicit<T, R>(step_view(coef), in, out, lane); });
}

// One hybrid solve with the constant factors, in place on d.
template <typename T, int R>
__device__ __forceinline__ void lane_solve(const ChunkFactors<T, R>& f, const ReducedFactors<T>& rf, T (&d)[R],
                                           int lane) {
  T DS, DE;
  chunk_apply(f, d, DS, DE);
  reduced_apply_warp(rf, DS, DE, lane);
  chunk_back(f, d, DS, DE);
}

// lane_explicit into u itself.
template <typename T, int R, typename Coef>
__device__ __forceinline__ void lane_explicit_in_place(const Coef& coef, T (&u)[R], int lane) {
  explicit_in_place(coef, u, from_below(u[R - 1], 1, lane), from_above(u[0], 1, lane));
}

// Crank-Nicolson works in place on u in double, and in float at R = 24: a second array of R values beside the chunk
// factors (5 R), the explicit half's coefficients and the reduced system's 36 factors made ptxas spill 2-3x the bytes
// it spills in place (sm_90, double R = 20: 10680 bytes of spill loads against 3632; float R = 24: 1340 against 424),
// and in place ran faster: double 1.05-1.64x at every size from 257 to 1024 nodes, float R = 24 (641-768 nodes)
// 1.08-1.10x. Floats of R = 32 ran 0.98-0.99x in place (1024 nodes) and keep two arrays, as do R = 28 (not
// measured) and the smaller chunks, which spill little or nothing (H100, docs/PERFORMANCE.md).
template <typename T, int R>
constexpr bool kCrankNicolsonInPlace = sizeof(T) == 8 || R == 24;

// N implicit steps (in place on u) or Crank-Nicolson steps (right-hand side (I + L/2) u, in place on u where
// kCrankNicolsonInPlace, else into v and solved there, two steps per iteration between u and v), the exercise floor
// compiled in or out.
template <bool American, bool CN, typename T, int R, typename Coef>
__device__ __forceinline__ void implicit_steps(int N, const ChunkFactors<T, R>& f, const ReducedFactors<T>& rf,
                                               const Coef& explicit_half, const T (&pay)[R], T (&u)[R], int lane) {
  if (CN && kCrankNicolsonInPlace<T, R>) {
    for (int n = 0; n < N; ++n) {
      lane_explicit_in_place<T, R>(step_view(explicit_half), u, lane);
      lane_solve(f, rf, u, lane);
      if (American) lane_exercise(u, pay);
    }
    return;
  }
  if (!CN) {
    for (int n = 0; n < N; ++n) {
      lane_solve(f, rf, u, lane);
      if (American) lane_exercise(u, pay);
    }
    return;
  }
  ping_pong_steps<American>(N, pay, u, [&](const T(&in)[R], T(&out)[R]) {
    lane_explicit<T, R>(step_view(explicit_half), in, out, lane);
    lane_solve(f, rf, out, lane);
  });
}

// Blocks a multiprocessor the warp kernel is compiled for. The explicit float scheme at R = 20 and 24 took 168
// registers a thread, three blocks a multiprocessor: 2048 options (512 blocks) ran in 1.29 waves on 132
// multiprocessors, and at R = 20 some runs took 1.25x others (H100, 513 nodes: 2.25 or 2.76 ms). Held to 128
// registers (four blocks, one wave) it ran 1.09-1.34x faster at R = 20 and 1.21x at R = 24, every run alike, with 92
// and 680 bytes of spills; at R = 28 and 32 (1056 and 1360 bytes) 0.62-0.67x, so they keep their registers
// (docs/PERFORMANCE.md).
template <typename T, int R, int Scheme>
constexpr int kWarpMinBlocks = sizeof(T) == 4 && Scheme == kExplicit && (R == 20 || R == 24) ? 4 : 1;

template <typename T, int R, int Scheme>
__global__ void __launch_bounds__(kWarpsPerBlock * 32, kWarpMinBlocks<T, R, Scheme>) warp_kernel(const Bs1dCall<T> c) {
  const int lane = threadIdx.x & 31;
  const int64_t k = int64_t(blockIdx.x) * kWarpsPerBlock + (threadIdx.x >> 5);
  if (k >= c.count) return;  // whole warps leave together
  const int J = c.J, N = c.N;
  const Option<T> o = load_option(c, k);
  const T dS = grid_step(c.Smax, J);
  const int base = lane * R;
  if (Scheme == kExplicit && explicit_unstable(double(o.maturity), double(o.sigma), double(o.rate), J, N)) {
    write_failed(c, k, -1, lane, 32);
    return;
  }
  T u[R], pay[R];
  lane_start(o, base, J, dS, u, pay);
  if (Scheme == kExplicit) {
    const StepConsts<T> ks = step_consts(o.maturity, o.sigma, o.rate, N, false);
    auto run = [&](const auto& coef) {
      if (o.american)
        explicit_steps<true>(N, coef, pay, u, lane);
      else
        explicit_steps<false>(N, coef, pay, u, lane);
    };
    StoredCoeffs<T, R> coef;
    lane_coeffs(ks, base, J, false, coef.a, coef.b, coef.c);
    run(coef);
  } else {
    constexpr bool cn = Scheme == kCrankNicolson;
    const StepConsts<T> ks = step_consts(o.maturity, o.sigma, o.rate, N, cn);
    ChunkFactors<T, R> f;
    ReducedFactors<T> rf;
    int fail;
    {
      T a[R], b[R], cc[R];
      lane_coeffs(ks, base, J, true, a, b, cc);
      const int local = chunk_factor(a, b, cc, f);
      fail = local ? base + local : 0;
    }
    reduced_factor_warp(f, rf, lane, fail);
    fail = warp_first_failure(fail);
    if (fail) {
      write_failed(c, k, fail, lane, 32);
      return;
    }
    // Crank-Nicolson's explicit half (same constants: L/2).
    auto run = [&](const auto& explicit_half) {
      if (o.american)
        implicit_steps<true, cn>(N, f, rf, explicit_half, pay, u, lane);
      else
        implicit_steps<false, cn>(N, f, rf, explicit_half, pay, u, lane);
    };
    if constexpr (!cn) {
      run(PerStepCoeffs<T>{ks, base, J});  // backward Euler has no explicit half: never called
    } else if constexpr (kPerStepCrankNicolson<T, R>) {
      run(PerStepCoeffs<T>{ks, base, J});
    } else {
      StoredCoeffs<T, R> explicit_half;
      lane_coeffs(ks, base, J, false, explicit_half.a, explicit_half.b, explicit_half.c);
      run(explicit_half);
    }
  }
  // Readout (every lane takes part in the shuffles; lane 0 writes) and the grid (each lane its nodes).
  const int j = readout_node(o.S0, dS, J);
  const T w = readout_weight(o.S0, dS, j);
  const T um1 = warp_node(u, j - 1), u0 = warp_node(u, j), u1 = warp_node(u, j + 1), u2 = warp_node(u, j + 2);
  const Readout<T> r = readout(um1, u0, u1, u2, w, dS);  // every lane: the check's outcome is the warp's
  if (!readout_accepted(r, o.put, o.S0, o.K)) {
    write_failed(c, k, kInfoRejected, lane, 32);
    return;
  }
  if (lane == 0) write_readout(c, k, r);
  write_lane_grid(c, k, base, u);
}

// The explicit scheme for J + 1 <= 256 (R <= 8): half a warp per option, 16 lanes of 2 R nodes each (the same 32 R
// nodes, padding included, as the CPU's grid: the explicit product of a node does not depend on which lane holds
// it, so the bits are those of warp_kernel), two options per warp. Twice the independent nodes per lane and half
// the shuffles and boundary selects per node of the one-warp layout, which leaves the short explicit step
// latency-bound at the warps a batch of a few thousand options gives.
template <typename T>
__device__ __forceinline__ T from_below16(T v, int sub) {
  const T x = __shfl_up_sync(kFullMask, v, 1, 16);
  return sub >= 1 ? x : T(0);
}
template <typename T>
__device__ __forceinline__ T from_above16(T v, int sub) {
  const T x = __shfl_down_sync(kFullMask, v, 1, 16);
  return sub + 1 < 16 ? x : T(0);
}

template <typename T, int R2>
__device__ __forceinline__ void half_explicit(const T (&a)[R2], const T (&b)[R2], const T (&c)[R2], const T (&u)[R2],
                                              T (&out)[R2], int sub) {
  const T left = from_below16(u[R2 - 1], sub);
  const T right = from_above16(u[0], sub);
#pragma unroll
  for (int j = 0; j < R2; ++j)
    out[j] = explicit_node(a[j], b[j], c[j], j > 0 ? u[j - 1] : left, u[j], j + 1 < R2 ? u[j + 1] : right);
}

template <bool American, typename T, int R2>
__device__ __forceinline__ void half_explicit_steps(int N, const T (&a)[R2], const T (&b)[R2], const T (&c)[R2],
                                                    const T (&pay)[R2], T (&u)[R2], int sub) {
  ping_pong_steps<American>(N, pay, u, [&](const T(&in)[R2], T(&out)[R2]) { half_explicit(a, b, c, in, out, sub); });
}

template <typename T, int R2>
__global__ void __launch_bounds__(kWarpsPerBlock * 32) half_warp_explicit_kernel(const Bs1dCall<T> c) {
  const int lane = threadIdx.x & 31, sub = lane & 15, half = lane >> 4;
  const int64_t first = (int64_t(blockIdx.x) * kWarpsPerBlock + (threadIdx.x >> 5)) * 2;  // the warp's first option
  if (first >= c.count) return;                                                           // whole warps leave together
  const bool active = first + half < c.count;
  const int64_t k = active ? first + half : first;  // an idle half shadows the first option, writes nothing
  const int J = c.J, N = c.N;
  const Option<T> o = load_option(c, k);
  const T dS = grid_step(c.Smax, J);
  const int base = sub * R2;
  const bool unstable = explicit_unstable(double(o.maturity), double(o.sigma), double(o.rate), J, N);
  T u[R2], pay[R2];
  // The exercise floor: the payoff for an American option, -Inf (exercise is then the identity for every value)
  // for a European one sharing the warp with an American one.
  const T floor_off = -std::numeric_limits<T>::infinity();
#pragma unroll
  for (int j = 0; j < R2; ++j) {
    const int node = base + j;
    const T S = node_price(node, dS);
    u[j] = node <= J ? initial_value(o.put, S, o.K, dS, smooth_node(node, J, o.maturity, o.sigma)) : T(0);
    pay[j] = o.american ? (node <= J ? payoff(o.put, S, o.K) : T(0)) : floor_off;
  }
  if (!__all_sync(kFullMask, unstable || !active)) {
    const StepConsts<T> ks = step_consts(o.maturity, o.sigma, o.rate, N, false);
    T a[R2], b[R2], cc[R2];
    lane_coeffs(ks, base, J, false, a, b, cc);
    if (__any_sync(kFullMask, o.american && active))
      half_explicit_steps<true>(N, a, b, cc, pay, u, sub);
    else
      half_explicit_steps<false>(N, a, b, cc, pay, u, sub);
  }
  // Readout: every lane takes part in the shuffles (each half asks its own lanes), sub-lane 0 writes.
  const int j = readout_node(o.S0, dS, J);
  const T w = readout_weight(o.S0, dS, j);
  auto node_value = [&](int node) {
    const int owner = node / R2, idx = node - owner * R2;
    T v = T(0);
#pragma unroll
    for (int i = 0; i < R2; ++i)
      if (i == idx) v = u[i];
    return __shfl_sync(kFullMask, v, half * 16 + owner);
  };
  const T um1 = node_value(j - 1), u0 = node_value(j), u1 = node_value(j + 1), u2 = node_value(j + 2);
  if (!active) return;
  if (unstable) {
    write_failed(c, k, -1, sub, 16);
    return;
  }
  const Readout<T> r = readout(um1, u0, u1, u2, w, dS);
  if (!readout_accepted(r, o.put, o.S0, o.K)) {
    write_failed(c, k, kInfoRejected, sub, 16);
    return;
  }
  if (sub == 0) write_readout(c, k, r);
  write_lane_grid(c, k, base, u);
}

// The explicit scheme in double for 768 < J + 1 <= 1024 (R = 28, 32): two warps per option, 64 lanes of R / 2 nodes
// each (the same 32 R nodes, padding included: as for half warps, the bits of warp_kernel), the coefficients kept
// in registers. On one warp the 3 R coefficients and both step arrays did not fit a lane's registers: R = 28 kept
// them and spilled (940 bytes), R = 32 computed them at every step (H200: 1.95e12 and 4.2e11 node-steps/s, against
// 3.4e12 at R = 24). The two warps pass their boundary nodes through shared memory once a step, behind a barrier of
// their own (bar.sync with the pair's id and 64 threads); a buffer per step parity needs no second barrier (a warp
// cannot write a buffer again before the other has passed the next step's barrier, after its read).
constexpr int kPairsPerBlock = kWarpsPerBlock / 2;

__device__ __forceinline__ void pair_barrier(int pair) {
  asm volatile("bar.sync %0, 64;" ::"r"(pair + 1) : "memory");  // barrier 0 is __syncthreads'
}

template <typename T, int R2>
__device__ __forceinline__ void pair_explicit(const T (&a)[R2], const T (&b)[R2], const T (&c)[R2], const T (&u)[R2],
                                              T (&out)[R2], int lane, int half, T (&edge)[2]) {
  if (half == 0 && lane == 31) edge[0] = u[R2 - 1];  // warp 0's last node, warp 1's left neighbour
  if (half == 1 && lane == 0) edge[1] = u[0];        // warp 1's first node, warp 0's right neighbour
  const T below = __shfl_up_sync(kFullMask, u[R2 - 1], 1);
  const T above = __shfl_down_sync(kFullMask, u[0], 1);
  pair_barrier(threadIdx.x >> 6);
  const T left = lane > 0 ? below : half == 1 ? edge[0] : T(0);    // 0 before the grid's first node
  const T right = lane < 31 ? above : half == 0 ? edge[1] : T(0);  // and after its last (padding) node
#pragma unroll
  for (int j = 0; j < R2; ++j)
    out[j] = explicit_node(a[j], b[j], c[j], j > 0 ? u[j - 1] : left, u[j], j + 1 < R2 ? u[j + 1] : right);
}

template <typename T, int R2>
__global__ void __launch_bounds__(kWarpsPerBlock * 32) pair_warp_explicit_kernel(const Bs1dCall<T> c) {
  __shared__ T edges[kPairsPerBlock][2][2];  // [pair][step parity][warp 0's last node, warp 1's first node]
  __shared__ T pick[kPairsPerBlock][4];      // the readout's 4 nodes
  const int lane = threadIdx.x & 31, pair = threadIdx.x >> 6, half = (threadIdx.x >> 5) & 1;
  const int t = half * 32 + lane;  // the thread's place among its option's 64
  const int64_t k = int64_t(blockIdx.x) * kPairsPerBlock + pair;
  if (k >= c.count) return;  // both warps of a pair leave together
  const int J = c.J, N = c.N;
  const Option<T> o = load_option(c, k);
  const T dS = grid_step(c.Smax, J);
  const int base = t * R2;
  if (explicit_unstable(double(o.maturity), double(o.sigma), double(o.rate), J, N)) {
    write_failed(c, k, -1, t, 64);
    return;
  }
  T u[R2], pay[R2];
  lane_start(o, base, J, dS, u, pay);
  {
    const StepConsts<T> ks = step_consts(o.maturity, o.sigma, o.rate, N, false);
    T a[R2], b[R2], cc[R2];
    lane_coeffs(ks, base, J, false, a, b, cc);
    int s = 0;  // the step, for the boundary buffer's parity
    auto step = [&](const T(&in)[R2], T(&out)[R2]) {
      pair_explicit(a, b, cc, in, out, lane, half, edges[pair][s++ & 1]);
    };
    if (o.american)
      ping_pong_steps<true>(N, pay, u, step);
    else
      ping_pong_steps<false>(N, pay, u, step);
  }
  // Readout: the owners of nodes j - 1 .. j + 2 put them in `pick`; both warps read the same values.
  const int j = readout_node(o.S0, dS, J);
#pragma unroll
  for (int jj = 0; jj < R2; ++jj)
    if (base + jj >= j - 1 && base + jj <= j + 2) pick[pair][base + jj - (j - 1)] = u[jj];
  pair_barrier(pair);
  const Readout<T> r =
      readout(pick[pair][0], pick[pair][1], pick[pair][2], pick[pair][3], readout_weight(o.S0, dS, j), dS);
  if (!readout_accepted(r, o.put, o.S0, o.K)) {
    write_failed(c, k, kInfoRejected, t, 64);
    return;
  }
  if (t == 0) write_readout(c, k, r);
  write_lane_grid(c, k, base, u);
}

template <typename T, int R>
void launch_warp(const Bs1dCall<T>& call, cudaStream_t stream) {
  const unsigned blocks = unsigned((int64_t(call.count) + kWarpsPerBlock - 1) / kWarpsPerBlock);
  switch (call.scheme) {
    case kExplicit:
      // J + 1 <= 256 (320 in float): half a warp per option (H100, 2048 x 256 float: 3.8 ms vs 4.3; H200, float 257
      // nodes on a whole warp: 4.35e12 node-steps/s against 6.70e12 at 256 on half warps). Doubles of R = 10 on half
      // warps would hold 6 x 20 values a lane.
      if constexpr (R <= 8 || (sizeof(T) == 4 && R <= 10)) {
        const unsigned half_blocks = unsigned((int64_t(call.count) + 2 * kWarpsPerBlock - 1) / (2 * kWarpsPerBlock));
        half_warp_explicit_kernel<T, 2 * R><<<half_blocks, kWarpsPerBlock * 32, 0, stream>>>(call);
      } else if constexpr (sizeof(T) == 8 && R >= 28) {
        const unsigned pair_blocks = unsigned((int64_t(call.count) + kPairsPerBlock - 1) / kPairsPerBlock);
        pair_warp_explicit_kernel<T, R / 2><<<pair_blocks, kWarpsPerBlock * 32, 0, stream>>>(call);
      } else {
        warp_kernel<T, R, kExplicit><<<blocks, kWarpsPerBlock * 32, 0, stream>>>(call);
      }
      break;
    case kImplicit:
      warp_kernel<T, R, kImplicit><<<blocks, kWarpsPerBlock * 32, 0, stream>>>(call);
      break;
    default:
      warp_kernel<T, R, kCrankNicolson><<<blocks, kWarpsPerBlock * 32, 0, stream>>>(call);
      break;
  }
}

}  // namespace

template <typename T>
gpurngStatus_t run_bs1d(const Bs1dCall<T>& call, DeviceScratch& scratch, void* stream_ptr) {
  cudaStream_t stream = static_cast<cudaStream_t>(stream_ptr);
  const int m = call.J + 1;
  cudaGetLastError();  // a stale error of earlier work is not this call's
  if (m <= kRegisterNodes) {
    with_hybrid_rows(m, [&](auto rows) { launch_warp<T, decltype(rows)::value>(call, stream); });
  } else if (segments_take(call)) {
    return run_segments_bs1d(call, stream);
  } else {
    return run_long_bs1d(call, scratch, stream);
  }
  return cudaGetLastError() == cudaSuccess ? GPURNG_STATUS_SUCCESS : GPURNG_STATUS_LAUNCH_FAILURE;
}

template gpurngStatus_t run_bs1d<float>(const Bs1dCall<float>&, DeviceScratch&, void*);
template gpurngStatus_t run_bs1d<double>(const Bs1dCall<double>&, DeviceScratch&, void*);

}  // namespace cuda
}  // namespace pde
}  // namespace gpurng
