// SPDX-License-Identifier: BSD-3-Clause
// The part of cuRAND's host-API layouts (curand_layout.hpp) that host and device code share: the engines, output
// types and orderings, the units of each (W words make G outputs), and the Philox thread state as the host lays
// it out. The CUDA fills (src/backends/cuda/curand_layout_*) use these types directly; curand_layout.hpp adds the
// host-only parts (positions, cursors, streams).
#pragma once

#include <stdint.h>

#include "gpurng/engines/philox.hpp"
#include "gpurng/hd.hpp"

namespace gpurng {
namespace curand_layout {

// cuRAND's curandOrdering_t values for pseudo-random generators.
enum class ordering : int { best = 100, dflt = 101, seeded = 102, legacy = 103 };

enum class output { u32, uniform_f32, uniform_f64, normal_f32, normal_f64, lognormal_f32, lognormal_f64 };

enum class engine { xorwow, mrg32k3a, philox };

GPURNG_HD constexpr bool is_normal(output o) {
  return o == output::normal_f32 || o == output::normal_f64 || o == output::lognormal_f32 || o == output::lognormal_f64;
}
GPURNG_HD constexpr bool is_double(output o) {
  return o == output::uniform_f64 || o == output::normal_f64 || o == output::lognormal_f64;
}

// G: outputs per unit.
GPURNG_HD constexpr int outputs_per_unit(engine e, output o) {
  if (e == engine::philox) return 4;
  return is_normal(o) ? 2 : 1;
}
// W: words (Philox: counters) per unit.
GPURNG_HD constexpr int words_per_unit(engine e, output o) {
  switch (e) {
    case engine::xorwow:
      return is_normal(o) ? (is_double(o) ? 4 : 2) : (is_double(o) ? 2 : 1);
    case engine::mrg32k3a:
      return is_normal(o) ? 2 : 1;
    case engine::philox:
      return is_double(o) ? 2 : 1;
  }
  return 1;
}
GPURNG_HD constexpr bool is_log(output o) { return o == output::lognormal_f32 || o == output::lognormal_f64; }

namespace detail {

// Philox: a thread of the host layout, as the host and the CUDA fills both read it.
struct philox_thread {
  uint64_t counter;
  uint64_t subsequence;  // the counter's high 64 bits
  philox::key2 key;
};

}  // namespace detail
}  // namespace curand_layout
}  // namespace gpurng
