// SPDX-License-Identifier: BSD-3-Clause
// Several GPUs in one process (docs/SCALING.md): split calls on 1, 2 and 4 devices (as many as the machine has), and
// one device named twice, against one device in the same run. The workloads are workloads.hpp's:
//   fill:  into each device's own memory, gpurngGenerateUniformParts; the anchor is one gpurngGenerateUniform of the
//          whole into one device's memory;
//   asian: gpurngCreatePricerOnWorkers; anchor: one CUDA pricer;
//   pde:   host arrays, gpurngCreateSolverOnWorkers; anchor: one solver on device arrays (no staging).
// Each figure is the median of 5 timed calls after a warm-up. Per list also the time of each worker's part alone
// (the same call on a one-worker list of that part's size, one after another): their spread, and the join cost =
// split time - the slowest part alone.
//   scale_bench OUT.json [--quick]   (--quick: 2^28 floats, 256 sets, 1024 options)
#include <cuda_runtime.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <functional>
#include <sstream>
#include <string>
#include <vector>

#include "../bench_report.hpp"
#include "gpurng.h"
#include "gpurng_pde.h"
#include "gpurng_pricing.h"
#include "gpurng_tridiag.h"
#include "workloads.hpp"

namespace {

using scale_workloads::check;
using scale_workloads::seconds;

struct List {
  std::string name;
  std::vector<int> devices;
};

gpurngWorkers_t workers_of(const std::vector<int>& d) {
  gpurngWorkers_t w = nullptr;
  check(gpurngCreateWorkers(&w, GPURNG_BACKEND_CUDA, d.data(), int(d.size())), "workers");
  return w;
}

std::vector<size_t> split_of(gpurngWorkers_t w, size_t n, size_t parts) {
  std::vector<size_t> c(parts);
  check(gpurngSplitCount(w, n, c.data()), "split");
  return c;
}

struct Result {
  std::string what, list;
  double seconds, anchor_seconds, slowest_part, fastest_part;
};

// Times `split()` on list l; the parts alone through `part(device, count_of_part)`.
Result measure(const std::string& what, const List& l, size_t items, double anchor, const std::function<void()>& split,
               const std::function<void(int, size_t)>& part) {
  gpurngWorkers_t w = workers_of(l.devices);
  const double t = seconds(split);
  const std::vector<size_t> counts = split_of(w, items, l.devices.size());
  double slowest = 0, fastest = 1e30;
  for (size_t i = 0; i < l.devices.size(); ++i) {
    const double p = seconds([&] { part(l.devices[i], counts[i]); }, 3);
    slowest = std::max(slowest, p);
    fastest = std::min(fastest, p);
  }
  gpurngDestroyWorkers(w);
  std::printf("%-22s %-14s %9.3f ms  %5.2fx one GPU  parts %.3f-%.3f ms  join %.3f ms\n", what.c_str(), l.name.c_str(),
              t * 1e3, anchor / t, fastest * 1e3, slowest * 1e3, (t - slowest) * 1e3);
  return {what, l.name, t, anchor, slowest, fastest};
}

}  // namespace

int main(int argc, char** argv) {
  gpurng_bench::Args args = gpurng_bench::parse_args(argc, argv, "scale_bench.json");
  if (argc > 1 && argv[1][0] != '-') args.json = argv[1];
  int n = 0;
  if (cudaGetDeviceCount(&n) != cudaSuccess || n < 1) {
    std::fprintf(stderr, "no GPU\n");
    return 77;
  }
  std::vector<List> lists = {{"1 GPU", {0}}, {"GPU 0 twice", {0, 0}}};
  if (n >= 2) lists.push_back({"2 GPUs", {0, 1}});
  if (n >= 4) lists.push_back({"4 GPUs", {0, 1, 2, 3}});
  std::vector<Result> results;

  // ---- fills ----
  // One buffer a device, made before anything is timed and shared by the anchor and every list (a list's parts on one
  // device take consecutive slices of it), so that every call compared writes the same memory.
  const size_t total = scale_workloads::fill_total(args.quick);
  std::vector<size_t> room(size_t(n), 0);  // floats a device's buffer must hold
  room[0] = total;
  std::vector<std::vector<size_t>> list_counts;
  for (const List& l : lists) {
    gpurngWorkers_t w = workers_of(l.devices);
    list_counts.push_back(split_of(w, total, l.devices.size()));
    gpurngDestroyWorkers(w);
    std::vector<size_t> used(size_t(n), 0);
    for (size_t i = 0; i < l.devices.size(); ++i) used[size_t(l.devices[i])] += list_counts.back()[i];
    for (size_t d = 0; d < used.size(); ++d) room[d] = std::max(room[d], used[d]);
  }
  std::vector<float*> base(size_t(n), nullptr);
  for (size_t d = 0; d < base.size(); ++d) {
    if (room[d] == 0) continue;
    cudaSetDevice(int(d));
    if (cudaMalloc(&base[d], room[d] * 4) != cudaSuccess) return 1;
  }
  cudaSetDevice(0);
  for (gpurngRngType_t engine : scale_workloads::kFillEngines) {
    const std::string what = scale_workloads::fill_name(engine);
    gpurngGenerator_t g = nullptr;
    check(gpurngCreateGenerator(&g, engine), "generator");
    const double anchor = seconds([&] { check(gpurngGenerateUniform(g, base[0], total), "fill"); });
    std::printf("%-22s %-14s %9.3f ms  (gpurngGenerateUniform, the anchor)\n", what.c_str(), "one call", anchor * 1e3);
    for (size_t li = 0; li < lists.size(); ++li) {
      const List& l = lists[li];
      gpurngWorkers_t w = workers_of(l.devices);
      const std::vector<size_t>& counts = list_counts[li];
      std::vector<float*> bufs(l.devices.size());
      std::vector<size_t> at(size_t(n), 0);
      for (size_t i = 0; i < bufs.size(); ++i) {
        const size_t d = size_t(l.devices[i]);
        bufs[i] = base[d] + at[d];
        at[d] += counts[i];
      }
      results.push_back(measure(
          what, l, total, anchor, [&] { check(gpurngGenerateUniformParts(g, w, bufs.data(), counts.data()), "parts"); },
          [&](int device, size_t count) {
            gpurngWorkers_t one = workers_of({device});
            size_t i = 0;
            while (l.devices[i] != device) ++i;
            check(gpurngGenerateUniformParts(g, one, &bufs[i], &count), "part");
            gpurngDestroyWorkers(one);
          }));
      gpurngDestroyWorkers(w);
    }
    gpurngDestroyGenerator(g);
  }
  for (float* b : base) cudaFree(b);

  // ---- the Asian basket ----
  {
    scale_workloads::Asian asian(args.quick);
    gpurngPricer_t one = nullptr;
    cudaSetDevice(0);
    check(gpurngCreatePricerOnBackend(&one, GPURNG_BACKEND_CUDA), "pricer");
    const double anchor = seconds([&] { check(asian.price(one), "price"); });
    const std::vector<gpurngPricingResult_t> r1 = asian.results;
    std::printf("%-22s %-14s %9.3f ms  (one CUDA pricer, the anchor)\n", "asian", "one call", anchor * 1e3);
    for (const List& l : lists) {
      gpurngPricer_t split = nullptr;
      gpurngWorkers_t w = workers_of(l.devices);
      check(gpurngCreatePricerOnWorkers(&split, w), "pricer on workers");
      gpurngDestroyWorkers(w);
      results.push_back(measure(
          "asian", l, asian.options.paths, anchor, [&] { check(asian.price(split), "split price"); },
          [&](int device, size_t count) {  // the part's paths alone, on one device
            cudaSetDevice(device);
            gpurngPricer_t q = nullptr;
            check(gpurngCreatePricerOnBackend(&q, GPURNG_BACKEND_CUDA), "pricer");
            scale_workloads::Asian part(args.quick);
            part.options.paths = count;
            check(part.price(q), "part price");
            gpurngDestroyPricer(q);
            cudaSetDevice(0);
          }));
      gpurngDestroyPricer(split);
      if (asian.results[0].mean != r1[0].mean || asian.results[0].std_error != r1[0].std_error) {
        std::fprintf(stderr, "split price differs from one pricer's\n");
        return 1;
      }
    }
    gpurngDestroyPricer(one);
  }

  // ---- the PDE batch ----
  {
    scale_workloads::PdeBatch batch(args.quick);
    const int count = batch.count, J = batch.kJ, N = batch.kN;
    gpurngSolver_t one = nullptr;
    cudaSetDevice(0);
    check(gpurngCreateSolver(&one), "solver");
    int* dk;
    float *dS, *dK, *dr, *dsig, *dT, *dp;
    const size_t fb = size_t(count) * 4;
    cudaMalloc(&dk, fb), cudaMalloc(&dS, fb), cudaMalloc(&dK, fb), cudaMalloc(&dr, fb), cudaMalloc(&dsig, fb);
    cudaMalloc(&dT, fb), cudaMalloc(&dp, fb);
    cudaMemcpy(dk, batch.kind.data(), fb, cudaMemcpyHostToDevice);
    cudaMemcpy(dS, batch.S0.data(), fb, cudaMemcpyHostToDevice),
        cudaMemcpy(dK, batch.K.data(), fb, cudaMemcpyHostToDevice);
    cudaMemcpy(dr, batch.r.data(), fb, cudaMemcpyHostToDevice);
    cudaMemcpy(dsig, batch.sigma.data(), fb, cudaMemcpyHostToDevice);
    cudaMemcpy(dT, batch.T.data(), fb, cudaMemcpyHostToDevice);
    const double anchor = seconds([&] {
      check(gpurngBlackScholesPde1dFloat(one, GPURNG_PDE_IMPLICIT, J, N, 400.0f, count, dk, dS, dK, dr, dsig, dT, dp,
                                         nullptr, nullptr, nullptr, nullptr),
            "pde");
      cudaDeviceSynchronize();
    });
    std::vector<float> price1(static_cast<size_t>(count));
    cudaMemcpy(price1.data(), dp, fb, cudaMemcpyDeviceToHost);
    std::printf("%-22s %-14s %9.3f ms  (one solver on device arrays, the anchor)\n", "pde", "one call", anchor * 1e3);
    for (const List& l : lists) {
      gpurngSolver_t split = nullptr;
      gpurngWorkers_t w0 = workers_of(l.devices);
      check(gpurngCreateSolverOnWorkers(&split, w0), "solver on workers");
      gpurngDestroyWorkers(w0);
      auto on = [](gpurngSolver_t s) {
        return [s](auto... a) { return gpurngBlackScholesPde1dFloat(s, a..., nullptr, nullptr, nullptr, nullptr); };
      };
      results.push_back(measure(
          "pde", l, size_t(count), anchor, [&] { check(batch.run(on(split), 0, count), "split pde"); },
          [&](int device, size_t n) {
            gpurngWorkers_t single = workers_of({device});
            gpurngSolver_t s = nullptr;
            check(gpurngCreateSolverOnWorkers(&s, single), "part solver");
            check(batch.run(on(s), 0, int(n)), "part pde");
            gpurngDestroySolver(s);
            gpurngDestroyWorkers(single);
          }));
      if (std::memcmp(batch.price.data(), price1.data(), fb) != 0) {
        std::fprintf(stderr, "split PDE prices differ from one call's\n");
        return 1;
      }
      gpurngDestroySolver(split);
    }
    gpurngDestroySolver(one);
  }

  // ---- JSON ----
  std::ostringstream js;
  cudaDeviceProp prop;
  cudaGetDeviceProperties(&prop, 0);
  js << "{\n  \"benchmark\": \"scale_bench\",\n  \"device\": \"" << prop.name << "\",\n  \"devices\": " << n
     << ",\n  \"host_cpu\": \"" << gpurng_bench::host_cpu() << "\",\n  \"command\": \"" << args.command
     << "\",\n  \"rows\": [\n";
  for (size_t i = 0; i < results.size(); ++i) {
    const Result& x = results[i];
    js << "    {\"what\": \"" << x.what << "\", \"workers\": \"" << x.list << "\", \"ms\": " << x.seconds * 1e3
       << ", \"one_gpu_anchor_ms\": " << x.anchor_seconds * 1e3 << ", \"speedup\": " << x.anchor_seconds / x.seconds
       << ", \"slowest_part_ms\": " << x.slowest_part * 1e3 << ", \"fastest_part_ms\": " << x.fastest_part * 1e3
       << ", \"join_ms\": " << (x.seconds - x.slowest_part) * 1e3 << "}" << (i + 1 < results.size() ? "," : "") << "\n";
  }
  js << "  ]\n}\n";
  std::ofstream(args.json) << js.str();
  std::printf("wrote %s\n", args.json.c_str());
  return 0;
}
