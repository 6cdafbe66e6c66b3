// SPDX-License-Identifier: BSD-3-Clause
// The heat equation's Douglas ADI step (gpurngHeatAdi*, host memory, every core) against the same step (its increment
// form, docs/SOLVERS.md) built the way a C or Fortran code builds it with the stock library, in the same run: the
// increment Z_0 by a plain loop, then per dimension every line's Z gathered, LAPACK ?gtsv on it (with its three
// diagonals copied in again: ?gtsv overwrites them) and the solution scattered back (the last dimension adding it to
// U), on one thread. Median of the steps' times.
// Usage: adi_cpu_bench [out.json] [n ...]   (cube sides; default 64 128)
#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <functional>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "bench_report.hpp"
#include "gpurng_pde.h"
#include "lapack_gtsv.hpp"

namespace {

using bench::gtsv;
using bench::median_seconds;

// One Douglas step (theta = 1/2, increment form) on an n^3 cube with LAPACK, one thread.
template <typename T>
void lapack_step(int n, T r, T q, std::vector<T>& u, std::vector<T>& y, std::vector<T>& rhs_line) {
  const size_t s[3] = {1, size_t(n), size_t(n) * n}, N = size_t(n) * n * n;
  auto D = [&](size_t e, int j, int i) {
    const T l = i > 0 ? u[e - s[j]] : T(0), rr = i + 1 < n ? u[e + s[j]] : T(0);
    return l + rr - T(2) * u[e];
  };
  for (size_t e = 0; e < N; ++e) {
    const int i0 = int(e % n), i1 = int(e / n % n), i2 = int(e / (size_t(n) * n));
    y[e] = r * (D(e, 0, i0) + D(e, 1, i1) + D(e, 2, i2));
  }
  std::vector<T> dl(n), d(n), du(n);
  for (int j = 0; j < 3; ++j) {
    for (size_t line = 0; line < N / n; ++line) {
      // The line's first node: the other two indices from `line`.
      const size_t a = line % n, b = line / n;
      const size_t first = j == 0 ? line * n : j == 1 ? a + b * s[2] : a + b * s[1];
      for (int i = 0; i < n; ++i) {
        const size_t e = first + size_t(i) * s[j];
        rhs_line[i] = y[e];
        dl[i] = du[i] = -q;
        d[i] = T(1) + T(2) * q;
      }
      gtsv(n, dl.data(), d.data(), du.data(), rhs_line.data());
      if (j == 2)
        for (int i = 0; i < n; ++i) u[first + size_t(i) * s[j]] += rhs_line[i];
      else
        for (int i = 0; i < n; ++i) y[first + size_t(i) * s[j]] = rhs_line[i];
    }
  }
}

template <typename T>
void run(int n, int reps, std::ostringstream& rows, bool& first_row) {
  const size_t N = size_t(n) * n * n;
  const T h = T(1) / T(n + 1), dt = T(1e-4);
  std::vector<T> u(N), y(N), line(n);
  for (size_t e = 0; e < N; ++e) u[e] = T(std::sin(0.001 * double(e % 9973)));
  gpurngSolver_t s;
  gpurngCreateSolver(&s);
  const int dims[3] = {n, n, n};
  const T hs[3] = {h, h, h};
  auto ours = [&] {
    if constexpr (sizeof(T) == 8)
      gpurngHeatAdiDouble(s, GPURNG_ADI_DOUGLAS, 3, dims, hs, dt, T(0.5), 1, u.data());
    else
      gpurngHeatAdiFloat(s, GPURNG_ADI_DOUGLAS, 3, dims, hs, dt, T(0.5), 1, u.data());
  };
  ours();  // warm-up (threads, pages)
  const double t_ours = median_seconds(ours, reps);
  const T r = dt / (h * h), q = T(0.5) * r;
  const double t_lapack = median_seconds([&] { lapack_step(n, r, q, u, y, line); }, std::max(3, reps / 4));
  gpurngDestroySolver(s);
  const char* prec = sizeof(T) == 8 ? "double" : "float";
  std::printf("%d^3 %-6s step: ours %.3f ms, LAPACK %sgtsv per line (one thread) %.3f ms: %.2fx\n", n, prec,
              t_ours * 1e3, sizeof(T) == 8 ? "d" : "s", t_lapack * 1e3, t_lapack / t_ours);
  rows << (first_row ? "" : ",\n") << "    {\"case\": \"heat " << n << "^3 " << prec
       << " Douglas step\", \"ms\": " << t_ours * 1e3 << ", \"anchor\": \"LAPACK " << (sizeof(T) == 8 ? "d" : "s")
       << "gtsv per line, one thread\", \"anchor_ms\": " << t_lapack * 1e3
       << ", \"speedup_vs_anchor\": " << t_lapack / t_ours << "}";
  first_row = false;
}

}  // namespace

int main(int argc, char** argv) {
  const std::string out = argc > 1 ? argv[1] : "";
  std::vector<int> sides;
  for (int i = 2; i < argc; ++i) sides.push_back(std::atoi(argv[i]));
  if (sides.empty()) sides = {64, 128};
  std::ostringstream rows;
  bool first = true;
  for (int n : sides) {
    const int reps = n <= 64 ? 21 : 7;
    run<double>(n, reps, rows, first);
    run<float>(n, reps, rows, first);
  }
  if (!out.empty()) {
    std::ofstream js(out);
    js << "{\n  \"benchmark\": \"adi_cpu_bench\",\n  \"device\": \"cpu\",\n  \"host_cpu\": \""
       << bench::json_escape(bench::host_cpu()) << "\",\n  \"threads\": " << std::thread::hardware_concurrency()
       << ",\n  \"command\": \"" << bench::json_escape(bench::command_line(argc, argv)) << "\",\n  \"rows\": [\n"
       << rows.str() << "\n  ]\n}\n";
  }
  return 0;
}
