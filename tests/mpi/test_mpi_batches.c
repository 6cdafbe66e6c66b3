/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * gpurng_mpi.h's batches under mpirun (ctest: 1, 2, 3, 4 and 8 ranks): a PDE batch of 41 options (implicit and
 * Crank-Nicolson, with prices, deltas, gammas, grids and info; and Crank-Nicolson in float; one option with r = 1e6
 * that the output check or the pivot test reports) and a strided tridiagonal batch of 37 systems (one with a zero
 * pivot; double and float) give every rank exactly what one process's call writes, with the same status. Rank 0 prints
 * "mpi_batches: ok" only if all agree.
 */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gpurng_mpi.h"
#include "mpi_check.h"

enum { kOptions = 41, kJ = 255, kN = 50, kM = 100, kSystems = 37, kStride = 103 };
struct Pde {
  int kind[kOptions], info[kOptions];
  double S0[kOptions], K[kOptions], r[kOptions], sigma[kOptions], T[kOptions];
  double price[kOptions], delta[kOptions], gamma[kOptions], grid[kOptions * (kJ + 1)];
};

static void pde_inputs(struct Pde *p) {
  memset(p, 0, sizeof *p);
  for (int k = 0; k < kOptions; ++k) {
    p->kind[k] =
        k % 4 == 3 ? GPURNG_OPTION_PUT | GPURNG_OPTION_AMERICAN : (k % 2 ? GPURNG_OPTION_PUT : GPURNG_OPTION_CALL);
    p->S0[k] = 60 + (k * 7) % 80, p->K[k] = 100, p->r[k] = k == 5 ? 1e6 : 0.05, p->sigma[k] = 0.2 + 0.001 * k;
    p->T[k] = 1.0;
  }
}

static gpurngStatus_t pde(gpurngSolver_t s, MPI_Comm comm, gpurngPdeScheme_t scheme, struct Pde *p) {
  return comm == MPI_COMM_NULL
             ? gpurngBlackScholesPde1dDouble(s, scheme, kJ, kN, 400.0, kOptions, p->kind, p->S0, p->K, p->r, p->sigma,
                                             p->T, p->price, p->delta, p->gamma, p->grid, p->info)
             : gpurngMpiBlackScholesPde1dDouble(s, MPI_Comm_c2f(comm), scheme, kJ, kN, 400.0, kOptions, p->kind, p->S0,
                                                p->K, p->r, p->sigma, p->T, p->price, p->delta, p->gamma, p->grid,
                                                p->info);
}

/* The same in float: a PDE batch with float arithmetic and no grid. */
struct PdeF {
  int kind[kOptions], info[kOptions];
  float S0[kOptions], K[kOptions], r[kOptions], sigma[kOptions], T[kOptions], price[kOptions], delta[kOptions];
};

static void pde_float(gpurngSolver_t s) {
  static struct PdeF one, all;
  struct Pde d;
  pde_inputs(&d);
  for (int k = 0; k < kOptions; ++k) {
    one.kind[k] = d.kind[k], one.S0[k] = (float)d.S0[k], one.K[k] = (float)d.K[k], one.r[k] = (float)d.r[k];
    one.sigma[k] = (float)d.sigma[k], one.T[k] = (float)d.T[k], one.price[k] = one.delta[k] = -1.0f, one.info[k] = 0;
  }
  all = one;
  const gpurngStatus_t want =
      gpurngBlackScholesPde1dFloat(s, GPURNG_PDE_CRANK_NICOLSON, kJ, kN, 400.0f, kOptions, one.kind, one.S0, one.K,
                                   one.r, one.sigma, one.T, one.price, one.delta, NULL, NULL, one.info);
  const gpurngStatus_t got = gpurngMpiBlackScholesPde1dFloat(
      s, MPI_Comm_c2f(MPI_COMM_WORLD), GPURNG_PDE_CRANK_NICOLSON, kJ, kN, 400.0f, kOptions, all.kind, all.S0, all.K,
      all.r, all.sigma, all.T, all.price, all.delta, NULL, NULL, all.info);
  check(got == want, "float PDE status");
  check(memcmp(&one, &all, sizeof one) == 0, "float PDE outputs equal one process's");
}

/* The rank's solver: on its GPU where it has one (a one-worker list, which stages host arrays to the GPU; an ordinary
 * solver solves host arrays on the CPU threads), else an ordinary one. Every rank's one-process reference uses the
 * same kind of solver, so the algorithms (AUTO's choice differs between CPU and GPU) are the same. */
static int g_gpu = 0;
static gpurngSolver_t rank_solver(void) {
  gpurngSolver_t s = NULL;
  if (g_gpu) {
    int device = -1;
    gpurngWorkers_t w = NULL;
#ifdef GPURNG_TEST_CUDA
    cudaGetDevice(&device);
#endif
    check(gpurngCreateWorkers(&w, GPURNG_BACKEND_CUDA, &device, 1) == GPURNG_STATUS_SUCCESS, "workers");
    check(gpurngCreateSolverOnWorkers(&s, w) == GPURNG_STATUS_SUCCESS, "solver on the rank's GPU");
    gpurngDestroyWorkers(w);
  } else {
    gpurngCreateSolver(&s);
  }
  return s;
}

static void pde_batches(void) {
  gpurngSolver_t s = rank_solver();
  static struct Pde one, all;
  for (int scheme = GPURNG_PDE_IMPLICIT; scheme <= GPURNG_PDE_CRANK_NICOLSON; ++scheme) {
    pde_inputs(&one);
    pde_inputs(&all);
    const gpurngStatus_t want = pde(s, MPI_COMM_NULL, (gpurngPdeScheme_t)scheme, &one);
    const gpurngStatus_t got = pde(s, MPI_COMM_WORLD, (gpurngPdeScheme_t)scheme, &all);
    check(got == want, "PDE status");
    check(memcmp(&one, &all, sizeof one) == 0, "PDE outputs equal one process's");
  }
  pde_float(s);
  gpurngDestroySolver(s);
}

static void tridiag_batches(void) {
  static double dl[kSystems * kStride], d[kSystems * kStride], du[kSystems * kStride], x1[kSystems * kStride],
      x2[kSystems * kStride];
  int i1[kSystems], i2[kSystems];
  unsigned long long state = 12345;
  for (int i = 0; i < kSystems * kStride; ++i) {
    state = state * 6364136223846793005ull + 1442695040888963407ull;
    const double u = (double)(state >> 11) * 0x1p-53;
    dl[i] = u - 0.5, du[i] = 0.5 - u, d[i] = 2.5 + u, x1[i] = x2[i] = u;
  }
  d[30 * kStride] = 0.0; /* system 30 meets a zero pivot (CPU THOMAS) */
  gpurngSolver_t s = rank_solver();
  const gpurngStatus_t want = gpurngDgtsvStridedBatch(s, kM, dl, d, du, x1, kSystems, kStride, i1);
  const gpurngStatus_t got =
      gpurngMpiDgtsvStridedBatch(s, MPI_Comm_c2f(MPI_COMM_WORLD), kM, dl, d, du, x2, kSystems, kStride, i2);
  /* CPU THOMAS reports the pivot; a GPU's AUTO algorithm may solve around it: either way as one process does. */
  check(got == want && (want == GPURNG_STATUS_ZERO_PIVOT || want == GPURNG_STATUS_SUCCESS), "tridiagonal status");
  check(memcmp(x1, x2, sizeof x1) == 0 && memcmp(i1, i2, sizeof i1) == 0, "tridiagonal solutions equal one process's");
  /* The same systems in float. */
  static float fl[kSystems * kStride], fd[kSystems * kStride], fu[kSystems * kStride], y1[kSystems * kStride],
      y2[kSystems * kStride];
  for (int i = 0; i < kSystems * kStride; ++i) fl[i] = (float)dl[i], fd[i] = (float)d[i], fu[i] = (float)du[i];
  for (int i = 0; i < kSystems * kStride; ++i) y1[i] = y2[i] = (float)(du[i] + 0.5);
  const gpurngStatus_t want_f = gpurngSgtsvStridedBatch(s, kM, fl, fd, fu, y1, kSystems, kStride, i1);
  const gpurngStatus_t got_f =
      gpurngMpiSgtsvStridedBatch(s, MPI_Comm_c2f(MPI_COMM_WORLD), kM, fl, fd, fu, y2, kSystems, kStride, i2);
  check(got_f == want_f, "float tridiagonal status");
  check(memcmp(y1, y2, sizeof y1) == 0 && memcmp(i1, i2, sizeof i1) == 0,
        "float tridiagonal solutions equal one process's");
  gpurngDestroySolver(s);
}

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  g_gpu = setup_ranks(argc, argv);
  int rank = 0, size = 1;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  pde_batches();
  tridiag_batches();
  gpurngSolver_t s = rank_solver();
  double l[8] = {0}, c[8] = {1, 1, 1, 1, 1, 1, 1, 1}, u[8] = {0}, x[8] = {0};
  check(gpurngMpiDgtsvStridedBatch(s, MPI_Comm_c2f(MPI_COMM_WORLD), 4, l, c, u, x, size > 1 ? 1 + rank % 2 : 1, 4,
                                   NULL) == (size > 1 ? GPURNG_STATUS_INVALID_VALUE : GPURNG_STATUS_SUCCESS),
        "different batch sizes on different ranks");
  check(gpurngMpiDgtsvStridedBatch(s, MPI_Comm_c2f(MPI_COMM_NULL), 4, l, c, u, x, 1, 4, NULL) ==
            GPURNG_STATUS_NOT_INITIALIZED,
        "MPI_COMM_NULL");
  gpurngDestroySolver(s);
  return finish("mpi_batches");
}
