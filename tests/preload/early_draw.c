/* SPDX-License-Identifier: BSD-3-Clause */
/* libearly_draw.so: a DT_NEEDED library whose constructor draws before the preload shim's own
 * constructors have run (docs/PRELOAD.md, Start-up and exit: the shim must work with zero initialisation),
 * and whose destructor draws after the shim's may have run. */
#define _DEFAULT_SOURCE
#include <stdio.h>
#include <stdlib.h>

__attribute__((constructor)) static void early_draw(void) {
  int i;
  printf("constructor: rand() before any srand: %d\n", rand());
  printf("constructor: drand48() never seeded: %a\n", drand48());
  srand(7);
  for (i = 0; i < 3; ++i) printf("constructor: rand() after srand(7): %d\n", rand());
  for (i = 0; i < 3; ++i) printf("constructor: drand48(): %a\n", drand48());
  fflush(stdout);
}

__attribute__((destructor)) static void late_draw(void) {
  printf("destructor: rand(): %d, random(): %ld, lrand48(): %ld\n", rand(), random(), lrand48());
  fflush(stdout);
}

/* referenced by early_main so the link really needs this library */
int early_draw_marker(void) { return 42; }
