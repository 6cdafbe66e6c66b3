/* SPDX-License-Identifier: BSD-3-Clause */
/* libgpurng demonstration: the published CERNLIB RANMAR test vector through the C API, the CORSIKA
 * RMMARD first numbers, and the bulk speed against a straightforward CPU RANMAR written like the Fortran
 * original (double precision, branches), measured in the same run. */
#include <gpurng.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define CHECK(call)                                                        \
  do {                                                                     \
    gpurngStatus_t s_ = (call);                                            \
    if (s_ != GPURNG_STATUS_SUCCESS) {                                     \
      fprintf(stderr, "%s failed: %s\n", #call, gpurngGetErrorString(s_)); \
      exit(1);                                                             \
    }                                                                      \
  } while (0)

/* RMMARD as the Fortran has it: DOUBLE PRECISION table and carry, IF branches, zero -> 2^-48. */
static double u[98], c, cd, cm;
static int i97, j97;
static void rmmarin(int ijkl) {
  int ij = ijkl / 30082, kl = ijkl - 30082 * ij;
  int i = (ij / 177) % 177 + 2, j = ij % 177 + 2, k = (kl / 169) % 178 + 1, l = kl % 169;
  for (int ii = 1; ii <= 97; ++ii) {
    double s = 0, t = 0.5;
    for (int jj = 1; jj <= 48; ++jj) {
      int m = (((i * j) % 179) * k) % 179;
      i = j;
      j = k;
      k = m;
      l = (53 * l + 1) % 169;
      if ((l * m) % 64 >= 32) s += t;
      t *= 0.5;
    }
    u[ii] = s;
  }
  c = 362436.0 / 16777216.0;
  cd = 7654321.0 / 16777216.0;
  cm = 16777213.0 / 16777216.0;
  i97 = 97;
  j97 = 33;
}
static void rmmard(double* rvec, int lenv) {
  for (int ivec = 0; ivec < lenv; ++ivec) {
    double uni = u[i97] - u[j97];
    if (uni < 0.0) uni += 1.0;
    u[i97] = uni;
    if (--i97 == 0) i97 = 97;
    if (--j97 == 0) j97 = 97;
    c -= cd;
    if (c < 0.0) c += cm;
    uni -= c;
    if (uni < 0.0) uni += 1.0;
    rvec[ivec] = uni == 0.0 ? 0x1p-48 : uni;
  }
}

static double seconds(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return ts.tv_sec + 1e-9 * ts.tv_nsec;
}

int main(void) {
  gpurngGenerator_t g;
  gpurngBackend_t backend;
  unsigned v[6];
  CHECK(gpurngCreateGenerator(&g, GPURNG_RNG_PSEUDO_RANMAR));
  CHECK(gpurngGetBackend(g, &backend));
  printf("libgpurng %d, backend %s\n", GPURNG_VERSION, backend == GPURNG_BACKEND_CUDA ? "CUDA" : "CPU");
  CHECK(gpurngSetGeneratorOffset(g, 20000)); /* CERNLIB default seed 54217137, numbers 20001..20006 */
  CHECK(gpurngGenerate(g, v, 6));
  printf("RANMAR 20001..20006 x 2^24: %u %u %u %u %u %u\n", v[0], v[1], v[2], v[3], v[4], v[5]);
  printf("published (Marsaglia-Zaman-James): 6533892 14220222 7275067 6172232 8354498 10633180\n");
  CHECK(gpurngDestroyGenerator(g));

  const size_t n = 20000000;
  double* lib = malloc(n * sizeof *lib);
  double* ref = malloc(n * sizeof *ref);
  if (!lib || !ref) return 1;
  CHECK(gpurngCreateGenerator(&g, GPURNG_RNG_PSEUDO_RANMAR48));
  /* Warm-up: start the thread pool (or build the GPU jump tables) and touch both buffers' pages, so the
   * timings compare generators, not page faults. */
  CHECK(gpurngGenerateUniformDouble(g, lib, n));
  memset(ref, 0, n * sizeof *ref);
  CHECK(gpurngSetGeneratorOffset(g, 0));
  double t0 = seconds();
  CHECK(gpurngGenerateUniformDouble(g, lib, n));
  double t_lib = seconds() - t0;
  rmmarin(54217137);
  t0 = seconds();
  for (size_t done = 0; done < n; done += 1000) rmmard(ref + done, 1000);
  double t_ref = seconds() - t0;
  size_t bad = 0;
  for (size_t i = 0; i < n; ++i) bad += lib[i] != ref[i];
  printf("RANMAR48 (CORSIKA RMMARD) first: %.16f\n", lib[0]);
  printf("%zu numbers: libgpurng %.2f ns/number, Fortran-style RMMARD %.2f ns/number, %.1fx; mismatches: %zu\n", n,
         1e9 * t_lib / n, 1e9 * t_ref / n, t_ref / t_lib, bad);
  CHECK(gpurngDestroyGenerator(g));
  free(lib);
  free(ref);
  return bad == 0 && v[0] == 6533892u && v[5] == 10633180u ? 0 : 1;
}
