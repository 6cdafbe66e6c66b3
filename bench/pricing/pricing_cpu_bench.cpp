// SPDX-License-Identifier: BSD-3-Clause
// The pricers (gpurng_pricing.h) on the CPU backend (every core, GPURNG_THREADS) against the scalar C++ a user
// writes first: one thread, std::mt19937_64 and std::normal_distribution<double>, the model as anchor_paths.hpp
// writes it, sums of payoff and payoff^2 in double. Double paths, Philox for ours:
//   Asian basket (docs/PRICING.md's set P1, one set, T 256, 2^16 paths), MBS (CMO's nearly linear set, 2^16 paths),
//   LIBOR caplets (40 forwards flat 5%, K 5%, sigma 20%, 4 steps a period, 2^14 paths).
// The anchor and ours alternate, 5 pairs a model, and the figures are medians: the speed-up is the median of the
// pairs' ratios, because the machine's speed drifts and a pair sees the same drift (as tridiag_cpu_bench).
// Usage: pricing_cpu_bench [out.json]
#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <functional>
#include <random>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "../host_timing.hpp"
#include "anchor_paths.hpp"
#include "bench_report.hpp"
#include "estimates.hpp"
#include "gpurng_pricing.h"

namespace {

constexpr unsigned long long kSeed = 1234;
constexpr int kPairs = 5;

using Estimates = std::vector<gpurngPricingResult_t>;

// The scalar anchor: path(next, emit) simulates one path, next() giving its normals from one mt19937_64 stream
// and emit(j, payoff) adding output j's payoff to the sums.
template <class Path>
Estimates scalar_anchor(unsigned long long paths, int outputs, Path path) {
  std::mt19937_64 g(kSeed);
  std::normal_distribution<double> normal;
  auto next = [&] { return normal(g); };
  std::vector<double> sums(2 * size_t(outputs));
  auto emit = [&](int j, double x) {
    sums[2 * j] += x;
    sums[2 * j + 1] += x * x;
  };
  for (unsigned long long p = 0; p < paths; ++p) path(next, emit);
  Estimates e(outputs);
  const double n = double(paths);
  for (int j = 0; j < outputs; ++j) {
    const double mean = sums[2 * j] / n;
    e[j] = {mean, std::sqrt(std::max(0.0, (sums[2 * j + 1] - sums[2 * j] * mean) / (n - 1)) / n)};
  }
  return e;
}

using pricing_bench::est_json;
using pricing_bench::z_of;

gpurngPricingOptions_t options(unsigned long long paths) {
  gpurngPricingOptions_t o;
  if (gpurngPricingOptionsDefault(&o) != GPURNG_STATUS_SUCCESS) std::exit(1);
  o.engine = GPURNG_RNG_PSEUDO_PHILOX4_32_10;
  o.seed = kSeed;
  o.paths = paths;
  o.precision = GPURNG_PATHS_DOUBLE;
  return o;
}

// Alternates the anchor and ours (after one warm-up call of ours: the thread pool starts) and reports medians,
// each estimate beside the anchor's: output `shown`, and the largest |z| over the outputs.
std::string compare(const std::string& name, unsigned long long paths, int outputs, int shown,
                    const std::function<gpurngStatus_t(gpurngPricingResult_t*)>& ours,
                    const std::function<Estimates()>& anchor) {
  Estimates mine(outputs), theirs;
  if (ours(mine.data()) != GPURNG_STATUS_SUCCESS) std::exit(1);
  std::vector<double> t_anchor, t_ours, ratio;
  for (int r = 0; r < kPairs; ++r) {
    t_anchor.push_back(gpurng_bench::seconds_of([&] { theirs = anchor(); }));
    t_ours.push_back(gpurng_bench::seconds_of([&] {
      if (ours(mine.data()) != GPURNG_STATUS_SUCCESS) std::exit(1);
    }));
    ratio.push_back(t_anchor.back() / t_ours.back());
  }
  double max_z = 0;
  for (int j = 0; j < outputs; ++j) max_z = std::max(max_z, std::abs(z_of(mine[j], theirs[j])));
  std::printf("%-44s ours %9.4f s  anchor %9.4f s  x%6.2f  ours %.8g +- %.3g  anchor %.8g +- %.3g  max|z| %.2f\n",
              name.c_str(), gpurng_bench::median_of(t_ours), gpurng_bench::median_of(t_anchor),
              gpurng_bench::median_of(ratio), mine[shown].mean, mine[shown].std_error, theirs[shown].mean,
              theirs[shown].std_error, max_z);
  std::ostringstream js;
  js << "{\"case\": \"" << name << "\", \"paths\": " << paths << ", \"ours_s\": " << gpurng_bench::median_of(t_ours)
     << ", \"anchor_s\": " << gpurng_bench::median_of(t_anchor)
     << ", \"ratio_vs_anchor\": " << gpurng_bench::median_of(ratio) << ", \"shown_output\": " << shown
     << ", \"ours\": " << est_json(mine[shown]) << ", \"anchor\": " << est_json(theirs[shown])
     << ", \"max_abs_z_vs_anchor\": " << max_z << "}";
  return js.str();
}

}  // namespace

int main(int argc, char** argv) {
  gpurngPricer_t pricer;
  if (gpurngCreatePricerOnBackend(&pricer, GPURNG_BACKEND_CPU) != GPURNG_STATUS_SUCCESS) return 1;
  std::vector<std::string> rows;

  const gpurngAsianBasketParams_t asian = {1.5, 1.2, 0.001, 0.002, 0.02, 0.01, 0.015};  // P1
  const int steps = 256;
  const unsigned long long asian_paths = 1ull << 16;
  const gpurngPricingOptions_t asian_o = options(asian_paths);
  const anchor::AsianSet<double> asian_set = anchor::asian_set<double>(asian);
  rows.push_back(compare(
      "asian_basket P1, T 256, double", asian_paths, 1, 0,
      [&](gpurngPricingResult_t* r) { return gpurngPriceAsianBasket(pricer, &asian_o, steps, 1, &asian, r); },
      [&] {
        return scalar_anchor(asian_paths, 1,
                             [&](auto& next, auto& emit) { emit(0, anchor::asian_path(asian_set, steps, next)); });
      }));

  const gpurngMbsParams_t mbs = {0.007, 0.01, -0.005, 10, 0.5, 0.02, 360};
  const unsigned long long mbs_paths = 1ull << 16;
  const gpurngPricingOptions_t mbs_o = options(mbs_paths);
  std::vector<double> annuity(mbs.months);  // a_k = sum_{j=0}^{M-k} (1 + i0)^-j at annuity[k - 1]
  double acc = 0;
  for (int j = 0; j < mbs.months; ++j) annuity[mbs.months - 1 - j] = acc += std::pow(1.0 + mbs.i0, -double(j));
  const anchor::Mbs<double> mbs_model = {
      mbs.i0,        std::exp(-mbs.sigma * mbs.sigma / 2), mbs.K1, mbs.K2, mbs.K3, mbs.K4, mbs.sigma, mbs.months,
      annuity.data()};
  rows.push_back(compare(
      "mbs nearly linear, 360 months, double", mbs_paths, 1, 0,
      [&](gpurngPricingResult_t* r) { return gpurngPriceMbs(pricer, &mbs_o, &mbs, r); },
      [&] {
        return scalar_anchor(mbs_paths, 1, [&](auto& next, auto& emit) { emit(0, anchor::mbs_path(mbs_model, next)); });
      }));

  const int n = 40;
  const unsigned long long libor_paths = 1ull << 14;
  const gpurngPricingOptions_t libor_o = options(libor_paths);
  const std::vector<double> initial(n, 0.05), loadings(n, 0.2);
  const gpurngLiborParams_t libor = {n, 1, 4, 0.25, 0.05, initial.data(), loadings.data()};
  const anchor::Libor<double> libor_model = {n, 4, 0.25, 0.05, 0.05, 0.2};
  rows.push_back(compare(
      "libor_caplets 40 forwards, 4 steps/period, double", libor_paths, n, n - 1,
      [&](gpurngPricingResult_t* r) { return gpurngPriceLiborCaplets(pricer, &libor_o, &libor, r); },
      [&] {
        return scalar_anchor(libor_paths, n,
                             [&](auto& next, auto& emit) { anchor::libor_path(libor_model, next, emit); });
      }));
  gpurngDestroyPricer(pricer);

  const char* env = std::getenv("GPURNG_THREADS");
  const int threads = env ? std::atoi(env) : int(std::max(1u, std::thread::hardware_concurrency()));
  std::ostringstream js;
  js << "{\n  \"benchmark\": \"pricing_cpu_bench\",\n  \"device\": \"CPU backend, " << threads
     << " threads\",\n  \"host_cpu\": \"" << bench::json_escape(bench::host_cpu()) << "\",\n  \"command\": \""
     << bench::json_escape(bench::command_line(argc, argv))
     << "\",\n  \"timing\": \"wall time per call, ours and the anchor alternating, " << kPairs
     << " pairs; medians; ratio_vs_anchor = median of the pairs' anchor s / ours s (target >= 10)\",\n"
     << "  \"anchor\": \"one thread, std::mt19937_64 (seed " << kSeed
     << ") and std::normal_distribution<double>, exp/atan of the C library, double paths\",\n  \"ours\": "
     << "\"GPURNG_BACKEND_CPU, Philox4_32_10, double paths\",\n  \"rows\": [\n    " << rows[0] << ",\n    " << rows[1]
     << ",\n    " << rows[2] << "\n  ]\n}\n";
  if (argc > 1) std::ofstream(argv[1]) << js.str();
  return 0;
}
