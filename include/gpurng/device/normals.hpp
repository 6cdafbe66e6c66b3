// SPDX-License-Identifier: BSD-3-Clause
// The device API's normal and log-normal calls, written once for every engine: cuRAND's rules for the
// one-at-a-time calls (curand_normal, curand_log_normal and their _double forms) and the pair calls.
//
// Box-Muller makes values in pairs. A call whose state holds a cached value of its own kind (flag 1 for a
// normal, 2 for a log-normal) returns it and empties the cache; otherwise it draws a new pair, returns the first
// (sine) value and caches the second (cosine) value with its flag, discarding whatever the cache held. So a
// normal cached by gpurng_normal is dropped by a following gpurng_log_normal, and vice versa. Floats and doubles
// have separate caches. The pair calls (gpurng_normal2, gpurng_log_normal2, ...) neither read nor change them.
//
// Draws is an engine's policy: static pair_f32(state*) / pair_f64(state*) take its raw words in cuRAND's order
// and return the Box-Muller pair (gpurng/device/box_muller.hpp, either normal mode).
#pragma once

#include <stdint.h>

#include "gpurng/device/box_muller.hpp"
#include "gpurng/device/vector_types.hpp"
#include "gpurng/hd.hpp"

namespace gpurng {
namespace device {

constexpr int kCachedNormal = 1;     // cuRAND's EXTRA_FLAG_NORMAL
constexpr int kCachedLogNormal = 2;  // cuRAND's EXTRA_FLAG_LOG_NORMAL

// The Draws of an engine whose Box-Muller words are its next words in order, as cuRAND's XORWOW takes them: two
// for a float pair, four for a double pair (XORWOW, hybrid Taus). gpurng_next is found by argument-dependent
// lookup when the calls are instantiated, after the engine's header has declared it.
template <class State>
struct word_stream_draws {
  static GPURNG_HD f32x2 pair_f32(State* st) {
    const uint32_t x = gpurng_next(st);
    const uint32_t y = gpurng_next(st);
    return box_muller(x, y);
  }
  static GPURNG_HD f64x2 pair_f64(State* st) {
    const uint32_t x0 = gpurng_next(st);
    const uint32_t x1 = gpurng_next(st);
    const uint32_t y0 = gpurng_next(st);
    const uint32_t y1 = gpurng_next(st);
    return box_muller(x0, x1, y0, y1);
  }
};

template <class Draws, class State>
GPURNG_HD float normal_cached(State* st) {
  if (st->boxmuller_flag != kCachedNormal) {
    const f32x2 p = Draws::pair_f32(st);
    st->boxmuller_extra = p.c;
    st->boxmuller_flag = kCachedNormal;
    return p.s;
  }
  st->boxmuller_flag = 0;
  return st->boxmuller_extra;
}

template <class Draws, class State>
GPURNG_HD double normal_double_cached(State* st) {
  if (st->boxmuller_flag_double != kCachedNormal) {
    const f64x2 p = Draws::pair_f64(st);
    st->boxmuller_extra_double = p.c;
    st->boxmuller_flag_double = kCachedNormal;
    return p.s;
  }
  st->boxmuller_flag_double = 0;
  return st->boxmuller_extra_double;
}

template <class Draws, class State>
GPURNG_HD float log_normal_cached(State* st, float mean, float stddev) {
  if (st->boxmuller_flag != kCachedLogNormal) {
    const f32x2 p = Draws::pair_f32(st);
    st->boxmuller_extra = log_normal(p.c, mean, stddev);
    st->boxmuller_flag = kCachedLogNormal;
    return log_normal(p.s, mean, stddev);
  }
  st->boxmuller_flag = 0;
  return st->boxmuller_extra;
}

template <class Draws, class State>
GPURNG_HD double log_normal_double_cached(State* st, double mean, double stddev) {
  if (st->boxmuller_flag_double != kCachedLogNormal) {
    const f64x2 p = Draws::pair_f64(st);
    st->boxmuller_extra_double = log_normal(p.c, mean, stddev);
    st->boxmuller_flag_double = kCachedLogNormal;
    return log_normal(p.s, mean, stddev);
  }
  st->boxmuller_flag_double = 0;
  return st->boxmuller_extra_double;
}

// The pair calls: both values of a fresh pair, the cache untouched.
template <class Draws, class State>
GPURNG_HD gpurng_float2 normal_pair(State* st) {
  const f32x2 p = Draws::pair_f32(st);
  return {p.s, p.c};
}
template <class Draws, class State>
GPURNG_HD gpurng_double2 normal_pair_double(State* st) {
  const f64x2 p = Draws::pair_f64(st);
  return {p.s, p.c};
}
template <class Draws, class State>
GPURNG_HD gpurng_float2 log_normal_pair(State* st, float mean, float stddev) {
  const f32x2 p = Draws::pair_f32(st);
  return {log_normal(p.s, mean, stddev), log_normal(p.c, mean, stddev)};
}
template <class Draws, class State>
GPURNG_HD gpurng_double2 log_normal_pair_double(State* st, double mean, double stddev) {
  const f64x2 p = Draws::pair_f64(st);
  return {log_normal(p.s, mean, stddev), log_normal(p.c, mean, stddev)};
}

}  // namespace device
}  // namespace gpurng
