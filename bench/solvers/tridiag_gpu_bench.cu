// SPDX-License-Identifier: BSD-3-Clause
// Batched tridiagonal solves on the GPU against cuSPARSE (gtsv2StridedBatch, gtsvInterleavedBatch algorithms
// 0/1/2) and against the bandwidth floor of the bytes each must move (a plain kernel reading and writing the
// same bytes), all in one run on the same arrays. Every figure is the median of repeated calls on the same
// arrays, one after the other on one stream (so 2048 x 256 stays in L2, for every contender alike).
// Usage: tridiag_gpu_bench [out.json [m batch]...]   (JSON to the file, a table to stdout; default 256 x 65536 and
// 256 x 2048, float and double; past m = 1024 AUTO, which is THOMAS_PCR there, and THOMAS: PCR stops at 1024)
// GPURNG_BENCH_QUICK=1 leaves out THOMAS past m = 1024 and the interleaved rows, which at long m take minutes of
// device time (THOMAS runs a thread a system; cuSPARSE's interleaved algorithms take 50 ms a call at 256 x 65536).
#include <cuda_runtime.h>
#include <cusparse.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <functional>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include "bench_report.hpp"
#include "cusparse_gtsv.hpp"
#include "gpu_timing.cuh"
#include "gpurng_tridiag.h"
#include "solver_bench_setup.cuh"

namespace {

double timed(cudaStream_t st, int reps, const std::function<void()>& body) { return bench::median_ms(st, body, reps); }

// The floor: read `in_words` arrays and write `out_words` arrays of n elements, as a solve must.
template <typename T>
__global__ void move_bytes(const T* __restrict__ a, const T* __restrict__ b, const T* __restrict__ c, T* __restrict__ x,
                           size_t n, int in_words) {
  for (size_t i = blockIdx.x * size_t(blockDim.x) + threadIdx.x; i < n; i += size_t(gridDim.x) * blockDim.x) {
    T v = x[i];
    if (in_words > 1) v += a[i] + b[i] + c[i];
    x[i] = v * T(0.5);
  }
}

struct Row {
  std::string name;
  double ms;
  double floor_ms;
  double anchor_ms;
  std::string anchor;
};

template <typename T>
struct Arrays {
  size_t n;
  T *a, *b, *c, *x, *x0;
  explicit Arrays(size_t count) : n(count) {
    std::vector<T> ha(n), hb(n), hc(n), hx(n);
    std::mt19937_64 g(12345);
    std::uniform_real_distribution<double> u(-1, 1);
    for (size_t i = 0; i < n; ++i) {
      ha[i] = T(u(g));
      hc[i] = T(u(g));
      hb[i] = T(2.5 + std::abs(u(g)));
      hx[i] = T(u(g));
    }
    for (T** p : {&a, &b, &c, &x, &x0}) BENCH_CHECK_CUDA(cudaMalloc(p, n * sizeof(T)));
    BENCH_CHECK_CUDA(cudaMemcpy(a, ha.data(), n * sizeof(T), cudaMemcpyHostToDevice));
    BENCH_CHECK_CUDA(cudaMemcpy(b, hb.data(), n * sizeof(T), cudaMemcpyHostToDevice));
    BENCH_CHECK_CUDA(cudaMemcpy(c, hc.data(), n * sizeof(T), cudaMemcpyHostToDevice));
    BENCH_CHECK_CUDA(cudaMemcpy(x0, hx.data(), n * sizeof(T), cudaMemcpyHostToDevice));
    BENCH_CHECK_CUDA(cudaMemcpy(x, hx.data(), n * sizeof(T), cudaMemcpyHostToDevice));
  }
  ~Arrays() {
    for (T* p : {a, b, c, x, x0}) cudaFree(p);
  }
};

gpurngStatus_t ours_strided(gpurngSolver_t s, int m, const float* a, const float* b, const float* c, float* x,
                            int batch) {
  return gpurngSgtsvStridedBatch(s, m, a, b, c, x, batch, m, nullptr);
}
gpurngStatus_t ours_strided(gpurngSolver_t s, int m, const double* a, const double* b, const double* c, double* x,
                            int batch) {
  return gpurngDgtsvStridedBatch(s, m, a, b, c, x, batch, m, nullptr);
}
gpurngStatus_t ours_inter(gpurngSolver_t s, int m, const float* a, const float* b, const float* c, float* x,
                          int batch) {
  return gpurngSgtsvInterleavedBatch(s, m, a, b, c, x, batch, nullptr);
}
gpurngStatus_t ours_inter(gpurngSolver_t s, int m, const double* a, const double* b, const double* c, double* x,
                          int batch) {
  return gpurngDgtsvInterleavedBatch(s, m, a, b, c, x, batch, nullptr);
}
gpurngStatus_t ours_const(gpurngSolver_t s, int m, const float* a, const float* b, const float* c, float* x,
                          int batch) {
  const int dims[2] = {m, batch};
  return gpurngSgtsvConstantBatch(s, 2, 0, dims, nullptr, a, b, c, x, nullptr);
}
gpurngStatus_t ours_const(gpurngSolver_t s, int m, const double* a, const double* b, const double* c, double* x,
                          int batch) {
  const int dims[2] = {m, batch};
  return gpurngDgtsvConstantBatch(s, 2, 0, dims, nullptr, a, b, c, x, nullptr);
}

template <typename T>
void bench_size(std::vector<Row>& rows, cusparseHandle_t sp, gpurngSolver_t s, cudaStream_t st, int m, int batch,
                int reps) {
  const std::string prec = sizeof(T) == 4 ? "float" : "double";
  const std::string shape = std::to_string(batch) + "x" + std::to_string(m) + " " + prec;
  Arrays<T> A(size_t(m) * batch);
  const size_t n = A.n;
  // The floors: 5 words per unknown (general), 2 (constant matrix), measured as a kernel moving those bytes.
  auto floor5 = timed(st, reps, [&] { move_bytes<T><<<1024, 256, 0, st>>>(A.a, A.b, A.c, A.x, n, 4); });
  auto floor2 = timed(st, reps, [&] { move_bytes<T><<<1024, 256, 0, st>>>(A.a, A.b, A.c, A.x, n, 1); });
  // cuSPARSE strided (x restored before each call would add traffic; it solves the current x, as ours does).
  size_t bytes = 0;
  CHECK_OK(cusparse_gtsv::strided_buffer_size(sp, m, A.a, A.b, A.c, A.x, batch, m, &bytes));
  void* buf;
  BENCH_CHECK_CUDA(cudaMalloc(&buf, bytes + 128));
  const double sp_ms =
      timed(st, reps, [&] { CHECK_OK(cusparse_gtsv::strided(sp, m, A.a, A.b, A.c, A.x, batch, m, buf)); });
  cudaFree(buf);
  const bool short_systems = m <= 1024;  // PCR takes m <= 1024; beyond, AUTO is THOMAS_PCR (not timed twice)
  const char* quick_env = std::getenv("GPURNG_BENCH_QUICK");
  const bool quick = quick_env && std::atoi(quick_env) != 0;
  for (auto alg : {GPURNG_TRIDIAG_AUTO, GPURNG_TRIDIAG_THOMAS_PCR, GPURNG_TRIDIAG_THOMAS, GPURNG_TRIDIAG_PCR}) {
    if (!short_systems && (alg == GPURNG_TRIDIAG_THOMAS_PCR || alg == GPURNG_TRIDIAG_PCR)) continue;
    if (quick && !short_systems && alg == GPURNG_TRIDIAG_THOMAS) continue;
    CHECK_OK(gpurngSolverSetAlgorithm(s, alg));
    const double ms = timed(st, reps, [&] { CHECK_OK(ours_strided(s, m, A.a, A.b, A.c, A.x, batch)); });
    static const char* names[] = {"AUTO", "THOMAS", "PCR", "THOMAS_PCR"};
    rows.push_back({"strided " + shape + " " + names[alg], ms, floor5, sp_ms, "cusparse gtsv2StridedBatch"});
  }
  // The constant-matrix rows: AUTO and THOMAS.
  auto constant_rows = [&] {
    for (auto alg : {GPURNG_TRIDIAG_AUTO, GPURNG_TRIDIAG_THOMAS}) {
      if (quick && !short_systems && alg == GPURNG_TRIDIAG_THOMAS) continue;
      CHECK_OK(gpurngSolverSetAlgorithm(s, alg));
      const double ms = timed(st, reps, [&] { CHECK_OK(ours_const(s, m, A.a, A.b, A.c, A.x, batch)); });
      rows.push_back({"constant strided " + shape + (alg == GPURNG_TRIDIAG_AUTO ? " AUTO" : " THOMAS"), ms, floor2,
                      sp_ms, "cusparse gtsv2StridedBatch (per-system matrices)"});
    }
  };
  if (quick) {
    constant_rows();
    return;
  }
  // Interleaved: cuSPARSE's fastest of its three algorithms (they clobber dl, d, du: run on copies).
  Arrays<T> B(n);
  double best = 1e30;
  int best_algo = 0;
  for (int algo = 0; algo < 3; ++algo) {
    CHECK_OK(cusparse_gtsv::interleaved_buffer_size(sp, algo, m, B.a, B.b, B.c, B.x, batch, &bytes));
    BENCH_CHECK_CUDA(cudaMalloc(&buf, bytes + 128));
    const double ms =
        timed(st, reps, [&] { CHECK_OK(cusparse_gtsv::interleaved(sp, algo, m, B.a, B.b, B.c, B.x, batch, buf)); });
    cudaFree(buf);
    if (ms < best) {
      best = ms;
      best_algo = algo;
    }
  }
  for (auto alg : {GPURNG_TRIDIAG_AUTO, GPURNG_TRIDIAG_THOMAS_PCR}) {
    if (!short_systems && alg == GPURNG_TRIDIAG_THOMAS_PCR) continue;
    CHECK_OK(gpurngSolverSetAlgorithm(s, alg));
    const double ms = timed(st, reps, [&] { CHECK_OK(ours_inter(s, m, A.a, A.b, A.c, A.x, batch)); });
    rows.push_back({"interleaved " + shape + (alg == GPURNG_TRIDIAG_AUTO ? " AUTO" : " THOMAS_PCR"), ms, floor5, best,
                    "cusparse gtsvInterleavedBatch algo " + std::to_string(best_algo) + " (fastest of 0/1/2)"});
  }
  constant_rows();
}

}  // namespace

int main(int argc, char** argv) {
  bench::SolverBenchSetup setup;
  if (!bench::solver_bench_setup("tridiag_gpu_bench", setup)) return 77;
  const cudaDeviceProp& prop = setup.prop;
  cudaStream_t st = setup.stream;
  cusparseHandle_t sp = setup.sparse;
  gpurngSolver_t s = setup.solver;
  std::vector<Row> rows;
  if (argc > 3) {
    for (int i = 2; i + 1 < argc; i += 2) {
      const int m = std::atoi(argv[i]), batch = std::atoi(argv[i + 1]);
      bench_size<float>(rows, sp, s, st, m, batch, 20);
      bench_size<double>(rows, sp, s, st, m, batch, 20);
    }
  } else {
    bench_size<float>(rows, sp, s, st, 256, 65536, 20);
    bench_size<float>(rows, sp, s, st, 256, 2048, 50);
    bench_size<double>(rows, sp, s, st, 256, 65536, 20);
    bench_size<double>(rows, sp, s, st, 256, 2048, 50);
  }
  std::ostringstream js;
  const std::string cmd = bench::command_line(argc, argv);
  js << "{\n  \"benchmark\": \"tridiag_gpu_bench\",\n  \"device\": \"" << prop.name << "\",\n  \"host_cpu\": \""
     << bench::host_cpu() << "\",\n  \"command\": \"" << cmd
     << "\",\n  \"timing\": \"median of repeated calls on the same arrays, cudaEvents\",\n  \"rows\": [\n";
  std::printf("%-52s %10s %10s %8s %10s %8s  %s\n", "case", "ms", "floor ms", "%floor", "anchor ms", "x anchor",
              "anchor");
  for (size_t i = 0; i < rows.size(); ++i) {
    const Row& r = rows[i];
    std::printf("%-52s %10.4f %10.4f %7.0f%% %10.4f %8.2f  %s\n", r.name.c_str(), r.ms, r.floor_ms,
                100 * r.floor_ms / r.ms, r.anchor_ms, r.anchor_ms / r.ms, r.anchor.c_str());
    js << "    {\"case\": \"" << r.name << "\", \"ms\": " << r.ms << ", \"floor_ms\": " << r.floor_ms
       << ", \"fraction_of_floor\": " << r.floor_ms / r.ms << ", \"anchor\": \"" << r.anchor
       << "\", \"anchor_ms\": " << r.anchor_ms << ", \"speedup_vs_anchor\": " << r.anchor_ms / r.ms << "}"
       << (i + 1 < rows.size() ? "," : "") << "\n";
  }
  js << "  ]\n}\n";
  if (argc > 1) std::ofstream(argv[1]) << js.str();
  bench::solver_bench_teardown(setup);
  return 0;
}
