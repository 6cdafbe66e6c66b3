// SPDX-License-Identifier: BSD-3-Clause
// One host-API call on a fresh host generator, for the device-API tests that compare a state's draws with the
// host API's fills at the same positions (Sobol', Halton, RANMAR, hybrid Taus, Park-Miller).
#pragma once

#include <gtest/gtest.h>

#include <type_traits>
#include <vector>

#include "gpurng.h"

namespace device_api_test {

enum class Out { bits, bits64, uniform, uniform_double, normal, normal_double, log_normal, log_normal_double };

// The generator of one call: its engine, seed (pseudo-random engines and Halton; ignored when `seeded` is false),
// dimensions (quasi-random engines; 0 = not set) and offset.
struct Source {
  gpurngRngType_t type;
  unsigned long long seed = 0;
  bool seeded = true;
  unsigned dimensions = 0;
  unsigned long long offset = 0;
};

// Log-normals use mean 0.25, stddev 0.5 (the tests draw theirs with the same), normals mean 0, stddev 1.
constexpr float kLogMean = 0.25f, kLogStddev = 0.5f;

template <typename T>
std::vector<T> host_fill(const Source& src, size_t n, Out out) {
  gpurngGenerator_t g;
  EXPECT_EQ(GPURNG_STATUS_SUCCESS, gpurngCreateGeneratorHost(&g, src.type));
  if (src.seeded) {
    EXPECT_EQ(GPURNG_STATUS_SUCCESS, gpurngSetPseudoRandomGeneratorSeed(g, src.seed));
  }
  if (src.dimensions) {
    EXPECT_EQ(GPURNG_STATUS_SUCCESS, gpurngSetQuasiRandomGeneratorDimensions(g, src.dimensions));
  }
  EXPECT_EQ(GPURNG_STATUS_SUCCESS, gpurngSetGeneratorOffset(g, src.offset));
  std::vector<T> r(n);
  void* p = r.data();
  gpurngStatus_t s = GPURNG_STATUS_INTERNAL_ERROR;
  switch (out) {
    case Out::bits:
      s = gpurngGenerate(g, static_cast<unsigned int*>(p), n);
      break;
    case Out::bits64:
      s = gpurngGenerateLongLong(g, static_cast<unsigned long long*>(p), n);
      break;
    case Out::uniform:
      s = gpurngGenerateUniform(g, static_cast<float*>(p), n);
      break;
    case Out::uniform_double:
      s = gpurngGenerateUniformDouble(g, static_cast<double*>(p), n);
      break;
    case Out::normal:
      s = gpurngGenerateNormal(g, static_cast<float*>(p), n, 0.0f, 1.0f);
      break;
    case Out::normal_double:
      s = gpurngGenerateNormalDouble(g, static_cast<double*>(p), n, 0.0, 1.0);
      break;
    case Out::log_normal:
      s = gpurngGenerateLogNormal(g, static_cast<float*>(p), n, kLogMean, kLogStddev);
      break;
    case Out::log_normal_double:
      s = gpurngGenerateLogNormalDouble(g, static_cast<double*>(p), n, kLogMean, kLogStddev);
      break;
  }
  EXPECT_EQ(GPURNG_STATUS_SUCCESS, s);
  gpurngDestroyGenerator(g);
  return r;
}

// The raw outputs of a type: 32-bit words, or 64-bit ones.
template <typename T>
constexpr Out bits_out() {
  return sizeof(T) == 8 ? Out::bits64 : Out::bits;
}
// The uniforms of a type.
template <typename T>
constexpr Out uniform_out() {
  return std::is_same<T, float>::value ? Out::uniform : Out::uniform_double;
}

}  // namespace device_api_test
