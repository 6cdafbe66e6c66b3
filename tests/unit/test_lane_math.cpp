// SPDX-License-Identifier: BSD-3-Clause
// The portable functions on lane vectors (src/backends/cpu/lane_math.inc, the CPU pricers' lanes) equal the scalar
// functions lane for lane, bit for bit: exp, atan, Box-Muller's double pair and the Philox block, on random
// arguments and on the rare ones the lanes hand back to the scalar code (NaN, infinities, overflow, subnormal and
// zero results, huge arctangent arguments) mixed into otherwise ordinary lane vectors. Compiled for AVX2 and
// AVX-512 as the pricers are; a copy the processor lacks is skipped.
#include <gtest/gtest.h>
#include <immintrin.h>

#include <cmath>
#include <cstring>
#include <limits>
#include <random>
#include <vector>

#include "gpurng/distributions/curand_outputs.hpp"
#include "gpurng/engines/philox.hpp"

#pragma GCC diagnostic ignored "-Wpsabi"
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"

#pragma GCC push_options
#pragma GCC target("avx2,fma")
#define GPURNG_CPU_NATIVE_BYTES 32
namespace avx2 {
#include "../../src/backends/cpu/lane_vector.inc"
// (in this order: each uses the one before)
#include "../../src/backends/cpu/lane_math.inc"
// the checks
#include "lane_math_checks.inc"
#undef GPURNG_LANE_PARTS
}  // namespace avx2
#undef GPURNG_CPU_NATIVE_BYTES
#pragma GCC pop_options

#pragma GCC push_options
#pragma GCC target("avx512f,avx512vl,avx512dq,avx512bw,fma,prefer-vector-width=512")
#define GPURNG_CPU_NATIVE_BYTES 64
namespace avx512 {
#include "../../src/backends/cpu/lane_vector.inc"
// (in this order: each uses the one before)
#include "../../src/backends/cpu/lane_math.inc"
// the checks
#include "lane_math_checks.inc"
#undef GPURNG_LANE_PARTS
}  // namespace avx512
#undef GPURNG_CPU_NATIVE_BYTES
#pragma GCC pop_options

namespace {

bool has_avx2() { return __builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma"); }
bool has_avx512() {
  return __builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512vl") &&
         __builtin_cpu_supports("avx512dq") && __builtin_cpu_supports("avx512bw");
}

// Arguments: mostly ordinary, with every rare value somewhere in every lane position.
std::vector<double> arguments(double lo, double hi, const std::vector<double>& rare) {
  std::mt19937_64 g(20261126);
  std::uniform_real_distribution<double> u(lo, hi);
  std::vector<double> x(8 * 4096);
  for (double& v : x) v = u(g);
  for (size_t r = 0; r < rare.size(); ++r)
    for (size_t w = 0; w < 8; ++w) x[8 * (r * 8 + w) + w] = rare[r];  // lane w of some vector
  return x;
}

const double kInf = std::numeric_limits<double>::infinity();
const double kNan = std::numeric_limits<double>::quiet_NaN();

TEST(LaneMath, ExpSameBits) {
  const std::vector<double> rare = {kNan,   kInf,   -kInf, 708.0,  -708.0, 709.7, 709.9,  -708.5,  -744.0,
                                    -745.1, -746.0, 1e300, -1e300, 0.0,    -0.0,  707.99, -707.99, 5e-324};
  for (auto [lo, hi] : {std::pair<double, double>{-50, 50}, {-760, 760}}) {
    const std::vector<double> x = arguments(lo, hi, rare);
    if (has_avx2()) EXPECT_EQ(avx2::exp_mismatches(x), 0) << "AVX2, arguments in " << lo << " .. " << hi;
    if (has_avx512()) EXPECT_EQ(avx512::exp_mismatches(x), 0) << "AVX-512, arguments in " << lo << " .. " << hi;
  }
  if (!has_avx2()) GTEST_SKIP() << "no AVX2: the lanes are not used here";
}

TEST(LaneMath, AtanSameBits) {
  const std::vector<double> rare = {kNan,   kInf,    -kInf,  0x1p66, -0x1p66, 0x1.fffffffffffffp65,
                                    1e300,  -0.0,    0.0,    0.4375, 0.6875,  1.1875,
                                    2.4375, -2.4375, 5e-324, -5e-324};
  for (auto [lo, hi] : {std::pair<double, double>{-4, 4}, {-1e6, 1e6}}) {
    const std::vector<double> x = arguments(lo, hi, rare);
    if (has_avx2()) EXPECT_EQ(avx2::atan_mismatches(x), 0) << "AVX2";
    if (has_avx512()) EXPECT_EQ(avx512::atan_mismatches(x), 0) << "AVX-512";
  }
  if (!has_avx2()) GTEST_SKIP() << "no AVX2: the lanes are not used here";
}

// Box-Muller on raw 53-bit integers, the ends included (u at 2^-54 and 1 - 2^-54, angles at both ends).
TEST(LaneMath, BoxMullerPairSameBits) {
  std::mt19937_64 g(7);
  std::vector<uint64_t> hx(8 * 4096), hy(8 * 4096);
  for (size_t i = 0; i < hx.size(); ++i) {
    hx[i] = g() >> 11;
    hy[i] = g() >> 11;
  }
  const uint64_t ends[] = {0, 1, (uint64_t{1} << 53) - 1, uint64_t{1} << 52, 12345};
  for (size_t e = 0; e < 5; ++e)
    for (size_t w = 0; w < 8; ++w) {
      hx[8 * (e * 8 + w) + w] = ends[e];
      hy[8 * (e * 8 + w + 40) + w] = ends[e];
    }
  if (has_avx2()) EXPECT_EQ(avx2::box_muller_mismatches(hx, hy), 0) << "AVX2";
  if (has_avx512()) EXPECT_EQ(avx512::box_muller_mismatches(hx, hy), 0) << "AVX-512";
  if (!has_avx2()) GTEST_SKIP() << "no AVX2: the lanes are not used here";
}

// Philox4x32-10 on lanes of counters against the scalar block on random counters, and (first group: every
// counter word and the key all ones) Random123's published answer (tests/kat/random123_philox_kat.txt).
TEST(LaneMath, PhiloxBlockSameBits) {
  const gpurng::philox::u32x4 kat = gpurng::philox::block<10>(
      gpurng::philox::u32x4{{0xffffffffu, 0xffffffffu, 0xffffffffu, 0xffffffffu}}, {0xffffffffu, 0xffffffffu});
  EXPECT_EQ(kat.w[0], 0x408f276du);
  EXPECT_EQ(kat.w[1], 0x41c83b0eu);
  EXPECT_EQ(kat.w[2], 0xa20bc7c6u);
  EXPECT_EQ(kat.w[3], 0x6d5451fdu);
  std::mt19937 g(11);
  std::vector<uint32_t> c(4 * 8 * 512);
  for (uint32_t& v : c) v = g();
  for (int i = 0; i < 32; ++i) c[size_t(i)] = 0xffffffffu;
  if (has_avx2()) EXPECT_EQ(avx2::philox_mismatches(c, {0xffffffffu, 0xffffffffu}), 0) << "AVX2";
  if (has_avx512()) EXPECT_EQ(avx512::philox_mismatches(c, {0xffffffffu, 0xffffffffu}), 0) << "AVX-512";
  if (has_avx512()) EXPECT_EQ(avx512::philox_mismatches(c, {0x12345678u, 0x9abcdef0u}), 0) << "AVX-512, key 2";
  if (!has_avx2()) GTEST_SKIP() << "no AVX2: the lanes are not used here";
}

}  // namespace
