// SPDX-License-Identifier: BSD-3-Clause
// The CPU backend's batched tridiagonal solve (host memory, every core) against LAPACK ?gtsv called per system
// on one thread (the way a C or Fortran code solves a batch with the stock library) and against the copy
// bandwidth of the same bytes (read dl, d, du, x; write x) on the same threads, all in one run.
// Usage: tridiag_cpu_bench [out.json] [m] [batch] [algorithm]   (default 256 x 65536, AUTO; algorithm: AUTO, THOMAS,
// PCR or THOMAS_PCR)
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <functional>
#include <random>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "bench_report.hpp"
#include "gpurng_tridiag.h"
#include "lapack_gtsv.hpp"

namespace {

using bench::gtsv;

double seconds(const std::function<void()>& prepare, const std::function<void()>& body, int reps) {
  std::vector<double> t;
  for (int r = 0; r < reps; ++r) {
    prepare();
    const auto t0 = std::chrono::steady_clock::now();
    body();
    t.push_back(std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count());
  }
  std::sort(t.begin(), t.end());
  return t[t.size() / 2];
}

gpurngStatus_t ours(gpurngSolver_t s, int m, const float* a, const float* b, const float* c, float* x, int batch) {
  return gpurngSgtsvStridedBatch(s, m, a, b, c, x, batch, m, nullptr);
}
gpurngStatus_t ours(gpurngSolver_t s, int m, const double* a, const double* b, const double* c, double* x, int batch) {
  return gpurngDgtsvStridedBatch(s, m, a, b, c, x, batch, m, nullptr);
}

gpurngTridiagAlgorithm_t g_algorithm = GPURNG_TRIDIAG_AUTO;
const char* g_algorithm_name = "AUTO";

template <typename T>
std::string run(int m, int batch, int threads, int reps) {
  const size_t n = size_t(m) * batch;
  std::vector<T> a(n), b(n), c(n), x0(n), x(n), la, lb, lc;
  std::mt19937_64 g(1);
  std::uniform_real_distribution<double> u(-1, 1);
  for (size_t i = 0; i < n; ++i) {
    a[i] = T(u(g));
    c[i] = T(u(g));
    b[i] = T(2.5 + std::abs(u(g)));
    x0[i] = T(u(g));
  }
  gpurngSolver_t s;
  if (gpurngCreateSolver(&s) != GPURNG_STATUS_SUCCESS ||
      gpurngSolverSetAlgorithm(s, g_algorithm) != GPURNG_STATUS_SUCCESS)
    std::exit(1);
  auto restore = [&] { std::memcpy(x.data(), x0.data(), n * sizeof(T)); };
  auto solve = [&] {
    if (ours(s, m, a.data(), b.data(), c.data(), x.data(), batch) != GPURNG_STATUS_SUCCESS) std::exit(1);
  };
  // The same bytes moved by `threads` threads: read 4 arrays, write 1.
  auto copy = [&] {
    std::vector<std::thread> pool;
    for (int t = 0; t < threads; ++t)
      pool.emplace_back([&, t] {
        const size_t i0 = n * t / threads, i1 = n * (t + 1) / threads;
        for (size_t i = i0; i < i1; ++i) x[i] = (x[i] + a[i] + b[i] + c[i]) * T(0.25);
      });
    for (auto& th : pool) th.join();
  };
  // The copy and the solve alternate, one pair per repetition, and the share of the copy bandwidth is the median
  // of the pairs' ratios: the machine's speed drifts between runs and within one, and a pair sees the same drift.
  std::vector<double> t_ours_v, t_copy_v, ratio;
  solve();  // warm-up: the thread pool starts, pages are touched
  for (int r = 0; r < reps; ++r) {
    const double tc = seconds(restore, copy, 1), to = seconds(restore, solve, 1);
    t_copy_v.push_back(tc);
    t_ours_v.push_back(to);
    ratio.push_back(tc / to);
  }
  auto median = [](std::vector<double> v) {
    std::sort(v.begin(), v.end());
    return v[v.size() / 2];
  };
  const double t_ours = median(t_ours_v), t_copy = median(t_copy_v), copy_share = median(ratio);
  gpurngDestroySolver(s);
  // LAPACK per system on one thread; it overwrites dl, d, du, so fresh copies are made (untimed) first.
  const double t_lapack = seconds(
      [&] {
        la = a;
        lb = b;
        lc = c;
        restore();
      },
      [&] {
        for (int k = 0; k < batch; ++k) {
          const size_t o = size_t(k) * m;
          gtsv(m, la.data() + o + 1, lb.data() + o, lc.data() + o, x.data() + o);
        }
      },
      std::max(1, reps / 4));
  const double unknowns = double(n);
  char line[512];
  std::snprintf(line, sizeof line,
                "{\"case\": \"strided %dx%d %s %s\", \"ours_s\": %.6g, \"lapack_gtsv_one_thread_s\": %.6g, "
                "\"copy_same_bytes_s\": %.6g, \"ours_Munknowns_per_s\": %.1f, \"lapack_Munknowns_per_s\": %.1f, "
                "\"speedup_vs_lapack\": %.2f, \"fraction_of_copy_bandwidth\": %.2f}",
                batch, m, sizeof(T) == 4 ? "float" : "double", g_algorithm_name, t_ours, t_lapack, t_copy,
                unknowns / t_ours / 1e6, unknowns / t_lapack / 1e6, t_lapack / t_ours, copy_share);
  std::printf("%s\n", line);
  return line;
}

}  // namespace

int main(int argc, char** argv) {
  const int m = argc > 2 ? std::atoi(argv[2]) : 256;
  const int batch = argc > 3 ? std::atoi(argv[3]) : 65536;
  if (argc > 4) {
    const char* names[] = {"AUTO", "THOMAS", "PCR", "THOMAS_PCR"};
    for (int a = 0; a < 4; ++a)
      if (!std::strcmp(argv[4], names[a])) {
        g_algorithm = gpurngTridiagAlgorithm_t(a);
        g_algorithm_name = names[a];
      }
  }
  const char* env = std::getenv("GPURNG_THREADS");
  const int threads = env ? std::atoi(env) : int(std::max(1u, std::thread::hardware_concurrency()));
  std::vector<std::string> rows = {run<float>(m, batch, threads, 21), run<double>(m, batch, threads, 21)};
  const std::string cmd = bench::command_line(argc, argv);
  std::ostringstream js;
  js << "{\n  \"benchmark\": \"tridiag_cpu_bench\",\n  \"device\": \"CPU backend, " << threads
     << " threads\",\n  \"host_cpu\": \"" << bench::host_cpu() << "\",\n  \"command\": \"" << cmd
     << "\",\n  \"timing\": \"median wall time per call; share of copy bandwidth = median over alternating copy/solve "
        "pairs; LAPACK ?gtsv per system on one thread\",\n  \"rows\": [\n    "
     << rows[0] << ",\n    " << rows[1] << "\n  ]\n}\n";
  if (argc > 1) std::ofstream(argv[1]) << js.str();
  return 0;
}
