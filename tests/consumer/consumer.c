/* SPDX-License-Identifier: BSD-3-Clause */
/* A tiny C program built against the installed libgpurng: prints the published RANMAR vector. */
#include <gpurng.h>
#include <stdio.h>

int main(void) {
  gpurngGenerator_t g;
  unsigned v[6];
  if (gpurngCreateGenerator(&g, GPURNG_RNG_PSEUDO_RANMAR) != GPURNG_STATUS_SUCCESS) return 1;
  if (gpurngSetGeneratorOffset(g, 20000) != GPURNG_STATUS_SUCCESS) return 1;
  if (gpurngGenerate(g, v, 6) != GPURNG_STATUS_SUCCESS) return 1;
  printf("%u %u %u %u %u %u\n", v[0], v[1], v[2], v[3], v[4], v[5]);
  return gpurngDestroyGenerator(g) == GPURNG_STATUS_SUCCESS ? 0 : 1;
}
