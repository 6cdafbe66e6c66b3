// SPDX-License-Identifier: BSD-3-Clause
// Device API, Philox4_32_10: cuRAND's curandStatePhilox4_32_10 calls on gpurngStatePhilox4_32_10_t, for device
// and host code.
//
// The state holds the 128-bit counter, the block output[] = Philox4x32-10(counter, key) and index, the lane the
// next single draw returns. As cuRAND: a single draw returns output[index] and, after lane 3, moves to the next
// counter; gpurng4 returns the four words from index on (the last ones from the next block) and always moves
// one counter. Counter arithmetic is cuRAND's (gpurng/engines/philox.hpp: counter_add and friends).
#pragma once

#include <stdint.h>

#include "gpurng/device/box_muller.hpp"
#include "gpurng/device/normals.hpp"
#include "gpurng/device/states.hpp"
#include "gpurng/device/vector_types.hpp"
#include "gpurng/distributions/curand_outputs.hpp"
#include "gpurng/engines/philox.hpp"
#include "gpurng/hd.hpp"

namespace gpurng {
namespace device {

// output[] <- the block of the state's counter.
GPURNG_HD void philox_refresh(gpurngStatePhilox4_32_10_t* st) {
  const philox::u32x4 c = {{st->ctr[0], st->ctr[1], st->ctr[2], st->ctr[3]}};
  const philox::u32x4 o = philox::block<10>(c, {st->key[0], st->key[1]});
  for (int i = 0; i < 4; ++i) st->output[i] = o.w[i];
}

// output[i] by selects, not by indexing: a state kept in registers stays there (an indexed array would go to
// local memory). Lane 0 for any other i, as cuRAND's switch.
GPURNG_HD uint32_t philox_lane(const gpurngStatePhilox4_32_10_t* st, uint32_t i) {
  return i == 1 ? st->output[1] : i == 2 ? st->output[2] : i == 3 ? st->output[3] : st->output[0];
}

}  // namespace device
}  // namespace gpurng

/** Sets `state` to output subsequence * 2^66 + offset of the stream of `seed` (curand_init): key = seed,
 *  counter (offset / 4, subsequence) as two 64-bit halves, lane offset % 4. The same state as cuRAND's. */
GPURNG_HD void gpurng_init(unsigned long long seed, unsigned long long subsequence, unsigned long long offset,
                           gpurngStatePhilox4_32_10_t* state) {
  // Built in a local and stored whole: the state often lives in global memory, and one struct assignment moves
  // it as 16-byte words (its alignment) instead of a store per field and a reload of the counter.
  gpurngStatePhilox4_32_10_t s;
  const gpurng::philox::u32x4 c = gpurng::philox::counter_of(subsequence, offset >> 2);
  for (int i = 0; i < 4; ++i) s.ctr[i] = c.w[i];
  const gpurng::philox::key2 k = gpurng::philox::key_of_seed(seed);
  s.key[0] = k.k0;
  s.key[1] = k.k1;
  s.index = static_cast<uint32_t>(offset & 3u);
  s.boxmuller_flag = 0;
  s.boxmuller_flag_double = 0;
  s.boxmuller_extra = 0.0f;
  s.boxmuller_extra_double = 0.0;
  gpurng::device::philox_refresh(&s);
  *state = s;
}

/** The next 32 random bits (curand; `gpurng(state)` with gpurng_kernel.h). Equal to cuRAND. */
GPURNG_HD unsigned int gpurng_next(gpurngStatePhilox4_32_10_t* state) {
  const uint32_t r = gpurng::device::philox_lane(state, state->index);
  if (++state->index == 4) {
    gpurng::philox::counter_increment(state->ctr);
    gpurng::device::philox_refresh(state);
    state->index = 0;
  }
  return r;
}

/** The next four words, lanes index..3 of this block then lanes of the next (curand4). Equal to cuRAND. */
GPURNG_HD gpurng_uint4 gpurng4(gpurngStatePhilox4_32_10_t* state) {
  const gpurng_uint4 t = {state->output[0], state->output[1], state->output[2], state->output[3]};
  gpurng::philox::counter_increment(state->ctr);
  gpurng::device::philox_refresh(state);
  const uint32_t* n = state->output;
  switch (state->index) {
    case 1:
      return {t.y, t.z, t.w, n[0]};
    case 2:
      return {t.z, t.w, n[0], n[1]};
    case 3:
      return {t.w, n[0], n[1], n[2]};
    default:
      return t;
  }
}

/** Uniform float in (0, 1], one word (curand_uniform). Equal to cuRAND. */
GPURNG_HD float gpurng_uniform(gpurngStatePhilox4_32_10_t* state) {
  return gpurng::curand_out::uniform_f32(gpurng_next(state));
}

/** Four uniform floats from gpurng4 (curand_uniform4). Equal to cuRAND. */
GPURNG_HD gpurng_float4 gpurng_uniform4(gpurngStatePhilox4_32_10_t* state) {
  const gpurng_uint4 r = gpurng4(state);
  using gpurng::curand_out::uniform_f32;
  return {uniform_f32(r.x), uniform_f32(r.y), uniform_f32(r.z), uniform_f32(r.w)};
}

/** Uniform double in (0, 1] from ONE word, x * 2^-32 + 2^-32, as cuRAND's curand_uniform_double does for Philox
 *  (32 bits of resolution; the host API's doubles are gpurng_uniform2_double's). Equal to cuRAND. */
GPURNG_HD double gpurng_uniform_double(gpurngStatePhilox4_32_10_t* state) {
  return gpurng::curand_out::uniform_f64_32(gpurng_next(state));
}

/** Two uniform doubles in (0, 1) with 53 bits each, from gpurng4: hq(x, y), hq(z, w) (curand_uniform2_double).
 *  Equal to cuRAND and to the host API's gpurngGenerateUniformDouble. */
GPURNG_HD gpurng_double2 gpurng_uniform2_double(gpurngStatePhilox4_32_10_t* state) {
  const gpurng_uint4 r = gpurng4(state);
  return {gpurng::curand_out::uniform_f64_hq(r.x, r.y), gpurng::curand_out::uniform_f64_hq(r.z, r.w)};
}

namespace gpurng {
namespace device {
// Philox's Box-Muller words: two single draws for a float pair, gpurng4 for a double pair (as cuRAND).
struct philox_draws {
  static GPURNG_HD f32x2 pair_f32(gpurngStatePhilox4_32_10_t* st) {
    const uint32_t x = ::gpurng_next(st);
    const uint32_t y = ::gpurng_next(st);
    return box_muller(x, y);
  }
  static GPURNG_HD f64x2 pair_f64(gpurngStatePhilox4_32_10_t* st) {
    const gpurng_uint4 r = ::gpurng4(st);
    return box_muller(r.x, r.y, r.z, r.w);
  }
};
}  // namespace device
}  // namespace gpurng

/** Standard normal float; two words per pair, the second value cached (curand_normal). Equal to cuRAND's device
 *  function in the cuRAND-device mode, to the host API in the portable mode. */
GPURNG_HD float gpurng_normal(gpurngStatePhilox4_32_10_t* state) {
  return gpurng::device::normal_cached<gpurng::device::philox_draws>(state);
}

/** Both values of a fresh pair, (sin, cos), two words; the cache is untouched (curand_normal2). Bits as
 *  gpurng_normal. */
GPURNG_HD gpurng_float2 gpurng_normal2(gpurngStatePhilox4_32_10_t* state) {
  return gpurng::device::normal_pair<gpurng::device::philox_draws>(state);
}

/** Four normals from gpurng4: the pairs of (x, y) and (z, w) (curand_normal4). Bits as gpurng_normal. */
GPURNG_HD gpurng_float4 gpurng_normal4(gpurngStatePhilox4_32_10_t* state) {
  const gpurng_uint4 r = gpurng4(state);
  const gpurng::device::f32x2 a = gpurng::device::box_muller(r.x, r.y);
  const gpurng::device::f32x2 b = gpurng::device::box_muller(r.z, r.w);
  return {a.s, a.c, b.s, b.c};
}

/** Standard normal double from gpurng4, the second cached (curand_normal_double). Bits as gpurng_normal. */
GPURNG_HD double gpurng_normal_double(gpurngStatePhilox4_32_10_t* state) {
  return gpurng::device::normal_double_cached<gpurng::device::philox_draws>(state);
}

/** Both doubles of the pair of gpurng4 (curand_normal2_double). Bits as gpurng_normal. */
GPURNG_HD gpurng_double2 gpurng_normal2_double(gpurngStatePhilox4_32_10_t* state) {
  return gpurng::device::normal_pair_double<gpurng::device::philox_draws>(state);
}

/** exp(mean + stddev z) of a normal z, pairs cached as log-normals (curand_log_normal). Bits as gpurng_normal. */
GPURNG_HD float gpurng_log_normal(gpurngStatePhilox4_32_10_t* state, float mean, float stddev) {
  return gpurng::device::log_normal_cached<gpurng::device::philox_draws>(state, mean, stddev);
}

/** Both log-normals of a fresh pair (curand_log_normal2). Bits as gpurng_normal. */
GPURNG_HD gpurng_float2 gpurng_log_normal2(gpurngStatePhilox4_32_10_t* state, float mean, float stddev) {
  return gpurng::device::log_normal_pair<gpurng::device::philox_draws>(state, mean, stddev);
}

/** Four log-normals from gpurng4 (curand_log_normal4). Bits as gpurng_normal. */
GPURNG_HD gpurng_float4 gpurng_log_normal4(gpurngStatePhilox4_32_10_t* state, float mean, float stddev) {
  const gpurng_float4 z = gpurng_normal4(state);
  using gpurng::device::log_normal;
  return {log_normal(z.x, mean, stddev), log_normal(z.y, mean, stddev), log_normal(z.z, mean, stddev),
          log_normal(z.w, mean, stddev)};
}

/** Log-normal double, second of the pair cached (curand_log_normal_double). Bits as gpurng_normal. */
GPURNG_HD double gpurng_log_normal_double(gpurngStatePhilox4_32_10_t* state, double mean, double stddev) {
  return gpurng::device::log_normal_double_cached<gpurng::device::philox_draws>(state, mean, stddev);
}

/** Both log-normal doubles of the pair of gpurng4 (curand_log_normal2_double). Bits as gpurng_normal. */
GPURNG_HD gpurng_double2 gpurng_log_normal2_double(gpurngStatePhilox4_32_10_t* state, double mean, double stddev) {
  return gpurng::device::log_normal_pair_double<gpurng::device::philox_draws>(state, mean, stddev);
}

/** Skips n words (skipahead): the lane moves by n % 4, the counter by n / 4 plus the lane's carry. The same
 *  state as cuRAND's. */
GPURNG_HD void gpurng_skipahead(unsigned long long n, gpurngStatePhilox4_32_10_t* state) {
  state->index += static_cast<uint32_t>(n & 3u);
  n >>= 2;
  if (state->index > 3) {
    n += 1;
    state->index -= 4;
  }
  gpurng::philox::counter_add(state->ctr, n);
  gpurng::device::philox_refresh(state);
}

/** Skips n subsequences of 2^66 words: the counter's high 64 bits move by n (skipahead_sequence). The same state
 *  as cuRAND's. */
GPURNG_HD void gpurng_skipahead_sequence(unsigned long long n, gpurngStatePhilox4_32_10_t* state) {
  gpurng::philox::counter_add_high(state->ctr, n);
  gpurng::device::philox_refresh(state);
}
