/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * gpurng_mpi.h's pricers under mpirun (ctest: 1, 2, 3, 4 and 8 ranks): the Asian basket (Philox, 100003 paths from
 * path 77), LIBOR caplets by RQMC (scrambled Sobol', 8 replications, Brownian bridge) and the MBS by antithetic
 * MRG32k3a paths, each priced by gpurngMpiCreatePricer's pricer on every rank (on its GPU where it has one) and by
 * one CPU pricer: price and standard error must be the same bits on every rank. Rank 0 prints "mpi_pricers: ok" only if
 * all agree.
 */
#include <mpi.h>
#include <stdio.h>
#include <string.h>

#include "gpurng_mpi.h"
#include "mpi_check.h"

/* One output's estimates the same bits as one pricer's (the first output printed if not). */
static void same(const gpurngPricingResult_t *a, const gpurngPricingResult_t *b, int n, const char *what) {
  const int equal = memcmp(a, b, sizeof(*a) * (size_t)n) == 0;
  if (!equal)
    fprintf(stderr, "%s: %.17g +- %.17g against %.17g +- %.17g\n", what, a[0].mean, a[0].std_error, b[0].mean,
            b[0].std_error);
  check(equal, what);
}

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  /* The ranks price on their GPUs where they have them (the same bits as the CPU's pricers). */
  const gpurngBackend_t backend = setup_ranks(argc, argv) ? GPURNG_BACKEND_CUDA : GPURNG_BACKEND_CPU;
  gpurngPricer_t ranks = NULL, one = NULL;
  if (gpurngMpiCreatePricer(&ranks, MPI_Comm_c2f(MPI_COMM_WORLD), backend) != GPURNG_STATUS_SUCCESS ||
      gpurngCreatePricerOnBackend(&one, GPURNG_BACKEND_CPU) != GPURNG_STATUS_SUCCESS) {
    fprintf(stderr, "FAILED: create\n");
    MPI_Abort(MPI_COMM_WORLD, 1);
  }
  gpurngPricingOptions_t o;
  gpurngPricingResult_t a[6], b[6];

  gpurngPricingOptionsDefault(&o);
  o.paths = 100003;
  o.first_path = 77;
  const gpurngAsianBasketParams_t asian = {1.5, 1.2, 0.001, 0.002, 0.02, 0.01, 0.015};
  gpurngPriceAsianBasket(ranks, &o, 64, 1, &asian, a);
  gpurngPriceAsianBasket(one, &o, 64, 1, &asian, b);
  same(a, b, 1, "Asian basket");

  gpurngPricingOptionsDefault(&o);
  o.engine = GPURNG_RNG_QUASI_SCRAMBLED_SOBOL32;
  o.paths = 20000;
  o.replications = 8;
  o.brownian_bridge = 1;
  double initial[6], loadings[12];
  for (int j = 0; j < 6; ++j) initial[j] = 0.04 + 0.002 * j, loadings[j] = 0.2, loadings[6 + j] = 0.05 - 0.02 * j;
  const gpurngLiborParams_t libor = {6, 2, 2, 0.25, 0.045, initial, loadings};
  gpurngPriceLiborCaplets(ranks, &o, &libor, a);
  gpurngPriceLiborCaplets(one, &o, &libor, b);
  same(a, b, 6, "LIBOR caplets, RQMC");

  gpurngPricingOptionsDefault(&o);
  o.engine = GPURNG_RNG_PSEUDO_MRG32K3A;
  o.paths = 30000;
  o.antithetic = 1;
  const gpurngMbsParams_t mbs = {0.007, 0.01, -0.005, 10.0, 0.5, 0.02, 120};
  gpurngPriceMbs(ranks, &o, &mbs, a);
  gpurngPriceMbs(one, &o, &mbs, b);
  same(a, b, 1, "MBS, antithetic");

  gpurngDestroyPricer(ranks);
  gpurngDestroyPricer(one);
  return finish("mpi_pricers");
}
