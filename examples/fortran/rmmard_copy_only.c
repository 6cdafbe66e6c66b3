/* SPDX-License-Identifier: BSD-3-Clause
 * The demonstration's third build (tools/demo.sh): RMMARD and RMMAQD that do no generator work at all.
 * RMMARD copies the next numbers of a precomputed table (each sequence reads it from an offset fixed by
 * its seed, at its counter), so the program runs its own work (the checksum, the branches on the numbers
 * drawn, the calls) with an RMMARD that costs a copy. Its time is the program's floor: no RMMARD, however
 * fast, makes the program faster than CPU time / floor. The numbers are not RANMAR's; RMMAQD 'R' and 'S'
 * keep the counters so that the program's restart from its event header still finds the same numbers. */
#include <stddef.h>
#include <stdint.h>

enum { kTableBits = 20, kSequences = 64 };
static double table[1u << kTableBits];
static uint32_t seed[kSequences], ntot[kSequences], ntot2[kSequences];
static int32_t jseq = 1;

__attribute__((constructor)) static void fill_table(void) {
  uint64_t x = 88172645463325252ull; /* xorshift64: any fixed, well-spread numbers in (0, 1) do */
  for (size_t i = 0; i < sizeof table / sizeof table[0]; ++i) {
    x ^= x << 13;
    x ^= x >> 7;
    x ^= x << 17;
    table[i] = ((double)(x >> 11) + 0.5) * (1.0 / 9007199254740992.0);
  }
}

static int32_t pick(const int32_t* iseq) { return *iseq >= 1 && *iseq <= kSequences ? *iseq : jseq; }

void rmmard_(double* rvec, const int32_t* lenv, const int32_t* iseq) {
  jseq = pick(iseq);
  const uint32_t k = (uint32_t)jseq - 1, mask = (1u << kTableBits) - 1;
  const uint32_t start = seed[k] * 2654435761u + ntot[k];
  for (int32_t i = 0; i < *lenv; ++i) rvec[i] = table[(start + (uint32_t)i) & mask];
  ntot[k] += (uint32_t)*lenv;
  if (ntot[k] >= 1000000000u) {
    ntot[k] -= 1000000000u;
    ++ntot2[k];
  }
}

void rmmaqd_(int32_t* iseed, int32_t* iseq, const char* chopt, size_t chopt_len) {
  (void)chopt_len;
  jseq = pick(iseq);
  const uint32_t k = (uint32_t)jseq - 1;
  if (chopt[0] == 'R') {
    iseed[0] = (int32_t)seed[k];
    iseed[1] = (int32_t)ntot[k];
    iseed[2] = (int32_t)ntot2[k];
  } else {
    seed[k] = (uint32_t)iseed[0];
    ntot[k] = (uint32_t)iseed[1];
    ntot2[k] = (uint32_t)iseed[2];
  }
}
