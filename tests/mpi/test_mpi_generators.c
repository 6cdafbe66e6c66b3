/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * gpurng_mpi.h's generators under mpirun (any rank count; ctest runs 1, 2, 3, 4 and 8):
 *  - BLOCKS: three collective fills (RANMAR doubles, Philox words, XORWOW floats after a normal call on every rank);
 *    the ranks' parts gathered on rank 0 in rank order equal one process's calls of the same totals;
 *  - STREAMS: rank r's numbers equal a one-process generator put on stream first + r;
 *  - bad input: different seeds on different ranks, MPI_COMM_NULL, a create before MPI_Init, a stream past the
 *    engine's last.
 * Rank 0 prints "mpi_generators: ok" only if every check passed on every rank.
 */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gpurng_mpi.h"
#include "mpi_check.h"

/* Gather every rank's part (n_local items of `bytes` each) on rank 0, in rank order. */
static void *gather(const void *part, size_t n_local, size_t bytes, int rank, int size) {
  int mine = (int)(n_local * bytes);
  int *counts = malloc(sizeof(int) * (size_t)size), *displs = malloc(sizeof(int) * (size_t)size);
  MPI_Gather(&mine, 1, MPI_INT, counts, 1, MPI_INT, 0, MPI_COMM_WORLD);
  char *all = NULL;
  if (rank == 0) {
    int at = 0;
    for (int r = 0; r < size; ++r) displs[r] = at, at += counts[r];
    all = malloc((size_t)at + 1);
  }
  MPI_Gatherv(part, mine, MPI_BYTE, all, counts, displs, MPI_BYTE, 0, MPI_COMM_WORLD);
  free(counts);
  free(displs);
  return all;
}

static void blocks(int rank, int size) {
  const size_t total = 1000003;
  gpurngGenerator_t g[3] = {NULL, NULL, NULL};
  const gpurngRngType_t types[3] = {GPURNG_RNG_PSEUDO_RANMAR, GPURNG_RNG_PSEUDO_PHILOX4_32_10,
                                    GPURNG_RNG_PSEUDO_XORWOW};
  for (int e = 0; e < 3; ++e)
    check(gpurngMpiCreateGenerator(&g[e], MPI_Comm_c2f(MPI_COMM_WORLD), types[e], 1802, GPURNG_MPI_BLOCKS, 7) ==
              GPURNG_STATUS_SUCCESS,
          "create (blocks)");
  if (!g[0] || !g[1] || !g[2]) return;
  float z[10];
  check(gpurngGenerateNormal(g[2], z, 10, 0.0f, 1.0f) == GPURNG_STATUS_SUCCESS, "normal call before the fill");
  double *d = malloc(sizeof(double) * total);
  unsigned *w = malloc(sizeof(unsigned) * total);
  float *f = malloc(sizeof(float) * total);
  size_t nd = 0, nw = 0, nf = 0;
  for (int round = 0; round < 2; ++round) { /* twice: the second call continues the first */
    check(gpurngMpiGenerateUniformDouble(g[0], MPI_Comm_c2f(MPI_COMM_WORLD), total, d, &nd) == GPURNG_STATUS_SUCCESS,
          "fill d");
    check(gpurngMpiGenerate(g[1], MPI_Comm_c2f(MPI_COMM_WORLD), total, w, &nw) == GPURNG_STATUS_SUCCESS, "fill w");
    check(gpurngMpiGenerateUniform(g[2], MPI_Comm_c2f(MPI_COMM_WORLD), total, f, &nf) == GPURNG_STATUS_SUCCESS,
          "fill f");
  }
  double *all_d = gather(d, nd, sizeof(double), rank, size);
  unsigned *all_w = gather(w, nw, sizeof(unsigned), rank, size);
  float *all_f = gather(f, nf, sizeof(float), rank, size);
  if (rank == 0) { /* one process: the same calls on one generator of each */
    gpurngGenerator_t one[3];
    for (int e = 0; e < 3; ++e) {
      gpurngCreateGenerator(&one[e], types[e]);
      gpurngSetPseudoRandomGeneratorSeed(one[e], 1802);
      gpurngSetGeneratorStream(one[e], 7);
    }
    gpurngGenerateNormal(one[2], z, 10, 0.0f, 1.0f);
    for (int round = 0; round < 2; ++round) {
      gpurngGenerateUniformDouble(one[0], d, total);
      gpurngGenerate(one[1], w, total);
      gpurngGenerateUniform(one[2], f, total);
    }
    check(memcmp(all_d, d, sizeof(double) * total) == 0, "RANMAR blocks equal one process");
    check(memcmp(all_w, w, sizeof(unsigned) * total) == 0, "Philox blocks equal one process");
    check(memcmp(all_f, f, sizeof(float) * total) == 0, "XORWOW blocks equal one process");
    for (int e = 0; e < 3; ++e) gpurngDestroyGenerator(one[e]);
  }
  free(all_d), free(all_w), free(all_f), free(d), free(w), free(f);
  for (int e = 0; e < 3; ++e) gpurngDestroyGenerator(g[e]);
}

static void streams(int rank) {
  gpurngGenerator_t g = NULL, one = NULL;
  check(gpurngMpiCreateGenerator(&g, MPI_Comm_c2f(MPI_COMM_WORLD), GPURNG_RNG_PSEUDO_RANMAR48, 54217137,
                                 GPURNG_MPI_STREAMS, 100) == GPURNG_STATUS_SUCCESS,
        "create (streams)");
  if (!g) return;
  unsigned long long mine[1000], want[1000];
  gpurngGenerateLongLong(g, mine, 1000);
  gpurngCreateGeneratorHost(&one, GPURNG_RNG_PSEUDO_RANMAR48);
  gpurngSetGeneratorStream(one, 100 + (unsigned long long)rank);
  gpurngGenerateLongLong(one, want, 1000);
  check(memcmp(mine, want, sizeof mine) == 0, "rank r draws stream first + r");
  gpurngDestroyGenerator(g);
  gpurngDestroyGenerator(one);
}

static void bad_input(int rank, int size) {
  gpurngGenerator_t g = NULL;
  check(gpurngMpiCreateGenerator(&g, MPI_Comm_c2f(MPI_COMM_WORLD), GPURNG_RNG_PSEUDO_RANMAR,
                                 1000 + (size > 1 ? rank : 0), GPURNG_MPI_BLOCKS,
                                 0) == (size > 1 ? GPURNG_STATUS_INVALID_VALUE : GPURNG_STATUS_SUCCESS),
        "different seeds on different ranks");
  if (g) gpurngDestroyGenerator(g);
  g = NULL;
  check(gpurngMpiCreateGenerator(&g, MPI_Comm_c2f(MPI_COMM_NULL), GPURNG_RNG_PSEUDO_RANMAR, 1, GPURNG_MPI_BLOCKS, 0) ==
            GPURNG_STATUS_NOT_INITIALIZED,
        "MPI_COMM_NULL");
  /* MINSTD has streams 0..126: the last ranks of a world that starts at 126 pass it. */
  const gpurngStatus_t st = gpurngMpiCreateGenerator(&g, MPI_Comm_c2f(MPI_COMM_WORLD), GPURNG_RNG_PSEUDO_MINSTD, 1,
                                                     GPURNG_MPI_STREAMS, 127 - (unsigned long long)size);
  check(st == GPURNG_STATUS_SUCCESS && g != NULL, "streams up to the last");
  if (g) gpurngDestroyGenerator(g);
  g = NULL;
  check(gpurngMpiCreateGenerator(&g, MPI_Comm_c2f(MPI_COMM_WORLD), GPURNG_RNG_PSEUDO_MINSTD, 1, GPURNG_MPI_STREAMS,
                                 127) == GPURNG_STATUS_OUT_OF_RANGE &&
            g == NULL,
        "a stream past the last");
}

int main(int argc, char **argv) {
  /* Before MPI_Init: no collective is attempted, the status says so (any handle; 0 is MPI_COMM_WORLD's in OpenMPI). */
  gpurngGenerator_t early = NULL;
  const gpurngStatus_t before_init =
      gpurngMpiCreateGenerator(&early, 0, GPURNG_RNG_PSEUDO_PHILOX4_32_10, 1, GPURNG_MPI_STREAMS, 0);
  MPI_Init(&argc, &argv);
  setup_ranks(argc, argv);
  check(before_init == GPURNG_STATUS_NOT_INITIALIZED && early == NULL, "a create before MPI_Init");
  int rank = 0, size = 1;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  blocks(rank, size);
  streams(rank);
  bad_input(rank, size);
  return finish("mpi_generators");
}
