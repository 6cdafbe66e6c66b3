// SPDX-License-Identifier: BSD-3-Clause
// Device API, Park and Miller's minimal standard x' = a x mod (2^31 - 1) (GPURNG_RNG_PSEUDO_MINSTD with a = 16807,
// C++ minstd_rand0 and gfortran's IRAND; MINSTD48271 with a = 48271, minstd_rand), on gpurng/engines/minstd.hpp
// and the host API's conversions (gpurng/distributions/classic_outputs.hpp).
//
// Position model: the one stream of a seed (period 2^31 - 2, too short for subsequences): x_0 = seed mod
// (2^31 - 1) with 0 becoming 1, and number n of the stream is x_{n+1}, as the host API numbers it. A state set to
// offset k draws number k first, one modular power away (Langdon's GPU Park-Miller gives each thread its own
// stretch of the stream the same way). Integers and uniforms equal the host API's at the same numbers.
#pragma once

#include <stdint.h>

#include "gpurng/distributions/classic_outputs.hpp"
#include "gpurng/engines/minstd.hpp"
#include "gpurng/hd.hpp"

/** The Park-Miller state: the last value x and the multiplier a. ABI: 8 bytes, alignment 4. */
typedef struct gpurngStateParkMiller {
  uint32_t x, a;
} gpurngStateParkMiller_t;
static_assert(sizeof(gpurngStateParkMiller_t) == 8 && alignof(gpurngStateParkMiller_t) == 4,
              "gpurngStateParkMiller_t ABI");

/** Sets `state` to number `offset` of the stream of `seed` with multiplier `multiplier` (16807 or 48271; any
 *  a in 1..2^31-2 works, those two are the host API's engines). O(log offset). */
GPURNG_HD void gpurng_init_park_miller(unsigned int multiplier, unsigned long long seed, unsigned long long offset,
                                       gpurngStateParkMiller_t* state) {
  state->a = multiplier;
  state->x = gpurng::minstd::jump(multiplier, gpurng::minstd::state_from_seed(seed), offset);
}
/** The minimal standard (multiplier 16807) at number `offset` of the stream of `seed`. */
GPURNG_HD void gpurng_init(unsigned long long seed, unsigned long long offset, gpurngStateParkMiller_t* state) {
  gpurng_init_park_miller(16807u, seed, offset, state);
}

/** Moves the state n numbers on (skipahead). */
GPURNG_HD void gpurng_skipahead(unsigned long long n, gpurngStateParkMiller_t* state) {
  state->x = gpurng::minstd::jump(state->a, state->x, n);
}

/** The next value x in 1..2^31-2 (gpurngGenerate's). */
GPURNG_HD unsigned int gpurng_next(gpurngStateParkMiller_t* state) {
  state->x = gpurng::minstd::mulmod(state->a, state->x);
  return state->x;
}
/** x / (2^31 - 1), in (0, 1) (gpurngGenerateUniformDouble's). */
GPURNG_HD double gpurng_uniform_double(gpurngStateParkMiller_t* state) {
  return gpurng::classic::minstd_double(gpurng_next(state));
}
/** That double truncated toward zero to float, never 1.0f (gpurngGenerateUniform's). */
GPURNG_HD float gpurng_uniform(gpurngStateParkMiller_t* state) {
  return gpurng::classic::minstd_float(gpurng_next(state));
}
