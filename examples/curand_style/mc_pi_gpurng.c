/* SPDX-License-Identifier: BSD-3-Clause */
/* mc_pi_gpurng.c: a small Monte Carlo program written against cuRAND's host API (host generators, so no
 * GPU is needed). mc_pi_gpurng.c is this file after
 *     sed -e 's/gpurng/gpurng/g' -e 's/GPURNG_/GPURNG_/g'
 * and prints the same lines (README.md). Integers are printed in decimal and floating-point values with
 * %a (exact), except the normals, which libgpurng makes within 2 ulp of cuRAND's: those are printed
 * with %.6g. */
#include <gpurng.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#define CHECK(call)                                                                             \
  do {                                                                                          \
    gpurngStatus_t s_ = (call);                                                                 \
    if (s_ != GPURNG_STATUS_SUCCESS) {                                                          \
      fprintf(stderr, "%s:%d: %s failed with status %d\n", __FILE__, __LINE__, #call, (int)s_); \
      exit(1);                                                                                  \
    }                                                                                           \
  } while (0)

enum { N = 1 << 20, QN = 1 << 16 };
static const double PI = 3.14159265358979323846;

/* Fraction of the points (x[i], y[i]) inside the quarter circle, times 4. */
static double pi_estimate(const float *x, const float *y, size_t n, size_t *inside) {
  size_t k = 0;
  for (size_t i = 0; i < n; ++i) k += (double)x[i] * x[i] + (double)y[i] * y[i] <= 1.0;
  *inside = k;
  return 4.0 * (double)k / (double)n;
}

int main(void) {
  gpurngGenerator_t gen;
  size_t inside;
  float *u = malloc(2 * (size_t)N * sizeof *u);
  double *d = malloc(4 * sizeof *d);
  unsigned int *w = malloc(2 * (size_t)QN * sizeof *w);
  if (!u || !d || !w) return 1;

  /* Pseudo-random: XORWOW (cuRAND's default engine), seed 20240601. */
  CHECK(gpurngCreateGeneratorHost(&gen, GPURNG_RNG_PSEUDO_XORWOW));
  CHECK(gpurngSetPseudoRandomGeneratorSeed(gen, 20240601ULL));
  CHECK(gpurngGenerate(gen, w, 4));
  printf("xorwow words: %u %u %u %u\n", w[0], w[1], w[2], w[3]);
  CHECK(gpurngSetGeneratorOffset(gen, 1000));
  CHECK(gpurngGenerateUniform(gen, u, 2));
  printf("xorwow uniforms at offset 1000: %a %a\n", u[0], u[1]);
  CHECK(gpurngGenerateUniformDouble(gen, d, 2));
  printf("xorwow doubles after them: %a %a\n", d[0], d[1]);

  /* Monte Carlo pi from N points: x from the first N uniforms, y from the next N. */
  CHECK(gpurngSetGeneratorOffset(gen, 0));
  CHECK(gpurngGenerateUniform(gen, u, 2 * (size_t)N));
  double pi = pi_estimate(u, u + N, N, &inside);
  printf("pseudo pi: %zu of %d inside, pi ~ %a = %.6f (error %.2e)\n", inside, N, pi, pi, fabs(pi - PI));

  /* Normals N(1, 2^2): a few values, and the sample mean and fourth central moment (3 sigma^4 = 48). */
  CHECK(gpurngGenerateNormal(gen, u, 2 * (size_t)N, 1.0f, 2.0f));
  printf("normals: %.6g %.6g %.6g %.6g\n", u[0], u[1], u[2], u[3]);
  double s1 = 0, s4 = 0;
  for (size_t i = 0; i < 2 * (size_t)N; ++i) s1 += u[i];
  s1 /= 2.0 * N;
  for (size_t i = 0; i < 2 * (size_t)N; ++i) s4 += pow(u[i] - s1, 4);
  s4 /= 2.0 * N;
  printf("normal mean %.4f, fourth central moment %.3f (expected 1, 48)\n", s1, s4);
  CHECK(gpurngDestroyGenerator(gen));

  /* Quasi-random: Sobol' in 2 dimensions. A call of 2*QN values writes QN points of dimension 1, then QN of
   * dimension 2. */
  CHECK(gpurngCreateGeneratorHost(&gen, GPURNG_RNG_QUASI_SOBOL32));
  CHECK(gpurngSetQuasiRandomGeneratorDimensions(gen, 2));
  CHECK(gpurngGenerate(gen, w, 2 * (size_t)QN));
  printf("sobol points 0-3: (%u, %u) (%u, %u) (%u, %u) (%u, %u)\n", w[0], w[QN], w[1], w[QN + 1], w[2], w[QN + 2], w[3],
         w[QN + 3]);
  CHECK(gpurngSetGeneratorOffset(gen, 0));
  CHECK(gpurngGenerateUniform(gen, u, 2 * (size_t)QN));
  pi = pi_estimate(u, u + QN, QN, &inside);
  printf("quasi pi: %zu of %d inside, pi ~ %a = %.6f (error %.2e)\n", inside, QN, pi, pi, fabs(pi - PI));
  CHECK(gpurngSetGeneratorOffset(gen, 12345));
  CHECK(gpurngGenerateUniform(gen, u, 2));
  printf("sobol point 12345: (%a, %a)\n", u[0], u[1]);
  CHECK(gpurngDestroyGenerator(gen));

  free(w);
  free(d);
  free(u);
  return 0;
}
