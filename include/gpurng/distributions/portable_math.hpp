// SPDX-License-Identifier: BSD-3-Clause
// Deterministic elementary functions: the same bits on every backend.
//
// The C library's logf/sinf/expf/log/erfc... differ in their last bits between glibc and CUDA's libm
// (and between versions of either), so a normal computed with them on the CPU need not equal the one
// computed on the GPU. The functions here are written only with IEEE-754 operations that both
// backends round identically: +, -, *, /, sqrt and fused multiply-add (each correctly rounded, in
// round-to-nearest-even), integer and bit operations, and no transcendental library call. The device
// path spells every operation as a _rn intrinsic, which nvcc never contracts; the host path relies on
// the translation unit being compiled with -ffp-contract=off (the library, the tests and the benches
// are), so that no a * b + c turns into a fused operation on one backend only. Subnormals must not be
// flushed (no -ftz=true / -use_fast_math on the device, no -ffast-math / DAZ on the host).
//
// Accuracy (tests/unit/test_portable_math.cpp measures it against glibc and long double references):
//   float  exp: faithfully rounded, correctly rounded for the great majority of arguments;
//   double log, exp, erf/erfc, atan: within about 1 ulp (erfcinv is in portable_erfcinv.hpp);
//   float  atan: the double atan rounded to float, within 1 ulp, correctly rounded but for the rarest cases.
// Box-Muller's log and sin/cos, cut for GPU throughput, are in box_muller_math.hpp.
// Polynomial coefficients are Chebyshev-node fits made for this file with mpmath.
#pragma once

#include <stdint.h>
#include <string.h>

#include <cmath>

#include "gpurng/hd.hpp"

namespace gpurng {
namespace pmath {
namespace detail {

// ---- correctly rounded IEEE operations, never fused ----
GPURNG_HD float add(float a, float b) {
#if defined(__CUDA_ARCH__)
  return __fadd_rn(a, b);
#else
  return a + b;
#endif
}
GPURNG_HD float sub(float a, float b) {
#if defined(__CUDA_ARCH__)
  return __fsub_rn(a, b);
#else
  return a - b;
#endif
}
GPURNG_HD float mul(float a, float b) {
#if defined(__CUDA_ARCH__)
  return __fmul_rn(a, b);
#else
  return a * b;
#endif
}
GPURNG_HD float fma(float a, float b, float c) {
#if defined(__CUDA_ARCH__)
  return __fmaf_rn(a, b, c);
#else
  return std::fma(a, b, c);
#endif
}
GPURNG_HD float div(float a, float b) {
#if defined(__CUDA_ARCH__)
  return __fdiv_rn(a, b);
#else
  return a / b;
#endif
}
GPURNG_HD float sqrt(float a) {
#if defined(__CUDA_ARCH__)
  return __fsqrt_rn(a);
#else
  return std::sqrt(a);
#endif
}
GPURNG_HD double add(double a, double b) {
#if defined(__CUDA_ARCH__)
  return __dadd_rn(a, b);
#else
  return a + b;
#endif
}
GPURNG_HD double sub(double a, double b) {
#if defined(__CUDA_ARCH__)
  return __dsub_rn(a, b);
#else
  return a - b;
#endif
}
GPURNG_HD double mul(double a, double b) {
#if defined(__CUDA_ARCH__)
  return __dmul_rn(a, b);
#else
  return a * b;
#endif
}
GPURNG_HD double fma(double a, double b, double c) {
#if defined(__CUDA_ARCH__)
  return __fma_rn(a, b, c);
#else
  return std::fma(a, b, c);
#endif
}
GPURNG_HD double div(double a, double b) {
#if defined(__CUDA_ARCH__)
  return __ddiv_rn(a, b);
#else
  return a / b;
#endif
}
GPURNG_HD double sqrt(double a) {
#if defined(__CUDA_ARCH__)
  return __dsqrt_rn(a);
#else
  return std::sqrt(a);
#endif
}

GPURNG_HD uint32_t bits(float x) {
#if defined(__CUDA_ARCH__)
  return __float_as_uint(x);
#else
  uint32_t u;
  memcpy(&u, &x, 4);
  return u;
#endif
}
GPURNG_HD float from_bits(uint32_t u) {
#if defined(__CUDA_ARCH__)
  return __uint_as_float(u);
#else
  float x;
  memcpy(&x, &u, 4);
  return x;
#endif
}
GPURNG_HD uint64_t bits(double x) {
#if defined(__CUDA_ARCH__)
  return static_cast<uint64_t>(__double_as_longlong(x));
#else
  uint64_t u;
  memcpy(&u, &x, 8);
  return u;
#endif
}
GPURNG_HD double from_bits64(uint64_t u) {
#if defined(__CUDA_ARCH__)
  return __longlong_as_double(static_cast<long long>(u));
#else
  double x;
  memcpy(&x, &u, 8);
  return x;
#endif
}

// double -> float rounded to nearest-even (cvt.rn on the device; the host's default rounding mode).
GPURNG_HD float to_float(double a) {
#if defined(__CUDA_ARCH__)
  return __double2float_rn(a);
#else
  return static_cast<float>(a);
#endif
}

// The vocabulary the templates below are written in besides the operations above (the CPU backend's lane vectors
// overload every name, found by argument-dependent lookup, so that one definition serves a value and a lane vector
// of values): a select, and the integer-to-double conversions (exact for the values they get).
GPURNG_HD double select(bool c, double a, double b) { return c ? a : b; }
GPURNG_HD bool odd(uint64_t a) { return (a & 1u) != 0; }
GPURNG_HD double to_double(int a) { return static_cast<double>(a); }
GPURNG_HD double to_double(uint64_t a) { return static_cast<double>(a); }
// The top 12 bits of a as a signed number (a double's sign and exponent field, relative to an offset).
GPURNG_HD int signed_top12(uint64_t a) { return static_cast<int>(static_cast<int64_t>(a) >> 52); }

GPURNG_HD float nan_f() { return from_bits(0x7fc00000u); }
GPURNG_HD double nan_d() { return from_bits64(uint64_t{0x7ff8000000000000ull}); }

// Round-to-nearest integer of a value well below 2^22 (float) / 2^51 (double): adding 1.5 * 2^23
// (2^52) leaves the integer in the low bits of the sum, as its significand's last bits.
constexpr float kRoundF = 12582912.0f;         // 1.5 * 2^23
constexpr double kRound = 6755399441055744.0;  // 1.5 * 2^52

}  // namespace detail

// ---------------------------------------------------------------------------------------------------
// float

// e^x. x = k ln2 + rh + rl with rh = x - k ln2_hi exact (fma), rl = -k ln2_lo;
// e^x = 2^k (1 + rh + rh^2 E(rh)) (1 + rl), 1 + rh summed with its rounding error carried; the
// final scaling is one fma, so results in the subnormal range are rounded once from (almost) the full
// value. Overflow gives +inf, underflow 0.
GPURNG_HD float expf(float x) {
  using namespace detail;
  if (!(x < 88.8f)) return x != x ? x : from_bits(0x7f800000u);
  if (x < -104.0f) return 0.0f;
  const float jr = fma(x, 0x1.715476p+0f, kRoundF);
  int k = static_cast<int>(bits(jr) - bits(kRoundF));  // low bits of the rounded sum (two's complement)
  const float j = sub(jr, kRoundF);
  const float rh = fma(-j, 0x1.62e43p-1f, x);  // ln2_hi = ln 2 rounded to float
  const float rl = mul(-j, -0x1.05c610p-29f);  // ln2_lo = ln 2 - ln2_hi
  float s = add(1.0f, rh);
  const float sl = add(sub(1.0f, s), rh);
  float p = 0x1.a1256a0000000p-13f;
  p = fma(p, rh, 0x1.6d43ac0000000p-10f);
  p = fma(p, rh, 0x1.1110e00000000p-7f);
  p = fma(p, rh, 0x1.5554e80000000p-5f);
  p = fma(p, rh, 0x1.5555560000000p-3f);
  p = fma(p, rh, 0x1.0000000000000p-1f);
  const float t0 = mul(mul(rh, rh), p);
  float tail = fma(rl, add(s, t0), add(sl, t0));  // (s + sl + t0)(1 + rl)
  if (k > 127) {
    s = mul(s, 2.0f);
    tail = mul(tail, 2.0f);
    k -= 1;
  } else if (k < -149) {
    s = mul(s, 0.25f);
    tail = mul(tail, 0.25f);
    k += 2;
  }
  const float sc = from_bits(k >= -126 ? static_cast<uint32_t>(k + 127) << 23 : 1u << (k + 149));
  return fma(s, sc, mul(tail, sc));
}

// ---------------------------------------------------------------------------------------------------
// double

// Natural logarithm: x = 2^e (1 + f), 1 + f in [sqrt(1/2), sqrt(2)), s = f / (2 + f),
// log(1 + f) = 2 atanh s = f - (f^2/2 - s (f^2/2 + R)), R = s^2 W(s^2), plus e ln 2 in two pieces.
GPURNG_HD double log(double x) {
  using namespace detail;
  uint64_t ix = bits(x);
  int adj = 0;
  if (ix - 0x0010000000000000ull >= 0x7fe0000000000000ull) {
    if (x == 0.0) return -from_bits64(uint64_t{0x7ff0000000000000ull});
    if (x != x || ix == 0x7ff0000000000000ull) return x;
    if (ix >> 63) return nan_d();
    x = mul(x, 0x1p54);
    ix = bits(x);
    adj = -54;
  }
  const uint64_t t = ix - 0x3fe6a09e667f3bcdull;  // sqrt(1/2)
  const int e = static_cast<int>(static_cast<int64_t>(t) >> 52) + adj;
  const double f = sub(from_bits64((t & 0x000fffffffffffffull) + 0x3fe6a09e667f3bcdull), 1.0);
  const double s = div(f, add(2.0, f));
  const double z = mul(s, s);
  double w = 0x1.2b584c6b42d60p-3;
  w = fma(w, z, 0x1.39fe604146b74p-3);
  w = fma(w, z, 0x1.7462b4ac441afp-3);
  w = fma(w, z, 0x1.c71c62e57c3c4p-3);
  w = fma(w, z, 0x1.2492492df14bcp-2);
  w = fma(w, z, 0x1.99999999952e2p-2);
  w = fma(w, z, 0x1.5555555555558p-1);
  const double R = mul(z, w);
  const double hfsq = mul(mul(0.5, f), f);
  const double ed = static_cast<double>(e);
  // ln2_hi has 42 significant bits, so e ln2_hi is exact
  const double inner = sub(sub(hfsq, fma(s, add(hfsq, R), mul(ed, 0x1.ef35793c76730p-45))), f);
  return sub(mul(ed, 0x1.62e42fefa3800p-1), inner);
}

namespace detail {
// e^x's reduction and polynomial, as expf: x = k ln2 + rh + rl, e^x = 2^k (s + tail) with s = 1 + rh rounded and
// tail = (sl + rh^2 E(rh))(1 + rl) - ... carried separately. Returns s; *kbits is k as a 64-bit two's complement.
// Any V (a double, or the CPU backend's lane vector); exp below adds the range checks and the scaling by 2^k.
template <typename V, typename U>
GPURNG_HD V exp_unscaled(const V& x, U* kbits, V* tail) {
  const V jr = fma(x, 0x1.71547652b82fep+0, kRound);
  *kbits = bits(jr) - bits(V(kRound));
  const V j = sub(jr, kRound);
  const V rh = fma(-j, 0x1.62e42fefa39efp-1, x);
  const V rl = mul(-j, 0x1.abc9e3b39803fp-56);
  const V s = add(1.0, rh);
  const V sl = add(sub(1.0, s), rh);
  V p = V(0x1.1f733f411b727p-29);
  p = fma(p, rh, 0x1.af4e5274a366cp-26);
  p = fma(p, rh, 0x1.27e4db47938d1p-22);
  p = fma(p, rh, 0x1.71de01ff19a6bp-19);
  p = fma(p, rh, 0x1.a01a01a6e1a43p-16);
  p = fma(p, rh, 0x1.a01a01abf7ed6p-13);
  p = fma(p, rh, 0x1.6c16c16c162c3p-10);
  p = fma(p, rh, 0x1.11111111100bep-7);
  p = fma(p, rh, 0x1.5555555555556p-5);
  p = fma(p, rh, 0x1.5555555555557p-3);
  p = fma(p, rh, 0x1.0000000000000p-1);
  const V t0 = mul(mul(rh, rh), p);
  *tail = fma(rl, add(s, t0), add(sl, t0));  // (s + sl + t0)(1 + rl)
  return s;
}
}  // namespace detail

// e^x, as expf: x = k ln2 + rh + rl, e^x = 2^k (1 + rh + rh^2 E(rh)) (1 + rl).
GPURNG_HD double exp(double x) {
  using namespace detail;
  if (!(x < 709.8)) return x != x ? x : from_bits64(uint64_t{0x7ff0000000000000ull});
  if (x < -745.2) return 0.0;
  uint64_t kbits;
  double tail;
  double s = exp_unscaled(x, &kbits, &tail);
  int k = static_cast<int>(static_cast<int64_t>(kbits));
  if (k > 1023) {
    s = mul(s, 2.0);
    tail = mul(tail, 2.0);
    k -= 1;
  } else if (k < -1074) {
    s = mul(s, 0.25);
    tail = mul(tail, 0.25);
    k += 2;
  }
  const double sc = from_bits64(k >= -1022 ? static_cast<uint64_t>(k + 1023) << 52 : uint64_t{1} << (k + 1074));
  return fma(s, sc, mul(tail, sc));
}

// ---- arctangent ----

// atan x for any double, within 1 ulp (and NaN for NaN, +-0 for +-0). fdlibm's reduction: |x| < 7/16 is taken
// as is; above, atan|x| = atan c + atan r with r = (|x| - c) / (1 + c |x|) for c = 1/2, 1, 3/2 on [7/16, 11/16),
// [11/16, 19/16), [19/16, 39/16), and r = -1/|x| with atan c = pi/2 beyond, so |r| <= 7/16 everywhere. |x| - c is
// exact (Sterbenz: |x| lies in [c/2, 2c]) and 1 + c |x| is one fma, so r carries at most two roundings, worth
// < 0.4 ulp of the result. atan r = r - r z Q(z), z = r^2, Q of degree 11 (relative error 2^-57.9 on [0, 7/16]);
// atan c is a hi + lo pair whose lo joins the small terms, so the last operation hi + (...) rounds once.
// The constants are picked by selects, not loads; the sign is put back as a bit, so atan(-x) = -atan(x) exactly.
namespace detail {
// atan of ax in [0, 2^66) (not NaN): the body of atan below for any V (a double, or the CPU's lane vector).
template <typename V>
GPURNG_HD V atan_nonnegative(const V& ax) {
  const auto b1 = ax >= V(0.4375), b2 = ax >= V(0.6875), b3 = ax >= V(1.1875), b4 = ax >= V(2.4375);
  // c = 0 leaves r = |x| / 1 = |x| exactly
  const V c = select(b3, V(1.5), select(b2, V(1.0), select(b1, V(0.5), V(0.0))));
  const V hi = select(b4, V(0x1.921fb54442d18p+0),
                      select(b3, V(0x1.f730bd281f69bp-1),
                             select(b2, V(0x1.921fb54442d18p-1), select(b1, V(0x1.dac670561bb4fp-2), V(0.0)))));
  const V lo = select(b4, V(0x1.1a62633145c07p-54),
                      select(b3, V(0x1.007887af0cbbdp-56),
                             select(b2, V(0x1.1a62633145c07p-55), select(b1, V(0x1.a2b7f222f65e2p-56), V(0.0)))));
  const V r = div(select(b4, V(-1.0), sub(ax, c)), select(b4, ax, fma(c, ax, 1.0)));
  const V z = mul(r, r);
  V q = V(-0x1.e4167464d3de8p-7);
  q = fma(q, z, 0x1.0f62bba6a2558p-5);
  q = fma(q, z, -0x1.7001816fd063fp-5);
  q = fma(q, z, 0x1.ab59b417b2d3fp-5);
  q = fma(q, z, -0x1.e170800a46210p-5);
  q = fma(q, z, 0x1.110c9ce7b0572p-4);
  q = fma(q, z, -0x1.3b1375ce5bdc6p-4);
  q = fma(q, z, 0x1.745d154c84f7ap-4);
  q = fma(q, z, -0x1.c71c71bd2b8bcp-4);
  q = fma(q, z, 0x1.2492492485503p-3);
  q = fma(q, z, -0x1.99999999998c5p-3);
  q = fma(q, z, 0x1.5555555555555p-2);
  // hi + lo + r - r z Q, the small terms summed first; >= +0 for |x| >= +0 (r = +0 gives 0 - (0 - 0) = +0)
  return sub(hi, sub(sub(mul(r, mul(z, q)), lo), r));
}
}  // namespace detail

GPURNG_HD double atan(double x) {
  using namespace detail;
  const uint64_t sign = bits(x) & 0x8000000000000000ull;
  const double ax = from_bits64(bits(x) ^ sign);
  // NaN, +-inf, and |x| >= 2^66, where pi/2 - atan|x| < 2^-66 is far below half an ulp of pi/2: +-pi/2 rounded.
  // (Also keeps inf out of -1/|x| below, and NaN from passing through operations that may change its payload.)
  if (!(ax < 0x1p66)) return x != x ? x : from_bits64(bits(0x1.921fb54442d18p+0) | sign);
  return from_bits64(bits(atan_nonnegative(ax)) | sign);
}

// atan x for float: the double atan (within 1 ulp of double) rounded once to float, so within 1 ulp of float and
// correctly rounded but where atan x lies within about 2^-29 ulp of a midpoint between floats. NaN is returned as
// it came (a float -> double -> float trip may change its payload differently on the two backends).
GPURNG_HD float atanf(float x) {
  if (x != x) return x;
  return detail::to_float(pmath::atan(static_cast<double>(x)));  // float -> double is exact
}

// ---- error functions (double) ----

namespace detail {
// erf x for |x| <= 1/2: x (c0 + z Q(z)), z = x^2, Taylor coefficients, c0 = 2/sqrt(pi) in two pieces.
GPURNG_HD double erf_small(double x) {
  const double z = mul(x, x);
  double p = 0x1.9e6ad5e55a730p-34;
  p = fma(p, z, -0x1.51d7181c5d36dp-30);
  p = fma(p, z, 0x1.fcc5720624c1cp-27);
  p = fma(p, z, -0x1.5f742ec43e71ap-23);
  p = fma(p, z, 0x1.b9e6c9dc651a3p-20);
  p = fma(p, z, -0x1.f4d25c3e0c2ebp-17);
  p = fma(p, z, 0x1.f9a326f9b89b7p-14);
  p = fma(p, z, -0x1.c02db40040b86p-11);
  p = fma(p, z, 0x1.565bcd0e6a53fp-8);
  p = fma(p, z, -0x1.b82ce31288b51p-6);
  p = fma(p, z, 0x1.ce2f21a042be2p-4);
  p = fma(p, z, -0x1.812746b0379e7p-2);
  const double ph = mul(x, 0x1.20dd750429b6dp+0);
  const double pl = fma(x, 0x1.20dd750429b6dp+0, -ph);
  return add(ph, add(pl, mul(x, fma(z, p, 0x1.1ae3a914fed80p-56))));
}

// erfcx(x) = e^(x^2) erfc(x) on [0.4, 6.9): 13 pieces of width 1/2, each a degree-13 polynomial in
// x - (piece centre). Beyond 6.9, where erfc is below 2^-72, the last piece is extrapolated and accuracy
// falls.
// One list, two copies: the device needs its own (a __device__ array), the host a constexpr one.
// clang-format off
#define GPURNG_PMATH_ERFCX_TABLE \
  /* [0.4, 0.9) */ 0x1.17a514f6012d2p-1, -0x1.ac62372aa3cc5p-2, 0x1.18d71fa9e4a91p-2, -0x1.47c883726985fp-3, 0x1.5c9f1d164febdp-4, -0x1.572b85c00bab3p-5, 0x1.3c1f286aca691p-6, \
  -0x1.12c714acc674fp-7, 0x1.c5a383a7d1eadp-9, -0x1.6571729e1766ep-10, 0x1.0de6eb620c4c1p-11, -0x1.8832d2428e7d1p-13, 0x1.19c24afc4ca1dp-14, -0x1.7d7df6a24637dp-16, \
  /* [0.9, 1.4) */ 0x1.8f2e6f686cf4ep-2, -0x1.daafa7a758837p-3, 0x1.f8f288d401d5fp-4, -0x1.eb93ba12c7115p-5, 0x1.bc94c878dba27p-6, -0x1.798233d7df291p-7, 0x1.2f5a05a04c9ffp-8, \
  -0x1.d02fa229e6aabp-10, 0x1.53cbef97784d1p-11, -0x1.dddf69e0e1b52p-13, 0x1.43cb294c30fecp-14, -0x1.a828c4c3258d2p-16, 0x1.12ad00be237acp-17, -0x1.5209458de9187p-19, \
  /* [1.4, 1.9) */ 0x1.31d179008e32ap-2, -0x1.2485231da3351p-3, 0x1.01f4f0206b018p-4, -0x1.a918defe5c684p-6, 0x1.4a6ab6f795ee2p-7, -0x1.e802a91b3e4d5p-9, 0x1.584cd888b8fbdp-10, \
  -0x1.d23357d6eca16p-12, 0x1.2ffc2c66ad717p-13, -0x1.7ef4e6a656da8p-15, 0x1.d330e18b4b01cp-17, -0x1.14a5a501bfbc9p-18, 0x1.440d68bd5d11fp-20, -0x1.6b44eda0dbc11p-22, \
  /* [1.9, 2.4) */ 0x1.ec11372dd070ep-3, -0x1.86100f52346f3p-4, 0x1.22ffce08f9e54p-5, -0x1.9bf05f1c8ffaep-7, 0x1.16540540191ebp-8, -0x1.68c170373bf43p-10, 0x1.c24040b3590a3p-12, \
  -0x1.0f6b34a20ebc2p-13, 0x1.3cf3a30002cdbp-15, -0x1.67509a8a17b5fp-17, 0x1.8c3093792abc6p-19, -0x1.a9b2310c06c75p-21, 0x1.c4b3915b91aa6p-23, -0x1.cf8c302f0a044p-25, \
  /* [2.4, 2.9) */ 0x1.99fcfb8a0244ep-3, -0x1.13f74c58835ffp-4, 0x1.62aa7fd907fabp-6, -0x1.b554b7f6b868fp-8, 0x1.03bcb17cb777dp-9, -0x1.2a2c7adbc04e7p-11, 0x1.4bb79a17cfb7dp-13, \
  -0x1.6673663fc8c1ap-15, 0x1.78f96a477d05bp-17, -0x1.82820cac438dcp-19, 0x1.82e5bca067cf6p-21, -0x1.7aaa07fe9833dp-23, 0x1.6f17d7c4f681bp-25, -0x1.5870b4bb9ab57p-27, \
  /* [2.9, 3.4) */ 0x1.5e97e9a497acdp-3, -0x1.98ba6d84af0a5p-5, 0x1.cb84cff4dd4b1p-7, -0x1.f3cf56f5e619dp-9, 0x1.07ac878013a5fp-10, -0x1.0e799e8d5f1f1p-12, 0x1.0e44058bf530ap-14, \
  -0x1.07803d2cdd779p-16, 0x1.f611e15b530f8p-19, -0x1.d3fd30d813ef6p-21, 0x1.ab45dc64b9198p-23, -0x1.7e85b16313cd5p-25, 0x1.537f910d1b8f3p-27, -0x1.24e8d5f3325fdp-29, \
  /* [3.4, 3.9) */ 0x1.31d1fb9e62212p-3, -0x1.39bb20746be07p-5, 0x1.38a6e00f2e44ap-7, -0x1.2f51a223ef8adp-9, 0x1.1efcada650ba3p-11, -0x1.093c9276de374p-13, 0x1.df8f00022772fp-16, \
  -0x1.a893759273c1dp-18, 0x1.70882de847482p-20, -0x1.39ec187263893p-22, 0x1.06a424e519c96p-24, -0x1.b003eed7e0460p-27, 0x1.60873440e740ap-29, -0x1.18ad6d6aefd79p-31, \
  /* [3.9, 4.4) */ 0x1.0ef59d86c89f6p-3, -0x1.efa86547fdf6ep-6, 0x1.bac852c79c1d4p-8, -0x1.82e3d76ff76c4p-10, 0x1.4b12b3b5281fcp-12, -0x1.15c55d6162ac1p-14, 0x1.c97284898ff00p-17, \
  -0x1.7203478d866c9p-19, 0x1.263c76b3dd367p-21, -0x1.cc64a294880bfp-24, 0x1.62993689f992fp-26, -0x1.0d0d874a31085p-28, 0x1.9568c3dbd425ep-31, -0x1.2af25add3ac74p-33, \
  /* [4.4, 4.9) */ 0x1.e6329750bae7ap-4, -0x1.90d010e8de72ep-6, 0x1.440b6db9eb54ap-8, -0x1.012eb918efc11p-10, 0x1.911e9c0216abbp-13, -0x1.339b47e7f81d1p-15, 0x1.d0498cfbdc438p-18, \
  -0x1.590c27da68886p-20, 0x1.f95b5c6547d0cp-23, -0x1.6cdcd457e84d9p-25, 0x1.03d94686ef508p-27, -0x1.6d478b0d6ec44p-30, 0x1.fe3a47137b597p-33, -0x1.5db297ace32e2p-35, \
  /* [4.9, 5.4) */ 0x1.b8b39b74025c0p-4, -0x1.4a756f920c7f2p-6, 0x1.e78d13657bd70p-9, -0x1.6215b94287fe8p-11, 0x1.faab4dfd325dbp-14, -0x1.6555129de6164p-16, 0x1.f11b73698b0d8p-19, \
  -0x1.55350a3d3ff6ep-21, 0x1.ce6c7f15aacecp-24, -0x1.357d21d614830p-26, 0x1.9951ce3f5d071p-29, -0x1.0b8d3f2ac393bp-31, 0x1.5bc5c536a6f99p-34, -0x1.bc9ad3a01352bp-37, \
  /* [5.4, 5.9) */ 0x1.92e2c88b3b729p-4, -0x1.14ec3edb88461p-6, 0x1.776f91d7c5273p-9, -0x1.f63dd7b95f53cp-12, 0x1.4ba4b16736db1p-14, -0x1.b094a83817a35p-17, 0x1.16c11bb76e720p-19, \
  -0x1.631c444a92d4dp-22, 0x1.bf5251a96e9ccp-25, -0x1.16ae6f41e5a2dp-27, 0x1.57932f4639798p-30, -0x1.a33ed9be855a3p-33, 0x1.fcf357c5132eep-36, -0x1.306af9ef4c5a1p-38, \
  /* [5.9, 6.4) */ 0x1.72fa229790ea3p-4, -0x1.d695363927c9ep-7, 0x1.26edb6a74a7a9p-9, -0x1.6d71a6431b3f6p-12, 0x1.bfcb0e10176f4p-15, -0x1.0f65c5c6dc969p-17, 0x1.458a72ff5c681p-20, \
  -0x1.8286365a4dea4p-23, 0x1.c667939eb52f9p-26, -0x1.0889df8f3b25fp-28, 0x1.3120aca7e29dep-31, -0x1.5cbd1bd63bcf7p-34, 0x1.8cbbc408b633fp-37, -0x1.bd78b26b045a3p-40, \
  /* [6.4, 6.9) */ 0x1.57b43ce555cb9p-4, -0x1.949dff9065ff6p-7, 0x1.d76cea2040a0fp-10, -0x1.0fe37a995b321p-12, 0x1.36921814c3753p-15, -0x1.5f6760cf45ad2p-18, 0x1.89f25e09fb73ap-21, \
  -0x1.b5ade7203d89fp-24, 0x1.e2035ecb573f9p-27, -0x1.07271fb68681ap-29, 0x1.1cefbec90aa93p-32, -0x1.3202d417a6405p-35, 0x1.474400afb3abcp-38, -0x1.59ee7eeb890aep-41, \
  /* end */
// clang-format on
#if defined(__CUDACC__)
static __device__ const double kErfcxDevice[13 * 14] = {GPURNG_PMATH_ERFCX_TABLE};
#endif
static constexpr double kErfcxHost[13 * 14] = {GPURNG_PMATH_ERFCX_TABLE};
#undef GPURNG_PMATH_ERFCX_TABLE

GPURNG_HD double erfcx_mid(double x) {
#if defined(__CUDA_ARCH__)
  const double* T = kErfcxDevice;
#else
  const double* T = kErfcxHost;
#endif
  int i = static_cast<int>(mul(sub(x, 0.4), 2.0));
  i = i < 0 ? 0 : (i > 12 ? 12 : i);
  const double d = sub(x, fma(static_cast<double>(i), 0.5, 0.65));
  const double* c = T + 14 * i;
  double p = c[13];
  for (int k = 12; k >= 0; --k) p = fma(p, d, c[k]);
  return p;
}

// erfc x for x >= 0.4 (x <= ~6.9 at full accuracy): e^(-x^2) erfcx(x), with x^2 = a + b exactly and
// e^(-a-b) = e^(-a) (1 - b). ex receives e^(-x^2).
GPURNG_HD double erfc_mid(double x, double* ex) {
  const double a = mul(x, x);
  const double b = fma(x, x, -a);
  const double E = pmath::exp(-a);
  *ex = E;
  const double F = erfcx_mid(x);
  return mul(E, fma(-b, F, F));
}
}  // namespace detail

// erf and erfc for any double (accurate to about 1 ulp while |x| < 6.9; erfc beyond underflows
// anyway below 1e-22 where the last piece loses digits).
GPURNG_HD double erfc(double x);
GPURNG_HD double erf(double x) {
  using namespace detail;
  if (x != x) return x;
  const double ax = from_bits64(bits(x) & 0x7fffffffffffffffull);
  if (ax <= 0.5) return erf_small(x);
  double ex;
  const double r = ax >= 6.0 ? 1.0 : sub(1.0, erfc_mid(ax, &ex));
  return x < 0 ? -r : r;
}
GPURNG_HD double erfc(double x) {
  using namespace detail;
  if (x != x) return x;
  if (x < 0.4) {
    if (x > -0.5) return sub(1.0, erf_small(x));
    if (x < -6.0) return 2.0;
    double ex;
    return sub(2.0, erfc_mid(-x, &ex));
  }
  if (x > 27.3) return 0.0;
  double ex;
  return erfc_mid(x, &ex);
}

}  // namespace pmath
}  // namespace gpurng
