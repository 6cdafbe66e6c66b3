// SPDX-License-Identifier: BSD-3-Clause
// The device API's random-start permuted Halton states compiled for the host: each call against the host API's
// fills (dimension-major, as cuRAND's quasi generators), the state's recursive draws against the by-index word,
// and the table builder's arguments.
#include <gtest/gtest.h>

#include <cstring>
#include <vector>

#include "gpurng.h"
#include "gpurng/device/halton_rasrap.hpp"
#include "host_api_fill.hpp"

namespace {

using device_api_test::Out;

template <typename T>
bool same_bits(T a, T b) {
  return std::memcmp(&a, &b, sizeof(T)) == 0;
}

template <typename T>
std::vector<T> host_fill(unsigned long long seed, unsigned dims, unsigned long long offset, size_t points, Out out) {
  return device_api_test::host_fill<T>({GPURNG_RNG_QUASI_HALTON_RASRAP, seed, true, dims, offset}, dims * points, out);
}

struct Table {
  std::vector<unsigned long long> storage;  // 8-byte aligned
  const gpurngHaltonRasrapTable_t* get() const {
    return reinterpret_cast<const gpurngHaltonRasrapTable_t*>(storage.data());
  }
  Table(unsigned long long seed, unsigned dims) {
    const size_t bytes = gpurng_halton_rasrap_table_bytes(dims);
    storage.resize((bytes + 7) / 8);
    EXPECT_EQ(0, gpurng_halton_rasrap_make_table(seed, dims, storage.data(), bytes));
  }
};

TEST(DeviceApiHalton, EveryCallEqualsTheHostApi) {
  const unsigned dims = 7;
  const size_t points = 60;
  for (unsigned long long seed : {0ull, 1ull, 0xDEADBEEFull}) {
    const Table t(seed, dims);
    for (unsigned long long off : {0ull, 1ull, 100000ull, (1ull << 60) + 5}) {
      const auto b32 = host_fill<unsigned int>(seed, dims, off, points, Out::bits);
      const auto b64 = host_fill<unsigned long long>(seed, dims, off, points, Out::bits64);
      const auto uf = host_fill<float>(seed, dims, off, points, Out::uniform);
      const auto ud = host_fill<double>(seed, dims, off, points, Out::uniform_double);
      const auto nf = host_fill<float>(seed, dims, off, points, Out::normal);
      const auto nd = host_fill<double>(seed, dims, off, points, Out::normal_double);
      const auto lf = host_fill<float>(seed, dims, off, points, Out::log_normal);
      const auto ld = host_fill<double>(seed, dims, off, points, Out::log_normal_double);
      for (unsigned d = 0; d < dims; ++d) {
        gpurngStateHaltonRasrap_t s[8];
        for (auto& x : s) gpurng_init(t.get(), d, off, &x);
        for (size_t p = 0; p < points; ++p) {
          const size_t e = d * points + p;
          ASSERT_EQ(b64[e], gpurng_halton_rasrap_word(t.get(), d, off + p)) << seed << " " << off << " " << e;
          ASSERT_EQ(b32[e], gpurng_next(&s[0]));
          ASSERT_EQ(b64[e], gpurng_next_word(&s[1]));
          ASSERT_TRUE(same_bits(uf[e], gpurng_uniform(&s[2])));
          ASSERT_TRUE(same_bits(ud[e], gpurng_uniform_double(&s[3])));
          // The host API writes z * 1 + 0, which turns a -0 into +0; the device call returns z.
          ASSERT_TRUE(same_bits(nf[e], gpurng_normal(&s[4]) * 1.0f + 0.0f));
          ASSERT_TRUE(same_bits(nd[e], gpurng_normal_double(&s[5]) * 1.0 + 0.0));
          ASSERT_TRUE(same_bits(lf[e], gpurng_log_normal(&s[6], 0.25f, 0.5f)));
          ASSERT_TRUE(same_bits(ld[e], gpurng_log_normal_double(&s[7], 0.25, 0.5)));
        }
      }
    }
  }
}

TEST(DeviceApiHalton, SkipaheadAndTheWrapOfThePointNumber) {
  const Table t(42, 40);
  for (unsigned d : {0u, 1u, 39u}) {
    gpurngStateHaltonRasrap_t a, b;
    gpurng_init(t.get(), d, 10, &a);
    b = a;
    for (int k = 0; k < 1000; ++k) gpurng_next_word(&a);
    gpurng_skipahead(1000, &b);
    EXPECT_EQ(0, std::memcmp(&a, &b, sizeof a)) << d;
    // Across point 2^64 - 1 -> 0 the state continues with point 0, as the host fills do.
    gpurngStateHaltonRasrap_t w;
    gpurng_init(t.get(), d, ~0ull - 1, &w);
    for (unsigned long long p : {~0ull - 1, ~0ull, 0ull, 1ull})
      EXPECT_EQ(gpurng_halton_rasrap_word(t.get(), d, p), gpurng_next_word(&w)) << d << " " << p;
  }
}

TEST(DeviceApiHalton, TableBuilderRejectsBadArguments) {
  EXPECT_EQ(0u, gpurng_halton_rasrap_table_bytes(0));
  EXPECT_EQ(0u, gpurng_halton_rasrap_table_bytes(1001));
  std::vector<unsigned long long> buf(1 << 12);
  const size_t need = gpurng_halton_rasrap_table_bytes(3);
  EXPECT_GT(need, 0u);
  EXPECT_EQ(-1, gpurng_halton_rasrap_make_table(1, 3, nullptr, need));
  EXPECT_EQ(-1, gpurng_halton_rasrap_make_table(1, 3, buf.data(), need - 1));
  EXPECT_EQ(-1, gpurng_halton_rasrap_make_table(1, 0, buf.data(), buf.size() * 8));
  EXPECT_EQ(-1, gpurng_halton_rasrap_make_table(1, 3, reinterpret_cast<char*>(buf.data()) + 4, need));
  EXPECT_EQ(0, gpurng_halton_rasrap_make_table(1, 3, buf.data(), need));
}

}  // namespace
