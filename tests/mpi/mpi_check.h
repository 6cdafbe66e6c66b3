/* SPDX-License-Identifier: BSD-3-Clause */
/* What the MPI test programs share: a failed check printed with its rank and counted, and the ending every rank
 * reaches: rank 0 prints "<name>: ok (N ranks)" only if no check failed on any rank (ctest looks for it). */
#ifndef GPURNG_TESTS_MPI_CHECK_H
#define GPURNG_TESTS_MPI_CHECK_H

#include <mpi.h>
#include <stdio.h>

static int mpi_check_failures = 0;

static void check(int ok, const char *what) {
  if (!ok) {
    int rank = 0;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    fprintf(stderr, "rank %d: FAILED: %s\n", rank, what);
    ++mpi_check_failures;
  }
}

/* Sums the failures over the ranks, prints the verdict on rank 0, finalises MPI; the program's exit status. */
static int finish(const char *name) {
  int rank = 0, size = 1, all = 0;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  MPI_Allreduce(&mpi_check_failures, &all, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
  if (rank == 0) {
    if (all)
      printf("%s: FAILED (%d)\n", name, all);
    else
      printf("%s: ok (%d ranks)\n", name, size);
  }
  MPI_Finalize();
  return all ? 1 : 0;
}

#endif
