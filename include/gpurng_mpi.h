/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file gpurng_mpi.h
 * @brief libgpurng_mpi: the library's generators over an MPI communicator (docs/SCALING.md, MPI ranks). Built when
 *        MPI is found; the core library never links MPI. Link -lgpurng_mpi -lgpurng and the MPI library.
 *
 * Two policies place each rank's numbers in one engine sequence, for any number of ranks:
 *  - GPURNG_MPI_STREAMS: rank r draws from stream first_stream + r (gpurngSetGeneratorStream; docs/SCALING.md gives
 *    each engine's number of streams and numbers per stream). Ranks draw independently, any amounts.
 *  - GPURNG_MPI_BLOCKS: every rank holds the same generator on stream first_stream, and each collective fill of
 *    `total` numbers gives rank r the numbers [floor(total r / P), floor(total (r+1) / P)) of that call (P ranks):
 *    the ranks' parts, in rank order, are the one-process call, whatever P is. Limits: the stream's.
 * Every function is collective over its communicator unless it says otherwise, and returns the same status on every
 * rank when the ranks' arguments disagree (checked with one small all-reduce).
 *
 * Communicators are passed as their Fortran handles (MPI_Fint, an int in every MPI): MPI_Comm_c2f(comm) from C, the
 * integer of `use mpi` / mpif.h, or comm%MPI_VAL of `use mpi_f08` from Fortran. So this header needs no mpi.h, and
 * the same functions serve C and the Fortran module (fortran/gpurng.f90).
 */
#ifndef GPURNG_MPI_H
#define GPURNG_MPI_H

#include "gpurng.h"
#include "gpurng_pde.h"
#include "gpurng_pricing.h"
#include "gpurng_tridiag.h"

#ifdef __cplusplus
extern "C" {
#endif

/** How the ranks share an engine's sequence (above). */
typedef enum gpurngMpiPolicy {
  GPURNG_MPI_STREAMS = 1, /**< rank r on stream first_stream + r */
  GPURNG_MPI_BLOCKS = 2   /**< one stream; each collective fill split by position over the ranks */
} gpurngMpiPolicy_t;

/**
 * Collective: create on every rank of @p comm a generator of engine @p rng_type with @p seed, placed by @p policy.
 * @return GPURNG_STATUS_SUCCESS; GPURNG_STATUS_NULL_POINTER if @p generator is NULL (on that rank: the others get
 *         GPURNG_STATUS_INVALID_VALUE); GPURNG_STATUS_NOT_INITIALIZED if MPI is not initialised or @p comm is
 *         MPI_COMM_NULL's handle (no collective is attempted); GPURNG_STATUS_INVALID_VALUE if @p policy is not a policy
 * or the ranks passed different engines, seeds, policies or first streams; GPURNG_STATUS_OUT_OF_RANGE if a rank's
 *         stream is past the engine's last (gpurngGetStreamLimits) or the seed is out of the engine's range; the
 *         statuses of gpurngCreateGenerator (then on every rank). On failure *generator is NULL on every rank.
 */
GPURNG_API gpurngStatus_t gpurngMpiCreateGenerator(gpurngGenerator_t *generator, int comm, gpurngRngType_t rng_type,
                                                   unsigned long long seed, gpurngMpiPolicy_t policy,
                                                   unsigned long long first_stream);

/**
 * Collective (GPURNG_MPI_BLOCKS): the next @p total numbers of gpurngGenerateUniform's stream, rank r's part
 * (*count = floor(total (r+1) / P) - floor(total r / P) numbers) written into @p output (host or device memory); every
 * rank's generator moves past all @p total. @p count may be NULL.
 * @return GPURNG_STATUS_SUCCESS; GPURNG_STATUS_NOT_INITIALIZED as for gpurngMpiCreateGenerator, or if @p generator is
 *         NULL on some rank; GPURNG_STATUS_INVALID_VALUE if the ranks passed different totals; a rank's
 *         gpurngGenerateUniformPart status, on every rank (the first failing rank's).
 */
GPURNG_API gpurngStatus_t gpurngMpiGenerateUniform(gpurngGenerator_t generator, int comm, size_t total, float *output,
                                                   size_t *count);
/** As gpurngMpiGenerateUniform, for gpurngGenerateUniformDouble's numbers. */
GPURNG_API gpurngStatus_t gpurngMpiGenerateUniformDouble(gpurngGenerator_t generator, int comm, size_t total,
                                                         double *output, size_t *count);
/** As gpurngMpiGenerateUniform, for gpurngGenerate's numbers. */
GPURNG_API gpurngStatus_t gpurngMpiGenerate(gpurngGenerator_t generator, int comm, size_t total, unsigned int *output,
                                            size_t *count);
/** As gpurngMpiGenerateUniform, for gpurngGenerateLongLong's numbers. */
GPURNG_API gpurngStatus_t gpurngMpiGenerateLongLong(gpurngGenerator_t generator, int comm, size_t total,
                                                    unsigned long long *output, size_t *count);

/**
 * Collective: create on every rank of @p comm a pricer whose calls split their paths over the ranks
 * (gpurngCreatePricerOnPart with part = rank, parts = size, the exchange an MPI_Allgatherv on @p comm): every rank's
 * pricing call returns the price and standard error of one process's call, bit for bit, for any number of ranks.
 * Every rank must make the same pricing calls with the same arguments; @p comm must outlive the pricer.
 * @return GPURNG_STATUS_SUCCESS; GPURNG_STATUS_NULL_POINTER if @p pricer is NULL; GPURNG_STATUS_NOT_INITIALIZED as
 *         for gpurngMpiCreateGenerator; GPURNG_STATUS_INVALID_VALUE if the ranks passed different backends; as
 *         gpurngCreatePricerOnPart (the largest status any rank met, on every rank).
 */
GPURNG_API gpurngStatus_t gpurngMpiCreatePricer(gpurngPricer_t *pricer, int comm, gpurngBackend_t backend);

/**
 * Collective: a PDE batch (gpurng_pde.h, host arrays, the same on every rank) split by options over the ranks: rank r
 * prices options [floor(count r / P), floor(count (r+1) / P)) with @p solver (any solver handle of that rank: an
 * ordinary solver solves host arrays on the CPU threads, one made by gpurngCreateSolverOnWorkers on a one-worker
 * list of the rank's GPU stages them to that GPU), then
 * every rank receives every option's outputs (price, and delta, gamma, grid, info where not NULL), so each holds what
 * one process's call writes. The status is the one host call's (ZERO_PIVOT before RESULT_OUT_OF_BOUNDS, a rank's
 * error first), the same on every rank.
 * @return as gpurngBlackScholesPde1dDouble (host memory), plus GPURNG_STATUS_NOT_INITIALIZED as for
 *         gpurngMpiCreateGenerator and GPURNG_STATUS_INVALID_VALUE if the ranks passed different sizes or schemes.
 */
GPURNG_API gpurngStatus_t gpurngMpiBlackScholesPde1dDouble(gpurngSolver_t solver, int comm, gpurngPdeScheme_t scheme,
                                                           int J, int N, double Smax, int count, const int *kind,
                                                           const double *S0, const double *strike, const double *rate,
                                                           const double *sigma, const double *maturity, double *price,
                                                           double *delta, double *gamma, double *grid, int *info);

/** As gpurngMpiBlackScholesPde1dDouble, with float arithmetic (gpurngBlackScholesPde1dFloat). */
GPURNG_API gpurngStatus_t gpurngMpiBlackScholesPde1dFloat(gpurngSolver_t solver, int comm, gpurngPdeScheme_t scheme,
                                                          int J, int N, float Smax, int count, const int *kind,
                                                          const float *S0, const float *strike, const float *rate,
                                                          const float *sigma, const float *maturity, float *price,
                                                          float *delta, float *gamma, float *grid, int *info);

/**
 * Collective: a strided tridiagonal batch (gpurngDgtsvStridedBatch, host arrays, the same on every rank) split by
 * systems over the ranks; every rank then holds every solution (x) and info entry. Statuses as
 * gpurngMpiBlackScholesPde1dDouble.
 */
GPURNG_API gpurngStatus_t gpurngMpiDgtsvStridedBatch(gpurngSolver_t solver, int comm, int m, const double *dl,
                                                     const double *d, const double *du, double *x, int batchCount,
                                                     int batchStride, int *info);

/** As gpurngMpiDgtsvStridedBatch, in single precision (gpurngSgtsvStridedBatch). */
GPURNG_API gpurngStatus_t gpurngMpiSgtsvStridedBatch(gpurngSolver_t solver, int comm, int m, const float *dl,
                                                     const float *d, const float *du, float *x, int batchCount,
                                                     int batchStride, int *info);

#ifdef __cplusplus
}
#endif

#endif /* GPURNG_MPI_H */
