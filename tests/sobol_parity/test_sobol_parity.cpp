// SPDX-License-Identifier: BSD-3-Clause
// sobol.hpp against NVIDIA's cuRAND host generator (curandCreateGeneratorHost: no GPU needed) for
// SOBOL32, SCRAMBLED_SOBOL32, SOBOL64 and SCRAMBLED_SOBOL64:
//  * the direction vectors and scramble constants of all 20000 dimensions;
//  * all 20000 dimensions x 4096 points, in 16 consecutive calls of 256 points (integers, uniform float
//    and uniform double bit for bit);
//  * offsets 0, 1, 4095, 4096, 2^20+3, 2^31-5 points x 1, 2, 3, 7, 100, 20000 dimensions;
//  * consecutive-call layouts, mixed output types in one stream, a dimension change mid-stream, the
//    Sobol32 wrap at 2^32 points;
//  * normals over the full grid, log-normals over 20000 x 256: bit-exact fraction and largest ulp
//    distance printed; float normals within kMaxNormalUlpFloat (measured bit-exact), double within kMaxNormalUlpDouble.
#include <curand.h>
#include <gtest/gtest.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <algorithm>
#include <string>
#include <vector>

#include "gpurng/engines/sobol.hpp"

namespace sobol = gpurng::sobol;

namespace {

// cuRAND's double normals use its own erfcinv, a rational approximation with errors up to ~7 ulp; ours
// (portable_math.hpp, identical bits on every backend) is within ~2 ulp of the true value. Measured over
// the full grid (normal_double parts): 47-49 % bit-exact, at most 10 ulp; log-normal double at most 15.
constexpr int64_t kMaxNormalUlpDouble = 12;
// Float normals round that double erfcinv to float: they equal cuRAND's wherever the double value is not
// within ~2 double ulp of a float rounding boundary, i.e. all but about one value in 2^28. Measured: all
// 4 x 81 920 000 of the full grid bit-exact; allowed 1 ulp for the rare boundary case.
constexpr int64_t kMaxNormalUlpFloat = 1;

#define CURAND_OK(call) ASSERT_EQ((call), CURAND_STATUS_SUCCESS) << #call

struct generator {
  curandGenerator_t g = nullptr;
  explicit generator(sobol::Kind k, unsigned dims = 1) {
    EXPECT_EQ(curandCreateGeneratorHost(&g, static_cast<curandRngType_t>(k)), CURAND_STATUS_SUCCESS);
    EXPECT_EQ(curandSetQuasiRandomGeneratorDimensions(g, dims), CURAND_STATUS_SUCCESS);
  }
  ~generator() { curandDestroyGenerator(g); }
  generator(const generator&) = delete;
  generator& operator=(const generator&) = delete;
};

enum class Out {
  bits,
  uniform_float,
  uniform_double,
  normal_float,
  normal_double,
  log_normal_float,
  log_normal_double
};
const char* name(Out o) {
  switch (o) {
    case Out::bits:
      return "bits";
    case Out::uniform_float:
      return "uniform float";
    case Out::uniform_double:
      return "uniform double";
    case Out::normal_float:
      return "normal float";
    case Out::normal_double:
      return "normal double";
    case Out::log_normal_float:
      return "log-normal float";
    case Out::log_normal_double:
      return "log-normal double";
  }
  return "?";
}
size_t width(Out o, bool bits64) {
  if (o == Out::bits) return bits64 ? 8 : 4;
  return (o == Out::uniform_float || o == Out::normal_float || o == Out::log_normal_float) ? 4 : 8;
}
const char* name(sobol::Kind k) {
  switch (k) {
    case sobol::Kind::sobol32:
      return "SOBOL32";
    case sobol::Kind::scrambled_sobol32:
      return "SCRAMBLED_SOBOL32";
    case sobol::Kind::sobol64:
      return "SOBOL64";
    case sobol::Kind::scrambled_sobol64:
      return "SCRAMBLED_SOBOL64";
  }
  return "?";
}

// Normal parameters: cuRAND computes z * stddev + mean; non-trivial values exercise both roundings. Float
// normals are bit-exact, so they take them everywhere. Double normals are compared in ulp of the standard
// normal (mean 0, stddev 1: an offset mean would turn a 1-ulp difference of z near -mean/stddev into many
// ulp of the sum); NormalMeanStddev checks the scaled form separately.
constexpr float kMeanF = 1.5f, kStddevF = 2.5f;
constexpr double kMeanD = 0.0, kStddevD = 1.0;
constexpr double kMeanD2 = -0.75, kStddevD2 = 3.25;

// A buffer wide enough for any output (bits are 4 or 8 bytes; widths above say which).
struct buffer {
  std::vector<uint64_t> words;
  explicit buffer(size_t n) : words(n) {}
  void* data() { return words.data(); }
};

curandStatus_t curand_generate(curandGenerator_t g, sobol::Kind k, Out o, size_t n, void* out) {
  switch (o) {
    case Out::bits:
      return sobol::is_64bit(k) ? curandGenerateLongLong(g, static_cast<unsigned long long*>(out), n)
                                : curandGenerate(g, static_cast<unsigned*>(out), n);
    case Out::uniform_float:
      return curandGenerateUniform(g, static_cast<float*>(out), n);
    case Out::uniform_double:
      return curandGenerateUniformDouble(g, static_cast<double*>(out), n);
    case Out::normal_float:
      return curandGenerateNormal(g, static_cast<float*>(out), n, kMeanF, kStddevF);
    case Out::normal_double:
      return curandGenerateNormalDouble(g, static_cast<double*>(out), n, kMeanD, kStddevD);
    case Out::log_normal_float:
      return curandGenerateLogNormal(g, static_cast<float*>(out), n, 0.25f, 0.5f);
    case Out::log_normal_double:
      return curandGenerateLogNormalDouble(g, static_cast<double*>(out), n, 0.25, 0.5);
  }
  return CURAND_STATUS_INTERNAL_ERROR;
}

template <typename W>
bool ours_with(const sobol::direction_table<W>& t, Out o, unsigned dims, uint64_t offset, size_t n, void* out) {
  switch (o) {
    case Out::bits:
      return sobol::fill(t, dims, offset, n, static_cast<W*>(out));
    case Out::uniform_float:
      return sobol::fill(t, dims, offset, n, static_cast<float*>(out));
    case Out::uniform_double:
      return sobol::fill(t, dims, offset, n, static_cast<double*>(out));
    case Out::normal_float:
      return sobol::fill_normal(t, dims, offset, n, static_cast<float*>(out), kMeanF, kStddevF);
    case Out::normal_double:
      return sobol::fill_normal(t, dims, offset, n, static_cast<double*>(out), kMeanD, kStddevD);
    case Out::log_normal_float:
      return sobol::fill_log_normal(t, dims, offset, n, static_cast<float*>(out), 0.25f, 0.5f);
    case Out::log_normal_double:
      return sobol::fill_log_normal(t, dims, offset, n, static_cast<double*>(out), 0.25, 0.5);
  }
  return false;
}
bool ours(sobol::Kind k, Out o, unsigned dims, uint64_t offset, size_t n, void* out) {
  return sobol::is_64bit(k) ? ours_with(sobol::shared_table64(sobol::is_scrambled(k)), o, dims, offset, n, out)
                            : ours_with(sobol::shared_table32(sobol::is_scrambled(k)), o, dims, offset, n, out);
}

// Distance in representable values (0 = identical bits; +0 and -0 are 1 apart, so a sign-of-zero
// difference counts).
int64_t ulp_distance(const void* a, const void* b, size_t w) {
  if (w == 4) {
    int32_t x, y;
    memcpy(&x, a, 4);
    memcpy(&y, b, 4);
    const int64_t ox = x < 0 ? -int64_t(x & 0x7fffffff) - 1 : x, oy = y < 0 ? -int64_t(y & 0x7fffffff) - 1 : y;
    return ox > oy ? ox - oy : oy - ox;
  }
  int64_t x, y;
  memcpy(&x, a, 8);
  memcpy(&y, b, 8);
  // Map to a monotone integer line; differences of normals never approach 2^63.
  const int64_t ox = x < 0 ? -(x & INT64_MAX) - 1 : x, oy = y < 0 ? -(y & INT64_MAX) - 1 : y;
  return ox > oy ? ox - oy : oy - ox;
}

struct tally {
  size_t total = 0, exact = 0;
  int64_t max_ulp = 0;
  void add(const void* want, const void* got, size_t n, size_t w) {
    const char* a = static_cast<const char*>(want);
    const char* b = static_cast<const char*>(got);
    for (size_t i = 0; i < n; ++i) {
      const int64_t u = ulp_distance(a + i * w, b + i * w, w);
      exact += u == 0;
      max_ulp = std::max(max_ulp, u);
    }
    total += n;
  }
};

bool exact_output(Out o) { return o == Out::bits || o == Out::uniform_float || o == Out::uniform_double; }
int64_t allowed_ulp(Out o) {
  switch (o) {
    case Out::normal_double:
      return kMaxNormalUlpDouble;
    case Out::normal_float:
      return kMaxNormalUlpFloat;
    // expf of pmath versus glibc: measured at most 1 ulp (98.8-99.6 % bit-exact).
    case Out::log_normal_float:
      return 2;
    // exp(0.25 + 0.5 z) turns k ulp of z into up to ~2k ulp of the result where |z| is large.
    case Out::log_normal_double:
      return 2 * kMaxNormalUlpDouble + 2;
    default:
      return 0;
  }
}

// One generation compared: identical bits required for exact outputs, else within allowed_ulp.
::testing::AssertionResult same(sobol::Kind k, const void* want, const void* got, size_t n, Out o, tally* t = nullptr) {
  const size_t w = width(o, sobol::is_64bit(k));
  if (exact_output(o) && memcmp(want, got, n * w) == 0) {
    if (t) t->add(want, got, n, w);
    return ::testing::AssertionSuccess();
  }
  tally local;
  local.add(want, got, n, w);
  if (t) t->add(want, got, n, w);
  if (local.max_ulp <= allowed_ulp(o)) return ::testing::AssertionSuccess();
  for (size_t i = 0; i < n; ++i) {
    const void* a = static_cast<const char*>(want) + i * w;
    const void* b = static_cast<const char*>(got) + i * w;
    if (ulp_distance(a, b, w) > allowed_ulp(o)) {
      uint64_t x = 0, y = 0;
      memcpy(&x, a, w);
      memcpy(&y, b, w);
      char msg[160];
      snprintf(msg, sizeof msg, "%s: first difference at %zu of %zu: cuRAND %#llx, ours %#llx (%lld ulp)", name(o), i,
               n, static_cast<unsigned long long>(x), static_cast<unsigned long long>(y),
               static_cast<long long>(ulp_distance(a, b, w)));
      return ::testing::AssertionFailure() << msg;
    }
  }
  return ::testing::AssertionFailure();
}

const sobol::Kind kKinds[] = {sobol::Kind::sobol32, sobol::Kind::scrambled_sobol32, sobol::Kind::sobol64,
                              sobol::Kind::scrambled_sobol64};

class SobolParity : public ::testing::TestWithParam<sobol::Kind> {};

std::string kind_name(const ::testing::TestParamInfo<sobol::Kind>& info) { return name(info.param); }

// 20000 dimensions x 4096 points as 16 consecutive calls of 256 points per dimension (each call is
// dimension-major over its own 256 points), compared call by call.
void full_grid(sobol::Kind k, Out o, tally* t, unsigned kPointsPerCall = 256, unsigned kCalls = 16) {
  constexpr unsigned kDims = 20000;
  const size_t n = size_t{kDims} * kPointsPerCall;
  generator g(k, kDims);
  buffer want(n), got(n);
  for (unsigned c = 0; c < kCalls; ++c) {
    CURAND_OK(curand_generate(g.g, k, o, n, want.data()));
    ASSERT_TRUE(ours(k, o, kDims, uint64_t{c} * kPointsPerCall, n, got.data()));
    ASSERT_TRUE(same(k, want.data(), got.data(), n, o, t)) << name(k) << " call " << c;
  }
}

}  // namespace

TEST(SobolParityTables, DirectionVectorsAndScrambleConstants) {
  unsigned(*v32)[32] = nullptr;
  unsigned long long(*v64)[64] = nullptr;
  unsigned* c32 = nullptr;
  unsigned long long* c64 = nullptr;
  for (bool scrambled : {false, true}) {
    CURAND_OK(curandGetDirectionVectors32(
        &v32, scrambled ? CURAND_SCRAMBLED_DIRECTION_VECTORS_32_JOEKUO6 : CURAND_DIRECTION_VECTORS_32_JOEKUO6));
    CURAND_OK(curandGetDirectionVectors64(
        &v64, scrambled ? CURAND_SCRAMBLED_DIRECTION_VECTORS_64_JOEKUO6 : CURAND_DIRECTION_VECTORS_64_JOEKUO6));
    const sobol::table32& t32 = sobol::shared_table32(scrambled);
    const sobol::table64& t64 = sobol::shared_table64(scrambled);
    ASSERT_EQ(t32.dimensions(), 20000u);
    ASSERT_EQ(t64.dimensions(), 20000u);
    for (unsigned d = 0; d < 20000; ++d) {
      ASSERT_EQ(memcmp(t32.vectors_of(d), v32[d], 32 * 4), 0)
          << "32-bit dimension " << d + 1 << " scrambled " << scrambled;
      ASSERT_EQ(memcmp(t64.vectors_of(d), v64[d], 64 * 8), 0)
          << "64-bit dimension " << d + 1 << " scrambled " << scrambled;
    }
    if (!scrambled) {
      for (unsigned d = 0; d < 20000; ++d) ASSERT_EQ(t32.constants[d] | t64.constants[d], 0u);
    }
  }
  CURAND_OK(curandGetScrambleConstants32(&c32));
  CURAND_OK(curandGetScrambleConstants64(&c64));
  EXPECT_EQ(memcmp(sobol::shared_table32(true).constants.data(), c32, 20000 * 4), 0);
  EXPECT_EQ(memcmp(sobol::shared_table64(true).constants.data(), c64, 20000 * 8), 0);
}

TEST_P(SobolParity, FullGridIntegersAndUniforms) {
  for (Out o : {Out::bits, Out::uniform_float, Out::uniform_double}) {
    full_grid(GetParam(), o, nullptr);
    if (HasFatalFailure()) return;
  }
}

// Full grid of one normal output, with its bit-exact fraction and largest ulp distance printed and
// recorded (ctest -V or the gtest XML output shows them).
void normal_grid(sobol::Kind k, Out o, unsigned points_per_call, unsigned calls) {
  tally t;
  full_grid(k, o, &t, points_per_call, calls);
  printf("[ accuracy ] %s %s: %zu of %zu bit-exact (%.4f %%), max %lld ulp\n", name(k), name(o), t.exact, t.total,
         100.0 * double(t.exact) / double(t.total), static_cast<long long>(t.max_ulp));
  ::testing::Test::RecordProperty(std::string(name(o)) + " exact fraction",
                                  std::to_string(double(t.exact) / double(t.total)));
  ::testing::Test::RecordProperty(std::string(name(o)) + " max ulp", std::to_string(t.max_ulp));
}

TEST_P(SobolParity, NormalFloatFullGrid) { normal_grid(GetParam(), Out::normal_float, 256, 16); }
TEST_P(SobolParity, NormalDoubleFullGrid) { normal_grid(GetParam(), Out::normal_double, 256, 16); }
// Log-normals over one call of 20000 dimensions x 256 points.
TEST_P(SobolParity, LogNormalOneCall) {
  normal_grid(GetParam(), Out::log_normal_float, 256, 1);
  if (HasFatalFailure()) return;
  normal_grid(GetParam(), Out::log_normal_double, 256, 1);
}

TEST_P(SobolParity, OffsetsAndDimensionCounts) {
  const sobol::Kind k = GetParam();
  const uint64_t offsets[] = {0, 1, 4095, 4096, (uint64_t{1} << 20) + 3, (uint64_t{1} << 31) - 5};
  const unsigned dim_counts[] = {1, 2, 3, 7, 100, 20000};
  for (unsigned dims : dim_counts) {
    const size_t points = dims == 20000 ? 8 : 300;
    const size_t n = dims * points;
    buffer want(n), got(n);
    for (uint64_t off : offsets) {
      for (Out o : {Out::bits, Out::uniform_float, Out::uniform_double, Out::normal_float, Out::normal_double,
                    Out::log_normal_float, Out::log_normal_double}) {
        generator g(k, dims);
        CURAND_OK(curandSetGeneratorOffset(g.g, off));
        CURAND_OK(curand_generate(g.g, k, o, n, want.data()));
        ASSERT_TRUE(ours(k, o, dims, off, n, got.data()));
        ASSERT_TRUE(same(k, want.data(), got.data(), n, o)) << name(k) << " dims " << dims << " offset " << off;
      }
    }
  }
}

TEST_P(SobolParity, ConsecutiveCallLayouts) {
  const sobol::Kind k = GetParam();
  const size_t calls[] = {1, 5, 64, 3, 100, 17, 256};  // points per call
  const Out outs[] = {Out::bits, Out::uniform_double, Out::uniform_float, Out::normal_float,
                      Out::bits, Out::normal_double,  Out::uniform_float};  // one generator, mixed outputs
  for (unsigned dims : {1u, 3u, 7u, 100u}) {
    generator g(k, dims);
    const uint64_t start = 4093;  // the calls cross 4096 and 8192
    CURAND_OK(curandSetGeneratorOffset(g.g, start));
    uint64_t pos = start;
    for (size_t c = 0; c < sizeof calls / sizeof calls[0]; ++c) {
      const size_t n = dims * calls[c];
      buffer want(n), got(n);
      CURAND_OK(curand_generate(g.g, k, outs[c], n, want.data()));
      ASSERT_TRUE(ours(k, outs[c], dims, pos, n, got.data()));
      ASSERT_TRUE(same(k, want.data(), got.data(), n, outs[c])) << name(k) << " dims " << dims << " call " << c;
      pos += calls[c];
    }
    // The same points from one long call: equal values, another layout (dimension-major over all points).
    size_t total = 0;
    for (size_t p : calls) total += p;
    buffer one(dims * total), ours_one(dims * total);
    CURAND_OK(curandSetGeneratorOffset(g.g, start));
    CURAND_OK(curand_generate(g.g, k, Out::bits, dims * total, one.data()));
    ASSERT_TRUE(ours(k, Out::bits, dims, start, dims * total, ours_one.data()));
    ASSERT_TRUE(same(k, one.data(), ours_one.data(), dims * total, Out::bits));
    generator g2(k, dims);
    CURAND_OK(curandSetGeneratorOffset(g2.g, start));
    const size_t w = sobol::is_64bit(k) ? 8 : 4;
    size_t done = 0;
    bool layouts_differ = false;
    for (size_t p : calls) {
      buffer part(dims * p);
      CURAND_OK(curand_generate(g2.g, k, Out::bits, dims * p, part.data()));
      for (unsigned d = 0; d < dims; ++d)
        for (size_t j = 0; j < p; ++j) {
          const char* a = static_cast<const char*>(part.data()) + (d * p + j) * w;
          const char* b = static_cast<const char*>(one.data()) + (d * total + done + j) * w;
          ASSERT_EQ(memcmp(a, b, w), 0) << "dims " << dims << " dimension " << d << " point " << done + j;
          const char* same_place = static_cast<const char*>(one.data()) + (done * dims + d * p + j) * w;
          layouts_differ |= memcmp(a, same_place, w) != 0;
        }
      done += p;
    }
    EXPECT_EQ(layouts_differ, dims > 1) << "dims " << dims;
  }
}

TEST_P(SobolParity, NormalMeanStddev) {
  // cuRAND's scaled double normal is z * stddev + mean with two roundings, z its standard normal; ours is
  // the same expression of our z, so the two agree wherever the z agree.
  const sobol::Kind k = GetParam();
  const unsigned dims = 7;
  const size_t n = dims * 2000;
  std::vector<double> z(n), y(n), oz(n), oy(n);
  generator g(k, dims);
  CURAND_OK(curandSetGeneratorOffset(g.g, 12345));
  CURAND_OK(curandGenerateNormalDouble(g.g, z.data(), n, 0.0, 1.0));
  CURAND_OK(curandSetGeneratorOffset(g.g, 12345));
  CURAND_OK(curandGenerateNormalDouble(g.g, y.data(), n, kMeanD2, kStddevD2));
  ASSERT_TRUE(ours(k, Out::normal_double, dims, 12345, n, oz.data()));
  ASSERT_TRUE(sobol::is_64bit(k) ? sobol::fill_normal(sobol::shared_table64(sobol::is_scrambled(k)), dims, 12345, n,
                                                      oy.data(), kMeanD2, kStddevD2)
                                 : sobol::fill_normal(sobol::shared_table32(sobol::is_scrambled(k)), dims, 12345, n,
                                                      oy.data(), kMeanD2, kStddevD2));
  size_t agree = 0;
  for (size_t i = 0; i < n; ++i) {
    volatile double prod = z[i] * kStddevD2;  // rounded on its own
    ASSERT_EQ(y[i], prod + kMeanD2) << "cuRAND's formula at " << i;
    if (z[i] == oz[i]) {
      ++agree;
      ASSERT_EQ(y[i], oy[i]) << i;
    }
  }
  EXPECT_GT(agree, n / 4);
}

TEST_P(SobolParity, DimensionChangeKeepsPositionAndWrap) {
  const sobol::Kind k = GetParam();
  {  // 4 points with 1 dimension, then 3 dimensions x 5 points from point 4
    generator g(k, 1);
    buffer want(15), got(15);
    CURAND_OK(curand_generate(g.g, k, Out::bits, 4, want.data()));
    ASSERT_TRUE(ours(k, Out::bits, 1, 0, 4, got.data()));
    ASSERT_TRUE(same(k, want.data(), got.data(), 4, Out::bits));
    CURAND_OK(curandSetQuasiRandomGeneratorDimensions(g.g, 3));
    CURAND_OK(curand_generate(g.g, k, Out::bits, 15, want.data()));
    ASSERT_TRUE(ours(k, Out::bits, 3, 4, 15, got.data()));
    ASSERT_TRUE(same(k, want.data(), got.data(), 15, Out::bits));
  }
  // Around 2^32 points (Sobol32 wraps to point 0; SCRAMBLED_SOBOL64 starts each call at position mod
  // 2^32), 2^33 and, for Sobol64, 2^64.
  std::vector<uint64_t> offsets = {(uint64_t{1} << 32) - 3, (uint64_t{1} << 32) + 5, (uint64_t{1} << 33) - 2,
                                   (uint64_t{1} << 40) + 1, (uint64_t{1} << 63) + (uint64_t{1} << 32) - 1};
  if (sobol::is_64bit(k)) offsets.push_back(~uint64_t{0} - 2);
  for (uint64_t off : offsets) {
    generator g(k, 5);
    buffer want(5 * 8), got(5 * 8);
    CURAND_OK(curandSetGeneratorOffset(g.g, off));
    CURAND_OK(curand_generate(g.g, k, Out::bits, 5 * 8, want.data()));
    ASSERT_TRUE(ours(k, Out::bits, 5, off, 5 * 8, got.data()));
    ASSERT_TRUE(same(k, want.data(), got.data(), 5 * 8, Out::bits)) << name(k) << " offset " << off;
  }
  // Consecutive calls across 2^32: the quirk applies to the position of each call.
  generator g(k, 2);
  CURAND_OK(curandSetGeneratorOffset(g.g, (uint64_t{1} << 32) - 3));
  uint64_t pos = (uint64_t{1} << 32) - 3;
  for (size_t points : {2, 4, 3, 1}) {
    buffer want(2 * points), got(2 * points);
    CURAND_OK(curand_generate(g.g, k, Out::bits, 2 * points, want.data()));
    ASSERT_TRUE(ours(k, Out::bits, 2, pos, 2 * points, got.data()));
    ASSERT_TRUE(same(k, want.data(), got.data(), 2 * points, Out::bits)) << name(k) << " position " << pos;
    pos += points;
  }
}

INSTANTIATE_TEST_SUITE_P(AllKinds, SobolParity, ::testing::ValuesIn(kKinds), kind_name);
