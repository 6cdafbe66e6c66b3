/* SPDX-License-Identifier: BSD-3-Clause */
/* nodraw.c: an ordinary program that never draws a random number. Under the preload shim it must stay
 * single-threaded (no producer thread, no CUDA runtime threads started in the shim's constructor):
 * prints its Threads line from /proc/self/status and exits 1 unless it is "Threads:\t1". */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(void) {
  char line[256];
  int threads = -1;
  FILE *f;
  char *p = malloc(1000); /* the usual things a program does, none of them random */
  snprintf(p, 1000, "HOME=%s", getenv("HOME") ? "set" : "unset");
  printf("%s\n", p);
  free(p);
  f = fopen("/proc/self/status", "r");
  if (f == NULL) return 1;
  while (fgets(line, sizeof line, f))
    if (strncmp(line, "Threads:", 8) == 0) {
      fputs(line, stdout);
      threads = atoi(line + 8);
    }
  fclose(f);
  return threads == 1 ? 0 : 1;
}
