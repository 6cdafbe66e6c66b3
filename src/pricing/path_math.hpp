// SPDX-License-Identifier: BSD-3-Clause
// The elementary functions of the models' path steps, overloaded on the path precision: the library's portable
// functions (include/gpurng/distributions/portable_math.hpp), which give the same bits on the CPU and the GPU.
// The pricing sources are compiled without contraction (-ffp-contract=off, --fmad=false), so a model's plain
// expressions round alike on both backends too.
#pragma once

#include <utility>

#include "gpurng/distributions/portable_math.hpp"
#include "gpurng/hd.hpp"

namespace gpurng {
namespace pricing {

// fast_mode's GPU kernels (pricing_cuda_fast.cu) take CUDA's functions instead; their host side stays portable.
#if defined(GPURNG_PRICING_FAST) && defined(__CUDA_ARCH__)
#define GPURNG_PRICING_FAST_DEVICE 1
// e^x as 2^(x log2 e) on the special-function unit with subnormal results flushed to zero (ex2.approx.ftz: about
// 2 ulp, 2 instructions); __expf adds a subnormal guard (3 more instructions) that a path's factors never need.
GPURNG_HD float path_exp(float x) {
  float y;
  asm("ex2.approx.ftz.f32 %0, %1;" : "=f"(y) : "f"(x * 1.44269504088896340736f));
  return y;
}
GPURNG_HD double path_exp(double x) { return ::exp(x); }
GPURNG_HD float path_sqrt(float x) { return ::sqrtf(x); }
GPURNG_HD double path_sqrt(double x) { return ::sqrt(x); }
GPURNG_HD float path_atan(float x) { return ::atanf(x); }
GPURNG_HD double path_atan(double x) { return ::atan(x); }
// a / b for a normal divisor (LIBOR's 1 + delta L): a times the special-function unit's reciprocal, subnormals
// flushed (rcp.approx.ftz: 1 ulp; about 2 ulp in all) instead of the correctly rounded division's ten
// instructions and slow-path branch (__fdividef still adds a range guard of three).
GPURNG_HD float path_ratio(float a, float b) {
  float r;
  asm("rcp.approx.ftz.f32 %0, %1;" : "=f"(r) : "f"(b));
  return a * r;
}
// The same for doubles: the unit's 20-bit reciprocal refined by two Newton steps (error squared each time, so
// within an ulp or two), five double operations against the rounded division's ten and its slow-path branch.
GPURNG_HD double path_ratio(double a, double b) {
  double r;
  asm("rcp.approx.ftz.f64 %0, %1;" : "=d"(r) : "d"(b));
  r = fma(r, fma(-b, r, 1.0), r);
  r = fma(r, fma(-b, r, 1.0), r);
  return a * r;
}
#else
#define GPURNG_PRICING_FAST_DEVICE 0
GPURNG_HD float path_exp(float x) { return pmath::expf(x); }
GPURNG_HD double path_exp(double x) { return pmath::exp(x); }
GPURNG_HD float path_sqrt(float x) { return pmath::detail::sqrt(x); }
GPURNG_HD double path_sqrt(double x) { return pmath::detail::sqrt(x); }
GPURNG_HD float path_atan(float x) { return pmath::atanf(x); }
GPURNG_HD double path_atan(double x) { return pmath::atan(x); }
template <typename T>
GPURNG_HD T path_ratio(T a, T b) {
  return a / b;
}
#endif
template <typename T>
GPURNG_HD T path_max(T a, T b) {
  return a > b ? a : b;
}

// A model's path runs on one path's values (T) or, in the CPU backend's lane loops, on a lane vector of T holding
// consecutive paths (pricing_cpu_lanes.inc overloads every function above and to_wide for it): PathValue is what
// the normals hand out, and to_wide takes a value to the precision of the sums (double, or lanes of doubles).
template <typename T, typename Normals>
using PathValue = decltype(std::declval<Normals&>().next(static_cast<T*>(nullptr)));
GPURNG_HD double to_wide(float x) { return static_cast<double>(x); }
GPURNG_HD double to_wide(double x) { return x; }
template <typename V>
using WideValue = decltype(to_wide(std::declval<V>()));

}  // namespace pricing
}  // namespace gpurng
