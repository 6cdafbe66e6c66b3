/* SPDX-License-Identifier: BSD-3-Clause */
/* fork.c: a forked child continues the parent's random() (on an initstate buffer), rand() and drand48
 * streams from the exact position of the fork, and the parent, after the child exited, continues from
 * the same position too. A second child reseeds everything; the parent must not notice. The child
 * always prints first (the parent waits), and stdout is flushed before each fork, so the output is
 * deterministic. Every value is also checked against the naive reference; MISMATCH and exit 1 on a
 * difference. */
#define _DEFAULT_SOURCE
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/wait.h>
#include <unistd.h>

#include "legacy_c_reference.h"

#define N 20
static int32_t statebuf[64];
static ref_random_state rmodel;
static ref_drand48_state dmodel;
static int bad;

static void check(const char *who, const char *what, int i, long got, long want) {
  printf("%s %s %d: %ld\n", who, what, i, got);
  if (got != want) {
    printf("MISMATCH %s %s %d: reference %ld\n", who, what, i, want);
    ++bad;
  }
}

/* N values of each kind; the models are this process's own copies, so each process checks itself */
static void continuation(const char *who) {
  int i;
  for (i = 0; i < N; ++i) check(who, "random", i, random(), ref_random_next(&rmodel));
  for (i = 0; i < N; ++i) check(who, "rand", i, rand(), ref_random_next(&rmodel));
  for (i = 0; i < N; ++i) {
    double d = drand48(), w = ref_drand48(&dmodel);
    printf("%s drand48 %d: %a\n", who, i, d);
    if (d != w) {
      printf("MISMATCH %s drand48 %d: reference %a\n", who, i, w);
      ++bad;
    }
  }
  for (i = 0; i < N; ++i) check(who, "lrand48", i, lrand48(), ref_lrand48(&dmodel));
  for (i = 0; i < N; ++i) check(who, "mrand48", i, mrand48(), ref_mrand48(&dmodel));
}

static int wait_child(pid_t pid) {
  int status = 0;
  if (waitpid(pid, &status, 0) != pid || !WIFEXITED(status) || WEXITSTATUS(status) != 0) {
    printf("child failed (status %#x)\n", status);
    return 1;
  }
  return 0;
}

int main(void) {
  long i, last = 0;
  pid_t pid;

  /* a TYPE_4 buffer, far into its stream, and far into drand48's */
  initstate(42, (char *)statebuf, sizeof statebuf);
  ref_random_init(&rmodel, 4, 42);
  for (i = 0; i < 300000; ++i) {
    last = random();
    if (last != ref_random_next(&rmodel)) ++bad;
  }
  printf("before fork: random #300000 = %ld\n", last);
  srand48(7);
  ref_srand48(&dmodel, 7);
  for (i = 0; i < 100000; ++i)
    if (lrand48() != ref_lrand48(&dmodel)) ++bad;
  printf("before fork: %d mismatches\n", bad);

  fflush(stdout);
  pid = fork();
  if (pid < 0) return 1;
  if (pid == 0) {
    continuation("child");
    fflush(stdout);
    exit(bad ? 1 : 0); /* exit, not _exit: the shim's exit-time report runs in the child too */
  }
  bad += wait_child(pid);
  continuation("parent");

  /* a child that reseeds both families must not move the parent's streams */
  fflush(stdout);
  pid = fork();
  if (pid < 0) return 1;
  if (pid == 0) {
    srandom(5);
    srand48(5);
    for (i = 0; i < 1000; ++i) {
      random();
      drand48();
    }
    exit(0);
  }
  bad += wait_child(pid);
  continuation("parent after reseeding child");
  printf("%s\n", bad ? "FAILED" : "ok");
  return bad ? 1 : 0;
}
