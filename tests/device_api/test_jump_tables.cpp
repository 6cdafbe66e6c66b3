// SPDX-License-Identifier: BSD-3-Clause
// The generated jump tables (include/gpurng/engines/{xorwow,mrg32k3a}_jump_tables.hpp, written by
// tools/jump_tables/make_jump_tables.py) against the engines' own matrix powers, computed here at run time from
// the one-step matrices: XORWOW's power table (xorwow::powers(), repeated squaring of the stepped unit states)
// and MRG32k3a's square-and-multiply (mrg32k3a::mat_pow). Every entry, bit for bit.
#include <gtest/gtest.h>

#include <cstdint>
#include <cstring>

#include "gpurng/engines/mrg32k3a.hpp"
#include "gpurng/engines/xorwow.hpp"

namespace {

using namespace gpurng;

TEST(JumpTables, XorwowOffsetPowers) {
  const xorwow::power_table& p = xorwow::powers();
  for (int i = 0; i < 64; ++i)
    EXPECT_EQ(0, std::memcmp(xorwow::kJumpOffset_host[i], p.pow2[i].col, sizeof p.pow2[i].col)) << "M^(2^" << i << ")";
}

TEST(JumpTables, XorwowSubsequencePowers) {
  const xorwow::power_table& p = xorwow::powers();
  for (int i = 0; i < 64; ++i) {
    const int e = xorwow::kSubsequenceLog2 + i;
    EXPECT_EQ(0, std::memcmp(xorwow::kJumpSubsequence_host[i], p.pow2[e].col, sizeof p.pow2[e].col))
        << "M^(2^" << e << ")";
  }
}

TEST(JumpTables, Mrg32k3aWindows) {
  const int bases[3] = {0, mrg32k3a::kSubsequenceLog2, mrg32k3a::kSequenceLog2};
  const mrg32k3a::mat3 steps[2] = {mrg32k3a::step_matrix1(), mrg32k3a::step_matrix2()};
  const uint32_t moduli[2] = {mrg32k3a::kM1, mrg32k3a::kM2};
  for (int s = 0; s < 3; ++s) {
    for (int k = 0; k < 2; ++k) {
      for (int w = 0; w < mrg32k3a::kJumpWindows; ++w) {
        // A^(2^(base + 4w)), then its powers 1..15
        const mrg32k3a::mat3 window = mrg32k3a::mat_pow2(steps[k], bases[s] + 4 * w, moduli[k]);
        for (uint32_t j = 1; j <= 15; ++j) {
          const mrg32k3a::mat3 want = mrg32k3a::mat_pow(window, j, moduli[k]);
          const uint32_t* got = mrg32k3a::kJumpWindowTable_host[s][k][w][j - 1];
          for (int e = 0; e < 9; ++e)
            ASSERT_EQ(want.a[e / 3][e % 3], got[e])
                << "stride " << s << " component " << k + 1 << " window " << w << " digit " << j << " entry " << e;
        }
      }
    }
  }
}

}  // namespace
