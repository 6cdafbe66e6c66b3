// SPDX-License-Identifier: BSD-3-Clause
// The device API against cuRAND's device API, in the same run on the same GPU, per engine (Philox4_32_10, XORWOW,
// MRG32k3a):
//   - initialisation of 2^20 states with distinct subsequences (seed fixed, subsequence i, offset 0, states
//     written to global memory): this library's per-thread gpurng_init, its gpurngInitStates* entry point, and
//     cuRAND's curand_init;
//   - fused kernels, 2^20 threads: init + 1024 uniforms summed, init + 256 normals summed (normals in both modes:
//     portable and cuRAND-device), against the same kernel on cuRAND; Philox also with the 4-wide calls.
// Figures: milliseconds (median of repetitions, cudaEvents, after a warm-up call; the first gpurngInitStatesXORWOW
// call on a device also builds its tables, which the warm-up absorbs), G numbers/s for the fused kernels, and
// cuRAND's time over ours. cuRAND's figures on an H100 from the issue are printed beside as a reference;
// the anchors that count are cuRAND's, measured here. (cuRANDDx and the RANMAR48 state: peers_bench.cu.)
// Usage: device_api_bench [out.json]   (JSON to the file, a table to stdout; exits 77 without a GPU)
#include <cuda_runtime.h>
#include <curand_kernel.h>

#include <cstdio>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "bench_report.hpp"
#include "gpu_timing.cuh"
#include "ours_api.cuh"

namespace bench_dapi {
namespace {

constexpr unsigned long long kSeed = 1234ull;
constexpr int kReps = 25;

struct Curand {
  template <class S>
  static __device__ void init(unsigned long long seed, unsigned long long sub, unsigned long long off, S* s) {
    curand_init(seed, sub, off, s);
  }
  template <class S>
  static __device__ float uniform(S* s) {
    return curand_uniform(s);
  }
  template <class S>
  static __device__ float normal(S* s) {
    return curand_normal(s);
  }
  template <class S>
  static __device__ auto uniform4(S* s) {
    return curand_uniform4(s);
  }
  template <class S>
  static __device__ auto normal4(S* s) {
    return curand_normal4(s);
  }
};

template <class Api, class S>
__global__ void __launch_bounds__(kBlock) init_per_thread(S* states, unsigned long long seed) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  S s;
  Api::init(seed, i, 0, &s);
  states[i] = s;
}

void launch_curand(Engine e, Draw d, float* out, unsigned long long seed, int per, cudaStream_t st) {
  switch (e) {
    case Engine::philox:
      if (d == Draw::uniform4 || d == Draw::normal4)
        launch_philox4<Curand, curandStatePhilox4_32_10_t>(d, out, seed, per, st);
      else
        launch_draw<Curand, curandStatePhilox4_32_10_t>(d, out, seed, per, st);
      break;
    case Engine::xorwow:
      launch_draw<Curand, curandStateXORWOW_t>(d, out, seed, per, st);
      break;
    case Engine::mrg32k3a:
      launch_draw<Curand, curandStateMRG32k3a_t>(d, out, seed, per, st);
      break;
  }
}

struct Row {
  std::string engine, what, ours_name;
  double ours_ms, curand_ms;
  double numbers;          // drawn by the whole kernel (0 for initialisation)
  double h100_curand = 0;  // cuRAND on an H100, from the issue (ms for init, G/s for fused); 0: none quoted
};

double gps(double numbers, double ms) { return numbers / (ms * 1e-3) / 1e9; }

template <class SO, class SC>
void bench_init(std::vector<Row>& rows, const char* engine, double h100_ms, cudaStream_t st,
                gpurngStatus_t (*init_states)(SO*, size_t, unsigned long long, unsigned long long, unsigned long long,
                                              gpurngCudaStream_t)) {
  SO* ours = nullptr;
  SC* theirs = nullptr;
  BENCH_CHECK_CUDA(cudaMalloc(&ours, sizeof(SO) * kThreads));
  BENCH_CHECK_CUDA(cudaMalloc(&theirs, sizeof(SC) * kThreads));
  const dim3 grid(kThreads / kBlock), block(kBlock);
  const double curand_ms = bench::median_ms(
      st, [&] { init_per_thread<Curand, SC><<<grid, block, 0, st>>>(theirs, kSeed); }, kReps);
  const double per_thread_ms = bench::median_ms(
      st, [&] { init_per_thread<Ours, SO><<<grid, block, 0, st>>>(ours, kSeed); }, kReps);
  const double entry_ms = bench::median_ms(
      st,
      [&] {
        if (init_states(ours, kThreads, kSeed, 0, 0, reinterpret_cast<gpurngCudaStream_t>(st)) !=
            GPURNG_STATUS_SUCCESS) {
          std::fprintf(stderr, "gpurngInitStates%s failed\n", engine);
          std::exit(1);
        }
      },
      kReps);
  BENCH_CHECK_CUDA(cudaGetLastError());
  rows.push_back({engine, "init 2^20 states", "gpurng_init per thread", per_thread_ms, curand_ms, 0, h100_ms});
  rows.push_back(
      {engine, "init 2^20 states", std::string("gpurngInitStates") + engine, entry_ms, curand_ms, 0, h100_ms});
  cudaFree(ours);
  cudaFree(theirs);
}

void bench_fused(std::vector<Row>& rows, Engine e, const char* engine, float* out, cudaStream_t st, double h100_uniform,
                 double h100_normal) {
  struct Case {
    Draw ours, theirs;
    int per;
    bool curand_mode;
    const char* what;
    const char* ours_name;
    double h100;
  };
  std::vector<Case> cases = {
      {Draw::uniform, Draw::uniform, kUniformsPerThread, false, "init + 1024 uniforms", "gpurng_uniform", h100_uniform},
      {Draw::normal, Draw::normal, kNormalsPerThread, false, "init + 256 normals", "gpurng_normal, portable mode",
       h100_normal},
      {Draw::normal, Draw::normal, kNormalsPerThread, true, "init + 256 normals", "gpurng_normal, cuRAND-device mode",
       h100_normal}};
  if (e == Engine::philox) {
    cases.push_back({Draw::uniform4, Draw::uniform4, kUniformsPerThread, false, "init + 1024 uniforms, 4-wide",
                     "gpurng_uniform4", 0});
    cases.push_back({Draw::normal4, Draw::normal4, kNormalsPerThread, false, "init + 256 normals, 4-wide",
                     "gpurng_normal4, portable mode", 0});
    cases.push_back({Draw::normal4, Draw::normal4, kNormalsPerThread, true, "init + 256 normals, 4-wide",
                     "gpurng_normal4, cuRAND-device mode", 0});
  }
  for (const Case& c : cases) {
    const double curand_ms = bench::median_ms(
        st, [&] { launch_curand(e, c.theirs, out, kSeed, c.per, st); }, kReps);
    const double ours_ms = bench::median_ms(
        st,
        [&] {
          if (c.curand_mode)
            launch_fused_ours_curand_mode(e, c.ours, out, kSeed, c.per, st);
          else
            launch_ours(e, c.ours, out, kSeed, c.per, st);
        },
        kReps);
    BENCH_CHECK_CUDA(cudaGetLastError());
    rows.push_back({engine, c.what, c.ours_name, ours_ms, curand_ms, double(kThreads) * c.per, c.h100});
  }
}

}  // namespace
}  // namespace bench_dapi

int main(int argc, char** argv) {
  using namespace bench_dapi;
  int devices = 0;
  if (cudaGetDeviceCount(&devices) != cudaSuccess || devices == 0) {
    std::fprintf(stderr, "device_api_bench: no GPU\n");
    return 77;
  }
  cudaDeviceProp prop;
  BENCH_CHECK_CUDA(cudaGetDeviceProperties(&prop, 0));
  cudaStream_t st;
  BENCH_CHECK_CUDA(cudaStreamCreateWithFlags(&st, cudaStreamNonBlocking));
  float* out = nullptr;
  BENCH_CHECK_CUDA(cudaMalloc(&out, sizeof(float) * kThreads));

  std::vector<Row> rows;
  bench_init<gpurngStatePhilox4_32_10_t, curandStatePhilox4_32_10_t>(rows, "Philox4_32_10", 0.080, st,
                                                                     gpurngInitStatesPhilox4_32_10);
  bench_init<gpurngStateXORWOW_t, curandStateXORWOW_t>(rows, "XORWOW", 2.09, st, gpurngInitStatesXORWOW);
  bench_init<gpurngStateMRG32k3a_t, curandStateMRG32k3a_t>(rows, "MRG32k3a", 5.91, st, gpurngInitStatesMRG32k3a);
  bench_fused(rows, Engine::philox, "Philox4_32_10", out, st, 731, 461);
  bench_fused(rows, Engine::xorwow, "XORWOW", out, st, 440, 118);
  bench_fused(rows, Engine::mrg32k3a, "MRG32k3a", out, st, 134, 40);

  std::printf("%-14s %-30s %-36s %10s %10s %9s %9s %8s %12s\n", "engine", "case", "ours", "ours ms", "cuRAND ms",
              "ours G/s", "cuRAND G/s", "x cuRAND", "H100 cuRAND");
  std::ostringstream js;
  js << "{\n  \"benchmark\": \"device_api_bench\",\n  \"device\": \"" << prop.name << "\",\n  \"host_cpu\": \""
     << bench::json_escape(bench::host_cpu()) << "\",\n  \"command\": \""
     << bench::json_escape(bench::command_line(argc, argv)) << "\",\n  \"timing\": \"median of " << kReps
     << " event-timed launches after one warm-up, one stream; G/s = numbers drawn / time\",\n"
     << "  \"threads\": " << kThreads << ",\n"
     << "  \"anchor\": \"cuRAND's device API (curand_kernel.h), the same kernel, measured in this run\",\n"
     << "  \"reference_h100_curand\": {\"init_ms\": {\"Philox4_32_10\": 0.080, \"XORWOW\": 2.09, \"MRG32k3a\": 5.91}, "
        "\"fused_uniform_gps\": {\"Philox4_32_10\": 731, \"XORWOW\": 440, \"MRG32k3a\": 134}, "
        "\"fused_normal_gps\": {\"Philox4_32_10\": 461, \"XORWOW\": 118, \"MRG32k3a\": 40}},\n"
     << "  \"rows\": [\n";
  for (size_t i = 0; i < rows.size(); ++i) {
    const Row& r = rows[i];
    const bool fused = r.numbers > 0;
    const double ours_gps = fused ? gps(r.numbers, r.ours_ms) : 0, curand_gps = fused ? gps(r.numbers, r.curand_ms) : 0;
    std::printf("%-14s %-30s %-36s %10.4f %10.4f %9.1f %9.1f %8.2f %12s\n", r.engine.c_str(), r.what.c_str(),
                r.ours_name.c_str(), r.ours_ms, r.curand_ms, ours_gps, curand_gps, r.curand_ms / r.ours_ms,
                r.h100_curand > 0 ? (std::to_string(r.h100_curand) + (fused ? " G/s" : " ms")).c_str() : "-");
    js << "    {\"engine\": \"" << r.engine << "\", \"case\": \"" << r.what << "\", \"ours\": \"" << r.ours_name
       << "\", \"ours_ms\": " << r.ours_ms << ", \"curand_ms\": " << r.curand_ms
       << ", \"speedup_vs_curand\": " << r.curand_ms / r.ours_ms;
    if (fused)
      js << ", \"numbers\": " << r.numbers << ", \"ours_gps\": " << ours_gps << ", \"curand_gps\": " << curand_gps;
    if (r.h100_curand > 0) js << ", \"h100_curand_reference\": " << r.h100_curand;
    js << "}" << (i + 1 < rows.size() ? "," : "") << "\n";
  }
  js << "  ]\n}\n";
  if (argc > 1) std::ofstream(argv[1]) << js.str();
  cudaFree(out);
  cudaStreamDestroy(st);
  return 0;
}
