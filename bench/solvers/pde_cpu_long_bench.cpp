// SPDX-License-Identifier: BSD-3-Clause
// The Black-Scholes PDE's CPU backend past 1024 nodes (host memory, every core): node-steps per second for a batch of
// 64 European calls (S0 100, K 90 + 0.3 i, r 0.05, sigma 0.2, T 1, Smax 400, N 200), implicit and Crank-Nicolson,
// double and float, at J = 1100, 2047, 4095 and 16383; the best of three calls. Anchor in the same run: a textbook
// implicit (backward Euler) stepper of the same grid, written here, one option after another on one thread (Thomas
// per step, coefficients kept), double. It compiles against any version of gpurng_pde.h, so one source measures the
// library before and after a change (docs/PERFORMANCE.md: the long hybrid against the Thomas LU rows it replaced).
//   pde_cpu_long_bench [OUT.json]
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <fstream>
#include <sstream>
#include <vector>

#include "bench_report.hpp"
#include "gpurng_pde.h"

namespace {

// Backward Euler on S_j = j Smax / J: (1 + dt (sigma^2 j^2 + r)) u_j - dt/2 (sigma^2 j^2 - r j) u_{j-1}
// - dt/2 (sigma^2 j^2 + r j) u_{j+1} = u_j^old, u_0 discounted, u_J by the linear top row; Thomas each step.
double textbook_implicit(int J, int N, double K, double r, double sigma, double T) {
  const double dt = T / N, dS = 400.0 / J;
  std::vector<double> a(J + 1), b(J + 1), c(J + 1), u(J + 1), cp(J + 1), dp(J + 1);
  for (int j = 0; j <= J; ++j) {
    const double s2 = sigma * sigma * j * j;
    a[j] = -0.5 * dt * (s2 - r * j);
    b[j] = 1 + dt * (s2 + r);
    c[j] = -0.5 * dt * (s2 + r * j);
    u[j] = std::max(j * dS - K, 0.0);
  }
  a[0] = 0, c[0] = 0, b[0] = 1 + r * dt;
  a[J] = -dt * r * J, b[J] = 1 + dt * r * J - dt * r, c[J] = 0;
  for (int n = 0; n < N; ++n) {
    cp[0] = c[0] / b[0];
    dp[0] = u[0] / b[0];
    for (int j = 1; j <= J; ++j) {
      const double m = 1 / (b[j] - a[j] * cp[j - 1]);
      cp[j] = c[j] * m;
      dp[j] = (u[j] - a[j] * dp[j - 1]) * m;
    }
    u[J] = dp[J];
    for (int j = J - 1; j >= 0; --j) u[j] = dp[j] - cp[j] * u[j + 1];
  }
  return u[J / 4];
}

}  // namespace

int main(int argc, char** argv) {
  gpurngSolver_t s;
  if (gpurngCreateSolver(&s) != GPURNG_STATUS_SUCCESS) return 1;
  const int n = 64, N = 200;
  std::vector<int> kind(n, 0);
  std::vector<double> S0(n, 100), K(n), r(n, 0.05), sg(n, 0.2), T(n, 1), p(n);
  std::vector<float> S0f(n, 100), Kf(n), rf(n, 0.05f), sgf(n, 0.2f), Tf(n, 1), pf(n);
  for (int i = 0; i < n; ++i) {
    K[i] = 90 + 0.3 * i;
    Kf[i] = float(K[i]);
  }
  std::ostringstream rows;
  const char* names[] = {"explicit", "implicit", "crank-nicolson"};
  for (int J : {1100, 2047, 4095, 16383}) {
    for (int scheme : {GPURNG_PDE_IMPLICIT, GPURNG_PDE_CRANK_NICOLSON}) {
      double best[2] = {1e30, 1e30};
      for (int rep = 0; rep < 3; ++rep) {
        const auto t0 = std::chrono::steady_clock::now();
        gpurngBlackScholesPde1dDouble(s, gpurngPdeScheme_t(scheme), J, N, 400.0, n, kind.data(), S0.data(), K.data(),
                                      r.data(), sg.data(), T.data(), p.data(), nullptr, nullptr, nullptr, nullptr);
        const auto t1 = std::chrono::steady_clock::now();
        gpurngBlackScholesPde1dFloat(s, gpurngPdeScheme_t(scheme), J, N, 400.f, n, kind.data(), S0f.data(), Kf.data(),
                                     rf.data(), sgf.data(), Tf.data(), pf.data(), nullptr, nullptr, nullptr, nullptr);
        const auto t2 = std::chrono::steady_clock::now();
        best[0] = std::min(best[0], std::chrono::duration<double>(t1 - t0).count());
        best[1] = std::min(best[1], std::chrono::duration<double>(t2 - t1).count());
      }
      const double node_steps = double(n) * (J + 1) * N;
      for (int prec = 0; prec < 2; ++prec) {
        const char* precision = prec ? "float" : "double";
        std::printf("%-15s %-6s J %5d: %.3e node-steps/s\n", names[scheme], precision, J, node_steps / best[prec]);
        rows << (rows.tellp() > 0 ? ",\n" : "") << "    {\"scheme\": \"" << names[scheme] << "\", \"precision\": \""
             << precision << "\", \"J\": " << J << ", \"seconds\": " << best[prec]
             << ", \"node_steps_per_s\": " << node_steps / best[prec] << "}";
      }
    }
  }
  // The anchor: 8 options one after another on one thread (its rate does not depend on the count).
  std::ostringstream anchor;
  for (int J : {1100, 2047, 4095, 16383}) {
    const auto t0 = std::chrono::steady_clock::now();
    double sink = 0;
    for (int i = 0; i < 8; ++i) sink += textbook_implicit(J, N, K[i], 0.05, 0.2, 1.0);
    const double sec = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    const double rate = 8.0 * (J + 1) * N / sec;
    std::printf("anchor: textbook implicit double, one thread, J %5d: %.3e node-steps/s (%g)\n", J, rate, sink);
    anchor << (anchor.tellp() > 0 ? ",\n" : "") << "    {\"J\": " << J << ", \"node_steps_per_s\": " << rate << "}";
  }
  gpurngDestroySolver(s);
  std::ostringstream js;
  js << "{\n  \"benchmark\": \"pde_cpu_long_bench\",\n  \"device\": \"CPU backend\",\n  \"host_cpu\": \""
     << bench::json_escape(bench::host_cpu()) << "\",\n  \"command\": \""
     << bench::json_escape(bench::command_line(argc, argv)) << "\",\n  \"options\": " << n << ",\n  \"N\": " << N
     << ",\n  \"rows\": [\n"
     << rows.str() << "\n  ],\n  \"anchor_textbook_implicit_double_one_thread\": [\n"
     << anchor.str() << "\n  ]\n}\n";
  if (argc > 1)
    std::ofstream(argv[1]) << js.str();
  else
    std::fputs(js.str().c_str(), stdout);
  return 0;
}
