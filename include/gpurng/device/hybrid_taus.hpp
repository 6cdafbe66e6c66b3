// SPDX-License-Identifier: BSD-3-Clause
// Device API, GPU Gems 3's hybrid Tausworthe generator (GPURNG_RNG_PSEUDO_HYBRID_TAUS; the step, seeding and
// jump of gpurng/engines/hybrid_taus.hpp, the host API's).
//
// Position model: subsequence t is the engine's stream t (seeded from splitmix64 at
// mix64(seed ^ mix64(0x4854415553000000 + t))), offset k its step k. The host API interleaves 65536 streams, so
// for t < 65536 the state gpurng_init(seed, t, k) draws first what the host API's gpurngGenerate writes at
// position k * 65536 + t; other t are streams the host API does not use. Integers and uniforms then equal the
// host API's. Normals: Box-Muller on two consecutive words of the thread's own stream (four for a double), the
// second value cached as cuRAND's XORWOW does (gpurng/device/normals.hpp); the host API pairs consecutive
// positions, which lie in different streams, so its normals are not a stream's pairs. Box-Muller follows the
// normal mode of gpurng/device/box_muller.hpp as XORWOW's does (in the cuRAND-device mode: the values cuRAND's
// device formulas give on these words).
// The jump reads the generated table gpurng/engines/hybrid_taus_jump_table.hpp: one 32x32 GF(2) product per
// component per set bit of the step count, plus an affine square-and-multiply for the LCG.
#pragma once

#include <stdint.h>

#include "gpurng/device/box_muller.hpp"
#include "gpurng/device/normals.hpp"
#include "gpurng/device/tables.hpp"
#include "gpurng/device/vector_types.hpp"
#include "gpurng/engines/hybrid_taus.hpp"
#include "gpurng/engines/hybrid_taus_jump_table.hpp"
#include "gpurng/hd.hpp"

/** The hybrid Tausworthe state: the three Tausworthe words and the LCG word, and cuRAND-style normal caches.
 *  ABI: 40 bytes, alignment 8 (GPURNG_KERNEL_API_VERSION). */
typedef struct gpurngStateHybridTaus {
  uint32_t z1, z2, z3, z4;
  int32_t boxmuller_flag, boxmuller_flag_double;
  float boxmuller_extra;
  uint32_t pad_;
  double boxmuller_extra_double;
} gpurngStateHybridTaus_t;
static_assert(sizeof(gpurngStateHybridTaus_t) == 40 && alignof(gpurngStateHybridTaus_t) == 8,
              "gpurngStateHybridTaus_t ABI");

/** Moves the state n steps on (skipahead): O(log n). */
GPURNG_HD void gpurng_skipahead(unsigned long long n, gpurngStateHybridTaus_t* state) {
  gpurng::hybrid_taus::state s{state->z1, state->z2, state->z3, state->z4};
  s = gpurng::hybrid_taus::skip_with(s, n, GPURNG_TABLE(gpurng::hybrid_taus::kHybridTausJump));
  state->z1 = s.z1;
  state->z2 = s.z2;
  state->z3 = s.z3;
  state->z4 = s.z4;
}

/** Sets `state` to step `offset` of stream `subsequence` of `seed` (see the top of this file). */
GPURNG_HD void gpurng_init(unsigned long long seed, unsigned long long subsequence, unsigned long long offset,
                           gpurngStateHybridTaus_t* state) {
  const gpurng::hybrid_taus::state s = gpurng::hybrid_taus::seed_stream(seed, subsequence);
  state->z1 = s.z1;
  state->z2 = s.z2;
  state->z3 = s.z3;
  state->z4 = s.z4;
  state->boxmuller_flag = 0;
  state->boxmuller_flag_double = 0;
  state->boxmuller_extra = 0.0f;
  state->pad_ = 0;
  state->boxmuller_extra_double = 0.0;
  if (offset != 0) gpurng_skipahead(offset, state);
}

/** The next 32-bit output x = z1 ^ z2 ^ z3 ^ z4. Equal to the host API's. */
GPURNG_HD unsigned int gpurng_next(gpurngStateHybridTaus_t* state) {
  gpurng::hybrid_taus::state s{state->z1, state->z2, state->z3, state->z4};
  const uint32_t x = gpurng::hybrid_taus::next(s);
  state->z1 = s.z1;
  state->z2 = s.z2;
  state->z3 = s.z3;
  state->z4 = s.z4;
  return x;
}

/** Uniform float (x >> 9) 2^-23 + 2^-24, exact (the host API's). */
GPURNG_HD float gpurng_uniform(gpurngStateHybridTaus_t* state) {
  return gpurng::hybrid_taus::to_float(gpurng_next(state));
}
/** Uniform double x 2^-32 + 2^-33, exact, one word (the host API's). */
GPURNG_HD double gpurng_uniform_double(gpurngStateHybridTaus_t* state) {
  return gpurng::hybrid_taus::to_double(gpurng_next(state));
}

namespace gpurng {
namespace device {
using hybrid_taus_draws = word_stream_draws<gpurngStateHybridTaus_t>;  // two words a float pair, four a double pair
}  // namespace device
}  // namespace gpurng

/** Standard normal float, two words per pair, the second cached. */
GPURNG_HD float gpurng_normal(gpurngStateHybridTaus_t* state) {
  return gpurng::device::normal_cached<gpurng::device::hybrid_taus_draws>(state);
}
/** Both values of a fresh pair (sin, cos); the cache untouched. */
GPURNG_HD gpurng_float2 gpurng_normal2(gpurngStateHybridTaus_t* state) {
  return gpurng::device::normal_pair<gpurng::device::hybrid_taus_draws>(state);
}
/** Standard normal double, four words per pair, the second cached. */
GPURNG_HD double gpurng_normal_double(gpurngStateHybridTaus_t* state) {
  return gpurng::device::normal_double_cached<gpurng::device::hybrid_taus_draws>(state);
}
/** Both values of a fresh double pair; the cache untouched. */
GPURNG_HD gpurng_double2 gpurng_normal2_double(gpurngStateHybridTaus_t* state) {
  return gpurng::device::normal_pair_double<gpurng::device::hybrid_taus_draws>(state);
}
/** exp(mean + stddev z) of a normal z, with the log-normal cache. */
GPURNG_HD float gpurng_log_normal(gpurngStateHybridTaus_t* state, float mean, float stddev) {
  return gpurng::device::log_normal_cached<gpurng::device::hybrid_taus_draws>(state, mean, stddev);
}
/** Double log-normal, with the log-normal cache. */
GPURNG_HD double gpurng_log_normal_double(gpurngStateHybridTaus_t* state, double mean, double stddev) {
  return gpurng::device::log_normal_double_cached<gpurng::device::hybrid_taus_draws>(state, mean, stddev);
}
