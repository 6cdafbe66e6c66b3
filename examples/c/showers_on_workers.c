/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * showers_on_workers: work items that draw the same numbers wherever they run, and calls split over workers
 * (docs/SCALING.md).
 *
 *  1. Streams by work item. Eight "showers" each draw 100000 RMMARD numbers (GPURNG_RNG_PSEUDO_RANMAR48, CORSIKA's
 *     default seed) from stream k = their shower number. Run in order on one generator, then in reverse order on a
 *     fresh generator (as a different rank or GPU would run them): every shower's checksum must agree.
 *  2. A split fill. 2^22 uniforms through gpurngGenerateUniformParts on three CPU workers, against one call.
 *  3. A pricer on workers. GPU Gems 3's Asian basket on every GPU the library finds (device 0, 1, ... as long as
 *     gpurngCreateWorkers accepts them), or on three CPU workers without a GPU, against one pricer on the same
 *     backend: price and standard error must be the same bits.
 *
 * Prints "showers_on_workers: ok" only if every comparison holds; "FAILED" and exit status 1 otherwise.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gpurng.h"
#include "gpurng_pricing.h"

static int failures = 0;

static int ok(gpurngStatus_t st, const char *what) {
  if (st != GPURNG_STATUS_SUCCESS) {
    fprintf(stderr, "showers_on_workers: FAILED: %s returned %d (%s)\n", what, (int)st, gpurngGetErrorString(st));
    ++failures;
    return 0;
  }
  return 1;
}

/* A shower's checksum: the sum of its numbers' 48-bit words, mod 2^64. */
static uint64_t shower(gpurngGenerator_t g, unsigned long long k) {
  static unsigned long long words[100000];
  uint64_t sum = 0;
  if (!ok(gpurngSetGeneratorStream(g, k), "gpurngSetGeneratorStream")) return 0;
  if (!ok(gpurngGenerateLongLong(g, words, 100000), "gpurngGenerateLongLong")) return 0;
  for (int i = 0; i < 100000; ++i) sum += words[i];
  return sum;
}

static void streams(void) {
  gpurngGenerator_t a = NULL, b = NULL;
  uint64_t in_order[8];
  if (!ok(gpurngCreateGenerator(&a, GPURNG_RNG_PSEUDO_RANMAR48), "create") ||
      !ok(gpurngCreateGenerator(&b, GPURNG_RNG_PSEUDO_RANMAR48), "create"))
    return;
  for (int k = 0; k < 8; ++k) in_order[k] = shower(a, (unsigned long long)k);
  for (int k = 7; k >= 0; --k) {
    const uint64_t again = shower(b, (unsigned long long)k);
    printf("shower %d: checksum %016llx %s\n", k, (unsigned long long)in_order[k],
           again == in_order[k] ? "" : "DIFFERS");
    if (again != in_order[k]) ++failures;
  }
  gpurngDestroyGenerator(a);
  gpurngDestroyGenerator(b);
}

static void split_fill(void) {
  enum { kTotal = 1 << 22 };
  gpurngWorkers_t w = NULL;
  gpurngGenerator_t one = NULL, split = NULL;
  float *whole = malloc(sizeof(float) * kTotal), *parts = malloc(sizeof(float) * kTotal);
  size_t counts[3];
  if (!whole || !parts || !ok(gpurngCreateWorkers(&w, GPURNG_BACKEND_CPU, NULL, 3), "gpurngCreateWorkers") ||
      !ok(gpurngSplitCount(w, kTotal, counts), "gpurngSplitCount") ||
      !ok(gpurngCreateGenerator(&one, GPURNG_RNG_PSEUDO_PHILOX4_32_10), "create") ||
      !ok(gpurngCreateGenerator(&split, GPURNG_RNG_PSEUDO_PHILOX4_32_10), "create"))
    return;
  float *const outputs[3] = {parts, parts + counts[0], parts + counts[0] + counts[1]};
  ok(gpurngGenerateUniform(one, whole, kTotal), "gpurngGenerateUniform");
  ok(gpurngGenerateUniformParts(split, w, outputs, counts), "gpurngGenerateUniformParts");
  const int same = memcmp(whole, parts, sizeof(float) * kTotal) == 0;
  printf("split fill: %zu + %zu + %zu uniforms on 3 CPU workers %s one call\n", counts[0], counts[1], counts[2],
         same ? "equal" : "DIFFER FROM");
  if (!same) ++failures;
  gpurngDestroyGenerator(one);
  gpurngDestroyGenerator(split);
  gpurngDestroyWorkers(w);
  free(whole);
  free(parts);
}

static void pricer(void) {
  int devices[64], n = 0;
  gpurngWorkers_t w = NULL;
  for (; n < 64; ++n) { /* every device the library accepts */
    gpurngWorkers_t probe = NULL;
    devices[n] = n;
    if (gpurngCreateWorkers(&probe, GPURNG_BACKEND_CUDA, devices, n + 1) != GPURNG_STATUS_SUCCESS) break;
    gpurngDestroyWorkers(probe);
  }
  const gpurngBackend_t backend = n > 0 ? GPURNG_BACKEND_CUDA : GPURNG_BACKEND_CPU;
  if (!ok(gpurngCreateWorkers(&w, backend, devices, n > 0 ? n : 3), "gpurngCreateWorkers")) return;
  gpurngPricer_t one = NULL, split = NULL;
  if (!ok(gpurngCreatePricerOnBackend(&one, backend), "gpurngCreatePricerOnBackend") ||
      !ok(gpurngCreatePricerOnWorkers(&split, w), "gpurngCreatePricerOnWorkers"))
    return;
  gpurngPricingOptions_t o;
  gpurngPricingOptionsDefault(&o);
  o.paths = 1 << 18;
  const gpurngAsianBasketParams_t p1 = {1.5, 1.2, 0.001, 0.002, 0.02, 0.01, 0.015};
  gpurngPricingResult_t a = {0, 0}, b = {0, 0};
  ok(gpurngPriceAsianBasket(one, &o, 256, 1, &p1, &a), "one pricer");
  ok(gpurngPriceAsianBasket(split, &o, 256, 1, &p1, &b), "pricer on workers");
  const int same = memcmp(&a, &b, sizeof a) == 0;
  printf("Asian basket: %.8f +- %.8f on one pricer, %.8f +- %.8f on %d %s workers: %s\n", a.mean, a.std_error, b.mean,
         b.std_error, n > 0 ? n : 3, n > 0 ? "GPU" : "CPU", same ? "the same bits" : "DIFFERENT");
  if (!same) ++failures;
  gpurngDestroyPricer(one);
  gpurngDestroyPricer(split);
  gpurngDestroyWorkers(w);
}

int main(void) {
  streams();
  split_fill();
  pricer();
  if (failures) {
    printf("showers_on_workers: FAILED (%d)\n", failures);
    return 1;
  }
  printf("showers_on_workers: ok\n");
  return 0;
}
