/* SPDX-License-Identifier: BSD-3-Clause
 * GPURNG_NORMAL_METHOD_CURAND_DEVICE from C: a program that compared its normals with what
 * curandGenerateNormal gave it on the GPU asks for that mode and gets those bits (Philox4_32_10 here; XORWOW
 * and MRG32k3a too). The GPU makes them, also for host memory as below. On the CPU backend the normal calls
 * return GPURNG_STATUS_ARCH_MISMATCH; the program then says so and takes the portable normals (the default
 * method, the same on every backend). Prints "curand_gpu_normals: ok" when every status is as documented. */
#include <stdio.h>

#include "gpurng.h"

static int fail(const char* what, gpurngStatus_t s) {
  printf("FAILED: %s returned %d (%s)\n", what, (int)s, gpurngGetErrorString(s));
  return 1;
}

int main(void) {
  gpurngGenerator_t g;
  gpurngStatus_t s = gpurngCreateGenerator(&g, GPURNG_RNG_PSEUDO_PHILOX4_32_10);
  if (s != GPURNG_STATUS_SUCCESS) return fail("gpurngCreateGenerator", s);
  gpurngBackend_t backend;
  if ((s = gpurngGetBackend(g, &backend)) != GPURNG_STATUS_SUCCESS) return fail("gpurngGetBackend", s);
  if ((s = gpurngSetPseudoRandomGeneratorSeed(g, 1234ULL)) != GPURNG_STATUS_SUCCESS) return fail("seed", s);
  if ((s = gpurngSetNormalMethod(g, GPURNG_NORMAL_METHOD_CURAND_DEVICE)) != GPURNG_STATUS_SUCCESS)
    return fail("gpurngSetNormalMethod", s);
  float z[8];
  s = gpurngGenerateNormal(g, z, 8, 0.0f, 1.0f);
  if (backend == GPURNG_BACKEND_CUDA) {
    if (s != GPURNG_STATUS_SUCCESS) return fail("gpurngGenerateNormal", s);
    printf("cuRAND's GPU normals (Philox4_32_10, seed 1234):");
  } else {
    if (s != GPURNG_STATUS_ARCH_MISMATCH) return fail("gpurngGenerateNormal on the CPU backend", s);
    printf("CPU backend: the mode needs the GPU (%s); portable normals instead:\n", gpurngGetErrorString(s));
    if ((s = gpurngSetNormalMethod(g, GPURNG_NORMAL_METHOD_DEFAULT)) != GPURNG_STATUS_SUCCESS)
      return fail("gpurngSetNormalMethod", s);
    if ((s = gpurngGenerateNormal(g, z, 8, 0.0f, 1.0f)) != GPURNG_STATUS_SUCCESS)
      return fail("gpurngGenerateNormal", s);
  }
  for (int i = 0; i < 8; ++i) printf(" %.7g", z[i]);
  printf("\n");
  gpurngDestroyGenerator(g);
  printf("curand_gpu_normals: ok\n");
  return 0;
}
