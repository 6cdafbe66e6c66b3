/* SPDX-License-Identifier: BSD-3-Clause */
/* threads.c: 4 threads share the never-seeded rand() stream. glibc serialises rand() with a lock,
 * so whatever the interleaving, the values drawn are exactly the first 800000 of the seed-1 stream:
 * the sorted multiset (and its digest) is deterministic. Checked here against the naive reference;
 * a shim that lost or repeated values under contention prints MISMATCH and exits 1. */
#define _DEFAULT_SOURCE
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include "legacy_c_reference.h"

#define NTHREADS 4
#define PER_THREAD 200000
#define TOTAL (NTHREADS * PER_THREAD)

static int32_t drawn[TOTAL];

static void *worker(void *arg) {
  int32_t *out = (int32_t *)arg;
  int i;
  for (i = 0; i < PER_THREAD; ++i) out[i] = rand();
  return NULL;
}

static int cmp_i32(const void *a, const void *b) {
  int32_t x = *(const int32_t *)a, y = *(const int32_t *)b;
  return (x > y) - (x < y);
}

/* FNV-1a over the little-endian bytes of each value */
static uint64_t digest(const int32_t *v, int n) {
  uint64_t h = UINT64_C(14695981039346656037);
  int i, k;
  for (i = 0; i < n; ++i)
    for (k = 0; k < 4; ++k) {
      h ^= ((uint32_t)v[i] >> (8 * k)) & 0xffu;
      h *= UINT64_C(1099511628211);
    }
  return h;
}

int main(void) {
  static int32_t want[TOTAL];
  pthread_t th[NTHREADS];
  ref_random_state ref;
  int i, bad = 0;

  for (i = 0; i < NTHREADS; ++i)
    if (pthread_create(&th[i], NULL, worker, drawn + i * PER_THREAD) != 0) {
      printf("pthread_create failed\n");
      return 1;
    }
  for (i = 0; i < NTHREADS; ++i) pthread_join(th[i], NULL);
  qsort(drawn, TOTAL, sizeof drawn[0], cmp_i32);
  printf("count %d min %d max %d digest %016llx\n", TOTAL, drawn[0], drawn[TOTAL - 1],
         (unsigned long long)digest(drawn, TOTAL));

  ref_random_init(&ref, 3, 1); /* never seeded = srandom(1) */
  for (i = 0; i < TOTAL; ++i) want[i] = ref_random_next(&ref);
  qsort(want, TOTAL, sizeof want[0], cmp_i32);
  for (i = 0; i < TOTAL; ++i)
    if (drawn[i] != want[i]) {
      if (bad++ < 5) printf("MISMATCH sorted position %d: drawn %d, reference %d\n", i, drawn[i], want[i]);
    }
  printf("sorted multiset %s the first %d reference values\n", bad ? "DIFFERS FROM" : "equals", TOTAL);
  /* after the threads, the main thread continues the same stream */
  for (i = 0; i < 3; ++i) {
    int32_t got = rand(), w = ref_random_next(&ref);
    printf("after threads %d: %d\n", i, got);
    if (got != w) {
      printf("MISMATCH after threads %d: reference %d\n", i, w);
      ++bad;
    }
  }
  return bad ? 1 : 0;
}
