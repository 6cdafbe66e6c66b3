// SPDX-License-Identifier: BSD-3-Clause
// Device API, MRG32k3a: cuRAND's curandStateMRG32k3a calls on gpurngStateMRG32k3a_t, for device and host code.
//
// One step gives z in [1, m1] (gpurng/engines/mrg32k3a.hpp); every output is a conversion of z as cuRAND writes
// it: bits (unsigned)(z * 1.000000048662), uniform float (float)(z / m1), uniform double z / m1, normals
// Box-Muller on two such uniforms (gpurng/device/box_muller.hpp, either mode). Jumps read the generated
// windowed powers of mrg32k3a_jump_tables.hpp: one 3x3 matrix-vector product per component and nonzero
// hexadecimal digit of the count.
#pragma once

#include <stdint.h>

#include "gpurng/device/box_muller.hpp"
#include "gpurng/device/normals.hpp"
#include "gpurng/device/states.hpp"
#include "gpurng/device/vector_types.hpp"
#include "gpurng/engines/mrg32k3a.hpp"
#include "gpurng/hd.hpp"

namespace gpurng {
namespace device {
// One step of the state's two components: z in [1, m1].
GPURNG_HD uint32_t mrg32k3a_step(gpurngStateMRG32k3a_t* st) { return mrg32k3a::next(st->s1, st->s2); }
}  // namespace device
}  // namespace gpurng

/** Sets `state` to position subsequence * 2^76 + offset of the stream of `seed` (curand_init). The same state as
 *  cuRAND's for subsequence < 2^51; from 2^51 on cuRAND's jump table holds zero matrices and its state collapses
 *  to all zeros, while this is the exact jump for every 64-bit subsequence (docs/DEVICE_API.md). Much faster than
 *  cuRAND's: at most 16 + 16 matrix-vector products per component, no matrix products. */
GPURNG_HD void gpurng_init(unsigned long long seed, unsigned long long subsequence, unsigned long long offset,
                           gpurngStateMRG32k3a_t* state) {
  const gpurng::mrg32k3a::state s = gpurng::mrg32k3a::init(seed, subsequence, offset);
  for (int k = 0; k < 3; ++k) {
    state->s1[k] = s.s1[k];
    state->s2[k] = s.s2[k];
  }
  state->boxmuller_flag = 0;
  state->boxmuller_flag_double = 0;
  state->boxmuller_extra = 0.0f;
  state->pad_ = 0;
  state->boxmuller_extra_double = 0.0;
}

/** 32 random bits, (unsigned)(z * 1.000000048662) (curand; `gpurng(state)` with gpurng_kernel.h). Equal to cuRAND. */
GPURNG_HD unsigned int gpurng_next(gpurngStateMRG32k3a_t* state) {
  return gpurng::mrg32k3a::bits_of(gpurng::device::mrg32k3a_step(state));
}

/** Uniform float in (0, 1], (float)(z / m1) (curand_uniform). Equal to cuRAND. */
GPURNG_HD float gpurng_uniform(gpurngStateMRG32k3a_t* state) {
  return gpurng::mrg32k3a::uniform_float(gpurng::device::mrg32k3a_step(state));
}

/** Uniform double in (0, 1], z / m1, one step (curand_uniform_double). Equal to cuRAND. */
GPURNG_HD double gpurng_uniform_double(gpurngStateMRG32k3a_t* state) {
  return gpurng::mrg32k3a::uniform_double(gpurng::device::mrg32k3a_step(state));
}

namespace gpurng {
namespace device {
// MRG32k3a's Box-Muller words: two steps per pair, float or double.
struct mrg32k3a_draws {
  static GPURNG_HD f32x2 pair_f32(gpurngStateMRG32k3a_t* st) {
    const uint32_t z0 = mrg32k3a_step(st);
    const uint32_t z1 = mrg32k3a_step(st);
    return box_muller_mrg(z0, z1);
  }
  static GPURNG_HD f64x2 pair_f64(gpurngStateMRG32k3a_t* st) {
    const uint32_t z0 = mrg32k3a_step(st);
    const uint32_t z1 = mrg32k3a_step(st);
    return box_muller_mrg_double(z0, z1);
  }
};
}  // namespace device
}  // namespace gpurng

/** Standard normal float; two steps per pair, the second value cached (curand_normal). Equal to cuRAND's device
 *  function in the cuRAND-device mode, to the host API in the portable mode. */
GPURNG_HD float gpurng_normal(gpurngStateMRG32k3a_t* state) {
  return gpurng::device::normal_cached<gpurng::device::mrg32k3a_draws>(state);
}

/** Both values of a fresh pair, (sin, cos); the cache is untouched (curand_normal2). Bits as gpurng_normal. */
GPURNG_HD gpurng_float2 gpurng_normal2(gpurngStateMRG32k3a_t* state) {
  return gpurng::device::normal_pair<gpurng::device::mrg32k3a_draws>(state);
}

/** Standard normal double; two steps per pair, the second cached (curand_normal_double). Bits as gpurng_normal. */
GPURNG_HD double gpurng_normal_double(gpurngStateMRG32k3a_t* state) {
  return gpurng::device::normal_double_cached<gpurng::device::mrg32k3a_draws>(state);
}

/** Both doubles of a fresh pair (curand_normal2_double). Bits as gpurng_normal. */
GPURNG_HD gpurng_double2 gpurng_normal2_double(gpurngStateMRG32k3a_t* state) {
  return gpurng::device::normal_pair_double<gpurng::device::mrg32k3a_draws>(state);
}

/** exp(mean + stddev z) of a normal z, pairs cached as log-normals (curand_log_normal). Bits as gpurng_normal. */
GPURNG_HD float gpurng_log_normal(gpurngStateMRG32k3a_t* state, float mean, float stddev) {
  return gpurng::device::log_normal_cached<gpurng::device::mrg32k3a_draws>(state, mean, stddev);
}

/** Both log-normals of a fresh pair (curand_log_normal2). Bits as gpurng_normal. */
GPURNG_HD gpurng_float2 gpurng_log_normal2(gpurngStateMRG32k3a_t* state, float mean, float stddev) {
  return gpurng::device::log_normal_pair<gpurng::device::mrg32k3a_draws>(state, mean, stddev);
}

/** Log-normal double, second of the pair cached (curand_log_normal_double). Bits as gpurng_normal. */
GPURNG_HD double gpurng_log_normal_double(gpurngStateMRG32k3a_t* state, double mean, double stddev) {
  return gpurng::device::log_normal_double_cached<gpurng::device::mrg32k3a_draws>(state, mean, stddev);
}

/** Both log-normal doubles of a fresh pair (curand_log_normal2_double). Bits as gpurng_normal. */
GPURNG_HD gpurng_double2 gpurng_log_normal2_double(gpurngStateMRG32k3a_t* state, double mean, double stddev) {
  return gpurng::device::log_normal_pair_double<gpurng::device::mrg32k3a_draws>(state, mean, stddev);
}

/** Skips n steps (skipahead). The same state as cuRAND's; the normal caches are kept, as cuRAND keeps them. */
GPURNG_HD void gpurng_skipahead(unsigned long long n, gpurngStateMRG32k3a_t* state) {
  gpurng::mrg32k3a::table_jump(state->s1, state->s2, n, gpurng::mrg32k3a::kStrideOne);
}

/** Skips n subsequences of 2^76 steps (skipahead_subsequence). The same state as cuRAND's for n < 2^51, the exact
 *  jump beyond (as gpurng_init). */
GPURNG_HD void gpurng_skipahead_subsequence(unsigned long long n, gpurngStateMRG32k3a_t* state) {
  gpurng::mrg32k3a::table_jump(state->s1, state->s2, n, gpurng::mrg32k3a::kStrideSubsequence);
}

/** Skips n sequences of 2^127 steps (skipahead_sequence). The same state as cuRAND's. */
GPURNG_HD void gpurng_skipahead_sequence(unsigned long long n, gpurngStateMRG32k3a_t* state) {
  gpurng::mrg32k3a::table_jump(state->s1, state->s2, n, gpurng::mrg32k3a::kStrideSequence);
}
