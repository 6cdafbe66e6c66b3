// SPDX-License-Identifier: BSD-3-Clause
// The device API's hybrid Tausworthe and Park-Miller states compiled for the host: against the host API's fills
// at the positions the device API's position model names, against naive references written here from the
// definitions (plain stepping, a * x mod (2^31 - 1) in 64-bit arithmetic), and the generated jump table against
// the one the host builds.
#include <gtest/gtest.h>

#include <cstring>
#include <vector>

#include "gpurng.h"
#include "gpurng/device/hybrid_taus.hpp"
#include "gpurng/device/park_miller.hpp"
#include "host_api_fill.hpp"

namespace {

// The host API's raw words (integer T) or uniforms (float, double) at offset .. offset + n - 1.
template <typename T>
std::vector<T> host_fill(gpurngRngType_t type, unsigned long long seed, unsigned long long offset, size_t n) {
  using device_api_test::Out;
  const Out out = std::is_integral<T>::value ? device_api_test::bits_out<T>() : device_api_test::uniform_out<T>();
  return device_api_test::host_fill<T>({type, seed, true, 0, offset}, n, out);
}

template <typename T>
bool same_bits(T a, T b) {
  return std::memcmp(&a, &b, sizeof(T)) == 0;
}

// ---- hybrid Taus -------------------------------------------------------------------------------------------

// The naive stream: GPU Gems 3 listing 37-4's step written out, from the engine's seeding.
struct NaiveTaus {
  uint32_t z[4];
  static uint32_t taus(uint32_t& z, int s1, int s2, int s3, uint32_t m) {
    const uint32_t b = ((z << s1) ^ z) >> s2;
    return z = ((z & m) << s3) ^ b;
  }
  uint32_t next() {
    taus(z[0], 13, 19, 12, 4294967294u);
    taus(z[1], 2, 25, 4, 4294967288u);
    taus(z[2], 3, 11, 17, 4294967280u);
    z[3] = 1664525u * z[3] + 1013904223u;
    return z[0] ^ z[1] ^ z[2] ^ z[3];
  }
};

TEST(DeviceApiHybridTaus, GeneratedJumpTableEqualsTheHostBuiltOne) {
  gpurng::hybrid_taus::jump_table t;
  gpurng::hybrid_taus::build_jump_table(t);
  EXPECT_EQ(0, std::memcmp(t.col, gpurng::hybrid_taus::kHybridTausJump_host, sizeof t.col));
}

TEST(DeviceApiHybridTaus, EqualsTheHostApiAtStreamAndStep) {
  constexpr unsigned T = gpurng::hybrid_taus::kStreams;
  for (unsigned long long seed : {0ull, 1ull, 1ull << 32, ~0ull}) {
    const unsigned long long first_step = seed == 1 ? 1000 : 3;
    // Host positions k * T + t for k = first_step .. first_step + 3 and all t.
    const auto u = host_fill<unsigned int>(GPURNG_RNG_PSEUDO_HYBRID_TAUS, seed, first_step * T, 4 * T);
    const auto f = host_fill<float>(GPURNG_RNG_PSEUDO_HYBRID_TAUS, seed, first_step * T, 4 * T);
    const auto d = host_fill<double>(GPURNG_RNG_PSEUDO_HYBRID_TAUS, seed, first_step * T, 4 * T);
    for (unsigned t : {0u, 1u, 2u, 777u, T - 1}) {
      gpurngStateHybridTaus_t a, b, c;
      gpurng_init(seed, t, first_step, &a);
      b = a;
      c = a;
      for (unsigned k = 0; k < 4; ++k) {
        const size_t e = size_t(k) * T + t;
        ASSERT_EQ(u[e], gpurng_next(&a)) << seed << " " << t << " " << k;
        ASSERT_TRUE(same_bits(f[e], gpurng_uniform(&b)));
        ASSERT_TRUE(same_bits(d[e], gpurng_uniform_double(&c)));
      }
    }
  }
}

TEST(DeviceApiHybridTaus, InitAndSkipaheadEqualPlainStepping) {
  for (unsigned long long t : {0ull, 5ull, 70000ull, 1ull << 40}) {  // streams beyond the host API's 65536 too
    const gpurng::hybrid_taus::state s0 = gpurng::hybrid_taus::seed_stream(99, t);
    NaiveTaus naive{{s0.z1, s0.z2, s0.z3, s0.z4}};
    gpurngStateHybridTaus_t st, sk;
    gpurng_init(99, t, 0, &st);
    gpurng_init(99, t, 0, &sk);
    for (unsigned long long k = 0; k < 3000; ++k) {
      gpurngStateHybridTaus_t at;
      gpurng_init(99, t, k, &at);
      const uint32_t want = naive.next();
      ASSERT_EQ(want, gpurng_next(&at)) << t << " " << k;
      ASSERT_EQ(want, gpurng_next(&st));
    }
    gpurng_skipahead(3000, &sk);
    EXPECT_EQ(0, std::memcmp(&st, &sk, sizeof st));
  }
}

TEST(DeviceApiHybridTaus, NormalsArePairsOfTheStreamWithCuRandsCache) {
  gpurngStateHybridTaus_t a, b;
  gpurng_init(7, 3, 11, &a);
  b = a;
  const uint32_t x = gpurng_next(&b), y = gpurng_next(&b);
  const gpurng::curand_out::f32x2 p = gpurng::curand_out::box_muller_f32(x, y);
  gpurngStateHybridTaus_t c = a;
  EXPECT_TRUE(same_bits(p.s, gpurng_normal(&a)));
  EXPECT_TRUE(same_bits(p.c, gpurng_normal(&a)));  // the cached cosine value, no words drawn
  EXPECT_EQ(0, std::memcmp(&a.z1, &b.z1, 16));
  const gpurng_float2 q = gpurng_normal2(&c);
  EXPECT_TRUE(same_bits(p.s, q.x));
  EXPECT_TRUE(same_bits(p.c, q.y));
  // A log-normal call drops a cached normal and draws a fresh pair.
  gpurngStateHybridTaus_t e;
  gpurng_init(7, 3, 11, &e);
  gpurng_normal(&e);
  const float l = gpurng_log_normal(&e, 0.5f, 0.25f);
  const uint32_t x2 = gpurng_next(&b), y2 = gpurng_next(&b);
  EXPECT_TRUE(same_bits(gpurng::curand_out::lognormal(gpurng::curand_out::box_muller_f32(x2, y2).s, 0.5f, 0.25f), l));
  // Doubles: four words a pair.
  gpurngStateHybridTaus_t g, h;
  gpurng_init(8, 1, 0, &g);
  h = g;
  const uint32_t w0 = gpurng_next(&h), w1 = gpurng_next(&h), w2 = gpurng_next(&h), w3 = gpurng_next(&h);
  const gpurng::curand_out::f64x2 pd = gpurng::curand_out::box_muller_f64(w0, w1, w2, w3);
  EXPECT_TRUE(same_bits(pd.s, gpurng_normal_double(&g)));
  EXPECT_TRUE(same_bits(pd.c, gpurng_normal_double(&g)));
}

// ---- Park-Miller ---------------------------------------------------------------------------------------------

TEST(DeviceApiParkMiller, EqualsTheHostApiAndTheNaiveRecurrence) {
  for (gpurngRngType_t type : {GPURNG_RNG_PSEUDO_MINSTD, GPURNG_RNG_PSEUDO_MINSTD48271}) {
    const unsigned a = type == GPURNG_RNG_PSEUDO_MINSTD ? 16807u : 48271u;
    for (unsigned long long seed : {0ull, 1ull, 2147483647ull, 2147483648ull, ~0ull}) {
      for (unsigned long long offset : {0ull, 1ull, 5ull, 1ull << 32, 4000000000ull}) {
        const auto u = host_fill<unsigned int>(type, seed, offset, 50);
        const auto f = host_fill<float>(type, seed, offset, 50);
        const auto d = host_fill<double>(type, seed, offset, 50);
        gpurngStateParkMiller_t s, sf, sd;
        gpurng_init_park_miller(a, seed, offset, &s);
        sf = s;
        sd = s;
        for (size_t n = 0; n < 50; ++n) {
          ASSERT_EQ(u[n], gpurng_next(&s)) << seed << " " << offset << " " << n;
          ASSERT_TRUE(same_bits(f[n], gpurng_uniform(&sf)));
          ASSERT_TRUE(same_bits(d[n], gpurng_uniform_double(&sd)));
        }
      }
    }
  }
  // Naive: x_{n+1} = a x_n mod (2^31 - 1) from x_0 = seed (C++'s minstd_rand0 from seed 1: the 10000th value
  // is 1043618065, [rand.predef]).
  gpurngStateParkMiller_t m;
  gpurng_init(1, 0, &m);
  uint64_t x = 1;
  for (int n = 1; n <= 10000; ++n) {
    x = x * 16807u % 2147483647u;
    ASSERT_EQ(x, gpurng_next(&m)) << n;
  }
  EXPECT_EQ(1043618065u, x);
  gpurngStateParkMiller_t j;
  gpurng_init(1, 9999, &j);
  EXPECT_EQ(1043618065u, gpurng_next(&j));
  gpurng_init(1, 0, &j);
  gpurng_skipahead(9999, &j);
  EXPECT_EQ(1043618065u, gpurng_next(&j));
}

}  // namespace
