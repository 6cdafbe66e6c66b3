// SPDX-License-Identifier: BSD-3-Clause
// Host delivery through the prefetch ring, against anchors measured in the same run:
//  1. the CORSIKA pattern: RANMAR48 doubles, 10 numbers per call, round robin over 3 generators, on the
//     calling thread through the C API; anchors: a legacy Fortran-style RMMARD and a branchless integer
//     RANMAR, each with 3 sequences called the same way;
//  2. one number per call (ns per call), same anchors;
//  3. ns/number against request size (ring vs legacy) and against prefetch size (ring, 10 per call), for
//     the plot in docs/ (tools/plot_ring.py);
//  4. with a GPU: bulk requests into pageable and pinned host memory against cudaMemcpy device-to-host
//     into the same kind of memory.
// Usage: ring_bench [--json PATH] [--quick]. GPURNG_BACKEND picks the library's backend as usual.
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <functional>
#include <string>
#include <vector>

#include "anchors/branchless_ranmar.hpp"
#include "anchors/legacy_ranmar48.hpp"
#include "bench_report.hpp"
#include "gpurng.h"

#if BENCH_HAVE_CUDA
#include <cuda_runtime.h>
#endif

namespace {

using Clock = std::chrono::steady_clock;
constexpr int kSeeds[3] = {54217137, 12345678, 900000000};

void check(gpurngStatus_t s, const char* what) {
  if (s != GPURNG_STATUS_SUCCESS) {
    std::fprintf(stderr, "%s: %s\n", what, gpurngGetErrorString(s));
    std::exit(1);
  }
}

// Median over `reps` runs of `numbers` numbers each, in ns per number; `run` draws them.
double ns_per_number(const std::function<void()>& run, double numbers, int reps) {
  run();  // warm-up (starts rings, faults pages in)
  std::vector<double> t;
  for (int r = 0; r < reps; ++r) {
    const auto a = Clock::now();
    run();
    t.push_back(std::chrono::duration<double, std::nano>(Clock::now() - a).count() / numbers);
  }
  std::sort(t.begin(), t.end());
  return t[t.size() / 2];
}

volatile double g_sink;

using gpurng_bench::Row;

std::vector<gpurngGenerator_t> make_generators(int count, size_t slab, unsigned slabs) {
  std::vector<gpurngGenerator_t> g(count);
  for (int i = 0; i < count; ++i) {
    check(gpurngCreateGenerator(&g[i], GPURNG_RNG_PSEUDO_RANMAR48), "create");
    check(gpurngSetPseudoRandomGeneratorSeed(g[i], static_cast<unsigned long long>(kSeeds[i % 3])), "seed");
    if (slabs) check(gpurngSetPrefetch(g[i], slab, slabs), "prefetch");
  }
  return g;
}

// Round robin over the generators, `per_call` numbers a call, `calls` calls.
void library_pattern(std::vector<gpurngGenerator_t>& g, int per_call, long calls, double* buf) {
  const size_t k = g.size();
  for (long c = 0; c < calls; ++c) gpurngGenerateUniformDouble(g[static_cast<size_t>(c) % k], buf, per_call);
  g_sink = buf[0];
}

}  // namespace

int main(int argc, char** argv) {
  const gpurng_bench::Args args = gpurng_bench::parse_args(argc, argv, "bench/results/ring.json");
  const std::string& json = args.json;
  const std::string& command = args.command;
  const bool quick = args.quick;
  const int reps = quick ? 3 : 7;
  const long calls = quick ? 300000 : 3000000;  // per repetition, 10 numbers each
  std::vector<Row> rows;
  auto add = [&](const std::string& name, double v, const char* unit) {
    rows.push_back({name, v, unit});
    std::printf("%-58s %10.3f %s\n", name.c_str(), v, unit);
    std::fflush(stdout);
  };

  std::vector<gpurngGenerator_t> gens = make_generators(3, 0, 0);
  gpurngBackend_t backend;
  check(gpurngGetBackend(gens[0], &backend), "backend");
  std::printf("backend: %s\n", backend == GPURNG_BACKEND_CUDA ? "CUDA" : "CPU");

  // Correctness gate: the library and the legacy anchor agree on the pattern's first 10^6 numbers.
  {
    std::vector<gpurngGenerator_t> g = make_generators(3, 0, 0);
    gpurng_bench::LegacyRanmar48 l[3] = {gpurng_bench::LegacyRanmar48(kSeeds[0]),
                                         gpurng_bench::LegacyRanmar48(kSeeds[1]),
                                         gpurng_bench::LegacyRanmar48(kSeeds[2])};
    double a[10], b[10];
    for (int c = 0; c < 100000; ++c) {
      check(gpurngGenerateUniformDouble(g[c % 3], a, 10), "generate");
      l[c % 3].rmmard_like(b, 10);
      if (std::memcmp(a, b, sizeof a) != 0) {
        std::fprintf(stderr, "library and legacy RMMARD differ at call %d\n", c);
        return 1;
      }
    }
    for (gpurngGenerator_t x : g) gpurngDestroyGenerator(x);
    std::printf("verified: 10^6 numbers of the 3-sequence pattern agree with the legacy RMMARD\n");
  }

  // 1. The CORSIKA pattern.
  double buf[16];
  const double pattern_numbers = 10.0 * calls;
  const double lib10 = ns_per_number([&] { library_pattern(gens, 10, calls, buf); }, pattern_numbers, reps);
  gpurng_bench::LegacyRanmar48 legacy[3] = {gpurng_bench::LegacyRanmar48(kSeeds[0]),
                                            gpurng_bench::LegacyRanmar48(kSeeds[1]),
                                            gpurng_bench::LegacyRanmar48(kSeeds[2])};
  const double leg10 = ns_per_number(
      [&] {
        for (long c = 0; c < calls; ++c) legacy[c % 3].rmmard_like(buf, 10);
        g_sink = buf[0];
      },
      pattern_numbers, reps);
  gpurng_bench::BranchlessRanmar48 branchless[3] = {gpurng_bench::BranchlessRanmar48(kSeeds[0]),
                                                    gpurng_bench::BranchlessRanmar48(kSeeds[1]),
                                                    gpurng_bench::BranchlessRanmar48(kSeeds[2])};
  const double br10 = ns_per_number(
      [&] {
        for (long c = 0; c < calls; ++c) branchless[c % 3].fill(buf, 10);
        g_sink = buf[0];
      },
      pattern_numbers, reps);
  add("corsika pattern: libgpurng (ns/number)", lib10, "ns");
  add("corsika pattern: legacy RMMARD-like (ns/number)", leg10, "ns");
  add("corsika pattern: branchless integer (ns/number)", br10, "ns");
  add("corsika pattern: speed-up vs legacy", leg10 / lib10, "x");
  add("corsika pattern: speed-up vs branchless", br10 / lib10, "x");

  // 2. One number per call.
  const long calls1 = calls * 4;
  const double lib1 = ns_per_number([&] { library_pattern(gens, 1, calls1, buf); }, double(calls1), reps);
  const double leg1 = ns_per_number(
      [&] {
        for (long c = 0; c < calls1; ++c) legacy[c % 3].rmmard_like(buf, 1);
        g_sink = buf[0];
      },
      double(calls1), reps);
  const double br1 = ns_per_number(
      [&] {
        for (long c = 0; c < calls1; ++c) branchless[c % 3].fill(buf, 1);
        g_sink = buf[0];
      },
      double(calls1), reps);
  add("one per call: libgpurng (ns/call)", lib1, "ns");
  add("one per call: legacy RMMARD-like (ns/call)", leg1, "ns");
  add("one per call: branchless integer (ns/call)", br1, "ns");

  // 3. Sweeps for the plot.
  std::vector<double> big(100000);
  for (int size : {1, 2, 5, 10, 20, 50, 100, 1000, 10000, 100000}) {
    const long c = std::max(50L, static_cast<long>(pattern_numbers / 4 / size));
    const double numbers = double(c) * size;
    const double lib = ns_per_number(
        [&] {
          for (long i = 0; i < c; ++i) gpurngGenerateUniformDouble(gens[i % 3], big.data(), size);
        },
        numbers, reps);
    const double leg = ns_per_number(
        [&] {
          for (long i = 0; i < c; ++i) legacy[i % 3].rmmard_like(big.data(), size);
        },
        numbers, reps);
    add("request size " + std::to_string(size) + ": libgpurng (ns/number)", lib, "ns");
    add("request size " + std::to_string(size) + ": legacy (ns/number)", leg, "ns");
  }
  for (size_t slab : {size_t(1024), size_t(8192), size_t(65536), size_t(1) << 17, size_t(1) << 20}) {
    std::vector<gpurngGenerator_t> g = make_generators(3, slab, 4);
    const double lib = ns_per_number([&] { library_pattern(g, 10, calls, buf); }, pattern_numbers, reps);
    add("prefetch " + std::to_string(slab) + "x4, 10 per call: libgpurng (ns/number)", lib, "ns");
    for (gpurngGenerator_t x : g) gpurngDestroyGenerator(x);
  }

  // 4. Bulk into host memory against cudaMemcpy of the same size into the same kind of memory.
#if BENCH_HAVE_CUDA
  if (backend == GPURNG_BACKEND_CUDA) {
    const size_t n = size_t(1) << 25;  // 256 MiB of doubles
    const size_t bytes = n * sizeof(double);
    void* dev = nullptr;
    double* pinned = nullptr;
    std::vector<double> pageable(n);
    if (cudaMalloc(&dev, bytes) == cudaSuccess &&
        cudaHostAlloc(reinterpret_cast<void**>(&pinned), bytes, 0) == cudaSuccess) {
      auto gbps = [&](const std::function<void()>& run) {
        const double ns = ns_per_number(run, double(n), reps);
        return 8.0 / ns;  // bytes per ns = GB/s
      };
      const double copy_pageable = gbps([&] { cudaMemcpy(pageable.data(), dev, bytes, cudaMemcpyDeviceToHost); });
      const double copy_pinned = gbps([&] { cudaMemcpy(pinned, dev, bytes, cudaMemcpyDeviceToHost); });
      const double lib_pageable =
          gbps([&] { check(gpurngGenerateUniformDouble(gens[0], pageable.data(), n), "bulk"); });
      const double lib_pinned = gbps([&] { check(gpurngGenerateUniformDouble(gens[0], pinned, n), "bulk"); });
      add("bulk 256 MiB into pageable: cudaMemcpy D2H (GB/s)", copy_pageable, "GB/s");
      add("bulk 256 MiB into pageable: libgpurng (GB/s)", lib_pageable, "GB/s");
      add("bulk 256 MiB into pageable: fraction of cudaMemcpy", lib_pageable / copy_pageable, "");
      add("bulk 256 MiB into pinned: cudaMemcpy D2H (GB/s)", copy_pinned, "GB/s");
      add("bulk 256 MiB into pinned: libgpurng (GB/s)", lib_pinned, "GB/s");
      add("bulk 256 MiB into pinned: fraction of cudaMemcpy", lib_pinned / copy_pinned, "");
      cudaFreeHost(pinned);
      cudaFree(dev);
    }
  }
#endif
  for (gpurngGenerator_t x : gens) gpurngDestroyGenerator(x);

  std::string device = "host CPU: " + gpurng_bench::host_cpu();
#if BENCH_HAVE_CUDA
  cudaDeviceProp prop;
  if (backend == GPURNG_BACKEND_CUDA && cudaGetDeviceProperties(&prop, 0) == cudaSuccess)
    device += std::string("; GPU: ") + prop.name;
#endif
  gpurng_bench::write_json(json, "ring", device, backend == GPURNG_BACKEND_CUDA ? "cuda" : "cpu", command, rows);
  return 0;
}
