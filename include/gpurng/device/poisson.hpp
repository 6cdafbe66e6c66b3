// SPDX-License-Identifier: BSD-3-Clause
// Device API: curand_poisson's algorithm for the XORWOW, MRG32k3a and Philox4_32_10 states (gpurng_poisson,
// gpurng_poisson4), in the two normal modes of gpurng/device/box_muller.hpp.
//
// cuRAND's device function picks by lambda: below 64 Knuth's product of uniforms (p = e^lambda, multiplied by
// uniforms until p <= 1; the count of factors minus one); above 4000 the normal approximation
// (unsigned)(sqrt(lambda) z + lambda + 0.5) with z = curand_normal_double; in between a rejection method on an
// approximation of the regularised incomplete gamma function, two uniforms a trial. The uniforms and the double
// normal are the engine's own calls (so they consume the state's words, and its normal cache, as cuRAND's do).
//   cuRAND-device mode (device code): the same expressions with the same CUDA functions and approximate PTX
//     instructions (ex2/lg2/rsqrt/rcp.approx.ftz) as cuRAND: cuRAND's device bits.
//   portable mode (and host code): the same algorithm with the library's deterministic math (pmath's expf, log;
//     IEEE division and square root for the reciprocals; every product and sum an explicit unfused operation),
//     the same bits on the CPU and the GPU. These agree with cuRAND's values in distribution, and mostly in value,
//     but not bit for bit (the approximate instructions have no exact portable definition).
// The host API's gpurngGeneratePoisson is another definition (the inverse CDF of one word, gpurng.h): its numbers
// are not these.
#pragma once

#include <stdint.h>

#include "gpurng/device/box_muller.hpp"
#include "gpurng/device/mrg32k3a.hpp"
#include "gpurng/device/philox.hpp"
#include "gpurng/device/vector_types.hpp"
#include "gpurng/device/xorwow.hpp"
#include "gpurng/distributions/portable_math.hpp"
#include "gpurng/hd.hpp"

namespace gpurng {
namespace device_poisson {

namespace pd = pmath::detail;

#if GPURNG_DEVICE_NORMALS_CURAND
// cuRAND's approximate helpers (curand_poisson.h), as the hardware computes them.
__device__ __forceinline__ float approx_rsqrt(float a) {
  asm("rsqrt.approx.f32.ftz %0, %1;" : "=f"(a) : "f"(a));
  return a;
}
__device__ __forceinline__ float approx_exp(float a) {
  a = a * 1.4426950408889634074;
  asm("ex2.approx.f32.ftz %0, %1;" : "=f"(a) : "f"(a));
  return a;
}
__device__ __forceinline__ float approx_log(float a) {
  asm("lg2.approx.f32.ftz %0, %1;" : "=f"(a) : "f"(a));
  a = a * 0.69314718055994530942;
  return a;
}
__device__ __forceinline__ float approx_rcp(float a) {
  asm("rcp.approx.f32.ftz %0, %1;" : "=f"(a) : "f"(a));
  return a;
}
#endif

// The constants of cuRAND's two-level fit of the regularised gamma function P(a, x).
constexpr float kMa1 = 1.43248035075540910f, kMa2 = 0.12400979329415655f, kMa3 = 0.00025361074907033f;
constexpr float kMb1 = 0.21096734870196546f, kMb2 = 1.97381164089999420f, kMb3 = 0.94201734077887530f;
// ln((a-1)!) for a = 1..8, and cuRAND's value for other a <= 8 (a switch: a namespace-scope array is not
// readable from device code).
GPURNG_HD double lgamma_small(int a) {
  switch (a) {
    case 1:
    case 2:
      return 0.0;
    case 3:
      return 6.931471805599453094e-1;
    case 4:
      return 1.791759469228055001e0;
    case 5:
      return 3.178053830347945620e0;
    case 6:
      return 4.787491742782045994e0;
    case 7:
      return 6.579251212010100995e0;
    case 8:
      return 8.525161361065414300e0;
    default:
      return 1.060460290274525023e1;
  }
}

// Portable forms of the helpers.
GPURNG_HD float p_rsqrt(float a) { return pd::div(1.0f, pd::sqrt(a)); }
GPURNG_HD float p_rcp(float a) { return pd::div(1.0f, a); }
GPURNG_HD float p_exp(float a) { return pmath::expf(a); }
GPURNG_HD float p_log(float a) { return static_cast<float>(pmath::log(static_cast<double>(a))); }

#if GPURNG_DEVICE_NORMALS_CURAND
#define GPURNG_P_RSQRT approx_rsqrt
#define GPURNG_P_RCP approx_rcp
#define GPURNG_P_EXP approx_exp
#define GPURNG_P_LOG approx_log
#else
#define GPURNG_P_RSQRT p_rsqrt
#define GPURNG_P_RCP p_rcp
#define GPURNG_P_EXP p_exp
#define GPURNG_P_LOG p_log
#endif

// P(a, x) ~ 1 / (1 + exp(alpha (a - x) - beta))^2.
GPURNG_HD float pgammainc(float a, float x) {
#if GPURNG_DEVICE_NORMALS_CURAND
  float alpha = GPURNG_P_RSQRT(a - kMa2);
  alpha = kMa1 * alpha + kMa3;
  float beta = GPURNG_P_RSQRT(a - kMb2);
  beta = kMb1 * beta + kMb3;
  float t = a - x;
  t = alpha * t - beta;
  t = 1.0f + GPURNG_P_EXP(t);
  t = t * t;
  return GPURNG_P_RCP(t);
#else
  const float alpha = pd::add(pd::mul(kMa1, p_rsqrt(pd::sub(a, kMa2))), kMa3);
  const float beta = pd::add(pd::mul(kMb1, p_rsqrt(pd::sub(a, kMb2))), kMb3);
  float t = pd::sub(pd::mul(alpha, pd::sub(a, x)), beta);
  t = pd::add(1.0f, p_exp(t));
  return p_rcp(pd::mul(t, t));
#endif
}
// Its inverse in x.
GPURNG_HD float pgammaincinv(float a, float y) {
#if GPURNG_DEVICE_NORMALS_CURAND
  float alpha = GPURNG_P_RSQRT(a - kMa2);
  alpha = kMa1 * alpha + kMa3;
  float beta = GPURNG_P_RSQRT(a - kMb2);
  beta = kMb1 * beta + kMb3;
  float t = GPURNG_P_RSQRT(y) - 1.0f;
  t = GPURNG_P_LOG(t);
  t = beta + t;
  t = -t * GPURNG_P_RCP(alpha) + a;
  return t;
#else
  const float alpha = pd::add(pd::mul(kMa1, p_rsqrt(pd::sub(a, kMa2))), kMa3);
  const float beta = pd::add(pd::mul(kMb1, p_rsqrt(pd::sub(a, kMb2))), kMb3);
  float t = p_log(pd::sub(p_rsqrt(y), 1.0f));
  t = pd::add(beta, t);
  return pd::add(pd::mul(-t, p_rcp(alpha)), a);
#endif
}

// ln((a-1)!) for a >= 1: a table to 9, Stirling's series (Hart et al. 5404) above.
GPURNG_HD double lgamma_integer(int a) {
  const double fa = static_cast<double>(a < 0 ? -a : a);
  if (a <= 8) return lgamma_small(a);
#if GPURNG_DEVICE_NORMALS_CURAND
  double s = 1.0 / fa;
  double t = s * s;
  double sum = -0.1633436431e-2;
  sum = sum * t + 0.83645878922e-3;
  sum = sum * t - 0.5951896861197e-3;
  sum = sum * t + 0.793650576493454e-3;
  sum = sum * t - 0.277777777735865004e-2;
  sum = sum * t + 0.833333333333331018375e-1;
  sum = sum * s + 0.918938533204672;
  s = 0.5 * log(fa);
  t = fa - 0.5;
  s = s * t;
  t = s - fa;
  s = s + sum;
  t = t + s;
  return t;
#else
  const double s = pd::div(1.0, fa);
  const double t = pd::mul(s, s);
  double sum = -0.1633436431e-2;
  sum = pd::add(pd::mul(sum, t), 0.83645878922e-3);
  sum = pd::sub(pd::mul(sum, t), 0.5951896861197e-3);
  sum = pd::add(pd::mul(sum, t), 0.793650576493454e-3);
  sum = pd::sub(pd::mul(sum, t), 0.277777777735865004e-2);
  sum = pd::add(pd::mul(sum, t), 0.833333333333331018375e-1);
  sum = pd::add(pd::mul(sum, s), 0.918938533204672);
  const double h = pd::mul(pd::mul(0.5, pmath::log(fa)), pd::sub(fa, 0.5));
  return pd::add(pd::sub(h, fa), pd::add(h, sum));  // (h - fa) + (h + sum), grouped as cuRAND's t + s
#endif
}

template <class State>
GPURNG_HD unsigned int knuth(State* st, float lambda) {
  unsigned int k = 0;
#if GPURNG_DEVICE_NORMALS_CURAND
  float p = expf(lambda);
#else
  float p = pmath::expf(lambda);
#endif
  do {
    ++k;
    p = pd::mul(p, gpurng_uniform(st));
  } while (p > 1.0);
  return k - 1;
}

template <class State>
GPURNG_HD unsigned int gammainc(State* st, float lambda) {
  const float logl = GPURNG_P_LOG(lambda);
  for (;;) {
    const float y = gpurng_uniform(st);
    float x = pgammaincinv(lambda, y);
    x = floorf(x);
    float z = gpurng_uniform(st);
#if GPURNG_DEVICE_NORMALS_CURAND
    const float v = (pgammainc(lambda, x + 1.0f) - pgammainc(lambda, x)) * 1.3f;
    z = z * v;
    const float t = static_cast<float>(
        GPURNG_P_EXP(-lambda + x * logl - static_cast<float>(lgamma_integer(static_cast<int>(1.0f + x)))));
#else
    const float v = pd::mul(pd::sub(pgammainc(lambda, pd::add(x, 1.0f)), pgammainc(lambda, x)), 1.3f);
    z = pd::mul(z, v);
    const float e = pd::sub(pd::add(-lambda, pd::mul(x, logl)),
                            static_cast<float>(lgamma_integer(static_cast<int>(pd::add(1.0f, x)))));
    const float t = p_exp(e);
#endif
    if ((z < t) && (v >= 1e-20)) return static_cast<unsigned int>(x);
  }
}

template <class State>
GPURNG_HD unsigned int from_normal(State* st, double lambda) {
  const double z = gpurng_normal_double(st);
#if GPURNG_DEVICE_NORMALS_CURAND
  return static_cast<unsigned int>((sqrt(lambda) * z) + lambda + 0.5);
#else
  return static_cast<unsigned int>(pd::add(pd::add(pd::mul(pd::sqrt(lambda), z), lambda), 0.5));
#endif
}

template <class State>
GPURNG_HD unsigned int poisson(State* st, double lambda) {
  if (lambda < 64) return knuth(st, static_cast<float>(lambda));
  if (lambda > 4000) return from_normal(st, lambda);
  return gammainc(st, static_cast<float>(lambda));
}

#undef GPURNG_P_RSQRT
#undef GPURNG_P_RCP
#undef GPURNG_P_EXP
#undef GPURNG_P_LOG

}  // namespace device_poisson
}  // namespace gpurng

/** A Poisson variate with mean lambda (0 < lambda; curand_poisson): see the top of this file for the method and
 *  which bits equal cuRAND's. Consumes a variable number of the state's uniforms (or one double normal). */
GPURNG_HD unsigned int gpurng_poisson(gpurngStateXORWOW_t* state, double lambda) {
  return gpurng::device_poisson::poisson(state, lambda);
}
GPURNG_HD unsigned int gpurng_poisson(gpurngStateMRG32k3a_t* state, double lambda) {
  return gpurng::device_poisson::poisson(state, lambda);
}
GPURNG_HD unsigned int gpurng_poisson(gpurngStatePhilox4_32_10_t* state, double lambda) {
  return gpurng::device_poisson::poisson(state, lambda);
}
