// SPDX-License-Identifier: BSD-3-Clause
// The cuRAND engine cores against themselves (no libcurand needed): jumps equal steps, the layout's
// shortcuts (stream fills at any offset, fills cut anywhere, fills on several threads) equal the slow
// ways, and the per-seed set-up costs, which are printed.
#include <gtest/gtest.h>

#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <random>
#include <thread>
#include <vector>

#include "curand_model.hpp"
#include "gpurng/engines/mrg32k3a.hpp"
#include "gpurng/engines/philox.hpp"
#include "gpurng/engines/xorwow.hpp"

namespace {

using namespace curand_test;
using namespace gpurng;
using curand_layout::mrg32k3a_stream;
using curand_layout::philox_stream;
using curand_layout::xorwow_stream;

bool same(const xorwow::state& a, const xorwow::state& b) { return std::memcmp(&a, &b, sizeof a) == 0; }
bool same(const mrg32k3a::state& a, const mrg32k3a::state& b) { return std::memcmp(&a, &b, sizeof a) == 0; }

double ms_since(std::chrono::steady_clock::time_point t0) {
  return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
}

TEST(CurandEngines, XorwowSkipEqualsSteps) {
  for (uint64_t n : {0ull, 1ull, 2ull, 5ull, 160ull, 4097ull, 100003ull}) {
    xorwow::state a = xorwow::seed_state(1234), b = a;
    for (uint64_t i = 0; i < n; ++i) xorwow::next(a);
    xorwow::skip(b, n);
    EXPECT_TRUE(same(a, b)) << "n = " << n;
  }
}

TEST(CurandEngines, XorwowJumpsCompose) {
  // skip(a) then skip(b) = skip(a + b); 16 jumps of 2^63 = one subsequence (2^67), with d unchanged
  xorwow::state a = xorwow::seed_state(77), b = a, c = a, d = a;
  xorwow::skip(a, 0x123456789abcull);
  xorwow::skip(a, 0xfedcba98765ull);
  xorwow::skip(b, 0x123456789abcull + 0xfedcba98765ull);
  EXPECT_TRUE(same(a, b));
  for (int i = 0; i < 16; ++i) xorwow::skip(c, uint64_t{1} << 63);
  xorwow::skip_subsequence(d, 1);
  EXPECT_TRUE(same(c, d));
  // jump matrices: M^n from the table equals the per-bit vector products
  xorwow::matrix m;
  xorwow::jump_matrix(1000000000003ull, 0, m);
  xorwow::state e = xorwow::seed_state(5), f = e;
  xorwow::mat_vec(m, e.v, e.v);
  xorwow::shift_jump(f.v, 1000000000003ull, 0);
  EXPECT_EQ(0, std::memcmp(e.v, f.v, sizeof e.v));
}

TEST(CurandEngines, Mrg32k3aReduction) {
  std::mt19937_64 rng(3);
  for (uint32_t m : {mrg32k3a::kM1, mrg32k3a::kM2}) {
    const uint64_t edges[] = {0,          1,
                              m - 1ull,   m,
                              m + 1ull,   2ull * m - 1,
                              2ull * m,   0xFFFFFFFFull,
                              1ull << 32, static_cast<uint64_t>(m) * m,
                              ~0ull,      ~0ull - m};
    for (uint64_t x : edges) EXPECT_EQ(mrg32k3a::reduce(x, m), x % m) << x;
    for (int i = 0; i < 1000000; ++i) {
      const uint64_t x = rng() >> (rng() % 64);
      ASSERT_EQ(mrg32k3a::reduce(x, m), x % m) << x;
      const uint32_t a = static_cast<uint32_t>(rng()), b = static_cast<uint32_t>(rng()),
                     c = static_cast<uint32_t>(rng()), d = static_cast<uint32_t>(rng()),
                     e = static_cast<uint32_t>(rng()), f = static_cast<uint32_t>(rng());
      const unsigned __int128 s = static_cast<unsigned __int128>(a) * b + static_cast<unsigned __int128>(c) * d +
                                  static_cast<unsigned __int128>(e) * f;
      ASSERT_EQ(mrg32k3a::dot3(a, b, c, d, e, f, m), static_cast<uint32_t>(s % m));
    }
  }
}

TEST(CurandEngines, Mrg32k3aJumps) {
  for (uint64_t n : {0ull, 1ull, 2ull, 3ull, 4ull, 1000ull, 81921ull}) {
    mrg32k3a::state a = mrg32k3a::seed_state(99), b = a;
    for (uint64_t i = 0; i < n; ++i) mrg32k3a::next(a);
    mrg32k3a::apply(mrg32k3a::jump_of(n), b);
    EXPECT_TRUE(same(a, b)) << "n = " << n;
  }
  // 2^76 = (2^38)^2 steps; subsequence jumps compose
  using mrg32k3a::mat_pow;
  const mrg32k3a::jump direct = mrg32k3a::jump_of_pow2(76, 3);
  mrg32k3a::jump twice{
      mat_pow(mat_pow(mrg32k3a::step_matrix1(), uint64_t{1} << 38, mrg32k3a::kM1), uint64_t{1} << 38, mrg32k3a::kM1),
      mat_pow(mat_pow(mrg32k3a::step_matrix2(), uint64_t{1} << 38, mrg32k3a::kM2), uint64_t{1} << 38, mrg32k3a::kM2)};
  mrg32k3a::state x = mrg32k3a::seed_state(3), y = x;
  mrg32k3a::apply(direct, x);
  for (int i = 0; i < 3; ++i) mrg32k3a::apply(twice, y);
  EXPECT_TRUE(same(x, y));
  EXPECT_TRUE(same(mrg32k3a::init(3, 3, 0), x));
}

TEST(CurandEngines, PhiloxCounters) {
  // output_at(seed, sub, k) is lane k%4 of counter k/4 of subsequence sub
  const philox::u32x4 b = philox::block<10>(philox::counter_of(7, 5), philox::key_of_seed(0x0123456789abcdefull));
  for (int i = 0; i < 4; ++i) EXPECT_EQ(philox::output_at(0x0123456789abcdefull, 7, 20 + i), b.w[i]);
  EXPECT_EQ(philox::counter_of(0x100000002ull, 0x300000004ull).w[0], 4u);
  EXPECT_EQ(philox::counter_of(0x100000002ull, 0x300000004ull).w[1], 3u);
  EXPECT_EQ(philox::counter_of(0x100000002ull, 0x300000004ull).w[2], 2u);
  EXPECT_EQ(philox::counter_of(0x100000002ull, 0x300000004ull).w[3], 1u);
}

// The XORWOW layout for u32 from first principles: output n is output n/4096 of curand_init(seed, n%4096, 0).
TEST(CurandEngines, XorwowLayoutFromDeviceApi) {
  const xorwow_stream s(1234, ordering::dflt);
  std::vector<uint32_t> got(3 * 4096 + 5);
  s.fill_u32(0, 0, got.size(), got.data());
  for (uint32_t t : {0u, 1u, 2u, 4094u, 4095u}) {
    xorwow::state st = xorwow::init(1234, t, 0);
    for (int k = 0; k < 3; ++k) EXPECT_EQ(got[k * 4096 + t], xorwow::next(st)) << "thread " << t << " k " << k;
  }
}

// Stream fills at offset o equal the rebuilt cursor's fills, for every type; and fills on 3 threads at odd
// cut points equal one fill.
template <class Stream>
void consistency(engine e, ordering ord, uint64_t seed) {
  const Stream s(seed, ord);
  for (uint64_t off : {0ull, 3ull, 4095ull, 81921ull, 262145ull, 1000000000003ull}) {
    auto cur = s.cursor_at(off);
    for (output o : kAllOutputs) {
      const size_t n = 50001;
      buffer a(o, n), b(o, n), c(o, n);
      fill_any(s, o, a.data(), 7, n, {}, off);
      fill_any(cur, o, b.data(), 7, n, {});
      EXPECT_EQ(0, std::memcmp(a.data(), b.data(), n * element_size(o)))
          << name_of(e) << " offset " << off << " " << name_of(o) << ": stream vs cursor";
      const size_t cuts[4] = {0, 4097, 30011, n};
      std::vector<std::thread> th;
      for (int k = 0; k < 3; ++k)
        th.emplace_back([&, k] { fill_any(s, o, c.at(cuts[k]), 7 + cuts[k], cuts[k + 1] - cuts[k], {}, off); });
      for (auto& t : th) t.join();
      EXPECT_EQ(0, std::memcmp(a.data(), c.data(), n * element_size(o)))
          << name_of(e) << " offset " << off << " " << name_of(o) << ": threads";
    }
  }
}
TEST(CurandEngines, XorwowConsistency) { consistency<xorwow_stream>(engine::xorwow, ordering::dflt, 11); }
TEST(CurandEngines, PhiloxConsistency) { consistency<philox_stream>(engine::philox, ordering::dflt, 12); }
TEST(CurandEngines, MrgConsistency) {
  consistency<mrg32k3a_stream>(engine::mrg32k3a, ordering::dflt, 13);
  consistency<mrg32k3a_stream>(engine::mrg32k3a, ordering::legacy, 14);
}

// Cursor advance equals filling the skipped calls: after calls of several types, the next call's outputs.
TEST(CurandEngines, CursorAdvance) {
  const xorwow_stream s(21, ordering::dflt);
  auto a = s.cursor_at(4093);
  auto b = s.cursor_at(4093);
  std::vector<double> tmp(9000);
  a.fill_uniform(0, 8191, tmp.data());  // fill does not move the cursor
  a.advance(output::uniform_f64, 8191);
  b.advance(output::uniform_f64, 4000);
  b.advance(output::uniform_f64, 4191);
  std::vector<float> x(5000), y(5000);
  a.fill_normal(0, 5000, x.data(), 0.f, 1.f);
  b.fill_normal(0, 5000, y.data(), 0.f, 1.f);
  EXPECT_EQ(0, std::memcmp(x.data(), y.data(), x.size() * 4));
  EXPECT_EQ(a.offset(), 4093u + 8191u);
}

// Per-seed set-up and per-fill jump costs (printed; no thresholds, the machines vary).
TEST(CurandEngines, SetupCost) {
  auto t0 = std::chrono::steady_clock::now();
  xorwow::powers();
  const double powers_ms = ms_since(t0);
  t0 = std::chrono::steady_clock::now();
  for (uint64_t seed = 1; seed <= 10; ++seed) xorwow_stream s(seed, ordering::dflt);
  const double xorwow_ms = ms_since(t0) / 10;
  t0 = std::chrono::steady_clock::now();
  for (uint64_t seed = 1; seed <= 3; ++seed) mrg32k3a_stream s(seed, ordering::dflt);
  const double mrg_ms = ms_since(t0) / 3;
  t0 = std::chrono::steady_clock::now();
  for (uint64_t seed = 1; seed <= 10; ++seed) mrg32k3a_stream s(seed, ordering::legacy);
  const double mrg_legacy_ms = ms_since(t0) / 10;

  const xorwow_stream xs(5, ordering::dflt);
  const mrg32k3a_stream ms(5, ordering::dflt);
  std::vector<uint32_t> out(100000);
  t0 = std::chrono::steady_clock::now();
  xs.fill_u32(1000000000003ull, 0, 1, out.data());
  const double xorwow_fill1_ms = ms_since(t0);
  t0 = std::chrono::steady_clock::now();
  xs.fill_u32(1000000000003ull, 0, out.size(), out.data());
  const double xorwow_fill_ms = ms_since(t0);
  t0 = std::chrono::steady_clock::now();
  ms.fill_u32(1000000000003ull, 0, out.size(), out.data());
  const double mrg_fill_ms = ms_since(t0);
  t0 = std::chrono::steady_clock::now();
  auto cur = xs.cursor_at(1000000000003ull);
  const double xorwow_cursor_ms = ms_since(t0);
  t0 = std::chrono::steady_clock::now();
  auto mcur = ms.cursor_at(1000000000003ull);
  const double mrg_cursor_ms = ms_since(t0);

  std::printf(
      "XORWOW jump powers (once per process): %.2f ms\n"
      "XORWOW per-seed set-up (4096 start states): %.3f ms\n"
      "MRG32k3a per-seed set-up, DEFAULT (81920 states): %.2f ms; LEGACY (4096): %.3f ms\n"
      "XORWOW fill of 1 output at offset 1e12+3: %.3f ms; of 100000: %.2f ms\n"
      "MRG32k3a DEFAULT fill of 100000 at offset 1e12+3: %.2f ms\n"
      "cursor at offset 1e12+3: XORWOW %.2f ms, MRG32k3a DEFAULT %.2f ms\n",
      powers_ms, xorwow_ms, mrg_ms, mrg_legacy_ms, xorwow_fill1_ms, xorwow_fill_ms, mrg_fill_ms, xorwow_cursor_ms,
      mrg_cursor_ms);
  RecordProperty("xorwow_powers_ms", std::to_string(powers_ms));
  RecordProperty("xorwow_setup_ms", std::to_string(xorwow_ms));
  RecordProperty("mrg_default_setup_ms", std::to_string(mrg_ms));
  RecordProperty("mrg_legacy_setup_ms", std::to_string(mrg_legacy_ms));
  EXPECT_EQ(cur.offset(), 1000000000003ull);
  EXPECT_EQ(mcur.offset(), 1000000000003ull);
}

}  // namespace
