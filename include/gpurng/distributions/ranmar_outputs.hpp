// SPDX-License-Identifier: BSD-3-Clause
// Which conversion each (engine, output type) pair uses; shared by the CPU and CUDA fill loops.
// `bulk` is the branch-free conversion of a raw output; `zero` the replacement of a raw 0, given the
// table value U(2) that CERNLIB V113 uses (ignored by the other engines).
#pragma once

#include <stdint.h>

#include "gpurng/distributions/ranmar_convert.hpp"
#include "gpurng/engines/ranmar.hpp"

namespace gpurng {
namespace ranmar {

template <Kind K, typename T>
struct output_rule;

template <>
struct output_rule<Kind::r24, uint32_t> {
  static constexpr bool replaces_zero = false;
  GPURNG_HD static uint32_t bulk(uint32_t r) { return r; }
  GPURNG_HD static uint32_t zero(uint32_t) { return 0; }
};
template <>
struct output_rule<Kind::r24, float> {
  static constexpr bool replaces_zero = true;
  GPURNG_HD static float bulk(uint32_t r) { return r24_to_float(r); }
  GPURNG_HD static float zero(uint32_t u2) { return r24_zero_float(u2); }
};
template <>
struct output_rule<Kind::r24, double> {
  static constexpr bool replaces_zero = true;
  GPURNG_HD static double bulk(uint32_t r) { return r24_to_double(r); }
  GPURNG_HD static double zero(uint32_t u2) { return r24_zero_double(u2); }
};

template <Kind K>
struct output_rule_48_u64 {
  static constexpr bool replaces_zero = false;
  GPURNG_HD static unsigned long long bulk(uint64_t r) { return r; }
  GPURNG_HD static unsigned long long zero(uint64_t) { return 0; }
};
template <Kind K>
struct output_rule_48_double {
  static constexpr bool replaces_zero = true;
  GPURNG_HD static double bulk(uint64_t r) { return r48_to_double(r); }
  GPURNG_HD static double zero(uint64_t) { return kR48ZeroDouble; }
};
template <Kind K>
struct output_rule_48_float {
  static constexpr bool replaces_zero = true;
  GPURNG_HD static float bulk(uint64_t r) { return r48_to_float(r); }
  GPURNG_HD static float zero(uint64_t) { return kR48ZeroFloat; }
};
template <>
struct output_rule<Kind::r48, unsigned long long> : output_rule_48_u64<Kind::r48> {};
template <>
struct output_rule<Kind::r48x, unsigned long long> : output_rule_48_u64<Kind::r48x> {};
template <>
struct output_rule<Kind::r48, double> : output_rule_48_double<Kind::r48> {};
template <>
struct output_rule<Kind::r48x, double> : output_rule_48_double<Kind::r48x> {};
template <>
struct output_rule<Kind::r48, float> : output_rule_48_float<Kind::r48> {};
template <>
struct output_rule<Kind::r48x, float> : output_rule_48_float<Kind::r48x> {};

}  // namespace ranmar
}  // namespace gpurng
