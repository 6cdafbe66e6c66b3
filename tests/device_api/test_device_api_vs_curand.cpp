// SPDX-License-Identifier: BSD-3-Clause
// The device API against cuRAND's own device API, both compiled for the host in one process (no GPU needed):
// curand_kernel.h's calls are declared host-callable here (QUALIFIERS), so they run their host branches, which
// use cuRAND's host tables and give its device results for integers and uniforms (docs/CURAND.md, Distributions).
// Checked: curand_init and gpurng_init give the same state words; then long random scripts of every call, the
// skipahead family included, give the same integers and uniforms bit for bit and leave the same states (words,
// lanes, cache flags) after every call, so each call takes cuRAND's words in cuRAND's order and caches as cuRAND
// does. Normals are compared within a few ulp only: cuRAND's host branch uses the C library's logf/sinf/cosf,
// not its device intrinsics (the GPU tests compare those bit for bit in the cuRAND-device mode).
// Built when the CUDA toolkit's headers are found (tests/device_api/CMakeLists.txt).
#define QUALIFIERS static inline
#include <curand_kernel.h>
// (curand_kernel.h first: it defines QUALIFIERS-dependent host paths and pulls in CUDA's vector types.)

#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <random>

#include "device_api_test_util.hpp"
#include "gpurng_kernel.h"

namespace {

using namespace device_api_test;

// ---- state equality ----

void expect_same(const curandStateXORWOW_t& c, const gpurngStateXORWOW_t& g, const std::string& what) {
  ASSERT_EQ(c.d, g.d) << what;
  for (int k = 0; k < 5; ++k) ASSERT_EQ(c.v[k], g.v[k]) << what;
  ASSERT_EQ(c.boxmuller_flag, g.boxmuller_flag) << what;
  ASSERT_EQ(c.boxmuller_flag_double, g.boxmuller_flag_double) << what;
}
void expect_same(const curandStateMRG32k3a_t& c, const gpurngStateMRG32k3a_t& g, const std::string& what) {
  for (int k = 0; k < 3; ++k) {
    ASSERT_EQ(c.s1[k], g.s1[k]) << what;
    ASSERT_EQ(c.s2[k], g.s2[k]) << what;
  }
  ASSERT_EQ(c.boxmuller_flag, g.boxmuller_flag) << what;
  ASSERT_EQ(c.boxmuller_flag_double, g.boxmuller_flag_double) << what;
}
void expect_same(const curandStatePhilox4_32_10_t& c, const gpurngStatePhilox4_32_10_t& g, const std::string& what) {
  const uint32_t cc[4] = {c.ctr.x, c.ctr.y, c.ctr.z, c.ctr.w};
  const uint32_t co[4] = {c.output.x, c.output.y, c.output.z, c.output.w};
  for (int k = 0; k < 4; ++k) {
    ASSERT_EQ(cc[k], g.ctr[k]) << what;
    ASSERT_EQ(co[k], g.output[k]) << what;
  }
  ASSERT_EQ(c.key.x, g.key[0]) << what;
  ASSERT_EQ(c.key.y, g.key[1]) << what;
  ASSERT_EQ(c.STATE, g.index) << what;
  ASSERT_EQ(c.boxmuller_flag, g.boxmuller_flag) << what;
  ASSERT_EQ(c.boxmuller_flag_double, g.boxmuller_flag_double) << what;
}

// a and b within a few units in the last place of float (or double), relative to max(1, |a|)
void expect_close(double a, double b, double eps, const std::string& what) {
  ASSERT_LE(std::fabs(a - b), eps * std::fmax(1.0, std::fabs(a))) << what << ": " << a << " vs " << b;
}
constexpr double kEpsF = 4e-6;  // normals ~2 ulp, log-normals of moderate size a few more
constexpr double kEpsD = 1e-14;

// ---- gpurng_init = curand_init ----

TEST(DeviceApiVsCurand, InitStates) {
  // cuRAND's MRG32k3a subsequence table holds zero matrices from bit 51 on: subsequences below 2^51 only
  const uint64_t mrg_subsequences[] = {0, 1, 2, uint64_t{1} << 32, (uint64_t{1} << 51) - 3};
  for (uint64_t seed : kSeeds)
    for (uint64_t off : kOffsets) {
      for (uint64_t sub : kSubsequences) {
        curandStateXORWOW_t cx;
        gpurngStateXORWOW_t gx;
        curand_init(seed, sub, off, &cx);
        gpurng_init(seed, sub, off, &gx);
        expect_same(cx, gx, "XORWOW " + where(seed, sub, off));
        curandStatePhilox4_32_10_t cp;
        gpurngStatePhilox4_32_10_t gp;
        curand_init(seed, sub, off, &cp);
        gpurng_init(seed, sub, off, &gp);
        expect_same(cp, gp, "Philox " + where(seed, sub, off));
      }
      for (uint64_t sub : mrg_subsequences) {
        curandStateMRG32k3a_t cm;
        gpurngStateMRG32k3a_t gm;
        curand_init(seed, sub, off, &cm);
        gpurng_init(seed, sub, off, &gm);
        expect_same(cm, gm, "MRG32k3a " + where(seed, sub, off));
      }
    }
}

// ---- random scripts of calls ----

// Call number k of a script on both states; compares the results. Calls 0..N-1 are the ones every engine has.
template <class C, class G>
void common_call(int k, C* c, G* g, std::mt19937_64& rng, const std::string& what) {
  const float mf = 0.25f, sf = 0.75f;
  const double md = -0.5, sd = 0.5;
  switch (k) {
    case 0:
      ASSERT_EQ(curand(c), gpurng(g)) << what;
      break;
    case 1:
      ASSERT_SAME_BITS(curand_uniform(c), gpurng_uniform(g)) << what;
      break;
    case 2:
      ASSERT_SAME_BITS(curand_uniform_double(c), gpurng_uniform_double(g)) << what;
      break;
    case 3:
      expect_close(curand_normal(c), gpurng_normal(g), kEpsF, what);
      break;
    case 4: {
      const float2 a = curand_normal2(c);
      const gpurng_float2 b = gpurng_normal2(g);
      expect_close(a.x, b.x, kEpsF, what);
      expect_close(a.y, b.y, kEpsF, what);
      break;
    }
    case 5:
      expect_close(curand_normal_double(c), gpurng_normal_double(g), kEpsD, what);
      break;
    case 6: {
      const double2 a = curand_normal2_double(c);
      const gpurng_double2 b = gpurng_normal2_double(g);
      expect_close(a.x, b.x, kEpsD, what);
      expect_close(a.y, b.y, kEpsD, what);
      break;
    }
    case 7:
      expect_close(curand_log_normal(c, mf, sf), gpurng_log_normal(g, mf, sf), kEpsF, what);
      break;
    case 8: {
      const float2 a = curand_log_normal2(c, mf, sf);
      const gpurng_float2 b = gpurng_log_normal2(g, mf, sf);
      expect_close(a.x, b.x, kEpsF, what);
      expect_close(a.y, b.y, kEpsF, what);
      break;
    }
    case 9:
      expect_close(curand_log_normal_double(c, md, sd), gpurng_log_normal_double(g, md, sd), kEpsD, what);
      break;
    case 10: {
      const double2 a = curand_log_normal2_double(c, md, sd);
      const gpurng_double2 b = gpurng_log_normal2_double(g, md, sd);
      expect_close(a.x, b.x, kEpsD, what);
      expect_close(a.y, b.y, kEpsD, what);
      break;
    }
    case 11: {  // skipahead: small, or any 64-bit count
      const uint64_t n = (rng() & 1) ? rng() % 9 : rng();
      skipahead(n, c);
      gpurng_skipahead(n, g);
      break;
    }
    case 12: {
      const uint64_t n = (rng() & 1) ? rng() % 3 : rng();
      skipahead_sequence(n, c);
      gpurng_skipahead_sequence(n, g);
      break;
    }
  }
}
constexpr int kCommonCalls = 13;

// Philox's four-word calls.
void philox_call(int k, curandStatePhilox4_32_10_t* c, gpurngStatePhilox4_32_10_t* g, const std::string& what) {
  switch (k) {
    case 0: {
      const uint4 a = curand4(c);
      const gpurng_uint4 b = gpurng4(g);
      ASSERT_TRUE(a.x == b.x && a.y == b.y && a.z == b.z && a.w == b.w) << what;
      break;
    }
    case 1: {
      const float4 a = curand_uniform4(c);
      const gpurng_float4 b = gpurng_uniform4(g);
      ASSERT_SAME_BITS(a.x, b.x) << what;
      ASSERT_SAME_BITS(a.y, b.y) << what;
      ASSERT_SAME_BITS(a.z, b.z) << what;
      ASSERT_SAME_BITS(a.w, b.w) << what;
      break;
    }
    case 2: {
      const double2 a = curand_uniform2_double(c);
      const gpurng_double2 b = gpurng_uniform2_double(g);
      ASSERT_SAME_BITS(a.x, b.x) << what;
      ASSERT_SAME_BITS(a.y, b.y) << what;
      break;
    }
    case 3: {
      const float4 a = curand_normal4(c);
      const gpurng_float4 b = gpurng_normal4(g);
      expect_close(a.x, b.x, kEpsF, what);
      expect_close(a.w, b.w, kEpsF, what);
      break;
    }
    case 4: {
      const float4 a = curand_log_normal4(c, 0.5f, 0.5f);
      const gpurng_float4 b = gpurng_log_normal4(g, 0.5f, 0.5f);
      expect_close(a.y, b.y, kEpsF, what);
      expect_close(a.z, b.z, kEpsF, what);
      break;
    }
  }
}

// MRG32k3a's third jump (subsequences of 2^76; cuRAND's table is right for n < 2^51).
void mrg_call(curandStateMRG32k3a_t* c, gpurngStateMRG32k3a_t* g, std::mt19937_64& rng) {
  const uint64_t n = (rng() & 1) ? rng() % 3 : rng() >> 13;
  skipahead_subsequence(n, c);
  gpurng_skipahead_subsequence(n, g);
}

template <class C, class G, class Extra>
void run_scripts(const char* name, int extra_calls, Extra&& extra) {
  std::mt19937_64 rng(15);
  for (int script = 0; script < 40; ++script) {
    const uint64_t seed = rng(), sub = rng() % 1000, off = rng() % 1000;
    C c;
    G g;
    curand_init(seed, sub, off, &c);
    gpurng_init(seed, sub, off, &g);
    // scripts lean on the normal calls, where the caches interleave
    for (int i = 0; i < 200; ++i) {
      const int k = static_cast<int>(rng() % (kCommonCalls + extra_calls));
      const std::string what = std::string(name) + " script " + std::to_string(script) + " call " + std::to_string(i) +
                               " kind " + std::to_string(k);
      if (k < kCommonCalls)
        common_call(k, &c, &g, rng, what);
      else
        extra(k - kCommonCalls, &c, &g, rng, what);
      if (::testing::Test::HasFatalFailure()) return;
      expect_same(c, g, what);
      if (::testing::Test::HasFatalFailure()) return;
    }
  }
}

TEST(DeviceApiVsCurand, XorwowScripts) {
  run_scripts<curandStateXORWOW_t, gpurngStateXORWOW_t>("XORWOW", 0, [](int, auto*, auto*, auto&, auto&) {});
}

TEST(DeviceApiVsCurand, Mrg32k3aScripts) {
  run_scripts<curandStateMRG32k3a_t, gpurngStateMRG32k3a_t>(
      "MRG32k3a", 1, [](int, curandStateMRG32k3a_t* c, gpurngStateMRG32k3a_t* g, std::mt19937_64& rng, auto&) {
        mrg_call(c, g, rng);
      });
}

TEST(DeviceApiVsCurand, PhiloxScripts) {
  run_scripts<curandStatePhilox4_32_10_t, gpurngStatePhilox4_32_10_t>(
      "Philox", 5,
      [](int k, curandStatePhilox4_32_10_t* c, gpurngStatePhilox4_32_10_t* g, std::mt19937_64&,
         const std::string& what) { philox_call(k, c, g, what); });
}

}  // namespace
