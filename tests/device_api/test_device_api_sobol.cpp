// SPDX-License-Identifier: BSD-3-Clause
// The device API's Sobol' states compiled for the host: every call against the host API's fills (the same
// dimension-major layout cuRAND's host generator writes) and against the naive point definition
// x_i = c XOR (XOR of v_k over the set bits of gray(i)), written here from the definition.
#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <vector>

#include "gpurng.h"
#include "gpurng/device/sobol.hpp"
#include "host_api_fill.hpp"

namespace {

using device_api_test::Out;

template <typename W>
W naive_point(const W* v, W c, W i) {
  const W g = i ^ (i >> 1);
  W x = c;
  for (unsigned k = 0; k < 8 * sizeof(W); ++k)
    if ((g >> k) & 1u) x ^= v[k];
  return x;
}

template <typename T>
void same_bits(const T& a, const T& b, const char* what, size_t n) {
  ASSERT_EQ(0, std::memcmp(&a, &b, sizeof(T))) << what << " at element " << n << ": " << a << " vs " << b;
}

struct Set32 {
  const unsigned int* v;  // dimension-major, 32 words per dimension
  const unsigned int* c;  // scramble constants or null
};
Set32 set32(bool scrambled) {
  gpurngDirectionVectors32_t* v = nullptr;
  unsigned int* c = nullptr;
  EXPECT_EQ(GPURNG_STATUS_SUCCESS,
            gpurngGetDirectionVectors32(
                &v, scrambled ? GPURNG_SCRAMBLED_DIRECTION_VECTORS_32_JOEKUO6 : GPURNG_DIRECTION_VECTORS_32_JOEKUO6));
  if (scrambled) {
    EXPECT_EQ(GPURNG_STATUS_SUCCESS, gpurngGetScrambleConstants32(&c));
  }
  return {v[0], c};
}
struct Set64 {
  const unsigned long long* v;
  const unsigned long long* c;
};
Set64 set64(bool scrambled) {
  gpurngDirectionVectors64_t* v = nullptr;
  unsigned long long* c = nullptr;
  EXPECT_EQ(GPURNG_STATUS_SUCCESS,
            gpurngGetDirectionVectors64(
                &v, scrambled ? GPURNG_SCRAMBLED_DIRECTION_VECTORS_64_JOEKUO6 : GPURNG_DIRECTION_VECTORS_64_JOEKUO6));
  if (scrambled) {
    EXPECT_EQ(GPURNG_STATUS_SUCCESS, gpurngGetScrambleConstants64(&c));
  }
  return {v[0], c};
}

// A host-API fill of `points` points of `dims` dimensions from position `offset`: element d * points + p is
// dimension d's point offset + p.
template <typename T>
std::vector<T> host_fill(gpurngRngType_t type, unsigned dims, unsigned long long offset, size_t points, Out out) {
  return device_api_test::host_fill<T>({type, 0, false, dims, offset}, dims * points, out);
}

// Every output of one state type against the host API: thread (d, p) = dimension d started at offset + p
// (one draw each), and one thread per dimension drawing `points` in a row.
template <typename State, typename W, typename Set>
void check_engine(gpurngRngType_t type, Set set, bool scrambled, unsigned long long offset) {
  const unsigned dims = 5;
  const size_t points = 70;
  constexpr unsigned B = 8 * sizeof(W);
  auto init = [&](unsigned d, unsigned long long off, State* s) {
    if constexpr (std::is_same<State, gpurngStateScrambledSobol32_t>::value ||
                  std::is_same<State, gpurngStateScrambledSobol64_t>::value)
      gpurng_init(set.v + d * B, set.c[d], static_cast<W>(off), s);
    else
      gpurng_init(set.v + d * B, static_cast<W>(off), s);
  };
  const auto bits = host_fill<W>(type, dims, offset, points, device_api_test::bits_out<W>());
  const auto uf = host_fill<float>(type, dims, offset, points, Out::uniform);
  const auto ud = host_fill<double>(type, dims, offset, points, Out::uniform_double);
  const auto nf = host_fill<float>(type, dims, offset, points, Out::normal);
  const auto nd = host_fill<double>(type, dims, offset, points, Out::normal_double);
  const auto lf = host_fill<float>(type, dims, offset, points, Out::log_normal);
  const auto ld = host_fill<double>(type, dims, offset, points, Out::log_normal_double);
  for (unsigned d = 0; d < dims; ++d) {
    State run;  // one thread drawing a whole dimension
    init(d, offset, &run);
    for (size_t p = 0; p < points; ++p) {
      const size_t e = d * points + p;
      const W i = static_cast<W>(offset + p);
      const W want = naive_point<W>(set.v + d * B, scrambled ? set.c[d] : W(0), i);
      State s;  // a thread per point
      init(d, offset + p, &s);
      State t = s, u = s, v = s, w = s, x = s;
      // The host API writes z * stddev + mean (here * 1 + 0), which turns the -0 of the point p = 1/2 into +0;
      // the device call returns z itself, as cuRAND's curand_normal does.
      same_bits(want, bits[e], "host API vs naive", e);
      same_bits(want, gpurng_next(&run), "sequential draw", e);
      same_bits(want, gpurng_next(&s), "bits", e);
      same_bits(uf[e], gpurng_uniform(&t), "uniform", e);
      same_bits(ud[e], gpurng_uniform_double(&u), "uniform double", e);
      same_bits(nf[e], gpurng_normal(&v) * 1.0f + 0.0f, "normal", e);
      same_bits(nd[e], gpurng_normal_double(&w) * 1.0 + 0.0, "normal double", e);
      State y = x;
      same_bits(lf[e], gpurng_log_normal(&x, 0.25f, 0.5f), "log-normal", e);
      same_bits(ld[e], gpurng_log_normal_double(&y, 0.25, 0.5), "log-normal double", e);
      // Every call moved the state on by one point.
      for (State* q : {&s, &t, &u, &v, &w, &x, &y}) ASSERT_EQ(static_cast<W>(i + 1), q->i);
    }
  }
}

TEST(DeviceApiSobol, Sobol32EqualsHostApi) {
  for (unsigned long long off : {0ull, 1ull, 1000ull, (1ull << 31) - 3})
    check_engine<gpurngStateSobol32_t, unsigned int>(GPURNG_RNG_QUASI_SOBOL32, set32(false), false, off);
}
TEST(DeviceApiSobol, ScrambledSobol32EqualsHostApi) {
  for (unsigned long long off : {0ull, 1ull, 1000ull, (1ull << 31) - 3})
    check_engine<gpurngStateScrambledSobol32_t, unsigned int>(GPURNG_RNG_QUASI_SCRAMBLED_SOBOL32, set32(true), true,
                                                              off);
}
TEST(DeviceApiSobol, Sobol64EqualsHostApi) {
  for (unsigned long long off : {0ull, 1ull, 1000ull, (1ull << 32) - 3, (1ull << 40) + 7})
    check_engine<gpurngStateSobol64_t, unsigned long long>(GPURNG_RNG_QUASI_SOBOL64, set64(false), false, off);
}
TEST(DeviceApiSobol, ScrambledSobol64EqualsHostApi) {
  // The host generator's SCRAMBLED_SOBOL64 restarts each call at (position mod 2^32) (gpurng/engines/sobol.hpp),
  // so positions below 2^32 - points are where a state's index and the host call's position agree.
  for (unsigned long long off : {0ull, 1ull, 1000ull, (1ull << 32) - 100})
    check_engine<gpurngStateScrambledSobol64_t, unsigned long long>(GPURNG_RNG_QUASI_SCRAMBLED_SOBOL64, set64(true),
                                                                    true, off);
}

// The index wraps at 2^32 for the 32-bit states, as cuRAND's unsigned int counter: drawing across the wrap, and
// skipping across it, land on point 0, 1, ...
TEST(DeviceApiSobol, Sobol32WrapsAt2To32) {
  const Set32 s = set32(false);
  gpurngStateSobol32_t a;
  gpurng_init(s.v, 0xFFFFFFFEu, &a);
  EXPECT_EQ(naive_point<unsigned>(s.v, 0u, 0xFFFFFFFEu), gpurng_next(&a));
  EXPECT_EQ(naive_point<unsigned>(s.v, 0u, 0xFFFFFFFFu), gpurng_next(&a));
  EXPECT_EQ(0u, gpurng_next(&a));  // point 0 of the plain set is 0
  EXPECT_EQ(naive_point<unsigned>(s.v, 0u, 1u), gpurng_next(&a));
  gpurngStateSobol32_t b;
  gpurng_init(s.v + 32 * 3, 5u, &b);
  gpurng_skipahead(0xFFFFFFFFu, &b);  // 5 + 2^32 - 1 = point 4
  EXPECT_EQ(4u, b.i);
  EXPECT_EQ(naive_point<unsigned>(s.v + 32 * 3, 0u, 4u), gpurng_next(&b));
}

TEST(DeviceApiSobol, SkipaheadEqualsDrawing) {
  const Set64 s = set64(true);
  for (unsigned long long n : {0ull, 1ull, 2ull, 63ull, 1000ull}) {
    gpurngStateScrambledSobol64_t a, b;
    gpurng_init(s.v + 64 * 7, s.c[7], 12345ull, &a);
    b = a;
    for (unsigned long long k = 0; k < n; ++k) gpurng_next(&a);
    gpurng_skipahead(n, &b);
    EXPECT_EQ(0, std::memcmp(&a, &b, sizeof a)) << n;
  }
  gpurngStateSobol64_t c;
  gpurng_init(s.v, ~0ull, &c);  // the last 64-bit index, then the wrap to point 0
  const Set64 plain = set64(false);
  gpurng_init(plain.v, ~0ull, &c);
  EXPECT_EQ(naive_point<unsigned long long>(plain.v, 0ull, ~0ull), gpurng_next(&c));
  EXPECT_EQ(0ull, gpurng_next(&c));
}

}  // namespace
