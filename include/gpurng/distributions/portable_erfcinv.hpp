// SPDX-License-Identifier: BSD-3-Clause
// The inverse complementary error function, the same bits on every backend (IEEE operations only, as
// portable_math.hpp), and its value rounded to float.
//
// erfcinv(q) = erfinv(x) with x = 1 - q. Written as x P(w) with w = -log(1 - x^2) = -log(q (2 - q)), P(w) is
// analytic and slowly varying in w (Giles, "Approximating the erfinv function", GPU Computing Gems Jade
// Edition, 2011), so one polynomial covers 0 <= w < 5 (|x| < 0.9966, 99.66 % of uniform q) without a branch,
// and six in r = sqrt(w) cover the tails down to the least positive double. The only operations are a log, a square
// root and fused multiply-adds: no division, no table, no iteration, so the GPU runs it at the FP64 units' rate with
// warps that rarely diverge (a Sobol' or uniform sequence puts 1 value in 300 in the tail).
#pragma once

#include <stdint.h>

#include "gpurng/distributions/erfcinv_polynomials.hpp"
#include "gpurng/distributions/portable_math.hpp"
#include "gpurng/hd.hpp"

namespace gpurng {
namespace pmath {
namespace detail {

// x P(w) for w >= 5, in r = sqrt(w), the tail's six pieces. r carries its rounding error r_lo = (w - r^2) / 2r,
// which would otherwise be as large as the rest of the result's error.
GPURNG_HD double erfcinv_tail(double x, double w) {
  const double r = sqrt(w);
  const double r_lo = div(fma(-r, r, w), mul(2.0, r));
  if (r < 3.2) return erfcinv_poly::tail_low(x, r, r_lo);
  if (r < 4.3) return erfcinv_poly::tail_mid(x, r, r_lo);
  if (r < 6.5) return erfcinv_poly::tail_high(x, r, r_lo);
  if (r < 10.0) return erfcinv_poly::tail_deep(x, r, r_lo);
  if (r < 16.0) return erfcinv_poly::tail_deeper(x, r, r_lo);
  return erfcinv_poly::tail_deepest(x, r, r_lo);
}

// w = -log(q (2 - q)) for q in (0, 2): 2q - q^2 is one fused operation, so it is rounded once, and it is the
// same number for q and 2 - q, which makes erfcinv(2 - q) = -erfcinv(q) exact.
GPURNG_HD double erfcinv_w(double q) { return -pmath::log(fma(-q, q, mul(2.0, q))); }

}  // namespace detail

// erfcinv(q) for q in [0, 2]: +inf at 0, -inf at 2, NaN outside; +0 at 1. Within 2 ulp of the true value for
// every q > 0, 90 % correctly rounded (tests/unit/test_portable_math.cpp).
GPURNG_HD double erfcinv(double q) {
  using namespace detail;
  if (!(q > 0.0 && q < 2.0)) {
    if (q == 0.0) return from_bits64(uint64_t{0x7ff0000000000000ull});
    if (q == 2.0) return -from_bits64(uint64_t{0x7ff0000000000000ull});
    return nan_d();
  }
  const double x = sub(1.0, q);  // exact for q >= 1/2 (Sterbenz) and for any q on a 2^-53 grid
  const double w = erfcinv_w(q);
  return w < 5.0 ? erfcinv_poly::central(x, w) : erfcinv_tail(x, w);
}

// erfcinv(q), the double function above, rounded to float, for a float q (the Sobol' float normals' argument).
// For q in [2^-32, 1] a first guess y = (1 - q) R(q), R from a degree-10 polynomial on q's half binade (64 pieces,
// erfcinv_polynomials.hpp; within 2^-40 of erfcinv(q)), decides the rounding unless y lies within kMargin double
// ulps of a midpoint between two floats; only then (about one value in 8000), and outside that range, is the
// double function computed. The result is therefore exactly to_float(erfcinv(q)) on every backend; an exhaustive
// comparison over every q = 2 p of the Sobol' outputs checks the margin (tests/unit/erfcinv_float_exhaustive.cu,
// on the GPU). The guess costs 12 fused multiply-adds and 11 loads that a warp's lanes mostly share: about a
// sixth of the double function.
GPURNG_HD float erfcinv_to_float(float qf) {
  using namespace detail;
  constexpr uint32_t kMargin = 1u << 15;      // double ulps; the first guess is within 2^13 of erfcinv(q)
  constexpr uint32_t kDropped = 0x1fffffffu;  // the 29 significand bits rounding to float drops
  const uint32_t b = bits(qf);
  if (b - 0x2f800000u <= 0x3f800000u - 0x2f800000u) {  // 2^-32 <= q <= 1
#if defined(__CUDA_ARCH__)
    const double* c = erfcinv_poly::kFloatTableDevice;
#else
    const double* c = erfcinv_poly::kFloatTableHost;
#endif
    const int k = static_cast<int>(b >> 23) - 127;                                   // q = 2^k m, m in [1, 2)
    const int piece = k == 0 ? 0 : 2 * (-1 - k) + static_cast<int>((b >> 22) & 1u);  // q = 1 joins piece 0
    const double m = from_bits64(uint64_t{0x3ff0000000000000ull} | static_cast<uint64_t>(b & 0x7fffffu) << 29);
    const double v = sub(m, 1.5);                                                       // exact
    const double x = fma(-m, from_bits64(static_cast<uint64_t>(k + 1023) << 52), 1.0);  // 1 - q, rounded once
    c += piece;
    double r = c[erfcinv_poly::kFloatDegree * erfcinv_poly::kFloatPieces];
    for (int j = erfcinv_poly::kFloatDegree - 1; j >= 0; --j) r = fma(r, v, c[j * erfcinv_poly::kFloatPieces]);
    const double y = mul(x, r);
    const uint32_t dropped = static_cast<uint32_t>(bits(y)) & kDropped;
    if (dropped - (0x10000000u - kMargin) >= 2 * kMargin) return to_float(y);
  }
  return to_float(erfcinv(static_cast<double>(qf)));
}

}  // namespace pmath
}  // namespace gpurng
