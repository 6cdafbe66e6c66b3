// SPDX-License-Identifier: BSD-3-Clause
// Device API, XORWOW: cuRAND's curandStateXORWOW calls (curand_kernel.h, curand_uniform.h, curand_normal.h,
// curand_lognormal.h) on gpurngStateXORWOW_t, for device and host code alike.
//
// Every call takes cuRAND's raw words in cuRAND's order, so integers and uniforms equal cuRAND's everywhere;
// normals and log-normals follow the mode of gpurng/device/box_muller.hpp. The step, seeding, jumps and
// conversions are those of gpurng/engines/xorwow.hpp and gpurng/distributions/curand_outputs.hpp (the host
// API's); the jumps read the generated tables of xorwow_jump_tables.hpp, one 160x160 GF(2) matrix-vector
// product per set bit of the count.
#pragma once

#include <stdint.h>

#include "gpurng/device/box_muller.hpp"
#include "gpurng/device/normals.hpp"
#include "gpurng/device/states.hpp"
#include "gpurng/device/vector_types.hpp"
#include "gpurng/distributions/curand_outputs.hpp"
#include "gpurng/engines/xorwow.hpp"
#include "gpurng/hd.hpp"

/** Sets `state` to position subsequence * 2^67 + offset of the stream of `seed` (curand_init). The same state as
 *  cuRAND's for every argument; faster (one matrix-vector product per set bit of subsequence and offset). */
GPURNG_HD void gpurng_init(unsigned long long seed, unsigned long long subsequence, unsigned long long offset,
                           gpurngStateXORWOW_t* state) {
  const gpurng::xorwow::state s = gpurng::xorwow::init(seed, subsequence, offset);
  state->d = s.d;
  for (int k = 0; k < gpurng::xorwow::kWords; ++k) state->v[k] = s.v[k];
  state->boxmuller_flag = 0;
  state->boxmuller_flag_double = 0;
  state->boxmuller_extra = 0.0f;
  state->pad_ = 0;
  state->boxmuller_extra_double = 0.0;
}

/** The next 32 random bits (curand; `gpurng(state)` with gpurng_kernel.h). Equal to cuRAND. */
GPURNG_HD unsigned int gpurng_next(gpurngStateXORWOW_t* state) { return gpurng::xorwow::next(state->v, state->d); }

/** Uniform float in (0, 1], one word (curand_uniform). Equal to cuRAND. */
GPURNG_HD float gpurng_uniform(gpurngStateXORWOW_t* state) {
  return gpurng::curand_out::uniform_f32(gpurng_next(state));
}

/** Uniform double in (0, 1), two words x, y: (x ^ (y << 21)) * 2^-53 + 2^-54 (curand_uniform_double). Equal to
 *  cuRAND. */
GPURNG_HD double gpurng_uniform_double(gpurngStateXORWOW_t* state) {
  const uint32_t x = gpurng_next(state);
  const uint32_t y = gpurng_next(state);
  return gpurng::curand_out::uniform_f64_hq(x, y);
}

namespace gpurng {
namespace device {
using xorwow_draws = word_stream_draws<gpurngStateXORWOW_t>;  // two words a float pair, four a double pair
}  // namespace device
}  // namespace gpurng

/** Standard normal float; two words per pair, the second value cached in the state (curand_normal). Equal to
 *  cuRAND's device function in the cuRAND-device mode, to the host API in the portable mode. */
GPURNG_HD float gpurng_normal(gpurngStateXORWOW_t* state) {
  return gpurng::device::normal_cached<gpurng::device::xorwow_draws>(state);
}

/** Both values of a fresh pair, (sin, cos), two words; the cache is untouched (curand_normal2). Bits as
 *  gpurng_normal. */
GPURNG_HD gpurng_float2 gpurng_normal2(gpurngStateXORWOW_t* state) {
  return gpurng::device::normal_pair<gpurng::device::xorwow_draws>(state);
}

/** Standard normal double; four words per pair, the second cached (curand_normal_double). Bits as gpurng_normal. */
GPURNG_HD double gpurng_normal_double(gpurngStateXORWOW_t* state) {
  return gpurng::device::normal_double_cached<gpurng::device::xorwow_draws>(state);
}

/** Both doubles of a fresh pair, four words (curand_normal2_double). Bits as gpurng_normal. */
GPURNG_HD gpurng_double2 gpurng_normal2_double(gpurngStateXORWOW_t* state) {
  return gpurng::device::normal_pair_double<gpurng::device::xorwow_draws>(state);
}

/** exp(mean + stddev z) of a normal z, pairs cached as log-normals (curand_log_normal). Bits as gpurng_normal. */
GPURNG_HD float gpurng_log_normal(gpurngStateXORWOW_t* state, float mean, float stddev) {
  return gpurng::device::log_normal_cached<gpurng::device::xorwow_draws>(state, mean, stddev);
}

/** Both log-normals of a fresh pair (curand_log_normal2). Bits as gpurng_normal. */
GPURNG_HD gpurng_float2 gpurng_log_normal2(gpurngStateXORWOW_t* state, float mean, float stddev) {
  return gpurng::device::log_normal_pair<gpurng::device::xorwow_draws>(state, mean, stddev);
}

/** Log-normal double, second of the pair cached (curand_log_normal_double). Bits as gpurng_normal. */
GPURNG_HD double gpurng_log_normal_double(gpurngStateXORWOW_t* state, double mean, double stddev) {
  return gpurng::device::log_normal_double_cached<gpurng::device::xorwow_draws>(state, mean, stddev);
}

/** Both log-normal doubles of a fresh pair (curand_log_normal2_double). Bits as gpurng_normal. */
GPURNG_HD gpurng_double2 gpurng_log_normal2_double(gpurngStateXORWOW_t* state, double mean, double stddev) {
  return gpurng::device::log_normal_pair_double<gpurng::device::xorwow_draws>(state, mean, stddev);
}

/** Skips n words (skipahead). The same state as cuRAND's; the normal caches are kept, as cuRAND keeps them. */
GPURNG_HD void gpurng_skipahead(unsigned long long n, gpurngStateXORWOW_t* state) {
  gpurng::xorwow::skip(state->v, state->d, n);
}

/** Skips n subsequences of 2^67 words (skipahead_sequence). The same state as cuRAND's. */
GPURNG_HD void gpurng_skipahead_sequence(unsigned long long n, gpurngStateXORWOW_t* state) {
  gpurng::xorwow::skip_subsequence(state->v, n);
}
