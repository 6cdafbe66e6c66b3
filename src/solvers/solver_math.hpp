// SPDX-License-Identifier: BSD-3-Clause
// The arithmetic every solver and stepper shares, written once for both backends. Fused multiply-adds are
// explicit (fma_hd): the library builds with contraction off (-ffp-contract=off, --fmad=false), so the CPU
// and the GPU round every operation alike and give the same bits. Division is IEEE division on both.
#pragma once

#include <cmath>
#include <limits>

#include "gpurng/hd.hpp"

namespace gpurng {
namespace solvers {

GPURNG_HD float fma_hd(float a, float b, float c) {
#if defined(__CUDA_ARCH__)
  return __fmaf_rn(a, b, c);
#else
  return std::fma(a, b, c);
#endif
}

GPURNG_HD double fma_hd(double a, double b, double c) {
#if defined(__CUDA_ARCH__)
  return __fma_rn(a, b, c);
#else
  return std::fma(a, b, c);
#endif
}

template <typename T>
GPURNG_HD T abs_hd(T v) {
  return v < T(0) ? -v : v;
}

// The no-pivoting solvers divide by pivots; a pivot at most kTinyPivot times its row's diagonal (or
// non-finite) is reported instead of turning into Inf/NaN. 2^-20 / 2^-50 leave 3 decimal digits of the
// precision's 7 / 16 to the solution, the point where a solve without pivoting is no longer worth trusting.
template <typename T>
struct PivotTolerance;
template <>
struct PivotTolerance<float> {
  static constexpr float value = 9.5367431640625e-07f;  // 2^-20
};
template <>
struct PivotTolerance<double> {
  static constexpr double value = 8.8817841970012523e-16;  // 2^-50
};

// True when `pivot` may be divided by: |pivot| > tol * |scale| and finite. NaN fails both comparisons.
template <typename T>
GPURNG_HD bool pivot_ok(T pivot, T scale) {
  const T p = abs_hd(pivot);
  // Bitwise &, not &&: no branch, so the SIMD loops if-convert it into two compares and an and.
  return (p > PivotTolerance<T>::value * abs_hd(scale)) & (p <= std::numeric_limits<T>::max());
}

// The scale THOMAS and the LU forms measure a pivot against: the largest magnitude of its row of the original
// matrix, max(|a_i|, |b_i|, |c_i|) (a_0 and c_{m-1} taken as 0). Against |b_i| alone a row whose own diagonal is
// tiny passed (b_0 = 1e-300 beside c_0 = 1 gave SUCCESS, info 0 and a solution of size 1e284); the largest entry
// rather than the sum, so that rows near the overflow threshold do not overflow the scale. A NaN entry makes the
// scale NaN and the pivot test fail, as a NaN pivot does.
template <typename T>
GPURNG_HD T row_magnitude(T a, T b, T c) {
  const T x = abs_hd(a), y = abs_hd(b), z = abs_hd(c);
  const T xy = (x > y) | (x != x) ? x : y;  // NaN propagates from either side
  return (xy > z) | (xy != xy) ? xy : z;
}

}  // namespace solvers
}  // namespace gpurng
