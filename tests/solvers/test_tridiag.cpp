// SPDX-License-Identifier: BSD-3-Clause
// gpurng_tridiag.h against independent oracles: every layout (strided with padding, interleaved, along each
// dimension of a padded 3-D array), algorithm and precision, sizes n = 1 .. 65536 and batches 1 .. 65536; each
// system's residual, a sample of systems against a naive long-double Thomas, QuantLib's
// TridiagonalOperator::solveFor where found; the constant-matrix and factor-once variants; tiny pivots
// reported, not NaN; statuses for bad input. With a GPU the same calls also run on device memory, and each
// explicit algorithm must give the CPU's bits.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <initializer_list>
#include <string>
#include <vector>

#include "gpurng_tridiag.h"
#include "hybrid_system.hpp"  // long_hybrid_solve, the scalar definition of THOMAS_PCR past 1024 rows
#include "isa_digest.hpp"
#include "tridiag_problem.hpp"
#if GPURNG_TEST_HAVE_QUANTLIB
#include "quantlib_oracle.hpp"
#endif
#if GPURNG_TEST_HAVE_CUDA
#include <cuda_runtime.h>
#endif

using namespace gpurng_test;

namespace {

bool gpu_usable() {
#if GPURNG_TEST_HAVE_CUDA
  int n = 0;
  return cudaGetDeviceCount(&n) == cudaSuccess && n > 0;
#else
  return false;
#endif
}

enum class Op { solve, constant, factor_then_solve };

// Solver entry points by precision.
gpurngStatus_t gtsv(gpurngSolver_t s, Op op, int nd, int sd, const int* dims, const int* pads, float* a, float* b,
                    float* c, float* x, int* info) {
  switch (op) {
    case Op::solve:
      return gpurngSgtsvBatch(s, nd, sd, dims, pads, a, b, c, x, info);
    case Op::constant:
      return gpurngSgtsvConstantBatch(s, nd, sd, dims, pads, a, b, c, x, info);
    case Op::factor_then_solve: {
      const gpurngStatus_t st = gpurngSgtsvFactorBatch(s, nd, sd, dims, pads, a, b, c, info);
      return st != GPURNG_STATUS_SUCCESS ? st : gpurngSgtsvFactoredSolveBatch(s, nd, sd, dims, pads, a, b, c, x);
    }
  }
  return GPURNG_STATUS_INTERNAL_ERROR;
}
gpurngStatus_t gtsv(gpurngSolver_t s, Op op, int nd, int sd, const int* dims, const int* pads, double* a, double* b,
                    double* c, double* x, int* info) {
  switch (op) {
    case Op::solve:
      return gpurngDgtsvBatch(s, nd, sd, dims, pads, a, b, c, x, info);
    case Op::constant:
      return gpurngDgtsvConstantBatch(s, nd, sd, dims, pads, a, b, c, x, info);
    case Op::factor_then_solve: {
      const gpurngStatus_t st = gpurngDgtsvFactorBatch(s, nd, sd, dims, pads, a, b, c, info);
      return st != GPURNG_STATUS_SUCCESS ? st : gpurngDgtsvFactoredSolveBatch(s, nd, sd, dims, pads, a, b, c, x);
    }
  }
  return GPURNG_STATUS_INTERNAL_ERROR;
}

template <typename T>
struct Outcome {
  gpurngStatus_t status = GPURNG_STATUS_INTERNAL_ERROR;
  std::vector<T> x;
  std::vector<int> info;
  gpurngTridiagAlgorithm_t used = GPURNG_TRIDIAG_AUTO;
};

// Runs one call on host memory, or (device = true) on copies in device memory, and returns x and info.
// For Op::constant the coefficients passed are those of system 0 (one matrix), m each.
template <typename T>
Outcome<T> run(const TridiagProblem<T>& p, Op op, gpurngTridiagAlgorithm_t algorithm, bool device) {
  Outcome<T> out;
  gpurngSolver_t s = nullptr;
  EXPECT_EQ(gpurngCreateSolver(&s), GPURNG_STATUS_SUCCESS);
  EXPECT_EQ(gpurngSolverSetAlgorithm(s, algorithm), GPURNG_STATUS_SUCCESS);
  std::vector<T> a = p.a, b = p.b, c = p.c;
  if (op == Op::constant) {
    a = p.system(p.a, 0);
    b = p.system(p.b, 0);
    c = p.system(p.c, 0);
  }
  out.x = p.d;
  out.info.assign(op == Op::constant ? 1 : p.systems(), -7);
  const int dims[3] = {p.dims[0], p.dims[1], p.dims[2]}, pads[3] = {p.pads[0], p.pads[1], p.pads[2]};
  if (!device) {
    out.status =
        gtsv(s, op, p.ndim, p.solvedim, dims, pads, a.data(), b.data(), c.data(), out.x.data(), out.info.data());
  } else {
#if GPURNG_TEST_HAVE_CUDA
    T *da, *db, *dc, *dx;
    int* di;
    auto up = [](T** dst, const std::vector<T>& v) {
      EXPECT_EQ(cudaMalloc(dst, v.size() * sizeof(T)), cudaSuccess);
      EXPECT_EQ(cudaMemcpy(*dst, v.data(), v.size() * sizeof(T), cudaMemcpyHostToDevice), cudaSuccess);
    };
    up(&da, a);
    up(&db, b);
    up(&dc, c);
    up(&dx, out.x);
    EXPECT_EQ(cudaMalloc(&di, out.info.size() * sizeof(int)), cudaSuccess);
    EXPECT_EQ(cudaMemset(di, 0xff, out.info.size() * sizeof(int)), cudaSuccess);
    out.status = gtsv(s, op, p.ndim, p.solvedim, dims, pads, da, db, dc, dx, di);
    EXPECT_EQ(cudaDeviceSynchronize(), cudaSuccess);
    EXPECT_EQ(cudaMemcpy(out.x.data(), dx, out.x.size() * sizeof(T), cudaMemcpyDeviceToHost), cudaSuccess);
    EXPECT_EQ(cudaMemcpy(out.info.data(), di, out.info.size() * sizeof(int), cudaMemcpyDeviceToHost), cudaSuccess);
    for (void* ptr : {(void*)da, (void*)db, (void*)dc, (void*)dx, (void*)di}) cudaFree(ptr);
#endif
  }
  gpurngSolverGetLastAlgorithm(s, &out.used);
  gpurngDestroySolver(s);
  return out;
}

// Measured worst relative residuals (max |Ax - d| over the size of the terms) for these dominant systems stay
// below 4 eps; the bound leaves a factor 4. Errors against the long-double reference, relative to max |x|,
// stay below 8 eps (the matrices are well conditioned: |b| >= 1.1 (|a| + |c|)).
template <typename T>
long double residual_bound() {
  return 16.0L * std::numeric_limits<T>::epsilon();
}
template <typename T>
long double error_bound() {
  return 32.0L * std::numeric_limits<T>::epsilon();
}

template <typename T>
void check_solution(const TridiagProblem<T>& p, const Outcome<T>& r, const std::string& what) {
  ASSERT_EQ(r.status, GPURNG_STATUS_SUCCESS) << what;
  for (int v : r.info) ASSERT_EQ(v, 0) << what;
  const int64_t S = p.systems();
  long double worst = 0;
  for (int64_t k = 0; k < S; ++k) gpurng_test::keep_larger(worst, residual_of(p, r.x, k));
  EXPECT_LE(worst, residual_bound<T>()) << what;
  // A sample of systems against the naive long-double Thomas.
  for (int64_t k : {int64_t(0), S / 3, S / 2, S - 1}) {
    const auto ref = reference_of(p, k);
    const auto x = p.system(r.x, k);
    long double scale = 0, err = 0;
    for (int i = 0; i < p.m(); ++i) {
      scale = std::max(scale, std::fabs(ref[i]));
      err = std::max(err, std::fabs(ref[i] - (long double)x[i]));
    }
    EXPECT_LE(err, error_bound<T>() * scale) << what << " system " << k;
  }
  // Padding untouched (still NaN); every solved element finite.
  std::vector<char> in_system(p.size(), 0);
  for (int64_t k = 0; k < S; ++k)
    for (int i = 0; i < p.m(); ++i) in_system[p.index(k, i)] = 1;
  for (int64_t e = 0; e < p.size(); ++e) {
    if (in_system[e])
      ASSERT_TRUE(std::isfinite(r.x[e])) << what << " element " << e;
    else
      ASSERT_TRUE(same_bits(r.x[e], p.d[e])) << what << " padding element " << e << " was written";
  }
}

const char* name_of(gpurngTridiagAlgorithm_t a) {
  switch (a) {
    case GPURNG_TRIDIAG_AUTO:
      return "AUTO";
    case GPURNG_TRIDIAG_THOMAS:
      return "THOMAS";
    case GPURNG_TRIDIAG_PCR:
      return "PCR";
    case GPURNG_TRIDIAG_THOMAS_PCR:
      return "THOMAS_PCR";
  }
  return "?";
}

struct Shape {
  int ndim, solvedim;
  std::array<int, 3> dims, pads;
  std::string label;
};

// The sizes and batches in the strided (odd padding) and interleaved layouts, wherever n * batch is
// within `limit`; PCR and the hybrid only up to m = 1024.
std::vector<Shape> batch_shapes(int64_t limit, int max_m) {
  std::vector<Shape> v;
  for (int n : {1, 2, 3, 31, 32, 33, 255, 256, 1000, 4096, 65536})
    for (int batch : {1, 2, 33, 1024, 65536}) {
      if (int64_t(n) * batch > limit || n > max_m) continue;
      const std::string nb = " n=" + std::to_string(n) + " batch=" + std::to_string(batch);
      v.push_back({2, 0, {n, batch, 1}, {n + 3, batch, 1}, "strided" + nb});
      v.push_back({2, 1, {batch, n, 1}, {batch, n, 1}, "interleaved" + nb});
    }
  return v;
}

// Along each dimension of a padded 3-D array (ADI's sweeps), odd extents and paddings.
std::vector<Shape> array_shapes() {
  std::vector<Shape> v;
  for (int sd = 0; sd < 3; ++sd) {
    v.push_back({3, sd, {37, 29, 33}, {41, 31, 33}, "3-D solvedim=" + std::to_string(sd)});
    v.push_back({3, sd, {256, 9, 5}, {259, 10, 5}, "3-D 256x9x5 solvedim=" + std::to_string(sd)});
  }
  v.push_back({1, 0, {300, 1, 1}, {300, 1, 1}, "1-D n=300"});
  return v;
}

std::vector<bool> memories() {
  std::vector<bool> m = {false};
  if (gpu_usable()) m.push_back(true);
  return m;
}

template <typename T>
void solve_all(const std::vector<Shape>& shapes, std::vector<gpurngTridiagAlgorithm_t> algorithms) {
  uint64_t seed = 1;
  for (const Shape& sh : shapes) {
    const auto p = make_problem<T>(sh.ndim, sh.solvedim, sh.dims, sh.pads, seed++);
    for (auto alg : algorithms) {
      if (alg == GPURNG_TRIDIAG_PCR && p.m() > 1024) continue;
      Outcome<T> host;
      for (bool device : memories()) {
        const std::string what =
            sh.label + " " + name_of(alg) + (device ? " device" : " host") + (sizeof(T) == 4 ? " float" : " double");
        auto r = run(p, Op::solve, alg, device);
        check_solution(p, r, what);
        if (alg != GPURNG_TRIDIAG_AUTO) EXPECT_EQ(r.used, alg) << what;
        if (!device) {
          host = r;
        } else if (alg != GPURNG_TRIDIAG_AUTO) {  // one algorithm, one set of bits on every backend
          int64_t differ = 0;
          for (size_t e = 0; e < r.x.size(); ++e) differ += !same_bits(r.x[e], host.x[e]);
          EXPECT_EQ(differ, 0) << what << ": GPU and CPU bits differ";
        }
      }
    }
  }
}

const std::vector<gpurngTridiagAlgorithm_t> kAll = {GPURNG_TRIDIAG_AUTO, GPURNG_TRIDIAG_THOMAS, GPURNG_TRIDIAG_PCR,
                                                    GPURNG_TRIDIAG_THOMAS_PCR};

}  // namespace

// Thomas (and AUTO) over the whole size grid up to n x batch = 2^24; the parallel algorithms up to m = 1024 and
// 2^22 unknowns, enough for many chunk sizes of the hybrid (EveryHybridChunkSize has them all) and every padding case
// of PCR.
TEST(Tridiag, FloatBatchesThomas) {
  solve_all<float>(batch_shapes(int64_t(1) << 24, 1 << 30), {GPURNG_TRIDIAG_THOMAS, GPURNG_TRIDIAG_AUTO});
}
TEST(Tridiag, DoubleBatchesThomas) {
  solve_all<double>(batch_shapes(int64_t(1) << 24, 1 << 30), {GPURNG_TRIDIAG_THOMAS, GPURNG_TRIDIAG_AUTO});
}
TEST(Tridiag, FloatBatchesParallel) {
  solve_all<float>(batch_shapes(int64_t(1) << 22, 1024), {GPURNG_TRIDIAG_PCR, GPURNG_TRIDIAG_THOMAS_PCR});
}
TEST(Tridiag, DoubleBatchesParallel) {
  solve_all<double>(batch_shapes(int64_t(1) << 22, 1024), {GPURNG_TRIDIAG_PCR, GPURNG_TRIDIAG_THOMAS_PCR});
}
TEST(Tridiag, FloatArrays) { solve_all<float>(array_shapes(), kAll); }
TEST(Tridiag, DoubleArrays) { solve_all<double>(array_shapes(), kAll); }
TEST(Tridiag, EveryHybridChunkSize) {
  // m around each chunk-size boundary (32 R for every R of thomas_pcr.hpp): the padded identity rows and full chunks.
  std::vector<Shape> v;
  std::vector<int> ms = {4, 5};
  for (int R : {4, 5, 6, 7, 8, 10, 12, 14, 16, 20, 24, 28, 32})
    for (int m : {32 * R - 1, 32 * R, 32 * R + 1}) ms.push_back(m);
  for (int m : ms) v.push_back({2, 0, {m, 37, 1}, {m, 37, 1}, "m=" + std::to_string(m)});
  solve_all<float>(v, {GPURNG_TRIDIAG_THOMAS_PCR, GPURNG_TRIDIAG_PCR});
  solve_all<double>(v, {GPURNG_TRIDIAG_THOMAS_PCR, GPURNG_TRIDIAG_PCR});
}

// Long systems (issue 31): around the hybrid's one-warp limit (1023, 1024, 1025), the GPU's fused shape (2048,
// 4097 floats), its staged shape (4097 doubles, 9000 floats, 16384 (whose doubles' reduced solve takes exactly 48 KiB
// of shared memory), 65536, adjacent systems) and its reduced solve outside
// shared memory (160000 rows: 2 x 10000 reduced rows of 12 or 24 bytes pass the 227 KiB a block may have); strided
// with odd padding, interleaved and along the middle of a 3-D array; a batch of 1 and of 5. Each algorithm gives
// the CPU's bits on the GPU (solve_all).
std::vector<Shape> long_shapes() {
  std::vector<Shape> v;
  for (int m : {1023, 1024, 1025, 2048, 4097, 9000, 16384, 65536, 160000})
    for (int batch : {1, 5}) {
      if (m == 160000 && batch > 1) continue;
      const std::string nb = " m=" + std::to_string(m) + " batch=" + std::to_string(batch);
      v.push_back({2, 0, {m, batch, 1}, {m + 3, batch, 1}, "strided" + nb});
      v.push_back({2, 1, {batch, m, 1}, {batch, m, 1}, "interleaved" + nb});
      if (m <= 65536) v.push_back({3, 1, {3, m, batch}, {4, m, batch}, "3-D solvedim=1" + nb});
    }
  return v;
}

TEST(Tridiag, LongSystemsFloat) {
  solve_all<float>(long_shapes(), {GPURNG_TRIDIAG_AUTO, GPURNG_TRIDIAG_THOMAS, GPURNG_TRIDIAG_THOMAS_PCR});
}
TEST(Tridiag, LongSystemsDouble) {
  solve_all<double>(long_shapes(), {GPURNG_TRIDIAG_AUTO, GPURNG_TRIDIAG_THOMAS, GPURNG_TRIDIAG_THOMAS_PCR});
}

// What hybrid_system.hpp's long_hybrid_solve (the definition) leaves in system k of p solved with the matrix of
// system mk, padded to the R P rows it takes: the solution, or the right-hand side unchanged when it meets a tiny
// pivot. `info` receives its result.
template <typename T>
std::vector<T> long_definition(const TridiagProblem<T>& p, int64_t mk, int64_t k, int& info) {
  using namespace gpurng::solvers;
  // The chunk size depends on whether the systems lie side by side: the solve dimension is not the first (whose
  // stride 1 then separates the systems) and its rows are apart.
  const int64_t row_stride = p.solvedim == 0 ? 1 : p.solvedim == 1 ? p.pads[0] : int64_t(p.pads[0]) * p.pads[1];
  const bool adjacent = p.solvedim != 0 && row_stride != 1;
  const int m = p.m(), P = hybrid_chunk_count(m, adjacent), padded = long_rows_per_chunk(m, adjacent) * P;
  std::vector<T> a(padded, T(0)), b(padded, T(1)), c(padded, T(0)), d(padded, T(0));
  const auto sa = p.system(p.a, mk), sb = p.system(p.b, mk), sc = p.system(p.c, mk), sd = p.system(p.d, k);
  for (int i = 0; i < m; ++i) {
    a[i] = i > 0 ? sa[i] : T(0);
    b[i] = sb[i];
    c[i] = i < m - 1 ? sc[i] : T(0);
    d[i] = sd[i];
  }
  std::vector<PcrRow<T>> rows(2 * P), tmp(2 * P);
  info = with_long_rows(m, adjacent, [&](auto R) {
    return long_hybrid_solve<T, decltype(R)::value>(a.data(), b.data(), c.data(), d.data(), P, rows.data(), tmp.data());
  });
  if (info) return sd;
  d.resize(m);
  return d;
}

// Elements of system k of x whose bits differ from `expect`.
template <typename T>
int64_t bits_differing(const TridiagProblem<T>& p, const std::vector<T>& x, int64_t k, const std::vector<T>& expect) {
  const auto got = p.system(x, k);
  int64_t differ = 0;
  for (size_t i = 0; i < got.size(); ++i) differ += !same_bits(got[i], expect[i]);
  return differ;
}

// The CPU runs long THOMAS_PCR systems Vec<T>::W chunks at a time; hybrid_system.hpp's long_hybrid_solve is the
// algorithm one chunk after the other. Same bits and the same info, solved systems and failed ones (a zero row),
// strided with padding and interleaved, on the CPU and (where there is one) the GPU: 1025 and 1100 rows run its
// fused shape (chunks of 20 and 24 rows), 1700, 3000, 3500, 4097 and 6000 its fused shape with float blocks of 2, 3,
// 4, 5 and 6 warps held to 168 registers (chunks of 28, 32, 28, 28 and 32 rows; in double 1700 to 3500 fused,
// 4097 and 6000 staged), 30000 and 40000 its staged shape, interleaved systems its staged shape for adjacent
// systems.
template <typename T>
void long_lanes_match_definition() {
  using namespace gpurng::solvers;
  for (int m : {1025, 1100, 1700, 3000, 3500, 4097, 6000, 9000, 12288, 30000, 40000}) {
    for (int sd : {0, 1}) {
      const int batch = 5;
      auto p = sd == 0 ? make_problem<T>(2, 0, {m, batch, 1}, {m + 1, batch, 1}, 900 + m)
                       : make_problem<T>(2, 1, {batch, m, 1}, {batch, m, 1}, 900 + m);
      const int64_t zero_row_system = 3;  // a zero row: its pivots fail
      for (std::vector<T>* v : {&p.a, &p.b, &p.c}) (*v)[p.index(zero_row_system, m / 3)] = T(0);
      for (bool device : memories()) {
        const Outcome<T> r = run(p, Op::solve, GPURNG_TRIDIAG_THOMAS_PCR, device);
        for (int64_t k = 0; k < batch; ++k) {
          int info = 0;
          const std::vector<T> expect = long_definition(p, k, k, info);  // a failed system keeps its right-hand side
          const std::string what = "m=" + std::to_string(m) + " solvedim=" + std::to_string(sd) + " system " +
                                   std::to_string(k) + (sizeof(T) == 4 ? " float" : " double") +
                                   (device ? " device" : " host");
          EXPECT_EQ(r.info[k], info) << what;
          EXPECT_EQ(info != 0, k == zero_row_system) << what;
          EXPECT_EQ(bits_differing(p, r.x, k, expect), 0) << what;
        }
      }
    }
  }
}

TEST(Tridiag, LongHybridLanesGiveTheDefinitionsBits) {
  long_lanes_match_definition<float>();
  long_lanes_match_definition<double>();
}

// Long THOMAS batches run in groups of lanes, narrower past a tile of 4 MiB a thread (16 floats instead of 32 on
// AVX-512 from m = 16385); a system alone runs the row-tracking loop. Both give every system the same bits.
template <typename T>
void long_thomas_groups_match_singles(int m) {
  const int batch = 40;  // two full narrow groups of floats and a part, five full groups of doubles
  auto p = make_problem<T>(2, 0, {m, batch, 1}, {m, batch, 1}, 4242 + m);
  const Outcome<T> all = run(p, Op::solve, GPURNG_TRIDIAG_THOMAS, false);
  ASSERT_EQ(all.status, GPURNG_STATUS_SUCCESS);
  gpurngSolver_t s;
  ASSERT_EQ(gpurngCreateSolver(&s), GPURNG_STATUS_SUCCESS);
  ASSERT_EQ(gpurngSolverSetAlgorithm(s, GPURNG_TRIDIAG_THOMAS), GPURNG_STATUS_SUCCESS);
  for (int k = 0; k < batch; k += 3) {
    std::vector<T> x = p.system(p.d, k);
    const int64_t o = p.index(k, 0);
    gpurngStatus_t st;
    if constexpr (sizeof(T) == 4)
      st = gpurngSgtsvStridedBatch(s, m, p.a.data() + o, p.b.data() + o, p.c.data() + o, x.data(), 1, m, nullptr);
    else
      st = gpurngDgtsvStridedBatch(s, m, p.a.data() + o, p.b.data() + o, p.c.data() + o, x.data(), 1, m, nullptr);
    ASSERT_EQ(st, GPURNG_STATUS_SUCCESS);
    const auto batched = p.system(all.x, k);
    int differ = 0;
    for (int i = 0; i < m; ++i) differ += !same_bits(x[i], batched[i]);
    EXPECT_EQ(differ, 0) << "m=" << m << " system " << k;
  }
  gpurngDestroySolver(s);
}

// At m = 40000 x also goes out with non-temporal stores (a tile past 4 MiB a thread, floats and doubles).
TEST(Tridiag, LongThomasGroupsMatchSingles) {
  for (int m : {20000, 40000}) {
    long_thomas_groups_match_singles<float>(m);
    long_thomas_groups_match_singles<double>(m);
  }
}

// The constant-matrix form (the one-factor PDE past 1024 nodes) is long_hybrid_solve split in two, the matrix part
// made once and the right-hand-side part run per right-hand side: the solve's bits for each of two right-hand sides,
// and the solve's failure for a matrix with a zero row.
template <typename T, int R>
void long_factor_apply_is_the_solve(int m, bool adjacent) {
  using namespace gpurng::solvers;
  const int batch = 4;
  auto p = make_problem<T>(2, 0, {m, batch, 1}, {m, batch, 1}, 700 + m);
  const int zero_row_system = 3;
  for (std::vector<T>* v : {&p.a, &p.b, &p.c}) (*v)[p.index(zero_row_system, m / 2)] = T(0);
  const int P = hybrid_chunk_count(m, adjacent), n = 2 * P;
  ASSERT_EQ(long_rows_per_chunk(m, adjacent), R);
  std::vector<ChunkFactors<T, R>> chunk(P);
  std::vector<PcrStepFactor<T>> reduced(size_t(pcr_step_count(n)) * n);
  std::vector<PcrRow<T>> rows(n), tmp(n);
  std::vector<T> D(n), next(n);
  for (int k = 0; k < batch; ++k) {
    std::vector<T> a(R * P, T(0)), b(R * P, T(1)), c(R * P, T(0));
    const auto sa = p.system(p.a, k), sb = p.system(p.b, k), sc = p.system(p.c, k);
    for (int i = 0; i < m; ++i) {
      a[i] = i > 0 ? sa[i] : T(0);
      b[i] = sb[i];
      c[i] = i < m - 1 ? sc[i] : T(0);
    }
    const std::string what = "m=" + std::to_string(m) + (adjacent ? " adjacent" : "") + " system " + std::to_string(k);
    const int factored = long_hybrid_factor<T, R>(a.data(), b.data(), c.data(), P, chunk.data(), reduced.data(),
                                                  rows.data(), tmp.data());
    EXPECT_EQ(factored != 0, k == zero_row_system) << what;
    for (int rhs : {k, (k + 1) % batch}) {  // this system's right-hand side and another one
      std::vector<T> d(R * P, T(0));
      const auto sd = p.system(p.d, rhs);
      std::copy(sd.begin(), sd.end(), d.begin());
      std::vector<T> solved = d;
      const int info = long_hybrid_solve<T, R>(a.data(), b.data(), c.data(), solved.data(), P, rows.data(), tmp.data());
      EXPECT_EQ(info, factored) << what;
      if (info) continue;
      long_hybrid_apply<T, R>(chunk.data(), reduced.data(), P, d.data(), D.data(), next.data());
      int64_t differ = 0;
      for (int i = 0; i < R * P; ++i) differ += !same_bits(d[i], solved[i]);
      EXPECT_EQ(differ, 0) << what << " right-hand side " << rhs;
    }
  }
}

template <typename T>
void long_factor_apply_is_the_solve() {
  // Chunks of 20, 24, 32 and 28 rows (systems apart), 20 (side by side).
  for (bool adjacent : {false, true})
    for (int m : {1025, 1300, 3000, 4097})
      gpurng::solvers::with_long_rows(
          m, adjacent, [&](auto R) { long_factor_apply_is_the_solve<T, decltype(R)::value>(m, adjacent); });
}

TEST(Tridiag, LongFactorThenApplyIsTheSolve) {
  long_factor_apply_is_the_solve<float>();
  long_factor_apply_is_the_solve<double>();
}

// The cuSPARSE-shaped shorthands are the general call with their layouts: the same bits.
template <typename T>
void shorthands_match() {
  const int m = 100, batch = 7, stride = 103;
  auto p = make_problem<T>(2, 0, {m, batch, 1}, {stride, batch, 1}, 42);
  auto q = make_problem<T>(2, 1, {batch, m, 1}, {batch, m, 1}, 43);
  for (auto alg : kAll) {
    auto general_s = run(p, Op::solve, alg, false);
    auto general_i = run(q, Op::solve, alg, false);
    gpurngSolver_t s;
    ASSERT_EQ(gpurngCreateSolver(&s), GPURNG_STATUS_SUCCESS);
    ASSERT_EQ(gpurngSolverSetAlgorithm(s, alg), GPURNG_STATUS_SUCCESS);
    std::vector<T> xs = p.d, xi = q.d;
    if constexpr (sizeof(T) == 4) {
      ASSERT_EQ(gpurngSgtsvStridedBatch(s, m, p.a.data(), p.b.data(), p.c.data(), xs.data(), batch, stride, nullptr),
                GPURNG_STATUS_SUCCESS);
      ASSERT_EQ(gpurngSgtsvInterleavedBatch(s, m, q.a.data(), q.b.data(), q.c.data(), xi.data(), batch, nullptr),
                GPURNG_STATUS_SUCCESS);
    } else {
      ASSERT_EQ(gpurngDgtsvStridedBatch(s, m, p.a.data(), p.b.data(), p.c.data(), xs.data(), batch, stride, nullptr),
                GPURNG_STATUS_SUCCESS);
      ASSERT_EQ(gpurngDgtsvInterleavedBatch(s, m, q.a.data(), q.b.data(), q.c.data(), xi.data(), batch, nullptr),
                GPURNG_STATUS_SUCCESS);
    }
    gpurngDestroySolver(s);
    for (size_t e = 0; e < xs.size(); ++e) ASSERT_TRUE(same_bits(xs[e], general_s.x[e])) << name_of(alg);
    for (size_t e = 0; e < xi.size(); ++e) ASSERT_TRUE(same_bits(xi[e], general_i.x[e])) << name_of(alg);
  }
}
TEST(Tridiag, ShorthandsAreTheGeneralCall) {
  shorthands_match<float>();
  shorthands_match<double>();
}

// One matrix for the batch (system 0's coefficients), and factor once / solve many.
template <typename T>
void check_against_matrix_of(const TridiagProblem<T>& p, const Outcome<T>& r, bool one_matrix,
                             const std::string& what) {
  ASSERT_EQ(r.status, GPURNG_STATUS_SUCCESS) << what;
  for (int v : r.info) ASSERT_EQ(v, 0) << what;
  for (int64_t k = 0; k < p.systems(); ++k) {
    const int64_t mk = one_matrix ? 0 : k;
    auto a = p.system(p.a, mk), c = p.system(p.c, mk);
    a[0] = T(0);
    c[p.m() - 1] = T(0);
    const auto b = p.system(p.b, mk), d = p.system(p.d, k), x = p.system(r.x, k);
    EXPECT_LE(relative_residual(a, b, c, d, x), residual_bound<T>()) << what << " system " << k;
    const auto ref = naive_thomas(a, b, c, d);
    long double scale = 0, err = 0;
    for (int i = 0; i < p.m(); ++i) {
      scale = std::max(scale, std::fabs(ref[i]));
      err = std::max(err, std::fabs(ref[i] - (long double)x[i]));
    }
    ASSERT_LE(err, error_bound<T>() * scale) << what << " system " << k;
  }
}

template <typename T>
void variants() {
  std::vector<Shape> shapes = {{2, 0, {256, 300, 1}, {259, 300, 1}, "strided 256x300"},
                               {2, 1, {300, 256, 1}, {300, 256, 1}, "interleaved 256x300"},
                               {3, 1, {33, 100, 7}, {35, 101, 7}, "3-D solvedim=1"},
                               {2, 0, {1000, 20, 1}, {1000, 20, 1}, "strided 1000x20"},
                               {2, 0, {5000, 10, 1}, {5000, 10, 1}, "strided 5000x10"},
                               {2, 1, {10, 5000, 1}, {10, 5000, 1}, "interleaved 5000x10"},
                               {2, 0, {1, 10, 1}, {1, 10, 1}, "strided 1x10"}};
  uint64_t seed = 100;
  for (const Shape& sh : shapes) {
    const auto p = make_problem<T>(sh.ndim, sh.solvedim, sh.dims, sh.pads, seed++);
    for (bool device : memories()) {
      const std::string mem = device ? " device" : " host";
      for (auto alg : {GPURNG_TRIDIAG_AUTO, GPURNG_TRIDIAG_THOMAS, GPURNG_TRIDIAG_THOMAS_PCR, GPURNG_TRIDIAG_PCR}) {
        if (alg == GPURNG_TRIDIAG_PCR && p.m() > 1024) continue;
        check_against_matrix_of(p, run(p, Op::constant, alg, device), true,
                                sh.label + " constant " + name_of(alg) + mem);
      }
      check_against_matrix_of(p, run(p, Op::factor_then_solve, GPURNG_TRIDIAG_AUTO, device), false,
                              sh.label + " factored" + mem);
    }
  }
}
TEST(Tridiag, ConstantAndFactoredFloat) { variants<float>(); }
TEST(Tridiag, ConstantAndFactoredDouble) { variants<double>(); }

// A constant matrix past m = 1024 with THOMAS_PCR: every system gets, bit for bit, hybrid_system.hpp's
// long_hybrid_solve (the definition) with the one matrix, on the CPU (factors once, then each right-hand side) and
// on the GPU (where AUTO picks it: the general long kernels reading the one matrix), strided and interleaved; a
// tiny pivot in the matrix leaves every x alone and puts its row in info[0], as long_hybrid_solve reports it.
template <typename T>
void constant_long_matches_definition() {
  using namespace gpurng::solvers;
  for (int m : {1025, 4097, 30000}) {
    for (int sd : {0, 1}) {
      for (bool zero_row : {false, true}) {
        const int batch = 5;
        auto p = sd == 0 ? make_problem<T>(2, 0, {m, batch, 1}, {m + 2, batch, 1}, 700 + m)
                         : make_problem<T>(2, 1, {batch, m, 1}, {batch, m, 1}, 700 + m);
        if (zero_row)
          for (std::vector<T>* v : {&p.a, &p.b, &p.c}) (*v)[p.index(0, m / 2)] = T(0);
        for (bool device : memories()) {
          for (auto alg : {GPURNG_TRIDIAG_THOMAS_PCR, GPURNG_TRIDIAG_AUTO}) {
            if (alg == GPURNG_TRIDIAG_AUTO && !device) continue;  // AUTO is THOMAS on the CPU
            const std::string what = "m=" + std::to_string(m) + " solvedim=" + std::to_string(sd) +
                                     (zero_row ? " zero row" : "") + (sizeof(T) == 4 ? " float" : " double") +
                                     (device ? " device " : " host ") + name_of(alg);
            const Outcome<T> r = run(p, Op::constant, alg, device);
            EXPECT_EQ(r.used, GPURNG_TRIDIAG_THOMAS_PCR) << what;
            EXPECT_EQ(r.status, zero_row && !device ? GPURNG_STATUS_ZERO_PIVOT : GPURNG_STATUS_SUCCESS) << what;
            int info = 0;
            for (int64_t k = 0; k < batch; ++k) {
              const std::vector<T> expect = long_definition(p, 0, k, info);  // a tiny pivot leaves x as it was
              EXPECT_EQ(bits_differing(p, r.x, k, expect), 0) << what << " system " << k;
            }
            EXPECT_EQ(info != 0, zero_row) << what;
            EXPECT_EQ(r.info[0], info) << what;
          }
        }
      }
    }
  }
}

TEST(Tridiag, ConstantLongHybridIsTheDefinition) {
  constant_long_matches_definition<float>();
  constant_long_matches_definition<double>();
}

// The factors are LAPACK ?gttrf's without pivoting: l_i = a_i / p_{i-1}, 1/p_i, c_i.
TEST(Tridiag, FactorsAreLuFactors) {
  auto p = make_problem<double>(2, 0, {50, 3, 1}, {50, 3, 1}, 7);
  std::vector<double> a = p.a, b = p.b, c = p.c;
  gpurngSolver_t s;
  ASSERT_EQ(gpurngCreateSolver(&s), GPURNG_STATUS_SUCCESS);
  const int dims[2] = {50, 3};
  ASSERT_EQ(gpurngDgtsvFactorBatch(s, 2, 0, dims, nullptr, a.data(), b.data(), c.data(), nullptr),
            GPURNG_STATUS_SUCCESS);
  gpurngDestroySolver(s);
  for (int64_t k = 0; k < 3; ++k) {
    long double piv = p.b[p.index(k, 0)];
    EXPECT_NEAR((double)(1.0L / piv), b[p.index(k, 0)], 1e-15 * std::fabs(1.0 / (double)piv));
    for (int i = 1; i < 50; ++i) {
      const long double l = p.a[p.index(k, i)] / piv;
      piv = p.b[p.index(k, i)] - l * p.c[p.index(k, i - 1)];
      EXPECT_NEAR(a[p.index(k, i)], (double)l, 1e-13 * std::fabs((double)l) + 1e-300);
      EXPECT_NEAR(b[p.index(k, i)], (double)(1.0L / piv), 1e-13 * std::fabs((double)(1.0L / piv)));
      EXPECT_EQ(c[p.index(k, i)], p.c[p.index(k, i)]);
    }
  }
}

// A zero pivot is reported, the system left as it was, the others solved. System 2 is singular (row 40 all
// zero): every algorithm must report it. System 1 has b_0 = 0: Thomas and PCR divide by b_0 and must report
// it; the hybrid's first pivot of chunk 0 is b_0 - c_0 alpha_1 instead, and this system is regular, so it
// must solve it.
template <typename T>
void zero_pivot(gpurngTridiagAlgorithm_t alg, bool device) {
  auto p = make_problem<T>(2, 0, {64, 4, 1}, {64, 4, 1}, 9);
  p.b[p.index(1, 0)] = T(0);
  for (auto* arr : {&p.a, &p.b, &p.c}) (*arr)[p.index(2, 40)] = T(0);
  const auto r = run(p, Op::solve, alg, device);
  const std::string what = std::string(name_of(alg)) + (device ? " device" : " host");
  EXPECT_EQ(r.status, device ? GPURNG_STATUS_SUCCESS : GPURNG_STATUS_ZERO_PIVOT) << what;
  EXPECT_EQ(r.info[0], 0) << what;
  EXPECT_EQ(r.info[3], 0) << what;
  EXPECT_GT(r.info[2], 0) << what;
  const bool hybrid = alg == GPURNG_TRIDIAG_THOMAS_PCR;
  if (hybrid)
    EXPECT_EQ(r.info[1], 0) << what;
  else
    EXPECT_EQ(r.info[1], 1) << what;
  if (alg == GPURNG_TRIDIAG_THOMAS) EXPECT_EQ(r.info[2], 41) << what;  // Thomas meets it in row order
  for (int64_t k : {int64_t(1), int64_t(2)}) {
    if (k == 1 && hybrid) continue;
    for (int i = 0; i < 64; ++i) ASSERT_TRUE(same_bits(r.x[p.index(k, i)], p.d[p.index(k, i)])) << what;
  }
  for (int64_t k : {int64_t(0), int64_t(3)}) EXPECT_LE(residual_of(p, r.x, k), residual_bound<T>()) << what;
  if (hybrid) EXPECT_LE(residual_of(p, r.x, 1), 64 * residual_bound<T>()) << what;
}
TEST(Tridiag, ZeroPivotReportedNotNaN) {
  for (bool device : memories())
    for (auto alg : {GPURNG_TRIDIAG_THOMAS, GPURNG_TRIDIAG_PCR, GPURNG_TRIDIAG_THOMAS_PCR}) {
      zero_pivot<float>(alg, device);
      zero_pivot<double>(alg, device);
    }
}

// A pivot is tiny relative to its row's largest entry, not to its own diagonal: system 1's first row is
// b_0 = 1e-300 (float 1e-30) beside c_0 of order 1. Eliminating through it without pivoting (THOMAS, the LU
// factors) loses the solution (it came back with SUCCESS, info 0 and entries of 1e284), so both report row 1;
// PCR and the hybrid do not divide by it and solve the system, which is well conditioned.
template <typename T>
void tiny_diagonal(bool device) {
  auto p = make_problem<T>(2, 0, {64, 3, 1}, {64, 3, 1}, 21);
  p.b[p.index(1, 0)] = sizeof(T) == 4 ? T(1e-30f) : T(1e-300);
  p.c[p.index(1, 0)] = T(1);
  const std::string mem = device ? " device" : " host";
  for (Op op : {Op::solve, Op::factor_then_solve}) {
    const auto r = run(p, op, GPURNG_TRIDIAG_THOMAS, device);
    const std::string what = std::string(op == Op::solve ? "THOMAS" : "factor") + mem;
    if (!device) EXPECT_EQ(r.status, GPURNG_STATUS_ZERO_PIVOT) << what;
    EXPECT_EQ(r.info[0], 0) << what;
    EXPECT_EQ(r.info[1], 1) << what;
    EXPECT_EQ(r.info[2], 0) << what;
    if (op == Op::factor_then_solve) continue;  // the factor call's status and info are what it reports
    for (int i = 0; i < 64; ++i) ASSERT_TRUE(same_bits(r.x[p.index(1, i)], p.d[p.index(1, i)])) << what;
    for (int64_t k : {int64_t(0), int64_t(2)}) EXPECT_LE(residual_of(p, r.x, k), residual_bound<T>()) << what;
  }
  for (auto alg : {GPURNG_TRIDIAG_PCR, GPURNG_TRIDIAG_THOMAS_PCR}) {
    const auto r = run(p, Op::solve, alg, device);
    const std::string what = std::string(name_of(alg)) + mem;
    EXPECT_EQ(r.status, GPURNG_STATUS_SUCCESS) << what;
    for (int64_t k = 0; k < 3; ++k) {
      EXPECT_EQ(r.info[k], 0) << what;
      EXPECT_LE(residual_of(p, r.x, k), residual_bound<T>()) << what << " system " << k;
    }
  }
}
TEST(Tridiag, TinyDiagonalBesideLargeEntriesReported) {
  for (bool device : memories()) {
    tiny_diagonal<float>(device);
    tiny_diagonal<double>(device);
  }
}

TEST(Tridiag, ZeroPivotInConstantMatrixAndFactor) {
  for (bool device : memories()) {
    auto p = make_problem<double>(2, 0, {20, 5, 1}, {20, 5, 1}, 11);
    for (auto* arr : {&p.a, &p.b, &p.c}) (*arr)[p.index(0, 7)] = 0.0;
    for (auto alg : {GPURNG_TRIDIAG_THOMAS, GPURNG_TRIDIAG_THOMAS_PCR}) {
      const auto r = run(p, Op::constant, alg, device);
      EXPECT_EQ(r.status, device ? GPURNG_STATUS_SUCCESS : GPURNG_STATUS_ZERO_PIVOT);
      EXPECT_GT(r.info[0], 0);
      if (alg == GPURNG_TRIDIAG_THOMAS) EXPECT_EQ(r.info[0], 8);
      for (size_t e = 0; e < r.x.size(); ++e) ASSERT_TRUE(same_bits(r.x[e], p.d[e]));
    }
    const auto f = run(p, Op::factor_then_solve, GPURNG_TRIDIAG_AUTO, device);
    if (!device) EXPECT_EQ(f.status, GPURNG_STATUS_ZERO_PIVOT);
    EXPECT_EQ(f.info[0], 8);
    EXPECT_EQ(f.info[1], 0);
  }
}

#if GPURNG_TEST_HAVE_QUANTLIB
// QuantLib's TridiagonalOperator::solveFor (Thomas, no pivoting) on the same systems.
TEST(Tridiag, AgreesWithQuantLib) {
  for (int n : {2, 3, 31, 256, 1000, 4096}) {
    auto p = make_problem<double>(2, 0, {n, 8, 1}, {n, 8, 1}, 77 + n);
    for (auto alg : kAll) {
      if (alg == GPURNG_TRIDIAG_PCR && n > 1024) continue;
      const auto r = run(p, Op::solve, alg, false);
      ASSERT_EQ(r.status, GPURNG_STATUS_SUCCESS);
      for (int64_t k = 0; k < 8; ++k) {
        const auto a = p.system(p.a, k), b = p.system(p.b, k), c = p.system(p.c, k), d = p.system(p.d, k);
        const std::vector<double> low(a.begin() + 1, a.end()), high(c.begin(), c.end() - 1);
        const auto ql = ql_tridiagonal_solve(low, b, high, d);
        const auto x = p.system(r.x, k);
        double scale = 0;
        for (double v : ql) scale = std::max(scale, std::fabs(v));
        for (int i = 0; i < n; ++i) ASSERT_NEAR(x[i], ql[i], 1e-13 * scale) << "n=" << n << " " << name_of(alg);
      }
    }
  }
}
#endif

TEST(Tridiag, BadInput) {
  gpurngSolver_t s;
  ASSERT_EQ(gpurngCreateSolver(&s), GPURNG_STATUS_SUCCESS);
  std::vector<float> a(64, 0.f), b(64, 4.f), c(64, 1.f), x(64, 1.f);
  int dims[3] = {8, 8, 1}, pads[3] = {8, 8, 1};
  auto call = [&](gpurngSolver_t h, int nd, int sd, const int* di, const int* pa, float* xx) {
    return gpurngSgtsvBatch(h, nd, sd, di, pa, a.data(), b.data(), c.data(), xx, nullptr);
  };
  EXPECT_EQ(call(nullptr, 2, 0, dims, pads, x.data()), GPURNG_STATUS_NOT_INITIALIZED);
  EXPECT_EQ(call(s, 0, 0, dims, pads, x.data()), GPURNG_STATUS_OUT_OF_RANGE);
  EXPECT_EQ(call(s, 4, 0, dims, pads, x.data()), GPURNG_STATUS_OUT_OF_RANGE);
  EXPECT_EQ(call(s, 2, 2, dims, pads, x.data()), GPURNG_STATUS_OUT_OF_RANGE);
  EXPECT_EQ(call(s, 2, -1, dims, pads, x.data()), GPURNG_STATUS_OUT_OF_RANGE);
  EXPECT_EQ(call(s, 2, 0, nullptr, pads, x.data()), GPURNG_STATUS_NULL_POINTER);
  EXPECT_EQ(call(s, 2, 0, dims, pads, nullptr), GPURNG_STATUS_NULL_POINTER);
  int zero[2] = {0, 8}, small_pad[2] = {7, 8}, huge[3] = {65536, 65536, 1};
  EXPECT_EQ(call(s, 2, 0, zero, nullptr, x.data()), GPURNG_STATUS_OUT_OF_RANGE);
  EXPECT_EQ(call(s, 2, 0, dims, small_pad, x.data()), GPURNG_STATUS_OUT_OF_RANGE);
  EXPECT_EQ(call(s, 2, 0, huge, nullptr, x.data()), GPURNG_STATUS_OUT_OF_RANGE);
  EXPECT_EQ(gpurngSgtsvBatch(s, 2, 0, dims, pads, nullptr, b.data(), c.data(), x.data(), nullptr),
            GPURNG_STATUS_NULL_POINTER);
  // x overlapping a coefficient array
  EXPECT_EQ(gpurngSgtsvBatch(s, 2, 0, dims, pads, a.data(), b.data(), c.data(), b.data() + 3, nullptr),
            GPURNG_STATUS_OVERLAPPING_ARRAYS);
  EXPECT_EQ(gpurngSgtsvStridedBatch(s, 8, a.data(), b.data(), c.data(), x.data(), 8, 7, nullptr),
            GPURNG_STATUS_OUT_OF_RANGE);
  EXPECT_EQ(gpurngSolverSetAlgorithm(s, (gpurngTridiagAlgorithm_t)9), GPURNG_STATUS_INVALID_VALUE);
  EXPECT_EQ(gpurngSolverSetAlgorithm(nullptr, GPURNG_TRIDIAG_PCR), GPURNG_STATUS_NOT_INITIALIZED);
  EXPECT_EQ(gpurngSolverGetLastAlgorithm(s, nullptr), GPURNG_STATUS_NULL_POINTER);
  // PCR stops at m = 1024; Thomas and the hybrid take any m.
  std::vector<float> A(2048, 0.f), B(2048, 4.f), C(2048, 1.f), X(2048, 1.f);
  ASSERT_EQ(gpurngSolverSetAlgorithm(s, GPURNG_TRIDIAG_PCR), GPURNG_STATUS_SUCCESS);
  EXPECT_EQ(gpurngSgtsvStridedBatch(s, 2048, A.data(), B.data(), C.data(), X.data(), 1, 2048, nullptr),
            GPURNG_STATUS_OUT_OF_RANGE);
  // The hybrid takes any m, solves and constant matrices alike.
  ASSERT_EQ(gpurngSolverSetAlgorithm(s, GPURNG_TRIDIAG_THOMAS_PCR), GPURNG_STATUS_SUCCESS);
  const int long_dims[2] = {2048, 1};
  EXPECT_EQ(gpurngSgtsvConstantBatch(s, 2, 0, long_dims, nullptr, A.data(), B.data(), C.data(), X.data(), nullptr),
            GPURNG_STATUS_SUCCESS);
  EXPECT_EQ(gpurngSgtsvStridedBatch(s, 2048, A.data(), B.data(), C.data(), X.data(), 1, 2048, nullptr),
            GPURNG_STATUS_SUCCESS);
  ASSERT_EQ(gpurngSolverSetAlgorithm(s, GPURNG_TRIDIAG_AUTO), GPURNG_STATUS_SUCCESS);
  EXPECT_EQ(gpurngSgtsvStridedBatch(s, 2048, A.data(), B.data(), C.data(), X.data(), 1, 2048, nullptr),
            GPURNG_STATUS_SUCCESS);
#if GPURNG_TEST_HAVE_CUDA
  if (gpu_usable()) {  // host and device arrays in one call
    float* dx;
    ASSERT_EQ(cudaMalloc(&dx, 64 * sizeof(float)), cudaSuccess);
    EXPECT_EQ(call(s, 2, 0, dims, pads, dx), GPURNG_STATUS_MIXED_MEMORY);
    cudaFree(dx);
  }
#endif
  EXPECT_EQ(gpurngDestroySolver(s), GPURNG_STATUS_SUCCESS);
  EXPECT_EQ(gpurngDestroySolver(nullptr), GPURNG_STATUS_NOT_INITIALIZED);
  EXPECT_EQ(gpurngCreateSolver(nullptr), GPURNG_STATUS_NULL_POINTER);
  EXPECT_STREQ(gpurngGetErrorString(GPURNG_STATUS_ZERO_PIVOT),
               "tridiagonal solve met a zero or tiny pivot (no pivoting: the matrix must be diagonally dominant)");
}

// The CPU's blocked THOMAS (contiguous systems, full groups, row blocks that follow the cache lines, with identity
// rows before row 0 where the arrays start inside a line) gives the bits of the plain row-by-row loop, which the
// interleaved layout takes: the same systems at every element offset from a 64-byte line, sizes around the
// 16-row and 8-row blocks.
namespace {
gpurngStatus_t gtsv_strided(gpurngSolver_t s, int m, float* a, float* b, float* c, float* x, int batch) {
  return gpurngSgtsvStridedBatch(s, m, a, b, c, x, batch, m, nullptr);
}
gpurngStatus_t gtsv_strided(gpurngSolver_t s, int m, double* a, double* b, double* c, double* x, int batch) {
  return gpurngDgtsvStridedBatch(s, m, a, b, c, x, batch, m, nullptr);
}
gpurngStatus_t gtsv_interleaved(gpurngSolver_t s, int m, float* a, float* b, float* c, float* x, int batch) {
  return gpurngSgtsvInterleavedBatch(s, m, a, b, c, x, batch, nullptr);
}
gpurngStatus_t gtsv_interleaved(gpurngSolver_t s, int m, double* a, double* b, double* c, double* x, int batch) {
  return gpurngDgtsvInterleavedBatch(s, m, a, b, c, x, batch, nullptr);
}

// `v`'s data from the element `offset` elements after its first 64-byte boundary, set to `values`.
template <typename T>
T* at_line_offset(std::vector<T>& v, int offset, const std::vector<T>& values) {
  T* p = v.data() + (64 - reinterpret_cast<uintptr_t>(v.data()) % 64) % 64 / sizeof(T) + offset;
  std::copy(values.begin(), values.end(), p);
  return p;
}

template <typename T>
void blocked_equals_row_loop(std::initializer_list<int> sizes, int batch, int offset_step) {
  gpurngSolver_t s;
  ASSERT_EQ(gpurngCreateSolver(&s), GPURNG_STATUS_SUCCESS);
  ASSERT_EQ(gpurngSolverSetAlgorithm(s, GPURNG_TRIDIAG_THOMAS), GPURNG_STATUS_SUCCESS);
  for (int m : sizes) {
    const auto p = make_problem<T>(2, 0, {m, batch, 1}, {m, batch, 1}, 11);
    const size_t n = size_t(m) * batch;
    // Interleaved copies (row i of system k at i * batch + k): the row-by-row loop.
    std::vector<T> ia(n), ib(n), ic(n), ix(n);
    for (int k = 0; k < batch; ++k)
      for (int i = 0; i < m; ++i) {
        const size_t from = size_t(k) * m + i, to = size_t(i) * batch + k;
        ia[to] = p.a[from];
        ib[to] = p.b[from];
        ic[to] = p.c[from];
        ix[to] = p.d[from];
      }
    ASSERT_EQ(gtsv_interleaved(s, m, ia.data(), ib.data(), ic.data(), ix.data(), batch), GPURNG_STATUS_SUCCESS);
    for (int offset = 0; offset < int(64 / sizeof(T)); offset += offset_step) {
      const size_t room = n + 2 * 64 / sizeof(T);
      std::vector<T> a(room), b(room), c(room), x(room);
      T *pa = at_line_offset(a, offset, p.a), *pb = at_line_offset(b, offset, p.b);
      T *pc = at_line_offset(c, offset, p.c), *px = at_line_offset(x, offset, p.d);
      ASSERT_EQ(gtsv_strided(s, m, pa, pb, pc, px, batch), GPURNG_STATUS_SUCCESS);
      for (int k = 0; k < batch; ++k)
        for (int i = 0; i < m; ++i)
          ASSERT_TRUE(same_bits(px[size_t(k) * m + i], ix[size_t(i) * batch + k]))
              << "m " << m << " offset " << offset << " system " << k << " row " << i;
    }
  }
  gpurngDestroySolver(s);
}
}  // namespace

// Batches of 69: two full groups of 32 floats / eight groups of 8 doubles, and a partial one; from 1024 floats four
// groups of 16. From 16 KiB a system (4096 floats, 2048 doubles) the lanes run skewed (tridiag_cpu_kernels.inc's
// LaneSkew).
TEST(Tridiag, BlockedThomasGivesRowLoopBitsAtEveryLineOffset) {
  const auto sizes = {1, 2, 3, 8, 9, 15, 16, 17, 31, 48, 256, 257, 1024, 2048, 4096, 4113};
  blocked_equals_row_loop<float>(sizes, 69, 1);
  blocked_equals_row_loop<double>(sizes, 69, 1);
}

// Systems whose c', d' tile goes out through non-temporal stores (tridiag_cpu_kernels.inc's StreamedTileBytes:
// 65536 rows of 16 floats, 98304 of 8 doubles), with a partial group, at three line offsets: the lanes a line apart
// (LaneSkew<BR, W>), and unskewed at 65541 rows (the systems at different offsets in their lines).
TEST(Tridiag, BlockedThomasWithStreamedTileGivesRowLoopBits) {
  blocked_equals_row_loop<float>({65536, 65541}, 17, 7);
  blocked_equals_row_loop<double>({98304}, 9, 3);
}

// The CPU backend's instruction-set copies (baseline, AVX2+FMA, AVX-512; GPURNG_CPU_ISA) give the same bits: every
// algorithm and variant on odd sizes, partial SIMD groups and both layouts, digested here and in child processes.
namespace {
std::string bits_digest() {
  Digest d;
  auto digest = [&](auto tag) {
    using T = decltype(tag);
    for (const Shape& sh : {Shape{2, 0, {37, 45, 1}, {40, 45, 1}, ""}, Shape{2, 1, {45, 37, 1}, {45, 37, 1}, ""},
                            Shape{3, 2, {9, 5, 300}, {11, 5, 300}, ""}, Shape{2, 0, {256, 33, 1}, {256, 33, 1}, ""}}) {
      const auto p = make_problem<T>(sh.ndim, sh.solvedim, sh.dims, sh.pads, 3);
      for (auto alg : kAll) {
        const auto r = run(p, Op::solve, alg, false);
        d.eat(r.x.data(), r.x.size() * sizeof(T));
      }
      for (auto alg : {GPURNG_TRIDIAG_THOMAS, GPURNG_TRIDIAG_THOMAS_PCR}) {
        const auto r = run(p, Op::constant, alg, false);
        d.eat(r.x.data(), r.x.size() * sizeof(T));
      }
      const auto f = run(p, Op::factor_then_solve, GPURNG_TRIDIAG_AUTO, false);
      d.eat(f.x.data(), f.x.size() * sizeof(T));
    }
  };
  digest(0.0f);
  digest(0.0);
  return d.hex();
}
}  // namespace

TEST(Tridiag, IsaCopiesGiveSameBits) {
  digest_mode_or_compare("GPURNG_TRIDIAG_TEST_DIGEST", "Tridiag.IsaCopiesGiveSameBits", bits_digest());
}

#if GPURNG_TEST_HAVE_CUDA
// Device calls are asynchronous on the solver's stream and, once the solver has been used at a size, capturable in
// a CUDA graph (global capture mode: any allocation or synchronisation inside would invalidate the capture). The
// graph's result must be the host call's bits.
template <typename T>
void graph_capture(Op op, gpurngTridiagAlgorithm_t alg, int ndim, int solvedim, std::array<int, 3> dims) {
  const auto p = make_problem<T>(ndim, solvedim, dims, dims, 21);
  const auto host = run(p, op, alg, false);
  ASSERT_EQ(host.status, GPURNG_STATUS_SUCCESS);
  std::vector<T> a = p.a, b = p.b, c = p.c;
  if (op == Op::constant) {
    a = p.system(p.a, 0);
    b = p.system(p.b, 0);
    c = p.system(p.c, 0);
  }
  cudaStream_t st;
  ASSERT_EQ(cudaStreamCreateWithFlags(&st, cudaStreamNonBlocking), cudaSuccess);
  gpurngSolver_t s;
  ASSERT_EQ(gpurngCreateSolver(&s), GPURNG_STATUS_SUCCESS);
  ASSERT_EQ(gpurngSolverSetStream(s, st), GPURNG_STATUS_SUCCESS);
  ASSERT_EQ(gpurngSolverSetAlgorithm(s, alg), GPURNG_STATUS_SUCCESS);
  T *da, *db, *dc, *dx;
  int* di;
  for (T** q : {&da, &db, &dc}) ASSERT_EQ(cudaMalloc(q, a.size() * sizeof(T)), cudaSuccess);
  ASSERT_EQ(cudaMalloc(&dx, p.d.size() * sizeof(T)), cudaSuccess);
  ASSERT_EQ(cudaMalloc(&di, host.info.size() * sizeof(int)), cudaSuccess);
  auto upload = [&] {
    ASSERT_EQ(cudaMemcpy(da, a.data(), a.size() * sizeof(T), cudaMemcpyHostToDevice), cudaSuccess);
    ASSERT_EQ(cudaMemcpy(db, b.data(), b.size() * sizeof(T), cudaMemcpyHostToDevice), cudaSuccess);
    ASSERT_EQ(cudaMemcpy(dc, c.data(), c.size() * sizeof(T), cudaMemcpyHostToDevice), cudaSuccess);
    ASSERT_EQ(cudaMemcpy(dx, p.d.data(), p.d.size() * sizeof(T), cudaMemcpyHostToDevice), cudaSuccess);
  };
  const int d3[3] = {p.dims[0], p.dims[1], p.dims[2]};
  upload();
  ASSERT_EQ(gtsv(s, op, p.ndim, p.solvedim, d3, nullptr, da, db, dc, dx, di), GPURNG_STATUS_SUCCESS);  // first use
  ASSERT_EQ(cudaStreamSynchronize(st), cudaSuccess);
  upload();
  cudaGraph_t graph;
  ASSERT_EQ(cudaStreamBeginCapture(st, cudaStreamCaptureModeGlobal), cudaSuccess);
  const gpurngStatus_t captured = gtsv(s, op, p.ndim, p.solvedim, d3, nullptr, da, db, dc, dx, di);
  ASSERT_EQ(cudaStreamEndCapture(st, &graph), cudaSuccess);
  ASSERT_EQ(captured, GPURNG_STATUS_SUCCESS);
  cudaGraphExec_t exec;
  ASSERT_EQ(cudaGraphInstantiate(&exec, graph, 0), cudaSuccess);
  ASSERT_EQ(cudaGraphLaunch(exec, st), cudaSuccess);
  ASSERT_EQ(cudaStreamSynchronize(st), cudaSuccess);
  std::vector<T> x(p.d.size());
  ASSERT_EQ(cudaMemcpy(x.data(), dx, x.size() * sizeof(T), cudaMemcpyDeviceToHost), cudaSuccess);
  if (alg != GPURNG_TRIDIAG_AUTO)
    for (size_t e = 0; e < x.size(); ++e) ASSERT_TRUE(same_bits(x[e], host.x[e])) << "element " << e;
  cudaGraphExecDestroy(exec);
  cudaGraphDestroy(graph);
  gpurngDestroySolver(s);  // before its stream: destroying waits for the stream
  cudaStreamDestroy(st);
  for (void* q : {(void*)da, (void*)db, (void*)dc, (void*)dx, (void*)di}) cudaFree(q);
}

TEST(Tridiag, GraphCaptureAfterFirstUse) {
  if (!gpu_usable()) GTEST_SKIP() << "no GPU";
  for (auto alg : {GPURNG_TRIDIAG_THOMAS, GPURNG_TRIDIAG_PCR, GPURNG_TRIDIAG_THOMAS_PCR}) {
    graph_capture<float>(Op::solve, alg, 2, 0, {256, 100, 1});
    graph_capture<double>(Op::solve, alg, 2, 1, {100, 256, 1});
  }
  for (auto alg : {GPURNG_TRIDIAG_THOMAS, GPURNG_TRIDIAG_THOMAS_PCR}) {
    graph_capture<float>(Op::constant, alg, 2, 0, {256, 100, 1});
    graph_capture<double>(Op::constant, alg, 3, 1, {20, 300, 3});
  }
  graph_capture<float>(Op::factor_then_solve, GPURNG_TRIDIAG_AUTO, 2, 0, {300, 50, 1});
}
#endif
