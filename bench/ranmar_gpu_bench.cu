// SPDX-License-Identifier: BSD-3-Clause
// GPU bulk throughput of the RANMAR and classic engines into device memory, one stream, against anchors measured in
// the same run: a plain store kernel (the write floor), cudaMemset, and cuRAND's Philox4x32-10.
// Usage: ranmar_gpu_bench [--json PATH]. Prints a table; writes JSON with device, command and figures.
#include <cuda_runtime.h>
#include <curand.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <functional>
#include <string>
#include <vector>

#include "gpurng.h"

namespace {

#define CHECK_CUDA(x)                                                                  \
  do {                                                                                 \
    cudaError_t e_ = (x);                                                              \
    if (e_ != cudaSuccess) {                                                           \
      std::fprintf(stderr, "%s:%d: %s\n", __FILE__, __LINE__, cudaGetErrorString(e_)); \
      std::exit(1);                                                                    \
    }                                                                                  \
  } while (0)
#define CHECK_OK(x)                                                       \
  do {                                                                    \
    int s_ = static_cast<int>(x);                                         \
    if (s_ != 0) {                                                        \
      std::fprintf(stderr, "%s:%d: status %d\n", __FILE__, __LINE__, s_); \
      std::exit(1);                                                       \
    }                                                                     \
  } while (0)

template <typename T>
__global__ void store_kernel(T* out, size_t n, T value) {
  for (size_t i = blockIdx.x * size_t(blockDim.x) + threadIdx.x; i < n; i += size_t(gridDim.x) * blockDim.x)
    out[i] = value;
}

// One element per thread, no loop.
template <typename T>
__global__ void store_once_kernel(T* out, size_t n, T value) {
  const size_t i = blockIdx.x * size_t(blockDim.x) + threadIdx.x;
  if (i < n) out[i] = value;
}

// 16-byte stores, grid-stride (n16 = number of 16-byte words).
__global__ void store_vec16_kernel(float4* out, size_t n16, float value) {
  const float4 v = make_float4(value, value, value, value);
  for (size_t i = blockIdx.x * size_t(blockDim.x) + threadIdx.x; i < n16; i += size_t(gridDim.x) * blockDim.x)
    out[i] = v;
}

// Median of `reps` timed runs (device events), after two warm-up runs. Returns milliseconds.
double time_ms(const std::function<void()>& run, int reps = 15) {
  run();
  run();
  CHECK_CUDA(cudaDeviceSynchronize());
  cudaEvent_t a, b;
  cudaEventCreate(&a);
  cudaEventCreate(&b);
  std::vector<double> t;
  for (int r = 0; r < reps; ++r) {
    cudaEventRecord(a);
    run();
    cudaEventRecord(b);
    CHECK_CUDA(cudaEventSynchronize(b));
    float ms = 0;
    cudaEventElapsedTime(&ms, a, b);
    t.push_back(ms);
  }
  std::sort(t.begin(), t.end());
  return t[t.size() / 2];
}

struct Row {
  std::string name;
  double gsamples_per_s;
  double ms;
  size_t n;
};

}  // namespace

int main(int argc, char** argv) {
  std::string json = "bench/results/ranmar_gpu.json";
  std::string command;
  for (int i = 0; i < argc; ++i) command += (i ? " " : "") + std::string(argv[i]);
  for (int i = 1; i + 1 < argc; ++i)
    if (std::string(argv[i]) == "--json") json = argv[i + 1];

  cudaDeviceProp prop;
  CHECK_CUDA(cudaGetDeviceProperties(&prop, 0));
  const size_t bytes = size_t(1) << 30;  // 1 GiB of output, as in the cuRAND anchors
  const size_t nf = bytes / sizeof(float), nd = bytes / sizeof(double);
  void* buf = nullptr;
  CHECK_CUDA(cudaMalloc(&buf, bytes));
  float* f = static_cast<float*>(buf);
  double* d = static_cast<double*>(buf);
  std::vector<Row> rows;
  auto add = [&](const std::string& name, size_t n, double ms) {
    rows.push_back({name, n / (ms * 1e-3) / 1e9, ms, n});
    std::printf("%-40s %9.3f ms %9.1f GS/s\n", name.c_str(), ms, rows.back().gsamples_per_s);
  };

  // The floor is the fastest of three plain store kernels (grid-stride, one element per thread, 16-byte
  // vector stores), so the ratios below are against the best write rate this GPU showed in this run.
  const int blocks = prop.multiProcessorCount * 8;
  const unsigned once_f = static_cast<unsigned>((nf + 255) / 256), once_d = static_cast<unsigned>((nd + 255) / 256);
  add("store kernel float, grid-stride", nf, time_ms([&] { store_kernel<<<blocks, 256>>>(f, nf, 0.5f); }));
  add("store kernel float, one per thread", nf, time_ms([&] { store_once_kernel<<<once_f, 256>>>(f, nf, 0.5f); }));
  add("store kernel double, grid-stride", nd, time_ms([&] { store_kernel<<<blocks, 256>>>(d, nd, 0.5); }));
  add("store kernel double, one per thread", nd, time_ms([&] { store_once_kernel<<<once_d, 256>>>(d, nd, 0.5); }));
  add("store kernel 16-byte vectors (as floats)", nf,
      time_ms([&] { store_vec16_kernel<<<blocks, 256>>>(static_cast<float4*>(buf), bytes / 16, 0.5f); }));
  {
    const double vec_rate = rows.back().gsamples_per_s;
    double best_f = vec_rate, best_d = vec_rate / 2;
    for (const Row& r : rows) {
      if (r.name.rfind("store kernel float", 0) == 0 && r.gsamples_per_s > best_f) best_f = r.gsamples_per_s;
      if (r.name.rfind("store kernel double", 0) == 0 && r.gsamples_per_s > best_d) best_d = r.gsamples_per_s;
    }
    rows.push_back({"store kernel float (floor)", best_f, nf / best_f * 1e-6, nf});
    rows.push_back({"store kernel double (floor)", best_d, nd / best_d * 1e-6, nd});
    std::printf("%-40s %9s    %9.1f GS/s\n%-40s %9s    %9.1f GS/s\n", "store floor float (best)", "", best_f,
                "store floor double (best)", "", best_d);
  }
  add("cudaMemset 1 GiB (as floats)", nf, time_ms([&] { cudaMemset(buf, 1, bytes); }));

  curandGenerator_t cr;
  CHECK_OK(curandCreateGenerator(&cr, CURAND_RNG_PSEUDO_PHILOX4_32_10));
  add("cuRAND Philox uniform float", nf, time_ms([&] { curandGenerateUniform(cr, f, nf); }));
  add("cuRAND Philox uniform double", nd, time_ms([&] { curandGenerateUniformDouble(cr, d, nd); }));
  curandDestroyGenerator(cr);
  CHECK_OK(curandCreateGenerator(&cr, CURAND_RNG_PSEUDO_XORWOW));
  add("cuRAND XORWOW uniform float", nf, time_ms([&] { curandGenerateUniform(cr, f, nf); }));
  curandDestroyGenerator(cr);

  struct Case {
    const char* name;
    gpurngRngType_t type;
    bool dbl;
  } cases[] = {{"gpurng RANMAR uniform float", GPURNG_RNG_PSEUDO_RANMAR, false},
               {"gpurng RANMAR uniform double", GPURNG_RNG_PSEUDO_RANMAR, true},
               {"gpurng RANMAR48 uniform double", GPURNG_RNG_PSEUDO_RANMAR48, true},
               {"gpurng RANMAR48 uniform float", GPURNG_RNG_PSEUDO_RANMAR48, false},
               {"gpurng RANMAR48X uniform double", GPURNG_RNG_PSEUDO_RANMAR48X, true},
               // The classic engines (issue: Park-Miller bulk on the GPU as in Langdon's work).
               {"gpurng MINSTD uniform float", GPURNG_RNG_PSEUDO_MINSTD, false},
               {"gpurng MINSTD uniform double", GPURNG_RNG_PSEUDO_MINSTD, true},
               {"gpurng MINSTD48271 uniform float", GPURNG_RNG_PSEUDO_MINSTD48271, false},
               {"gpurng DRAND48 uniform double", GPURNG_RNG_PSEUDO_DRAND48, true},
               {"gpurng GLIBC_RANDOM (TYPE_3) uniform float", GPURNG_RNG_PSEUDO_GLIBC_RANDOM, false},
               {"gpurng GLIBC_RANDOM_TYPE0 uniform float", GPURNG_RNG_PSEUDO_GLIBC_RANDOM_TYPE0, false}};
  for (const Case& c : cases) {
    gpurngGenerator_t g;
    CHECK_OK(gpurngCreateGenerator(&g, c.type));
    gpurngBackend_t b;
    gpurngGetBackend(g, &b);
    if (b != GPURNG_BACKEND_CUDA) {
      std::fprintf(stderr, "no CUDA backend\n");
      return 1;
    }
    if (c.dbl)
      add(c.name, nd, time_ms([&] { CHECK_OK(gpurngGenerateUniformDouble(g, d, nd)); }));
    else
      add(c.name, nf, time_ms([&] { CHECK_OK(gpurngGenerateUniform(g, f, nf)); }));
    // Mid-sized and 1 Mi-number requests, where launch and jump overheads show.
    add(std::string(c.name) + " (16 Mi)", size_t(1) << 24,
        time_ms(
            [&] {
              if (c.dbl)
                CHECK_OK(gpurngGenerateUniformDouble(g, d, size_t(1) << 24));
              else
                CHECK_OK(gpurngGenerateUniform(g, f, size_t(1) << 24));
            },
            30));
    add(std::string(c.name) + " (1 Mi)", size_t(1) << 20,
        time_ms(
            [&] {
              if (c.dbl)
                CHECK_OK(gpurngGenerateUniformDouble(g, d, size_t(1) << 20));
              else
                CHECK_OK(gpurngGenerateUniform(g, f, size_t(1) << 20));
            },
            50));
    gpurngDestroyGenerator(g);
  }

  auto rate = [&](const std::string& name) {
    for (const Row& r : rows)
      if (r.name == name) return r.gsamples_per_s;
    return 0.0;
  };
  const double ratio_f = rate("gpurng RANMAR uniform float") / rate("store kernel float (floor)");
  const double ratio_d = rate("gpurng RANMAR48 uniform double") / rate("store kernel double (floor)");
  std::printf("RANMAR float / store floor: %.3f   RANMAR48 double / store floor: %.3f\n", ratio_f, ratio_d);
  std::printf("RANMAR float / cuRAND Philox float: %.3f   RANMAR48 double / cuRAND Philox double: %.3f\n",
              rate("gpurng RANMAR uniform float") / rate("cuRAND Philox uniform float"),
              rate("gpurng RANMAR48 uniform double") / rate("cuRAND Philox uniform double"));

  if (FILE* out = std::fopen(json.c_str(), "w")) {
    char date[64];
    const std::time_t now = std::time(nullptr);
    std::strftime(date, sizeof date, "%Y-%m-%dT%H:%M:%SZ", std::gmtime(&now));
    int runtime = 0, driver = 0;
    cudaRuntimeGetVersion(&runtime);
    cudaDriverGetVersion(&driver);
    std::fprintf(
        out, "{\n  \"benchmark\": \"ranmar_gpu_bulk\",\n  \"device\": \"%s, %d SMs, CUDA runtime %d, driver %d\",\n",
        prop.name, prop.multiProcessorCount, runtime, driver);
    std::fprintf(out, "  \"command\": \"%s\",\n  \"date\": \"%s\",\n  \"bytes_per_request\": %zu,\n  \"results\": [\n",
                 command.c_str(), date, bytes);
    for (size_t i = 0; i < rows.size(); ++i)
      std::fprintf(out, "    {\"name\": \"%s\", \"numbers\": %zu, \"median_ms\": %.4f, \"gsamples_per_s\": %.2f}%s\n",
                   rows[i].name.c_str(), rows[i].n, rows[i].ms, rows[i].gsamples_per_s, i + 1 < rows.size() ? "," : "");
    std::fprintf(
        out,
        "  ],\n  \"ratios\": {\"ranmar_float_vs_store_floor\": %.4f, \"ranmar48_double_vs_store_floor\": %.4f}\n}\n",
        ratio_f, ratio_d);
    std::fclose(out);
    std::printf("wrote %s\n", json.c_str());
  }
  cudaFree(buf);
  return 0;
}
