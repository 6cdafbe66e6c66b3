/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * bs_pde: the one-factor Black-Scholes PDE of gpurng_pde.h from C, on the CPU (host memory).
 *
 * A European call S0 = K = 100, r = 0.05, sigma = 0.2, T = 1 on Giles' BS_1D grid (Smax = 200, J = 255 intervals,
 * 256 nodes), priced with the three schemes, then an American put beside its European twin. The program checks
 * the returned grid against the published values of the scheme (Giles' BS_1D read out as the mean of the two nodes
 * around S0: explicit N = 50000 gives 10.45197062362595, implicit N = 2500 gives 10.45153022068708, to 1e-10) and
 * the library's price, delta and gamma (its cubic readout) against the Black-Scholes formula (price within 1e-3,
 * delta 1e-4, gamma 1e-5), and prints "bs_pde: ok" only if every check passes.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "gpurng_pde.h"

static int failures = 0;

static void check(int ok, const char *what) {
  if (!ok) {
    fprintf(stderr, "bs_pde: FAILED: %s\n", what);
    ++failures;
  }
}

/* Black-Scholes call price, delta and gamma. */
static void black_scholes_call(double S, double K, double r, double sigma, double T, double *price, double *delta,
                               double *gamma) {
  const double sq = sigma * sqrt(T);
  const double d1 = (log(S / K) + (r + 0.5 * sigma * sigma) * T) / sq, d2 = d1 - sq;
  *delta = 0.5 * erfc(-d1 / sqrt(2.0));
  *price = S * *delta - K * exp(-r * T) * 0.5 * erfc(-d2 / sqrt(2.0));
  *gamma = exp(-0.5 * d1 * d1) / 2.5066282746310002 /* sqrt(2 pi) */ / (S * sq);
}

int main(void) {
  const int J = 255;
  const double Smax = 200.0;
  int kind[2] = {GPURNG_OPTION_CALL + GPURNG_OPTION_EUROPEAN, GPURNG_OPTION_CALL + GPURNG_OPTION_EUROPEAN};
  double S0[2] = {100, 100}, K[2] = {100, 100}, r[2] = {0.05, 0.05}, sigma[2] = {0.2, 0.2}, T[2] = {1, 1};
  double price[2], delta[2], gamma[2], grid[256];
  int info[2];
  double bs_price, bs_delta, bs_gamma;
  gpurngSolver_t solver = NULL;
  gpurngStatus_t st;
  const struct {
    const char *name;
    gpurngPdeScheme_t scheme;
    int N;
    double published; /* 0: none */
  } runs[3] = {{"explicit", GPURNG_PDE_EXPLICIT, 50000, 10.45197062362595},
               {"implicit", GPURNG_PDE_IMPLICIT, 2500, 10.45153022068708},
               {"crank-nicolson", GPURNG_PDE_CRANK_NICOLSON, 2500, 0}};
  int i;

  black_scholes_call(100, 100, 0.05, 0.2, 1, &bs_price, &bs_delta, &bs_gamma);
  printf("Black-Scholes: price %.12f  delta %.12f  gamma %.12f\n", bs_price, bs_delta, bs_gamma);
  if (gpurngCreateSolver(&solver) != GPURNG_STATUS_SUCCESS) {
    fprintf(stderr, "bs_pde: gpurngCreateSolver failed\n");
    return 1;
  }

  for (i = 0; i < 3; ++i) {
    st = gpurngBlackScholesPde1dDouble(solver, runs[i].scheme, J, runs[i].N, Smax, 1, kind, S0, K, r, sigma, T, price,
                                       delta, gamma, grid, info);
    check(st == GPURNG_STATUS_SUCCESS && info[0] == 0, runs[i].name);
    printf("%-15s N=%-6d price %.14f  delta %.12f  gamma %.12f", runs[i].name, runs[i].N, price[0], delta[0], gamma[0]);
    if (runs[i].published != 0) {
      /* Giles' readout: nodes 127 and 128 (S = 99.608 and 100.392) either side of S0 = 100. */
      const double giles = (grid[127] + grid[128]) / 2;
      printf("  (grid %.14f, published %.14f, difference %.2e)", giles, runs[i].published, giles - runs[i].published);
      check(fabs(giles - runs[i].published) < 1e-10, "grid against the published value of the scheme");
    }
    printf("\n");
    check(fabs(price[0] - bs_price) < 1e-3, "price against Black-Scholes");
    check(fabs(delta[0] - bs_delta) < 1e-4, "delta against Black-Scholes");
    check(fabs(gamma[0] - bs_gamma) < 1e-5, "gamma against Black-Scholes");
  }

  /* An American put beside its European twin (implicit, N = 2500); the European one by put-call parity, the
     American one above it and near its binomial value 6.0904. */
  kind[0] = GPURNG_OPTION_PUT + GPURNG_OPTION_AMERICAN;
  kind[1] = GPURNG_OPTION_PUT + GPURNG_OPTION_EUROPEAN;
  st = gpurngBlackScholesPde1dDouble(solver, GPURNG_PDE_IMPLICIT, J, 2500, Smax, 2, kind, S0, K, r, sigma, T, price,
                                     delta, gamma, NULL, info);
  check(st == GPURNG_STATUS_SUCCESS && info[0] == 0 && info[1] == 0, "American and European puts");
  printf("american put    N=2500   price %.14f  delta %.12f\n", price[0], delta[0]);
  printf("european put    N=2500   price %.14f  delta %.12f  (parity %.14f)\n", price[1], delta[1],
         bs_price - 100 + 100 * exp(-0.05));
  check(fabs(price[1] - (bs_price - 100 + 100 * exp(-0.05))) < 2e-3, "European put against put-call parity");
  check(fabs(price[0] - 6.0904) < 5e-3, "American put against 6.0904");
  check(price[0] > price[1], "American put worth more than the European one");

  /* The explicit scheme beyond its stability limit is refused before any work. */
  st = gpurngBlackScholesPde1dDouble(solver, GPURNG_PDE_EXPLICIT, J, 1000, Smax, 1, kind, S0, K, r, sigma, T, price,
                                     NULL, NULL, NULL, NULL);
  printf("explicit N=1000: status %d (%s)\n", (int)st, gpurngGetErrorString(st));
  check(st == GPURNG_STATUS_UNSTABLE_SCHEME, "unstable explicit step refused");

  gpurngDestroySolver(solver);
  if (failures) {
    fprintf(stderr, "bs_pde: %d check(s) failed\n", failures);
    return 1;
  }
  printf("bs_pde: ok\n");
  return 0;
}
