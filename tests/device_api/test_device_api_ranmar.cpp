// SPDX-License-Identifier: BSD-3-Clause
// The device API's RANMAR states compiled for the host: against the naive Fortran-shaped reference
// (tests/reference/ranmar_reference.hpp, which shares nothing with the library), against the host API's fills at
// the same positions (zero replacement included), and the generated jump powers against the engine's polynomial
// arithmetic.
#include <gtest/gtest.h>

#include <cstring>
#include <vector>

#include "../reference/ranmar_reference.hpp"
#include "gpurng.h"
#include "gpurng/device/ranmar.hpp"
#include "host_api_fill.hpp"

namespace {

namespace rm = gpurng::ranmar;
using gpurng_reference::NaiveRanmar;
using gpurng_reference::Variant;

template <typename T>
bool same_bits(T a, T b) {
  return std::memcmp(&a, &b, sizeof(T)) == 0;
}

TEST(DeviceApiRanmar, GeneratedPowersAreZToThePowersOfTwo) {
  const auto& t = rm::kRanmarJumpPow2_host;
  for (int i = 0; i < 64; ++i) {
    uint64_t q[rm::kLag];
    rm::poly_z_pow<uint64_t>(uint64_t(1) << i, q);
    ASSERT_EQ(0, std::memcmp(q, t[i], sizeof q)) << i;
  }
  for (int i = 63; i < 127; ++i) {  // beyond 2^63 the table continues by squaring
    uint64_t q[rm::kLag];
    rm::poly_mulmod<uint64_t>(t[i], t[i], q);
    ASSERT_EQ(0, std::memcmp(q, t[i + 1], sizeof q)) << i;
  }
}

template <class State>
struct Traits;
template <>
struct Traits<gpurngStateRanmar_t> {
  static constexpr Variant variant = Variant::Ranmar24;
  static constexpr gpurngRngType_t type = GPURNG_RNG_PSEUDO_RANMAR;
};
template <>
struct Traits<gpurngStateRanmar48_t> {
  static constexpr Variant variant = Variant::Ranmar48;
  static constexpr gpurngRngType_t type = GPURNG_RNG_PSEUDO_RANMAR48;
};
template <>
struct Traits<gpurngStateRanmar48X_t> {
  static constexpr Variant variant = Variant::Ranmar48X;
  static constexpr gpurngRngType_t type = GPURNG_RNG_PSEUDO_RANMAR48X;
};

// The host API's raw words (integer T) or uniforms (float, double) at offset .. offset + n - 1.
template <typename T>
std::vector<T> host_fill(gpurngRngType_t type, unsigned long long seed, unsigned long long offset, size_t n) {
  using device_api_test::Out;
  const Out out = std::is_integral<T>::value ? device_api_test::bits_out<T>() : device_api_test::uniform_out<T>();
  return device_api_test::host_fill<T>({type, seed, true, 0, offset}, n, out);
}

template <class State>
void check_against_naive() {
  for (long long seed : {0ll, 1ll, 54217137ll, 900000000ll}) {
    NaiveRanmar ref(Traits<State>::variant, seed);
    State s;
    gpurng_init(static_cast<unsigned>(seed), 0, 0, &s);
    for (int n = 0; n < 3000; ++n) {
      const uint64_t want = ref.next_raw();
      ASSERT_EQ(want, static_cast<uint64_t>(gpurng_next(&s))) << seed << " " << n;
    }
    // A jumped start equals the reference stepped as far.
    NaiveRanmar far(Traits<State>::variant, seed);
    far.discard(123457);
    State j;
    gpurng_init(static_cast<unsigned>(seed), 0, 123457, &j);
    for (int n = 0; n < 200; ++n) ASSERT_EQ(far.next_raw(), static_cast<uint64_t>(gpurng_next(&j))) << n;
    NaiveRanmar uf(Traits<State>::variant, seed), ud(Traits<State>::variant, seed);
    State a, b;
    gpurng_init(static_cast<unsigned>(seed), 0, 0, &a);
    b = a;
    for (int n = 0; n < 500; ++n) {
      ASSERT_TRUE(same_bits(uf.next_uniform_float(), gpurng_uniform(&a))) << n;
      ASSERT_TRUE(same_bits(ud.next_uniform_double(), gpurng_uniform_double(&b))) << n;
    }
  }
}
TEST(DeviceApiRanmar, EqualsTheNaiveReference24) { check_against_naive<gpurngStateRanmar_t>(); }
TEST(DeviceApiRanmar, EqualsTheNaiveReference48) { check_against_naive<gpurngStateRanmar48_t>(); }
TEST(DeviceApiRanmar, EqualsTheNaiveReference48X) { check_against_naive<gpurngStateRanmar48X_t>(); }

template <class State, typename Raw>
void check_against_host_api() {
  for (unsigned long long seed : {1ull, 54217137ull, 900000000ull}) {
    for (unsigned long long off : {0ull, 1ull, 96ull, 97ull, 98ull, 1000000012345ull, (1ull << 40) + 3, ~0ull - 400}) {
      const size_t n = 300;
      const auto raw = host_fill<Raw>(Traits<State>::type, seed, off, n);
      const auto f = host_fill<float>(Traits<State>::type, seed, off, n);
      const auto d = host_fill<double>(Traits<State>::type, seed, off, n);
      State a, b, c;
      gpurng_init(static_cast<unsigned>(seed), 0, off, &a);
      b = a;
      c = a;
      for (size_t k = 0; k < n; ++k) {
        ASSERT_EQ(raw[k], gpurng_next(&a)) << seed << " " << off << " " << k;
        ASSERT_TRUE(same_bits(f[k], gpurng_uniform(&b))) << k;
        ASSERT_TRUE(same_bits(d[k], gpurng_uniform_double(&c))) << k;
      }
    }
  }
}
TEST(DeviceApiRanmar, EqualsTheHostApi24) { check_against_host_api<gpurngStateRanmar_t, unsigned int>(); }
TEST(DeviceApiRanmar, EqualsTheHostApi48) { check_against_host_api<gpurngStateRanmar48_t, unsigned long long>(); }
TEST(DeviceApiRanmar, EqualsTheHostApi48X) { check_against_host_api<gpurngStateRanmar48X_t, unsigned long long>(); }

// V113 RANMAR replaces an exact zero by 2^-24 U(2): find zeros of the raw stream (one in 2^24 numbers) and check
// the device API's uniforms there against the host API's and the reference's.
TEST(DeviceApiRanmar, ZeroReplacementAsTheOriginal) {
  const unsigned seed = 54217137;
  const size_t n = size_t(1) << 26;
  const auto raw = host_fill<unsigned int>(GPURNG_RNG_PSEUDO_RANMAR, seed, 0, n);
  int zeros = 0;
  for (size_t p = 0; p < n && zeros < 3; ++p) {
    if (raw[p] != 0) continue;
    ++zeros;
    const auto f = host_fill<float>(GPURNG_RNG_PSEUDO_RANMAR, seed, p, 1);
    const auto d = host_fill<double>(GPURNG_RNG_PSEUDO_RANMAR, seed, p, 1);
    gpurngStateRanmar_t a, b;
    gpurng_init(seed, 0, p, &a);
    b = a;
    const float uf = gpurng_uniform(&a);
    EXPECT_NE(0.0f, uf);
    EXPECT_TRUE(same_bits(f[0], uf)) << p;
    EXPECT_TRUE(same_bits(d[0], gpurng_uniform_double(&b))) << p;
    NaiveRanmar ref(Variant::Ranmar24, seed);
    ref.discard(p);
    EXPECT_TRUE(same_bits(ref.next_uniform_double(), static_cast<double>(uf))) << p;
  }
  EXPECT_GE(zeros, 1) << "no exact zero in the first 2^26 numbers: pick another seed";
}

template <class State>
void check_jumps() {
  for (unsigned long long n : {0ull, 1ull, 2ull, 96ull, 97ull, 98ull, 5000ull}) {
    State a, b;
    gpurng_init(777u, 3, 11, &a);
    b = a;
    for (unsigned long long k = 0; k < n; ++k) gpurng_next(&a);
    gpurng_skipahead(n, &b);
    ASSERT_EQ(0, std::memcmp(&a, &b, sizeof a)) << n;
    State c;
    gpurng_init(777u, 3, 11 + n, &c);
    ASSERT_EQ(0, std::memcmp(&a, &c, sizeof a)) << n;
  }
  // Subsequence k starts 2^64 numbers after subsequence k - 1: two jumps of 2^63 from offset 0.
  for (unsigned long long k : {1ull, 2ull, 12345ull}) {
    State a, b;
    gpurng_init(5u, k - 1, 40, &a);
    gpurng_skipahead(1ull << 63, &a);
    gpurng_skipahead(1ull << 63, &a);
    gpurng_init(5u, k, 40, &b);
    ASSERT_EQ(0, std::memcmp(&a, &b, sizeof a)) << k;
  }
  // The last offset of a subsequence is followed by the first of the next.
  State e, f;
  gpurng_init(5u, 7, ~0ull, &e);
  gpurng_next(&e);
  gpurng_init(5u, 8, 0, &f);
  EXPECT_EQ(0, std::memcmp(&e, &f, sizeof e));
}
TEST(DeviceApiRanmar, SkipaheadAndSubsequences24) { check_jumps<gpurngStateRanmar_t>(); }
TEST(DeviceApiRanmar, SkipaheadAndSubsequences48) { check_jumps<gpurngStateRanmar48_t>(); }
TEST(DeviceApiRanmar, SkipaheadAndSubsequences48X) { check_jumps<gpurngStateRanmar48X_t>(); }

TEST(DeviceApiRanmar, RestartTriple) {
  struct Case {
    int ntot, ntot2;
    unsigned long long position;
  };
  for (Case c :
       {Case{0, 0, 0}, Case{12345, 0, 12345}, Case{12345, 1, 1000012345}, Case{-5, 2, 2000000000}, Case{777, -1, 0}}) {
    gpurngStateRanmar48_t a, b;
    gpurng_init_restart(54217137, c.ntot, c.ntot2, &a);
    gpurng_init(54217137u, 0, c.position, &b);
    EXPECT_EQ(0, std::memcmp(&a, &b, sizeof a)) << c.ntot << " " << c.ntot2;
  }
}

}  // namespace
