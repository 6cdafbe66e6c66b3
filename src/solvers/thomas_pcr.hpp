// SPDX-License-Identifier: BSD-3-Clause
// The hybrid Thomas/PCR algorithm (Giles, Laszlo and Appleyard): a system of up to 32 R rows is cut into
// 32 chunks of R rows (rows past m are identity rows). Each chunk is eliminated by a modified Thomas sweep
// down to its first and last unknowns x_s and x_e, every interior row becoming
//   x_j = delta_j - alpha_j x_s - gamma_j x_e;
// the two end rows of every chunk form a 64-row tridiagonal system in the order (s_0, e_0, s_1, e_1, ...),
// solved by parallel cyclic reduction (pcr.hpp); then each chunk back-substitutes. One chunk is one GPU
// lane's registers (or one CPU loop iteration), and each step is split into its matrix part (factor) and
// right-hand-side part (apply), so that a constant matrix is factored once for many right-hand sides.
//
// Chunk rows, local index j = 0 .. R-1 (row s = 0, row e = R-1):
//   forward, j = 1:        inv_1 = 1 / b_1,  alpha_1 = a_1 inv_1,  gamma_1 = c_1 inv_1,  delta_1 = d_1 inv_1
//   forward, j = 2..R-1:   inv_j = 1 / (b_j - a_j gamma_{j-1}),  alpha_j = -(a_j alpha_{j-1}) inv_j,
//                          gamma_j = c_j inv_j,  delta_j = (d_j - a_j delta_{j-1}) inv_j
//   (row j now reads alpha_j x_s + x_j + gamma_j x_{j+1} = delta_j; row e is the reduced row E:
//    A = alpha_e couples x_s, C = gamma_e couples the next chunk's x_s)
//   backward, j = R-3..1:  delta_j -= gamma_j delta_{j+1},  alpha_j -= gamma_j alpha_{j+1},
//                          gamma_j = -(gamma_j gamma_{j+1})      (row j now couples x_s and x_e)
//   row s:                 inv_0 = 1 / (b_0 - c_0 alpha_1); the reduced row S: A = a_0 inv_0 (couples the
//                          previous chunk's x_e), C = -(c_0 gamma_1) inv_0 (couples x_e),
//                          D = (d_0 - c_0 delta_1) inv_0
#pragma once

#include <type_traits>

#include "pcr.hpp"

namespace gpurng {
namespace solvers {

// Chunks per system and the reduced system's PCR steps (distances 1, 2, ..., 32 over 64 rows).
constexpr int kHybridChunks = 32;
constexpr int kReducedSteps = 6;
constexpr int kHybridMaxRows = 1024;

// The chunk sizes the hybrid is built for (m <= 1024), each at most 25 % above the one before: a system of m rows is
// padded to 32 R rows, and with only 4, 8, 16, 32 one row past a power of two doubled the work (257 rows ran as 512:
// the one-factor PDE took 1.51 ms at J = 256 against 0.84 ms at J = 255). X is applied to each size.
#define GPURNG_HYBRID_CHUNK_SIZES(X) X(4) X(5) X(6) X(7) X(8) X(10) X(12) X(14) X(16) X(20) X(24) X(28) X(32)

// Rows per chunk for a system of m rows: the smallest chunk size with 32 R >= m; 32 past m = 1024.
GPURNG_HD int hybrid_rows_per_chunk(int m) {
  int R = 32;
#define GPURNG_SMALLEST_FIT(S) \
  if (R == 32 && kHybridChunks * (S) >= m) R = (S);
  GPURNG_HYBRID_CHUNK_SIZES(GPURNG_SMALLEST_FIT)
#undef GPURNG_SMALLEST_FIT
  return R;
}

// Host code (launchers, CPU loops): f(std::integral_constant<int, R>()) for R = hybrid_rows_per_chunk(m).
template <typename F>
auto with_hybrid_rows(int m, F&& f) {
  switch (hybrid_rows_per_chunk(m)) {
#define GPURNG_CHUNK_CASE(S) \
  case S:                    \
    return f(std::integral_constant<int, S>());
    GPURNG_HYBRID_CHUNK_SIZES(GPURNG_CHUNK_CASE)
#undef GPURNG_CHUNK_CASE
  }
  return f(std::integral_constant<int, 32>());  // not reached: every size is a case
}

// The chunk sizes of a long system (m > 1024).
#define GPURNG_LONG_CHUNK_SIZES(X) X(20) X(24) X(28) X(32)

// Rows per chunk of a long system. A long system takes S segments of 32 chunks (a GPU warp's lanes), S = ceil(m /
// (32 B)), and the chunk size is the smallest long size with 32 S R >= m, so that the segments are filled (with
// chunks of 32 rows at any m, 1025 rows took two segments of which the second held one row, and ran at 0.64x the
// speed of 2048 rows). B, the segment's base chunk size, depends on where the systems lie, not on the device:
//   systems apart in memory (strided; the one-factor PDE's grids): B = 32 (from m = 7169 on, R = 32). A GPU thread
//   eliminates its chunk in registers and reads rows through its warp's buffer; 20-row chunks at any m ran at
//   0.6-0.9x (H200, floats and doubles, m = 2048 .. 65536);
//   systems side by side (adjacent: interleaved, the middle dimension of a 3-D array): B = 20 (R = 20 from m = 641,
//   which only matters past 1024). Each thread reads its own rows, 8 systems a load; in double, 32-row chunks ran
//   at 17 % of the bandwidth floor and 20-row ones at 31-34 % (H200, m = 2048 .. 16384; floats 23 % and 25 %).
// Both backends use the same rule, so a call's bits are the same on both; the same system solved in the two kinds
// of layout may differ in its last bits (as with AUTO).
constexpr int kLongBaseRowsApart = 32;
constexpr int kLongBaseRowsAdjacent = 20;

GPURNG_HD int long_rows_per_chunk(int m, bool adjacent) {
  const int base = adjacent ? kLongBaseRowsAdjacent : kLongBaseRowsApart;
  const int rows = 32 * ((m + 32 * base - 1) / (32 * base));  // 32 S
  int R = 32;
#define GPURNG_SMALLEST_LONG_FIT(S) \
  if (R == 32 && rows * (S) >= m) R = (S);
  GPURNG_LONG_CHUNK_SIZES(GPURNG_SMALLEST_LONG_FIT)
#undef GPURNG_SMALLEST_LONG_FIT
  return R;
}

// Host code: f(std::integral_constant<int, R>()) for R = long_rows_per_chunk(m, adjacent).
template <typename F>
auto with_long_rows(int m, bool adjacent, F&& f) {
  switch (long_rows_per_chunk(m, adjacent)) {
#define GPURNG_LONG_CHUNK_CASE(S) \
  case S:                         \
    return f(std::integral_constant<int, S>());
    GPURNG_LONG_CHUNK_SIZES(GPURNG_LONG_CHUNK_CASE)
#undef GPURNG_LONG_CHUNK_CASE
  }
  return f(std::integral_constant<int, 32>());  // not reached: every size is a case
}

// Chunks of a system of m rows: 32 up to m = 1024, then one chunk of R = long_rows_per_chunk(m, adjacent) rows per R
// rows (the last one padded with identity rows), so that a long system is the short one's algorithm with a longer
// reduced system: 2P rows solved by the same PCR steps, distances 1, 2, ... up to below 2P. m = 1024 is both cases
// (32 chunks of 32).
GPURNG_HD int hybrid_chunk_count(int m, bool adjacent) {
  if (m <= kHybridMaxRows) return kHybridChunks;
  const int R = long_rows_per_chunk(m, adjacent);
  return (m + R - 1) / R;
}

template <typename T, int R>
struct ChunkFactors {
  static_assert(R >= 4, "a chunk needs interior rows");
  T inv[R];    // inv_0 (row s, after the backward sweep) and the forward inv_j
  T a[R];      // a_j, j >= 2: the forward sweep's multipliers of delta_{j-1}
  T gf[R];     // the forward gamma_j, j = 1 .. R-3: the backward sweep's multipliers of delta_{j+1}
  T alpha[R];  // the final alpha_j, gamma_j, j = 1 .. R-2, for the back substitution
  T gamma[R];
  T c0;            // c_0, for row s's right-hand side
  PcrRow<T> S, E;  // the reduced rows' A and C (D unused)
};

// Records a pivot test's verdict: `row` (1-based) where `ok` is false and no earlier row failed. The CPU's lane
// vectors overload it (found by argument-dependent lookup) to keep one verdict a lane.
GPURNG_HD void note_pivot(int& fail, bool ok, int row) {
  if (!ok && !fail) fail = row;
}

// Row j's pivot in the forward sweep, b_j - a_j gamma_{j-1}, and row s's (the chunk's first row, eliminated last),
// b_0 - c_0 alpha_1 with alpha_1 final: chunk_factor's and chunk_apply_refactoring's one text of them.
template <typename T>
GPURNG_HD T forward_pivot(T a, T b, T gamma_before) {
  return fma_hd(-a, gamma_before, b);
}
template <typename T>
GPURNG_HD T first_row_pivot(T c0, T b0, T alpha1) {
  return fma_hd(-c0, alpha1, b0);
}

// Matrix part of one chunk. Rows are given with a_0 = 0 of the first chunk and c of the system's last row
// (and of padding rows) already zero. `fail` (0 on entry) receives 1 + the local row of the first tiny pivot met.
template <typename T, int R, typename Fail>
GPURNG_HD void chunk_factor_noting(const T (&a)[R], const T (&b)[R], const T (&c)[R], ChunkFactors<T, R>& f,
                                   Fail& fail) {
  T al[R], ga[R];
  note_pivot(fail, pivot_ok(b[1], b[1]), 2);
  f.inv[1] = T(1) / b[1];
  al[1] = a[1] * f.inv[1];
  ga[1] = c[1] * f.inv[1];
  GPURNG_UNROLL
  for (int j = 2; j < R; ++j) {
    const T den = forward_pivot(a[j], b[j], ga[j - 1]);
    note_pivot(fail, pivot_ok(den, b[j]), j + 1);
    f.inv[j] = T(1) / den;
    f.a[j] = a[j];
    al[j] = -(a[j] * al[j - 1]) * f.inv[j];
    ga[j] = c[j] * f.inv[j];
  }
  f.E.A = al[R - 1];
  f.E.C = ga[R - 1];
  f.E.D = T(0);
  GPURNG_UNROLL
  for (int j = 1; j <= R - 3; ++j) f.gf[j] = ga[j];
  GPURNG_UNROLL
  for (int j = R - 3; j >= 1; --j) {
    al[j] = fma_hd(-ga[j], al[j + 1], al[j]);
    ga[j] = -(ga[j] * ga[j + 1]);
  }
  GPURNG_UNROLL
  for (int j = 1; j <= R - 2; ++j) {
    f.alpha[j] = al[j];
    f.gamma[j] = ga[j];
  }
  const T den = first_row_pivot(c[0], b[0], al[1]);
  note_pivot(fail, pivot_ok(den, b[0]), 1);
  f.inv[0] = T(1) / den;
  f.c0 = c[0];
  f.S.A = a[0] * f.inv[0];
  f.S.C = -(c[0] * ga[1]) * f.inv[0];
  f.S.D = T(0);
}

// chunk_factor_noting for scalars: returns 0, or 1 + the local row of the first tiny pivot met.
template <typename T, int R>
GPURNG_HD int chunk_factor(const T (&a)[R], const T (&b)[R], const T (&c)[R], ChunkFactors<T, R>& f) {
  int fail = 0;
  chunk_factor_noting(a, b, c, f, fail);
  return fail;
}

// Right-hand-side part of one chunk: d becomes delta (interior rows) and the reduced rows' D are returned. F is
// ChunkFactors<T, R> or a view with the same members (inv, a, gf indexed by row, c0), e.g. factors kept in shared
// memory.
template <typename F, typename T, int R>
GPURNG_HD void chunk_apply(const F& f, T (&d)[R], T& DS, T& DE) {
  d[1] = d[1] * f.inv[1];
  GPURNG_UNROLL
  for (int j = 2; j < R; ++j) d[j] = fma_hd(-f.a[j], d[j - 1], d[j]) * f.inv[j];
  DE = d[R - 1];
  GPURNG_UNROLL
  for (int j = R - 3; j >= 1; --j) d[j] = fma_hd(-f.gf[j], d[j + 1], d[j]);
  DS = fma_hd(-f.c0, d[1], d[0]) * f.inv[0];
}

// chunk_apply with the forward sweep's factors made again on the way instead of read: `coef(j)` gives row j's
// coefficients (members a, b, c) as chunk_factor was given them, alpha1 is the chunk's final alpha_1
// (ChunkFactors::alpha[1]). chunk_factor's forward sweep and chunk_apply's operations in their order, so the same
// bits; for a GPU grid streamed from memory every step, where reading inv, a and gf would cost 3 words a node
// (bs1d_long_cuda.cu).
template <typename T, int R, typename Coef>
GPURNG_HD void chunk_apply_refactoring(Coef coef, T alpha1, T (&d)[R], T& DS, T& DE) {
  T ga[R];  // the forward gamma_j: gf
  {
    const auto r1 = coef(1);
    const T inv = T(1) / r1.b;
    ga[1] = r1.c * inv;
    d[1] = d[1] * inv;
  }
  GPURNG_UNROLL
  for (int j = 2; j < R; ++j) {
    const auto r = coef(j);
    const T inv = T(1) / forward_pivot(r.a, r.b, ga[j - 1]);
    ga[j] = r.c * inv;
    d[j] = fma_hd(-r.a, d[j - 1], d[j]) * inv;
  }
  DE = d[R - 1];
  GPURNG_UNROLL
  for (int j = R - 3; j >= 1; --j) d[j] = fma_hd(-ga[j], d[j + 1], d[j]);
  const auto r0 = coef(0);
  DS = fma_hd(-r0.c, d[1], d[0]) * (T(1) / first_row_pivot(r0.c, r0.b, alpha1));
}

// Back substitution once x_s and x_e are known: d (delta) becomes the chunk's solution. F as for chunk_apply
// (alpha, gamma indexed by row).
template <typename F, typename T, int R>
GPURNG_HD void chunk_back(const F& f, T (&d)[R], T xs, T xe) {
  d[0] = xs;
  d[R - 1] = xe;
  GPURNG_UNROLL
  for (int j = 1; j <= R - 2; ++j) d[j] = fma_hd(-f.gamma[j], xe, fma_hd(-f.alpha[j], xs, d[j]));
}

// The reduced system's PCR factors of one chunk's two rows (S = row 2p, E = row 2p+1), step by step: the
// coefficients before each step and its r.
template <typename T>
struct ReducedFactors {
  T A[kReducedSteps][2], C[kReducedSteps][2], r[kReducedSteps][2];
};

// Reduced-row index of a chunk's row of the 64-row system, and the global row it stands for (pivot reports).
GPURNG_HD int reduced_row_origin(int k, int R) { return (k >> 1) * R + ((k & 1) ? R - 1 : 0); }

}  // namespace solvers
}  // namespace gpurng
