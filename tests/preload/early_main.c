/* SPDX-License-Identifier: BSD-3-Clause */
/* early_main.c: linked normally against libearly_draw.so, whose constructor already drew from rand()
 * and drand48(); main continues both streams, and an atexit handler draws during teardown. */
#define _DEFAULT_SOURCE
#include <stdio.h>
#include <stdlib.h>

int early_draw_marker(void);

static void at_exit_draw(void) {
  printf("atexit: rand(): %d, drand48(): %a\n", rand(), drand48());
  fflush(stdout);
}

int main(void) {
  int i;
  atexit(at_exit_draw);
  printf("main: marker %d\n", early_draw_marker());
  for (i = 0; i < 5; ++i) printf("main: rand(): %d\n", rand());
  for (i = 0; i < 5; ++i) printf("main: drand48(): %a\n", drand48());
  srand48(3);
  for (i = 0; i < 3; ++i) printf("main: lrand48() after srand48(3): %ld\n", lrand48());
  return 0;
}
