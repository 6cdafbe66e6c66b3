// SPDX-License-Identifier: BSD-3-Clause
// Small host calls of the cuRAND-style engines (issue 17): 10 uniform floats a call from one generator, for
// Philox4_32_10, XORWOW and MRG32k3a, three ways in the same run:
//   ring     libgpurng through its prefetch ring (the default: 2^17-number slabs, 4 of them);
//   direct   the same generator with the ring off (gpurngSetPrefetch(g, 0, 0)): each call fills 10 numbers;
//   cuRAND   cuRAND's host API (curandCreateGeneratorHost, curandGenerateUniform 10 at a time), when built.
// Rows are ns per call (median of the repetitions); every way is checked to give the same numbers first.
// Usage: small_calls_bench [--json PATH] [--quick]. GPURNG_BACKEND picks the library's backend as usual.
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <functional>
#include <string>
#include <vector>

#include "bench_report.hpp"
#include "gpurng.h"

#if BENCH_HAVE_CURAND
#include <curand.h>
#endif
#if BENCH_HAVE_CUDA
#include <cuda_runtime.h>
#endif

namespace {

using Clock = std::chrono::steady_clock;
constexpr unsigned long long kSeed = 1234;
constexpr size_t kPerCall = 10;

void check(gpurngStatus_t s, const char* what) {
  if (s != GPURNG_STATUS_SUCCESS) {
    std::fprintf(stderr, "%s: %s\n", what, gpurngGetErrorString(s));
    std::exit(1);
  }
}

// Median over `reps` runs of `calls` calls, in ns per call.
double ns_per_call(const std::function<void(float*)>& call, long calls, int reps) {
  float buf[kPerCall];
  for (long c = 0; c < calls / 10; ++c) call(buf);  // warm-up: starts the ring, faults pages in
  std::vector<double> t;
  for (int r = 0; r < reps; ++r) {
    const auto a = Clock::now();
    for (long c = 0; c < calls; ++c) call(buf);
    t.push_back(std::chrono::duration<double, std::nano>(Clock::now() - a).count() / double(calls));
  }
  std::sort(t.begin(), t.end());
  return t[t.size() / 2];
}

struct Engine {
  const char* name;
  gpurngRngType_t ours;
  int curand_type;  // curandRngType_t
};

gpurngGenerator_t make(gpurngRngType_t type, bool ring) {
  gpurngGenerator_t g = nullptr;
  check(gpurngCreateGenerator(&g, type), "create");
  check(gpurngSetPseudoRandomGeneratorSeed(g, kSeed), "seed");
  if (!ring) check(gpurngSetPrefetch(g, 0, 0), "prefetch off");
  return g;
}

volatile float g_sink;

}  // namespace

int main(int argc, char** argv) {
  const gpurng_bench::Args args = gpurng_bench::parse_args(argc, argv, "bench/results/small_calls.json");
  const std::string& json = args.json;
  const std::string& command = args.command;
  const bool quick = args.quick;
  const int reps = quick ? 3 : 7;
  const long calls = quick ? 200000 : 2000000;
#if BENCH_HAVE_CURAND
  const Engine engines[] = {{"Philox4_32_10", GPURNG_RNG_PSEUDO_PHILOX4_32_10, CURAND_RNG_PSEUDO_PHILOX4_32_10},
                            {"XORWOW", GPURNG_RNG_PSEUDO_XORWOW, CURAND_RNG_PSEUDO_XORWOW},
                            {"MRG32k3a", GPURNG_RNG_PSEUDO_MRG32K3A, CURAND_RNG_PSEUDO_MRG32K3A}};
#else
  const Engine engines[] = {{"Philox4_32_10", GPURNG_RNG_PSEUDO_PHILOX4_32_10, 0},
                            {"XORWOW", GPURNG_RNG_PSEUDO_XORWOW, 0},
                            {"MRG32k3a", GPURNG_RNG_PSEUDO_MRG32K3A, 0}};
#endif
  std::vector<gpurng_bench::Row> rows;
  auto add = [&](const std::string& name, double v, const char* unit) {
    rows.push_back({name, v, unit});
    std::printf("%-60s %10.3f %s\n", name.c_str(), v, unit);
    std::fflush(stdout);
  };
  gpurngBackend_t backend = GPURNG_BACKEND_CPU;
  {
    gpurngGenerator_t g = make(GPURNG_RNG_PSEUDO_PHILOX4_32_10, true);
    check(gpurngGetBackend(g, &backend), "backend");
    gpurngDestroyGenerator(g);
  }
  std::printf("backend: %s\n", backend == GPURNG_BACKEND_CUDA ? "CUDA" : "CPU");

  for (const Engine& e : engines) {
    gpurngGenerator_t ringed = make(e.ours, true), direct = make(e.ours, false);
#if BENCH_HAVE_CURAND
    curandGenerator_t cg = nullptr;
    if (curandCreateGeneratorHost(&cg, static_cast<curandRngType_t>(e.curand_type)) != CURAND_STATUS_SUCCESS ||
        curandSetPseudoRandomGeneratorSeed(cg, kSeed) != CURAND_STATUS_SUCCESS) {
      std::fprintf(stderr, "cuRAND host generator for %s failed\n", e.name);
      return 1;
    }
#endif
    // Correctness gate: the three ways give the same first 10^5 numbers (10-number calls).
    for (int c = 0; c < 10000; ++c) {
      float a[kPerCall], b[kPerCall];
      check(gpurngGenerateUniform(ringed, a, kPerCall), "ring");
      check(gpurngGenerateUniform(direct, b, kPerCall), "direct");
      bool same = std::memcmp(a, b, sizeof a) == 0;
#if BENCH_HAVE_CURAND
      float r[kPerCall];
      same =
          same && curandGenerateUniform(cg, r, kPerCall) == CURAND_STATUS_SUCCESS && std::memcmp(a, r, sizeof a) == 0;
#endif
      if (!same) {
        std::fprintf(stderr, "%s: the ways differ at call %d\n", e.name, c);
        return 1;
      }
    }
    const double ring_ns = ns_per_call(
        [&](float* b) {
          gpurngGenerateUniform(ringed, b, kPerCall);
          g_sink = b[0];
        },
        calls, reps);
    const double direct_ns = ns_per_call(
        [&](float* b) {
          gpurngGenerateUniform(direct, b, kPerCall);
          g_sink = b[0];
        },
        calls / 10, reps);
    add(std::string(e.name) + " 10 floats/call: libgpurng ring (ns/call)", ring_ns, "ns");
    add(std::string(e.name) + " 10 floats/call: libgpurng without ring (ns/call)", direct_ns, "ns");
    add(std::string(e.name) + " ring vs without ring", direct_ns / ring_ns, "x");
#if BENCH_HAVE_CURAND
    const double curand_ns = ns_per_call(
        [&](float* b) {
          curandGenerateUniform(cg, b, kPerCall);
          g_sink = b[0];
        },
        calls / 10, reps);
    add(std::string(e.name) + " 10 floats/call: cuRAND host API (ns/call)", curand_ns, "ns");
    add(std::string(e.name) + " ring vs cuRAND host API", curand_ns / ring_ns, "x");
    curandDestroyGenerator(cg);
#endif
    gpurngDestroyGenerator(ringed);
    gpurngDestroyGenerator(direct);
  }

  std::string device = "host CPU: " + gpurng_bench::host_cpu();
#if BENCH_HAVE_CUDA
  cudaDeviceProp prop;
  if (backend == GPURNG_BACKEND_CUDA && cudaGetDeviceProperties(&prop, 0) == cudaSuccess)
    device += std::string("; GPU: ") + prop.name;
#endif
  gpurng_bench::write_json(json, "small_calls", device, backend == GPURNG_BACKEND_CUDA ? "cuda" : "cpu", command, rows);
  return 0;
}
