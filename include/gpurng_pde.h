/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file gpurng_pde.h
 * @brief The one-factor Black-Scholes PDE on Giles' grid, a batch of options at a time, on CPU threads or an
 *        NVIDIA GPU.
 *
 * Grid and scheme (Giles, "GPU implementation of finite difference solvers", BS_1D): J + 1 nodes S_j = j dS on
 * [0, Smax], dS = Smax / J; N backward time steps of dt = T / N from the payoff at maturity. With
 * lambda_j = dt sigma^2 j^2 / 2 and g_j = dt r j / 2 (that is, dt sigma^2 S_j^2 / (2 dS^2) and dt r S_j / (2 dS)),
 * the operator L u_j = (lambda_j - g_j) u_{j-1} - (2 lambda_j + r dt) u_j + (lambda_j + g_j) u_{j+1} (row 0: pure
 * discounting -r dt u_0; row J: u_SS = 0, one-sided u_S: 2 g_J (u_J - u_{J-1}) - r dt u_J), and
 *   explicit:        u' = (I + L) u                       (stable only when dt (sigma^2 J^2 + r) <= 1)
 *   implicit:        (I - L) u' = u                       (backward Euler)
 *   Crank-Nicolson:  (I - L/2) u' = (I + L/2) u
 * American options are projected onto the payoff after every step: u' = max(u', payoff).
 * The steppers use explicit fused multiply-adds (fma), identical on both backends, and the implicit solves
 * the hybrid Thomas/PCR algorithm of gpurng_tridiag.h with its factors computed once per option; so the CPU
 * and the GPU give the same bits for the same call. On the GPU an option's grid stays in registers for the
 * whole time loop, one warp per option, for J + 1 <= 1024 (32 chunks of 4 .. 32 nodes); larger grids run the
 * long hybrid of gpurng_tridiag.h (chunks of 20 .. 32 nodes), one block per option, on both backends (also
 * bit-identical).
 *
 * The second part of this header (gpurngHeatAdi*) steps multi-dimensional problems by alternating-direction
 * implicit (ADI) schemes on the same solvers.
 *
 * Initial values: the payoff at S_j, except at the interior node whose cell [S_j - dS/2, S_j + dS/2] has K strictly
 * inside, when sigma > 0 and T > 0: there the payoff averaged over the cell, payoff(S_j) + e^2 / (2 dS) with
 * e = dS/2 - |S_j - K| (Pooley, Vetzal and Forsyth 2003), so that the error does not depend on where K falls.
 *
 * Readout at S0 (S_j <= S0 <= S_{j+1}, j clamped to 1 .. J-2, w = (S0 - S_j) / dS): the cubic through
 * u_{j-1} .. u_{j+2} and its derivatives at S0. With D0 = u_{j-1} - 2 u_j + u_{j+1}, D1 = u_j - 2 u_{j+1} + u_{j+2},
 * q = (2 - w) D0 + (1 + w) D1:
 *   price = (1 - w) u_j + w u_{j+1} - w (1 - w) q / 6,
 *   delta = (u_{j+1} - u_j - ((1 - 2 w) q + w (1 - w) (D1 - D0)) / 6) / dS,
 *   gamma = ((1 - w) D0 + w D1) / dS^2.
 * (Giles' readout, the mean of the two nodes at w = 1/2, is the first two terms of the price; the grid output gives
 * it back.) docs/SOLVERS.md has the accuracy and the measured speed.
 *
 * Monotonicity and the output check. A scheme is monotone (its solution operator maps non-negative payoffs to
 * non-negative values) when I - L (implicit; I - L/2 for Crank-Nicolson) is an M-matrix and I + L (explicit; I + L/2)
 * has no negative entry: on this grid, sigma^2 j >= r at every interior node (lambda_j >= g_j), and for the explicit
 * parts also 1 - 2 lambda_j - r dt >= 0 at every node (for Crank-Nicolson's half, 1 - lambda_j - r dt / 2 >= 0). The
 * scheme never meets them exactly: the one-sided top row couples u_{J-1} with the sign an M-matrix forbids whenever
 * r > 0, the textbook case (r = 0.05, sigma = 0.2) fails sigma^2 j >= r at j = 1, and Crank-Nicolson's explicit half
 * fails the diagonal condition at every usual step. Yet such grids converge to the Black-Scholes price. So the
 * conditions are stated here but not enforced; what is enforced is their consequence: after the last step every
 * option's readout is checked, and a price, delta or gamma that is not finite, or a price below 0 or above its
 * bound (S0 for a call, K for a put; every arbitrage-free price lies within them) by more than max(S0, K) 2^-20
 * (double) or 2^-17 (float), or a cubic readout that departs from the linear interpolation of its two nodes by more
 * than max(S0, K) / 128 (the grid does not resolve the solution at S0), makes that option's outputs NaN and its info
 * entry -2. This catches grids too coarse for their parameters (J = 3, T = 1e6 with N = 2500, r = 1e6) and overflow
 * (float, Smax = 3e38); a price that is wrong but within the bounds and resolved is not caught.
 *
 * Float: the diagonal 1 + 2 lambda_j + r dt rounds the discount r dt by up to eps sigma^2 j^2 / r of itself, so float
 * prices stop improving near 1e-3 and degrade past about 512 nodes below S0 (docs/SOLVERS.md has the figures); use
 * double for finer grids.
 *
 * Memory: the arrays of one call are all host memory (the call runs on CPU threads, synchronously) or all
 * device memory (queued on the solver's stream, asynchronous, no synchronisation, graph-capturable after the
 * first call; scratch is used only for grids whose factors do not fit one block's shared memory: past 8192 nodes
 * in float and 4096 in double on an H100 or H200, but for implicit and Crank-Nicolson float grids of 8193 to 12288
 * nodes, which stay in the registers of one block, and of 12289 to 65536 nodes on GPUs with thread-block clusters
 * (sm_90 and up), which stay in the registers of a cluster of blocks). Every function returns a ::gpurngStatus_t and
 * never aborts, throws or prints.
 */
#ifndef GPURNG_PDE_H
#define GPURNG_PDE_H

#include "gpurng_tridiag.h"

#ifdef __cplusplus
extern "C" {
#endif

/** Time-stepping schemes. The numbers never change. */
typedef enum gpurngPdeScheme {
  GPURNG_PDE_EXPLICIT = 0,      /**< explicit Euler, u' = (I + L) u */
  GPURNG_PDE_IMPLICIT = 1,      /**< backward Euler, (I - L) u' = u */
  GPURNG_PDE_CRANK_NICOLSON = 2 /**< (I - L/2) u' = (I + L/2) u */
} gpurngPdeScheme_t;

/** Option kinds: a sum of one payoff flag and one exercise flag. */
#define GPURNG_OPTION_CALL 0     /**< payoff max(S - K, 0) */
#define GPURNG_OPTION_PUT 1      /**< payoff max(K - S, 0) */
#define GPURNG_OPTION_EUROPEAN 0 /**< exercise at maturity only */
#define GPURNG_OPTION_AMERICAN 2 /**< exercise at any time step: the grid is projected onto the payoff */

/**
 * Price a batch of options by the one-factor Black-Scholes PDE, all on one grid (J, N, Smax), each with its
 * own parameters. Arithmetic in double precision.
 * @param scheme    a ::gpurngPdeScheme_t
 * @param J         intervals of the S grid (J + 1 nodes), 3 .. 2^20
 * @param N         time steps, >= 1
 * @param Smax      the grid's upper end, > 0 and finite
 * @param count     options, >= 0 (0 does nothing)
 * @param kind      count option kinds (GPURNG_OPTION_CALL or _PUT, plus _EUROPEAN or _AMERICAN)
 * @param S0, strike, rate, sigma, maturity   count values each: 0 <= S0 <= Smax, strike >= 0, rate >= 0,
 *                  sigma >= 0, maturity >= 0, all finite
 * @param price     count prices at S0 (required); @p delta and @p gamma: count values each, or NULL
 * @param grid      NULL, or count * (J + 1) values: option k's solution at nodes 0..J from grid[k*(J+1)]
 * @param info      NULL, or count ints: 0; the 1-based row of a tiny pivot in the implicit solve; -1 for an
 *                  unstable explicit step (device memory); -2 for outputs that failed the output check (above).
 *                  A non-zero entry makes that option's price, delta, gamma and grid NaN.
 * @return GPURNG_STATUS_SUCCESS; GPURNG_STATUS_NOT_INITIALIZED if @p solver is NULL;
 *         GPURNG_STATUS_INVALID_VALUE for an unknown scheme or option kind (host memory: kinds are checked
 *         before any work; device memory: kinds are not read on the host, an unknown one prices as a call of
 *         the exercise its bit 2 says);
 *         GPURNG_STATUS_NULL_POINTER if a required array is NULL and count > 0;
 *         GPURNG_STATUS_OUT_OF_RANGE for J outside 3 .. 2^20, N < 1, count < 0, Smax <= 0 or not finite, or (host
 *         memory) a parameter outside its range or NaN;
 *         GPURNG_STATUS_UNSTABLE_SCHEME for GPURNG_PDE_EXPLICIT when dt (sigma^2 J^2 + r) > 1 for some option
 *         (host memory: checked before any work; device memory: that option's outputs are NaN and its info
 *         entry is -1);
 *         GPURNG_STATUS_OVERLAPPING_ARRAYS if an output array overlaps another array;
 *         GPURNG_STATUS_MIXED_MEMORY if the arrays mix host and device memory;
 *         GPURNG_STATUS_ZERO_PIVOT (host memory) if an option met a tiny pivot (@p info says which);
 *         GPURNG_STATUS_RESULT_OUT_OF_BOUNDS (host memory) if none did but an option's outputs failed the output
 *         check (info -2; device memory: info alone says so);
 *         GPURNG_STATUS_ALLOCATION_FAILED, GPURNG_STATUS_LAUNCH_FAILURE on CUDA errors.
 */
GPURNG_API gpurngStatus_t gpurngBlackScholesPde1dDouble(gpurngSolver_t solver, gpurngPdeScheme_t scheme, int J, int N,
                                                        double Smax, int count, const int *kind, const double *S0,
                                                        const double *strike, const double *rate, const double *sigma,
                                                        const double *maturity, double *price, double *delta,
                                                        double *gamma, double *grid, int *info);

/** As gpurngBlackScholesPde1dDouble with single-precision parameters, outputs and arithmetic. */
GPURNG_API gpurngStatus_t gpurngBlackScholesPde1dFloat(gpurngSolver_t solver, gpurngPdeScheme_t scheme, int J, int N,
                                                       float Smax, int count, const int *kind, const float *S0,
                                                       const float *strike, const float *rate, const float *sigma,
                                                       const float *maturity, float *price, float *delta, float *gamma,
                                                       float *grid, int *info);

/**
 * ADI time-stepping schemes (In 't Hout and Welfert, Appl. Numer. Math. 57, 2007). The numbers never change.
 *
 * GPURNG_ADI_DOUGLAS, for u_t = sum_j A_j u without mixed derivatives, each A_j acting along dimension j:
 *   Y_0 = U + dt sum_j A_j U,   (I - theta dt A_j) Y_{j+1} = Y_j - theta dt A_j U  (j = 0 .. d-1),   U' = Y_d.
 * Unconditionally stable for theta >= 1/2 (every mode's amplification |1 + sum z_j / prod (1 - theta z_j)| <= 1 for
 * the A_j's eigenvalues z_j <= 0 times dt); second order in dt at theta = 1/2, first order above.
 */
typedef enum gpurngAdiScheme {
  GPURNG_ADI_DOUGLAS = 0,           /**< Douglas (the theta form above) */
  GPURNG_ADI_HUNDSDORFER_VERWER = 1 /**< Hundsdorfer-Verwer (gpurngBlackScholesAdi*; below) */
} gpurngAdiScheme_t;

/**
 * Step the heat equation u_t = u_xx + u_yy (+ u_zz) on a box by an ADI scheme, in place. The grid holds the
 * interior nodes of a uniform box grid, n[0] x n[1] (x n[2]), dimension 0 contiguous (node (i, j, k) at
 * i + n[0] (j + n[1] k)), spacing h[d] along dimension d, with zero values on the boundary outside them
 * (Dirichlet). Douglas is computed in its increment form (Y_j = U + Z_j):
 *   Z_0 = dt sum_j A_j U,   (I - theta dt A_j) Z' = Z  for j = 1 .. d-1, then j = 0,   U' = U + Z,
 * the same scheme (the A_j commute), each solve's right-hand side one grid. A_d u at a node is
 * (u_left - 2 u + u_right) / h[d]^2 along dimension d, computed as fma(-2, u, u_left + u_right) times dt / h[d]^2
 * (r_d, rounded once) through fused multiply-adds in dimension order; each directional system, the same on every
 * line (-q_d off the diagonal, fma(2, q_d, 1) on it, q_d = theta r_d rounded once), is solved by Thomas' algorithm
 * with that matrix's LU factors (the arithmetic of gpurngDgtsvConstantBatch with GPURNG_TRIDIAG_THOMAS). Every
 * node's operations are the same on both backends,
 * whatever the thread or block count: the CPU and the GPU give the same bits. docs/SOLVERS.md has the operators,
 * the bytes a step moves and the measured speed.
 * @param scheme  GPURNG_ADI_DOUGLAS (the heat equation has no mixed derivatives)
 * @param ndim    2 or 3
 * @param n       ndim interior node counts, each >= 1, their product at most 2^31 - 1
 * @param h       ndim grid spacings, each > 0 and finite
 * @param dt      the time step, > 0 and finite, with dt / h[d]^2 finite
 * @param theta   the scheme's implicit weight, 1/2 <= theta <= 1 (1/2: second order)
 * @param steps   steps to take, >= 0 (0 does nothing)
 * @param u       the n[0] n[1] (n[2]) node values, overwritten by the solution after @p steps steps; host memory (the
 *                call runs on CPU threads, synchronously) or device memory (queued on the solver's stream,
 *                asynchronous; scratch of one grid's size is allocated on first use at a size, then the call
 *                allocates nothing and can be captured in a CUDA graph)
 * @return GPURNG_STATUS_SUCCESS; GPURNG_STATUS_NOT_INITIALIZED if @p solver is NULL;
 *         GPURNG_STATUS_INVALID_VALUE for a scheme other than GPURNG_ADI_DOUGLAS, a solver made by
 *         gpurngCreateSolverOnWorkers (a grid is not split over workers) or, for host memory, a CPU with no threads
 *         configured;
 *         GPURNG_STATUS_NULL_POINTER if @p n, @p h or @p u is NULL (u only when the grid is stepped);
 *         GPURNG_STATUS_OUT_OF_RANGE for ndim outside 2 .. 3, a node count below 1, more than 2^31 - 1 nodes, a
 *         spacing or dt not positive and finite, dt / h^2 not finite, theta outside [1/2, 1] or NaN, steps < 0;
 *         GPURNG_STATUS_ALLOCATION_FAILED if the scratch (one grid, host or device) cannot be allocated (host
 *         memory: or the grid and the scratch exceed the host's physical memory);
 *         GPURNG_STATUS_LAUNCH_FAILURE on CUDA errors. (The directional matrices are strictly diagonally dominant
 *         for every accepted input, so no pivot is ever tiny.)
 */
GPURNG_API gpurngStatus_t gpurngHeatAdiDouble(gpurngSolver_t solver, gpurngAdiScheme_t scheme, int ndim, const int *n,
                                              const double *h, double dt, double theta, int steps, double *u);

/** As gpurngHeatAdiDouble with single-precision spacings, step, weight, values and arithmetic. */
GPURNG_API gpurngStatus_t gpurngHeatAdiFloat(gpurngSolver_t solver, gpurngAdiScheme_t scheme, int ndim, const int *n,
                                             const float *h, float dt, float theta, int steps, float *u);

/** Payoffs of gpurngBlackScholesAdi*, at maturity, in the assets S_1 .. S_d and the strike K. */
typedef enum gpurngBasketPayoff {
  GPURNG_BASKET_ARITHMETIC_CALL = 0, /**< max((S_1 + .. + S_d) / d - K, 0) */
  GPURNG_BASKET_GEOMETRIC_CALL = 1,  /**< max((S_1 .. S_d)^(1/d) - K, 0) */
  GPURNG_BASKET_MAX_CALL = 2,        /**< max(max(S_1, .., S_d) - K, 0) */
  GPURNG_BASKET_USER_GRID = 3        /**< the values the caller gives at every node (strike unused) */
} gpurngBasketPayoff_t;

/**
 * Price a batch of European options on d = 2 or 3 assets by the multi-asset Black-Scholes PDE, each option with its
 * own spot, strike, rate, volatilities, correlations and maturity, all on one grid: J[i] intervals of [0, Smax[i]]
 * per asset, every node an unknown (at S_i = 0 the asset's terms vanish; at Smax[i] the solution is taken linear,
 * u_SS = 0 with a one-sided u_S, as for one asset), N steps. In time to maturity the PDE is
 *   u_t = sum_i sigma_i^2 S_i^2 u_{S_i S_i} / 2 + sum_{i<k} rho_ik sigma_i sigma_k S_i S_k u_{S_i S_k}
 *         + r sum_i S_i u_{S_i} - r u.
 * Splitting: F_0 the mixed derivatives (central differences, 0 on the faces), always explicit; F_i along asset i
 * (diffusion, convection and a 1/d share of the discount, the one-factor PDE's coefficients), each solved by Thomas'
 * algorithm along every line of asset i (src/pde/basket_adi_scheme.hpp states every operation). Schemes:
 *   GPURNG_ADI_HUNDSDORFER_VERWER (theta = 1/2 + sqrt(3)/6): second order in time and space with correlations;
 *   GPURNG_ADI_DOUGLAS (theta = 1/2): second order without correlations, first order with them.
 * The first step is always two Douglas half-steps with theta = 1 (Rannacher's damped start), which keeps the order
 * with a kinked payoff. Measured (docs/SOLVERS.md): the three-asset geometric call, S0 = K = 100, sigma 0.2,
 * rho 0.3, r 0.05, T 1, Smax 320, N = J / 2: 6.0e-3 from the closed form at 64^3, order 2.2.
 * Price and deltas at S0 by the tensor-product cubic through the 4^d nodes around it (the base node clamped to
 * 1 .. J[i] - 2). Outputs are checked: a price or delta that is not finite, or a price below 0 by more than
 * max(S0, K) 2^-20 (double) / 2^-17 (float), makes the option's outputs NaN and its info -2.
 * Host memory: CPU threads, synchronously; every option's grid in turn, the steps' node and line loops split over
 * the threads by position (any thread count gives the same bits). Device memory (every array, @p J and @p Smax
 * excepted): the GPU, options side by side in batches of up to 1 GiB of working grids, on the solver's stream; the
 * call reads the inputs to the host first (each option's step coefficients are made there, as for the CPU) and
 * waits for its work. The same bits as host memory: grid, prices, deltas and info.
 * @param scheme    GPURNG_ADI_HUNDSDORFER_VERWER or GPURNG_ADI_DOUGLAS
 * @param ndim      d, 2 or 3
 * @param J         d interval counts, each 3 .. 2^15, the nodes' product prod (J[i] + 1) at most 2^31 - 1
 * @param Smax      d grid ends, each > 0 and finite
 * @param N         time steps, >= 1
 * @param payoff    a ::gpurngBasketPayoff_t
 * @param payoff_grid  GPURNG_BASKET_USER_GRID: the payoff at every node, prod (J[i] + 1) values, asset 0's index
 *                  fastest (node (j_0, j_1, j_2) at j_0 + (J[0] + 1) (j_1 + (J[1] + 1) j_2)), finite; else NULL
 * @param count     options, >= 0 (0 does nothing)
 * @param S0        count * d spots (option k's at S0[k d + i]), 0 <= S0 <= Smax[i]
 * @param strike    count strikes >= 0 (read unless @p payoff is GPURNG_BASKET_USER_GRID; may then be NULL)
 * @param rate      count rates >= 0
 * @param sigma     count * d volatilities >= 0
 * @param rho       count * d (d - 1) / 2 correlations in the order (0,1), (0,2), (1,2), each in [-1, 1], the
 *                  matrix they make positive semi-definite
 * @param maturity  count maturities >= 0
 * @param price     count prices at S0 (required); @p delta: count * d values (dV / dS_i at S0[k d + i]), or NULL
 * @param grid      NULL, or count * prod (J[i] + 1) values: option k's solution at every node, from grid[k nodes]
 * @param info      NULL, or count ints: 0, the 1-based row of a tiny pivot in a directional solve, or -2 (above)
 * @return GPURNG_STATUS_SUCCESS; GPURNG_STATUS_NOT_INITIALIZED if @p solver is NULL;
 *         GPURNG_STATUS_INVALID_VALUE for an unknown scheme or payoff, a solver made by gpurngCreateSolverOnWorkers,
 *         or (host memory) a CPU with no threads configured;
 *         GPURNG_STATUS_MIXED_MEMORY if the arrays mix host and device memory;
 *         GPURNG_STATUS_NULL_POINTER if @p J or @p Smax is NULL, or (count > 0) a required array is NULL;
 *         GPURNG_STATUS_OUT_OF_RANGE for ndim outside 2 .. 3, a J[i] outside 3 .. 2^15 or too many nodes, Smax[i] not
 *         positive and finite, N < 1, count < 0, or a parameter outside its range or NaN;
 *         GPURNG_STATUS_OVERLAPPING_ARRAYS if an output array overlaps another array;
 *         GPURNG_STATUS_ZERO_PIVOT if an option met a tiny pivot (@p info says which);
 *         GPURNG_STATUS_RESULT_OUT_OF_BOUNDS if none did but an option's outputs failed the output check;
 *         GPURNG_STATUS_ALLOCATION_FAILED if the working grids (two or three of the grid's size) exceed the host's
 *         physical memory or cannot be allocated (host or device memory);
 *         GPURNG_STATUS_LAUNCH_FAILURE on CUDA errors (device memory).
 */
GPURNG_API gpurngStatus_t gpurngBlackScholesAdiDouble(gpurngSolver_t solver, gpurngAdiScheme_t scheme, int ndim,
                                                      const int *J, const double *Smax, int N,
                                                      gpurngBasketPayoff_t payoff, const double *payoff_grid, int count,
                                                      const double *S0, const double *strike, const double *rate,
                                                      const double *sigma, const double *rho, const double *maturity,
                                                      double *price, double *delta, double *grid, int *info);

/** As gpurngBlackScholesAdiDouble with single-precision arrays and arithmetic. */
GPURNG_API gpurngStatus_t gpurngBlackScholesAdiFloat(gpurngSolver_t solver, gpurngAdiScheme_t scheme, int ndim,
                                                     const int *J, const float *Smax, int N,
                                                     gpurngBasketPayoff_t payoff, const float *payoff_grid, int count,
                                                     const float *S0, const float *strike, const float *rate,
                                                     const float *sigma, const float *rho, const float *maturity,
                                                     float *price, float *delta, float *grid, int *info);

#ifdef __cplusplus
}
#endif

#endif /* GPURNG_PDE_H */
