// SPDX-License-Identifier: BSD-3-Clause
// The Black-Scholes PDE's CPU backend (gpurng_pde.h, host memory: threads x SIMD lanes) against QuantLib's
// FdBlackScholesVanillaEngine in the same run: seconds per option for a batch of European calls (S0 100,
// K 100 + 0.01 i, r 0.05, sigma 0.2, T 1) on 256 nodes, 2500 time steps (QuantLib: Douglas = Crank-Nicolson in
// 1-D, tGrid 2500, xGrid 256, options priced one after another on one thread, ql_fd_seconds_per_option). Ours:
// implicit and Crank-Nicolson, double and float, the whole batch in one call (GPURNG_THREADS threads, default all
// cores), the median of several calls after a warm-up call; also the explicit scheme (50000 steps). Writes JSON
// to stdout, or to the path given.
//
//   pde_cpu_bench [OUT.json] [--options N] [--ql-options M] [--reps R]
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <functional>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "bench_report.hpp"
#include "gpurng_pde.h"
#if PDE_BENCH_HAVE_QUANTLIB
#include "quantlib_oracle.hpp"
#endif

namespace {

using bench::host_cpu;
using bench::json_escape;

int g_reps = 5;

double median_seconds(const std::function<bool()>& fn) {
  if (!fn()) return -1;  // warm-up (thread pool start, page faults)
  std::vector<double> t;
  for (int i = 0; i < g_reps; ++i) {
    const auto a = std::chrono::steady_clock::now();
    if (!fn()) return -1;
    t.push_back(std::chrono::duration<double>(std::chrono::steady_clock::now() - a).count());
  }
  std::sort(t.begin(), t.end());
  return t[t.size() / 2];
}

gpurngStatus_t pde(gpurngSolver_t s, int scheme, int J, int N, int n, const int* kind, const double* S0,
                   const double* K, const double* r, const double* v, const double* T, double* price) {
  return gpurngBlackScholesPde1dDouble(s, gpurngPdeScheme_t(scheme), J, N, 200.0, n, kind, S0, K, r, v, T, price,
                                       nullptr, nullptr, nullptr, nullptr);
}
gpurngStatus_t pde(gpurngSolver_t s, int scheme, int J, int N, int n, const int* kind, const float* S0, const float* K,
                   const float* r, const float* v, const float* T, float* price) {
  return gpurngBlackScholesPde1dFloat(s, gpurngPdeScheme_t(scheme), J, N, 200.f, n, kind, S0, K, r, v, T, price,
                                      nullptr, nullptr, nullptr, nullptr);
}

template <typename T>
double seconds_per_option(gpurngSolver_t s, int scheme, int N, int n, double* first_price) {
  std::vector<int> kind(n, GPURNG_OPTION_CALL + GPURNG_OPTION_EUROPEAN);
  std::vector<T> S0(n, T(100)), K(n), r(n, T(0.05)), v(n, T(0.2)), mat(n, T(1)), price(n);
  for (int i = 0; i < n; ++i) K[i] = T(100 + 0.01 * i);
  const double sec = median_seconds([&] {
    const gpurngStatus_t st =
        pde(s, scheme, 255, N, n, kind.data(), S0.data(), K.data(), r.data(), v.data(), mat.data(), price.data());
    if (st != GPURNG_STATUS_SUCCESS) std::fprintf(stderr, "pde_cpu_bench: status %d\n", int(st));
    return st == GPURNG_STATUS_SUCCESS;
  });
  *first_price = double(price[0]);
  return sec < 0 ? -1 : sec / n;
}

}  // namespace

int main(int argc, char** argv) {
  const char* out_path = nullptr;
  int options = 64, ql_options = 8;
  for (int i = 1; i < argc; ++i) {
    if (!std::strcmp(argv[i], "--options") && i + 1 < argc)
      options = std::max(1, std::atoi(argv[++i]));
    else if (!std::strcmp(argv[i], "--ql-options") && i + 1 < argc)
      ql_options = std::max(1, std::atoi(argv[++i]));
    else if (!std::strcmp(argv[i], "--reps") && i + 1 < argc)
      g_reps = std::max(1, std::atoi(argv[++i]));
    else
      out_path = argv[i];
  }
  std::string command;
  for (int i = 0; i < argc; ++i) command += (i ? " " : "") + std::string(argv[i]);
  const char* threads_env = std::getenv("GPURNG_THREADS");
  const char* isa_env = std::getenv("GPURNG_CPU_ISA");
  gpurngSolver_t s = nullptr;
  if (gpurngCreateSolver(&s) != GPURNG_STATUS_SUCCESS) {
    std::fprintf(stderr, "pde_cpu_bench: cannot create a solver\n");
    return 1;
  }

  struct Case {
    const char* scheme_name;
    int scheme, N;
    bool dbl;
  } cases[] = {
      {"implicit", GPURNG_PDE_IMPLICIT, 2500, true},  {"crank_nicolson", GPURNG_PDE_CRANK_NICOLSON, 2500, true},
      {"implicit", GPURNG_PDE_IMPLICIT, 2500, false}, {"crank_nicolson", GPURNG_PDE_CRANK_NICOLSON, 2500, false},
      {"explicit", GPURNG_PDE_EXPLICIT, 50000, true}, {"explicit", GPURNG_PDE_EXPLICIT, 50000, false}};
  double ql_sec = -1, ql_price = 0;
#if PDE_BENCH_HAVE_QUANTLIB
  ql_sec = gpurng_test::ql_fd_seconds_per_option(ql_options, 2500, 256);
  ql_price = gpurng_test::ql_fd_black_scholes(true, false, 100, 100, 0.05, 0.2, 1, 2500, 256, gpurng_test::kQlDouglas,
                                              nullptr, nullptr);
  std::fprintf(stderr, "QuantLib Douglas 2500 x 256: %.3f ms per option\n", ql_sec * 1e3);
#endif
  std::vector<std::string> rows;
  double ratio_cn_double = -1;
  for (const Case& c : cases) {
    double price0 = 0;
    const double sec = c.dbl ? seconds_per_option<double>(s, c.scheme, c.N, options, &price0)
                             : seconds_per_option<float>(s, c.scheme, c.N, options, &price0);
    const double ratio = ql_sec > 0 && sec > 0 && c.N == 2500 ? ql_sec / sec : -1;
    if (c.dbl && c.scheme == GPURNG_PDE_CRANK_NICOLSON) ratio_cn_double = ratio;
    char buf[512];
    std::snprintf(buf, sizeof buf,
                  "    {\"scheme\": \"%s\", \"precision\": \"%s\", \"options\": %d, \"nodes\": 256, \"steps\": %d, "
                  "\"seconds_per_option\": %.4e, \"node_steps_per_s\": %.4e, \"price_K100\": %.10f, "
                  "\"speedup_vs_quantlib\": %s}",
                  c.scheme_name, c.dbl ? "double" : "float", options, c.N, sec, 256.0 * c.N / sec, price0,
                  ratio > 0 ? std::to_string(ratio).c_str() : "null");
    rows.push_back(buf);
    std::fprintf(stderr, "%s %s: %.4f ms per option%s\n", c.scheme_name, c.dbl ? "double" : "float", sec * 1e3,
                 ratio > 0 ? (" (x" + std::to_string(ratio) + " QuantLib)").c_str() : "");
  }
  gpurngDestroySolver(s);

  std::ostringstream js;
  js << "{\n  \"benchmark\": \"pde_cpu_bench\",\n  \"device\": \"cpu\",\n  \"host_cpu\": \"" << json_escape(host_cpu())
     << "\",\n  \"hardware_threads\": " << std::thread::hardware_concurrency()
     << ",\n  \"GPURNG_THREADS\": " << (threads_env ? "\"" + json_escape(threads_env) + "\"" : std::string("null"))
     << ",\n  \"GPURNG_CPU_ISA\": " << (isa_env ? "\"" + json_escape(isa_env) + "\"" : std::string("null"))
     << ",\n  \"command\": \"" << json_escape(command) << "\",\n  \"results\": [\n";
  for (size_t i = 0; i < rows.size(); ++i) js << rows[i] << (i + 1 < rows.size() ? ",\n" : "\n");
  js << "  ],\n  \"anchors\": [\n";
  if (ql_sec > 0) {
    char buf[512];
    std::snprintf(buf, sizeof buf,
                  "    {\"anchor\": \"QuantLib FdBlackScholesVanillaEngine Douglas (= Crank-Nicolson), tGrid 2500, "
                  "xGrid 256, one thread\", \"options\": %d, \"seconds_per_option\": %.4e, \"price_K100\": %.10f}\n",
                  ql_options, ql_sec, ql_price);
    js << buf;
  }
  js << "  ],\n  \"speedup_crank_nicolson_double_vs_quantlib\": "
     << (ratio_cn_double > 0 ? std::to_string(ratio_cn_double) : "null") << ",\n  \"target_speedup\": 30\n}\n";
  if (out_path) {
    std::ofstream f(out_path);
    f << js.str();
    if (!f) {
      std::fprintf(stderr, "pde_cpu_bench: cannot write %s\n", out_path);
      return 1;
    }
  } else {
    std::fputs(js.str().c_str(), stdout);
  }
  return 0;
}
