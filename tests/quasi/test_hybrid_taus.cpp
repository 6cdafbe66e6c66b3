// SPDX-License-Identifier: BSD-3-Clause
// GPU Gems 3 hybrid Taus (include/gpurng/engines/hybrid_taus.hpp): known answers of the listing's step functions,
// fast sub-range fills against naive stepping (tests/reference/gems_reference.h), jump-ahead against
// stepping and against itself up to 10^15 and beyond, chunked fills, conversions.
#include <gtest/gtest.h>

#include <random>
#include <vector>

#include "gems_reference.h"
#include "gpurng/engines/hybrid_taus.hpp"

namespace ht = gpurng::hybrid_taus;

namespace {

const std::vector<uint64_t> kSeeds = {0, 1, 42, 0xDEADBEEFCAFEF00Dull, ~0ull};

// Known answers, worked out by hand from the listing's formulas (z<<S1 ^ z) >> S2 ^ (z & M) << S3:
// e.g. TausStep(2, 13, 19, 12, ~1): (2<<13 ^ 2) >> 19 = 0, (2 & ~1) << 12 = 0x2000.
TEST(HybridTaus, StepKnownAnswers) {
  struct kat {
    uint32_t z, t1, t2, t3, lcg;
  };
  const kat k[] = {{2u, 0x2000u, 0x0u, 0x0u, 0x3CA1BF79u},
                   {0x80000000u, 0x1000u, 0x40u, 0x100000u, 0xBC6EF35Fu},
                   {0xDEADBEEFu, 0xDBEEED2Eu, 0xEADBEED2u, 0x7DC57809u, 0x6AABDF82u},
                   {12345u, 0x030380C0u, 0x00030380u, 0x60600036u, 0x05391C44u}};
  for (const kat& x : k) {
    EXPECT_EQ(ht::taus1(x.z), x.t1);
    EXPECT_EQ(ht::taus2(x.z), x.t2);
    EXPECT_EQ(ht::taus3(x.z), x.t3);
    uint32_t z = x.z;
    EXPECT_EQ(ht::lcg_step(z), x.lcg);
    unsigned r = x.z;
    EXPECT_EQ(gems_ref::TausStep(r, 13, 19, 12, 4294967294u), x.t1);
    r = x.z;
    EXPECT_EQ(gems_ref::TausStep(r, 2, 25, 4, 4294967288u), x.t2);
    r = x.z;
    EXPECT_EQ(gems_ref::TausStep(r, 3, 11, 17, 4294967280u), x.t3);
    r = x.z;
    EXPECT_EQ(gems_ref::LCGStep(r, 1664525u, 1013904223u), x.lcg);
  }
  // The combined step on a hand-set state: XOR of the four new states.
  ht::state s{0xDEADBEEFu, 0xDEADBEEFu, 0xDEADBEEFu, 0xDEADBEEFu};
  EXPECT_EQ(ht::next(s), 0xDBEEED2Eu ^ 0xEADBEED2u ^ 0x7DC57809u ^ 0x6AABDF82u);
}

TEST(HybridTaus, SeedingRespectsConstraints) {
  for (uint64_t seed : kSeeds)
    for (uint32_t t = 0; t < ht::kStreams; ++t) {
      const ht::state s = ht::seed_stream(seed, t);
      ASSERT_GE(s.z1, 2u);
      ASSERT_GE(s.z2, 8u);
      ASSERT_GE(s.z3, 16u);
    }
  const gems_ref::taus_stream r(42, 777);
  const ht::state s = ht::seed_stream(42, 777);
  EXPECT_EQ(s.z1, r.z1);
  EXPECT_EQ(s.z2, r.z2);
  EXPECT_EQ(s.z3, r.z3);
  EXPECT_EQ(s.z4, r.z4);
}

TEST(HybridTaus, FillEqualsNaiveStepping) {
  for (uint64_t seed : kSeeds) {
    // The first 70000 outputs (streams 0..4463 reach their second step).
    const size_t n = 70000;
    const std::vector<uint32_t> want = gems_ref::taus_outputs(seed, 0, n);
    std::vector<uint32_t> got(n);
    ht::fill(seed, 0, n, got.data());
    ASSERT_EQ(got, want) << seed;
    // Assorted positions (naive stepping costs pos / 65536 steps per output).
    for (uint64_t pos : {uint64_t{65535}, uint64_t{1234567}, uint64_t{100000000}, uint64_t{6553600000ull}}) {
      const std::vector<uint32_t> w = gems_ref::taus_outputs(seed, pos, 40);
      std::vector<uint32_t> g(40);
      ht::fill(seed, pos, 40, g.data());
      ASSERT_EQ(g, w) << seed << " " << pos;
    }
  }
}

// Jumps against stepping one stream 10^7 times (checkpoints on the way).
TEST(HybridTaus, SkipEqualsStepping) {
  const ht::jump_table& jt = ht::shared_jump_table();
  for (uint64_t seed : {uint64_t{3}, uint64_t{0xDEADBEEFCAFEF00Dull}}) {
    gems_ref::taus_stream r(seed, 12345);
    const ht::state s0 = ht::seed_stream(seed, 12345);
    std::mt19937_64 rng(seed);
    uint64_t k = 0;
    for (uint64_t target : {uint64_t{1}, uint64_t{2}, uint64_t{63}, uint64_t{64}, uint64_t{1000}, uint64_t{65537},
                            uint64_t{1} << 20, uint64_t{3333333}, uint64_t{10000000}}) {
      for (; k < target; ++k) r.next();
      const ht::state s = ht::skip(s0, target, jt);
      ASSERT_EQ(s.z1, r.z1) << target;
      ASSERT_EQ(s.z2, r.z2) << target;
      ASSERT_EQ(s.z3, r.z3) << target;
      ASSERT_EQ(s.z4, r.z4) << target;
    }
  }
}

// Jumps compose, up to 10^15 and across the whole 64-bit range; the components' periods close.
TEST(HybridTaus, SkipComposesAndPeriods) {
  const ht::jump_table& jt = ht::shared_jump_table();
  std::mt19937_64 rng(17);
  for (int i = 0; i < 2000; ++i) {
    const ht::state s = ht::seed_stream(rng(), static_cast<uint32_t>(rng() % ht::kStreams));
    const uint64_t total = i % 2 ? 1000000000000000ull : rng();
    const uint64_t a = rng() % (total + 1), b = total - a;
    const ht::state x = ht::skip(ht::skip(s, a, jt), b, jt), y = ht::skip(s, total, jt);
    ASSERT_EQ(x.z1, y.z1);
    ASSERT_EQ(x.z2, y.z2);
    ASSERT_EQ(x.z3, y.z3);
    ASSERT_EQ(x.z4, y.z4);
    // one step after a jump = a jump one longer
    ht::state z = y;
    ht::next(z);
    const ht::state w = ht::skip(s, total + 1, jt);
    ASSERT_TRUE(z.z1 == w.z1 && z.z2 == w.z2 && z.z3 == w.z3 && z.z4 == w.z4) << total;
  }
  // taus88's component periods 2^31-1, 2^29-1, 2^28-1 (on a state that has stepped once) and the LCG's 2^32.
  ht::state s = ht::seed_stream(99, 5);
  ht::next(s);
  ht::state p = s;
  p.z1 = ht::skip(s, (1ull << 31) - 1, jt).z1;
  p.z2 = ht::skip(s, (1ull << 29) - 1, jt).z2;
  p.z3 = ht::skip(s, (1ull << 28) - 1, jt).z3;
  p.z4 = ht::skip(s, 1ull << 32, jt).z4;
  EXPECT_EQ(p.z1, s.z1);
  EXPECT_EQ(p.z2, s.z2);
  EXPECT_EQ(p.z3, s.z3);
  EXPECT_EQ(p.z4, s.z4);
}

// A fill far out (10^15) from the seed equals one from base states jumped near it, and any split of a
// range into sub-ranges (CPU threads) equals the whole.
TEST(HybridTaus, SubRangesAndFarPositions) {
  const ht::jump_table& jt = ht::shared_jump_table();
  for (uint64_t seed : {uint64_t{8}, uint64_t{0xDEADBEEFCAFEF00Dull}}) {
    const uint64_t pos = 1000000000000000ull + 12345;
    const size_t n = 3 * ht::kStreams + 777;
    std::vector<uint32_t> whole(n), parts(n);
    ht::fill(seed, pos, n, whole.data());
    // base states at a step a little below pos / T
    const uint64_t base_step = pos / ht::kStreams - 5;
    std::vector<ht::state> base = ht::seed_states(seed);
    for (ht::state& s : base) s = ht::skip(s, base_step, jt);
    ht::fill_range(base.data(), base_step, pos, n, parts.data());
    ASSERT_EQ(whole, parts);
    std::fill(parts.begin(), parts.end(), 0u);
    std::mt19937 rng(1);
    for (size_t first = 0; first < n;) {
      const size_t count = std::min<size_t>(n - first, 1 + rng() % 100000);
      ht::fill_range(base.data(), base_step, pos + first, count, parts.data() + first);
      first += count;
    }
    ASSERT_EQ(whole, parts);
  }
  // Seed states at step 0 against the naive reference.
  const std::vector<ht::state> base = ht::seed_states(5);
  std::vector<uint32_t> got(1000);
  ht::fill_range(base.data(), 0, 200000, got.size(), got.data());
  EXPECT_EQ(got, gems_ref::taus_outputs(5, 200000, 1000));
}

TEST(HybridTaus, Conversions) {
  EXPECT_EQ(ht::to_float(0), 0x1p-24f);
  EXPECT_EQ(ht::to_float(~0u), 1.0f - 0x1p-24f);
  EXPECT_EQ(ht::to_double(0), 0x1p-33);
  EXPECT_EQ(ht::to_double(~0u), 1.0 - 0x1p-33);
  EXPECT_EQ(ht::to_double(0x80000000u), 0.5 + 0x1p-33);
  EXPECT_EQ(ht::to_float(0x80000000u), 0.5f + 0x1p-24f);
  std::vector<uint32_t> u(100000);
  std::vector<float> f(u.size());
  std::vector<double> d(u.size());
  ht::fill(7, 31, u.size(), u.data());
  ht::fill(7, 31, f.size(), f.data());
  ht::fill(7, 31, d.size(), d.data());
  double mean = 0;
  for (size_t i = 0; i < u.size(); ++i) {
    ASSERT_EQ(f[i], ht::to_float(u[i]));
    ASSERT_EQ(d[i], ht::to_double(u[i]));
    ASSERT_EQ(f[i], static_cast<float>((static_cast<double>(u[i] >> 9) + 0.5) / 8388608.0));
    ASSERT_EQ(d[i], (static_cast<double>(u[i]) + 0.5) / 4294967296.0);
    mean += d[i];
  }
  EXPECT_NEAR(mean / u.size(), 0.5, 0.005);
}

}  // namespace
