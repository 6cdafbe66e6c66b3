/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file gpurng_pricing.h
 * @brief Monte Carlo and randomised quasi-Monte Carlo pricers on the library's generators, on CPU threads or an
 *        NVIDIA GPU: GPU Gems 3 ch. 37's Asian basket and GARCH lookback, LIBOR market model caplets, and
 *        Caflisch, Morokoff and Owen's mortgage-backed security. docs/PRICING.md defines every model.
 *
 * Paths and their numbers. Path p (p = first_path + 0, 1, ..., paths - 1) draws its normals where it uses them,
 * in the order the model's definition reads them, and they depend on the engine, the seed and p only:
 *   - GPURNG_RNG_PSEUDO_PHILOX4_32_10, _XORWOW, _MRG32K3A, _HYBRID_TAUS: the device API's state
 *     gpurng_init(seed, subsequence p, offset 0) and its gpurng_normal (float paths) or gpurng_normal_double
 *     (double paths): Box-Muller pairs, the second value of a pair kept for the next draw (gpurng_kernel.h).
 *   - GPURNG_RNG_PSEUDO_RANMAR, _RANMAR48, _RANMAR48X (seed = IJKL), GPURNG_RNG_PSEUDO_MINSTD, _MINSTD48271: one
 *     stream; path p reads its 2 ceil(D / 2) uniform doubles from position p * 2 ceil(D / 2) on (D normals a path),
 *     each pair (u1, u2) giving sqrt(-2 log u1) (sin pi v, cos pi v), v = 2 u2 (the library's portable
 *     Box-Muller of doubles; float paths round the normals to float).
 *   - RQMC, GPURNG_RNG_QUASI_SOBOL32 and _SCRAMBLED_SOBOL32: point p of cuRAND's Sobol' sequence (dimension d of
 *     the path's D), its 32-bit word XOR-ed with a random digital shift per replication and dimension
 *     (splitmix64 of seed and replication), then the inverse CDF of x 2^-32 + 2^-33 (float paths) or the
 *     same word's double inverse CDF (double paths);
 *   - RQMC, GPURNG_RNG_QUASI_HALTON_RASRAP: point p of the random-start permuted Halton sequence whose seed for
 *     replication r is splitmix64(seed + r) (dimensions up to 1000), its inverse-CDF normals as the device API's.
 *   - GPURNG_RNG_PSEUDO_HYBRID_TAUS with normal_method GPURNG_NORMAL_METHOD_WALLACE: GPU Gems 3 ch. 37's Wallace
 *     normals, float (double paths widen them exactly), as include/gpurng/distributions/wallace.hpp defines its
 *     pools. A call's paths split into chunks of 256 consecutive paths counted from first_path; the chunk whose
 *     first path is f draws from Wallace pool b = floor(f / 256) of the seed (key wallace::pool_key(seed, b), its
 *     initial pool and W = 16 warm-up passes), and the i-th normal of the chunk's path t (t = 0 .. 255, its place in
 *     the chunk) is output element e = 256 (i mod 4) + t of output pass k = i / 4 of that pool (the pass's new[e]
 *     times its correction). A pool is shared by a chunk (on the GPU a block runs its passes), so these numbers
 *     are fixed for a given launch shape only: with first_path a multiple of 256, path p is thread p mod 256 of
 *     pool p / 256 and fixed by its index (calls split at multiples of 256 give the one call's paths); otherwise
 *     they follow the call's chunking, and calls whose chunks straddle the same 256-block of paths share pools.
 *     For b < 512 they are the host API's Wallace stream (a hybrid Taus generator seeded with seed,
 *     gpurngSetNormalMethod WALLACE) at output n = (k * 512 + b) * 1024 + e. The CPU backend holds a chunk's passes
 *     in host memory while a thread prices it: about D KiB a thread (D normals a path).
 * A path's numbers are fixed by its index (Wallace: see above), so estimates do not depend on thread or GPU counts,
 * and ranks can split the paths with first_path. Samples are combined (mean and sum of squared deviations, Chan's
 * update) in one fixed neighbour-pairing tree over the paths (chunks of 256, then the chunks paired), on both backends:
 * for the same call the CPU and the GPU return the same bits in the default exact mode (float paths included: every
 * model step uses the library's portable elementary functions and no implicit fused multiply-add); fast_mode trades
 * that for speed within a stated bound (gpurngPricingOptions_t).
 *
 * Monte Carlo: mean of the paths' discounted payoffs; std_error = sample standard deviation / sqrt(paths). With
 * antithetic != 0 each index p is a pair (normals z and -z), its sample the pair's average, std_error from the
 * pairs. RQMC: replications R >= 2 randomised point sets of `paths` points each; mean of the R estimates and
 * std_error = their standard deviation / sqrt(R). brownian_bridge != 0 (LIBOR, MBS) builds each path's Brownian
 * motion from its normals in Brownian-bridge order (the first normal sets the final value), the classic way to
 * give quasi-random points' first coordinates the most weight.
 *
 * Every function returns a ::gpurngStatus_t and never aborts, throws or prints. Calls are synchronous: when one
 * returns, its results are in the host array. On the GPU backend a pricer keeps one device block, grown on the
 * first call at a size; the parameters go up and the estimates come back through it. One thread at a time per
 * pricer handle.
 */
#ifndef GPURNG_PRICING_H
#define GPURNG_PRICING_H

#include "gpurng.h"

#ifdef __cplusplus
extern "C" {
#endif

/** Opaque pricer handle: the backend and CUDA stream of the pricing calls and their device scratch. */
typedef struct gpurngPricer_st *gpurngPricer_t;

/** Precision of a path's arithmetic (the state of the path: prices, rates, running products). Sums over paths
 *  are always double. */
typedef enum gpurngPathPrecision {
  GPURNG_PATHS_DOUBLE = 0, /**< double */
  GPURNG_PATHS_FLOAT = 1   /**< float (parameters rounded to float once) */
} gpurngPathPrecision_t;

/** How a pricing call draws and combines its paths (gpurngPricingOptionsDefault fills the defaults). */
typedef struct gpurngPricingOptions {
  gpurngRngType_t engine;             /**< a pseudo-random engine listed above (Monte Carlo) or a quasi-random one
                                           (RQMC); default GPURNG_RNG_PSEUDO_PHILOX4_32_10 */
  unsigned long long seed;            /**< the engine's seed (RANMAR: IJKL <= GPURNG_RANMAR_MAX_SEED); default 0, or
                                           GPURNG_RANMAR_DEFAULT_SEED for the RANMAR engines when left 0 */
  unsigned long long first_path;      /**< index of the first path (first point, RQMC); default 0 */
  unsigned long long paths;           /**< paths (antithetic pairs; RQMC: points per replication), 1 .. 2^40;
                                           default 65536 */
  gpurngPathPrecision_t precision;    /**< default GPURNG_PATHS_DOUBLE */
  int antithetic;                     /**< Monte Carlo only: 0 or 1; default 0 */
  int replications;                   /**< RQMC only: R, 2 .. 4096; default 32 (ignored for Monte Carlo) */
  int brownian_bridge;                /**< LIBOR and MBS with a quasi-random engine only: 0 or 1; default 0 */
  int fast_mode;                      /**< 0 (exact, default) or 1: on the GPU backend, the GPU's fast functions
                                           (cuRAND-device normals, CUDA's expf/exp/atanf/atan, the Asian basket in
                                           log prices); the CPU backend stays exact. docs/PRICING.md states the
                                           bound between the two, which tests/pricing/test_pricers_gpu.cpp checks.
                                           Wallace normals are the same numbers in both modes */
  gpurngNormalMethod_t normal_method; /**< how the paths' normals are made (default GPURNG_NORMAL_METHOD_DEFAULT):
                                           DEFAULT, the engine's own method (pseudo-random engines: Box-Muller;
                                           quasi-random: the inverse CDF), which BOX_MULLER (pseudo-random engines)
                                           and INVERSE_CDF (quasi-random engines) also name; WALLACE, Wallace's pool
                                           normals (GPURNG_RNG_PSEUDO_HYBRID_TAUS only, defined above) */
} gpurngPricingOptions_t;

/** One estimate. */
typedef struct gpurngPricingResult {
  double mean;      /**< the estimate */
  double std_error; /**< its standard error (0 for a deterministic quantity) */
} gpurngPricingResult_t;

/** GPU Gems 3 ch. 37's Asian basket on two assets, every parameter per time step: a <- a exp(muA + sigmaAA z1),
 *  b <- b exp(muB + sigmaAB z1 + sigmaBB z2), s += max(a, b) for each of T steps; payoff max(s / T -
 *  max(a_T, b_T), 0), undiscounted. Two normals a step (z1 then z2). */
typedef struct gpurngAsianBasketParams {
  double A0, B0;                    /**< initial prices, > 0 */
  double muA, muB;                  /**< per-step log drifts */
  double sigmaAA, sigmaAB, sigmaBB; /**< lower-triangular per-step volatility factor, each >= 0 */
} gpurngAsianBasketParams_t;

/** GPU Gems 3 ch. 37's lookback under GARCH(1,1): for t = 0 .. T-1: h_t = s; sigma <- sqrt(A0 + A1 sigma^2 + A2
 *  eps^2); eps <- z sigma; s <- s exp(mu + eps). Payoff sum_t max(h_t - s_T, 0), undiscounted. One normal a step. */
typedef struct gpurngGarchLookbackParams {
  double A0, A1, A2;   /**< GARCH coefficients, each >= 0 */
  double sigma0, eps0; /**< initial volatility (>= 0) and shock */
  double s0;           /**< initial price, > 0 */
  double mu;           /**< per-step log drift */
} gpurngGarchLookbackParams_t;

/** The LIBOR market model under the spot measure (Glasserman 2004, section 3.7), log-Euler with the drift frozen
 *  over each step. Forwards L_0 .. L_{n-1} on the tenor T_i = i delta; each has a constant volatility vector
 *  sigma_j = (loadings[f * n + j], f = 0 .. factors-1). steps_per_period steps of h = delta / steps_per_period.
 *  Caplet j pays delta (L_j(T_j) - K)^+ at T_{j+1} and is discounted by the spot numeraire
 *  B(T_{j+1}) = prod_{i<=j} (1 + delta L_i(T_i)). */
typedef struct gpurngLiborParams {
  int forwards;           /**< n, 1 .. 80 */
  int factors;            /**< nF, 1 .. 8 */
  int steps_per_period;   /**< 1 .. 64 */
  double delta;           /**< accrual period, > 0 */
  double strike;          /**< K, >= 0 */
  const double *initial;  /**< n initial forwards L_j(0), each > 0 */
  const double *loadings; /**< nF x n volatility loadings, row f at loadings + f * n, each finite */
} gpurngLiborParams_t;

/** Caflisch, Morokoff and Owen's mortgage-backed security: for k = 1 .. M, i_k = K0 exp(sigma xi_k) i_{k-1} with
 *  K0 = exp(-sigma^2 / 2); prepayment w_k = K1 + K2 atan(K3 i_k + K4); cash flow m_k = r_k ((1 - w_k) + w_k a_k)
 *  with r_k = prod_{j<k} (1 - w_j) and a_k = sum_{j=0}^{M-k} (1 + i0)^-j; discount u_k = prod_{j<k} 1 / (1 + i_j);
 *  present value sum_k u_k m_k. One normal a month. Float paths keep the rates and prepayments in float and a_k,
 *  the products r_k, u_k and the sum in double. Caflisch, Morokoff and Owen state their volatility as sigma^2: their
 *  "nearly linear" set (i0 0.007, K1 0.01, K2 -0.005, K3 10, K4 0.5, sigma^2 0.0004) is sigma = 0.02 here. */
typedef struct gpurngMbsParams {
  double i0;             /**< initial monthly rate, > 0 */
  double K1, K2, K3, K4; /**< prepayment model, finite */
  double sigma;          /**< monthly rate volatility, >= 0 */
  int months;            /**< M, 1 .. 1024 (CMO's 360) */
} gpurngMbsParams_t;

/**
 * Create a pricer on the backend GPURNG_BACKEND chooses (cpu, cuda or auto, as for generators).
 * @return GPURNG_STATUS_SUCCESS; GPURNG_STATUS_NULL_POINTER if @p pricer is NULL; GPURNG_STATUS_INVALID_VALUE if
 *         GPURNG_BACKEND or GPURNG_THREADS holds an unknown value; GPURNG_STATUS_INITIALIZATION_FAILED if
 *         GPURNG_BACKEND=cuda and no GPU is usable; GPURNG_STATUS_ALLOCATION_FAILED.
 */
GPURNG_API gpurngStatus_t gpurngCreatePricer(gpurngPricer_t *pricer);

/**
 * Create a pricer on a given backend.
 * @return as gpurngCreatePricer; GPURNG_STATUS_INVALID_VALUE for an unknown backend;
 *         GPURNG_STATUS_INITIALIZATION_FAILED for GPURNG_BACKEND_CUDA without a usable GPU.
 */
GPURNG_API gpurngStatus_t gpurngCreatePricerOnBackend(gpurngPricer_t *pricer, gpurngBackend_t backend);

/**
 * Create a pricer whose calls split their paths over @p workers (gpurng.h, Workers; several GPUs, a GPU named more
 * than once, or CPU workers): blocks of 256 * 2^k paths counted from first_path, k the least giving at most 4 blocks
 * a worker; worker i prices the blocks from floor(blocks i / W) on, as runs of 2^j blocks aligned to 2^j, each a
 * whole subtree of the fixed pairing tree the pricers combine samples by; the runs' moments are merged in that
 * tree's order. So the price and standard error are bit-identical to one call on one GPU (CUDA workers) or on the
 * CPU (CPU workers), whatever the worker count. RQMC with at least as many replications R as workers W is split by
 * replication instead: worker i prices replications floor(R i / W) .. floor(R (i + 1) / W) - 1, every path of each,
 * and the replications are combined in order as one call combines them (the same bits); with fewer replications than
 * workers RQMC is split by points as above, each replication's moments kept apart. The list is copied; calls are
 * synchronous and ignore gpurngPricerSetStream (each worker runs on its device's default stream); every pricing
 * function and status is as for one pricer, plus a worker's CUDA error (the first in worker order).
 * @return GPURNG_STATUS_SUCCESS; GPURNG_STATUS_NULL_POINTER if @p pricer is NULL; GPURNG_STATUS_NOT_INITIALIZED if
 *         @p workers is NULL; GPURNG_STATUS_INVALID_VALUE if GPURNG_THREADS is invalid (CPU workers);
 *         GPURNG_STATUS_ALLOCATION_FAILED.
 */
GPURNG_API gpurngStatus_t gpurngCreatePricerOnWorkers(gpurngPricer_t *pricer, gpurngWorkers_t workers);

/**
 * How the parts of a pricer made by gpurngCreatePricerOnPart meet: an all-gather. Called once per pricing call on
 * every part, with this part's @p count doubles at @p mine; must write every part's counts[p] doubles, in part order
 * (part 0 first), to @p all, and return 0 (anything else: the call returns GPURNG_STATUS_INTERNAL_ERROR).
 * gpurng_mpi.h's gpurngMpiCreatePricer supplies one over a communicator.
 */
typedef int (*gpurngPricingExchangeFn)(const double *mine, size_t count, double *all, const size_t *counts, int parts,
                                       void *context);

/**
 * Create a pricer that prices part @p part of @p parts of every call, for programs that run the parts in different
 * processes (MPI ranks: gpurng_mpi.h): the call's paths split as gpurngCreatePricerOnWorkers splits them over
 * @p parts workers, this part's runs priced on @p backend, and the runs' moments of every part exchanged through
 * @p exchange and merged in the pairing tree's order, so every part returns the price and standard error one pricer
 * returns, bit for bit, whatever @p parts is. Every part must make the same pricing calls with the same arguments in
 * the same order (each call is collective); a part whose arguments are refused before pricing does not reach the
 * exchange, which the others then wait in. A part whose pricing fails still takes part in the exchange, and every
 * part returns the largest status any part met.
 * @return GPURNG_STATUS_SUCCESS; GPURNG_STATUS_NULL_POINTER if @p pricer or @p exchange is NULL;
 *         GPURNG_STATUS_OUT_OF_RANGE unless 0 <= part < parts <= 65536; as gpurngCreatePricerOnBackend for @p backend.
 */
GPURNG_API gpurngStatus_t gpurngCreatePricerOnPart(gpurngPricer_t *pricer, gpurngBackend_t backend, int part, int parts,
                                                   gpurngPricingExchangeFn exchange, void *context);

/** Destroy a pricer (NULL is allowed and does nothing). @return GPURNG_STATUS_SUCCESS. */
GPURNG_API gpurngStatus_t gpurngDestroyPricer(gpurngPricer_t pricer);

/** The backend a pricer runs on. @return GPURNG_STATUS_SUCCESS; GPURNG_STATUS_NOT_INITIALIZED if @p pricer is
 *  NULL; GPURNG_STATUS_NULL_POINTER if @p backend is NULL. */
GPURNG_API gpurngStatus_t gpurngPricerGetBackend(gpurngPricer_t pricer, gpurngBackend_t *backend);

/** The CUDA stream of later calls (default: the legacy default stream; ignored on the CPU backend).
 *  @return GPURNG_STATUS_SUCCESS; GPURNG_STATUS_NOT_INITIALIZED if @p pricer is NULL. */
GPURNG_API gpurngStatus_t gpurngPricerSetStream(gpurngPricer_t pricer, gpurngCudaStream_t stream);

/** Fill @p options with the defaults documented on gpurngPricingOptions_t.
 *  @return GPURNG_STATUS_SUCCESS; GPURNG_STATUS_NULL_POINTER if @p options is NULL. */
GPURNG_API gpurngStatus_t gpurngPricingOptionsDefault(gpurngPricingOptions_t *options);

/*
 * The pricing calls share these statuses:
 *   GPURNG_STATUS_SUCCESS;
 *   GPURNG_STATUS_NOT_INITIALIZED if the pricer is NULL;
 *   GPURNG_STATUS_NULL_POINTER if a required pointer is NULL (options, parameters, results);
 *   GPURNG_STATUS_TYPE_ERROR for an engine the pricers do not take (see above);
 *   GPURNG_STATUS_INVALID_VALUE for an unknown precision, antithetic, brownian_bridge or fast_mode outside 0/1,
 *     antithetic with a quasi-random engine, brownian_bridge on a model without it or with a pseudo-random
 *     engine, or a normal_method the engine does not take (an unknown value; BOX_MULLER with a quasi-random
 *     engine; INVERSE_CDF with a pseudo-random one; WALLACE with any engine but GPURNG_RNG_PSEUDO_HYBRID_TAUS);
 *   GPURNG_STATUS_OUT_OF_RANGE for paths outside 1 .. 2^40, first_path + paths beyond 2^64 (Sobol': beyond
 *     2^32, its points' range), count < 1, replications
 *     outside 2 .. 4096 (RQMC), a RANMAR seed above GPURNG_RANMAR_MAX_SEED, more dimensions than the
 *     quasi-random engine has (Sobol': 20000, Halton: 1000; dimensions = normals a path), a count or size
 *     outside its documented range, or a parameter outside its range, NaN or infinite;
 *   GPURNG_STATUS_ALLOCATION_FAILED, GPURNG_STATUS_LAUNCH_FAILURE on CUDA errors.
 */

/**
 * Price @p count parameter sets of the Asian basket, each with the same paths (common random numbers).
 * @param steps   T, 1 .. 4096 (2T normals a path)
 * @param results count estimates (host memory)
 */
GPURNG_API gpurngStatus_t gpurngPriceAsianBasket(gpurngPricer_t pricer, const gpurngPricingOptions_t *options,
                                                 int steps, int count, const gpurngAsianBasketParams_t *params,
                                                 gpurngPricingResult_t *results);

/**
 * Price @p count parameter sets of the GARCH lookback (GPU Gems uses T = 15).
 * @param steps   T, 1 .. 64 (a path keeps its prices)
 * @param results count estimates (host memory)
 */
GPURNG_API gpurngStatus_t gpurngPriceGarchLookback(gpurngPricer_t pricer, const gpurngPricingOptions_t *options,
                                                   int steps, int count, const gpurngGarchLookbackParams_t *params,
                                                   gpurngPricingResult_t *results);

/**
 * Price every caplet of a LIBOR market model: results[j] is caplet j (j = 0 .. forwards-1; caplet 0 fixes at 0
 * and is returned exactly, std_error 0). A path simulates to T_{n-1}: (n - 1) steps_per_period steps of
 * factors normals each.
 */
GPURNG_API gpurngStatus_t gpurngPriceLiborCaplets(gpurngPricer_t pricer, const gpurngPricingOptions_t *options,
                                                  const gpurngLiborParams_t *params, gpurngPricingResult_t *results);

/** Price the mortgage-backed security: one estimate. */
GPURNG_API gpurngStatus_t gpurngPriceMbs(gpurngPricer_t pricer, const gpurngPricingOptions_t *options,
                                         const gpurngMbsParams_t *params, gpurngPricingResult_t *result);

#ifdef __cplusplus
}
#endif

#endif /* GPURNG_PRICING_H */
