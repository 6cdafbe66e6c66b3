// SPDX-License-Identifier: BSD-3-Clause
// Shared by the device-API tests: bitwise comparison of results and the argument grids the issue names.
#pragma once

#include <gtest/gtest.h>

#include <cstdint>
#include <cstring>
#include <string>

#include "gpurng_kernel.h"

namespace device_api_test {

// Bit patterns, so that -0.0 vs 0.0 and NaNs count as different values.
inline uint32_t bits_of(float x) {
  uint32_t u;
  std::memcpy(&u, &x, 4);
  return u;
}
inline uint64_t bits_of(double x) {
  uint64_t u;
  std::memcpy(&u, &x, 8);
  return u;
}
inline uint32_t bits_of(uint32_t x) { return x; }

#define EXPECT_SAME_BITS(a, b) \
  EXPECT_EQ(device_api_test::bits_of(a), device_api_test::bits_of(b)) << (a) << " vs " << (b)
#define ASSERT_SAME_BITS(a, b) \
  ASSERT_EQ(device_api_test::bits_of(a), device_api_test::bits_of(b)) << (a) << " vs " << (b)

constexpr uint64_t kMax = ~uint64_t{0};
constexpr uint64_t kSeeds[] = {0, 1, uint64_t{1} << 32, kMax};
constexpr uint64_t kSubsequences[] = {0, 1, 2, uint64_t{1} << 32, kMax};
constexpr uint64_t kOffsets[] = {0, 1, 5, uint64_t{1} << 32, kMax};

inline std::string where(uint64_t seed, uint64_t sub, uint64_t off) {
  return "seed " + std::to_string(seed) + " subsequence " + std::to_string(sub) + " offset " + std::to_string(off);
}

// The whole state, byte for byte (pad_ included: gpurng_init zeroes it).
template <class S>
bool same_state(const S& a, const S& b) {
  return std::memcmp(&a, &b, sizeof(S)) == 0;
}

}  // namespace device_api_test
