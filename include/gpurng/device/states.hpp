// SPDX-License-Identifier: BSD-3-Clause
// The device API's generator states for XORWOW, MRG32k3a and Philox4_32_10 (include/gpurng_kernel.h).
//
// They are ABI: users keep arrays of them in device memory, and gpurngInitStates* fills such arrays from the
// library, so their layouts must not change without GPURNG_KERNEL_API_VERSION changing with them. Plain C layout,
// fixed-width fields, no CUDA vector types (host C++ compiles them too). Each has the size of the cuRAND state it
// replaces (curandStateXORWOW 48, curandStateMRG32k3a 48, curandStatePhilox4_32_10 64 bytes), so a buffer sized
// for one fits the other, and the alignment too (8; Philox 16, as cuRAND's uint4 members give it: its counter
// and block then move with 16-byte loads and stores).
//
// The normal cache is cuRAND's: boxmuller_flag (float) and boxmuller_flag_double (double) are 0 (empty),
// 1 (boxmuller_extra holds a normal) or 2 (it holds a log-normal); see gpurng/device/normals.hpp.
#pragma once

#include <stddef.h>
#include <stdint.h>

/** The ABI version of the state structs below: bumped whenever one of them changes. */
#define GPURNG_KERNEL_API_VERSION 1

/** XORWOW (cuRAND's curandStateXORWOW_t): Weyl counter d, xorshift words v, the normal caches. */
typedef struct gpurngStateXORWOW {
  uint32_t d, v[5];
  int32_t boxmuller_flag, boxmuller_flag_double;
  float boxmuller_extra;
  uint32_t pad_; /* explicit: the double below is 8-aligned */
  double boxmuller_extra_double;
} gpurngStateXORWOW_t;

/** MRG32k3a (cuRAND's curandStateMRG32k3a_t): the two components, oldest word first, the normal caches. */
typedef struct gpurngStateMRG32k3a {
  uint32_t s1[3], s2[3];
  int32_t boxmuller_flag, boxmuller_flag_double;
  float boxmuller_extra;
  uint32_t pad_;
  double boxmuller_extra_double;
} gpurngStateMRG32k3a_t;

/** Philox4_32_10 (cuRAND's curandStatePhilox4_32_10_t): 128-bit counter ctr (word 0 lowest), the block
 *  output[] of that counter, the key, index = the lane the next draw returns (cuRAND's STATE, 0..3), the
 *  normal caches. */
typedef struct alignas(16) gpurngStatePhilox4_32_10 {
  uint32_t ctr[4], output[4], key[2], index;
  int32_t boxmuller_flag, boxmuller_flag_double;
  float boxmuller_extra;
  double boxmuller_extra_double;
} gpurngStatePhilox4_32_10_t;

static_assert(sizeof(gpurngStateXORWOW_t) == 48 && alignof(gpurngStateXORWOW_t) == 8, "gpurngStateXORWOW_t ABI");
static_assert(sizeof(gpurngStateMRG32k3a_t) == 48 && alignof(gpurngStateMRG32k3a_t) == 8, "gpurngStateMRG32k3a_t ABI");
static_assert(sizeof(gpurngStatePhilox4_32_10_t) == 64 && alignof(gpurngStatePhilox4_32_10_t) == 16,
              "gpurngStatePhilox4_32_10_t ABI");
// Field offsets that make the sizes what they are (the same as cuRAND's fields).
static_assert(offsetof(gpurngStateXORWOW_t, boxmuller_extra_double) == 40, "gpurngStateXORWOW_t ABI");
static_assert(offsetof(gpurngStateMRG32k3a_t, boxmuller_extra_double) == 40, "gpurngStateMRG32k3a_t ABI");
static_assert(offsetof(gpurngStatePhilox4_32_10_t, index) == 40 &&
                  offsetof(gpurngStatePhilox4_32_10_t, boxmuller_extra_double) == 56,
              "gpurngStatePhilox4_32_10_t ABI");
