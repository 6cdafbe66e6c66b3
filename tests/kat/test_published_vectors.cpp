// SPDX-License-Identifier: BSD-3-Clause
// The published RANMAR vectors (tests/kat/ranmar_published.txt) through the public API, on every target:
// by generating from the start, and by jumping to the position with gpurngSetGeneratorOffset.
#include <gtest/gtest.h>

#include "kat_file.hpp"
#include "targets.hpp"

namespace {

using namespace gpurng_test;

gpurngRngType_t type_of(Variant v) {
  return v == Variant::Ranmar24   ? GPURNG_RNG_PSEUDO_RANMAR
         : v == Variant::Ranmar48 ? GPURNG_RNG_PSEUDO_RANMAR48
                                  : GPURNG_RNG_PSEUDO_RANMAR48X;
}

std::vector<uint64_t> raw_values(const Target& t, gpurngGenerator_t g, bool wide, size_t n) {
  std::vector<uint64_t> v;
  if (wide) {
    for (auto x : draw<unsigned long long>(t, g, n)) v.push_back(x);
  } else {
    for (auto x : draw<unsigned>(t, g, n)) v.push_back(x);
  }
  return v;
}

TEST(PublishedVectors, FromStartAndByOffsetOnEveryTarget) {
  const auto kats = load_kats(std::string(GPURNG_KAT_DIR) + "/ranmar_published.txt");
  ASSERT_GE(kats.size(), 3u);
  for (const Target& t : all_targets()) {
    for (const KatLine& k : kats) {
      SCOPED_TRACE(t.name + " line " + std::to_string(k.line_no));
      const bool wide = k.variant != Variant::Ranmar24;
      gpurngGenerator_t g = make_generator(t, type_of(k.variant));
      ASSERT_EQ(gpurngSetPseudoRandomGeneratorSeed(g, k.ijkl), GPURNG_STATUS_SUCCESS);
      auto all = raw_values(t, g, wide, k.skip + k.expected.size());
      std::vector<uint64_t> tail(all.end() - k.expected.size(), all.end());
      EXPECT_EQ(tail, k.expected);
      ASSERT_EQ(gpurngSetGeneratorOffset(g, k.skip), GPURNG_STATUS_SUCCESS);
      EXPECT_EQ(raw_values(t, g, wide, k.expected.size()), k.expected);
      gpurngDestroyGenerator(g);
    }
  }
}

TEST(PublishedVectors, DefaultSeedIsCernlibDefault) {
  // No seed call: CERNLIB RANMAR's first call without RMARIN uses IJKL 54217137.
  for (const Target& t : all_targets()) {
    gpurngGenerator_t g = make_generator(t, GPURNG_RNG_PSEUDO_RANMAR);
    auto v = draw<unsigned>(t, g, 20006);
    EXPECT_EQ(v[20000], 6533892u) << t.name;
    EXPECT_EQ(v[20005], 10633180u) << t.name;
    gpurngDestroyGenerator(g);
  }
}

TEST(PublishedVectors, Ranmar48FirstDoubleIsRmmardValue) {
  for (const Target& t : all_targets()) {
    gpurngGenerator_t g = make_generator(t, GPURNG_RNG_PSEUDO_RANMAR48);
    auto v = draw<double>(t, g, 1);
    EXPECT_EQ(v[0], 0x7974F0955BF5 * 0x1p-48) << t.name;
    EXPECT_NEAR(v[0], 0.4744406094213964, 1e-16);
    gpurngDestroyGenerator(g);
  }
}

}  // namespace
