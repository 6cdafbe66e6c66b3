// SPDX-License-Identifier: BSD-3-Clause
// ADI steps on the GPU (issue 35; docs/SOLVERS.md), device memory, cudaEvents, the median of repetitions:
//  - the heat equation's Douglas step on an n^3 box (gpurngHeatAdiFloat / Double; default n = 256; the increment
//    form, docs/SOLVERS.md) against the same step built from cuSPARSE in the same run: the increment kernel
//    (Z_0 = sum r_j D_j U), the coefficient arrays rebuilt before every solve (gtsvInterleavedBatch clobbers them)
//    and counted, gtsv2StridedBatch along the contiguous dimension, gtsvInterleavedBatch (algorithm 0, Thomas) along
//    the outermost, and along the middle one a transpose of the middle and outer axes, the interleaved solve and the
//    transpose back, each solve on Z in place, then U' = U + Z. A step's time is the difference of two calls (S + 8
//    and S steps) over 8;
//  - the same step's bandwidth floor: a kernel reading and writing the grid as often as the step must (the explicit
//    pass: U in, Z out; each solve: its right-hand side in, solution out: 1 + D passes of a read and a write);
//  - the three-asset Black-Scholes step (gpurngBlackScholesAdiFloat / Double, Hundsdorfer-Verwer, one option, device
//    memory) at J = 64 and 128, the difference of two calls as above, with its own floor (the grid transfers its
//    stages must make, bench_basket).
// Usage: adi_gpu_bench [out.json] [n]
#include <cuda_runtime.h>
#include <cusparse.h>

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "bench_report.hpp"
#include "cusparse_gtsv.hpp"
#include "gpu_timing.cuh"
#include "gpurng_pde.h"
#include "solver_bench_setup.cuh"

namespace {

struct Row {
  std::string name;
  double ms, floor_ms, anchor_ms;
  std::string anchor;
};

// Z_0 = sum_j r_j D_j U (zero outside the box), a thread per node.
template <typename T>
__global__ void increment(const T* u, T* z, int n, T r) {
  const size_t N = size_t(n) * n * n, s1 = size_t(n), s2 = size_t(n) * n;
  for (size_t e = blockIdx.x * size_t(blockDim.x) + threadIdx.x; e < N; e += size_t(gridDim.x) * blockDim.x) {
    const int i0 = int(e % s1), i1 = int((e / s1) % s1), i2 = int(e / s2);
    const T c = u[e];
    const T d0 = (i0 > 0 ? u[e - 1] : T(0)) + (i0 + 1 < n ? u[e + 1] : T(0)) - T(2) * c;
    const T d1 = (i1 > 0 ? u[e - s1] : T(0)) + (i1 + 1 < n ? u[e + s1] : T(0)) - T(2) * c;
    const T d2 = (i2 > 0 ? u[e - s2] : T(0)) + (i2 + 1 < n ? u[e + s2] : T(0)) - T(2) * c;
    z[e] = r * (d0 + d1 + d2);
  }
}

// U' = U + Z, a thread per node.
template <typename T>
__global__ void update(T* u, const T* z, size_t N) {
  for (size_t e = blockIdx.x * size_t(blockDim.x) + threadIdx.x; e < N; e += size_t(gridDim.x) * blockDim.x)
    u[e] += z[e];
}

// The directional matrix for every system: -q off the diagonal (0 outside each system), 1 + 2q on it. `interleaved`:
// element i of system k at i * batch + k; else at k * n + i.
template <typename T>
__global__ void coefficients(T* dl, T* d, T* du, int n, size_t batch, T q, bool interleaved) {
  const size_t N = size_t(n) * batch;
  for (size_t e = blockIdx.x * size_t(blockDim.x) + threadIdx.x; e < N; e += size_t(gridDim.x) * blockDim.x) {
    const int i = interleaved ? int(e / batch) : int(e % size_t(n));
    dl[e] = i == 0 ? T(0) : -q;
    du[e] = i == n - 1 ? T(0) : -q;
    d[e] = T(1) + T(2) * q;
  }
}

// (i0, i1, i2) -> (i0, i2, i1): the middle dimension's lines become the outermost's.
template <typename T>
__global__ void swap_outer(const T* in, T* out, int n) {
  const size_t N = size_t(n) * n * n, s1 = size_t(n), s2 = size_t(n) * n;
  for (size_t e = blockIdx.x * size_t(blockDim.x) + threadIdx.x; e < N; e += size_t(gridDim.x) * blockDim.x) {
    const size_t i0 = e % s1, i1 = (e / s1) % s1, i2 = e / s2;
    out[i0 + i2 * s1 + i1 * s2] = in[e];
  }
}

// The floor: `passes` reads and writes of the grid (as a step must).
template <typename T>
__global__ void move_grid(const T* __restrict__ in, T* __restrict__ out, size_t N) {
  for (size_t e = blockIdx.x * size_t(blockDim.x) + threadIdx.x; e < N; e += size_t(gridDim.x) * blockDim.x)
    out[e] = in[e] * T(0.5);
}

constexpr unsigned kBlocks = 2048, kThreads = 256;

// The time to read and write a grid of N values once (10 passes timed, over 10): a floor's unit.
template <typename T>
double pass_ms(cudaStream_t st, size_t N) {
  T *a, *b;
  BENCH_CHECK_CUDA(cudaMalloc(&a, N * sizeof(T)));
  BENCH_CHECK_CUDA(cudaMalloc(&b, N * sizeof(T)));
  BENCH_CHECK_CUDA(cudaMemset(a, 0, N * sizeof(T)));
  const double ms = bench::median_ms(
      st,
      [&] {
        for (int p = 0; p < 10; ++p) move_grid<T><<<kBlocks, kThreads, 0, st>>>(p % 2 ? b : a, p % 2 ? a : b, N);
      },
      7);
  cudaFree(a);
  cudaFree(b);
  return ms / 10;
}

// The cuSPARSE-built Douglas step: u in place, y and x working grids, dl/d/du coefficient grids.
template <typename T>
struct CusparseStep {
  cusparseHandle_t sp;
  cudaStream_t st;
  int n;
  T r, q;
  T *u, *y, *x, *dl, *d, *du;
  void *buf_strided = nullptr, *buf_inter = nullptr;
  size_t N() const { return size_t(n) * n * n; }

  void setup() {
    size_t a = 0, b = 0;
    const int batch = n * n;
    CHECK_OK(cusparse_gtsv::strided_buffer_size(sp, n, dl, d, du, x, batch, n, &a));
    CHECK_OK(cusparse_gtsv::interleaved_buffer_size(sp, 0, n, dl, d, du, x, batch, &b));
    BENCH_CHECK_CUDA(cudaMalloc(&buf_strided, a + 1));
    BENCH_CHECK_CUDA(cudaMalloc(&buf_inter, b + 1));
  }
  void step() {
    const int batch = n * n;
    increment<T><<<kBlocks, kThreads, 0, st>>>(u, x, n, r);
    // Dimension 0: contiguous systems, Z in x.
    coefficients<T><<<kBlocks, kThreads, 0, st>>>(dl, d, du, n, size_t(batch), q, false);
    CHECK_OK(cusparse_gtsv::strided(sp, n, dl, d, du, x, batch, n, buf_strided));
    // Dimension 1: swapped into y so the lines run along the outermost axis, solved, swapped back into x.
    swap_outer<T><<<kBlocks, kThreads, 0, st>>>(x, y, n);
    coefficients<T><<<kBlocks, kThreads, 0, st>>>(dl, d, du, n, size_t(batch), q, true);
    CHECK_OK(cusparse_gtsv::interleaved(sp, 0, n, dl, d, du, y, batch, buf_inter));
    swap_outer<T><<<kBlocks, kThreads, 0, st>>>(y, x, n);
    // Dimension 2: interleaved in place; then U' = U + Z.
    coefficients<T><<<kBlocks, kThreads, 0, st>>>(dl, d, du, n, size_t(batch), q, true);
    CHECK_OK(cusparse_gtsv::interleaved(sp, 0, n, dl, d, du, x, batch, buf_inter));
    update<T><<<kBlocks, kThreads, 0, st>>>(u, x, N());
  }
};

gpurngStatus_t heat(gpurngSolver_t s, int ndim, const int* n, const float* h, float dt, float theta, int steps,
                    float* u) {
  return gpurngHeatAdiFloat(s, GPURNG_ADI_DOUGLAS, ndim, n, h, dt, theta, steps, u);
}
gpurngStatus_t heat(gpurngSolver_t s, int ndim, const int* n, const double* h, double dt, double theta, int steps,
                    double* u) {
  return gpurngHeatAdiDouble(s, GPURNG_ADI_DOUGLAS, ndim, n, h, dt, theta, steps, u);
}

template <typename T>
void bench_heat(std::vector<Row>& rows, cusparseHandle_t sp, gpurngSolver_t solver, cudaStream_t st, int n) {
  const size_t N = size_t(n) * n * n;
  std::vector<T> init(N);
  for (size_t e = 0; e < N; ++e) init[e] = T((e * 2654435761u) % 1000) / T(1000);
  T *u, *y, *x, *dl, *d, *du;
  for (T** p : {&u, &y, &x, &dl, &d, &du}) BENCH_CHECK_CUDA(cudaMalloc(p, N * sizeof(T)));
  BENCH_CHECK_CUDA(cudaMemcpy(u, init.data(), N * sizeof(T), cudaMemcpyHostToDevice));
  const T hh = T(1) / T(n + 1), dt = T(1e-4), theta = T(0.5);
  const int dims[3] = {n, n, n};
  const T h[3] = {hh, hh, hh};
  const int S = 4, reps = 7;
  auto ours = [&](int steps) { CHECK_OK(heat(solver, 3, dims, h, dt, theta, steps, u)); };
  const double ours_ms = (bench::median_ms(
                              st, [&] { ours(S + 8); }, reps) -
                          bench::median_ms(
                              st, [&] { ours(S); }, reps)) /
                         8;
  CusparseStep<T> cs{sp, st, n, dt / (hh * hh), theta * (dt / (hh * hh)), u, y, x, dl, d, du};
  cs.setup();
  const double cs_ms = bench::median_ms(
      st, [&] { cs.step(); }, reps);
  // The floor: the explicit pass (U in, Z_0 out) and D solves (right-hand side in, solution out): 4 passes.
  const double floor_ms = 4 * pass_ms<T>(st, N);
  const std::string t = sizeof(T) == 4 ? "float" : "double";
  rows.push_back(
      {"heat Douglas step " + std::to_string(n) + "^3 " + t, ours_ms, floor_ms, cs_ms,
       "cusparse gtsv2StridedBatch / gtsvInterleavedBatch (algo 0) + increment, coefficient, transpose and update "
       "kernels"});
  cudaFree(cs.buf_strided);
  cudaFree(cs.buf_inter);
  for (T* p : {u, y, x, dl, d, du}) cudaFree(p);
}

gpurngStatus_t basket(gpurngSolver_t s, const int* J, const float* Smax, int N, int count, const float* S0,
                      const float* K, const float* r, const float* sig, const float* rho, const float* T, float* price,
                      float* delta, float* grid, int* info) {
  return gpurngBlackScholesAdiFloat(s, GPURNG_ADI_HUNDSDORFER_VERWER, 3, J, Smax, N, GPURNG_BASKET_ARITHMETIC_CALL,
                                    nullptr, count, S0, K, r, sig, rho, T, price, delta, grid, info);
}
gpurngStatus_t basket(gpurngSolver_t s, const int* J, const double* Smax, int N, int count, const double* S0,
                      const double* K, const double* r, const double* sig, const double* rho, const double* T,
                      double* price, double* delta, double* grid, int* info) {
  return gpurngBlackScholesAdiDouble(s, GPURNG_ADI_HUNDSDORFER_VERWER, 3, J, Smax, N, GPURNG_BASKET_ARITHMETIC_CALL,
                                     nullptr, count, S0, K, r, sig, rho, T, price, delta, grid, info);
}

template <typename T>
void bench_basket(std::vector<Row>& rows, gpurngSolver_t solver, cudaStream_t st, int J) {
  const int dims[3] = {J, J, J};
  const T Smax[3] = {400, 400, 400};
  const std::vector<T> S0 = {100, 100, 100}, K = {100}, r = {T(0.05)}, sig = {T(0.2), T(0.2), T(0.2)},
                       rho = {T(0.3), T(0.3), T(0.3)}, mat = {1};
  auto dev = [](const std::vector<T>& h) {
    T* p = nullptr;
    BENCH_CHECK_CUDA(cudaMalloc(&p, h.size() * sizeof(T)));
    BENCH_CHECK_CUDA(cudaMemcpy(p, h.data(), h.size() * sizeof(T), cudaMemcpyHostToDevice));
    return p;
  };
  T *dS0 = dev(S0), *dK = dev(K), *dr = dev(r), *dsig = dev(sig), *drho = dev(rho), *dT = dev(mat), *dp = dev({0});
  const int S = 4, reps = 5;
  auto ours = [&](int steps) {
    CHECK_OK(basket(solver, dims, Smax, steps, 1, dS0, dK, dr, dsig, drho, dT, dp, nullptr, nullptr, nullptr));
  };
  const double ms = (bench::median_ms(
                         st, [&] { ours(S + 8); }, reps) -
                     bench::median_ms(
                         st, [&] { ours(S); }, reps)) /
                    8;
  // Its floor in grid transfers (a pass is two): the stage U in, F(U) and Y_0 out (3); each solve its right-hand
  // side and the source of F_i in, the solution out (3 D); the corrector U, F(U), Y_D in, Z_0 out (4); its solves
  // (3 D): 25 for D = 3.
  const double floor_ms = 12.5 * pass_ms<T>(st, size_t(J + 1) * (J + 1) * (J + 1));
  const std::string t = sizeof(T) == 4 ? "float" : "double";
  rows.push_back({"basket 3-asset HV step " + std::to_string(J + 1) + "^3 nodes " + t, ms, floor_ms, 0,
                  "none (its own floor: 25 grid transfers)"});
  for (T* p : {dS0, dK, dr, dsig, drho, dT, dp}) cudaFree(p);
}

}  // namespace

int main(int argc, char** argv) {
  bench::SolverBenchSetup setup;
  if (!bench::solver_bench_setup("adi_gpu_bench", setup)) return 77;
  const cudaDeviceProp& prop = setup.prop;
  cudaStream_t st = setup.stream;
  cusparseHandle_t sp = setup.sparse;
  gpurngSolver_t s = setup.solver;
  const int n = argc > 2 ? std::atoi(argv[2]) : 256;
  std::vector<Row> rows;
  bench_heat<float>(rows, sp, s, st, n);
  bench_heat<double>(rows, sp, s, st, n);
  for (int J : {64, 128}) {
    bench_basket<float>(rows, s, st, J);
    bench_basket<double>(rows, s, st, J);
  }
  std::ostringstream js;
  js << "{\n  \"benchmark\": \"adi_gpu_bench\",\n  \"device\": \"" << prop.name << "\",\n  \"host_cpu\": \""
     << bench::host_cpu() << "\",\n  \"command\": \"" << bench::json_escape(bench::command_line(argc, argv))
     << "\",\n  \"timing\": \"median of repeated calls, cudaEvents; a step = (S + 8 steps - S steps) / 8\",\n"
     << "  \"rows\": [\n";
  std::printf("%-44s %10s %10s %8s %10s %8s\n", "case", "ms", "floor ms", "%floor", "anchor ms", "x anchor");
  for (size_t i = 0; i < rows.size(); ++i) {
    const Row& r = rows[i];
    std::printf("%-44s %10.4f %10.4f %7.0f%% %10.4f %8.2f\n", r.name.c_str(), r.ms, r.floor_ms, 100 * r.floor_ms / r.ms,
                r.anchor_ms, r.anchor_ms > 0 ? r.anchor_ms / r.ms : 0.0);
    js << "    {\"case\": \"" << r.name << "\", \"ms\": " << r.ms << ", \"floor_ms\": " << r.floor_ms
       << ", \"fraction_of_floor\": " << r.floor_ms / r.ms << ", \"anchor\": \"" << r.anchor
       << "\", \"anchor_ms\": " << r.anchor_ms
       << ", \"speedup_vs_anchor\": " << (r.anchor_ms > 0 ? r.anchor_ms / r.ms : 0.0) << "}"
       << (i + 1 < rows.size() ? "," : "") << "\n";
  }
  js << "  ]\n}\n";
  if (argc > 1) std::ofstream(argv[1]) << js.str();
  bench::solver_bench_teardown(setup);
  return 0;
}
