// SPDX-License-Identifier: BSD-3-Clause
// Philox4_32_10's host fills of cuRAND's layout, many units at a time (curand_layout.hpp routes every whole unit of a
// Philox call here; the units cut by a call's ends take the unit-at-a-time loop).
//
// A call's units in closed form. Relative unit v of a call (v = 0: its first unit) belongs to thread
// t = (t_origin + v mod T) mod T and is that thread's (v div T)-th unit of the call, so its first counter is
//   start(t) + q_base + [t < r_base] + W (v div T)
// on subsequence sub(t), where start and sub are the thread's base state: counter 0 and subsequence
// first_subsequence + t for a stream's fills, the cursor's states otherwise (call_origin, curand_layout.hpp, has
// t_origin, q_base and r_base). Every thread has the seed's key. Consecutive units are consecutive threads with one
// counter, except where v mod T wraps, where t passes T or r_base, and on a cursor: philox_lanes.inc takes the
// shortcut within those bounds and the general form at them.
//
// philox_lanes.inc holds the vector code; the header compiles it once for the x86-64 baseline (SSE2), which is what
// its own fills use (philox_portable_lanes), and the library compiles it again for AVX2 and AVX-512 and picks one
// at run time (src/engines/curand_layout_engines.cpp). Elsewhere (another architecture, nvcc, a compiler without
// GNU vector extensions) GPURNG_PHILOX_LANES is 0 and the unit-at-a-time loop does everything.
#pragma once

#include <stddef.h>
#include <stdint.h>

#include "curand_layout_units.hpp"
#include "gpurng/engines/philox.hpp"

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__)) && !defined(__CUDACC__)
#define GPURNG_PHILOX_LANES 1
#else
#define GPURNG_PHILOX_LANES 0
#endif

#if GPURNG_PHILOX_LANES
#include <immintrin.h>
#include <string.h>

#include "gpurng/distributions/curand_outputs.hpp"
#endif

namespace gpurng {
namespace curand_layout {
namespace detail {

// The units of one call (above).
struct philox_plan {
  uint32_t threads;
  uint32_t t_origin;
  uint32_t r_base;
  uint64_t q_base;
  philox::key2 key;
  uint64_t first_subsequence;   // states == nullptr: thread t starts at counter 0 of subsequence first + t
  const philox_thread* states;  // else thread t's base state
};

#if GPURNG_PHILOX_LANES
namespace philox_portable {
#pragma push_macro("GPURNG_CPU_NATIVE_BYTES")
#undef GPURNG_CPU_NATIVE_BYTES
#define GPURNG_CPU_NATIVE_BYTES 16
#include "philox_lanes.inc"
#undef GPURNG_CPU_NATIVE_BYTES
#pragma pop_macro("GPURNG_CPU_NATIVE_BYTES")
}  // namespace philox_portable

// What the Philox fills call for whole units: units [v, v + units) of plan p, 4 outputs each, to out (words2: the
// raw words of W = 2 units, 8 a unit; normal_f64 and normal_f32: the (log-)normal doubles and floats). The library's
// engine passes its own (the instruction-set copies).
struct philox_portable_lanes {
  static void u32(const philox_plan& p, uint64_t v, size_t units, uint32_t* out) {
    philox_portable::philox_units_u32(p, v, units, out);
  }
  static void words2(const philox_plan& p, uint64_t v, size_t units, uint32_t* out) {
    philox_portable::philox_units_words2(p, v, units, out);
  }
  static void f32(const philox_plan& p, uint64_t v, size_t units, float* out) {
    philox_portable::philox_units_f32(p, v, units, out);
  }
  static void f64(const philox_plan& p, uint64_t v, size_t units, double* out) {
    philox_portable::philox_units_f64(p, v, units, out);
  }
  // normal (log: log-normal) doubles, W = 2
  static void normal_f64(const philox_plan& p, uint64_t v, size_t units, double* out, double mean, double stddev,
                         bool log) {
    philox_portable::philox_units_normal_f64(p, v, units, out, mean, stddev, log);
  }
  // normal (log: log-normal) floats, W = 1
  static void normal_f32(const philox_plan& p, uint64_t v, size_t units, float* out, float mean, float stddev,
                         bool log) {
    philox_portable::philox_units_normal_f32(p, v, units, out, mean, stddev, log);
  }
};
#else
struct philox_portable_lanes {};  // unused: no lanes here
#endif

}  // namespace detail
}  // namespace curand_layout
}  // namespace gpurng
