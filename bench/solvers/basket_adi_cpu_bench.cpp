// SPDX-License-Identifier: BSD-3-Clause
// One Hundsdorfer-Verwer step of the three-asset Black-Scholes PDE (gpurngBlackScholesAdiDouble/Float, host memory,
// every core) against the same step built the way a C or Fortran code builds it with the stock library, in the same
// run: the operators F_0 (mixed derivatives) and F_i by plain loops over the grid, every directional solve as a
// gathered right-hand side and rebuilt diagonals handed to LAPACK ?gtsv per line (it overwrites them), on one
// thread. A step's time is the difference of two calls' times (N + 8 and N steps, the same damped start), median of
// the repetitions; the LAPACK step is timed directly.
// Usage: basket_adi_cpu_bench [out.json] [J ...]   (intervals per asset; default 64)
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

// The stock-tools step on a cube of m = J + 1 nodes a side (the model of the library's call: sigma 0.2, rho 0.3,
// r 0.05, h = Smax / J).
template <typename T>
struct LapackStep {
  int J, m;
  T dt, theta = T(0.78867513459481288), sigma = T(0.2), rho = T(0.3), r = T(0.05);
  size_t s[3];
  std::vector<T> u, fu, y, z, fy, line, dl, d, du;
  LapackStep(int J_, T dt_) : J(J_), m(J_ + 1), dt(dt_) {
    s[0] = 1;
    s[1] = size_t(m);
    s[2] = size_t(m) * m;
    const size_t n = s[2] * m;
    u.assign(n, T(1));
    fu.resize(n);
    y.resize(n);
    z.resize(n);
    fy.resize(n);
    line.resize(m);
    dl.resize(m);
    d.resize(m);
    du.resize(m);
    for (size_t e = 0; e < n; ++e) u[e] = T(std::fmod(0.37 * double(e), 7.0));
  }
  // dt F_i at node e along i (index j), as the PDE defines it.
  T Fi(const std::vector<T>& v, size_t e, int i, int j) const {
    const T lam = T(0.5) * dt * sigma * sigma * T(j) * T(j), g = T(0.5) * dt * r * T(j), rd = dt * r / T(3);
    if (j == 0) return -rd * v[e];
    if (j == J) return -(g + g) * v[e - s[i]] + ((g + g) - rd) * v[e];
    return (lam - g) * v[e - s[i]] - (T(2) * lam + rd) * v[e] + (lam + g) * v[e + s[i]];
  }
  T F0(const std::vector<T>& v, size_t e, const int (&j)[3]) const {
    T acc = T(0);
    for (int a = 0; a < 3; ++a)
      for (int b = a + 1; b < 3; ++b) {
        if (j[a] == 0 || j[a] == J || j[b] == 0 || j[b] == J) continue;
        const T w = dt * rho * sigma * sigma * T(j[a]) * T(j[b]) / T(4);
        acc += w * ((v[e + s[a] + s[b]] - v[e + s[a] - s[b]]) - (v[e - s[a] + s[b]] - v[e - s[a] - s[b]]));
      }
    return acc;
  }
  void full(const std::vector<T>& v, std::vector<T>& out) const {
    for (size_t e = 0; e < v.size(); ++e) {
      const int j[3] = {int(e % m), int(e / m % m), int(e / (size_t(m) * m))};
      out[e] = F0(v, e, j) + Fi(v, e, 0, j[0]) + Fi(v, e, 1, j[1]) + Fi(v, e, 2, j[2]);
    }
  }
  // (I - theta F_i) x = b - theta F_i(src) along every line of asset i, x into out.
  void solve(int i, const std::vector<T>& src, const std::vector<T>& b, std::vector<T>& out) {
    const size_t lines = u.size() / size_t(m);
    for (size_t ln = 0; ln < lines; ++ln) {
      const size_t a = ln % m, c = ln / m;
      const size_t first = i == 0 ? ln * m : i == 1 ? a + c * s[2] : a + c * s[1];
      for (int j = 0; j < m; ++j) {
        const size_t e = first + size_t(j) * s[i];
        line[j] = b[e] - theta * Fi(src, e, i, j);
        const T lam = T(0.5) * dt * sigma * sigma * T(j) * T(j), g = T(0.5) * dt * r * T(j), rd = dt * r / T(3);
        T fa = lam - g, fb = -(T(2) * lam + rd), fc = lam + g;
        if (j == 0) fa = fc = T(0), fb = -rd;
        if (j == J) fa = -(g + g), fb = (g + g) - rd, fc = T(0);
        if (j > 0) dl[j - 1] = -theta * fa;
        d[j] = T(1) - theta * fb;
        if (j < J) du[j] = -theta * fc;
      }
      gtsv(m, dl.data(), d.data(), du.data(), line.data());
      for (int j = 0; j < m; ++j) out[first + size_t(j) * s[i]] = line[j];
    }
  }
  void step() {
    full(u, fu);
    for (size_t e = 0; e < u.size(); ++e) y[e] = u[e] + fu[e];
    for (int i = 0; i < 3; ++i) solve(i, u, y, y);
    full(y, fy);
    for (size_t e = 0; e < u.size(); ++e) z[e] = u[e] + fu[e] + T(0.5) * (fy[e] - fu[e]);
    for (int i = 0; i < 3; ++i) solve(i, y, z, i == 2 ? u : z);
  }
};

template <typename T>
gpurngStatus_t ours(int J, int N) {
  static gpurngSolver_t s = nullptr;
  if (!s) gpurngCreateSolver(&s);
  const int Js[3] = {J, J, J};
  const T Smax[3] = {320, 320, 320}, S0[3] = {100, 100, 100}, sig[3] = {T(0.2), T(0.2), T(0.2)};
  const T rho[3] = {T(0.3), T(0.3), T(0.3)}, K = 100, r = T(0.05), mat = T(N) / T(64);
  T price, delta[3];
  if constexpr (sizeof(T) == 8)
    return gpurngBlackScholesAdiDouble(s, GPURNG_ADI_HUNDSDORFER_VERWER, 3, Js, Smax, N, GPURNG_BASKET_ARITHMETIC_CALL,
                                       nullptr, 1, S0, &K, &r, sig, rho, &mat, &price, delta, nullptr, nullptr);
  else
    return gpurngBlackScholesAdiFloat(s, GPURNG_ADI_HUNDSDORFER_VERWER, 3, Js, Smax, N, GPURNG_BASKET_ARITHMETIC_CALL,
                                      nullptr, 1, S0, &K, &r, sig, rho, &mat, &price, delta, nullptr, nullptr);
}

template <typename T>
void run(int J, std::ostringstream& rows, bool& first) {
  const int N = 8, extra = 8;
  ours<T>(J, N);  // warm-up
  // The same dt (maturity N / 64) in both calls: the difference is `extra` steps of the scheme.
  std::vector<double> diffs;
  for (int rep = 0; rep < 9; ++rep) {
    const double a = median_seconds([&] { ours<T>(J, N); }, 1);
    const auto t0 = std::chrono::steady_clock::now();
    ours<T>(J, N + extra);
    const double b = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    diffs.push_back((b - a) / extra);
  }
  std::sort(diffs.begin(), diffs.end());
  const double t_ours = diffs[diffs.size() / 2];
  LapackStep<T> lp(J, T(1.0 / 64));
  const double t_lapack = median_seconds([&] { lp.step(); }, 3);
  const char* prec = sizeof(T) == 8 ? "double" : "float";
  std::printf("3 assets, %d^3 nodes, %-6s H-V step: ours %.3f ms, LAPACK %sgtsv-built (one thread) %.3f ms: %.2fx\n",
              J + 1, prec, t_ours * 1e3, sizeof(T) == 8 ? "d" : "s", t_lapack * 1e3, t_lapack / t_ours);
  rows << (first ? "" : ",\n") << "    {\"case\": \"3 assets " << J + 1 << "^3 nodes " << prec
       << " Hundsdorfer-Verwer step\", \"ms\": " << t_ours * 1e3 << ", \"anchor\": \"LAPACK "
       << (sizeof(T) == 8 ? "d" : "s") << "gtsv per line, one thread\", \"anchor_ms\": " << t_lapack * 1e3
       << ", \"speedup_vs_anchor\": " << t_lapack / t_ours << "}";
  first = false;
}

}  // namespace

int main(int argc, char** argv) {
  const std::string out = argc > 1 ? argv[1] : "";
  std::vector<int> Js;
  for (int i = 2; i < argc; ++i) Js.push_back(std::atoi(argv[i]));
  if (Js.empty()) Js = {64};
  std::ostringstream rows;
  bool first = true;
  for (int J : Js) {
    run<double>(J, rows, first);
    run<float>(J, rows, first);
  }
  if (!out.empty()) {
    std::ofstream js(out);
    js << "{\n  \"benchmark\": \"basket_adi_cpu_bench\",\n  \"device\": \"cpu\",\n  \"host_cpu\": \""
       << bench::json_escape(bench::host_cpu()) << "\",\n  \"threads\": " << std::thread::hardware_concurrency()
       << ",\n  \"command\": \"" << bench::json_escape(bench::command_line(argc, argv))
       << "\",\n  \"timing\": \"ours: (time of N + 8 steps - time of N steps) / 8, median of 9; LAPACK-built step: "
          "median of 3\",\n  \"rows\": [\n"
       << rows.str() << "\n  ]\n}\n";
  }
  return 0;
}
