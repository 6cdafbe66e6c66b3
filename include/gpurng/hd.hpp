// SPDX-License-Identifier: BSD-3-Clause
// GPURNG_HD marks functions that both backends compile: __host__ __device__ under nvcc, plain inline
// otherwise. Engines and fill primitives are written once with it, so the CPU and the GPU run the same
// text and produce the same numbers.
#pragma once

#if defined(__CUDACC__)
#define GPURNG_HD __host__ __device__ __forceinline__
#else
#define GPURNG_HD inline
#endif

// Unroll a loop with a compile-time trip count on the GPU (arrays indexed by it then stay in registers); the
// host compiler decides for itself.
#if defined(__CUDACC__)
#define GPURNG_UNROLL _Pragma("unroll")
#else
#define GPURNG_UNROLL
#endif

// Keep a loop rolled on the GPU: long loops over arrays a thread holds in local memory (RANMAR's 97-word
// windows) otherwise unroll into code whose register allocation spills.
#if defined(__CUDACC__)
#define GPURNG_NO_UNROLL _Pragma("unroll 1")
#else
#define GPURNG_NO_UNROLL
#endif
