/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file gpurng_kernel.h
 * @brief libgpurng's device API: cuRAND's curand_kernel.h calls for users' own kernels, header-only.
 *
 * C++17 / CUDA only (not a C header). Every call is `__host__ __device__` under nvcc and plain inline C++
 * otherwise, so the same text runs in a kernel and in CPU code. Engines: cuRAND's XORWOW, MRG32k3a and
 * Philox4_32_10 (with curand_poisson's gpurng_poisson) and Sobol' 32/64, plain and scrambled; the library's RANMAR,
 * RANMAR48, RANMAR48X, Park-Miller, GPU Gems 3's hybrid Tausworthe and the random-start permuted Halton sequence
 * (gpurng/device/<engine>.hpp documents each call; docs/DEVICE_API.md has the tables).
 *
 * Porting a cuRAND kernel: include this header instead of curand_kernel.h, rename `curand` to `gpurng` in every
 * identifier (curandStatePhilox4_32_10_t -> gpurngStatePhilox4_32_10_t, curand_init -> gpurng_init,
 * curand_uniform -> gpurng_uniform, curand(&s) -> gpurng(&s), ...) and `skipahead*` to `gpurng_skipahead*`.
 * `gpurng(&s)` is a function-like macro for gpurng_next(&s): C++ does not let a function share the name of the
 * library's namespace `gpurng`. Define GPURNG_KERNEL_NO_GPURNG_MACRO before including to do without it.
 *
 * Which bits equal cuRAND's (docs/DEVICE_API.md has the table):
 *  - integers and uniforms: always, on the GPU and the CPU, and the host API's fills at the positions its layout
 *    maps to;
 *  - normals and log-normals, default (portable) mode: the library's deterministic math, equal on the GPU and
 *    the CPU whatever the contraction flags, and equal to the host API's gpurngGenerateNormal / LogNormal;
 *  - with GPURNG_NORMALS_CURAND_DEVICE defined before this header: in code compiled for the GPU, cuRAND's device
 *    formulas and intrinsics, bit for bit equal to cuRAND's device functions; code compiled for the host still
 *    gets the portable numbers.
 *
 * The state structs are ABI (sizes and alignments fixed, GPURNG_KERNEL_API_VERSION); gpurngInitStates* below
 * fills arrays of them from the library in one call.
 */
#ifndef GPURNG_KERNEL_H
#define GPURNG_KERNEL_H

#ifndef __cplusplus
#error "gpurng_kernel.h is a C++ (CUDA C++) header; C programs use gpurng.h"
#endif

#include <stddef.h>

#include "gpurng.h"
#include "gpurng/device/halton_rasrap.hpp"
#include "gpurng/device/hybrid_taus.hpp"
#include "gpurng/device/mrg32k3a.hpp"
#include "gpurng/device/park_miller.hpp"
#include "gpurng/device/philox.hpp"
#include "gpurng/device/poisson.hpp"
#include "gpurng/device/ranmar.hpp"
#include "gpurng/device/sobol.hpp"
#include "gpurng/device/states.hpp"
#include "gpurng/device/xorwow.hpp"

extern "C" {

/**
 * Initialises count states: states[i] = gpurng_init(seed, first_subsequence + i, offset), i < count, the same
 * states as cuRAND's curand_init would give (each engine's gpurng_init says where they coincide).
 *
 * `states` may be device memory: then the work is queued on `stream` (a cudaStream_t; NULL = the legacy default
 * stream) of the current device and the call returns without waiting. Host memory: CPU threads, done on return.
 * XORWOW's device path builds the states by doubling passes from one initialised state, through nibble tables of
 * the jump matrices in shared memory; the first call with device memory on a device uploads those tables (800 KB,
 * synchronously: the only allocation and synchronisation), later calls neither allocate nor synchronise, so they
 * can be captured in a CUDA graph. MRG32k3a equals curand_init for subsequences below 2^51 (beyond, cuRAND's state
 * collapses to zeros; this one jumps exactly).
 *
 * @return GPURNG_STATUS_SUCCESS (also for count 0, whatever states is); GPURNG_STATUS_NULL_POINTER (states NULL);
 *         GPURNG_STATUS_OUT_OF_RANGE (first_subsequence + count - 1 overflows 64 bits, or the byte size is too
 *         large); GPURNG_STATUS_INITIALIZATION_FAILED (device memory the library cannot reach: no CUDA backend in
 *         this build, or no usable driver); GPURNG_STATUS_ALLOCATION_FAILED (the XORWOW tables cannot be
 *         allocated on the device); GPURNG_STATUS_LAUNCH_FAILURE (a CUDA error, e.g. no kernel image for this
 *         GPU); GPURNG_STATUS_INVALID_VALUE (host memory and an unusable GPURNG_THREADS setting).
 */
GPURNG_API gpurngStatus_t gpurngInitStatesXORWOW(gpurngStateXORWOW_t *states, size_t count, unsigned long long seed,
                                                 unsigned long long first_subsequence, unsigned long long offset,
                                                 gpurngCudaStream_t stream);
/** gpurngInitStatesXORWOW for MRG32k3a states (subsequences 2^76 apart). */
GPURNG_API gpurngStatus_t gpurngInitStatesMRG32k3a(gpurngStateMRG32k3a_t *states, size_t count, unsigned long long seed,
                                                   unsigned long long first_subsequence, unsigned long long offset,
                                                   gpurngCudaStream_t stream);
/** gpurngInitStatesXORWOW for Philox4_32_10 states (subsequences 2^66 apart). */
GPURNG_API gpurngStatus_t gpurngInitStatesPhilox4_32_10(gpurngStatePhilox4_32_10_t *states, size_t count,
                                                        unsigned long long seed, unsigned long long first_subsequence,
                                                        unsigned long long offset, gpurngCudaStream_t stream);

}  // extern "C"

#ifndef GPURNG_KERNEL_NO_GPURNG_MACRO
/** cuRAND's `curand(state)`: the next 32 bits of any device-API state (gpurng_next). */
#define gpurng(state) gpurng_next(state)
#endif

#endif /* GPURNG_KERNEL_H */
