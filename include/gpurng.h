/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file gpurng.h
 * @brief libgpurng public C API, shaped like cuRAND's host API.
 *
 * libgpurng generates legacy random number streams (CERNLIB/CORSIKA RANMAR first) bit for bit, on an
 * NVIDIA GPU when one is usable and on CPU threads otherwise. For a given engine, seed and position the
 * numbers are identical whatever the backend, thread count or request sizes.
 *
 * Conventions shared by every function:
 *  - Every function returns a ::gpurngStatus_t and never aborts, throws or prints on bad input.
 *  - A generator is used by one thread at a time; different generators may be used concurrently.
 *  - Output pointers may be host or device memory: the library asks the CUDA runtime which it is.
 *  - Generation functions are synchronous (when they return, the numbers are in the output buffer), except
 *    device-memory outputs on the CUDA backend after gpurngSetStream named a stream (see there).
 *  - The generator's offset advances by exactly the number of values written.
 */
#ifndef GPURNG_H
#define GPURNG_H

#include <stddef.h>

#include "gpurng_export.h"
#include "gpurng_version.h"

#ifdef __cplusplus
extern "C" {
#endif

/** Status codes. Values 0..999 equal cuRAND's `curandStatus_t` where the meaning is the same; codes
 *  that cuRAND does not have start at 1000. The numbers never change. */
typedef enum gpurngStatus {
  GPURNG_STATUS_SUCCESS = 0,                     /**< no error */
  GPURNG_STATUS_VERSION_MISMATCH = 100,          /**< header and library versions differ */
  GPURNG_STATUS_NOT_INITIALIZED = 101,           /**< null generator handle */
  GPURNG_STATUS_ALLOCATION_FAILED = 102,         /**< host or device memory could not be allocated */
  GPURNG_STATUS_TYPE_ERROR = 103,                /**< unknown engine, or a call the engine does not support */
  GPURNG_STATUS_OUT_OF_RANGE = 104,              /**< an argument is outside its documented range */
  GPURNG_STATUS_LENGTH_NOT_MULTIPLE = 105,       /**< reserved (cuRAND's meaning) */
  GPURNG_STATUS_DOUBLE_PRECISION_REQUIRED = 106, /**< reserved (cuRAND's meaning) */
  GPURNG_STATUS_LAUNCH_FAILURE = 201,            /**< a CUDA kernel launch or copy failed */
  GPURNG_STATUS_PREEXISTING_FAILURE = 202,       /**< reserved (cuRAND's meaning) */
  GPURNG_STATUS_INITIALIZATION_FAILED = 203,     /**< the requested backend cannot start (e.g. CUDA with no GPU) */
  GPURNG_STATUS_ARCH_MISMATCH = 204,             /**< a GPU-only mode (GPURNG_NORMAL_METHOD_CURAND_DEVICE) on the CPU */
  GPURNG_STATUS_INTERNAL_ERROR = 999,            /**< a bug in libgpurng; please report it */
  GPURNG_STATUS_NULL_POINTER = 1000,             /**< a required pointer argument is NULL */
  GPURNG_STATUS_INVALID_VALUE = 1001,            /**< an enum or environment setting has an unknown value */
  /** A tridiagonal solve (gpurng_tridiag.h, gpurng_pde.h) met a zero, tiny or non-finite divisor: the solvers
   *  do not pivot. The systems concerned are left as they were and their info entries say where. */
  GPURNG_STATUS_ZERO_PIVOT = 1002,
  /** An explicit finite-difference step beyond the scheme's stability limit (gpurng_pde.h). */
  GPURNG_STATUS_UNSTABLE_SCHEME = 1003,
  /** An output array overlaps an input array where the call does not allow it. */
  GPURNG_STATUS_OVERLAPPING_ARRAYS = 1004,
  /** The arrays of one call mix host and device memory. */
  GPURNG_STATUS_MIXED_MEMORY = 1005,
  /** A computed result failed the check its call documents (gpurng_pde.h: a price, delta or gamma not finite, or a
   *  price outside the bounds every arbitrage-free price obeys); those outputs are NaN and their info entries say
   *  which. */
  GPURNG_STATUS_RESULT_OUT_OF_BOUNDS = 1006,
  /** A call would take the generator past the end of its stream (gpurngSetGeneratorStream; docs/SCALING.md gives
   *  each engine's numbers per stream). Nothing was written and the position did not move. */
  GPURNG_STATUS_STREAM_END = 1007
} gpurngStatus_t;

/** Engines. The numbers never change. RANMAR engines are numbered from 1000 so that cuRAND's numbers
 *  (100..204) stay free for the cuRAND-compatible engines. */
typedef enum gpurngRngType {
  /** cuRAND's default pseudo-random engine: XORWOW (the generator reports it as GPURNG_RNG_PSEUDO_XORWOW). */
  GPURNG_RNG_PSEUDO_DEFAULT = 100,
  /** cuRAND's XORWOW (Marsaglia xorshift + Weyl counter) in cuRAND's layout: the same numbers as cuRAND's
   *  CURAND_RNG_PSEUDO_XORWOW for every seed (0..2^64-1, default 0), offset and ordering BEST, DEFAULT and
   *  LEGACY (one layout: 4096 threads 2^67 apart). Offsets count units: one output, or one normal pair.
   *  gpurngGenerate: the 32-bit outputs. Uniform float x*2^-32 + 2^-33, in (0,1]; uniform double
   *  (x ^ (y << 21))*2^-53 + 2^-54 from two words; normals by Box-Muller (even lengths only). */
  GPURNG_RNG_PSEUDO_XORWOW = 101,
  /** cuRAND's MRG32k3a: the same numbers as cuRAND for every seed, offset and ordering BEST = DEFAULT
   *  (81920 threads 2^76 apart) and LEGACY (4096 threads). gpurngGenerate: (unsigned)(z * 1.000000048662);
   *  uniforms z/m1 (float: rounded once from the double); normals by Box-Muller of two uniforms (even
   *  lengths only). Offsets as XORWOW. */
  GPURNG_RNG_PSEUDO_MRG32K3A = 121,
  /** Philox4x32-10 (Random123), in cuRAND's layout: the same numbers as cuRAND for every seed, offset and
   *  ordering BEST, DEFAULT and LEGACY (65536 threads, four outputs per counter). Offsets count outputs.
   *  Uniforms as XORWOW; doubles and double normals take two counters per four outputs, as cuRAND. */
  GPURNG_RNG_PSEUDO_PHILOX4_32_10 = 161,
  /** cuRAND's default quasi-random engine: SOBOL32. */
  GPURNG_RNG_QUASI_DEFAULT = 200,
  /** cuRAND's Sobol' sequences with Joe and Kuo's new-joe-kuo-6.21201 direction numbers, dimensions 1..20000
   *  (gpurngSetQuasiRandomGeneratorDimensions, default 1): the same numbers as cuRAND. A call of n values
   *  with D dimensions writes n/D points of dimension 1, then of dimension 2, ... (n must be a multiple of
   *  D); offsets count points. No seed. Uniform float x*2^-32 + 2^-33 (64-bit sets: their top 32 bits);
   *  uniform double x*2^-32 + 2^-32 (32-bit sets) or (x >> 11)*2^-53 + 2^-54 (64-bit sets); normals by
   *  the inverse CDF. gpurngGenerate serves the 32-bit sets, gpurngGenerateLongLong the 64-bit ones. */
  GPURNG_RNG_QUASI_SOBOL32 = 201,
  /** Sobol32 with cuRAND's scrambled direction numbers and scramble constants. */
  GPURNG_RNG_QUASI_SCRAMBLED_SOBOL32 = 202,
  /** 64-bit Sobol'. */
  GPURNG_RNG_QUASI_SOBOL64 = 203,
  /** 64-bit scrambled Sobol' (cuRAND starts each call at point offset mod 2^32, and so does this). */
  GPURNG_RNG_QUASI_SCRAMBLED_SOBOL64 = 204,
  /** CERNLIB V113 RANMAR: 24-bit lagged Fibonacci table (lags 97, 33) minus a 24-bit Weyl carry.
   *  Seed = IJKL in 0..900000000 (default 54217137); offset = numbers skipped (NTOT2*10^9 + NTOT).
   *  gpurngGenerate: raw 24-bit integers r. gpurngGenerateUniform(Double): r*2^-24, exactly the
   *  value CERNLIB RANMAR returns, including its replacement of 0 by 2^-24*U(2) (else 2^-48). */
  GPURNG_RNG_PSEUDO_RANMAR = 1001,
  /** CERNLIB V116 RM48 = CORSIKA RMMARD = PYTHIA 6 PYR stream: 48-bit table, 24-bit carry.
   *  gpurngGenerateLongLong: raw 48-bit integers r. gpurngGenerateUniformDouble: r*2^-48 with an
   *  exact 0 replaced by 2^-48 (RMMARD's value). gpurngGenerateUniform: that double truncated toward
   *  zero to float. */
  GPURNG_RNG_PSEUDO_RANMAR48 = 1002,
  /** RANMAR48 with a 48-bit carry (McCann's proposal): carry modulus 2^48-59 (prime), decrement
   *  floor((2^48-59)*(sqrt(5)-1)/2) = 173961102589734, start 362436*2^24+362436, so the low 24 bits
   *  no longer come from the lagged Fibonacci table alone. Same seeds and outputs as RANMAR48. */
  GPURNG_RNG_PSEUDO_RANMAR48X = 1003,
  /** Park and Miller's minimal standard x' = 16807 x mod (2^31 - 1): C++ minstd_rand0, and gfortran's
   *  IRAND/RAND for seeds 1..2^31-2. Seed: x0 = seed mod (2^31 - 1), 0 becoming 1 (C++'s rule); default 1.
   *  Number n of the stream (0-based) is x_{n+1}. gpurngGenerate: x (1..2^31-2). gpurngGenerateUniformDouble:
   *  x / (2^31 - 1). gpurngGenerateUniform: that double truncated toward zero to float. */
  GPURNG_RNG_PSEUDO_MINSTD = 1010,
  /** As GPURNG_RNG_PSEUDO_MINSTD with multiplier 48271 (C++ minstd_rand). */
  GPURNG_RNG_PSEUDO_MINSTD48271 = 1011,
  /** The POSIX drand48 family's X' = (0x5DEECE66D X + 11) mod 2^48. Seed = X0 (0..2^48-1; default 0, glibc's
   *  state before any seeding; srand48(s) is seed ((s & 0xFFFFFFFF) << 16) | 0x330E, seed48(v) is seed
   *  v[2]:v[1]:v[0]). gpurngGenerate: lrand48()'s X >> 17. gpurngGenerateLongLong: X (48 bits).
   *  gpurngGenerateUniformDouble: drand48()'s X * 2^-48, in [0,1) (0 where X is 0, as drand48).
   *  gpurngGenerateUniform: that double truncated toward zero to float. */
  GPURNG_RNG_PSEUDO_DRAND48 = 1020,
  /** glibc's random() with a TYPE_0 state (initstate with 8..31 bytes): x' = (1103515245 x + 12345) mod 2^31.
   *  Seed: as srandom (0..2^32-1, 0 acting as 1); default 1. gpurngGenerate: random()'s values.
   *  gpurngGenerateUniformDouble: (v + 1/2) * 2^-31. gpurngGenerateUniform: ((v >> 8) + 1/2) * 2^-23. */
  GPURNG_RNG_PSEUDO_GLIBC_RANDOM_TYPE0 = 1030,
  /** glibc random() TYPE_1 (initstate with 32..63 bytes): r_i = r_{i-7} + r_{i-3} mod 2^32, output r_i >> 1,
   *  seeded as srandom does (70 outputs discarded). Seeds and outputs as TYPE0. */
  GPURNG_RNG_PSEUDO_GLIBC_RANDOM_TYPE1 = 1031,
  /** glibc random() TYPE_2 (64..127 bytes): lags 15 and 1, 150 discarded. As TYPE1. */
  GPURNG_RNG_PSEUDO_GLIBC_RANDOM_TYPE2 = 1032,
  /** glibc random() TYPE_3 (128..255 bytes, the default state of random() and rand()): lags 31 and 3, 310
   *  discarded. Seed 1 gives what an unseeded program's rand() gives. As TYPE1. */
  GPURNG_RNG_PSEUDO_GLIBC_RANDOM_TYPE3 = 1033,
  /** glibc random() TYPE_4 (256 bytes and more): lags 63 and 1, 630 discarded. As TYPE1. */
  GPURNG_RNG_PSEUDO_GLIBC_RANDOM_TYPE4 = 1034,
  /** GPU Gems 3 ch. 37's hybrid generator (listing 37-4): three taus88-style Tausworthe steps and the LCG
   *  z' = 1664525 z + 1013904223, output x = z1 ^ z2 ^ z3 ^ z4. 65536 streams interleaved (output n is step
   *  n / 65536 of stream n mod 65536); stream t is seeded from splitmix64 at mix64(seed ^ mix64(0x4854415553000000
   *  + t)), z1, z2, z3 redrawn below 2, 8, 16 (taus88's constraint). Seed 0..2^64-1, default 0. Offsets count
   *  32-bit words. gpurngGenerate: x. Uniform float (x >> 9) 2^-23 + 2^-24, double x 2^-32 + 2^-33 (one word
   *  each). Normals: cuRAND's Box-Muller on consecutive words (float: two words per pair, double: four),
   *  even lengths only; a float normal takes one word, a double normal two. */
  GPURNG_RNG_PSEUDO_HYBRID_TAUS = 1040,
  /** Xu and Okten's random-start randomly permuted Halton sequence (Rasrap): dimension d uses the (d+1)-th
   *  prime b, point n is the radical inverse of (m_d + n) mod b^K with every base-b digit permuted (0 fixed),
   *  as a 64-bit fixed-point word W = floor(num 2^64 / b^K); the seed (0..2^64-1, default 0) picks each m_d
   *  and permutation by splitmix64 (include/gpurng/engines/halton_rasrap.hpp documents every step). Dimensions 1..1000
   *  (gpurngSetQuasiRandomGeneratorDimensions), cuRAND's quasi-random call layout (dimension-major, n a
   *  multiple of the dimensions, offsets count points). Unlike cuRAND's quasi engines it takes a seed.
   *  gpurngGenerate: W >> 32; gpurngGenerateLongLong: W. Uniform double (W >> 12) 2^-52 + 2^-53, float
   *  (W >> 41) 2^-23 + 2^-24; normals by the inverse CDF (Sobol64's formula on W). The GPU evaluates each
   *  point from its index (Xu and Okten's counter-based Algorithm 3), the CPU steps the digits (their
   *  recursive Algorithm 2); both give the same words. */
  GPURNG_RNG_QUASI_HALTON_RASRAP = 1050
} gpurngRngType_t;

/** glibc's rand() and random() stream, with the default 128-byte state. */
#define GPURNG_RNG_PSEUDO_GLIBC_RANDOM GPURNG_RNG_PSEUDO_GLIBC_RANDOM_TYPE3

/** Output orderings of the pseudo-random engines (gpurngSetGeneratorOrdering), numbered as cuRAND's. */
typedef enum gpurngOrdering {
  GPURNG_ORDERING_PSEUDO_BEST = 100,    /**< as DEFAULT (cuRAND: the same layouts) */
  GPURNG_ORDERING_PSEUDO_DEFAULT = 101, /**< the default of every pseudo-random engine */
  GPURNG_ORDERING_PSEUDO_SEEDED = 102,  /**< refused (OUT_OF_RANGE): cuRAND's XORWOW seeding for it is unpublished */
  GPURNG_ORDERING_PSEUDO_LEGACY = 103,  /**< cuRAND's LEGACY layouts (differs from DEFAULT for MRG32k3a only) */
  GPURNG_ORDERING_PSEUDO_DYNAMIC = 104, /**< GPU generators only, as cuRAND; here it is the DEFAULT layout */
  GPURNG_ORDERING_QUASI_DEFAULT = 201   /**< the only ordering of the quasi-random engines */
} gpurngOrdering_t;

/** Direction-number sets of gpurngGetDirectionVectors32/64, numbered as cuRAND's. */
typedef enum gpurngDirectionVectorSet {
  GPURNG_DIRECTION_VECTORS_32_JOEKUO6 = 101,
  GPURNG_SCRAMBLED_DIRECTION_VECTORS_32_JOEKUO6 = 102,
  GPURNG_DIRECTION_VECTORS_64_JOEKUO6 = 103,
  GPURNG_SCRAMBLED_DIRECTION_VECTORS_64_JOEKUO6 = 104
} gpurngDirectionVectorSet_t;

/** One dimension's direction numbers. */
typedef unsigned int gpurngDirectionVectors32_t[32];
typedef unsigned long long gpurngDirectionVectors64_t[64];

/** How gpurngGenerateNormal(Double) and gpurngGenerateLogNormal(Double) make normals (gpurngSetNormalMethod). */
typedef enum gpurngNormalMethod {
  GPURNG_NORMAL_METHOD_DEFAULT = 0,     /**< Box-Muller for pseudo-random engines, inverse CDF for quasi-random */
  GPURNG_NORMAL_METHOD_BOX_MULLER = 1,  /**< pseudo-random engines (cuRAND's pairing for cuRAND's engines) */
  GPURNG_NORMAL_METHOD_INVERSE_CDF = 2, /**< quasi-random engines */
  /** Wallace's pool method (GPU Gems 3 ch. 37, listings 37-6/37-7), offered by GPURNG_RNG_PSEUDO_HYBRID_TAUS: 512
   *  pools of 1024 floats seeded from the generator's seed, a stream with its own position (SetGeneratorOffset
   *  sets it too, at a cost of one pool pass per 2^19 outputs skipped); float normals, widened exactly for the
   *  double calls; any length. include/gpurng/distributions/wallace.hpp defines every step. */
  GPURNG_NORMAL_METHOD_WALLACE = 3,
  /** cuRAND's GPU output, bit for bit, for the normals and log-normals of XORWOW, MRG32K3A, PHILOX4_32_10 and the
   *  four Sobol' generators: the words of the default method, converted by the formulas of cuRAND's device code
   *  (curand_normal.h with CUDA's logf, sqrtf, __sincosf, log, sqrt, sincospi, erfcinvf, erfcinv, expf, exp;
   *  mean + stddev z as one fused multiply-add), so a program moving from curandGenerateNormal on the GPU gets
   *  the numbers it had, at cuRAND's speed or better (the portable Sobol' normals are slower: docs/PERFORMANCE.md). The
   * GPU makes them: host-memory outputs are made on the GPU and copied back; on the CPU backend the normal and
   * log-normal calls return GPURNG_STATUS_ARCH_MISMATCH (CUDA's intrinsics do not exist on the host). Uniform, integer
   * and Poisson outputs are those of the default method. The device API's GPURNG_NORMALS_CURAND_DEVICE is the same mode
   *  for users' kernels. */
  GPURNG_NORMAL_METHOD_CURAND_DEVICE = 4
} gpurngNormalMethod_t;

/** A CUDA stream (the same type as cudaStream_t, declared here so that gpurng.h needs no CUDA header). */
typedef struct CUstream_st *gpurngCudaStream_t;

/** Where a generator runs. */
typedef enum gpurngBackend {
  GPURNG_BACKEND_CPU = 1, /**< host threads (GPURNG_THREADS, default: all cores) */
  GPURNG_BACKEND_CUDA = 2 /**< an NVIDIA GPU through the CUDA runtime */
} gpurngBackend_t;

/** Opaque generator handle. */
typedef struct gpurngGenerator_st *gpurngGenerator_t;

/** Default seed of the RANMAR engines (CERNLIB and CORSIKA's IJKL = 54217137, i.e. IJ 1802, KL 9373). */
#define GPURNG_RANMAR_DEFAULT_SEED 54217137ULL
/** Largest seed the RANMAR engines accept (CERNLIB's documented IJKL range). */
#define GPURNG_RANMAR_MAX_SEED 900000000ULL

/**
 * Create a generator of engine @p rng_type on the backend chosen by GPURNG_BACKEND (cpu, cuda or auto;
 * auto, the default, picks CUDA when a GPU is usable and the CPU otherwise). Seed = the engine's default,
 * offset 0.
 * @return GPURNG_STATUS_SUCCESS;
 *         GPURNG_STATUS_NULL_POINTER if @p generator is NULL;
 *         GPURNG_STATUS_TYPE_ERROR if @p rng_type is not a ::gpurngRngType_t value;
 *         GPURNG_STATUS_INVALID_VALUE if GPURNG_BACKEND, GPURNG_THREADS or GPURNG_CPU_ISA holds an unknown value;
 *         GPURNG_STATUS_INITIALIZATION_FAILED if GPURNG_BACKEND=cuda and no GPU is usable;
 *         GPURNG_STATUS_ALLOCATION_FAILED if memory ran out.
 *         On failure *generator is set to NULL.
 */
GPURNG_API gpurngStatus_t gpurngCreateGenerator(gpurngGenerator_t *generator, gpurngRngType_t rng_type);

/**
 * Create a generator that always runs on the CPU backend (cuRAND's host generator). Output pointers
 * must be host memory. Statuses as gpurngCreateGenerator, without INITIALIZATION_FAILED.
 */
GPURNG_API gpurngStatus_t gpurngCreateGeneratorHost(gpurngGenerator_t *generator, gpurngRngType_t rng_type);

/**
 * Destroy a generator and free its memory.
 * @return GPURNG_STATUS_SUCCESS; GPURNG_STATUS_NOT_INITIALIZED if @p generator is NULL.
 */
GPURNG_API gpurngStatus_t gpurngDestroyGenerator(gpurngGenerator_t generator);

/**
 * Set the seed. For the RANMAR engines the seed is CERNLIB's IJKL; the other engines describe theirs above.
 * As in cuRAND, the position is kept: after K numbers, the next number is number K of the new seed's stream.
 * @return GPURNG_STATUS_SUCCESS; GPURNG_STATUS_NOT_INITIALIZED if @p generator is NULL;
 *         GPURNG_STATUS_OUT_OF_RANGE if @p seed is above the engine's largest seed: GPURNG_RANMAR_MAX_SEED for
 *         RANMAR engines, 2^48 - 1 for DRAND48, 2^32 - 1 for GLIBC_RANDOM_*, none for MINSTD*
 *         (generator unchanged).
 */
GPURNG_API gpurngStatus_t gpurngSetPseudoRandomGeneratorSeed(gpurngGenerator_t generator, unsigned long long seed);

/**
 * Set the absolute position in the stream: the next number generated is number @p offset (0-based).
 * O(log offset) work. For RANMAR, CERNLIB's restart triple (IJKL, NTOT, NTOT2) is seed IJKL with
 * offset NTOT2*10^9 + NTOT. On a stream (gpurngSetGeneratorStream) the offset counts from the stream's start.
 * @return GPURNG_STATUS_SUCCESS; GPURNG_STATUS_NOT_INITIALIZED if @p generator is NULL;
 *         GPURNG_STATUS_OUT_OF_RANGE on a stream, for an offset past the stream's end (generator unchanged).
 */
GPURNG_API gpurngStatus_t gpurngSetGeneratorOffset(gpurngGenerator_t generator, unsigned long long offset);

/**
 * Read the current position: how many numbers of the stream have been consumed (or skipped).
 * @return GPURNG_STATUS_SUCCESS; GPURNG_STATUS_NOT_INITIALIZED if @p generator is NULL;
 *         GPURNG_STATUS_NULL_POINTER if @p offset is NULL.
 */
GPURNG_API gpurngStatus_t gpurngGetGeneratorOffset(gpurngGenerator_t generator, unsigned long long *offset);

/**
 * Put the generator at the start of stream @p stream of its seed: work item k (a shower, a block of paths, a batch
 * of options) that uses stream k draws the same numbers wherever it runs. Each engine places its streams in its one
 * sequence as docs/SCALING.md's table says (RANMAR engines: stream k begins at position k * 2^64; LCGs and glibc's
 * additive generators: disjoint blocks of a fixed length; XORWOW, MRG32k3a, Philox4_32_10 and hybrid Taus: the
 * host layout's T threads moved to subsequences k*T .. k*T + T-1; Sobol' and Halton: disjoint blocks of points).
 * From then on the offset (gpurngSetGeneratorOffset / gpurngGetGeneratorOffset) counts from the stream's start, in
 * the engine's usual units, and a call that would pass the stream's end returns GPURNG_STATUS_STREAM_END.
 * Seed, ordering and dimension changes keep the stream and offset. A generator on which this was never called runs
 * the engine's whole sequence as before (offsets up to 2^64 - 1).
 * @return GPURNG_STATUS_SUCCESS (offset now 0); GPURNG_STATUS_NOT_INITIALIZED if @p generator is NULL;
 *         GPURNG_STATUS_OUT_OF_RANGE if @p stream is above the engine's last stream (gpurngGetStreamLimits;
 *         generator unchanged).
 */
GPURNG_API gpurngStatus_t gpurngSetGeneratorStream(gpurngGenerator_t generator, unsigned long long stream);

/**
 * Read the generator's stream id (0 if gpurngSetGeneratorStream was never called).
 * @return GPURNG_STATUS_SUCCESS; GPURNG_STATUS_NOT_INITIALIZED if @p generator is NULL;
 *         GPURNG_STATUS_NULL_POINTER if @p stream is NULL.
 */
GPURNG_API gpurngStatus_t gpurngGetGeneratorStream(gpurngGenerator_t generator, unsigned long long *stream);

/**
 * The generator's stream table for its engine, ordering and dimensions: streams 0..*last_stream, each
 * *numbers_per_stream offset steps long (outputs; units for XORWOW and MRG32k3a; points for the quasi-random
 * engines) before it would reach the next stream's first number. 2^64 - 1 stands for "the whole 64-bit offset".
 * @return GPURNG_STATUS_SUCCESS; GPURNG_STATUS_NOT_INITIALIZED if @p generator is NULL;
 *         GPURNG_STATUS_NULL_POINTER if either pointer is NULL.
 */
GPURNG_API gpurngStatus_t gpurngGetStreamLimits(gpurngGenerator_t generator, unsigned long long *last_stream,
                                                unsigned long long *numbers_per_stream);

/* ---- Workers: several GPUs, or CPU workers, in one process (docs/SCALING.md) ----
 * A worker list names where the parts of a split call run. A call splits its work into parts by position (the
 * numbers of a stream, a pricer's paths, a batch's systems or options), runs part i on worker i, and joins the
 * parts in order, so no worker count changes a number. On the CUDA backend each worker is a device (a device may be
 * named more than once: two workers on one GPU) and the parts run at the same time, one host thread each; on the
 * CPU backend the workers run the same split and join one after another, each on all the library's CPU threads
 * (this is how CI, without a GPU, tests the split). Split calls are synchronous, as every generation call is. */

/** Opaque worker list. */
typedef struct gpurngWorkers_st *gpurngWorkers_t;

/**
 * Create a worker list: on GPURNG_BACKEND_CUDA the @p count devices @p devices[0..count-1] (CUDA device numbers,
 * repeats allowed); on GPURNG_BACKEND_CPU @p count CPU workers (@p devices is not read and may be NULL).
 * @return GPURNG_STATUS_SUCCESS; GPURNG_STATUS_NULL_POINTER if @p workers is NULL, or @p devices is NULL on CUDA;
 *         GPURNG_STATUS_OUT_OF_RANGE if @p count is not 1 .. 1024 (an empty list) or a device number is not
 *         0 .. (devices the runtime sees) - 1; GPURNG_STATUS_INVALID_VALUE for another backend value;
 *         GPURNG_STATUS_INITIALIZATION_FAILED for CUDA when no GPU is usable; GPURNG_STATUS_ALLOCATION_FAILED.
 *         On failure *workers is set to NULL.
 */
GPURNG_API gpurngStatus_t gpurngCreateWorkers(gpurngWorkers_t *workers, gpurngBackend_t backend, const int *devices,
                                              int count);

/** Destroy a worker list (the generators, pricers and solvers that use it must not use it afterwards).
 *  @return GPURNG_STATUS_SUCCESS; GPURNG_STATUS_NOT_INITIALIZED if @p workers is NULL. */
GPURNG_API gpurngStatus_t gpurngDestroyWorkers(gpurngWorkers_t workers);

/** The number of workers. @return GPURNG_STATUS_SUCCESS; NOT_INITIALIZED; NULL_POINTER if @p count is NULL. */
GPURNG_API gpurngStatus_t gpurngGetWorkerCount(gpurngWorkers_t workers, int *count);

/**
 * The library's split of @p num numbers over the workers: counts[i] = floor(num (i+1) / W) - floor(num i / W) for W
 * workers (the parts of every split call of this library begin at these positions, rounded down to the call's
 * granule), so part i holds numbers [floor(num i / W), floor(num (i+1) / W)).
 * @return GPURNG_STATUS_SUCCESS; NOT_INITIALIZED; NULL_POINTER if @p counts is NULL.
 */
GPURNG_API gpurngStatus_t gpurngSplitCount(gpurngWorkers_t workers, size_t num, size_t *counts);

/**
 * Write the next counts[0] + ... + counts[W-1] numbers of the generator's stream, part i (the counts[i] numbers
 * after those of parts 0..i-1) into outputs[i] by worker i, exactly what one gpurngGenerateUniform of the total
 * would write into one array; the position then moves past them all. Outputs of CUDA workers are device memory of
 * that worker's device; outputs of CPU workers are host memory. A part of count 0 is not read. The engine must
 * serve the output as one flat stream (the pseudo-random engines' uniform and integer outputs); each worker starts
 * from a copy of the generator's settings and position, so the call is exact whatever came before it.
 * @return GPURNG_STATUS_SUCCESS; GPURNG_STATUS_NOT_INITIALIZED if @p generator or @p workers is NULL;
 *         GPURNG_STATUS_NULL_POINTER if @p outputs or @p counts is NULL, or an output of a nonzero count is;
 *         GPURNG_STATUS_TYPE_ERROR if the engine does not serve the output as a flat stream (quasi-random engines:
 *         give each worker its own generator on its own stream instead);
 *         GPURNG_STATUS_INVALID_VALUE if an output is not memory of its worker's device (or, for CPU workers, is
 *         device memory); GPURNG_STATUS_OUT_OF_RANGE / GPURNG_STATUS_STREAM_END as gpurngGenerate for the total;
 *         a part's CUDA error (ALLOCATION_FAILED, LAUNCH_FAILURE), the first in part order. On any failure the
 *         position does not move; parts that succeeded hold their numbers.
 */
GPURNG_API gpurngStatus_t gpurngGenerateUniformParts(gpurngGenerator_t generator, gpurngWorkers_t workers,
                                                     float *const *outputs, const size_t *counts);
/** As gpurngGenerateUniformParts, for gpurngGenerateUniformDouble's numbers. */
GPURNG_API gpurngStatus_t gpurngGenerateUniformDoubleParts(gpurngGenerator_t generator, gpurngWorkers_t workers,
                                                           double *const *outputs, const size_t *counts);
/** As gpurngGenerateUniformParts, for gpurngGenerate's numbers (its TYPE_ERROR cases too). */
GPURNG_API gpurngStatus_t gpurngGenerateParts(gpurngGenerator_t generator, gpurngWorkers_t workers,
                                              unsigned int *const *outputs, const size_t *counts);
/** As gpurngGenerateUniformParts, for gpurngGenerateLongLong's numbers (its TYPE_ERROR cases too). */
GPURNG_API gpurngStatus_t gpurngGenerateLongLongParts(gpurngGenerator_t generator, gpurngWorkers_t workers,
                                                      unsigned long long *const *outputs, const size_t *counts);

/**
 * One part of a call of @p total numbers, for processes that each hold a copy of the generator (the same engine,
 * seed, stream, settings and history; gpurng_mpi.h's block policy): write numbers [first, first + count) of the
 * next @p total numbers of gpurngGenerateUniform's stream into @p output (host or device memory), and move the
 * position past all @p total, as the whole call would. The parts of one call, made on the copies, together write
 * what the call writes; the copies then stand where it leaves the generator.
 * @return GPURNG_STATUS_SUCCESS (count == 0 writes nothing but still moves past @p total);
 *         GPURNG_STATUS_NOT_INITIALIZED if @p generator is NULL; GPURNG_STATUS_NULL_POINTER if @p output is NULL and
 *         count > 0; GPURNG_STATUS_OUT_OF_RANGE if first + count > total; GPURNG_STATUS_TYPE_ERROR if the engine does
 *         not serve the output as one flat stream; GPURNG_STATUS_INVALID_VALUE for device memory on a generator of the
 *         CPU backend; OUT_OF_RANGE / STREAM_END for @p total as gpurngGenerate;
 *         GPURNG_STATUS_LAUNCH_FAILURE, GPURNG_STATUS_ALLOCATION_FAILED on CUDA errors (position unchanged).
 */
GPURNG_API gpurngStatus_t gpurngGenerateUniformPart(gpurngGenerator_t generator, size_t total, size_t first,
                                                    size_t count, float *output);
/** As gpurngGenerateUniformPart, for gpurngGenerateUniformDouble's numbers. */
GPURNG_API gpurngStatus_t gpurngGenerateUniformDoublePart(gpurngGenerator_t generator, size_t total, size_t first,
                                                          size_t count, double *output);
/** As gpurngGenerateUniformPart, for gpurngGenerate's numbers. */
GPURNG_API gpurngStatus_t gpurngGeneratePart(gpurngGenerator_t generator, size_t total, size_t first, size_t count,
                                             unsigned int *output);
/** As gpurngGenerateUniformPart, for gpurngGenerateLongLong's numbers. */
GPURNG_API gpurngStatus_t gpurngGenerateLongLongPart(gpurngGenerator_t generator, size_t total, size_t first,
                                                     size_t count, unsigned long long *output);

/**
 * Write @p num 32-bit integers. RANMAR: the raw 24-bit outputs (0 included).
 * @return GPURNG_STATUS_SUCCESS (also for num == 0, which writes nothing);
 *         GPURNG_STATUS_NOT_INITIALIZED if @p generator is NULL;
 *         GPURNG_STATUS_NULL_POINTER if @p output_ptr is NULL and num > 0;
 *         GPURNG_STATUS_TYPE_ERROR for RANMAR48 and RANMAR48X (48-bit engines: use gpurngGenerateLongLong);
 *         GPURNG_STATUS_OUT_OF_RANGE if num * sizeof(unsigned) overflows the address space or the stream
 *         position would pass 2^64 - 1;
 *         GPURNG_STATUS_STREAM_END on a stream (gpurngSetGeneratorStream) if the call would pass its end;
 *         GPURNG_STATUS_ALLOCATION_FAILED, GPURNG_STATUS_LAUNCH_FAILURE on CUDA errors (position unchanged).
 */
GPURNG_API gpurngStatus_t gpurngGenerate(gpurngGenerator_t generator, unsigned int *output_ptr, size_t num);

/**
 * Write @p num 64-bit integers. RANMAR48 and RANMAR48X: the raw 48-bit outputs (0 included). DRAND48: X.
 * @return as gpurngGenerate, with GPURNG_STATUS_TYPE_ERROR for every engine but RANMAR48, RANMAR48X and DRAND48.
 */
GPURNG_API gpurngStatus_t gpurngGenerateLongLong(gpurngGenerator_t generator, unsigned long long *output_ptr,
                                                 size_t num);

/**
 * Write @p num floats in (0,1) (never 0, never 1) as each engine's description defines them; DRAND48's are
 * drand48()'s values, in [0,1).
 * @return as gpurngGenerate, without the TYPE_ERROR cases (every engine supports it).
 */
GPURNG_API gpurngStatus_t gpurngGenerateUniform(gpurngGenerator_t generator, float *output_ptr, size_t num);

/**
 * Write @p num doubles in (0,1) (never 0, never 1) as each engine's description defines them; DRAND48's are
 * drand48()'s values, in [0,1).
 * @return as gpurngGenerateUniform.
 */
GPURNG_API gpurngStatus_t gpurngGenerateUniformDouble(gpurngGenerator_t generator, double *output_ptr, size_t num);

/**
 * The cuRAND host-API calls below serve the cuRAND-style engines (XORWOW, MRG32K3A, PHILOX4_32_10, the
 * Sobol' engines and the engines of GPU Gems and Xu & Okten listed above). Positions: see each engine.
 * Output pointers may be host or device memory: device memory is filled by the GPU on the CUDA backend
 * (on the CPU backend, by CPU threads and copied), host memory by CPU threads, with the same numbers.
 */

/**
 * Set the output ordering (pseudo-random engines: BEST, DEFAULT, LEGACY, and DYNAMIC on generators made by
 * gpurngCreateGenerator; quasi-random engines: QUASI_DEFAULT). Changing it rebuilds the positions at the
 * current offset, as cuRAND does; setting the current ordering again changes nothing.
 * @return GPURNG_STATUS_SUCCESS; GPURNG_STATUS_NOT_INITIALIZED if @p generator is NULL;
 *         GPURNG_STATUS_OUT_OF_RANGE for an ordering the engine does not have (SEEDED included; DYNAMIC on a
 *         host generator; any ordering on the RANMAR and classic engines, which have one stream).
 */
GPURNG_API gpurngStatus_t gpurngSetGeneratorOrdering(gpurngGenerator_t generator, gpurngOrdering_t order);

/**
 * Set the number of dimensions of a quasi-random engine (1..20000 for Sobol'; default 1). Position kept.
 * @return GPURNG_STATUS_SUCCESS; GPURNG_STATUS_NOT_INITIALIZED if @p generator is NULL;
 *         GPURNG_STATUS_TYPE_ERROR on a pseudo-random engine; GPURNG_STATUS_OUT_OF_RANGE outside the range.
 */
GPURNG_API gpurngStatus_t gpurngSetQuasiRandomGeneratorDimensions(gpurngGenerator_t generator,
                                                                  unsigned int num_dimensions);

/**
 * Make the generator's GPU work for device-memory outputs run on @p stream (NULL: the default stream, and
 * synchronous calls). With a stream, such calls of every engine except hybrid Taus (which waits for its stream)
 * return once the work is queued, as cuRAND's do; the caller synchronises the stream before reading the numbers,
 * and before using the generator on another stream (calls on different streams are not ordered). Host-memory
 * outputs stay synchronous. On the CPU backend the stream is remembered and has no effect.
 * @return GPURNG_STATUS_SUCCESS; GPURNG_STATUS_NOT_INITIALIZED if @p generator is NULL.
 */
GPURNG_API gpurngStatus_t gpurngSetStream(gpurngGenerator_t generator, gpurngCudaStream_t stream);

/**
 * Choose how normals are made (default GPURNG_NORMAL_METHOD_DEFAULT). GPURNG_NORMAL_METHOD_CURAND_DEVICE is
 * accepted on either backend; on the CPU backend the normal calls then return GPURNG_STATUS_ARCH_MISMATCH.
 * @return GPURNG_STATUS_SUCCESS; GPURNG_STATUS_NOT_INITIALIZED if @p generator is NULL;
 *         GPURNG_STATUS_OUT_OF_RANGE for a method the engine does not offer.
 */
GPURNG_API gpurngStatus_t gpurngSetNormalMethod(gpurngGenerator_t generator, gpurngNormalMethod_t method);

/**
 * Write @p num normals z * stddev + mean (one multiply rounding, then one add rounding), by the engine's
 * method: cuRAND's Box-Muller pairs (sine value first) for XORWOW, MRG32K3A and PHILOX4_32_10, the
 * inverse CDF for Sobol'. Within 2 ulp of cuRAND's host generator (cuRAND's own host and device differ
 * there); identical on every backend of libgpurng. With GPURNG_NORMAL_METHOD_CURAND_DEVICE: mean + stddev z
 * fused, the bits of cuRAND's GPU generator, made on the GPU.
 * @return GPURNG_STATUS_SUCCESS (num == 0 writes nothing); GPURNG_STATUS_NOT_INITIALIZED if @p generator
 *         is NULL; GPURNG_STATUS_NULL_POINTER if @p output_ptr is NULL and num > 0;
 *         GPURNG_STATUS_TYPE_ERROR for an engine without normals (RANMAR and classic engines);
 *         GPURNG_STATUS_LENGTH_NOT_MULTIPLE if num is odd on XORWOW or MRG32K3A, or not a multiple of the
 *         dimensions on a quasi-random engine; GPURNG_STATUS_OUT_OF_RANGE if num overflows or the position would
 *         pass 2^64 - 1; GPURNG_STATUS_STREAM_END as gpurngGenerate; GPURNG_STATUS_TYPE_ERROR for Wallace normals
 *         on a stream other than 0 (the pool has no jump to place streams);
 *         GPURNG_STATUS_ARCH_MISMATCH in GPURNG_NORMAL_METHOD_CURAND_DEVICE on the CPU backend;
 *         GPURNG_STATUS_LAUNCH_FAILURE, GPURNG_STATUS_ALLOCATION_FAILED on CUDA errors.
 */
GPURNG_API gpurngStatus_t gpurngGenerateNormal(gpurngGenerator_t generator, float *output_ptr, size_t num, float mean,
                                               float stddev);
/** As gpurngGenerateNormal, in double precision. */
GPURNG_API gpurngStatus_t gpurngGenerateNormalDouble(gpurngGenerator_t generator, double *output_ptr, size_t num,
                                                     double mean, double stddev);
/** exp of gpurngGenerateNormal's values (expf). Statuses as gpurngGenerateNormal. */
GPURNG_API gpurngStatus_t gpurngGenerateLogNormal(gpurngGenerator_t generator, float *output_ptr, size_t num,
                                                  float mean, float stddev);
/** exp of gpurngGenerateNormalDouble's values. Statuses as gpurngGenerateNormal. */
GPURNG_API gpurngStatus_t gpurngGenerateLogNormalDouble(gpurngGenerator_t generator, double *output_ptr, size_t num,
                                                        double mean, double stddev);

/**
 * Write @p num Poisson variates of mean @p lambda. Each is the inverse Poisson CDF of the 32-bit word that
 * gpurngGenerate would write at its place (Sobol64: the word's top 32 bits), through a table of 2^-32
 * thresholds built once per lambda, so the call follows gpurngGenerate's layout and moves the position as
 * gpurngGenerate does. (cuRAND's own Poisson algorithm is unpublished; these are not its numbers.)
 * @return as gpurngGenerateNormal (no odd-length rule), plus GPURNG_STATUS_OUT_OF_RANGE unless
 *         0 < lambda <= 400000 (cuRAND's range).
 */
GPURNG_API gpurngStatus_t gpurngGeneratePoisson(gpurngGenerator_t generator, unsigned int *output_ptr, size_t num,
                                                double lambda);

/**
 * Point *vectors at the library's table of 20000 dimensions x 32 direction numbers of @p set (a static
 * table; do not free it). The same numbers as curandGetDirectionVectors32.
 * @return GPURNG_STATUS_SUCCESS; GPURNG_STATUS_NULL_POINTER if @p vectors is NULL;
 *         GPURNG_STATUS_OUT_OF_RANGE unless set is GPURNG_DIRECTION_VECTORS_32_JOEKUO6 or
 *         GPURNG_SCRAMBLED_DIRECTION_VECTORS_32_JOEKUO6.
 */
GPURNG_API gpurngStatus_t gpurngGetDirectionVectors32(gpurngDirectionVectors32_t **vectors,
                                                      gpurngDirectionVectorSet_t set);
/** As gpurngGetDirectionVectors32 for the 64-bit sets (..._64_JOEKUO6). */
GPURNG_API gpurngStatus_t gpurngGetDirectionVectors64(gpurngDirectionVectors64_t **vectors,
                                                      gpurngDirectionVectorSet_t set);
/**
 * Point *constants at the 20000 scramble constants of the scrambled 32-bit Sobol' sets (static table).
 * @return GPURNG_STATUS_SUCCESS; GPURNG_STATUS_NULL_POINTER if @p constants is NULL.
 */
GPURNG_API gpurngStatus_t gpurngGetScrambleConstants32(unsigned int **constants);
/** As gpurngGetScrambleConstants32 for the 64-bit sets. */
GPURNG_API gpurngStatus_t gpurngGetScrambleConstants64(unsigned long long **constants);

/**
 * Report the library version as GPURNG_VERSION encodes it (major*10000 + minor*100 + patch).
 * @return GPURNG_STATUS_SUCCESS; GPURNG_STATUS_NULL_POINTER if @p version is NULL.
 */
GPURNG_API gpurngStatus_t gpurngGetVersion(int *version);

/**
 * A static, NUL-terminated English description of @p status ("unknown status" for unknown values).
 * Never returns NULL.
 */
GPURNG_API const char *gpurngGetErrorString(gpurngStatus_t status);

/**
 * Host delivery. Host-memory requests of up to one slab are served from the generator's prefetch ring:
 * K slabs of S numbers that a background thread keeps filled ahead of the caller (from the GPU through
 * pinned memory on the CUDA backend, on a host thread on the CPU backend). A call for a few numbers then
 * costs a bounds check and a copy. Larger requests take what the ring has made and fill the rest
 * directly; device-memory requests go to the GPU. Whatever the mix, the caller sees exactly the
 * sequential stream, and the position (gpurngGetGeneratorOffset, reseeding, gpurngSetGeneratorOffset)
 * is the caller's, never the producer's. The ring starts on the first small host request.
 * Every engine whose calls of one output type continue one stream has a ring for that type: RANMAR, the
 * classic engines, and XORWOW, MRG32K3A, PHILOX4_32_10 and HYBRID_TAUS for gpurngGenerate and the uniforms. The
 * quasi-random engines' calls are dimension-major blocks; their zero-copy calls go through the generator's own
 * buffer, under the same size limit.
 *
 * Memory per generator: S * K * 8 bytes for 64-bit outputs (4 for 32-bit). Default S = 131072, K = 4
 * (4 MiB for doubles); GPURNG_PREFETCH="SxK" (e.g. "65536x8") or "off" sets the process default.
 * A generator is used by one thread at a time; different generators never block each other's callers.
 * After fork() the child continues on the CPU from its exact position, without the parent's ring.
 */

/**
 * Set the ring size of @p generator: @p slabs slabs of @p slab_numbers numbers (slabs == 0: no ring).
 * Numbers the ring made beyond the caller's position are dropped; the stream continues unchanged.
 * @return GPURNG_STATUS_SUCCESS; GPURNG_STATUS_NOT_INITIALIZED if @p generator is NULL;
 *         GPURNG_STATUS_OUT_OF_RANGE unless 1024 <= slab_numbers <= 2^26 and 2 <= slabs <= 64 (or slabs
 *         == 0) and slab_numbers * slabs * 8 <= 2 GiB (generator unchanged).
 */
GPURNG_API gpurngStatus_t gpurngSetPrefetch(gpurngGenerator_t generator, size_t slab_numbers, unsigned int slabs);

/**
 * Zero-copy: point *numbers at the next @p num floats of the stream (as gpurngGenerateUniform would
 * write them), inside the prefetch ring where they lie in one slab. The pointer stays valid until the
 * next call on @p generator; the numbers count as consumed.
 * @return GPURNG_STATUS_SUCCESS (num == 0: *numbers is NULL);
 *         GPURNG_STATUS_NOT_INITIALIZED if @p generator is NULL;
 *         GPURNG_STATUS_NULL_POINTER if @p numbers is NULL;
 *         GPURNG_STATUS_OUT_OF_RANGE if num exceeds the slab size (or, with no ring, 131072) or the stream
 *         position would pass 2^64 - 1; GPURNG_STATUS_STREAM_END as gpurngGenerate;
 *         GPURNG_STATUS_ALLOCATION_FAILED, GPURNG_STATUS_LAUNCH_FAILURE as gpurngGenerate.
 */
GPURNG_API gpurngStatus_t gpurngAcquireUniform(gpurngGenerator_t generator, size_t num, const float **numbers);
/** As gpurngAcquireUniform, for the doubles of gpurngGenerateUniformDouble. */
GPURNG_API gpurngStatus_t gpurngAcquireUniformDouble(gpurngGenerator_t generator, size_t num, const double **numbers);
/** As gpurngAcquireUniform, for gpurngGenerate's integers (GPURNG_STATUS_TYPE_ERROR for 48-bit engines). */
GPURNG_API gpurngStatus_t gpurngAcquire(gpurngGenerator_t generator, size_t num, const unsigned int **numbers);
/** As gpurngAcquireUniform, for gpurngGenerateLongLong's integers (GPURNG_STATUS_TYPE_ERROR for RANMAR). */
GPURNG_API gpurngStatus_t gpurngAcquireLongLong(gpurngGenerator_t generator, size_t num,
                                                const unsigned long long **numbers);

/**
 * Report which backend @p generator runs on.
 * @return GPURNG_STATUS_SUCCESS; GPURNG_STATUS_NOT_INITIALIZED if @p generator is NULL;
 *         GPURNG_STATUS_NULL_POINTER if @p backend is NULL.
 */
GPURNG_API gpurngStatus_t gpurngGetBackend(gpurngGenerator_t generator, gpurngBackend_t *backend);

/**
 * Park-Miller entry points on a caller-held seed, without a generator: the classic ran0-style contract for
 * C and Fortran code that keeps its own seed. x' = multiplier * x mod (2^31 - 1), in exact integer
 * arithmetic; 16807 is the minimal standard (gfortran's IRAND), 48271 C++'s minstd_rand.
 */

/**
 * One step: *seed becomes multiplier * *seed mod (2^31 - 1); if @p uniform is not NULL it receives the new
 * seed / (2^31 - 1) (as GPURNG_RNG_PSEUDO_MINSTD's doubles).
 * @return GPURNG_STATUS_SUCCESS; GPURNG_STATUS_NULL_POINTER if @p seed is NULL;
 *         GPURNG_STATUS_OUT_OF_RANGE unless 2 <= multiplier <= 2^31 - 2 and 1 <= *seed <= 2^31 - 2
 *         (*seed unchanged).
 */
GPURNG_API gpurngStatus_t gpurngParkMillerNext(unsigned int multiplier, unsigned int *seed, double *uniform);

/**
 * The next @p num values of the stream after *seed: values[i] = x_{i+1}; *seed becomes x_num. @p values may be
 * host or device memory (device memory is filled on the GPU, host memory on CPU threads, each thread
 * starting where a modular power puts it).
 * @return as gpurngParkMillerNext, plus GPURNG_STATUS_NULL_POINTER if @p values is NULL and num > 0,
 *         GPURNG_STATUS_LAUNCH_FAILURE / GPURNG_STATUS_ALLOCATION_FAILED on CUDA errors (*seed unchanged).
 */
GPURNG_API gpurngStatus_t gpurngParkMillerFill(unsigned int multiplier, unsigned int *seed, unsigned int *values,
                                               size_t num);

/** As gpurngParkMillerFill, writing x_{i+1} / (2^31 - 1) as doubles. */
GPURNG_API gpurngStatus_t gpurngParkMillerFillUniformDouble(unsigned int multiplier, unsigned int *seed, double *values,
                                                            size_t num);

#ifdef __cplusplus
}
#endif

#endif /* GPURNG_H */
