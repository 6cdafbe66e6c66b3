/* SPDX-License-Identifier: BSD-3-Clause */
/* Per-call cost of the C library's generators as an unmodified program sees them: built and linked
 * normally, run once plainly (glibc) and once with LD_PRELOAD=libgpurng_preload.so by
 * bench/preload/run_preload_bench.sh. Prints one line per function: name, calls, ns per call (best of
 * several passes), and a checksum of the values (equal in both runs, or the numbers differ). */
#define _GNU_SOURCE
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static double now_ns(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return t.tv_sec * 1e9 + t.tv_nsec;
}

#define PASSES 5

/* Each pass draws `calls` values and adds their bit patterns into a checksum, so no call can be optimised
 * away; an add keeps the harness's own dependency chain at one cycle per call. */
#define TIME_LOOP(NAME, SETUP, DRAW, TYPE)                                              \
  do {                                                                                  \
    double best = 1e300;                                                                \
    uint64_t sum = 0;                                                                   \
    for (int pass = 0; pass < PASSES; ++pass) {                                         \
      SETUP;                                                                            \
      uint64_t s = 0;                                                                   \
      const double t0 = now_ns();                                                       \
      for (long i = 0; i < calls; ++i) {                                                \
        TYPE v = DRAW;                                                                  \
        uint64_t b = 0;                                                                 \
        memcpy(&b, &v, sizeof v);                                                       \
        s += b;                                                                         \
      }                                                                                 \
      const double dt = now_ns() - t0;                                                  \
      if (dt < best) best = dt;                                                         \
      sum = s;                                                                          \
    }                                                                                   \
    printf("%s %ld %.3f %016llx\n", NAME, calls, best / calls, (unsigned long long)sum); \
  } while (0)

int bench_call_floor(void); /* call_floor.c, a shared library of its own */

int main(int argc, char** argv) {
  const long calls = argc > 1 ? atol(argv[1]) : 20000000L;
  const char* only = argc > 2 ? argv[2] : "";
  if (!*only || strstr(only, "floor")) TIME_LOOP("call_floor", (void)0, bench_call_floor(), int);
  if (!*only || strstr(only, "rand,") || !strcmp(only, "rand")) TIME_LOOP("rand", srand(1), rand(), int);
  if (!*only || strstr(only, "random")) TIME_LOOP("random", srandom(7), random(), long);
  if (!*only || strstr(only, "drand48")) TIME_LOOP("drand48", srand48(1), drand48(), double);
  if (!*only || strstr(only, "lrand48")) TIME_LOOP("lrand48", srand48(1), lrand48(), long);
  return 0;
}
