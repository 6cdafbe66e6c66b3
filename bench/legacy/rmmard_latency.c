/* SPDX-License-Identifier: BSD-3-Clause
 * The C twin of rmmard_latency.f90 (issue 32): RMMARD's cost per number when each call's length and sequence
 * come from the previous call's numbers (dependent) and when they come from a fixed schedule (independent),
 * built against libgpurng_legacy, a textbook RMMARD (ref_corsika.F) and a copy-only RMMARD, from this one source.
 * Calls rmmard_ / rmmaqd_ as a C code calls the Fortran entry points. */
#include <stdint.h>
#include <stdio.h>
#include <time.h>

void rmmard_(double* rvec, const int32_t* lenv, const int32_t* iseq);
void rmmaqd_(int32_t* iseed, int32_t* iseq, const char* chopt, size_t chopt_len);

enum { kSequences = 4, kCalls = 4000000, kSchedule = 65536 };

static int32_t sequence_of(double u) { return u < 0.70 ? 1 : u < 0.95 ? 2 : u < 0.99 ? 3 : 4; }

static double now(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

static int32_t sched_n[kSchedule], sched_q[kSchedule];

int main(void) {
  for (int32_t l = 1; l <= kSequences; ++l) {
    int32_t iseed[3] = {1000003 * l + 17, 0, 0}, iseq = l;
    rmmaqd_(iseed, &iseq, "S", 1);
  }
  uint64_t x = 12345;
  for (int i = 0; i < kSchedule; ++i) {
    x = x * 6364136223846793005ull + 1442695040888963407ull;
    sched_n[i] = 1 + (int32_t)((x >> 33) % 10);
    x = x * 6364136223846793005ull + 1442695040888963407ull;
    sched_q[i] = sequence_of((double)((x >> 33) % 100) / 100.0);
  }
  double rd[10], sum_dep = 0, sum_ind = 0;
  int64_t num_dep = 0, num_ind = 0;
  int32_t n = 3, iseq = 1;
  double t0 = now();
  for (int c = 0; c < kCalls; ++c) {
    rmmard_(rd, &n, &iseq);
    sum_dep += rd[0];
    num_dep += n;
    iseq = sequence_of(rd[0]);
    n = 1 + (int32_t)(rd[n - 1] * 10.0);
  }
  const double t_dep = now() - t0;
  t0 = now();
  for (int c = 0; c < kCalls; ++c) {
    const int k = (c + 1) & (kSchedule - 1);
    rmmard_(rd, &sched_n[k], &sched_q[k]);
    sum_ind += rd[0];
    num_ind += sched_n[k];
  }
  const double t_ind = now() - t0;
  printf("dependent:   %8.3f ns per number, %lld numbers, %d calls, checksum %.15e\n", 1e9 * t_dep / (double)num_dep,
         (long long)num_dep, kCalls, sum_dep);
  printf("independent: %8.3f ns per number, %lld numbers, %d calls, checksum %.15e\n", 1e9 * t_ind / (double)num_ind,
         (long long)num_ind, kCalls, sum_ind);
  return 0;
}
