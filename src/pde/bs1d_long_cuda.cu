// SPDX-License-Identifier: BSD-3-Clause
// The GPU's Black-Scholes PDE past 1024 nodes: hybrid_system.hpp's long hybrid for a constant matrix, one block per
// option and one thread per chunk of R nodes (R = long_rows_per_chunk(J + 1, false), P = hybrid_chunk_count(J + 1,
// false) chunks, the grid padded to R P nodes with identity rows that hold 0). The operations are the GPURNG_HD text
// the CPU runs on lane vectors (bs1d_cpu_kernels.inc's long_group), so the bits are the CPU's:
//   factor, once:  each thread eliminates its chunk (chunk_factor) and keeps the factors; the block runs the reduced
//                  system's PCR over the 2P end rows (block_pcr), recording each step's matrix part (A, C, r).
//   each step:     Crank-Nicolson's explicit half (the chunk's neighbours through a halo of first and last nodes),
//                  chunk_apply, the reduced PCR's right-hand-side part (one block-wide step per distance), chunk_back,
//                  the exercise floor. Coefficients and payoffs are computed where they are used. The pass over
//                  the chunks after the reduced PCR ends one step and begins the next (but for Crank-Nicolson in
//                  double), so a streamed grid is read and written once a step.
// Two shapes, one kernel text:
//   resident  (the factors fit one block's shared memory: up to 8192 float or 4096 double nodes on an H100): the
//             chunk in the thread's registers and everything else in shared memory for the whole time loop, so a
//             step touches no global memory at all. Small grids put several options side by side in a block
//             (resident_groups), each group of P threads with its own arrays.
//   streamed  (larger grids): the grid in the solver's scratch, a slice per option, each thread walking several
//             chunks; options run in waves of a few blocks per multiprocessor to bound the scratch. Of the factors
//             only the back substitution's alpha_j and gamma_j are kept (2 words a node): the forward sweep's are
//             made again where each step's chunk_apply needs them (chunk_apply_refactoring), and the reduced system
//             is solved whole every step from its rows (block_pcr, whose right-hand-side operations are the
//             recorded factors' pcr_apply), instead of reading 3 words a node and 3 a reduced row a PCR step that
//             no cache holds. The same operations, so the same bits. H100, 2048 options: doubles of 5000-65536
//             nodes 1.04-2.1x, floats past 65536 nodes 1.65-1.71x the stored factors; doubles of 4097-4500 nodes
//             (one chunk a thread, the step's divisions setting the pace) 0.84-0.93x (docs/PERFORMANCE.md).
// The explicit scheme runs in the same blocks (no factors: the halo exchange and the explicit product only).
// Implicit and Crank-Nicolson grids up to 12288 nodes (4096 in double; floats to 65536 on clusters) run instead on
// bs1d_segments_cuda.cu's blocks of a warp a segment with the factors in registers (the same operations, faster
// there), except implicit doubles of 32-node chunks.
#include <cuda_runtime.h>

#include <algorithm>
#include <type_traits>

#include "../solvers/block_pcr.cuh"
#include "../solvers/cuda_launch.cuh"
#include "../solvers/hybrid_system.hpp"
#include "../solvers/tridiag_cuda.hpp"
#include "bs1d_cuda_common.cuh"
#include "bs1d_long_cuda.hpp"
#include "bs1d_scheme.hpp"

namespace gpurng {
namespace pde {
namespace cuda {

using namespace gpurng::solvers;
using gpurng::solvers::cuda::align256;
using gpurng::solvers::cuda::allow_shared;
using gpurng::solvers::cuda::block_first_failure;
using gpurng::solvers::cuda::block_pcr;
using gpurng::solvers::cuda::launched;
using gpurng::solvers::cuda::max_shared_per_block;

namespace {

// Fields of ChunkFactors kept: resident, inv, a, gf, alpha, gamma; streamed, alpha and gamma (fields 0 and 1).
__host__ __device__ constexpr int kept_factor_fields(bool streamed) { return streamed ? 2 : 5; }
// Threads a block (chunks a resident block holds, chunks a streamed block works on at once). The resident chunk and
// Crank-Nicolson's right-hand side take about 2 R registers a thread in float, twice that in double.
constexpr int kBlockThreads = 256;
// (Capping the registers at 128 a thread for more resident blocks a multiprocessor, H200: implicit float 1025 nodes
// 0.72 -> 0.64 ms, but 8192 nodes 9.2 -> 17.5 ms and Crank-Nicolson 2-3x slower from spills; not taken.)

// One option's working arrays, in shared memory (resident) or in the option's slice of the scratch (streamed).
// `slots` >= P chunk places (resident: P; streamed: a multiple of the block's threads).
template <typename T>
struct LongArrays {
  PcrStepFactor<T>* reduced;  // resident: step s, reduced row i at s * n + i
  PcrRow<T>* orig;            // streamed: the reduced system's rows as the chunks' factoring left them (D unused)
  T* factors;                 // field q, row j, chunk p at (q * R + j) * slots + p
  PcrRow<T>* rows;            // 2 n rows while factoring (the rows, then PCR's room) ...
  T* D;                       // ... then, resident, in the same place, the reduced right-hand side and its room (2 n);
                              // streamed, the rows stay: each step's reduced system and its room
  T* halo;                    // 2 buffers of 2 x slots: the first and the last node of every chunk
  T* pick;                    // the readout's 4 nodes
  T* grid;                    // streamed: node j of chunk p at j * slots + p
  int slots;
};

// The place shared by the factoring's rows (6 n) and the steps' D and halo (resident: 2 n + 4 slots; streamed, the
// rows and the halo: 6 n + 4 slots), in units of T.
__host__ __device__ inline size_t long_region(int slots, int n, bool streamed) {
  const size_t rows = size_t(6) * n, steps = size_t(streamed ? 6 : 2) * n + size_t(4) * slots;
  return rows > steps ? rows : steps;
}

// Size of LongArrays in units of T; carve() lays them out in the same order.
__host__ __device__ size_t long_words(int R, int slots, int n, bool implicit, bool streamed) {
  size_t w = 4;  // pick
  if (implicit) {
    const size_t region = long_region(slots, n, streamed);
    const size_t reduced = streamed ? size_t(3) * n : size_t(pcr_step_count(n)) * n * 3;
    w += reduced + size_t(kept_factor_fields(streamed)) * R * slots + region;
  } else {
    w += size_t(4) * slots;
  }
  if (streamed) w += size_t(R) * slots;
  return w;
}

template <typename T, int R>
__device__ LongArrays<T> carve(unsigned char* base, int slots, int n, bool implicit, bool streamed) {
  T* p = reinterpret_cast<T*>(base);
  LongArrays<T> w;
  w.slots = slots;
  w.reduced = nullptr;
  w.orig = nullptr;
  w.factors = nullptr;
  w.rows = nullptr;
  w.D = nullptr;
  if (implicit) {
    if (streamed) {
      w.orig = reinterpret_cast<PcrRow<T>*>(p);
      p += size_t(3) * n;
    } else {
      w.reduced = reinterpret_cast<PcrStepFactor<T>*>(p);
      p += size_t(pcr_step_count(n)) * n * 3;
    }
    w.factors = p;
    p += size_t(kept_factor_fields(streamed)) * R * slots;
    w.rows = reinterpret_cast<PcrRow<T>*>(p);
    w.D = p;
    w.halo = p + (streamed ? 6 : 2) * n;
    p += long_region(slots, n, streamed);
  } else {
    w.halo = p;
    p += size_t(4) * slots;
  }
  w.pick = p;
  p += 4;
  w.grid = streamed ? p : nullptr;
  return w;
}

// ChunkFactors' per-row members read from LongArrays::factors (chunk_apply and chunk_back take either).
template <typename T>
struct StridedRows {
  const T* p;
  int stride;
  __device__ T operator[](int j) const { return p[j * stride]; }
};
template <typename T>
struct FactorView {
  StridedRows<T> inv, a, gf, alpha, gamma;
  T c0;
};

// Streamed: the kept alpha_j and gamma_j (chunk_back's members), and alpha_1 (chunk_apply_refactoring's).
template <typename T>
struct BackView {
  StridedRows<T> alpha, gamma;
};
template <int R, typename T>
__device__ __forceinline__ BackView<T> back_factors_of(const LongArrays<T>& w, int p) {
  const int s = w.slots;
  const T* f = w.factors + p;
  return BackView<T>{{f, s}, {f + R * s, s}};
}

template <int R, typename T>
__device__ __forceinline__ FactorView<T> factors_of(const LongArrays<T>& w, int p, T c0) {
  const int s = w.slots;
  const T* f = w.factors + p;
  return FactorView<T>{{f, s}, {f + R * s, s}, {f + 2 * R * s, s}, {f + 3 * R * s, s}, {f + 4 * R * s, s}, c0};
}

// opaque() where the hoisted values spill (double), x itself where they fit in registers and recomputing them every
// step costs more (float, H200: Crank-Nicolson 1.22 -> 1.41 ms at 1025 nodes with opaque, double 4.06 -> 1.78 ms).
template <typename T, typename X>
__device__ __forceinline__ X per_step(X x) {
  if constexpr (sizeof(T) == 8)
    return opaque(x);
  else
    return x;
}

// Node `node`'s coefficients of I + L (explicit) or I - L (implicit); padding rows identity.
template <typename T>
__device__ __forceinline__ Coeffs<T> coeffs_at(const StepConsts<T>& k, int node, int J, bool implicit) {
  return node <= J ? node_coeffs<T, T>(k, node, J, implicit) : padding_coeffs<T, T>();
}

// The threads pricing one option: a block holds `groups` options (resident grids of few chunks) or one; thread t
// of nt of its option's group (t < P for a resident option).
struct Group {
  int t, nt;
};

// f(p, v) for each of the thread's chunks p < P, v its R nodes: the registers u (resident: chunk p = thread) or a
// copy loaded from the scratch grid and stored back when Store (streamed).
template <bool Resident, bool Store, typename T, int R, typename F>
__device__ __forceinline__ void each_chunk(const LongArrays<T>& w, int P, Group gr, T (&u)[R], F f) {
  if constexpr (Resident) {
    if (gr.t < P) f(gr.t, u);
  } else {
    for (int p = gr.t; p < P; p += gr.nt) {
      T v[R];
      GPURNG_UNROLL
      for (int j = 0; j < R; ++j) v[j] = w.grid[size_t(j) * w.slots + p];
      f(p, v);
      if (Store) {
        GPURNG_UNROLL
        for (int j = 0; j < R; ++j) w.grid[size_t(j) * w.slots + p] = v[j];
      }
    }
  }
}

// Every chunk's first and last node into halo buffer `b` (then a barrier).
template <bool Resident, typename T, int R>
__device__ __forceinline__ void publish_halo(const LongArrays<T>& w, int P, Group gr, T (&u)[R], int b) {
  T* h = w.halo + size_t(b) * 2 * w.slots;
  each_chunk<Resident, false>(w, P, gr, u, [&](int p, T(&v)[R]) {
    h[p] = v[0];
    h[w.slots + p] = v[R - 1];
  });
  __syncthreads();
}

// The neighbours of chunk p from halo buffer `b`: the last node of chunk p - 1 and the first of chunk p + 1 (0
// outside the R P nodes, as the CPU's sweep takes them).
template <typename T>
__device__ __forceinline__ void halo_of(const LongArrays<T>& w, int P, int p, int b, T& left, T& right) {
  const T* h = w.halo + size_t(b) * 2 * w.slots;
  left = p > 0 ? h[w.slots + p - 1] : T(0);
  right = p + 1 < P ? h[p + 1] : T(0);
}

// Chunk p's factors of I - L (or I - L/2) into w.factors (streamed: alpha and gamma alone) and its reduced rows into
// w.rows (streamed: and w.orig); returns 0 or the chunk's first failure (1-based row of the grid). Out of line: the
// factoring's 300-odd values (double) would otherwise share the kernel's register budget with the time loop, which
// runs N times; this runs once.
template <typename T, int R, bool Streamed>
__device__ __noinline__ int factor_chunk(const LongArrays<T> w, const StepConsts<T> ks, int J, int p) {
  T a[R], b[R], cc[R];
  GPURNG_UNROLL
  for (int j = 0; j < R; ++j) {
    const Coeffs<T> co = coeffs_at(ks, p * R + j, J, true);
    a[j] = co.a;
    b[j] = co.b;
    cc[j] = co.c;
  }
  ChunkFactors<T, R> f;
  const int local = chunk_factor(a, b, cc, f);
  T* F = w.factors + p;
  const int s = w.slots;
  if (Streamed) {
    GPURNG_UNROLL
    for (int j = 1; j <= R - 2; ++j) {
      F[j * s] = f.alpha[j];
      F[(R + j) * s] = f.gamma[j];
    }
    w.orig[2 * p] = w.rows[2 * p] = PcrRow<T>{f.S.A, f.S.C, T(0)};
    w.orig[2 * p + 1] = w.rows[2 * p + 1] = PcrRow<T>{f.E.A, f.E.C, T(0)};
    return local ? p * R + local : 0;
  }
  GPURNG_UNROLL
  for (int j = 0; j < R; ++j) F[j * s] = f.inv[j];
  GPURNG_UNROLL
  for (int j = 2; j < R; ++j) F[(R + j) * s] = f.a[j];
  GPURNG_UNROLL
  for (int j = 1; j <= R - 3; ++j) F[(2 * R + j) * s] = f.gf[j];
  GPURNG_UNROLL
  for (int j = 1; j <= R - 2; ++j) {
    F[(3 * R + j) * s] = f.alpha[j];
    F[(4 * R + j) * s] = f.gamma[j];
  }
  w.rows[2 * p] = PcrRow<T>{f.S.A, f.S.C, T(0)};
  w.rows[2 * p + 1] = PcrRow<T>{f.E.A, f.E.C, T(0)};
  return local ? p * R + local : 0;
}

// Options a resident block may hold at most (P > 32 chunks each, at most kBlockThreads threads).
constexpr int kMaxGroups = kBlockThreads / 33;

// `group_threads` threads an option (blockDim.x / group_threads options a block, each with `group_bytes` of the
// shared memory when resident). Every group of a block runs every barrier: an option that fails (an unstable
// explicit step, a tiny pivot) goes on computing and is reported at the end, and the last block's spare groups run
// the call's last option again without writing anything.
template <typename T, int Scheme, bool Resident, int R>
__global__ void __launch_bounds__(kBlockThreads)
    long_kernel(const Bs1dCall<T> c, int64_t first_option, unsigned char* scratch, size_t scratch_per_option, int slots,
                int group_threads, size_t group_bytes) {
  extern __shared__ __align__(16) unsigned char smem_raw[];
  __shared__ int first_fail[kMaxGroups];
  constexpr bool implicit = Scheme != kExplicit, cn = Scheme == kCrankNicolson;
  const int g = int(threadIdx.x) / group_threads;
  const Group gr{int(threadIdx.x) % group_threads, group_threads};
  const int t = gr.t, NT = gr.nt;
  const int64_t mine = first_option + int64_t(blockIdx.x) * (blockDim.x / group_threads) + g;
  const bool real = mine < c.count;
  const int64_t k = real ? mine : c.count - 1;
  const int J = c.J, N = c.N, P = hybrid_chunk_count(J + 1, kGridChunksAdjacent), n = 2 * P;
  const LongArrays<T> w =
      carve<T, R>(Resident ? smem_raw + size_t(g) * group_bytes : scratch + blockIdx.x * scratch_per_option, slots, n,
                  implicit, !Resident);
  const Option<T> o = load_option(c, k);
  const T dS = grid_step(c.Smax, J);
  int failed = 0;  // the option's info code once it has failed
  if (Scheme == kExplicit && explicit_unstable(double(o.maturity), double(o.sigma), double(o.rate), J, N)) failed = -1;
  T u[R];  // resident: the thread's chunk for the whole time loop; streamed: unused
  GPURNG_UNROLL
  for (int j = 0; j < R; ++j) u[j] = T(0);
  each_chunk<Resident, true>(w, P, gr, u, [&](int p, T(&v)[R]) {
    GPURNG_UNROLL
    for (int j = 0; j < R; ++j) {
      const int node = p * R + j;
      const T S = node_price(node, dS);
      v[j] = node <= J ? initial_value(o.put, S, o.K, dS, smooth_node(node, J, o.maturity, o.sigma)) : T(0);
    }
  });
  // The exercise floor of node `node`'s value x, and of chunk p's nodes (American options only; the payoff is 0 on
  // padding nodes).
  auto floored = [&](T x, int node) {
    return exercise(x, node <= J ? payoff(o.put, node_price(node, dS), o.K) : T(0));
  };
  auto floor_chunk = [&](int p, T(&v)[R]) {
    GPURNG_UNROLL
    for (int j = 0; j < R; ++j) v[j] = floored(v[j], p * R + j);
  };

  if (Scheme == kExplicit) {
    const StepConsts<T> k0 = step_consts(o.maturity, o.sigma, o.rate, N, false);
    for (int s = 0; s < N; ++s) {
      // per_step: the coefficients computed where used in double (see Crank-Nicolson's explicit half below).
      const StepConsts<T> ks{per_step<T>(k0.hs), per_step<T>(k0.hr), per_step<T>(k0.rdt)};
      publish_halo<Resident>(w, P, gr, u, s & 1);
      each_chunk<Resident, true>(w, P, gr, u, [&](int p, T(&v)[R]) {
        T prev, right;  // in place, each node's old left neighbour carried along (as the CPU's sweep does)
        halo_of(w, P, p, s & 1, prev, right);
        const int first = per_step<T>(p * R);
        GPURNG_UNROLL
        for (int j = 0; j < R; ++j) {
          const int node = first + j;
          const T mid = v[j];
          const Coeffs<T> co = coeffs_at(ks, node, J, false);
          const T nv = explicit_node(co.a, co.b, co.c, prev, mid, j + 1 < R ? v[j + 1] : right);
          v[j] = node <= J ? nv : mid;  // padding nodes keep their 0
          prev = mid;
        }
        if (o.american) floor_chunk(p, v);
      });
    }
  } else {
    const StepConsts<T> ks = step_consts(o.maturity, o.sigma, o.rate, N, cn);
    // Factor: the chunks, then the reduced system's steps.
    int fail = 0;
    each_chunk<Resident, false>(
        w, P, gr, u, [&](int p, T(&)[R]) { fail = first_failure(fail, factor_chunk<T, R, !Resident>(w, ks, J, p)); });
    __syncthreads();
    if constexpr (Resident)
      block_pcr(w.rows, w.rows + n, n, R, fail, t, NT, [&](int step, int i, const T& A, const T& C, const T& r) {
        w.reduced[size_t(step) * n + i] = PcrStepFactor<T>{A, C, r};
      });
    else
      block_pcr(w.rows, w.rows + n, n, R, fail, t, NT, NoRecord());  // the pivot tests alone
    failed = block_first_failure(fail, &first_fail[g], t == 0);
    // The chunk's c_0 (chunk_apply's row s), computed where used.
    auto c0_of = [&](int p) { return coeffs_at(ks, p * R, J, true).c; };
    // The reduced system's right-hand side, two buffers of n: resident, D alone, solved by the recorded PCR factors;
    // streamed, the whole rows (w.orig's A and C), solved by block_pcr.
    using Rhs = std::conditional_t<Resident, T, PcrRow<T>>;
    Rhs* const rhs0 = reinterpret_cast<Rhs*>(w.D);
    Rhs* const rhs1 = rhs0 + n;
    auto d_of = [](const Rhs& e) -> T {
      if constexpr (Resident)
        return e;
      else
        return e.D;
    };
    // chunk_apply of chunk p into rows 2p and 2p + 1 of `into`.
    auto apply_chunk = [&](int p, T(&v)[R], Rhs* into) {
      if constexpr (Resident) {
        chunk_apply(factors_of<R>(w, p, c0_of(p)), v, into[2 * p], into[2 * p + 1]);
      } else {
        T DS, DE;
        chunk_apply_refactoring<T, R>([&](int j) { return coeffs_at(ks, p * R + j, J, true); },
                                      back_factors_of<R>(w, p).alpha[1], v, DS, DE);
        into[2 * p] = PcrRow<T>{w.orig[2 * p].A, w.orig[2 * p].C, DS};
        into[2 * p + 1] = PcrRow<T>{w.orig[2 * p + 1].A, w.orig[2 * p + 1].C, DE};
      }
    };
    // The reduced solve of `d` (the other buffer its room); returns where x lies.
    auto solve_reduced = [&](Rhs* d) -> Rhs* {
      Rhs* room = d == rhs0 ? rhs1 : rhs0;
      if constexpr (Resident) {
        for (int h = 1, step = 0; h < n; h *= 2, ++step) {
          const PcrStepFactor<T>* f = w.reduced + size_t(step) * n;
          for (int i = t; i < n; i += NT)
            room[i] =
                pcr_apply(f[i].A, f[i].C, f[i].r, d[i], i - h >= 0 ? d[i - h] : T(0), i + h < n ? d[i + h] : T(0));
          __syncthreads();
          Rhs* tmp = d;
          d = room;
          room = tmp;
        }
        return d;
      } else {
        int unused = 0;  // the factoring ran the same pivot tests
        return block_pcr(d, room, n, R, unused, t, NT, NoRecord());
      }
    };
    auto back_chunk = [&](int p, T(&v)[R], const Rhs* x) {
      if constexpr (Resident)
        chunk_back(factors_of<R>(w, p, c0_of(p)), v, x[2 * p], x[2 * p + 1]);
      else
        chunk_back(back_factors_of<R>(w, p), v, x[2 * p].D, x[2 * p + 1].D);
    };
    // Crank-Nicolson's explicit half of chunk p, in place (each node's old left neighbour carried along, as the CPU's
    // sweep does), from the last node of chunk p - 1 and the first of chunk p + 1. The same constants (L / 2), in
    // double passed through opaque() every step so that the compiler computes the 3 R coefficients where they are
    // used instead of hoisting them out of the time loop into registers, where they spilled (ptxas, R = 32: 572 -> 8
    // bytes of spill stores). Same bits.
    auto explicit_half = [&](int p, T(&v)[R], T prev, T right) {
      const StepConsts<T> kh{per_step<T>(ks.hs), per_step<T>(ks.hr), per_step<T>(ks.rdt)};
      const int first = per_step<T>(p * R);  // (the nodes' j and j^2 too would be hoisted otherwise)
      GPURNG_UNROLL
      for (int j = 0; j < R; ++j) {
        const T mid = v[j];
        const Coeffs<T> co = coeffs_at(kh, first + j, J, false);
        v[j] = explicit_node(co.a, co.b, co.c, prev, mid, j + 1 < R ? v[j + 1] : right);
        prev = mid;
      }
    };
    // A step's first half, a pass of its own: the explicit half (neighbours through the halo) and chunk_apply, into
    // `into`.
    auto apply_pass = [&](int s, Rhs* into) {
      if (cn) publish_halo<Resident>(w, P, gr, u, s & 1);
      each_chunk<Resident, true>(w, P, gr, u, [&](int p, T(&v)[R]) {
        if (cn) {
          T left, right;
          halo_of(w, P, p, s & 1, left, right);
          explicit_half(p, v, left, right);
        }
        apply_chunk(p, v, into);
      });
      __syncthreads();
    };
    // Node `node` once its step is done: x after the exercise floor (American options; payoff 0 on padding nodes).
    auto settled = [&](T x, int node) { return o.american ? floored(x, node) : x; };
    // Fused: the pass that ends a step (chunk_back, the exercise floor) also begins the next (the explicit half, whose
    // neighbours are the neighbouring chunks' x_e and x_s just solved, and chunk_apply into D's free half), so the
    // streamed grid is read and written once a step instead of twice. The same operations on the same values. H100,
    // 2048 options (docs/PERFORMANCE.md): with stored factors implicit double 1.02-1.23x from 4097 nodes; resident
    // Crank-Nicolson in double keeps two passes (its one pass spilled 1016 bytes at R = 32 when it was streamed with
    // stored factors, 0.70-0.93x); streamed and refactored it runs in one, 1.23-1.29x at 32768 and 65536 nodes.
    constexpr bool fused = !(cn && sizeof(T) == 8 && Resident);
    Rhs* D = rhs0;
    for (int s = 0; s < N; ++s) {
      if (!fused || s == 0) apply_pass(s, D);
      const Rhs* cur = solve_reduced(D);
      Rhs* nxt = cur == rhs0 ? rhs1 : rhs0;
      const bool next_here = fused && s + 1 < N;
      each_chunk<Resident, true>(w, P, gr, u, [&](int p, T(&v)[R]) {
        back_chunk(p, v, cur);
        if (o.american) floor_chunk(p, v);
        if (!next_here) return;
        if (cn) {
          const T left = p > 0 ? settled(d_of(cur[2 * p - 1]), p * R - 1) : T(0);
          const T right = p + 1 < P ? settled(d_of(cur[2 * p + 2]), (p + 1) * R) : T(0);
          explicit_half(p, v, left, right);
        }
        apply_chunk(p, v, nxt);
      });
      if (next_here) __syncthreads();  // the next step's reduced rows are whole
      D = nxt;  // (two passes: the next apply_pass's halo barrier follows this pass's reads of cur)
    }
  }

  // Readout: the owners of nodes j - 1 .. j + 2 put them in `pick`; every thread reads the same values, so the
  // check's outcome is the block's.
  const int jr = readout_node(o.S0, dS, J);
  each_chunk<Resident, false>(w, P, gr, u, [&](int p, T(&v)[R]) {
    GPURNG_UNROLL
    for (int j = 0; j < R; ++j) {
      const int node = p * R + j;
      if (node >= jr - 1 && node <= jr + 2) w.pick[node - (jr - 1)] = v[j];
    }
  });
  __syncthreads();
  if (!real) return;  // no barrier follows
  if (failed) {
    write_failed(c, k, failed, t, NT);
    return;
  }
  const Readout<T> r = readout(w.pick[0], w.pick[1], w.pick[2], w.pick[3], readout_weight(o.S0, dS, jr), dS);
  if (!readout_accepted(r, o.put, o.S0, o.K)) {
    write_failed(c, k, kInfoRejected, t, NT);
    return;
  }
  if (t == 0) write_readout(c, k, r);
  if (c.grid) {
    T* g = c.grid + k * int64_t(J + 1);
    each_chunk<Resident, false>(w, P, gr, u, [&](int p, T(&v)[R]) {
      GPURNG_UNROLL
      for (int j = 0; j < R; ++j)
        if (p * R + j <= J) g[p * R + j] = v[j];
    });
  }
}

template <typename T>
using LongKernel = void (*)(const Bs1dCall<T>, int64_t, unsigned char*, size_t, int, int, size_t);

template <typename T, bool Resident, int R>
LongKernel<T> kernel_of(int scheme) {
  switch (scheme) {
    case kExplicit:
      return long_kernel<T, kExplicit, Resident, R>;
    case kImplicit:
      return long_kernel<T, kImplicit, Resident, R>;
    default:
      return long_kernel<T, kCrankNicolson, Resident, R>;
  }
}

template <typename T, bool Resident, int R>
void launch(const Bs1dCall<T>& call, unsigned blocks, unsigned threads, size_t smem, cudaStream_t st,
            int64_t first_option, unsigned char* scratch, size_t per_option, int slots, int group_threads,
            size_t group_bytes) {
  const LongKernel<T> kernel = kernel_of<T, Resident, R>(call.scheme);
  allow_shared(kernel, smem);
  kernel<<<blocks, threads, smem, st>>>(call, first_option, scratch, per_option, slots, group_threads, group_bytes);
}

// Options a resident block holds: the count that puts the most options on a multiprocessor (registers and shared
// memory, as the runtime's occupancy calculator sees them) in at least two blocks, whose barriers overlap one
// another's work; the fewer a block on a tie; one where no count allows two blocks. A lone option of P = 33 .. 47
// chunks left its block's second warp mostly idle but issuing (H200, 1025 nodes: 28 % of the floor).
template <typename T, int R>
int64_t resident_groups(const Bs1dCall<T>& call, int P, size_t bytes, int64_t smem_max) {
  const LongKernel<T> kernel = kernel_of<T, true, R>(call.scheme);
  const int64_t most = std::min<int64_t>(
      {int64_t(kBlockThreads / P), int64_t(kMaxGroups), call.count, (smem_max - 1024) / int64_t(bytes)});
  int64_t best = 1, best_options = 0;
  for (int64_t g = 1; g <= most; ++g) {
    const size_t smem = size_t(g) * bytes;
    allow_shared(kernel, smem);
    int blocks = 0;
    if (cudaOccupancyMaxActiveBlocksPerMultiprocessor(&blocks, kernel, int(g * P), smem) != cudaSuccess) {
      cudaGetLastError();
      break;
    }
    const int64_t options = blocks >= 2 ? g * blocks : 0;  // two blocks at least, where any count allows it
    if (options > best_options) {
      best = g;
      best_options = options;
    }
  }
  return best;
}

template <typename T, int R>
gpurngStatus_t run_long_rows(const Bs1dCall<T>& call, DeviceScratch& scratch, cudaStream_t st) {
  const int P = hybrid_chunk_count(call.J + 1, kGridChunksAdjacent), n = 2 * P;
  const bool implicit = call.scheme != kExplicit;
  // Resident: a thread per chunk, the arrays sized for the P chunks alone (less shared memory, more blocks a
  // multiprocessor), 1 KiB below the opt-in limit for the kernel's static shared ints and alignment.
  const size_t resident_bytes = (long_words(R, P, n, implicit, false) * sizeof(T) + 15) / 16 * 16;
  const int64_t smem_max = max_shared_per_block();
  if (P <= kBlockThreads && int64_t(resident_bytes) + 1024 <= smem_max) {
    // Several options a block, their threads side by side.
    const int64_t groups = resident_groups<T, R>(call, P, resident_bytes, smem_max);
    launch<T, true, R>(call, unsigned((call.count + groups - 1) / groups), unsigned(groups * P),
                       size_t(groups) * resident_bytes, st, 0, nullptr, 0, P, P, resident_bytes);
    return launched();
  }
  const int slots = (P + kBlockThreads - 1) / kBlockThreads * kBlockThreads;
  const size_t per_option = align256(long_words(R, slots, n, implicit, true) * sizeof(T));
  int dev = 0, sms = 1;
  cudaGetDevice(&dev);
  if (cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, dev) != cudaSuccess) {
    cudaGetLastError();
    sms = 1;
  }
  // A wave of four blocks per multiprocessor keeps every one busy (a block's 256 threads take at most a quarter).
  const int64_t wave = std::min<int64_t>(call.count, int64_t(4) * sms);
  const gpurngStatus_t s = solvers::cuda::reserve(scratch, per_option * size_t(wave));
  if (s != GPURNG_STATUS_SUCCESS) return s;
  auto* base = static_cast<unsigned char*>(scratch.ptr);
  for (int64_t k0 = 0; k0 < call.count; k0 += wave) {
    launch<T, false, R>(call, unsigned(std::min<int64_t>(wave, call.count - k0)), kBlockThreads, 0, st, k0, base,
                        per_option, slots, kBlockThreads, 0);
    if (launched() != GPURNG_STATUS_SUCCESS) return GPURNG_STATUS_LAUNCH_FAILURE;
  }
  return GPURNG_STATUS_SUCCESS;
}

}  // namespace

template <typename T>
gpurngStatus_t run_long_bs1d(const Bs1dCall<T>& call, DeviceScratch& scratch, cudaStream_t st) {
  return with_long_rows(call.J + 1, kGridChunksAdjacent,
                        [&](auto rows) { return run_long_rows<T, decltype(rows)::value>(call, scratch, st); });
}

template gpurngStatus_t run_long_bs1d<float>(const Bs1dCall<float>&, DeviceScratch&, cudaStream_t);
template gpurngStatus_t run_long_bs1d<double>(const Bs1dCall<double>&, DeviceScratch&, cudaStream_t);

}  // namespace cuda
}  // namespace pde
}  // namespace gpurng
