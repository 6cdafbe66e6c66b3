// SPDX-License-Identifier: BSD-3-Clause
// include/gpurng/distributions/portable_math.hpp and box_muller_math.hpp against references: glibc's double functions
// rounded to float (correctly rounded float results, but for the rarest ties) for the float functions, long double for
// the double ones.
// Dense samples of the ranges the generators use plus the special values; every case asserts an error bound in ulp and
// a minimum fraction of correctly rounded results, and prints what it measured (fraction correctly rounded, fraction
// equal to glibc's own function, largest error in ulp). Compiled with -ffp-contract=off, as the library is.
#include <gtest/gtest.h>

#include <cfloat>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <random>

#include "gpurng/distributions/box_muller_math.hpp"
#include "gpurng/distributions/portable_erfcinv.hpp"
#include "gpurng/distributions/portable_math.hpp"

namespace {

namespace pm = gpurng::pmath;
namespace bmm = gpurng::bm_math;

// box_muller_math.hpp's stated accuracy (its functions trade correct rounding for fewer instructions).
constexpr double kBoxMullerFloatUlp = 1.5, kBoxMullerDoubleUlp = 2.0;

float from_bits(uint32_t b) {
  float x;
  std::memcpy(&x, &b, 4);
  return x;
}
uint32_t to_bits(float x) {
  uint32_t b;
  std::memcpy(&b, &x, 4);
  return b;
}
int64_t ordered(float x) {
  int32_t i;
  std::memcpy(&i, &x, 4);
  return i < 0 ? -static_cast<int64_t>(i & 0x7fffffff) : i;
}
int64_t ordered(double x) {
  int64_t i;
  std::memcpy(&i, &x, 8);
  return i < 0 ? -(i & 0x7fffffffffffffffll) : i;
}
template <typename T>
int64_t ulps(T a, T b) {
  const int64_t d = ordered(a) - ordered(b);
  return d < 0 ? -d : d;
}
// |y - ref| in units of the last place of ref (rounded to T); ulp of the binade above for exact powers.
template <typename T>
double err_ulp(T y, long double ref) {
  const T r = static_cast<T>(ref);
  if (!std::isfinite(r) || r == 0) return y == r ? 0.0 : 1e9;
  const T up = std::nextafter(std::fabs(r), std::numeric_limits<T>::infinity());
  const long double u = static_cast<long double>(up) - std::fabs(r);
  return static_cast<double>(std::fabs((static_cast<long double>(y) - ref) / u));
}

struct stats {
  const char* name;
  bool has_libm = true;
  uint64_t n = 0, exact = 0, same_as_libm = 0;
  int64_t max_ulp = 0;
  double max_err = 0;
  template <typename T>
  void add(T y, T correctly_rounded, T libm, double err) {
    ++n;
    exact += (std::memcmp(&y, &correctly_rounded, sizeof(T)) == 0);
    same_as_libm += (std::memcmp(&y, &libm, sizeof(T)) == 0);
    const int64_t u = ulps(y, correctly_rounded);
    if (u > max_ulp) max_ulp = u;
    if (err > max_err) max_err = err;
  }
  double exact_pct() const { return 100.0 * double(exact) / double(n); }
  void print() const {
    char libm[32] = "   (no glibc function)";
    if (has_libm) std::snprintf(libm, sizeof libm, "%8.4f %% = glibc", 100.0 * double(same_as_libm) / double(n));
    std::printf("[ accuracy ] %-22s %10llu args: %8.4f %% correctly rounded, %s, max %lld ulp (%.3f)\n", name,
                static_cast<unsigned long long>(n), exact_pct(), libm, static_cast<long long>(max_ulp), max_err);
  }
};

// ---- float ----

// box_muller_math.hpp's -2 log u on Box-Muller's range: every 64th float in [2^-33, 1], all floats in
// [1 - 2^-10, 1] (where log u is smallest and the subinterval around 1 works), and the uniforms of random
// words (u = x 2^-32 + 2^-33, most of them in the upper binades).
TEST(BoxMullerMath, Neg2LogFloat) {
  stats s{"-2 log u (float)"};
  auto check = [&](float u) {
    const float y = bmm::neg2_log(u);
    const long double ref = -2 * std::log(static_cast<long double>(u));
    s.add(y, static_cast<float>(-2 * std::log(static_cast<double>(u))), -2.0f * ::logf(u), err_ulp(y, ref));
  };
  for (uint32_t b = to_bits(0x1p-33f); b <= 0x3f800000u; b += 64) check(from_bits(b));
  for (uint32_t b = to_bits(1.0f - 0x1p-10f); b <= 0x3f800000u; ++b) check(from_bits(b));
  std::mt19937 g(7);
  for (int i = 0; i < (1 << 22); ++i) check(static_cast<float>(g()) * 0x1p-32f + 0x1p-33f);
  s.print();
  EXPECT_LT(s.max_err, kBoxMullerFloatUlp);
  EXPECT_EQ(to_bits(bmm::neg2_log(1.0f)), 0u);
  EXPECT_EQ(bmm::neg2_log(0.5f), static_cast<float>(2 * std::log(2.0)));
}

// sin and cos of the float Box-Muller angle: every 64th float in (0, 2 pi], every float within 2^14 ulp
// of the multiples of pi/2 (where the reduction cancels), the first floats above 0, and the angles of
// random words (v = y 2pi 2^-32 + pi 2^-32).
TEST(BoxMullerMath, SincosFloat) {
  stats ss{"sin v (float)"}, sc{"cos v (float)"};
  auto check = [&](float x) {
    float ys, yc, gs, gc;
    bmm::sincos_box_muller(x, &ys, &yc);
    ::sincosf(x, &gs, &gc);
    const long double rs = std::sin(static_cast<long double>(x)), rc = std::cos(static_cast<long double>(x));
    ss.add(ys, static_cast<float>(std::sin(static_cast<double>(x))), gs, err_ulp(ys, rs));
    sc.add(yc, static_cast<float>(std::cos(static_cast<double>(x))), gc, err_ulp(yc, rc));
  };
  const uint32_t top = to_bits(6.2831855f);  // 2 pi rounded up: the largest angle
  for (uint32_t b = 1; b <= top; b += 64) check(from_bits(b));
  for (float c : {1.5707964f, 3.1415927f, 4.712389f, 6.2831855f}) {
    const uint32_t m = to_bits(c);
    for (uint32_t b = m - 16384; b <= m + 16384; ++b) check(from_bits(b));
  }
  for (uint32_t b = 1; b < 65536; ++b) check(from_bits(b));
  std::mt19937 g(8);
  for (int i = 0; i < (1 << 22); ++i)
    check(static_cast<float>(g()) * (0x1p-32f * 6.2831855f) + 0x1p-32f * 6.2831855f / 2.0f);
  ss.print();
  sc.print();
  EXPECT_LT(ss.max_err, kBoxMullerFloatUlp);
  EXPECT_LT(sc.max_err, kBoxMullerFloatUlp);
}

TEST(PortableMath, ExpfFullRange) {
  // Every 64th float in [-104, 89] (the log-normal's exp), results normal, subnormal, 0 and +inf.
  stats s{"expf [-104,89]"};
  double max_sub = 0;
  auto check = [&](float x) {
    const float y = pm::expf(x);
    const float cr = static_cast<float>(std::exp(static_cast<double>(x)));
    const long double ref = std::exp(static_cast<long double>(x));
    if (!std::isfinite(cr) || cr < FLT_MIN) {  // overflow, underflow, subnormal: within one ulp
      ASSERT_EQ(std::isinf(y), std::isinf(cr)) << x;
      ASSERT_LE(ulps(y, cr), 1) << x;
      if (cr != 0 && std::isfinite(cr)) max_sub = std::max(max_sub, std::fabs(double(y) - double(ref)) / 0x1p-149);
      return;
    }
    s.add(y, cr, ::expf(x), err_ulp(y, ref));
  };
  for (uint32_t b = 0; b <= to_bits(89.0f); b += 64) check(from_bits(b));
  for (uint32_t b = 0x80000000u; b <= to_bits(-104.0f); b += 64) check(from_bits(b));
  for (uint32_t b = to_bits(88.0f); b <= to_bits(89.0f); ++b) check(from_bits(b));
  for (uint32_t b = to_bits(-87.0f); b <= to_bits(-104.5f); ++b) check(from_bits(b));
  s.print();
  std::printf("[ accuracy ] expf subnormal results: max error %.3f of 2^-149\n", max_sub);
  EXPECT_LE(s.max_ulp, 1);
  EXPECT_LT(s.max_err, 0.8);
  EXPECT_GT(s.exact_pct(), 99.8);
  EXPECT_EQ(pm::expf(0.0f), 1.0f);
  EXPECT_LE(ulps(pm::expf(88.72283f), static_cast<float>(std::exp(static_cast<double>(88.72283f)))), 1);  // finite
  EXPECT_EQ(pm::expf(88.72284f), INFINITY);
  EXPECT_EQ(pm::expf(1000.0f), INFINITY);
  EXPECT_EQ(pm::expf(-1000.0f), 0.0f);
  EXPECT_EQ(pm::expf(-103.9f), 0x1p-149f);
  EXPECT_TRUE(std::isnan(pm::expf(NAN)));
}

// ---- double ----

constexpr int kDoubleSamples = 1 << 21;

TEST(PortableMath, LogDouble) {
  std::mt19937_64 g(1);
  stats s{"log (0,1)"};
  for (int i = 0; i < kDoubleSamples; ++i) {
    double u = (static_cast<double>(g() >> 11) + 0.5) * 0x1p-53;  // Box-Muller's hq uniform
    if (i & 1) u = std::ldexp(u, -static_cast<int>(g() % 64));
    const double y = pm::log(u);
    const long double ref = std::log(static_cast<long double>(u));
    s.add(y, static_cast<double>(ref), std::log(u), err_ulp(y, ref));
  }
  s.print();
  EXPECT_LE(s.max_ulp, 1);
  EXPECT_GT(s.exact_pct(), 94.0);
  EXPECT_EQ(pm::log(1.0), 0.0);
  EXPECT_EQ(pm::log(0.0), -INFINITY);
  EXPECT_TRUE(std::isnan(pm::log(-1.0)));
  EXPECT_LE(ulps(pm::log(0x1p-54), static_cast<double>(-54 * std::log(2.0L))), 1);
  EXPECT_LE(ulps(pm::log(DBL_TRUE_MIN), static_cast<double>(-1074 * std::log(2.0L))), 1);
}

TEST(BoxMullerMath, Neg2LogDouble) {
  std::mt19937_64 g(1);
  stats s{"-2 log u (double)"};
  auto check = [&](double u) {
    const double y = bmm::neg2_log(u);
    const long double ref = -2 * std::log(static_cast<long double>(u));
    s.add(y, static_cast<double>(ref), -2 * std::log(u), err_ulp(y, ref));
  };
  for (int i = 0; i < kDoubleSamples; ++i) {
    double u = (static_cast<double>(g() >> 11) + 0.5) * 0x1p-53;  // Box-Muller's hq uniform
    if (i & 1) u = std::ldexp(u, -static_cast<int>(g() % 64));
    check(u);
  }
  for (int k = 1; k < 100000; ++k) check(1.0 - k * 0x1p-53);  // next to 1
  s.print();
  EXPECT_LT(s.max_err, kBoxMullerDoubleUlp);
  EXPECT_EQ(bmm::neg2_log(1.0), 0.0);
  EXPECT_EQ(bmm::neg2_log(0.5), static_cast<double>(2 * std::log(2.0L)));
}

TEST(PortableMath, ExpDouble) {
  std::mt19937_64 g(2);
  stats s{"exp [-708,709]"};
  for (int i = 0; i < kDoubleSamples; ++i) {
    const double r = static_cast<double>(g() >> 11) * 0x1p-53;
    const double x = (i & 1) ? r * 1417.0 - 708.0 : r * 2.0 - 1.0;
    const double y = pm::exp(x);
    const long double ref = std::exp(static_cast<long double>(x));
    s.add(y, static_cast<double>(ref), std::exp(x), err_ulp(y, ref));
  }
  s.print();
  EXPECT_LE(s.max_ulp, 1);
  EXPECT_GT(s.exact_pct(), 98.0);
  EXPECT_EQ(pm::exp(0.0), 1.0);
  EXPECT_EQ(pm::exp(710.0), INFINITY);
  EXPECT_EQ(pm::exp(-746.0), 0.0);
  EXPECT_LE(ulps(pm::exp(709.78), std::exp(709.78)), 1);
  EXPECT_LE(ulps(pm::exp(-740.0), std::exp(-740.0)), 1);  // subnormal
  EXPECT_LE(ulps(pm::exp(-745.0), std::exp(-745.0)), 1);
}

// sin and cos of x = fl(v pi), the angle cuRAND's host generator passes to sin and cos, for v = Box-Muller's
// angle in units of pi, (0, 2), and next to the multiples of 1/2 (where the reduction cancels).
TEST(BoxMullerMath, SincosOfPiProductDouble) {
  std::mt19937_64 g(3);
  stats ps{"sin(fl(v pi))"}, pc{"cos(fl(v pi))"};
  auto check = [&](double v) {
    double ys, yc, gs, gc;
    bmm::sincos_pi_times_box_muller(v, &ys, &yc);
    const double x = v * 3.141592653589793;
    ::sincos(x, &gs, &gc);
    const long double rs = std::sin(static_cast<long double>(x)), rc = std::cos(static_cast<long double>(x));
    ps.add(ys, static_cast<double>(rs), gs, err_ulp(ys, rs));
    pc.add(yc, static_cast<double>(rc), gc, err_ulp(yc, rc));
  };
  for (int i = 0; i < kDoubleSamples; ++i) check((static_cast<double>(g() >> 11) + 0.5) * 0x1p-52);
  for (double c : {0.5, 1.0, 1.5, 2.0})
    for (int k = -2000; k <= 2000; ++k) check(c + k * 0x1p-52);
  for (int k = 1; k < 2000; ++k) check(k * 0x1p-53);
  for (const stats* s : {&ps, &pc}) {
    s->print();
    EXPECT_LT(s->max_err, kBoxMullerDoubleUlp) << s->name;
  }
}

TEST(PortableMath, ErfErfcErfcinv) {
  std::mt19937_64 g(4);
  stats se{"erf [-6.5,6.5]"}, sc{"erfc [-6.5,6.5]"}, si{"erfcinv (0,2)"};
  si.has_libm = false;
  for (int i = 0; i < kDoubleSamples / 4; ++i) {
    double x = static_cast<double>(g() >> 11) * 0x1p-53 * 6.5;
    if (i & 1) x = -x;
    const double y = pm::erf(x), yc = pm::erfc(x);
    const long double r = std::erf(static_cast<long double>(x)), rc = std::erfc(static_cast<long double>(x));
    se.add(y, static_cast<double>(r), std::erf(x), err_ulp(y, r));
    sc.add(yc, static_cast<double>(rc), std::erfc(x), err_ulp(yc, rc));
  }
  // erfcinv at Sobol's arguments q = 2p, p = x 2^-32 + 2^-33 or t 2^-53 + 2^-54, and log-uniform q.
  // Reference: two Newton steps in long double from our value.
  for (int i = 0; i < kDoubleSamples / 4; ++i) {
    const uint64_t r = g();
    double q;
    switch (i % 3) {
      case 0:
        q = 2 * (static_cast<double>(r >> 32) * 0x1p-32 + 0x1p-33);
        break;
      case 1:
        q = 2 * (static_cast<double>(r >> 11) * 0x1p-53 + 0x1p-54);
        break;
      default:
        q = std::ldexp((static_cast<double>(r >> 11) + 0.5) * 0x1p-53, -static_cast<int>(g() % 53));
        break;
    }
    const double y = pm::erfcinv(q);
    long double x = y;
    for (int k = 0; k < 2; ++k) x += (std::erfc(x) - q) / (1.12837916709551257389615890312154517L * std::exp(-x * x));
    si.add(y, static_cast<double>(x), y, err_ulp(y, x));
  }
  se.print();
  sc.print();
  si.print();
  EXPECT_LE(se.max_ulp, 2);
  EXPECT_LE(sc.max_ulp, 4);
  EXPECT_LE(si.max_ulp, 2);
  EXPECT_GT(si.exact_pct(), 80.0);
  EXPECT_EQ(pm::erfcinv(1.0), 0.0);
  EXPECT_EQ(pm::erfcinv(0.0), INFINITY);
  EXPECT_LE(ulps(pm::erfcinv(0x1p-53), 5.8635847487551676), 2);  // erfcinv(2^-53), mpmath
}

// erfcinv_to_float is defined as the double erfcinv rounded to float; its cheaper first guess must never change
// that. Every float q = 2p of the Sobol' float normals near the ends of the range, a random sample of the rest, the
// piece boundaries (half binades) of the guess, and arguments outside its range (where the double function runs).
// tests/unit/erfcinv_float_exhaustive.cu checks all 2^31 + 1 Sobol' arguments on the GPU.
TEST(PortableMath, ErfcinvToFloatIsTheDoubleFunctionRounded) {
  auto sobol_q = [](uint32_t x) {  // sobol::detail::normal_float32's argument for a mirrored word x <= 2^31
    const float p = static_cast<float>(x) * 2.3283064e-10f + 2.3283064e-10f / 2.0f;
    return 2.0f * p;
  };
  uint64_t n = 0, differ = 0;
  auto check = [&](float q) {
    const float got = pm::erfcinv_to_float(q), want = static_cast<float>(pm::erfcinv(static_cast<double>(q)));
    ++n;
    if (std::memcmp(&got, &want, 4) != 0 && !(std::isnan(got) && std::isnan(want))) {
      if (++differ <= 5) ADD_FAILURE() << "q = " << std::hexfloat << q << ": " << got << " against " << want;
    }
  };
  for (uint32_t x = 0; x < (1u << 20); ++x) check(sobol_q(x));                 // the deep tail, q < 2^-11
  for (uint32_t x = 0; x <= (1u << 20); ++x) check(sobol_q(0x80000000u - x));  // q near 1
  std::mt19937_64 g(6);
  for (int i = 0; i < (1 << 22); ++i) check(sobol_q(static_cast<uint32_t>(g() >> 33)));
  for (int k = -32; k <= 0; ++k)
    for (float m : {1.0f, 1.5f}) {
      const float q = std::ldexp(m, k);
      for (float e : {std::nextafter(q, 0.0f), q, std::nextafter(q, 2.0f)}) check(e);
    }
  for (float q : {0.0f, 0x1p-40f, std::nextafter(0x1p-32f, 0.0f), 1.0f, std::nextafter(1.0f, 2.0f), 1.5f,
                  std::nextafter(2.0f, 0.0f), 2.0f, 3.0f, -1.0f, std::nanf("")})
    check(q);
  std::printf("erfcinv_to_float: %llu arguments, %llu differ from the double function rounded\n",
              static_cast<unsigned long long>(n), static_cast<unsigned long long>(differ));
  EXPECT_EQ(differ, 0u);
  EXPECT_EQ(pm::erfcinv_to_float(1.0f), 0.0f);
  EXPECT_EQ(pm::erfcinv_to_float(0.0f), INFINITY);
  EXPECT_EQ(pm::erfcinv_to_float(2.0f), -INFINITY);
}

// atan over [1e-300, 1e300] of both signs: log-spaced and log-uniform random magnitudes, uniform random arguments in
// [-4, 4] (where the reduction's intervals lie), and the floats next to the intervals' ends 7/16, 11/16, 19/16, 39/16.
TEST(PortableMath, AtanDouble) {
  std::mt19937_64 g(5);
  stats s{"atan [-1e300,1e300]"};
  auto check = [&](double x) {
    const double y = pm::atan(x);
    const long double ref = std::atan(static_cast<long double>(x));
    s.add(y, static_cast<double>(ref), std::atan(x), err_ulp(y, ref));
  };
  const double lo = std::log(1e-300), hi = std::log(1e300);
  for (int i = 0; i < kDoubleSamples; ++i) {  // log-spaced
    const double x = std::exp(lo + (hi - lo) * i / (kDoubleSamples - 1));
    check((i & 1) ? -x : x);
  }
  for (int i = 0; i < kDoubleSamples; ++i) {  // log-uniform random
    const double x = std::exp(lo + (hi - lo) * (static_cast<double>(g() >> 11) * 0x1p-53));
    check((i & 1) ? -x : x);
  }
  for (int i = 0; i < kDoubleSamples; ++i) check((static_cast<double>(g() >> 11) * 0x1p-53 - 0.5) * 8.0);
  for (double c : {0.4375, 0.6875, 1.1875, 2.4375}) {
    double x = c, xm = c;
    for (int k = 0; k < 1000; ++k, x = std::nextafter(x, 4.0), xm = std::nextafter(xm, 0.0)) {
      check(x);
      check(-xm);
    }
  }
  s.print();
  EXPECT_LE(s.max_ulp, 2);
  EXPECT_LT(s.max_err, 2.0);
  // special values: signed zeros, +-1 (pi/4), +-inf and huge (pi/2), tiny (x itself), NaN
  const double pio2 = static_cast<double>(std::atan(static_cast<long double>(INFINITY)));
  const double pio4 = static_cast<double>(std::atan(1.0L));
  EXPECT_EQ(std::signbit(pm::atan(0.0)), false);
  EXPECT_EQ(pm::atan(0.0), 0.0);
  EXPECT_EQ(std::signbit(pm::atan(-0.0)), true);
  EXPECT_EQ(pm::atan(-0.0), 0.0);
  EXPECT_EQ(pm::atan(1.0), pio4);
  EXPECT_EQ(pm::atan(-1.0), -pio4);
  EXPECT_EQ(pm::atan(INFINITY), pio2);
  EXPECT_EQ(pm::atan(-INFINITY), -pio2);
  EXPECT_EQ(pm::atan(1e300), pio2);
  EXPECT_EQ(pm::atan(-DBL_MAX), -pio2);
  EXPECT_EQ(pm::atan(0x1p66), pio2);
  EXPECT_EQ(pm::atan(1e-300), 1e-300);
  EXPECT_EQ(pm::atan(-DBL_MIN), -DBL_MIN);
  EXPECT_EQ(pm::atan(DBL_TRUE_MIN), DBL_TRUE_MIN);
  EXPECT_EQ(pm::atan(0x1p-27), 0x1p-27);
  EXPECT_TRUE(std::isnan(pm::atan(NAN)));
  EXPECT_TRUE(std::isnan(pm::atan(-NAN)));
}

// atanf: every 256th float of both signs (all magnitudes, subnormals included: log-spaced), random float bit patterns
// (log-uniform), and uniform random arguments in [-4, 4]; the reference is the long double atan rounded to float.
TEST(PortableMath, AtanFloat) {
  std::mt19937 g(6);
  stats s{"atanf (all floats)"};
  auto check = [&](float x) {
    const float y = pm::atanf(x);
    const long double ref = std::atan(static_cast<long double>(x));
    s.add(y, static_cast<float>(ref), ::atanf(x), err_ulp(y, ref));
  };
  for (uint32_t b = 0; b < 0x7f800000u; b += 256) {
    check(from_bits(b));
    check(from_bits(b | 0x80000000u));
  }
  for (int i = 0; i < (1 << 21); ++i) {
    uint32_t b = g();
    if ((b & 0x7f800000u) == 0x7f800000u) b ^= 0x40000000u;  // no inf / NaN
    check(from_bits(b));
  }
  for (int i = 0; i < (1 << 21); ++i) check((static_cast<float>(g() >> 8) * 0x1p-24f - 0.5f) * 8.0f);
  s.print();
  EXPECT_LE(s.max_ulp, 1);
  EXPECT_LT(s.max_err, 1.0);
  EXPECT_GT(s.exact_pct(), 99.99);
  const float pio2 = static_cast<float>(std::atan(static_cast<long double>(INFINITY)));
  const float pio4 = static_cast<float>(std::atan(1.0L));
  EXPECT_EQ(to_bits(pm::atanf(0.0f)), 0u);
  EXPECT_EQ(to_bits(pm::atanf(-0.0f)), 0x80000000u);
  EXPECT_EQ(pm::atanf(1.0f), pio4);
  EXPECT_EQ(pm::atanf(-1.0f), -pio4);
  EXPECT_EQ(pm::atanf(INFINITY), pio2);
  EXPECT_EQ(pm::atanf(-INFINITY), -pio2);
  EXPECT_EQ(pm::atanf(1e30f), pio2);
  EXPECT_EQ(pm::atanf(-FLT_MAX), -pio2);
  EXPECT_EQ(pm::atanf(1e-30f), 1e-30f);
  EXPECT_EQ(pm::atanf(-FLT_MIN), -FLT_MIN);
  EXPECT_EQ(pm::atanf(FLT_TRUE_MIN), FLT_TRUE_MIN);
  EXPECT_TRUE(std::isnan(pm::atanf(NAN)));
  EXPECT_TRUE(std::isnan(pm::atanf(-NAN)));
}

}  // namespace
