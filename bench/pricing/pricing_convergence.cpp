// SPDX-License-Identifier: BSD-3-Clause
// The data of docs/PRICING.md's convergence plot: standard error against the number of paths for the MBS and
// LIBOR caplet 20 (the sets), by plain Monte Carlo, antithetic Monte Carlo (Philox) and RQMC (R = 32
// randomisations of scrambled Sobol' with the Brownian-bridge ordering; paths = R x points). Runs on the pricer
// GPURNG_BACKEND picks. Writes JSON to argv[1] (default stdout); tools/plot_pricing_convergence.py draws it.
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include "gpurng_pricing.h"

namespace {

struct Series {
  std::string name;
  std::vector<double> paths, mbs_se, caplet_se;
};

}  // namespace

int main(int argc, char** argv) {
  gpurngPricer_t pricer;
  if (gpurngCreatePricer(&pricer) != GPURNG_STATUS_SUCCESS) return 1;
  gpurngBackend_t backend;
  gpurngPricerGetBackend(pricer, &backend);
  const gpurngMbsParams_t mbs = {0.007, 0.01, -0.005, 10.0, 0.5, 0.02, 360};
  double L0[40], loadings[40];
  for (int j = 0; j < 40; ++j) {
    L0[j] = 0.05;
    loadings[j] = 0.2;
  }
  const gpurngLiborParams_t libor = {40, 1, 4, 0.25, 0.05, L0, loadings};
  const int caplet = 20;
  const int R = 32;
  const int max_log2 = argc > 2 ? std::atoi(argv[2]) : 16;  // largest path count 2^max_log2
  std::vector<Series> all = {{"Monte Carlo", {}, {}, {}},
                             {"antithetic Monte Carlo", {}, {}, {}},
                             {"RQMC, scrambled Sobol' + Brownian bridge (R = 32)", {}, {}, {}}};
  for (int k = 10; k <= max_log2; ++k) {
    const unsigned long long n = 1ull << k;
    for (int s = 0; s < 3; ++s) {
      gpurngPricingOptions_t o;
      gpurngPricingOptionsDefault(&o);
      o.seed = 2026;
      if (s == 0) o.paths = n;
      if (s == 1) {
        o.paths = n / 2;  // pairs: as many paths (2 per pair) as the others
        o.antithetic = 1;
      }
      if (s == 2) {
        o.engine = GPURNG_RNG_QUASI_SCRAMBLED_SOBOL32;
        o.paths = n / R;
        o.replications = R;
        o.brownian_bridge = 1;
      }
      gpurngPricingResult_t m, c[40];
      if (gpurngPriceMbs(pricer, &o, &mbs, &m) != GPURNG_STATUS_SUCCESS) return 1;
      if (gpurngPriceLiborCaplets(pricer, &o, &libor, c) != GPURNG_STATUS_SUCCESS) return 1;
      all[size_t(s)].paths.push_back(double(n));
      all[size_t(s)].mbs_se.push_back(m.std_error);
      all[size_t(s)].caplet_se.push_back(c[caplet].std_error);
    }
  }
  FILE* f = argc > 1 ? std::fopen(argv[1], "w") : stdout;
  if (!f) return 1;
  std::fprintf(f, "{\n  \"backend\": \"%s\",\n  \"caplet\": %d,\n  \"series\": [\n",
               backend == GPURNG_BACKEND_CUDA ? "cuda" : "cpu", caplet);
  for (size_t s = 0; s < all.size(); ++s) {
    std::fprintf(f, "    {\"name\": \"%s\", \"points\": [", all[s].name.c_str());
    for (size_t i = 0; i < all[s].paths.size(); ++i)
      std::fprintf(f, "%s{\"paths\": %.0f, \"mbs_se\": %.6g, \"caplet_se\": %.6g}", i ? ", " : "", all[s].paths[i],
                   all[s].mbs_se[i], all[s].caplet_se[i]);
    std::fprintf(f, "]}%s\n", s + 1 < all.size() ? "," : "");
  }
  std::fprintf(f, "  ]\n}\n");
  if (f != stdout) std::fclose(f);
  gpurngDestroyPricer(pricer);
  return 0;
}
