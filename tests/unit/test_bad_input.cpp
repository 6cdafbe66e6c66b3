// SPDX-License-Identifier: BSD-3-Clause
// Every bad argument gets its documented status (gpurng.h), nothing crashes, and a refused call leaves
// the generator where it was.
#include <gtest/gtest.h>

#include <cstdint>
#include <cstdlib>
#include <cstring>

#include "gpurng.h"

namespace {

struct Gen {
  gpurngGenerator_t g = nullptr;
  explicit Gen(gpurngRngType_t t) { EXPECT_EQ(gpurngCreateGeneratorHost(&g, t), GPURNG_STATUS_SUCCESS); }
  ~Gen() { gpurngDestroyGenerator(g); }
  unsigned long long offset() const {
    unsigned long long o = 0;
    EXPECT_EQ(gpurngGetGeneratorOffset(g, &o), GPURNG_STATUS_SUCCESS);
    return o;
  }
};

TEST(BadInput, NullGenerator) {
  unsigned u;
  unsigned long long ull;
  float f;
  double d;
  gpurngBackend_t b;
  EXPECT_EQ(gpurngDestroyGenerator(nullptr), GPURNG_STATUS_NOT_INITIALIZED);
  EXPECT_EQ(gpurngSetPseudoRandomGeneratorSeed(nullptr, 1), GPURNG_STATUS_NOT_INITIALIZED);
  EXPECT_EQ(gpurngSetGeneratorOffset(nullptr, 1), GPURNG_STATUS_NOT_INITIALIZED);
  EXPECT_EQ(gpurngGetGeneratorOffset(nullptr, &ull), GPURNG_STATUS_NOT_INITIALIZED);
  EXPECT_EQ(gpurngGenerate(nullptr, &u, 1), GPURNG_STATUS_NOT_INITIALIZED);
  EXPECT_EQ(gpurngGenerateLongLong(nullptr, &ull, 1), GPURNG_STATUS_NOT_INITIALIZED);
  EXPECT_EQ(gpurngGenerateUniform(nullptr, &f, 1), GPURNG_STATUS_NOT_INITIALIZED);
  EXPECT_EQ(gpurngGenerateUniformDouble(nullptr, &d, 1), GPURNG_STATUS_NOT_INITIALIZED);
  EXPECT_EQ(gpurngGetBackend(nullptr, &b), GPURNG_STATUS_NOT_INITIALIZED);
}

TEST(BadInput, NullPointers) {
  EXPECT_EQ(gpurngCreateGenerator(nullptr, GPURNG_RNG_PSEUDO_RANMAR), GPURNG_STATUS_NULL_POINTER);
  EXPECT_EQ(gpurngCreateGeneratorHost(nullptr, GPURNG_RNG_PSEUDO_RANMAR), GPURNG_STATUS_NULL_POINTER);
  EXPECT_EQ(gpurngGetVersion(nullptr), GPURNG_STATUS_NULL_POINTER);
  Gen r(GPURNG_RNG_PSEUDO_RANMAR), r48(GPURNG_RNG_PSEUDO_RANMAR48);
  EXPECT_EQ(gpurngGetGeneratorOffset(r.g, nullptr), GPURNG_STATUS_NULL_POINTER);
  EXPECT_EQ(gpurngGetBackend(r.g, nullptr), GPURNG_STATUS_NULL_POINTER);
  EXPECT_EQ(gpurngGenerate(r.g, nullptr, 5), GPURNG_STATUS_NULL_POINTER);
  EXPECT_EQ(gpurngGenerateUniform(r.g, nullptr, 5), GPURNG_STATUS_NULL_POINTER);
  EXPECT_EQ(gpurngGenerateUniformDouble(r.g, nullptr, 5), GPURNG_STATUS_NULL_POINTER);
  EXPECT_EQ(gpurngGenerateLongLong(r48.g, nullptr, 5), GPURNG_STATUS_NULL_POINTER);
  EXPECT_EQ(r.offset(), 0u);
  EXPECT_EQ(r48.offset(), 0u);
}

TEST(BadInput, UnknownTypeLeavesHandleNull) {
  gpurngGenerator_t g = reinterpret_cast<gpurngGenerator_t>(0x1);
  EXPECT_EQ(gpurngCreateGenerator(&g, static_cast<gpurngRngType_t>(999)), GPURNG_STATUS_TYPE_ERROR);
  EXPECT_EQ(g, nullptr);
  // cuRAND's MTGP32 (141) and MT19937 (142) numbers: not engines of libgpurng.
  for (int type : {141, 142}) {
    EXPECT_EQ(gpurngCreateGeneratorHost(&g, static_cast<gpurngRngType_t>(type)), GPURNG_STATUS_TYPE_ERROR);
    EXPECT_EQ(g, nullptr);
  }
}

TEST(BadInput, SeedOutOfRangeLeavesGeneratorUnchanged) {
  Gen r(GPURNG_RNG_PSEUDO_RANMAR);
  EXPECT_EQ(gpurngSetPseudoRandomGeneratorSeed(r.g, GPURNG_RANMAR_MAX_SEED + 1), GPURNG_STATUS_OUT_OF_RANGE);
  EXPECT_EQ(gpurngSetPseudoRandomGeneratorSeed(r.g, ~0ull), GPURNG_STATUS_OUT_OF_RANGE);
  EXPECT_EQ(gpurngSetPseudoRandomGeneratorSeed(r.g, GPURNG_RANMAR_MAX_SEED), GPURNG_STATUS_SUCCESS);
  EXPECT_EQ(gpurngSetPseudoRandomGeneratorSeed(r.g, 0), GPURNG_STATUS_SUCCESS);
  // Still the default stream after the refused seeds? Reseed to default and compare with a fresh one.
  Gen fresh(GPURNG_RNG_PSEUDO_RANMAR), bad(GPURNG_RNG_PSEUDO_RANMAR);
  EXPECT_EQ(gpurngSetPseudoRandomGeneratorSeed(bad.g, 900000001), GPURNG_STATUS_OUT_OF_RANGE);
  unsigned a[10], b[10];
  gpurngGenerate(fresh.g, a, 10);
  gpurngGenerate(bad.g, b, 10);
  EXPECT_EQ(0, std::memcmp(a, b, sizeof a));
}

TEST(BadInput, ZeroLengthIsSuccessAndWritesNothing) {
  Gen r(GPURNG_RNG_PSEUDO_RANMAR), r48(GPURNG_RNG_PSEUDO_RANMAR48);
  float f = 42.0f;
  unsigned long long u = 42;
  EXPECT_EQ(gpurngGenerateUniform(r.g, &f, 0), GPURNG_STATUS_SUCCESS);
  EXPECT_EQ(gpurngGenerateUniform(r.g, nullptr, 0), GPURNG_STATUS_SUCCESS);
  EXPECT_EQ(gpurngGenerateLongLong(r48.g, &u, 0), GPURNG_STATUS_SUCCESS);
  EXPECT_EQ(f, 42.0f);
  EXPECT_EQ(u, 42u);
  EXPECT_EQ(r.offset(), 0u);
}

TEST(BadInput, HugeLengthIsOutOfRange) {
  Gen r(GPURNG_RNG_PSEUDO_RANMAR), r48(GPURNG_RNG_PSEUDO_RANMAR48);
  float f;
  double d;
  unsigned u;
  unsigned long long ull;
  EXPECT_EQ(gpurngGenerateUniform(r.g, &f, SIZE_MAX), GPURNG_STATUS_OUT_OF_RANGE);
  EXPECT_EQ(gpurngGenerateUniformDouble(r.g, &d, SIZE_MAX / 8), GPURNG_STATUS_OUT_OF_RANGE);
  EXPECT_EQ(gpurngGenerate(r.g, &u, size_t(1) << 50), GPURNG_STATUS_OUT_OF_RANGE);
  EXPECT_EQ(gpurngGenerateLongLong(r48.g, &ull, size_t(1) << 45), GPURNG_STATUS_OUT_OF_RANGE);
  EXPECT_EQ(r.offset(), 0u);
  // The stream position may not wrap past 2^64 - 1.
  ASSERT_EQ(gpurngSetGeneratorOffset(r.g, ~0ull - 1), GPURNG_STATUS_SUCCESS);
  float two[2];
  EXPECT_EQ(gpurngGenerateUniform(r.g, two, 2), GPURNG_STATUS_OUT_OF_RANGE);
  EXPECT_EQ(gpurngGenerateUniform(r.g, two, 1), GPURNG_STATUS_SUCCESS);
  EXPECT_EQ(r.offset(), ~0ull);
}

TEST(BadInput, WrongKindOfGeneratorForTheCall) {
  Gen r(GPURNG_RNG_PSEUDO_RANMAR), r48(GPURNG_RNG_PSEUDO_RANMAR48), r48x(GPURNG_RNG_PSEUDO_RANMAR48X);
  unsigned u = 7;
  unsigned long long ull = 7;
  EXPECT_EQ(gpurngGenerateLongLong(r.g, &ull, 1), GPURNG_STATUS_TYPE_ERROR);
  EXPECT_EQ(gpurngGenerate(r48.g, &u, 1), GPURNG_STATUS_TYPE_ERROR);
  EXPECT_EQ(gpurngGenerate(r48x.g, &u, 1), GPURNG_STATUS_TYPE_ERROR);
  EXPECT_EQ(u, 7u);
  EXPECT_EQ(ull, 7u);
  EXPECT_EQ(r.offset() + r48.offset() + r48x.offset(), 0u);
}

TEST(BadInput, ErrorStringsAreNeverNull) {
  for (int s : {0, 100, 101, 102, 103, 104, 105, 106, 201, 202, 203, 204, 999, 1000, 1001, -1, 7, 123456}) {
    const char* text = gpurngGetErrorString(static_cast<gpurngStatus_t>(s));
    ASSERT_NE(text, nullptr);
    EXPECT_GT(std::strlen(text), 3u);
  }
  EXPECT_STREQ(gpurngGetErrorString(static_cast<gpurngStatus_t>(-1)), "unknown status");
}

TEST(BadInput, BadEnvironmentSettings) {
  gpurngGenerator_t g = nullptr;
  setenv("GPURNG_BACKEND", "fpga", 1);
  EXPECT_EQ(gpurngCreateGenerator(&g, GPURNG_RNG_PSEUDO_RANMAR), GPURNG_STATUS_INVALID_VALUE);
  EXPECT_EQ(g, nullptr);
  unsetenv("GPURNG_BACKEND");
  for (const char* bad : {"0", "-3", "two", "4x"}) {
    setenv("GPURNG_THREADS", bad, 1);
    EXPECT_EQ(gpurngCreateGeneratorHost(&g, GPURNG_RNG_PSEUDO_RANMAR), GPURNG_STATUS_INVALID_VALUE) << bad;
    EXPECT_EQ(g, nullptr);
  }
  unsetenv("GPURNG_THREADS");
  setenv("GPURNG_CPU_ISA", "sse9", 1);
  EXPECT_EQ(gpurngCreateGeneratorHost(&g, GPURNG_RNG_PSEUDO_RANMAR), GPURNG_STATUS_INVALID_VALUE);
  EXPECT_EQ(g, nullptr);
  unsetenv("GPURNG_CPU_ISA");
}

TEST(Version, MatchesHeader) {
  int v = 0;
  ASSERT_EQ(gpurngGetVersion(&v), GPURNG_STATUS_SUCCESS);
  EXPECT_EQ(v, GPURNG_VERSION);
  EXPECT_EQ(v, GPURNG_VERSION_MAJOR * 10000 + GPURNG_VERSION_MINOR * 100 + GPURNG_VERSION_PATCH);
}

}  // namespace
