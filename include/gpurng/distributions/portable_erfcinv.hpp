// SPDX-License-Identifier: BSD-3-Clause
// The inverse complementary error function, the same bits on every backend (IEEE operations only, as
// portable_math.hpp), and its value rounded to float.
//
// erfcinv(q) = erfinv(x) with x = 1 - q. Written as x P(w) with w = -log(1 - x^2) = -log(q (2 - q)), P(w) is
// analytic and slowly varying in w (Giles, "Approximating the erfinv function", GPU Computing Gems Jade
// Edition, 2011), so one polynomial covers 0 <= w < 5 (|x| < 0.9966, 99.66 % of uniform q) without a branch,
// and six in r = sqrt(w) cover the tails down to the least positive double. The operations are a log, fused
// multiply-adds and, in the tail only, a square root and a division: no table and no iteration, so the GPU runs it
// at the FP64 units' rate with warps that rarely diverge (a Sobol' or uniform sequence puts 1 value in 300 in the
// tail). The float path below adds a table-driven first guess.
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

// -log v for v in (0, 1], without a division: v = 2^k m with m in [3/4, 3/2) (k = 0 for v just below 1, so w near 0
// keeps its absolute accuracy), m's top two significand bits select c_j ~ 1 / (centre of m's quarter) and log c_j,
// and log m = log1p(r) - log c_j with r = m c_j - 1 rounded once (|r| < 0.1112). pmath::log's reduction divides;
// bench/probes/erfcinv_probe.cu measured up to a tenth of the double path's time for that division.
GPURNG_HD double neg_log_unit(double v) {
  uint64_t b = bits(v);
  int adj = 0;
  if (b < 0x0010000000000000ull) {  // subnormal
    v = mul(v, 0x1p54);
    b = bits(v);
    adj = -54;
  }
  const uint64_t t = b - 0x3fe8000000000000ull;  // the bits of 3/4
  const int k = static_cast<int>(static_cast<int64_t>(t) >> 52) + adj;
  const double m = from_bits64((t & 0x000fffffffffffffull) + 0x3fe8000000000000ull);
  const unsigned j = static_cast<unsigned>(t >> 50) & 3u;
  using namespace erfcinv_poly;
  const double c = j < 2 ? (j == 0 ? kLogC0 : kLogC1) : (j == 2 ? kLogC2 : kLogC3);
  const double log_c = j < 2 ? (j == 0 ? kLogLogC0 : kLogLogC1) : (j == 2 ? kLogLogC2 : kLogLogC3);
  const double r = fma(m, c, -1.0);
  const double log1p_r = fma(mul(r, r), log1p_q(r), r);
  const double kd = sub(from_bits64(uint64_t{0x4338000000000000ull} + static_cast<uint64_t>(static_cast<int64_t>(k))),
                        kRound);  // k exactly, without a conversion instruction
  // k ln2_hi is exact (ln2_hi has 42 significant bits); the small terms are summed first.
  return -fma(kd, 0x1.62e42fefa3800p-1, fma(kd, 0x1.ef35793c76730p-45, sub(log1p_r, log_c)));
}

// w = -log(q (2 - q)) for q in (0, 2): 2q - q^2 is one fused operation, so it is rounded once, and it is the
// same number for q and 2 - q, which makes erfcinv(2 - q) = -erfcinv(q) exact.
GPURNG_HD double erfcinv_w(double q) { return neg_log_unit(fma(-q, q, mul(2.0, q))); }

}  // namespace detail

// erfcinv(q) for q in [0, 2]: +inf at 0, -inf at 2, NaN outside; +0 at 1. Within 1.73 ulp of the true value (36 000
// mpmath values over every binade of q > 0), 88 % correctly rounded; tests/unit/test_portable_math.cpp checks 2 ulp.
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
// For q in [2^-32, 1] a first guess y = (1 - q) R(q) decides the rounding unless y lies within kMargin double ulps
// of a midpoint between two floats; only then (about one value in 4000), and outside that range, is the double
// function computed. The result is therefore exactly to_float(erfcinv(q)) on every backend; an exhaustive
// comparison over every q = 2 p of the Sobol' outputs checks the margin (tests/unit/erfcinv_float_exhaustive.cu,
// on the GPU).
// R is a degree-6 polynomial on q's eighth of a binade (256 pieces, erfcinv_polynomials.hpp; within 2^-39):
// c0 + v (c1 + v (c2 + v S)), with S = c3 + v (c4 + v (c5 + v c6)) in float, since v^3 S is below 2^-15 of R.
// On the GPU the guess costs the 40 bytes each lane reads (three doubles, four floats) and 4 float and 4 double
// fused multiply-adds; a float normal costs under half a double one (docs/PERFORMANCE.md).
GPURNG_HD float erfcinv_to_float(float qf) {
  using namespace detail;
  using namespace erfcinv_poly;
  constexpr uint32_t kMargin = 1u << 16;      // double ulps; the first guess is within 2^15 of erfcinv(q)
  constexpr uint32_t kDropped = 0x1fffffffu;  // the 29 significand bits rounding to float drops
  const uint32_t b = bits(qf);
  if (b - 0x2f800000u <= 0x3f800000u - 0x2f800000u) {  // 2^-32 <= q <= 1
#if defined(__CUDA_ARCH__)
    const double* A = kFloatADevice;
    const float* B = kFloatBDevice;
#else
    const double* A = kFloatAHost;
    const float* B = kFloatBHost;
#endif
    const int k = static_cast<int>(b >> 23) - 127;  // q = 2^k m, m in [1, 2)
    const uint32_t eighth = (b >> (23 - kFloatSplitBits)) & ((1u << kFloatSplitBits) - 1);
    const int piece = k == 0 ? 0 : ((-1 - k) << kFloatSplitBits) + static_cast<int>(eighth);  // q = 1: piece 0
    // m and the centre of its eighth, 1 + (2 eighth + 1) / 16, as doubles and floats built from bits; v is exact.
    const uint32_t centre_bits = (2 * eighth + 1) << (22 - kFloatSplitBits);
    const double m = from_bits64(uint64_t{0x3ff0000000000000ull} | static_cast<uint64_t>(b & 0x7fffffu) << 29);
    const double v = sub(m, from_bits64(uint64_t{0x3ff0000000000000ull} | static_cast<uint64_t>(centre_bits) << 29));
    const float vf = sub(from_bits((b & 0x7fffffu) | 0x3f800000u), from_bits(centre_bits | 0x3f800000u));
    float S = B[3 * kFloatPieces + piece];
    for (int j = 2; j >= 0; --j) S = fma(S, vf, B[j * kFloatPieces + piece]);
    double r = fma(static_cast<double>(S), v, A[2 * kFloatPieces + piece]);
    r = fma(r, v, A[kFloatPieces + piece]);
    r = fma(r, v, A[piece]);
    const double x = fma(-m, from_bits64(static_cast<uint64_t>(k + 1023) << 52), 1.0);  // 1 - q, rounded once
    const double y = mul(x, r);
    const uint32_t dropped = static_cast<uint32_t>(bits(y)) & kDropped;
    if (dropped - (0x10000000u - kMargin) >= 2 * kMargin) return to_float(y);
  }
  return to_float(erfcinv(static_cast<double>(qf)));
}

}  // namespace pmath
}  // namespace gpurng
