// SPDX-License-Identifier: BSD-3-Clause
// One whole system through the hybrid Thomas/PCR algorithm or plain PCR, the chunks (GPU lanes) taken one
// after the other: the CPU backend's form of the same arithmetic the GPU kernels run in parallel. The
// reduced-system and PCR steps read every neighbour before any row changes, as the lanes of a warp do.
#pragma once

#include "thomas_pcr.hpp"

namespace gpurng {
namespace solvers {

// Keeps the smaller non-zero of the two 1-based failure rows.
GPURNG_HD int first_failure(int current, int candidate) {
  return candidate && (!current || candidate < current) ? candidate : current;
}

// pcr_rows' record argument for solves: nothing kept.
struct NoRecord {
  template <typename T>
  GPURNG_HD void operator()(int, int, const T&, const T&, const T&) const {}
};

// Records the short hybrid's reduced system (n = 64) per chunk: row k's step factors in chunk k >> 1.
template <typename T>
struct RecordReduced {
  ReducedFactors<T>* f;
  void operator()(int step, int k, const T& A, const T& C, const T& r) const {
    f[k >> 1].A[step][k & 1] = A;
    f[k >> 1].C[step][k & 1] = C;
    f[k >> 1].r[step][k & 1] = r;
  }
};

// One PCR step's matrix part for one row of a long reduced system: the row's A and C before the step and its r.
// A long system's steps are stored step-major, row k of step s at [s * n + k].
template <typename T>
struct PcrStepFactor {
  T A, C, r;
};

// PCR steps over n rows: distances 1, 2, 4, ... below n.
GPURNG_HD int pcr_step_count(int n) {
  int s = 0;
  for (int h = 1; h < n; h *= 2) ++s;
  return s;
}

// PCR over the n rows held in `rows`, with `tmp` as much scratch; steps at distances 1, 2, ... below n, rows
// outside the system identity rows. `record(step, k, A, C, r)` sees every row's matrix part of every step (NoRecord
// for a solve). `origin(k)` names row k in failure reports. Returns 0 or the first failure.
template <typename T, typename Origin, typename Record>
int pcr_rows(PcrRow<T>* rows, PcrRow<T>* tmp, int n, Origin origin, Record record) {
  int fail = 0;
  const PcrRow<T> zero{T(0), T(0), T(0)};
  for (int h = 1, step = 0; h < n; h *= 2, ++step) {
    for (int k = 0; k < n; ++k) {
      const PcrRow<T>& l = k - h >= 0 ? rows[k - h] : zero;
      const PcrRow<T>& rr = k + h < n ? rows[k + h] : zero;
      T A, C, r;
      if (!pcr_factor(rows[k].A, rows[k].C, l.A, l.C, rr.A, rr.C, A, C, r)) fail = first_failure(fail, origin(k) + 1);
      record(step, k, rows[k].A, rows[k].C, r);
      tmp[k].D = pcr_apply(rows[k].A, rows[k].C, r, rows[k].D, l.D, rr.D);
      tmp[k].A = A;
      tmp[k].C = C;
    }
    for (int k = 0; k < n; ++k) rows[k] = tmp[k];
  }
  return fail;
}

// The reduced system's right-hand-side part alone, from recorded factors.
template <typename T>
void reduced_apply(const ReducedFactors<T>* factors, T* D) {
  constexpr int n = 2 * kHybridChunks;
  T next[n];
  for (int h = 1, step = 0; h < n; h *= 2, ++step) {
    for (int k = 0; k < n; ++k) {
      const ReducedFactors<T>& f = factors[k >> 1];
      const T l = k - h >= 0 ? D[k - h] : T(0);
      const T r = k + h < n ? D[k + h] : T(0);
      next[k] = pcr_apply(f.A[step][k & 1], f.C[step][k & 1], f.r[step][k & 1], D[k], l, r);
    }
    for (int k = 0; k < n; ++k) D[k] = next[k];
  }
}

// chunk_factor of chunk p of a system given as 32 R contiguous rows.
template <typename T, int R>
int factor_chunk_of(const T* a, const T* b, const T* c, int p, ChunkFactors<T, R>& f) {
  T ca[R], cb[R], cc[R];
  for (int j = 0; j < R; ++j) {
    ca[j] = a[p * R + j];
    cb[j] = b[p * R + j];
    cc[j] = c[p * R + j];
  }
  return chunk_factor(ca, cb, cc, f);
}

// Hybrid solve of one system given as 32 R contiguous rows (a_0 = 0, the last real row's c = 0, padding rows
// identity). d holds the right-hand side and receives the solution, unless the result is non-zero (the first
// tiny pivot, 1-based), in which case d is unchanged.
template <typename T, int R>
int hybrid_solve(const T* a, const T* b, const T* c, T* d) {
  ChunkFactors<T, R> f[kHybridChunks];
  T x[kHybridChunks][R];
  PcrRow<T> rows[2 * kHybridChunks], tmp[2 * kHybridChunks];
  int fail = 0;
  for (int p = 0; p < kHybridChunks; ++p) {
    for (int j = 0; j < R; ++j) x[p][j] = d[p * R + j];
    const int local = factor_chunk_of<T, R>(a, b, c, p, f[p]);
    if (local) fail = first_failure(fail, p * R + local);
    rows[2 * p] = f[p].S;
    rows[2 * p + 1] = f[p].E;
    chunk_apply(f[p], x[p], rows[2 * p].D, rows[2 * p + 1].D);
  }
  fail = first_failure(fail,
                       pcr_rows(
                           rows, tmp, 2 * kHybridChunks, [](int k) { return reduced_row_origin(k, R); }, NoRecord()));
  if (fail) return fail;
  for (int p = 0; p < kHybridChunks; ++p) {
    chunk_back(f[p], x[p], rows[2 * p].D, rows[2 * p + 1].D);
    for (int j = 0; j < R; ++j) d[p * R + j] = x[p][j];
  }
  return 0;
}

// Hybrid solve of a long system (m > 1024) given as R P contiguous rows, P = hybrid_chunk_count(m, adjacent) chunks
// of R = long_rows_per_chunk(m, adjacent) rows, padded and cleared as for hybrid_solve; rows and tmp hold 2P reduced
// rows. This is the definition, one chunk after the other: the CPU runs it W chunks at a time on lane vectors
// (tridiag_cpu_kernels.inc's long_hybrid_lanes) and the GPU a chunk a lane (tridiag_long_cuda.cu), both checked against
// it bit for bit. The GPU cannot keep a long system's chunks in registers across the reduced solve, so it eliminates
// every chunk twice, once for the reduced rows and once more, from the same inputs, for the back substitution; here the
// first pass leaves each chunk's delta in d and the second recomputes only the matrix part. Both are the same
// operations on the same values: the same bits. Returns as hybrid_solve.
template <typename T, int R>
int long_hybrid_solve(const T* a, const T* b, const T* c, T* d, int P, PcrRow<T>* rows, PcrRow<T>* tmp) {
  int fail = 0;
  for (int p = 0; p < P; ++p) {
    ChunkFactors<T, R> f;
    const int local = factor_chunk_of<T, R>(a, b, c, p, f);
    if (local) fail = first_failure(fail, p * R + local);
    rows[2 * p] = f.S;
    rows[2 * p + 1] = f.E;
    T x[R];
    for (int j = 0; j < R; ++j) x[j] = d[p * R + j];
    chunk_apply(f, x, rows[2 * p].D, rows[2 * p + 1].D);
    for (int j = 0; j < R; ++j) d[p * R + j] = x[j];
  }
  fail = first_failure(fail, pcr_rows(
                                 rows, tmp, 2 * P, [](int k) { return reduced_row_origin(k, R); }, NoRecord()));
  if (fail) return fail;
  for (int p = 0; p < P; ++p) {
    ChunkFactors<T, R> f;
    factor_chunk_of<T, R>(a, b, c, p, f);
    T x[R];
    for (int j = 0; j < R; ++j) x[j] = d[p * R + j];
    chunk_back(f, x, rows[2 * p].D, rows[2 * p + 1].D);
    for (int j = 0; j < R; ++j) d[p * R + j] = x[j];
  }
  return 0;
}

// The long hybrid for a constant matrix (the implicit PDE past 1024 nodes): long_hybrid_solve split into its matrix
// part, made once, and its right-hand-side part, run per step; together they are the same operations on the same
// values as long_hybrid_solve, so the same bits. chunk holds P chunk factors, reduced pcr_step_count(2P) * 2P step
// factors (step-major), rows and tmp 2P rows of room. Returns 0 or the first failure, as long_hybrid_solve.
template <typename T, int R>
int long_hybrid_factor(const T* a, const T* b, const T* c, int P, ChunkFactors<T, R>* chunk, PcrStepFactor<T>* reduced,
                       PcrRow<T>* rows, PcrRow<T>* tmp) {
  const int n = 2 * P;
  int fail = 0;
  for (int p = 0; p < P; ++p) {
    const int local = factor_chunk_of<T, R>(a, b, c, p, chunk[p]);
    if (local) fail = first_failure(fail, p * R + local);
    rows[2 * p] = chunk[p].S;
    rows[2 * p + 1] = chunk[p].E;
  }
  return first_failure(fail, pcr_rows(
                                 rows, tmp, n, [](int k) { return reduced_row_origin(k, R); },
                                 [&](int step, int k, const T& A, const T& C, const T& r) {
                                   reduced[size_t(step) * n + k] = PcrStepFactor<T>{A, C, r};
                                 }));
}

// The right-hand-side part: d (R P rows) becomes the solution; D and next hold 2P values of room.
template <typename T, int R>
void long_hybrid_apply(const ChunkFactors<T, R>* chunk, const PcrStepFactor<T>* reduced, int P, T* d, T* D, T* next) {
  const int n = 2 * P;
  for (int p = 0; p < P; ++p) {
    T x[R];
    for (int j = 0; j < R; ++j) x[j] = d[p * R + j];
    chunk_apply(chunk[p], x, D[2 * p], D[2 * p + 1]);
    for (int j = 0; j < R; ++j) d[p * R + j] = x[j];
  }
  for (int h = 1, step = 0; h < n; h *= 2, ++step) {
    for (int k = 0; k < n; ++k) {
      const PcrStepFactor<T>& f = reduced[size_t(step) * n + k];
      next[k] = pcr_apply(f.A, f.C, f.r, D[k], k - h >= 0 ? D[k - h] : T(0), k + h < n ? D[k + h] : T(0));
    }
    for (int k = 0; k < n; ++k) D[k] = next[k];
  }
  for (int p = 0; p < P; ++p) {
    T x[R];
    for (int j = 0; j < R; ++j) x[j] = d[p * R + j];
    chunk_back(chunk[p], x, D[2 * p], D[2 * p + 1]);
    for (int j = 0; j < R; ++j) d[p * R + j] = x[j];
  }
}

// The constant-matrix hybrid: the factors of every chunk and of the reduced system, made once.
template <typename T, int R>
struct HybridFactors {
  ChunkFactors<T, R> chunk[kHybridChunks];
  ReducedFactors<T> reduced[kHybridChunks];
};

template <typename T, int R>
int hybrid_factor(const T* a, const T* b, const T* c, HybridFactors<T, R>& hf) {
  PcrRow<T> rows[2 * kHybridChunks], tmp[2 * kHybridChunks];
  int fail = 0;
  for (int p = 0; p < kHybridChunks; ++p) {
    const int local = factor_chunk_of<T, R>(a, b, c, p, hf.chunk[p]);
    if (local) fail = first_failure(fail, p * R + local);
    rows[2 * p] = hf.chunk[p].S;
    rows[2 * p + 1] = hf.chunk[p].E;
  }
  return first_failure(fail, pcr_rows(
                                 rows, tmp, 2 * kHybridChunks, [](int k) { return reduced_row_origin(k, R); },
                                 RecordReduced<T>{hf.reduced}));
}

template <typename T, int R>
void hybrid_apply(const HybridFactors<T, R>& hf, T* d) {
  T x[kHybridChunks][R];
  T D[2 * kHybridChunks];
  for (int p = 0; p < kHybridChunks; ++p) {
    for (int j = 0; j < R; ++j) x[p][j] = d[p * R + j];
    chunk_apply(hf.chunk[p], x[p], D[2 * p], D[2 * p + 1]);
  }
  reduced_apply(hf.reduced, D);
  for (int p = 0; p < kHybridChunks; ++p) {
    chunk_back(hf.chunk[p], x[p], D[2 * p], D[2 * p + 1]);
    for (int j = 0; j < R; ++j) d[p * R + j] = x[p][j];
  }
}

// Plain PCR over n rows (n = 32 * 2^k >= m, padding identity). As hybrid_solve for d and the result.
template <typename T>
int pcr_solve(const T* a, const T* b, const T* c, T* d, int n, PcrRow<T>* rows, PcrRow<T>* tmp) {
  int fail = 0;
  for (int i = 0; i < n; ++i)
    if (!pcr_normalise(a[i], b[i], c[i], d[i], rows[i])) fail = first_failure(fail, i + 1);
  fail = first_failure(fail, pcr_rows(
                                 rows, tmp, n, [](int k) { return k; }, NoRecord()));
  if (fail) return fail;
  for (int i = 0; i < n; ++i) d[i] = rows[i].D;
  return 0;
}

// Padded length of a PCR system: the smallest 32 * 2^k >= m.
GPURNG_HD int pcr_padded_rows(int m) {
  int n = 32;
  while (n < m) n *= 2;
  return n;
}

}  // namespace solvers
}  // namespace gpurng
