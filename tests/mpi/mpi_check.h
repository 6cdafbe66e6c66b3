/* SPDX-License-Identifier: BSD-3-Clause */
/* What the MPI test programs share: a failed check printed with its rank and counted, and the ending every rank
 * reaches: rank 0 prints "<name>: ok (N ranks)" only if no check failed on any rank (ctest looks for it). */
#ifndef GPURNG_TESTS_MPI_CHECK_H
#define GPURNG_TESTS_MPI_CHECK_H

#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#ifdef GPURNG_TEST_CUDA
#include <cuda_runtime_api.h>
#endif

static int mpi_check_failures = 0;

static void check(int ok, const char *what) {
  if (!ok) {
    int rank = 0;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    fprintf(stderr, "rank %d: FAILED: %s\n", rank, what);
    ++mpi_check_failures;
  }
}

/* One rank per GPU where the node has GPUs (docs/SCALING.md, MPI): the node's rank k uses device k mod count, made
 * current before the library's first call, which then works there (the CUDA runtime follows the thread's current
 * context). Without CUDA, or without a GPU, nothing. Returns 1 when this rank has a GPU. */
static int use_node_gpu(void) {
#ifdef GPURNG_TEST_CUDA
  int gpus = 0, local = 0;
  if (cudaGetDeviceCount(&gpus) != cudaSuccess || gpus < 1) {
    cudaGetLastError();
    return 0;
  }
  MPI_Comm node;
  MPI_Comm_split_type(MPI_COMM_WORLD, MPI_COMM_TYPE_SHARED, 0, MPI_INFO_NULL, &node);
  MPI_Comm_rank(node, &local);
  MPI_Comm_free(&node);
  if (cudaSetDevice(local % gpus) != cudaSuccess) {
    check(0, "cudaSetDevice");
    return 0;
  }
  return 1;
#else
  return 0;
#endif
}

/* After MPI_Init: each rank on its GPU where there are GPUs (use_node_gpu). With the argument --gpus (ctest's multigpu
 * runs), a rank without a GPU makes every rank exit 77, which ctest counts as skipped. Returns 1 when this rank has a
 * GPU. */
static int setup_ranks(int argc, char **argv) {
  const int gpu = use_node_gpu();
  int want = 0, all = 1;
  for (int i = 1; i < argc; ++i)
    if (strcmp(argv[i], "--gpus") == 0) want = 1;
  MPI_Allreduce(&gpu, &all, 1, MPI_INT, MPI_MIN, MPI_COMM_WORLD);
  if (want && !all) {
    MPI_Finalize();
    exit(77);
  }
  return gpu;
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
