/* Same binary, either library (LD_LIBRARY_PATH): GLIBC_RANDOM TYPE_3 floats into device memory, 2^28 and 2^24 a
   call, median ms of 7 wall-timed calls (each waits for its result). */
#include <cuda_runtime.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include "gpurng.h"
static double now_ms(void) { struct timespec t; clock_gettime(CLOCK_MONOTONIC, &t); return t.tv_sec * 1e3 + t.tv_nsec * 1e-6; }
static int cmp(const void* a, const void* b) { double x = *(const double*)a, y = *(const double*)b; return (x > y) - (x < y); }
int main(void) {
  gpurngGenerator_t g; float* d;
  if (gpurngCreateGenerator(&g, GPURNG_RNG_PSEUDO_GLIBC_RANDOM) || cudaMalloc((void**)&d, (size_t)4 << 28)) return 1;
  size_t sizes[2] = {(size_t)1 << 28, (size_t)1 << 24};
  for (int s = 0; s < 2; ++s) {
    double t[7];
    gpurngGenerateUniform(g, d, sizes[s]);
    for (int r = 0; r < 7; ++r) { double a = now_ms(); if (gpurngGenerateUniform(g, d, sizes[s])) return 2; t[r] = now_ms() - a; }
    qsort(t, 7, sizeof(double), cmp);
    printf("n=%zu median %.3f ms = %.2f GS/s\n", sizes[s], t[3], sizes[s] / t[3] / 1e6);
  }
  return 0;
}
