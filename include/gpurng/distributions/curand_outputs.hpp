// SPDX-License-Identifier: BSD-3-Clause
// cuRAND's conversions from raw generator words to uniforms, normals and log-normals, written from the
// formulas of cuRAND's curand_uniform.h and curand_normal.h and checked against the host generator
// (tests/curand_parity). Every function works on one group of raw words, so a fill can compute any
// output independently of its neighbours.
//
// Exactness. Integers and uniforms are exact (each uniform is one rounding of an exactly scaled integer,
// so FMA contraction cannot change it). Normals and log-normals use cuRAND's formulas with deterministic
// elementary functions instead of the C library's: Box-Muller's -2 log u and sin/cos from
// box_muller_math.hpp (about 1 ulp, cut for GPU throughput), exp and the inverse CDF from
// portable_math.hpp. So every backend (CPU threads, any SIMD copy, the GPU) gives IDENTICAL bits, and
// the outputs differ from cuRAND's host generator (glibc) by a few ulp at most (tests/curand_api bounds
// it; cuRAND's own device normals differ from its host normals by more). Two expressions are a multiply
// then an add whose product is inexact (the float Box-Muller angle, and z*stddev + mean); a fused
// multiply-add would round once instead of twice, so those products go through mul_rn(), which the
// compiler cannot contract.
//
// These functions are also the device API's (include/gpurng_kernel.h), which users compile with their own
// nvcc flags, contraction on by default. So every product on the device is one that cannot be fused with a
// neighbouring add, the caller's included: mul_rn, or pmath::detail::mul (__fmul_rn / __dmul_rn on the device)
// for the final r sin v, r cos v and the MRG32k3a angle; the products left plain are exact (power-of-two
// scalings), where a fused multiply-add gives the same value.
#pragma once

#include <math.h>
#include <stdint.h>

#include "gpurng/distributions/box_muller_math.hpp"
#include "gpurng/distributions/portable_math.hpp"
#include "gpurng/hd.hpp"

namespace gpurng {
namespace curand_out {

// a * b rounded on its own: the compiler may not fuse it into a following add, even under
// -ffp-contract=fast on an FMA target (host: the product passes through an empty asm; device: the _rn
// intrinsics are never contracted).
GPURNG_HD float mul_rn(float a, float b) {
#if defined(__CUDA_ARCH__)
  return __fmul_rn(a, b);
#else
  float p = a * b;
#if (defined(__GNUC__) || defined(__clang__)) && (defined(__x86_64__) || defined(__i386__))
  __asm__("" : "+x"(p));
#elif (defined(__GNUC__) || defined(__clang__)) && defined(__aarch64__)
  __asm__("" : "+w"(p));
#endif
  return p;
#endif
}
GPURNG_HD double mul_rn(double a, double b) {
#if defined(__CUDA_ARCH__)
  return __dmul_rn(a, b);
#else
  double p = a * b;
#if (defined(__GNUC__) || defined(__clang__)) && (defined(__x86_64__) || defined(__i386__))
  __asm__("" : "+x"(p));
#elif (defined(__GNUC__) || defined(__clang__)) && defined(__aarch64__)
  __asm__("" : "+w"(p));
#endif
  return p;
#endif
}

// cuRAND's constants, spelled as its header spells them: 2^-32 as a float literal, 2*pi rounded to
// float, and their product folded in float (= 2^-32 * 6.2831855f exactly, a power-of-two scaling).
constexpr float k2pow32Inv = 2.3283064e-10f;
constexpr float k2Pi = 6.2831855f;
constexpr float k2pow32Inv2Pi = 2.3283064e-10f * 6.2831855f;
constexpr double k2pow53Inv = 1.1102230246251565e-16;  // 2^-53
constexpr double kPi = 3.1415926535897932;

// ---- uniforms ----

// One word to (0, 1] in double: x * 2^-32 + 2^-32 (exact: 32 bits fit a double). cuRAND's curand_uniform_double
// of a Philox state uses this, one word per double (its host generator and curand_uniform2_double use hq below).
GPURNG_HD double uniform_f64_32(uint32_t x) {
#if defined(__CUDA_ARCH__)
  return __fma_rn(static_cast<double>(x), 2.3283064365386963e-10, 2.3283064365386963e-10);  // exact product
#else
  return static_cast<double>(x) * 2.3283064365386963e-10 + 2.3283064365386963e-10;
#endif
}

// 32-bit word to (0, 1]: x * 2^-32 + 2^-33 in float (x rounds to float first; >= 2^32 - 128 gives 1.0f).
// The product is exact (a power-of-two scaling), so one fma gives the same value: the device uses it
// (one instruction instead of two), the host the plain expression (no fma call where FMA is not built in).
GPURNG_HD float uniform_f32(uint32_t x) {
#if defined(__CUDA_ARCH__)
  return __fmaf_rn(static_cast<float>(x), k2pow32Inv, k2pow32Inv / 2.0f);
#else
  return static_cast<float>(x) * k2pow32Inv + k2pow32Inv / 2.0f;
#endif
}

// Two words to a 53-bit integer: w = x ^ (y << 21) < 2^53 (y fills bits 21..52, overlapping x's top 11
// bits); cuRAND's "hq" uniform is w * 2^-53 + 2^-54, in (0, 1).
GPURNG_HD uint64_t hq_bits(uint32_t x, uint32_t y) {
  return static_cast<uint64_t>(x) ^ (static_cast<uint64_t>(y) << 21);
}
GPURNG_HD double uniform_f64_hq(uint32_t x, uint32_t y) {
#if defined(__CUDA_ARCH__)
  return __fma_rn(static_cast<double>(hq_bits(x, y)), k2pow53Inv, k2pow53Inv / 2.0);  // exact product, as above
#else
  return static_cast<double>(hq_bits(x, y)) * k2pow53Inv + k2pow53Inv / 2.0;
#endif
}

struct f32x2 {
  float s, c;  // the sine output (first) and the cosine output (second)
};
struct f64x2 {
  double s, c;
};

// ---- Box-Muller, float ----

// r = sqrt(-2 log u) (the product by -2 is exact), outputs (r sin v, r cos v).
GPURNG_HD f32x2 box_muller_core_f32(float u, float v) {
  const float r = pmath::detail::sqrt(bm_math::neg2_log(u));
  f32x2 o;
  bm_math::sincos_box_muller(v, &o.s, &o.c);
  o.s = pmath::detail::mul(o.s, r);
  o.c = pmath::detail::mul(o.c, r);
  return o;
}

// XORWOW and Philox: words x, y -> u = uniform(x), angle v = y * 2pi 2^-32 + pi 2^-32 (in float),
// r = sqrtf(-2 logf u), outputs (r sin v, r cos v); u >= 2^-33, v in (0, 2pi].
GPURNG_HD f32x2 box_muller_f32(uint32_t x, uint32_t y) {
  const float u = uniform_f32(x);
  const float v = mul_rn(static_cast<float>(y), k2pow32Inv2Pi) + k2pow32Inv2Pi / 2.0f;
  return box_muller_core_f32(u, v);
}

// MRG32k3a: its own float uniforms u = fl(z0/m1), angle v = fl(z1/m1) * 2pi (float product).
GPURNG_HD f32x2 box_muller_mrg_f32(float u, float u2) { return box_muller_core_f32(u, pmath::detail::mul(u2, k2Pi)); }

// ---- Box-Muller, double ----

// XORWOW and Philox: four words; u = hq(x0, x1) * 2^-53 + 2^-54, v = hq(y0, y1) * 2^-52 + 2^-53 (the
// angle in units of pi, in (0, 2)). cuRAND's host generator computes sin(v * pi), cos(v * pi) of the
// rounded product (its device code uses sincospi, which differs near the zeros of sin and cos); this
// follows the host: bm_math::sincos_pi_times_box_muller gives the sine and cosine of fl(v pi) itself.
// Any V (a double, or the CPU backend's lane vector; portable_math.hpp's vocabulary).
template <typename V>
GPURNG_HD void box_muller_core_f64(const V& u, const V& v, V* s, V* c) {
  using namespace pmath::detail;
  const V r = sqrt(bm_math::neg2_log_double(u));
  bm_math::sincos_pi_times_box_muller(v, s, c);
  *s = mul(*s, r);
  *c = mul(*c, r);
}
GPURNG_HD f64x2 box_muller_core_f64(double u, double v) {
  f64x2 o;
  box_muller_core_f64(u, v, &o.s, &o.c);
  return o;
}
// The pair from the words' 53-bit integers hx = hq_bits(x0, x1), hy = hq_bits(y0, y1); any V as above, U its
// integers' type.
template <typename U, typename V>
GPURNG_HD void box_muller_hq(const U& hx, const U& hy, V* s, V* c) {
  using pmath::detail::to_double;
#if defined(__CUDA_ARCH__)
  const V u = __fma_rn(to_double(hx), k2pow53Inv, k2pow53Inv / 2.0);  // exact products, as uniform_f64_hq
  const V v = __fma_rn(to_double(hy), k2pow53Inv * 2.0, k2pow53Inv);
#else
  const V u = to_double(hx) * k2pow53Inv + k2pow53Inv / 2.0;
  const V v = to_double(hy) * (k2pow53Inv * 2.0) + k2pow53Inv;
#endif
  box_muller_core_f64(u, v, s, c);
}
GPURNG_HD f64x2 box_muller_f64(uint32_t x0, uint32_t x1, uint32_t y0, uint32_t y1) {
  f64x2 o;
  box_muller_hq(hq_bits(x0, x1), hq_bits(y0, y1), &o.s, &o.c);
  return o;
}

// MRG32k3a: u = z0/m1, v = 2 z1/m1 (in units of pi; the product by 2 is exact).
GPURNG_HD f64x2 box_muller_mrg_f64(double u, double u2) { return box_muller_core_f64(u, u2 * 2.0); }

// ---- scaling ----

GPURNG_HD float scale(float z, float mean, float stddev) { return mul_rn(z, stddev) + mean; }
GPURNG_HD double scale(double z, double mean, double stddev) { return mul_rn(z, stddev) + mean; }
GPURNG_HD float lognormal(float z, float mean, float stddev) { return pmath::expf(scale(z, mean, stddev)); }
GPURNG_HD double lognormal(double z, double mean, double stddev) { return pmath::exp(scale(z, mean, stddev)); }

}  // namespace curand_out
}  // namespace gpurng
