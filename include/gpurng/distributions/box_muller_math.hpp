// SPDX-License-Identifier: BSD-3-Clause
// The elementary functions of Box-Muller, r = sqrt(-2 log u) and (sin v, cos v), written for GPU
// throughput and giving the same bits on every backend.
//
// Like portable_math.hpp they use only operations that both backends round identically (+ - * / sqrt fma
// in round-to-nearest-even, integer operations, table reads); unlike its general functions they are cut
// to the arguments Box-Muller produces and to the accuracy its callers need: 1.5 to 2 ulp, not correct
// rounding, with no special-case branches. The normals they give stay within a few ulp of cuRAND's host
// generator (tests/curand_api bounds them), and a Philox normal costs about 60 % of the instructions it
// cost with the general functions (the GPU kernels are issue-bound).
//
//   neg2_log(u)           -2 log u for a positive normal float / double (u in (0, 1] in Box-Muller).
//                         Table-driven: u = 2^k z, z in [0.701, 1.402), z's subinterval i gives invc ~ 1/c_i;
//                         R = -2 (z invc - 1) by one fma, |R| < 2^-7, and
//                         -2 log u = -2 k ln2 + 2 log(invc) + R + R^2/4 + R^3/12 + ... (the series of
//                         -2 log(1 - R/2)). The subinterval around 1 has invc = 1, so u near 1 is exact-ish.
//                         Within 1.5 ulp (float) and 2 ulp (double); test_portable_math measures them.
//   sincos_box_muller(v)  sin v and cos v of a float v in [0, 2 pi + 1]: quadrant reduction by pi/2 in three
//                         float pieces, odd/even minimax polynomials of degree 9 and 8 on [-pi/4, pi/4].
//   sincos_pi_times_box_muller(v)  sin and cos of x = fl(v pi) for a double v in [0, 2] (cuRAND's host
//                         computes sin(v * pi) of the rounded product): v = j/2 + t, x = pi t + a + j pi/2
//                         with the rounding a recovered by fmas, polynomials in t.
// The sines and cosines are within 1.5 ulp (float) and 2 ulp (double) of the exact values.
#pragma once

#include <stdint.h>

#include "gpurng/distributions/box_muller_log_table.hpp"
#include "gpurng/distributions/portable_math.hpp"

namespace gpurng {
namespace bm_math {
namespace detail {

struct alignas(16) LogEntry {
  float a;     // -2 invc
  float b32;   // 2 log(invc), float
  double b64;  // 2 log(invc), double
};

// The double functions' constants. Device code reads them from constant memory, one uniform load per use;
// as literals each would cost two moves per use (a double immediate does not fit an instruction).
struct Coef64 {
  double log_p[6];  // 1/448, 1/192, 1/80, 1/32, 1/12, 1/4: -2 log(1 - R/2) = R + R^2 P(R)
  double cos_p[8];  // cos(pi t) = 1 + z C(z), z = t^2 (the last coefficient is -pi^2/2)
  double sin_p[7];  // sin(pi t) = pi t + t^3 S(z)
  double pi, pi_lo, neg2ln2;
};
#define GPURNG_BOX_MULLER_COEF64                                                                            \
  {                                                                                                         \
    {0x1.2492492492492p-9, 0x1.5555555555555p-8, 0x1.999999999999ap-7, 0x1p-5, 0x1.5555555555555p-4, 0.25}, \
        {0x1.1ebe61e36eab6p-18, -0x1.b6df855c178e6p-14, 0x1.f9d38850e538bp-10, -0x1.a6d1f2a15a6fcp-6,       \
         0x1.e1f506891b72fp-3,  -0x1.55d3c7e3cbffap+0,  0x1.03c1f081b5ac4p+2,  -0x1.3bd3cc9be45dep+2},      \
        {-0x1.6cc5777e307b3p-16, 0x1.e8f036bbd444bp-12, -0x1.e3074d2613ae2p-8, 0x1.50783486faca3p-4,        \
         -0x1.32d2cce62b872p-1,  0x1.466bc6775aae1p+1,  -0x1.4abbce625be53p+2},                             \
        0x1.921fb54442d18p+1, 0x1.1a62633145c07p-53, -0x1.62e42fefa39efp+0                                  \
  }

// The tables live in device memory for device code (the log table read through the read-only cache,
// its 2 KB staying in L1) and in constant arrays for host code.
#if defined(__CUDACC__)
static __device__ const LogEntry kLogTableDevice[128] = GPURNG_BOX_MULLER_LOG_TABLE;
// Not const: a const one is folded back into literals.
static __constant__ Coef64 kCoef64Device = GPURNG_BOX_MULLER_COEF64;
#endif
static constexpr LogEntry kLogTableHost[128] = GPURNG_BOX_MULLER_LOG_TABLE;
static constexpr Coef64 kCoef64Host = GPURNG_BOX_MULLER_COEF64;

GPURNG_HD const Coef64& coef64() {
#if defined(__CUDA_ARCH__)
  return kCoef64Device;
#else
  return kCoef64Host;
#endif
}

// Row i's (a, b32) for floats, (a, b64) for doubles: one 8-byte and one 16-byte read on the device.
GPURNG_HD void log_row_f32(uint32_t i, float* a, float* b) {
#if defined(__CUDA_ARCH__)
  const float2 e = __ldg(reinterpret_cast<const float2*>(&kLogTableDevice[i]));
  *a = e.x;
  *b = e.y;
#else
  *a = kLogTableHost[i].a;
  *b = kLogTableHost[i].b32;
#endif
}
GPURNG_HD void log_row_f64(uint32_t i, double* a, double* b) {
#if defined(__CUDA_ARCH__)
  const double2 e = __ldg(reinterpret_cast<const double2*>(&kLogTableDevice[i]));
  *a = static_cast<double>(__int_as_float(__double2loint(e.x)));
  *b = e.y;
#else
  *a = static_cast<double>(kLogTableHost[i].a);
  *b = kLogTableHost[i].b64;
#endif
}

constexpr uint32_t kLogOff = 0x3f338000u;              // z's range starts here (float bits)
constexpr uint64_t kLogOff64 = 0x3fe6700000000000ull;  // the same value as double bits
constexpr float kNeg2Ln2F = -0x1.62e430p+0f;           // -2 ln 2 rounded to float

// Quadrant fix-up: (sin, cos) of the angle in quadrant q (its low two bits) from those of the reduced angle.
GPURNG_HD void sincos_quadrant(uint32_t q, float s, float c, float* sp, float* cp) {
  using namespace pmath::detail;
  const uint32_t sin_sign = (q & 2u) << 30, cos_sign = ((q + 1u) & 2u) << 30;
  *sp = from_bits(bits((q & 1u) ? c : s) ^ sin_sign);
  *cp = from_bits(bits((q & 1u) ? s : c) ^ cos_sign);
}
// Any V (a double, or the CPU backend's lane vector; portable_math.hpp's vocabulary), U its bits' type.
template <typename U, typename V>
GPURNG_HD void sincos_quadrant(const U& q, const V& s, const V& c, V* sp, V* cp) {
  using namespace pmath::detail;
  const U sin_sign = (q & 2u) << 62, cos_sign = ((q + 1u) & 2u) << 62;
  *sp = from_bits64(bits(select(odd(q), c, s)) ^ sin_sign);
  *cp = from_bits64(bits(select(odd(q), s, c)) ^ cos_sign);
}

}  // namespace detail

// -2 log u for a positive normal float u (no check: Box-Muller's u is in [2^-33, 1]).
GPURNG_HD float neg2_log(float u) {
  using namespace pmath::detail;
  using namespace detail;
  const uint32_t tmp = bits(u) - kLogOff;
  const uint32_t i = (tmp >> 16) & 127u;
  const int k = static_cast<int32_t>(tmp) >> 23;
  const float z = from_bits(bits(u) - (tmp & 0xff800000u));
  float a, b;
  log_row_f32(i, &a, &b);
  const float R = fma(z, a, 2.0f);  // -2 (z invc - 1), one rounding
  const float y0 = fma(static_cast<float>(k), kNeg2Ln2F, b);
  // -2 log(1 - R/2) = R + R^2 (1/4 + R/12 + R^2/32 + ...)
  const float p = fma(fma(R, 0x1p-5f, 0x1.555556p-4f), R, 0.25f);
  return add(y0, fma(mul(R, R), p, R));
}

// -2 log u for a positive normal double u. Any V (a double, or the CPU backend's lane vector, whose log_row_f64
// reads each lane's row).
template <typename V>
GPURNG_HD V neg2_log_double(const V& u) {
  using namespace pmath::detail;
  using namespace detail;
  const auto tmp = bits(u) - kLogOff64;
  const auto i = (tmp >> 45) & 127u;
  const V z = from_bits64(bits(u) - (tmp & 0xfff0000000000000ull));
  const Coef64& C = coef64();
  V a, b;
  log_row_f64(i, &a, &b);
  const V R = fma(z, a, 2.0);
  const V y0 = fma(to_double(signed_top12(tmp)), C.neg2ln2, b);
  // R^2 (1/4 + R/12 + R^2/32 + R^3/80 + R^4/192 + R^5/448): the terms of -2 log(1 - R/2) to R^7
  V p = V(C.log_p[0]);
  for (int n = 1; n < 6; ++n) p = fma(p, R, C.log_p[n]);
  return add(y0, fma(mul(R, R), p, R));
}
GPURNG_HD double neg2_log(double u) { return neg2_log_double(u); }

// sin v and cos v for a float v in [0, 2 pi + 1].
GPURNG_HD void sincos_box_muller(float v, float* sp, float* cp) {
  using namespace pmath::detail;
  const float jr = fma(v, 0x1.45f306p-1f, kRoundF);  // v * 2/pi + 1.5 * 2^23: the quadrant j in the low bits
  const uint32_t q = bits(jr);
  const float j = sub(jr, kRoundF);
  // v - j pi/2 with pi/2 = P1 + P2 + P3: v - j P1 is exact (multiples of 2^-23 below 2^3); P2 has 20 bits,
  // so near a multiple of pi/2, where r is small, v - j P1 - j P2 is exact too and j P3 keeps r's
  // relative accuracy (sin and cos near their zeros).
  const float r = fma(-j, 0x1.846988p-48f, fma(-j, -0x1.777a6p-25f, fma(-j, 0x1.921fb6p+0f, v)));
  const float z = mul(r, r);
  float ps = 0x1.6dbe080000000p-19f;
  ps = fma(ps, z, -0x1.a013a80000000p-13f);
  ps = fma(ps, z, 0x1.11110e0000000p-7f);
  ps = fma(ps, z, -0x1.5555560000000p-3f);
  const float s = fma(mul(r, z), ps, r);
  float pc = 0x1.9bd89c0000000p-16f;
  pc = fma(pc, z, -0x1.6c12d20000000p-10f);
  pc = fma(pc, z, 0x1.5555540000000p-5f);
  pc = fma(pc, z, -0.5f);
  const float c = fma(pc, z, 1.0f);
  detail::sincos_quadrant(q, s, c, sp, cp);
}

// sin and cos of x = fl(v pi) for a double v in [0, 2]. Any V (a double, or the CPU backend's lane vector).
template <typename V>
GPURNG_HD void sincos_pi_times_box_muller(const V& v, V* sp, V* cp) {
  using namespace pmath::detail;
  using namespace detail;
  const Coef64& C = coef64();
  const V x = mul(v, C.pi);
  const V a = -fma(v, C.pi_lo, fma(v, C.pi, -x));  // x = pi v + a, to O(2^-104)
  const V jr = fma(v, 2.0, kRound);
  const auto q = bits(jr);
  const V t = fma(sub(jr, kRound), -0.5, v);  // v - j/2, exact, |t| <= 1/4; x = pi t + a + j pi/2
  const V z = mul(t, t);
  // cos(pi t) = 1 + z C(z); cos(pi t + a) = cos(pi t) - a sin(pi t), sin(pi t) ~ pi t
  V pc = V(C.cos_p[0]);
  for (int n = 1; n < 8; ++n) pc = fma(pc, z, C.cos_p[n]);
  const V c0 = fma(pc, z, 1.0);
  const V ph = mul(t, C.pi);
  const V c = fma(-a, ph, c0);
  // sin(pi t + a) = ph + pl + t^3 S(z) with pl = (pi t - ph) + a cos(pi t)
  const V pl = fma(a, c0, add(fma(t, C.pi, -ph), mul(t, C.pi_lo)));
  V ps = V(C.sin_p[0]);
  for (int n = 1; n < 7; ++n) ps = fma(ps, z, C.sin_p[n]);
  const V s = add(ph, fma(mul(t, z), ps, pl));
  detail::sincos_quadrant(q, s, c, sp, cp);
}

}  // namespace bm_math
}  // namespace gpurng
