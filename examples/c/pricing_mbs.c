/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * pricing_mbs: the Monte Carlo / RQMC pricers of gpurng_pricing.h from C.
 *
 *  1. Caflisch, Morokoff and Owen's mortgage-backed security, their "nearly linear" set (i0 0.007, K1 0.01,
 *     K2 -0.005, K3 10, K4 0.5, sigma^2 0.0004, i.e. sigma 0.02 here; 360 months), priced twice:
 *       - Monte Carlo with antithetic Philox paths: 2^14 pairs (normals z and -z);
 *       - randomised QMC: 16 independently digitally shifted copies of the first 1024 points of the
 *         scrambled Sobol' sequence (360 dimensions), the standard error from the 16 estimates.
 *  2. GPU Gems 3 ch. 37's Asian basket P1 (A0 1.5, B0 1.2, muA 0.001, muB 0.002, sigmaAA 0.02, sigmaAB 0.01,
 *     sigmaBB 0.015, T = 256 steps) by Monte Carlo on 2^14 Philox paths, and
 *  3. the same on GPU Gems' hybrid Tausworthe engine with Wallace's pool normals (normal_method).
 *
 * Each estimate is printed as mean +- standard error beside its reference value (MBS 131.786860 +- 0.000116,
 * Asian 0.013278 +- 0.000049: 2^20 antithetic pairs and GPU Gems' figure), with the distance in combined
 * standard errors sqrt(se^2 + se_ref^2). The program exits with status 1, after printing "FAILED", if a call
 * does not return GPURNG_STATUS_SUCCESS or an estimate is more than 5 combined standard errors from its
 * reference; otherwise it prints "pricing_mbs: ok".
 *
 * The pricer runs where GPURNG_BACKEND says (cpu, cuda or auto, as for generators); the estimates are the same
 * bits on either backend and for any thread count (gpurng_pricing.h).
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "gpurng_pricing.h"

static int failures = 0;

/* Record a failed call; returns nonzero if the call succeeded. */
static int ok(gpurngStatus_t st, const char *what) {
  if (st != GPURNG_STATUS_SUCCESS) {
    fprintf(stderr, "pricing_mbs: FAILED: %s returned %d (%s)\n", what, (int)st, gpurngGetErrorString(st));
    ++failures;
    return 0;
  }
  return 1;
}

/* Print an estimate beside its reference and check it lies within 5 combined standard errors. */
static void report(const char *what, gpurngPricingResult_t r, double ref, double ref_se) {
  const double combined = sqrt(r.std_error * r.std_error + ref_se * ref_se);
  const double z = (r.mean - ref) / combined;
  printf("%-44s %.8f +- %.8f  (reference %.6f +- %.6f: %+.2f s.e.)\n", what, r.mean, r.std_error, ref, ref_se, z);
  if (!(fabs(r.mean - ref) <= 5.0 * combined)) { /* also catches NaN */
    fprintf(stderr, "pricing_mbs: FAILED: %s is %.2f standard errors from the reference\n", what, z);
    ++failures;
  }
}

int main(void) {
  const double mbs_ref = 131.786860, mbs_ref_se = 0.000116;
  const double asian_ref = 0.013278, asian_ref_se = 0.000049;
  const gpurngMbsParams_t mbs = {0.007, 0.01, -0.005, 10.0, 0.5, 0.02, 360};
  const gpurngAsianBasketParams_t p1 = {1.5, 1.2, 0.001, 0.002, 0.02, 0.01, 0.015};
  gpurngPricer_t pricer = NULL;
  gpurngBackend_t backend;
  gpurngPricingOptions_t mc, rqmc, asian;
  gpurngPricingResult_t r;

  if (!ok(gpurngCreatePricer(&pricer), "gpurngCreatePricer") ||
      !ok(gpurngPricerGetBackend(pricer, &backend), "gpurngPricerGetBackend")) {
    gpurngDestroyPricer(pricer);
    return 1;
  }
  printf("pricer backend: %s\n", backend == GPURNG_BACKEND_CUDA ? "cuda" : "cpu");

  /* 1a. MBS, Monte Carlo: 2^14 antithetic pairs of Philox paths (360 normals a path). */
  ok(gpurngPricingOptionsDefault(&mc), "gpurngPricingOptionsDefault");
  mc.engine = GPURNG_RNG_PSEUDO_PHILOX4_32_10;
  mc.seed = 1234;
  mc.paths = 1 << 14;
  mc.antithetic = 1;
  if (ok(gpurngPriceMbs(pricer, &mc, &mbs, &r), "gpurngPriceMbs (Monte Carlo)"))
    report("MBS, MC, Philox, 2^14 antithetic pairs:", r, mbs_ref, mbs_ref_se);

  /* 1b. MBS, RQMC: 16 replications of 1024 scrambled Sobol' points. */
  ok(gpurngPricingOptionsDefault(&rqmc), "gpurngPricingOptionsDefault");
  rqmc.engine = GPURNG_RNG_QUASI_SCRAMBLED_SOBOL32;
  rqmc.seed = 1234;
  rqmc.paths = 1024;
  rqmc.replications = 16;
  if (ok(gpurngPriceMbs(pricer, &rqmc, &mbs, &r), "gpurngPriceMbs (RQMC)"))
    report("MBS, RQMC, scrambled Sobol', 16 x 1024:", r, mbs_ref, mbs_ref_se);

  /* 2. The Asian basket P1 over 256 steps, Monte Carlo on 2^14 Philox paths (512 normals a path). */
  ok(gpurngPricingOptionsDefault(&asian), "gpurngPricingOptionsDefault");
  asian.engine = GPURNG_RNG_PSEUDO_PHILOX4_32_10;
  asian.seed = 1234;
  asian.paths = 1 << 14;
  if (ok(gpurngPriceAsianBasket(pricer, &asian, 256, 1, &p1, &r), "gpurngPriceAsianBasket"))
    report("Asian basket P1, MC, Philox, 2^14 paths:", r, asian_ref, asian_ref_se);

  /* 3. The same basket on GPU Gems' hybrid Tausworthe with Wallace's pool normals (a pool per 256 paths). */
  asian.engine = GPURNG_RNG_PSEUDO_HYBRID_TAUS;
  asian.normal_method = GPURNG_NORMAL_METHOD_WALLACE;
  if (ok(gpurngPriceAsianBasket(pricer, &asian, 256, 1, &p1, &r), "gpurngPriceAsianBasket (Wallace)"))
    report("Asian basket P1, MC, hybrid Taus + Wallace:", r, asian_ref, asian_ref_se);

  ok(gpurngDestroyPricer(pricer), "gpurngDestroyPricer");
  if (failures) {
    fprintf(stderr, "pricing_mbs: %d check(s) FAILED\n", failures);
    return 1;
  }
  printf("pricing_mbs: ok\n");
  return 0;
}
