// SPDX-License-Identifier: BSD-3-Clause
// The PDE's register form past 1024 nodes (bs1d_segments_cuda.cu, bs1d_clusters_cuda.cu): the long hybrid of
// bs1d_long_cuda.cu (R = long_rows_per_chunk(J + 1, false) nodes a chunk, P = hybrid_chunk_count(J + 1, false) chunks)
// in the warp kernel's shape. Lane t of an option holds chunk t's nodes and factors in registers for the whole time
// loop, and its two reduced rows, S = row 2t and E = row 2t + 1, with their PCR step factors (in shared memory for
// float chunks of 32 nodes). The PCR steps read the neighbours k -/+ h through shared buffers, one barrier a step. An
// option's lanes are one block's (up to 12 warps), or a thread-block cluster's (up to 8 blocks of 2, 8 or 12 warps: the
// steps that reach less than a block's rows on each block alone over a halo (bs1d_segments_halo.cuh) after one cluster
// barrier, the others with the cluster's barrier and the neighbours read from the other blocks' shared memory; the
// factoring, once, cluster-wide step by step). The operations are the GPURNG_HD text of hybrid_system.hpp's
// long_hybrid_factor and long_hybrid_apply in the same order, so the bits are the CPU's and the block kernel's.
#pragma once

#include <cuda_runtime.h>

#include <climits>
#include <type_traits>

#include "../solvers/block_pcr.cuh"
#include "../solvers/cuda_launch.cuh"
#include "../solvers/hybrid_system.hpp"
#include "bs1d_cuda_common.cuh"
#include "bs1d_lane_steps.cuh"
#include "bs1d_scheme.hpp"
#include "bs1d_segments_cuda.hpp"
#include "bs1d_segments_fabric.cuh"
#include "bs1d_segments_halo.cuh"

namespace gpurng {
namespace pde {
namespace cuda {
namespace segments {

using namespace gpurng::solvers;
using gpurng::solvers::cuda::allow_shared;
using gpurng::solvers::cuda::block_first_failure;
using gpurng::solvers::cuda::block_fits;

constexpr int kMaxSegmentWarps = 8;    // one block on the unrestricted kernel
constexpr int kMaxOneBlockWarps = 12;  // held to 168 registers: one block (8193-12288 float nodes), cluster blocks

// The PCR steps of the reduced system of a grid of `warps` segments (2P rows, P between 32 (warps - 1) + 1 and 32
// warps chunks with the segment rule of long_rows_per_chunk): 7 for two segments, 8 for three or four, 9 up to eight,
// 10 up to sixteen.
constexpr int steps_of(int warps) { return warps <= 2 ? 7 : warps <= 4 ? 8 : warps <= 8 ? 9 : 10; }

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
  T* base;  // the lane's row S of step 0's A: base + 2 tl, tl the lane's thread in its block
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
// then the steps' D, two parities), n the block's rows (all 2P of the option for one block; 2 NT of each block of a
// cluster, read by the others through the Fabric). A step writes its parity's buffer, passes the barrier and reads it;
// the next write of that buffer comes after the following step's barrier, which every thread reaches only after its
// reads, so one barrier a step suffices. `phase` counts the steps across the time loop to keep the parity alternating.
template <typename T>
struct Exchange {
  T* base;
  int n;
  __device__ T* A(int parity) const { return base + size_t(parity) * 2 * n; }
  __device__ T* C(int parity) const { return base + size_t(parity) * 2 * n + n; }
  __device__ T* D(int parity) const { return base + size_t(parity) * n; }
};

// The reduced system's matrix part (long_hybrid_factor's pcr_rows): lane t's rows S and E go in, their step factors
// come out in rf; returns 0 or the lane's first failure (1-based origin of the reduced row). n: the option's 2P rows;
// tl: the lane's thread in its block.
template <typename T, int Steps, bool Shared, typename Fabric>
__device__ int segment_pcr_factor(PcrRow<T> S, PcrRow<T> E, SegmentReduced<T, Steps, Shared>& rf, const Exchange<T>& x,
                                  const Fabric& fab, int t, int tl, int n, int R) {
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
        xa[2 * tl + e] = row[e].A;
        xc[2 * tl + e] = row[e].C;
      }
    }
    fab.sync();
    if (rows) {
      GPURNG_UNROLL
      for (int e = 0; e < 2; ++e) {
        const int k = 2 * t + e;
        const T Al = k - h >= 0 ? fab.load(xa, k - h, fab.rows) : T(0);
        const T Cl = k - h >= 0 ? fab.load(xc, k - h, fab.rows) : T(0);
        const T Ar = k + h < n ? fab.load(xa, k + h, fab.rows) : T(0);
        const T Cr = k + h < n ? fab.load(xc, k + h, fab.rows) : T(0);
        PcrRow<T> next{T(0), T(0), T(0)};
        T r;
        if (!pcr_factor(row[e].A, row[e].C, Al, Cl, Ar, Cr, next.A, next.C, r))
          fail = first_failure(fail, reduced_row_origin(k, R) + 1);
        rf.set(s, e, row[e].A, row[e].C, r);
        row[e] = next;
      }
    }
  }
  fab.sync();  // the D buffers below share the factoring's place
  return fail;
}

// The right-hand-side part (long_hybrid_apply's PCR) from step `first` (0, or the cluster's first step past its
// blocks' halo steps): DS and DE become x_s and x_e of lane t's chunk.
template <typename T, int Steps, bool Shared, typename Fabric>
__device__ __forceinline__ void segment_reduced_apply(const SegmentReduced<T, Steps, Shared>& rf_kept, T& DS, T& DE,
                                                      const Exchange<T>& x, const Fabric& fab, int t, int tl, int n,
                                                      int& phase, int first) {
  const SegmentReduced<T, Steps, Shared> rf = rf_kept.step_view();
  const bool rows = 2 * t < n;
  GPURNG_UNROLL
  for (int s = 0; s < Steps; ++s) {
    if (s < first) continue;
    const int h = 1 << s;
    T* d = x.D(phase++ & 1);
    if (rows) {
      d[2 * tl] = DS;
      d[2 * tl + 1] = DE;
    }
    fab.sync();
    if (rows) {
      const int k = fab.per_step(2 * t);  // row S; E is k + 1
      const BlockDivisor& sh = fab.rows;
      const T Sl = k - h >= 0 ? fab.load(d, k - h, sh) : T(0), Sr = k + h < n ? fab.load(d, k + h, sh) : T(0);
      const T El = k + 1 - h >= 0 ? fab.load(d, k + 1 - h, sh) : T(0);
      const T Er = k + 1 + h < n ? fab.load(d, k + 1 + h, sh) : T(0);
      DS = pcr_apply(rf.A(s, 0), rf.C(s, 0), rf.rcp(s, 0), DS, Sl, Sr);
      DE = pcr_apply(rf.A(s, 1), rf.C(s, 1), rf.rcp(s, 1), DE, El, Er);
    }
  }
}

// The neighbours of lane t's chunk for an explicit product: the last node of chunk t - 1 and the first of chunk
// t + 1 (0 outside the P chunks), by shuffles inside a warp and through `edges` (this parity's: each warp's last node
// at [w], its first at [W + w], w the warp in its block of W warps) across warps; one barrier.
template <typename T, int R, typename Fabric>
__device__ __forceinline__ void chunk_neighbours(const T (&u)[R], const Fabric& fab, int t, int P, T* edges, T& left,
                                                 T& right) {
  const int lane = t & 31, warp = t >> 5, W = blockDim.x >> 5;
  const int local_warp = Fabric::kCluster ? int(threadIdx.x >> 5) : warp;
  if (lane == 31) edges[local_warp] = u[R - 1];
  if (lane == 0) edges[W + local_warp] = u[0];
  const T below = __shfl_up_sync(kFullMask, u[R - 1], 1);
  const T above = __shfl_down_sync(kFullMask, u[0], 1);
  fab.sync();
  left = t == 0 ? T(0) : lane > 0 ? below : fab.load(edges, warp - 1, fab.warps);
  right = t + 1 >= P ? T(0) : lane < 31 ? above : fab.load(edges + W, warp + 1, fab.warps);
}

// The explicit product of lane t's R nodes (coef(j): node t R + j's coefficients).
template <typename T, int R, typename Coef, typename Fabric>
__device__ __forceinline__ void segment_explicit(const Coef& coef, const T (&u)[R], T (&out)[R], const Fabric& fab,
                                                 int t, int P, T* edges) {
  T left, right;
  chunk_neighbours(u, fab, t, P, edges, left, right);
  GPURNG_UNROLL
  for (int j = 0; j < R; ++j) {
    const Coeffs<T> co = coef(j);
    out[j] = explicit_node(co.a, co.b, co.c, j > 0 ? u[j - 1] : left, u[j], j + 1 < R ? u[j + 1] : right);
  }
}

// segment_explicit into u itself (the same operations on the same values).
template <typename T, int R, typename Coef, typename Fabric>
__device__ __forceinline__ void segment_explicit_in_place(const Coef& coef, T (&u)[R], const Fabric& fab, int t, int P,
                                                          T* edges) {
  T left, right;
  chunk_neighbours(u, fab, t, P, edges, left, right);
  explicit_in_place(coef, u, left, right);
}

// Crank-Nicolson works in place on u (no second step array) in double up to chunks of 28 nodes and in float from 28:
// ptxas spilled 2.5-10x fewer bytes in place (sm_90, bytes of spill loads, two arrays against in place: double R = 20,
// 24, 28: 3840 / 1292, 5512 / 2008, 7376 / 2836; float R = 28: 480 / 48, R = 32: 324 / 0), and in place ran
// 1.05-1.10x in float (2500-16384 nodes, the clusters among them) and 1.02-1.08x in double (1500-3500 nodes; the
// same unchanged kernel differed by up to 1.03x between runs there) (H100, docs/PERFORMANCE.md). Doubles of 32-node
// chunks spill more in place (6672 bytes) and keep two arrays, as do floats of 20 and 24, which do not spill.
template <typename T, int R>
constexpr bool kSegmentsCrankNicolsonInPlace = sizeof(T) == 8 ? R <= 28 : R >= 28;

// Implicit or Crank-Nicolson steps of one option a block (W warps, lane t of the block = chunk t), or a cluster of
// blocks (ClusterBlocks: lane t = chunk t across the cluster's blocks in rank order).
template <typename T, int R, int Steps, bool CN, bool Shared, typename Fabric>
__device__ __forceinline__ void segments_steps(const Bs1dCall<T>& c) {
  static_assert(Shared || !Fabric::kCluster, "a cluster's halo steps read its rows' step factors from shared memory");
  extern __shared__ __align__(16) unsigned char exchange_raw[];
  __shared__ T edges[2][2 * kMaxOneBlockWarps];  // [step parity][each warp's last node, each warp's first node]
  __shared__ T pick[4];                          // the readout's 4 nodes (rank 0's, in a cluster)
  __shared__ int first_fail;
  const Fabric fab = fabric_here<Fabric>();
  const int tl = threadIdx.x, NT = blockDim.x, t = fab.rank * NT + tl, lanes = fab.size * NT;
  const int64_t k = blockIdx.x / unsigned(fab.size);
  const int J = c.J, N = c.N, P = hybrid_chunk_count(J + 1, kGridChunksAdjacent), n = 2 * P;
  const Exchange<T> x{reinterpret_cast<T*>(exchange_raw), Fabric::kCluster ? 2 * NT : n};
  const Option<T> o = load_option(c, k);
  const T dS = grid_step(c.Smax, J);
  const int base = t * R;  // lanes t >= P hold padding nodes (0) and take part in the barriers only
  T u[R], pay[R];
  lane_start(o, base, J, dS, u, pay);
  const StepConsts<T> ks = step_consts(o.maturity, o.sigma, o.rate, N, CN);
  ChunkFactors<T, R> f;
  SegmentReduced<T, Steps, Shared> rf;
  T* const step_factors = x.base + 4 * x.n;  // the block's rows' step factors, after the exchange buffers (Shared)
  if constexpr (Shared) rf = {step_factors + 2 * tl, x.n};
  int fail;
  {
    T a[R], b[R], cc[R];
    lane_coeffs(ks, base, J, true, a, b, cc);
    const int local = chunk_factor(a, b, cc, f);
    fail = local && t < P ? base + local : 0;
  }
  fail = first_failure(
      fail, segment_pcr_factor(PcrRow<T>{f.S.A, f.S.C, T(0)}, PcrRow<T>{f.E.A, f.E.C, T(0)}, rf, x, fab, t, tl, n, R));
  // A cluster's halo steps (bs1d_segments_halo.cuh): the halo rows' factors copied and the work buffers zeroed here,
  // before the cluster barriers below (no neighbour stores its rows into them before those).
  HaloSteps<T> halo{};
  if constexpr (Fabric::kCluster) {
    T* const halo_factors = step_factors + 3 * Steps * x.n;
    halo = HaloSteps<T>{
        step_factors, halo_factors, halo_factors + halo_factor_count(x.n), x.n, halo_steps(x.n), fab.rank * x.n, n};
    halo.gather_factors(fab.rank, fab.size);
  }
  fail = block_first_failure(fail, &first_fail, tl == 0);
  if constexpr (Fabric::kCluster) {  // every block's first failure, read before any block leaves
    fab.sync();
    int all = 0;
    for (int r = 0; r < fab.size; ++r) {
      const int v = *fab.in_rank(&first_fail, r);
      all = first_failure(all, v == INT_MAX ? 0 : v);
    }
    fab.sync();
    fail = all;
  }
  if (fail) {
    write_failed(c, k, fail, t, lanes);
    return;  // the whole block (cluster): the failure is the option's
  }
  int phase = 0, edge_phase = 0;
  auto solve = [&](T(&d)[R]) {
    T DS, DE;
    chunk_apply(f, d, DS, DE);
    if constexpr (Fabric::kCluster) {
      halo.push(tl, fab.rank, fab.size, DS, DE);
      fab.sync();
      halo.run(tl, DS, DE);
    }
    segment_reduced_apply(rf, DS, DE, x, fab, t, tl, n, phase, Fabric::kCluster ? halo.b : 0);
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
    if constexpr (kSegmentsCrankNicolsonInPlace<T, R>) {
      auto steps = [&](auto american) {
        for (int s = 0; s < N; ++s) {
          segment_explicit_in_place<T, R>(step_view(half), u, fab, t, P, edges[edge_phase++ & 1]);
          solve(u);
          if (decltype(american)::value) lane_exercise(u, pay);
        }
      };
      if (o.american)
        steps(std::true_type());
      else
        steps(std::false_type());
    } else {
      auto step = [&](const T(&in)[R], T(&out)[R]) {
        segment_explicit<T, R>(step_view(half), in, out, fab, t, P, edges[edge_phase++ & 1]);
        solve(out);
      };
      if (o.american)
        ping_pong_steps<true>(N, pay, u, step);
      else
        ping_pong_steps<false>(N, pay, u, step);
    }
  }
  // Readout: the owners of nodes j - 1 .. j + 2 put them in `pick` (rank 0's); every thread reads the same values.
  const int jr = readout_node(o.S0, dS, J);
  T* const pick0 = fab.in_rank(pick, 0);
  GPURNG_UNROLL
  for (int j = 0; j < R; ++j)
    if (base + j >= jr - 1 && base + j <= jr + 2) pick0[base + j - (jr - 1)] = u[j];
  fab.sync();
  const Readout<T> r = readout(pick0[0], pick0[1], pick0[2], pick0[3], readout_weight(o.S0, dS, jr), dS);
  if constexpr (Fabric::kCluster) fab.sync();  // rank 0 stays until every block has read its pick
  if (!readout_accepted(r, o.put, o.S0, o.K)) {
    write_failed(c, k, kInfoRejected, t, lanes);
    return;
  }
  if (t == 0) write_readout(c, k, r);
  write_lane_grid(c, k, base, u);
}

// Whether the device code of a fabric's kernels is compiled for the architecture at hand: cluster kernels only from
// sm_90 (their launcher never launches them below it; compiling them for sm_80 cost CI build time).
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ < 900
template <typename Fabric>
constexpr bool kFabricCompiled = !Fabric::kCluster;
#else
template <typename Fabric>
constexpr bool kFabricCompiled = true;
#endif

template <typename T, int R, int Steps, bool CN, bool Shared, typename Fabric>
__global__ void __launch_bounds__(kMaxSegmentWarps * 32) segments_kernel(const Bs1dCall<T> c) {
  if constexpr (kFabricCompiled<Fabric>) segments_steps<T, R, Steps, CN, Shared, Fabric>(c);
}

// The same steps held to 168 registers. A multiprocessor's four schedulers hold 16384 registers each and a block's
// warps are dealt among them, so past 168 registers a thread (these kernels take 238-255) a scheduler holds two warps:
// one block of 5 to 8 warps a multiprocessor, none of 9. At 168 a scheduler holds three: two blocks of 5 or 6 warps
// (float chunks of 28 and 32 nodes, 4097-6144 nodes), two of 3 for Crank-Nicolson (chunks of 28 and 32, 2305-3072
// nodes) and one of 9 to 12 (8193-12288 nodes, whose grids otherwise left the registers for the block kernel or a
// cluster). ptxas spills 450-1000 bytes a thread there, and still (H100, docs/PERFORMANCE.md): 5 and 6 warps implicit
// 1.29-1.37x, Crank-Nicolson 1.44-1.45x; 3 warps Crank-Nicolson 1.39-1.45x (implicit 0.96-1.08x, not taken); 9 warps
// 3.8-4.2x and 2.5-2.7x the block kernel, 10 to 12 warps 3.8-4.2x and 3.0-3.6x the cluster. Blocks of 2 and 4 warps
// ran 0.69-0.88x implicit, 0.97-1.02x Crank-Nicolson, and stay. Clusters' blocks of 2 warps (seven of them, 12289-14336
// nodes) and of 12 (past 16384 nodes) run it too (bs1d_segments_cuda.cu's segment_shape).
template <typename T, int R, int Steps, bool CN, bool Shared, typename Fabric>
__global__ void __maxnreg__(168) segments_kernel_168_registers(const Bs1dCall<T> c) {
  if constexpr (kFabricCompiled<Fabric>) segments_steps<T, R, Steps, CN, Shared, Fabric>(c);
}

// Whether one block of `warps` warps takes the kernel held to 168 registers (float chunks of 28 and 32 nodes: the
// launcher compiles it for those only).
constexpr bool held_to_168_registers(int warps, bool crank_nicolson) {
  return warps == 5 || warps == 6 || warps > kMaxSegmentWarps || (crank_nicolson && warps == 3);
}

// Where the reduced rows' step factors live: in registers, but for float chunks of 32 nodes, whose registers held
// them with spills (80-400 bytes) and ran 0.87-1.16x the shared form (H100, 2048 .. 4096 nodes).
template <typename T, int R>
constexpr bool kSharedReduced = sizeof(T) == 4 && R == 32;

// Implicit doubles of 32-node chunks (2048 and 4096 nodes) spill 2.5 KB a thread here and stay on the block kernel
// (H100: 0.77-0.78x of it).
template <typename T, int R>
constexpr bool kImplicitOnBlocks = sizeof(T) == 8 && R == 32;

template <typename T, int R, int Steps, bool CN, typename Fabric>
struct SegmentsLaunch {
  static constexpr bool shared = kSharedReduced<T, R>;
  const Bs1dCall<T>& call;
  Shape shape;
  int rows() const {
    return Fabric::kCluster ? 64 * shape.warps : 2 * hybrid_chunk_count(call.J + 1, kGridChunksAdjacent);
  }
  size_t smem() const {
    const size_t halo = Fabric::kCluster ? size_t(halo_factor_count(rows())) + halo_work_count(rows()) : 0;
    return (size_t(4) * rows() + (shared ? size_t(3) * Steps * rows() : 0) + halo) * sizeof(T);
  }
  // A function, not a static member (whose initializer would be instantiated with the class): one block of 9 to 12
  // warps compiles no kernel it cannot run.
  static constexpr auto kernel() { return segments_kernel<T, R, Steps, CN, shared, Fabric>; }
  // The one-block float chunks of 28 and 32 nodes whose step count admits a held shape (Steps 8: 3 or 4 warps,
  // 9: 5 to 8, 10: 9 to 12) compile the kernel held to 168 registers; Steps 10 on one block runs on nothing else.
  static constexpr bool kMayHold = !Fabric::kCluster && sizeof(T) == 4 && R >= 28 && (Steps >= 9 || (Steps == 8 && CN));
  static_assert(Fabric::kCluster || Steps < 10 || kMayHold,
                "one block of 9 to 12 warps: float chunks of 28 or 32 nodes");
  cudaLaunchAttribute cluster_attr() const {
    cudaLaunchAttribute a{};
    a.id = cudaLaunchAttributeClusterDimension;
    a.val.clusterDim.x = unsigned(shape.blocks);
    a.val.clusterDim.y = 1;
    a.val.clusterDim.z = 1;
    return a;
  }
  cudaLaunchConfig_t config(cudaLaunchAttribute* attr, cudaStream_t stream) const {
    cudaLaunchConfig_t cfg{};
    cfg.gridDim = dim3(unsigned(call.count * shape.blocks));
    cfg.blockDim = dim3(unsigned(32 * shape.warps));
    cfg.dynamicSmemBytes = smem();
    cfg.stream = stream;
    cfg.attrs = attr;
    cfg.numAttrs = 1;
    return cfg;
  }
  // Whether a cluster of this shape fits the device at all (sm_90 and up, the blocks' registers and shared memory on
  // as many multiprocessors of one GPC), and the call's blocks a one-dimensional grid.
  bool fits() const {
    if constexpr (!Fabric::kCluster) {
      // One block of 9 to 12 warps: its reduced rows' 75-104 KB of shared memory (more than some GPUs let a block have)
      return shape.warps <= kMaxSegmentWarps || block_fits(one_block_kernel(), 32 * shape.warps, smem());
    } else {
      if (int64_t(call.count) * shape.blocks > INT_MAX) return false;
      allow_shared(cluster_kernel(), smem());
      cudaLaunchAttribute attr = cluster_attr();
      const cudaLaunchConfig_t cfg = config(&attr, nullptr);
      int clusters = 0;
      const bool ok = cudaOccupancyMaxActiveClusters(&clusters, cluster_kernel(), &cfg) == cudaSuccess && clusters > 0;
      cudaGetLastError();
      return ok;
    }
  }
  // The one-block kernel for the shape: held to 168 registers where held_to_168_registers says (one block of 9 to 12
  // warps fits no other).
  auto one_block_kernel() const {
    if constexpr (kMayHold) {
      constexpr auto held = segments_kernel_168_registers<T, R, Steps, CN, shared, Fabric>;
      if constexpr (Steps == 10)
        return held;
      else if (held_to_168_registers(shape.warps, CN))
        return held;
    }
    if constexpr (Steps < 10) return kernel();
  }
  // The cluster kernel for the shape: held to 168 registers for blocks of 2 and 12 warps (segment_shape).
  auto cluster_kernel() const {
    if (shape.warps == 2 || shape.warps > kMaxSegmentWarps)
      return segments_kernel_168_registers<T, R, Steps, CN, shared, Fabric>;
    return kernel();
  }
  void run(cudaStream_t stream) const {
    if constexpr (Fabric::kCluster) {
      allow_shared(cluster_kernel(), smem());
      cudaLaunchAttribute attr = cluster_attr();
      const cudaLaunchConfig_t cfg = config(&attr, stream);
      cudaLaunchKernelEx(&cfg, cluster_kernel(), call);
    } else {
      const auto k = one_block_kernel();
      allow_shared(k, smem());
      k<<<unsigned(call.count), unsigned(32 * shape.warps), smem(), stream>>>(call);
    }
  }
};

// The call's fit (run false: whether the device can hold a cluster of this shape) or launch (run true: queued on
// `stream`, true). One function per kernel, so that the cluster kernels can be compiled in a file of their own.
template <typename T, int R, int Steps, bool CN, typename Fabric>
bool segments_act(const Bs1dCall<T>& call, Shape shape, cudaStream_t stream, bool run) {
  const SegmentsLaunch<T, R, Steps, CN, Fabric> launch{call, shape};
  if (!run) return launch.fits();
  launch.run(stream);
  return true;
}

// segments_act of the call's scheme (false for implicit doubles of 32-node chunks, which stay on the block kernel).
template <typename T, int R, int Steps, typename Fabric>
bool act_scheme(const Bs1dCall<T>& call, Shape shape, cudaStream_t stream, bool run) {
  if (call.scheme == kCrankNicolson) return segments_act<T, R, Steps, true, Fabric>(call, shape, stream, run);
  if constexpr (kImplicitOnBlocks<T, R>)
    return false;
  else
    return segments_act<T, R, Steps, false, Fabric>(call, shape, stream, run);
}

}  // namespace segments
}  // namespace cuda
}  // namespace pde
}  // namespace gpurng
