// SPDX-License-Identifier: BSD-3-Clause
// Device API: cuRAND's Sobol' states (curandStateSobol32/64 and their scrambled forms) and draws, on the point
// definition of gpurng/engines/sobol.hpp.
//
// A state holds one dimension's direction numbers (32 or 64 words, from gpurngGetDirectionVectors32/64: the
// same numbers as curandGetDirectionVectors32/64), its scramble constant c (0 for the plain sets, from
// gpurngGetScrambleConstants32/64 otherwise), the index i of the next point and that point x. As cuRAND:
//   gpurng_init(v, [c,] offset, &s): i = offset, x = point offset (c XOR the direction numbers of gray(i));
//   gpurng(&s): returns x, then x ^= v[ctz(~i)] (v[B-1] when i is all ones, where the index wraps), i += 1;
//   gpurng_skipahead(n, &s): i += n (wrapping at 2^B), x recomputed.
// Point i of dimension d is the host API's value of dimension d at position i (gpurng.h's Sobol' layout:
// a call writes n/D points of each dimension, dimension-major), so a kernel where thread t of dimension d
// draws from gpurng_init(v_d, [c_d,] t, ...) reproduces the host API's fill element for element.
// Outputs: uniform (0, 1] x * 2^-32 + 2^-33 (64-bit: its top 32 bits); uniform double x * 2^-32 + 2^-32
// (64-bit: (x >> 11) * 2^-53 + 2^-54); normals by the inverse CDF. The portable normals are those of the host
// API (pmath's erfcinv, the same bits on CPU and GPU, equal to cuRAND's on all but a handful of inputs);
// with GPURNG_NORMALS_CURAND_DEVICE defined, device code computes them as cuRAND's device functions do
// (CUDA's erfcinvf / erfcinv / expf / exp), bit for bit.
#pragma once

#include <stdint.h>

#include "gpurng/device/box_muller.hpp"
#include "gpurng/engines/sobol.hpp"
#include "gpurng/hd.hpp"

// The states are ABI (their sizes and alignments are checked below; gpurng_kernel.h's
// GPURNG_KERNEL_API_VERSION changes whenever one does). The same sizes as cuRAND's, so buffers sized for one
// fit the other.
typedef struct gpurngStateSobol32 {
  uint32_t i, x, c;
  uint32_t direction_vectors[32];
} gpurngStateSobol32_t;
typedef struct gpurngStateScrambledSobol32 {
  uint32_t i, x, c;
  uint32_t direction_vectors[32];
} gpurngStateScrambledSobol32_t;
typedef struct gpurngStateSobol64 {
  unsigned long long i, x, c;
  unsigned long long direction_vectors[64];
} gpurngStateSobol64_t;
typedef struct gpurngStateScrambledSobol64 {
  unsigned long long i, x, c;
  unsigned long long direction_vectors[64];
} gpurngStateScrambledSobol64_t;

static_assert(sizeof(gpurngStateSobol32_t) == 140 && alignof(gpurngStateSobol32_t) == 4, "ABI");
static_assert(sizeof(gpurngStateScrambledSobol32_t) == 140 && alignof(gpurngStateScrambledSobol32_t) == 4, "ABI");
static_assert(sizeof(gpurngStateSobol64_t) == 536 && alignof(gpurngStateSobol64_t) == 8, "ABI");
static_assert(sizeof(gpurngStateScrambledSobol64_t) == 536 && alignof(gpurngStateScrambledSobol64_t) == 8, "ABI");

namespace gpurng {
namespace device_sobol {

template <typename S>
struct word_of {
  typedef decltype(S::x) type;
};

// Re-derive x from i (skipahead and init): the point of the one definition.
template <typename S>
GPURNG_HD void place(S* s) {
  typedef typename word_of<S>::type W;
  s->x = sobol::point<W>(s->direction_vectors, s->c, s->i);
}

template <typename S>
GPURNG_HD typename word_of<S>::type draw(S* s) {
  typedef typename word_of<S>::type W;
  const W out = s->x;
  s->x = sobol::next_point<W>(s->direction_vectors, s->x, s->i);
  s->i = static_cast<W>(s->i + 1);
  return out;
}

template <typename S, typename V>
GPURNG_HD void init(const V* direction_vectors, typename word_of<S>::type c, uint64_t offset, S* s) {
  constexpr int kBits = 8 * sizeof(typename word_of<S>::type);
  for (int k = 0; k < kBits; ++k) s->direction_vectors[k] = direction_vectors[k];
  s->c = c;
  s->i = static_cast<typename word_of<S>::type>(offset);
  place(s);
}

// The inverse-CDF normal of one point, portable or (device code in cuRAND-device mode) cuRAND's own.
template <typename W>
GPURNG_HD float normal_float(W x) {
#if GPURNG_DEVICE_NORMALS_CURAND
  return curand_formulas::sobol_normal_float<curand_formulas::AsWritten>(x);
#else
  return sobol::normal_float(x);
#endif
}
template <typename W>
GPURNG_HD double normal_double(W x) {
#if GPURNG_DEVICE_NORMALS_CURAND
  return curand_formulas::sobol_normal_double<curand_formulas::AsWritten>(x);
#else
  return sobol::normal_double(x);
#endif
}
}  // namespace device_sobol
}  // namespace gpurng

// ---- the calls, overloaded on the four state types ----------------------------------------------------------

/** Sets up `state` at point `offset` of the dimension whose 32 direction numbers are `direction_vectors`
 *  (curand_init(curandDirectionVectors32_t, offset, state)). */
GPURNG_HD void gpurng_init(const unsigned int* direction_vectors, unsigned int offset, gpurngStateSobol32_t* state) {
  gpurng::device_sobol::init(direction_vectors, 0u, offset, state);
}
/** Scrambled Sobol32: as above with the dimension's scramble constant (curand_init(v, scramble_c, offset, s)). */
GPURNG_HD void gpurng_init(const unsigned int* direction_vectors, unsigned int scramble_c, unsigned int offset,
                           gpurngStateScrambledSobol32_t* state) {
  gpurng::device_sobol::init(direction_vectors, scramble_c, offset, state);
}
/** Sobol64 (curand_init(curandDirectionVectors64_t, offset, state)). */
GPURNG_HD void gpurng_init(const unsigned long long* direction_vectors, unsigned long long offset,
                           gpurngStateSobol64_t* state) {
  gpurng::device_sobol::init(direction_vectors, 0ull, offset, state);
}
/** Scrambled Sobol64 (curand_init(v, scramble_c, offset, state)). */
GPURNG_HD void gpurng_init(const unsigned long long* direction_vectors, unsigned long long scramble_c,
                           unsigned long long offset, gpurngStateScrambledSobol64_t* state) {
  gpurng::device_sobol::init(direction_vectors, scramble_c, offset, state);
}

#define GPURNG_SOBOL_CALLS(State, Word)                                                                         \
  /** The next point's word (cuRAND: curand; the library namespace gpurng takes the bare name). Equal to cuRAND \
   * everywhere. */                                                                                             \
  GPURNG_HD Word gpurng_next(State* state) { return gpurng::device_sobol::draw(state); }                        \
  /** Uniform in (0, 1] (curand_uniform). Equal to cuRAND everywhere. */                                        \
  GPURNG_HD float gpurng_uniform(State* state) {                                                                \
    return gpurng::sobol::uniform_float(gpurng::device_sobol::draw(state));                                     \
  }                                                                                                             \
  /** Uniform double (curand_uniform_double). Equal to cuRAND everywhere. */                                    \
  GPURNG_HD double gpurng_uniform_double(State* state) {                                                        \
    return gpurng::sobol::uniform_double(gpurng::device_sobol::draw(state));                                    \
  }                                                                                                             \
  /** Standard normal by the inverse CDF (curand_normal): portable, or cuRAND's bits in cuRAND-device           \
   *  mode on the GPU. */                                                                                       \
  GPURNG_HD float gpurng_normal(State* state) {                                                                 \
    return gpurng::device_sobol::normal_float(gpurng::device_sobol::draw(state));                               \
  }                                                                                                             \
  /** Double normal by the inverse CDF (curand_normal_double); modes as gpurng_normal. */                       \
  GPURNG_HD double gpurng_normal_double(State* state) {                                                         \
    return gpurng::device_sobol::normal_double(gpurng::device_sobol::draw(state));                              \
  }                                                                                                             \
  /** exp(mean + stddev * normal) (curand_log_normal); modes as gpurng_normal. */                               \
  GPURNG_HD float gpurng_log_normal(State* state, float mean, float stddev) {                                   \
    return gpurng::device::log_normal(gpurng_normal(state), mean, stddev);                                      \
  }                                                                                                             \
  /** Double log-normal (curand_log_normal_double); modes as gpurng_normal. */                                  \
  GPURNG_HD double gpurng_log_normal_double(State* state, double mean, double stddev) {                         \
    return gpurng::device::log_normal(gpurng_normal_double(state), mean, stddev);                               \
  }                                                                                                             \
  /** Moves the state n points on (skipahead), wrapping at 2^B as cuRAND. */                                    \
  GPURNG_HD void gpurng_skipahead(Word n, State* state) {                                                       \
    state->i = static_cast<Word>(state->i + n);                                                                 \
    gpurng::device_sobol::place(state);                                                                         \
  }

GPURNG_SOBOL_CALLS(gpurngStateSobol32_t, unsigned int)
GPURNG_SOBOL_CALLS(gpurngStateScrambledSobol32_t, unsigned int)
GPURNG_SOBOL_CALLS(gpurngStateSobol64_t, unsigned long long)
GPURNG_SOBOL_CALLS(gpurngStateScrambledSobol64_t, unsigned long long)
#undef GPURNG_SOBOL_CALLS
