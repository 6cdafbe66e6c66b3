/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file gpurng_tridiag.h
 * @brief Batched tridiagonal solvers: Thomas, PCR and hybrid Thomas/PCR, float and double, on CPU threads
 *        or an NVIDIA GPU.
 *
 * Each system k of a batch is   a_i x_{i-1} + b_i x_i + c_i x_{i+1} = d_i,   i = 0 .. m-1,
 * with a_0 and c_{m-1} ignored (treated as 0). The right-hand side d is overwritten by the solution x, as in
 * cuSPARSE's gtsv2StridedBatch; the coefficient arrays (dl = a, d = b, du = c) are never written, except by
 * gpurng?gtsvFactorBatch, which replaces them by their factors.
 *
 * Layouts. Every array of one call has the same layout, given as an ndim-dimensional array (ndim 1..3) with
 * logical extents dims[] and padded extents pads[] (pads[i] >= dims[i]; NULL means pads = dims), dims[0] the
 * contiguous index, as tridsolver's tridSmtsvStridedBatch: element (i0, i1, i2) is at i0 + pads[0]*(i1 +
 * pads[1]*i2). Every line along dimension `solvedim` is one system (m = dims[solvedim]); the others index the
 * batch. Two shorthands name cuSPARSE's layouts:
 *   - strided (gtsv2StridedBatch): system k is contiguous at k*batchStride: ndim 2, dims {m, batch},
 *     pads {batchStride, batch}, solvedim 0;
 *   - interleaved (gtsvInterleavedBatch): element i of system k at i*batch + k: ndim 2, dims {batch, m},
 *     solvedim 1.
 * Along a middle dimension of a 3-D array (ADI's y sweep) use the general call.
 *
 * No pivoting. The solvers divide by the pivots of Gaussian elimination without row exchanges: they are
 * stable for (row or column) diagonally dominant matrices and for symmetric positive definite ones, the
 * matrices of implicit finite-difference schemes. A divisor of magnitude at most 2^-20 (float) or 2^-50
 * (double) times a scale, or a non-finite one, is reported instead of producing Inf or NaN: that system's x is
 * left as it was (its right-hand side) and its info entry is set to i + 1, i the row (of the algorithm's
 * elimination order) where it happened; 0 means solved. The scale is the largest magnitude in the pivot's row of
 * the original matrix, max(|dl_i|, |d_i|, |du_i|), for THOMAS and the LU forms (the factored and constant-matrix
 * calls), so a row whose own diagonal is tiny beside its other entries is reported, not eliminated through; PCR
 * and THOMAS_PCR, which combine rows before dividing, measure against the combined row's diagonal (PCR: against
 * 1, its rows being scaled so) and solve such systems where they are well conditioned.
 *
 * Where calls run. The pointers of one call are all host memory or all device memory (else
 * GPURNG_STATUS_MIXED_MEMORY). Host memory: the call runs on the CPU threads (GPURNG_THREADS, default all
 * cores), is synchronous, and returns GPURNG_STATUS_ZERO_PIVOT if any system failed (info, if not NULL, a
 * host array, says which); each thread that ran part of it keeps its scratch (up to 64 MiB) for later calls.
 * Device memory: the call is queued on the solver's stream and returns at once; it never synchronises; info,
 * if not NULL, must be device memory and is written by the kernels, to be read after the caller synchronises
 * (a device call cannot return GPURNG_STATUS_ZERO_PIVOT). A device call
 * allocates scratch memory the first time the solver is used at a size (and at any larger size); once a
 * solver has been used at a size, calls of that size or smaller allocate nothing and can be captured in a
 * CUDA graph.
 *
 * Algorithms (gpurngSolverSetAlgorithm). Every algorithm gives the same bits on the CPU and on the GPU for
 * the same call; GPURNG_TRIDIAG_AUTO chooses per backend and layout (gpurngSolverGetLastAlgorithm says what
 * it chose), so with AUTO the two backends agree only within rounding. Accuracy: for diagonally dominant
 * systems (|b| >= 1.1 (|a| + |c|)) every algorithm's relative residual max|Ax - d| / max(|a x| + |b x| + |c x| +
 * |d|) stayed below 16 epsilon for m up to 65536 (tests/solvers/test_tridiag.cpp asserts it). docs/SOLVERS.md
 * has the details and the measured speed.
 *
 * Every function returns a ::gpurngStatus_t; none aborts, throws or prints.
 */
#ifndef GPURNG_TRIDIAG_H
#define GPURNG_TRIDIAG_H

#include "gpurng.h"

#ifdef __cplusplus
extern "C" {
#endif

/** Opaque solver handle: the stream, the algorithm and scratch memory of the solver calls (tridiagonal and
 *  PDE). One thread at a time per handle; different handles may be used concurrently. */
typedef struct gpurngSolver_st *gpurngSolver_t;

/** Tridiagonal algorithms. The numbers never change. */
typedef enum gpurngTridiagAlgorithm {
  /** The fastest for the backend and layout: on the CPU always THOMAS (vectorised across systems); on the GPU
   *  THOMAS_PCR (constant matrices along solvedim != 0 with m <= 1024: THOMAS). */
  GPURNG_TRIDIAG_AUTO = 0,
  /** Thomas' algorithm (LU without pivoting), one system per thread or SIMD lane: 8 flops per unknown, m
   *  sequential steps. Any m. On the GPU it keeps the eliminated upper diagonal in the solver's scratch. */
  GPURNG_TRIDIAG_THOMAS = 1,
  /** Parallel cyclic reduction (Hockney and Jesshope) on the system padded to 32 * 2^k rows: log2 of that
   *  many steps, each updating every row. m <= 1024 (else GPURNG_STATUS_OUT_OF_RANGE). */
  GPURNG_TRIDIAG_PCR = 2,
  /** Giles, Laszlo and Appleyard's hybrid: the system is cut into P chunks of R rows (m <= 1024: P = 32 and R =
   *  the smallest of 4, 5, 6, 7, 8, 10, 12, 14, 16, 20, 24, 28, 32 with 32 R >= m; m > 1024: R = 32 and P = ceil(m /
   * 32); rows past m are identity rows), each chunk eliminated by a modified Thomas down to its first and last unknown,
   * the 2P-unknown reduced system solved by PCR, then each chunk back-substituted. On the GPU one lane per chunk with
   * its rows in registers. Any m, solves and constant matrices. */
  GPURNG_TRIDIAG_THOMAS_PCR = 3
} gpurngTridiagAlgorithm_t;

/**
 * Create a solver handle: stream 0 (the legacy default stream), algorithm GPURNG_TRIDIAG_AUTO, no scratch.
 * It works with or without a GPU; device-memory calls need one.
 * @return GPURNG_STATUS_SUCCESS; GPURNG_STATUS_NULL_POINTER if @p solver is NULL;
 *         GPURNG_STATUS_INVALID_VALUE if GPURNG_THREADS holds something other than a positive integer;
 *         GPURNG_STATUS_ALLOCATION_FAILED if memory ran out.
 */
GPURNG_API gpurngStatus_t gpurngCreateSolver(gpurngSolver_t *solver);

/**
 * Create a solver handle whose calls split their batch over @p workers (gpurng.h, Workers): the strided batches
 * (gpurngSgtsvStridedBatch, gpurngDgtsvStridedBatch) by systems and the PDE batches (gpurng_pde.h) by options, system
 * or option k to the worker whose part holds k (parts as gpurngSplitCount). The arrays are host memory: CUDA workers
 * copy their slice to their device, solve it there and copy it back (staging from the host keeps the calls'
 * one-pointer-per-array form, and a batch larger than one GPU's memory can be split); CPU workers solve theirs in
 * place. A slice is the same call on its systems or options, so every number is that of one call on the workers'
 * backend (CUDA workers: one device-memory call with the same algorithm setting; AUTO picks THOMAS_PCR there), and
 * the status is the one host call's (ZERO_PIVOT, RESULT_OUT_OF_BOUNDS from the slices' info). Calls are synchronous
 * and ignore gpurngSolverSetStream. Other calls on such a handle (device memory, the general, interleaved,
 * constant and factored forms) return GPURNG_STATUS_INVALID_VALUE: give each device a solver of its own for them.
 * The list is copied.
 * @return GPURNG_STATUS_SUCCESS; GPURNG_STATUS_NULL_POINTER if @p solver is NULL; GPURNG_STATUS_NOT_INITIALIZED if
 *         @p workers is NULL; GPURNG_STATUS_INVALID_VALUE if GPURNG_THREADS is invalid;
 *         GPURNG_STATUS_ALLOCATION_FAILED.
 */
GPURNG_API gpurngStatus_t gpurngCreateSolverOnWorkers(gpurngSolver_t *solver, gpurngWorkers_t workers);

/**
 * Destroy a solver handle and free its scratch. If it has device scratch it waits for the solver's stream
 * first, so destroy the solver before destroying its stream (a destroyed stream is an invalid handle).
 * @return GPURNG_STATUS_SUCCESS; GPURNG_STATUS_NOT_INITIALIZED if @p solver is NULL.
 */
GPURNG_API gpurngStatus_t gpurngDestroySolver(gpurngSolver_t solver);

/**
 * The CUDA stream (a cudaStream_t; NULL is the default stream) that later device-memory calls are queued on.
 * @return GPURNG_STATUS_SUCCESS; GPURNG_STATUS_NOT_INITIALIZED if @p solver is NULL.
 */
GPURNG_API gpurngStatus_t gpurngSolverSetStream(gpurngSolver_t solver, gpurngCudaStream_t stream);

/**
 * The tridiagonal algorithm of later calls.
 * @return GPURNG_STATUS_SUCCESS; GPURNG_STATUS_NOT_INITIALIZED if @p solver is NULL;
 *         GPURNG_STATUS_INVALID_VALUE if @p algorithm is not a ::gpurngTridiagAlgorithm_t value.
 */
GPURNG_API gpurngStatus_t gpurngSolverSetAlgorithm(gpurngSolver_t solver, gpurngTridiagAlgorithm_t algorithm);

/**
 * The algorithm the last successful tridiagonal call ran (what AUTO chose); GPURNG_TRIDIAG_AUTO before any.
 * @return GPURNG_STATUS_SUCCESS; GPURNG_STATUS_NOT_INITIALIZED if @p solver is NULL;
 *         GPURNG_STATUS_NULL_POINTER if @p algorithm is NULL.
 */
GPURNG_API gpurngStatus_t gpurngSolverGetLastAlgorithm(gpurngSolver_t solver, gpurngTridiagAlgorithm_t *algorithm);

/**
 * Solve every system of a batch in place: x holds the right-hand sides on entry and the solutions on return.
 * @param ndim      1, 2 or 3
 * @param solvedim  0 .. ndim-1: the dimension along which each system runs
 * @param dims      ndim logical extents, each >= 1 (dims[solvedim] = m); at most 2^31 - 1 elements in all
 * @param pads      ndim padded extents (pads[i] >= dims[i]; pads[ndim-1] is not used), or NULL for dims
 * @param dl,d,du   the sub-, main and super-diagonals, in the layout of x (dl's first and du's last row of
 *                  each system are not read)
 * @param x         right-hand sides in, solutions out; must not overlap dl, d or du
 * @param info      NULL, or one int per system, in the order of the batch indices (the remaining dimensions,
 *                  lowest first): 0, or i + 1 where a tiny pivot stopped system k (its x is unchanged)
 * @return GPURNG_STATUS_SUCCESS; GPURNG_STATUS_NOT_INITIALIZED if @p solver is NULL;
 *         GPURNG_STATUS_NULL_POINTER if @p dims, @p dl, @p d, @p du or @p x is NULL;
 *         GPURNG_STATUS_OUT_OF_RANGE for ndim outside 1..3, solvedim outside 0..ndim-1, an extent below 1, a
 *         pad below its extent, more than 2^31 - 1 padded elements, or m > 1024 with PCR;
 *         GPURNG_STATUS_OVERLAPPING_ARRAYS if x overlaps dl, d or du;
 *         GPURNG_STATUS_MIXED_MEMORY if the arrays mix host and device memory;
 *         GPURNG_STATUS_ZERO_PIVOT (host memory only) if any system met a tiny pivot;
 *         GPURNG_STATUS_ALLOCATION_FAILED, GPURNG_STATUS_LAUNCH_FAILURE on CUDA errors.
 */
GPURNG_API gpurngStatus_t gpurngSgtsvBatch(gpurngSolver_t solver, int ndim, int solvedim, const int *dims,
                                           const int *pads, const float *dl, const float *d, const float *du, float *x,
                                           int *info);
/** As gpurngSgtsvBatch, in double precision. */
GPURNG_API gpurngStatus_t gpurngDgtsvBatch(gpurngSolver_t solver, int ndim, int solvedim, const int *dims,
                                           const int *pads, const double *dl, const double *d, const double *du,
                                           double *x, int *info);

/**
 * cuSPARSE's gtsv2StridedBatch layout: system k occupies x[k*batchStride .. k*batchStride + m - 1], and dl, d,
 * du alike. Same as gpurngSgtsvBatch with ndim 2, dims {m, batchCount}, pads {batchStride, batchCount},
 * solvedim 0. @return as gpurngSgtsvBatch, with GPURNG_STATUS_OUT_OF_RANGE also for batchStride < m.
 */
GPURNG_API gpurngStatus_t gpurngSgtsvStridedBatch(gpurngSolver_t solver, int m, const float *dl, const float *d,
                                                  const float *du, float *x, int batchCount, int batchStride,
                                                  int *info);
/** As gpurngSgtsvStridedBatch, in double precision. */
GPURNG_API gpurngStatus_t gpurngDgtsvStridedBatch(gpurngSolver_t solver, int m, const double *dl, const double *d,
                                                  const double *du, double *x, int batchCount, int batchStride,
                                                  int *info);

/**
 * cuSPARSE's gtsvInterleavedBatch layout: element i of system k at i*batchCount + k. Same as gpurngSgtsvBatch
 * with ndim 2, dims {batchCount, m}, pads NULL, solvedim 1. Unlike cuSPARSE the coefficients are not
 * clobbered. @return as gpurngSgtsvBatch.
 */
GPURNG_API gpurngStatus_t gpurngSgtsvInterleavedBatch(gpurngSolver_t solver, int m, const float *dl, const float *d,
                                                      const float *du, float *x, int batchCount, int *info);
/** As gpurngSgtsvInterleavedBatch, in double precision. */
GPURNG_API gpurngStatus_t gpurngDgtsvInterleavedBatch(gpurngSolver_t solver, int m, const double *dl, const double *d,
                                                      const double *du, double *x, int batchCount, int *info);

/**
 * One matrix for the whole batch (the time-stepping case): dl, d, du hold m coefficients each (dl[0] and
 * du[m-1] not read), in the memory kind of x; the matrix is factored once per call and every system moves
 * only its right-hand side in and its solution out. Layout arguments as gpurngSgtsvBatch. The algorithm is
 * THOMAS or THOMAS_PCR (PCR runs as THOMAS_PCR: its factors would take m log m words), any m. Past m = 1024
 * THOMAS_PCR is the long hybrid of a solve with that matrix (the same bits): the CPU factors the matrix once, the
 * GPU eliminates it again for each system from the one copy in its L2 cache, so every system still moves only its
 * right-hand side and solution to and from memory.
 * @param info  NULL, or one int (host or device memory as x): 0, or i + 1 where the factorisation met a tiny
 *              pivot (then no x is changed)
 * @return as gpurngSgtsvBatch.
 */
GPURNG_API gpurngStatus_t gpurngSgtsvConstantBatch(gpurngSolver_t solver, int ndim, int solvedim, const int *dims,
                                                   const int *pads, const float *dl, const float *d, const float *du,
                                                   float *x, int *info);
/** As gpurngSgtsvConstantBatch, in double precision. */
GPURNG_API gpurngStatus_t gpurngDgtsvConstantBatch(gpurngSolver_t solver, int ndim, int solvedim, const int *dims,
                                                   const int *pads, const double *dl, const double *d, const double *du,
                                                   double *x, int *info);

/**
 * Factor once, solve many (per-system matrices): replace each system's (dl, d, du) by its LU factors without
 * pivoting, LAPACK ?gttrf's factorisation in this layout: dl[i] = l_i = a_i / p_{i-1} (i >= 1), d[i] = 1 / p_i,
 * du[i] = c_i (unchanged), where p_0 = b_0 and p_i = b_i - l_i c_{i-1}. The algorithm setting does not apply:
 * this is always THOMAS's elimination, one system per thread or SIMD lane.
 * @param info  as gpurngSgtsvBatch; a system with a tiny pivot keeps its coefficients unchanged
 * @return as gpurngSgtsvBatch, without OVERLAPPING_ARRAYS checks (the call writes the three arrays).
 */
GPURNG_API gpurngStatus_t gpurngSgtsvFactorBatch(gpurngSolver_t solver, int ndim, int solvedim, const int *dims,
                                                 const int *pads, float *dl, float *d, float *du, int *info);
/** As gpurngSgtsvFactorBatch, in double precision. */
GPURNG_API gpurngStatus_t gpurngDgtsvFactorBatch(gpurngSolver_t solver, int ndim, int solvedim, const int *dims,
                                                 const int *pads, double *dl, double *d, double *du, int *info);

/**
 * Solve with factors made by gpurngSgtsvFactorBatch (same layout): y_0 = x_0, y_i = x_i - l_i y_{i-1}, then
 * x_{m-1} = y_{m-1} / p_{m-1}, x_i = (y_i - c_i x_{i+1}) / p_i (multiplying by the stored 1/p_i). No division,
 * no pivot check. @return as gpurngSgtsvBatch (never GPURNG_STATUS_ZERO_PIVOT).
 */
GPURNG_API gpurngStatus_t gpurngSgtsvFactoredSolveBatch(gpurngSolver_t solver, int ndim, int solvedim, const int *dims,
                                                        const int *pads, const float *dl, const float *d,
                                                        const float *du, float *x);
/** As gpurngSgtsvFactoredSolveBatch, in double precision. */
GPURNG_API gpurngStatus_t gpurngDgtsvFactoredSolveBatch(gpurngSolver_t solver, int ndim, int solvedim, const int *dims,
                                                        const int *pads, const double *dl, const double *d,
                                                        const double *du, double *x);

#ifdef __cplusplus
}
#endif

#endif /* GPURNG_TRIDIAG_H */
