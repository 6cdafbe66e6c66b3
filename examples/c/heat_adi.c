/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * heat_adi: the heat equation u_t = u_xx + u_yy + u_zz by ADI (gpurngHeatAdiDouble, gpurng_pde.h) from C, on the CPU
 * (host memory).
 *
 * The unit cube with zero boundary values, 63 x 47 x 31 interior nodes (h = 1/64, 1/48, 1/32), starting from the
 * mode u = sin(pi x) sin(2 pi y) sin(pi z), 100 Douglas steps of dt = 2e-4 (theta = 1/2, second order). The mode
 * decays by the scheme's amplification factor g a step, g = 1 + sum z_d / prod (1 - z_d / 2) with
 * z_d = -4 dt / h_d^2 sin^2(k_d pi h_d / 2), and the heat equation's solution by exp(-(1 + 4 + 1) pi^2 t). The
 * program checks the grid against both (1e-12 and 2e-3 of the peak) and prints "heat_adi: ok" only if both hold.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "gpurng_pde.h"

int main(void) {
  const double pi = 3.14159265358979323846;
  const int n[3] = {63, 47, 31}, k[3] = {1, 2, 1}, steps = 100;
  const double h[3] = {1.0 / 64, 1.0 / 48, 1.0 / 32}, dt = 2e-4;
  const size_t nodes = (size_t)n[0] * n[1] * n[2];
  double *u = malloc(sizeof(double) * nodes), *u0 = malloc(sizeof(double) * nodes);
  if (!u || !u0) return 1;
  for (int c = 0; c < n[2]; ++c)
    for (int b = 0; b < n[1]; ++b)
      for (int a = 0; a < n[0]; ++a) {
        const size_t e = (size_t)a + (size_t)n[0] * ((size_t)b + (size_t)n[1] * (size_t)c);
        u0[e] = u[e] =
            sin(k[0] * pi * (a + 1) * h[0]) * sin(k[1] * pi * (b + 1) * h[1]) * sin(k[2] * pi * (c + 1) * h[2]);
      }

  gpurngSolver_t solver;
  if (gpurngCreateSolver(&solver) != GPURNG_STATUS_SUCCESS) return 1;
  const gpurngStatus_t st = gpurngHeatAdiDouble(solver, GPURNG_ADI_DOUGLAS, 3, n, h, dt, 0.5, steps, u);
  gpurngDestroySolver(solver);
  if (st != GPURNG_STATUS_SUCCESS) {
    fprintf(stderr, "heat_adi: FAILED: status %d\n", (int)st);
    return 1;
  }

  double sum = 0, prod = 1, rate = 0;
  for (int d = 0; d < 3; ++d) {
    const double s = sin(k[d] * pi * h[d] / 2), z = -4 * dt / (h[d] * h[d]) * s * s;
    sum += z;
    prod *= 1 - z / 2;
    rate += k[d] * k[d] * pi * pi;
  }
  const double gN = pow(1 + sum / prod, steps), exact = exp(-rate * dt * steps);
  double worst_scheme = 0, worst_heat = 0, peak0 = 0, peak = 0;
  for (size_t e = 0; e < nodes; ++e) {
    worst_scheme = fmax(worst_scheme, fabs(u[e] - gN * u0[e]));
    worst_heat = fmax(worst_heat, fabs(u[e] - exact * u0[e]));
    if (fabs(u0[e]) > peak0) {
      peak0 = fabs(u0[e]);
      peak = fabs(u[e]);
    }
  }
  printf(
      "after %d steps (t = %.3f) the mode has decayed by %.10f; the scheme's factor %.10f, the heat equation's "
      "%.10f\n",
      steps, dt * steps, peak / peak0, gN, exact);
  printf("largest difference from the scheme's decay %.2e, from the heat equation's %.2e\n", worst_scheme, worst_heat);
  free(u);
  free(u0);
  if (worst_scheme > 1e-12 || worst_heat > 2e-3) {
    fprintf(stderr, "heat_adi: FAILED\n");
    return 1;
  }
  printf("heat_adi: ok\n");
  return 0;
}
