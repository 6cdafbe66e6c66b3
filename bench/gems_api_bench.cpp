// SPDX-License-Identifier: BSD-3-Clause
// GPU Gems and Xu & Okten engines through the public API on the GPU: 1 GiB of output into device memory
// per engine and output type (hybrid Taus with Box-Muller and Wallace normals, Halton Rasrap in 1 and 100
// dimensions, Poisson on Philox), each the median of several CUDA-event-timed calls after a warm-up call,
// beside a cudaMemset store floor measured in the same run. Writes JSON to the path given.
//
//   gems_api_bench OUT.json [--reps N]
#include <cuda_runtime.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <functional>
#include <string>
#include <vector>

#include "gpurng.h"

namespace {

constexpr size_t kBytes = size_t(1) << 30;
int g_reps = 7;

double median_ms(const std::function<bool()>& call) {
  cudaEvent_t a, b;
  cudaEventCreate(&a);
  cudaEventCreate(&b);
  if (!call()) return -1;  // warm-up (and set-up)
  cudaDeviceSynchronize();
  std::vector<double> t;
  for (int i = 0; i < g_reps; ++i) {
    cudaEventRecord(a);
    if (!call()) return -1;
    cudaEventRecord(b);
    cudaEventSynchronize(b);
    float ms = 0;
    cudaEventElapsedTime(&ms, a, b);
    t.push_back(ms);
  }
  cudaEventDestroy(a);
  cudaEventDestroy(b);
  std::sort(t.begin(), t.end());
  return t[t.size() / 2];
}

struct Row {
  std::string engine, output;
  size_t n, elem;
  double ms;
};

}  // namespace

int main(int argc, char** argv) {
  if (argc < 2) {
    std::fprintf(stderr, "usage: %s OUT.json [--reps N]\n", argv[0]);
    return 2;
  }
  for (int i = 2; i < argc; ++i)
    if (!std::strcmp(argv[i], "--reps") && i + 1 < argc) g_reps = std::atoi(argv[++i]);
  std::string command;
  for (int i = 0; i < argc; ++i) command += (i ? " " : "") + std::string(argv[i]);
  setenv("GPURNG_BACKEND", "cuda", 1);
  void* buf = nullptr;
  if (cudaMalloc(&buf, kBytes) != cudaSuccess) {
    std::fprintf(stderr, "no GPU memory\n");
    return 77;
  }
  cudaDeviceProp prop{};
  cudaGetDeviceProperties(&prop, 0);
  const double floor_ms = median_ms([&] { return cudaMemsetAsync(buf, 0, kBytes) == cudaSuccess; });
  std::vector<Row> rows;
  auto run = [&](const char* engine, gpurngRngType_t type, const char* output, size_t elem,
                 const std::function<gpurngStatus_t(gpurngGenerator_t, void*, size_t)>& gen,
                 const std::function<void(gpurngGenerator_t)>& setup) {
    gpurngGenerator_t g = nullptr;
    if (gpurngCreateGenerator(&g, type) != GPURNG_STATUS_SUCCESS) return;
    setup(g);
    const size_t n = kBytes / elem;
    const double ms = median_ms([&] { return gen(g, buf, n) == GPURNG_STATUS_SUCCESS; });
    gpurngDestroyGenerator(g);
    rows.push_back({engine, output, n, elem, ms});
    std::printf("%-14s %-22s %8.3f ms  %7.1f GS/s  %.2f of the store floor\n", engine, output, ms, n / ms / 1e6,
                floor_ms / ms);
  };
  auto none = [](gpurngGenerator_t) {};
  auto u32 = [](gpurngGenerator_t g, void* p, size_t n) { return gpurngGenerate(g, static_cast<unsigned*>(p), n); };
  auto f32 = [](gpurngGenerator_t g, void* p, size_t n) { return gpurngGenerateUniform(g, static_cast<float*>(p), n); };
  auto f64 = [](gpurngGenerator_t g, void* p, size_t n) {
    return gpurngGenerateUniformDouble(g, static_cast<double*>(p), n);
  };
  auto n32 = [](gpurngGenerator_t g, void* p, size_t n) {
    return gpurngGenerateNormal(g, static_cast<float*>(p), n, 0.0f, 1.0f);
  };
  auto n64 = [](gpurngGenerator_t g, void* p, size_t n) {
    return gpurngGenerateNormalDouble(g, static_cast<double*>(p), n, 0.0, 1.0);
  };
  auto poisson = [](gpurngGenerator_t g, void* p, size_t n) {
    return gpurngGeneratePoisson(g, static_cast<unsigned*>(p), n, 4.0);
  };
  run("HYBRID_TAUS", GPURNG_RNG_PSEUDO_HYBRID_TAUS, "u32", 4, u32, none);
  run("HYBRID_TAUS", GPURNG_RNG_PSEUDO_HYBRID_TAUS, "uniform_f32", 4, f32, none);
  run("HYBRID_TAUS", GPURNG_RNG_PSEUDO_HYBRID_TAUS, "uniform_f64", 8, f64, none);
  run("HYBRID_TAUS", GPURNG_RNG_PSEUDO_HYBRID_TAUS, "normal_f32_box_muller", 4, n32, none);
  run("HYBRID_TAUS", GPURNG_RNG_PSEUDO_HYBRID_TAUS, "normal_f64_box_muller", 8, n64, none);
  auto wallace = [](gpurngGenerator_t g) { gpurngSetNormalMethod(g, GPURNG_NORMAL_METHOD_WALLACE); };
  run("HYBRID_TAUS", GPURNG_RNG_PSEUDO_HYBRID_TAUS, "normal_f32_wallace", 4, n32, wallace);
  run("HALTON_RASRAP", GPURNG_RNG_QUASI_HALTON_RASRAP, "uniform_f64_1dim", 8, f64, none);
  auto dims100 = [](gpurngGenerator_t g) { gpurngSetQuasiRandomGeneratorDimensions(g, 128); };
  run("HALTON_RASRAP", GPURNG_RNG_QUASI_HALTON_RASRAP, "uniform_f64_128dims", 8, f64, dims100);
  run("HALTON_RASRAP", GPURNG_RNG_QUASI_HALTON_RASRAP, "uniform_f32_1dim", 4, f32, none);
  run("PHILOX4_32_10", GPURNG_RNG_PSEUDO_PHILOX4_32_10, "poisson_lambda4", 4, poisson, none);
  run("SOBOL32", GPURNG_RNG_QUASI_SOBOL32, "poisson_lambda4", 4, poisson, none);

  FILE* f = std::fopen(argv[1], "w");
  if (!f) return 1;
  std::fprintf(f, "{\n  \"device\": \"%s\",\n  \"command\": \"%s\",\n  \"bytes\": %zu,\n", prop.name, command.c_str(),
               kBytes);
  std::fprintf(f, "  \"store_floor_ms\": %.4f,\n  \"results\": [\n", floor_ms);
  for (size_t i = 0; i < rows.size(); ++i) {
    const Row& r = rows[i];
    std::fprintf(f,
                 "    {\"engine\": \"%s\", \"output\": \"%s\", \"n\": %zu, \"ms\": %.4f, \"gsamples_per_s\": %.2f, "
                 "\"fraction_of_store_floor\": %.3f}%s\n",
                 r.engine.c_str(), r.output.c_str(), r.n, r.ms, r.n / r.ms / 1e6, floor_ms / r.ms,
                 i + 1 < rows.size() ? "," : "");
  }
  std::fprintf(f, "  ]\n}\n");
  std::fclose(f);
  cudaFree(buf);
  return 0;
}
