/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * The seeding audit's test program (tests/legacy/check_seed_audit.cmake):
 *   seed_audit_tool seed IJKL...   seeds RMMAQD sequences 1, 2, ... with the IJKLs (NTOT = NTOT2 = 0), as a
 *                                  CORSIKA rank seeds its sequences, and RM48IN once with the first IJKL + 1;
 *   seed_audit_tool report DIR     prints gpurng_legacy_seed_audit_report(DIR, NULL)'s report; exits 0 when it ran.
 */
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gpurng_legacy.h"

void rmmaqd_(int32_t *iseed, int32_t *iseq, const char *chopt, size_t chopt_len);
void rm48in_(const int32_t *ijklin, const int32_t *ntotin, const int32_t *ntot2n);

int main(int argc, char **argv) {
  if (argc >= 3 && strcmp(argv[1], "seed") == 0) {
    for (int i = 2; i < argc; ++i) {
      int32_t iseed[3] = {(int32_t)atol(argv[i]), 0, 0}, iseq = i - 1;
      rmmaqd_(iseed, &iseq, "S", 1);
    }
    const int32_t other = (int32_t)atol(argv[2]) + 1, zero = 0;
    rm48in_(&other, &zero, &zero);
    return 0;
  }
  if (argc == 3 && strcmp(argv[1], "report") == 0) {
    const int duplicated = gpurng_legacy_seed_audit_report(argv[2], NULL);
    printf("report returned %d\n", duplicated);
    return duplicated < 0 ? 1 : 0;
  }
  fprintf(stderr, "usage: seed_audit_tool seed IJKL... | report DIR\n");
  return 2;
}
