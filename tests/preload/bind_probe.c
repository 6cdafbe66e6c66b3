/* SPDX-License-Identifier: BSD-3-Clause */
/* bind_probe.c: calls each of the 15 C names the shim interposes once, so LD_DEBUG=bindings shows
 * where the dynamic linker bound each reference (check_shim.sh bindings). */
#define _DEFAULT_SOURCE
#include <stdio.h>
#include <stdlib.h>

int main(void) {
  static char buf[128];
  unsigned short x[3] = {1, 2, 3}, p[7] = {1, 2, 3, 4, 5, 6, 7};
  char *old;
  srand(1);
  srandom(2);
  old = initstate(3, buf, sizeof buf);
  setstate(old);
  printf("%d %ld\n", rand(), random());
  srand48(4);
  seed48(x);
  lcong48(p);
  printf("%a %a %ld %ld %ld %ld\n", drand48(), erand48(x), lrand48(), nrand48(x), mrand48(), jrand48(x));
  return 0;
}
