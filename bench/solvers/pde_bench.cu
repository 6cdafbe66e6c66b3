// SPDX-License-Identifier: BSD-3-Clause
// The Black-Scholes PDE on the GPU (gpurng_pde.h, device memory): a batch of European calls on Giles' BS_1D grid
// (Smax 200, J 255: 256 nodes, N = 50000 explicit and 2500 implicit steps; S0 100, K 80 .. 120, r 0.05,
// sigma 0.2, T 1), 2048 and 16384 options, float and double, each the median of several CUDA-event-timed calls
// after a warm-up call. Anchors measured in the same run, the way a user writes it with stock tools:
//   explicit: one kernel launch per time step, one thread per node, the grid in global memory (double buffer),
//             coefficients precomputed into global arrays;
//   implicit: cusparse<S|D>gtsv2StridedBatch once per time step on the same matrices (x = u in place).
// Reports ms, node-steps/s, flops and the fraction of the FP32/FP64 peak (2 flops per FMA lane per clock,
// 128 FP32 / 64 FP64 lanes per SM, at the clock nvidia-smi reports under load, else the attribute's), the
// ratios to the anchors, and the prices' agreement with them. Writes JSON to stdout, or to the path given.
//
//   pde_bench [OUT.json] [--reps N] [--quick]
//
// Flops counted from the kernels (bs1d_cuda.cu; 256 nodes: the explicit kernel runs 16 lanes of 16 nodes per
// option, the implicit ones 32 lanes of R = 8):
//   explicit, per node and step: b*u (1) + 2 fma (4)                                  = 5
//   implicit, per lane (R nodes) and step: chunk_apply 1 + 3 (R-2) + 2 (R-3) + 3, the reduced PCR 6 steps x
//   2 rows x (2 fma + mul) = 60, chunk_back 4 (R-2)                                    = 9 R + 44 (116 for R 8)
#include <cuda_runtime.h>
#include <cusparse.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <functional>
#include <sstream>
#include <string>
#include <vector>

#include "bench_report.hpp"
#include "cusparse_gtsv.hpp"
#include "gpu_timing.cuh"
#include "gpurng_pde.h"

namespace {

using bench::host_cpu;
using bench::json_escape;
using bench::median_ms;

int g_reps = 7;
bool g_quick = false;

#define CHECK_CUSPARSE(x)                                                                                 \
  do {                                                                                                    \
    const cusparseStatus_t s_ = (x);                                                                      \
    if (s_ != CUSPARSE_STATUS_SUCCESS) {                                                                  \
      std::fprintf(stderr, "pde_bench: %s failed: status %d (%s:%d)\n", #x, int(s_), __FILE__, __LINE__); \
      std::exit(1);                                                                                       \
    }                                                                                                     \
  } while (0)
#define CHECK_GPURNG(x)                                                                                   \
  do {                                                                                                    \
    const gpurngStatus_t g_ = (x);                                                                        \
    if (g_ != GPURNG_STATUS_SUCCESS) {                                                                    \
      std::fprintf(stderr, "pde_bench: %s failed: status %d (%s:%d)\n", #x, int(g_), __FILE__, __LINE__); \
      std::exit(1);                                                                                       \
    }                                                                                                     \
  } while (0)

constexpr int kJ = 255, kM = kJ + 1;
constexpr double kSmax = 200, kS0 = 100, kRate = 0.05, kSigma = 0.2, kT = 1;

// SM clock under load (MHz) from nvidia-smi, queried while `busy` keeps the GPU working; 0 if unavailable.
int smi_clock_mhz(const std::function<void()>& busy, cudaStream_t stream) {
  busy();  // queued, asynchronous
  int mhz = 0;
  if (FILE* p = popen("nvidia-smi --query-gpu=clocks.sm --format=csv,noheader,nounits -i 0 2>/dev/null", "r")) {
    char buf[64] = {};
    if (std::fgets(buf, sizeof buf, p)) mhz = std::atoi(buf);
    pclose(p);
  }
  BENCH_CHECK_CUDA(cudaStreamSynchronize(stream));
  return mhz;
}

template <typename T>
struct Batch {
  int n;
  int* kind;
  T *S0, *K, *r, *sigma, *mat, *price;
  explicit Batch(int count) : n(count) {
    std::vector<int> hk(n, GPURNG_OPTION_CALL + GPURNG_OPTION_EUROPEAN);
    std::vector<T> hS(n, T(kS0)), hK(n), hr(n, T(kRate)), hv(n, T(kSigma)), hT(n, T(kT));
    for (int i = 0; i < n; ++i) hK[i] = T(80 + 40.0 * i / n);
    BENCH_CHECK_CUDA(cudaMalloc(&kind, sizeof(int) * n));
    for (T** p : {&S0, &K, &r, &sigma, &mat, &price}) BENCH_CHECK_CUDA(cudaMalloc(p, sizeof(T) * n));
    BENCH_CHECK_CUDA(cudaMemcpy(kind, hk.data(), sizeof(int) * n, cudaMemcpyHostToDevice));
    BENCH_CHECK_CUDA(cudaMemcpy(S0, hS.data(), sizeof(T) * n, cudaMemcpyHostToDevice));
    BENCH_CHECK_CUDA(cudaMemcpy(K, hK.data(), sizeof(T) * n, cudaMemcpyHostToDevice));
    BENCH_CHECK_CUDA(cudaMemcpy(r, hr.data(), sizeof(T) * n, cudaMemcpyHostToDevice));
    BENCH_CHECK_CUDA(cudaMemcpy(sigma, hv.data(), sizeof(T) * n, cudaMemcpyHostToDevice));
    BENCH_CHECK_CUDA(cudaMemcpy(mat, hT.data(), sizeof(T) * n, cudaMemcpyHostToDevice));
    BENCH_CHECK_CUDA(cudaDeviceSynchronize());  // the copies ran on the legacy stream; the calls use a non-blocking one
  }
  ~Batch() {
    cudaFree(kind);
    for (T* p : {S0, K, r, sigma, mat, price}) cudaFree(p);
  }
  std::vector<T> prices() const {
    std::vector<T> h(n);
    BENCH_CHECK_CUDA(cudaMemcpy(h.data(), price, sizeof(T) * n, cudaMemcpyDeviceToHost));
    return h;
  }
};

gpurngStatus_t pde(gpurngSolver_t s, int scheme, int N, Batch<float>& b) {
  return gpurngBlackScholesPde1dFloat(s, gpurngPdeScheme_t(scheme), kJ, N, float(kSmax), b.n, b.kind, b.S0, b.K, b.r,
                                      b.sigma, b.mat, b.price, nullptr, nullptr, nullptr, nullptr);
}
gpurngStatus_t pde(gpurngSolver_t s, int scheme, int N, Batch<double>& b) {
  return gpurngBlackScholesPde1dDouble(s, gpurngPdeScheme_t(scheme), kJ, N, kSmax, b.n, b.kind, b.S0, b.K, b.r, b.sigma,
                                       b.mat, b.price, nullptr, nullptr, nullptr, nullptr);
}

// ---- anchors: what a user writes with stock tools ----

// Coefficients of every option's explicit (I + L) or implicit (I - L) matrix, one thread per node.
template <typename T>
__global__ void anchor_coeffs(int n, bool implicit, const T* K, T dt, T* a, T* b, T* c) {
  const int idx = blockIdx.x * blockDim.x + threadIdx.x;
  if (idx >= n * kM) return;
  const int j = idx % kM;
  const T lam = T(0.5) * dt * T(kSigma * kSigma) * T(j) * T(j), g = T(0.5) * dt * T(kRate) * T(j), rdt = T(kRate) * dt;
  T aa, bb, cc;
  if (j == 0) {
    aa = 0, bb = 1 - rdt, cc = 0;
  } else if (j == kJ) {
    aa = -2 * g, bb = 1 + 2 * g - rdt, cc = 0;
  } else {
    aa = lam - g, bb = 1 - 2 * lam - rdt, cc = lam + g;
  }
  if (implicit) aa = -aa, bb = 2 - bb, cc = -cc;
  a[idx] = aa;
  b[idx] = bb;
  c[idx] = cc;
}

template <typename T>
__global__ void anchor_payoff(int n, const T* K, T* u) {
  const int idx = blockIdx.x * blockDim.x + threadIdx.x;
  if (idx >= n * kM) return;
  const T S = T(idx % kM) * T(kSmax / kJ);
  u[idx] = S > K[idx / kM] ? S - K[idx / kM] : T(0);
}

template <typename T>
__global__ void anchor_explicit_step(int n, const T* a, const T* b, const T* c, const T* u, T* un) {
  const int idx = blockIdx.x * blockDim.x + threadIdx.x;
  if (idx >= n * kM) return;
  const int j = idx % kM;
  const T left = j > 0 ? u[idx - 1] : T(0), right = j < kJ ? u[idx + 1] : T(0);
  un[idx] = a[idx] * left + b[idx] * u[idx] + c[idx] * right;
}

// The ATM-ish readout of option k (S0 = 100 between nodes 127 and 128) from a node-major grid on the host.
template <typename T>
double readout(const std::vector<T>& u, int k) {
  const double dS = kSmax / kJ;
  const int j = int(kS0 / dS);
  const double w = (kS0 - j * dS) / dS;
  return (1 - w) * double(u[size_t(k) * kM + j]) + w * double(u[size_t(k) * kM + j + 1]);
}

template <typename T>
void run_size(int n, cudaStream_t stream, cusparseHandle_t sp, double peak_tflops, bool anchors,
              std::vector<std::string>& rows, std::vector<std::string>& anchor_rows) {
  const char* prec = sizeof(T) == 4 ? "float" : "double";
  const int Ne = 50000, Ni = 2500;
  Batch<T> batch(n);
  gpurngSolver_t s = nullptr;
  CHECK_GPURNG(gpurngCreateSolver(&s));
  CHECK_GPURNG(gpurngSolverSetStream(s, stream));
  const double node_steps_e = double(n) * kM * Ne, node_steps_i = double(n) * kM * Ni;
  const int R = 8;
  const double flops_e = 5.0 * node_steps_e, flops_i = double(n) * 32 * (9 * R + 44) * Ni;
  const double reps_e = g_quick ? 3 : g_reps, reps_i = g_quick ? 3 : g_reps;
  const double ms_e = median_ms(
      stream, [&] { CHECK_GPURNG(pde(s, GPURNG_PDE_EXPLICIT, Ne, batch)); }, int(reps_e));
  const std::vector<T> pe = batch.prices();
  const double ms_i = median_ms(
      stream, [&] { CHECK_GPURNG(pde(s, GPURNG_PDE_IMPLICIT, Ni, batch)); }, int(reps_i));
  const std::vector<T> pi = batch.prices();
  const double ms_c = median_ms(
      stream, [&] { CHECK_GPURNG(pde(s, GPURNG_PDE_CRANK_NICOLSON, Ni, batch)); }, int(reps_i));
  const double flops_c = flops_i + 5.0 * node_steps_i;
  const double peak = sizeof(T) == 4 ? peak_tflops : peak_tflops / 2;
  auto row = [&](const char* scheme, int N, double ms, double flops, double target_ms, double steps) {
    char buf[1024];
    std::snprintf(buf, sizeof buf,
                  "    {\"scheme\": \"%s\", \"precision\": \"%s\", \"options\": %d, \"nodes\": %d, \"steps\": %d, "
                  "\"ms\": %.4f, \"target_ms\": %s, \"node_steps_per_s\": %.4e, \"flops\": %.4e, \"tflops\": %.3f, "
                  "\"fraction_of_peak\": %.3f}",
                  scheme, prec, n, kM, N, ms, target_ms > 0 ? std::to_string(target_ms).c_str() : "null",
                  steps / (ms * 1e-3), flops, flops / (ms * 1e-3) / 1e12, flops / (ms * 1e-3) / 1e12 / peak);
    rows.push_back(buf);
  };
  const bool targeted = n == 2048 && sizeof(T) == 4;
  row("explicit", Ne, ms_e, flops_e, targeted ? 4 : 0, node_steps_e);
  row("implicit", Ni, ms_i, flops_i, targeted ? 1 : 0, node_steps_i);
  row("crank_nicolson", Ni, ms_c, flops_c, 0, node_steps_i);
  std::fprintf(stderr, "%s %d options: explicit %.3f ms, implicit %.3f ms, crank-nicolson %.3f ms\n", prec, n, ms_e,
               ms_i, ms_c);
  if (anchors) {
    const size_t total = size_t(n) * kM;
    T *a, *b, *c, *u, *un;
    for (T** p : {&a, &b, &c, &u, &un}) BENCH_CHECK_CUDA(cudaMalloc(p, sizeof(T) * total));
    std::vector<T> hK(n);
    BENCH_CHECK_CUDA(cudaMemcpy(hK.data(), batch.K, sizeof(T) * n, cudaMemcpyDeviceToHost));
    const int threads = 256, blocks = int((total + threads - 1) / threads);
    // Explicit, one launch per step.
    anchor_coeffs<T><<<blocks, threads, 0, stream>>>(n, false, batch.K, T(kT / Ne), a, b, c);
    BENCH_CHECK_CUDA(cudaGetLastError());
    const int anchor_reps = g_quick ? 1 : 3;
    T* final_u = nullptr;
    const double ms_ne = median_ms(
        stream,
        [&] {
          anchor_payoff<T><<<blocks, threads, 0, stream>>>(n, batch.K, u);
          T *x = u, *y = un;
          for (int step = 0; step < Ne; ++step) {
            anchor_explicit_step<T><<<blocks, threads, 0, stream>>>(n, a, b, c, x, y);
            std::swap(x, y);
          }
          BENCH_CHECK_CUDA(cudaGetLastError());
          final_u = x;
        },
        anchor_reps);
    std::vector<T> hu(total);
    BENCH_CHECK_CUDA(cudaMemcpy(hu.data(), final_u, sizeof(T) * total, cudaMemcpyDeviceToHost));
    double diff_e = 0;
    for (int k = 0; k < n; ++k) diff_e = std::max(diff_e, std::fabs(readout(hu, k) - double(pe[k])));
    // Implicit: cuSPARSE gtsv2StridedBatch per step, x = u in place (the matrix is not modified).
    anchor_coeffs<T><<<blocks, threads, 0, stream>>>(n, true, batch.K, T(kT / Ni), a, b, c);
    BENCH_CHECK_CUDA(cudaGetLastError());
    size_t bytes = 0;
    CHECK_CUSPARSE(cusparse_gtsv::strided_buffer_size(sp, kM, a, b, c, u, n, kM, &bytes));
    void* buf = nullptr;
    BENCH_CHECK_CUDA(cudaMalloc(&buf, bytes));
    const double ms_ni = median_ms(
        stream,
        [&] {
          anchor_payoff<T><<<blocks, threads, 0, stream>>>(n, batch.K, u);
          for (int step = 0; step < Ni; ++step) CHECK_CUSPARSE(cusparse_gtsv::strided(sp, kM, a, b, c, u, n, kM, buf));
        },
        anchor_reps);
    BENCH_CHECK_CUDA(cudaMemcpy(hu.data(), u, sizeof(T) * total, cudaMemcpyDeviceToHost));
    double diff_i = 0;
    for (int k = 0; k < n; ++k) diff_i = std::max(diff_i, std::fabs(readout(hu, k) - double(pi[k])));
    char row_e[512], row_i[512];
    std::snprintf(row_e, sizeof row_e,
                  "    {\"anchor\": \"naive explicit: one launch per step, one thread per node, global memory\", "
                  "\"precision\": \"%s\", \"options\": %d, \"steps\": %d, \"ms\": %.3f, \"gpurng_ms\": %.4f, "
                  "\"speedup\": %.1f, \"max_price_diff\": %.3g}",
                  prec, n, Ne, ms_ne, ms_e, ms_ne / ms_e, diff_e);
    std::snprintf(row_i, sizeof row_i,
                  "    {\"anchor\": \"cusparse gtsv2StridedBatch per step\", \"precision\": \"%s\", \"options\": %d, "
                  "\"steps\": %d, \"ms\": %.3f, \"gpurng_ms\": %.4f, \"speedup\": %.1f, \"max_price_diff\": %.3g}",
                  prec, n, Ni, ms_ni, ms_i, ms_ni / ms_i, diff_i);
    anchor_rows.push_back(row_e);
    anchor_rows.push_back(row_i);
    std::fprintf(stderr, "  anchors: naive explicit %.2f ms (x%.1f), cusparse implicit %.2f ms (x%.1f)\n", ms_ne,
                 ms_ne / ms_e, ms_ni, ms_ni / ms_i);
    cudaFree(buf);
    for (T* p : {a, b, c, u, un}) cudaFree(p);
  }
  gpurngDestroySolver(s);
}

}  // namespace

int main(int argc, char** argv) {
  const char* out_path = nullptr;
  for (int i = 1; i < argc; ++i) {
    if (!std::strcmp(argv[i], "--reps") && i + 1 < argc)
      g_reps = std::max(1, std::atoi(argv[++i]));
    else if (!std::strcmp(argv[i], "--quick"))
      g_quick = true;
    else
      out_path = argv[i];
  }
  std::string command;
  for (int i = 0; i < argc; ++i) command += (i ? " " : "") + std::string(argv[i]);
  int devices = 0;
  if (cudaGetDeviceCount(&devices) != cudaSuccess || devices == 0) {
    std::fprintf(stderr, "pde_bench: no CUDA device\n");
    return 77;
  }
  cudaDeviceProp prop{};
  BENCH_CHECK_CUDA(cudaGetDeviceProperties(&prop, 0));
  int sms = 0, clock_khz = 0;
  BENCH_CHECK_CUDA(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, 0));
  BENCH_CHECK_CUDA(cudaDeviceGetAttribute(&clock_khz, cudaDevAttrClockRate, 0));
  cudaStream_t stream;
  BENCH_CHECK_CUDA(cudaStreamCreateWithFlags(&stream, cudaStreamNonBlocking));
  cusparseHandle_t sp;
  CHECK_CUSPARSE(cusparseCreate(&sp));
  CHECK_CUSPARSE(cusparseSetStream(sp, stream));

  // The clock under load: nvidia-smi while a queue of explicit calls runs.
  int smi_mhz = 0;
  {
    Batch<float> warm(16384);
    gpurngSolver_t s = nullptr;
    CHECK_GPURNG(gpurngCreateSolver(&s));
    CHECK_GPURNG(gpurngSolverSetStream(s, stream));
    smi_mhz = smi_clock_mhz(
        [&] {
          for (int i = 0; i < 20; ++i) CHECK_GPURNG(pde(s, GPURNG_PDE_EXPLICIT, 50000, warm));
        },
        stream);
    gpurngDestroySolver(s);
  }
  const double mhz = smi_mhz > 0 ? smi_mhz : clock_khz / 1000.0;
  const double fp32_peak_tflops = 2.0 * 128 * sms * mhz * 1e6 / 1e12;

  std::vector<std::string> rows, anchors;
  run_size<float>(2048, stream, sp, fp32_peak_tflops, true, rows, anchors);
  run_size<float>(16384, stream, sp, fp32_peak_tflops, !g_quick, rows, anchors);
  run_size<double>(2048, stream, sp, fp32_peak_tflops, true, rows, anchors);
  run_size<double>(16384, stream, sp, fp32_peak_tflops, false, rows, anchors);

  std::ostringstream js;
  js << "{\n  \"benchmark\": \"pde_bench\",\n  \"device\": \"" << json_escape(prop.name) << "\",\n  \"host_cpu\": \""
     << json_escape(host_cpu()) << "\",\n  \"command\": \"" << json_escape(command) << "\",\n  \"sms\": " << sms
     << ",\n  \"clock_attribute_mhz\": " << clock_khz / 1000
     << ",\n  \"sm_clock_under_load_mhz\": " << (smi_mhz > 0 ? std::to_string(smi_mhz) : "null")
     << ",\n  \"fp32_peak_tflops\": " << fp32_peak_tflops << ",\n  \"fp64_peak_tflops\": " << fp32_peak_tflops / 2
     << ",\n  \"grid\": {\"J\": " << kJ << ", \"Smax\": " << kSmax
     << ", \"options\": \"European calls S0 100, K 80..120, r 0.05, sigma 0.2, T 1\"},\n"
     << "  \"flops_per_node_step\": {\"explicit\": 5, \"implicit_per_lane_step\": \"9R+44 = 116 (R 8)\", "
        "\"crank_nicolson_extra\": 5},\n  \"results\": [\n";
  for (size_t i = 0; i < rows.size(); ++i) js << rows[i] << (i + 1 < rows.size() ? ",\n" : "\n");
  js << "  ],\n  \"anchors\": [\n";
  for (size_t i = 0; i < anchors.size(); ++i) js << anchors[i] << (i + 1 < anchors.size() ? ",\n" : "\n");
  js << "  ]\n}\n";
  if (out_path) {
    std::ofstream f(out_path);
    f << js.str();
    if (!f) {
      std::fprintf(stderr, "pde_bench: cannot write %s\n", out_path);
      return 1;
    }
  } else {
    std::fputs(js.str().c_str(), stdout);
  }
  cusparseDestroy(sp);
  cudaStreamDestroy(stream);
  return 0;
}
