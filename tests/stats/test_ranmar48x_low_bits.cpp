// SPDX-License-Identifier: BSD-3-Clause
// McCann's double-precision RANMAR weakness: in RANMAR48 the low 24 bits of each number are the low bits of
// the lagged Fibonacci table alone (the 24-bit carry only touches the high half), so bit k of the low half
// obeys the table's linear recurrence over GF(2) for k = 0: b_n = b_{n-97} xor b_{n-33}. The binary matrix
// rank test (Marsaglia; TestU01 smarsa_MatrixRank) with 128x128 matrices built from one bit of consecutive
// numbers catches exactly that: such a matrix has rank <= 97. RANMAR48X's 48-bit carry breaks the
// recurrence. The test is run for each of the low 24 bits; a chi-square over the rank classes
// {128, 127, 126, <=125} decides, at significance 1e-6 per bit (the generators are deterministic, so the
// verdicts are fixed for the chosen seed).
#include <gtest/gtest.h>

#include <array>
#include <bitset>
#include <cmath>
#include <vector>

#include "gpurng.h"

namespace {

constexpr int kDim = 128;
constexpr int kMatrices = 300;

int gf2_rank(std::array<std::bitset<kDim>, kDim> rows) {
  int rank = 0;
  for (int col = 0; col < kDim && rank < kDim; ++col) {
    int pivot = -1;
    for (int r = rank; r < kDim; ++r)
      if (rows[r][col]) {
        pivot = r;
        break;
      }
    if (pivot < 0) continue;
    std::swap(rows[rank], rows[pivot]);
    for (int r = 0; r < kDim; ++r)
      if (r != rank && rows[r][col]) rows[r] ^= rows[rank];
    ++rank;
  }
  return rank;
}

// Probability that a random n x n GF(2) matrix has rank n - d, for large n:
// 2^(-d^2) * prod_{i>d} (1 - 2^-i)^2 / prod_{i>=1} (1 - 2^-i).
double rank_deficiency_probability(int d) {
  double p = std::pow(2.0, -double(d * d));
  for (int i = 1; i <= 200; ++i) {
    const double f = 1.0 - std::pow(2.0, -double(i));
    p *= (i > d ? f * f : 1.0) / f;
  }
  return p;
}

// Chi-square statistic (3 degrees of freedom) of the ranks of bit `bit` of the low 24 bits.
double rank_chi_square(const std::vector<unsigned long long>& x, int bit) {
  double counts[4] = {0, 0, 0, 0};
  for (int m = 0; m < kMatrices; ++m) {
    std::array<std::bitset<kDim>, kDim> rows;
    for (int r = 0; r < kDim; ++r)
      for (int c = 0; c < kDim; ++c) rows[r][c] = (x[(size_t(m) * kDim + r) * kDim + c] >> bit) & 1u;
    const int deficiency = kDim - gf2_rank(rows);
    counts[deficiency < 3 ? deficiency : 3] += 1;
  }
  double p[4];
  p[0] = rank_deficiency_probability(0);
  p[1] = rank_deficiency_probability(1);
  p[2] = rank_deficiency_probability(2);
  p[3] = 1.0 - p[0] - p[1] - p[2];
  double chi = 0;
  for (int i = 0; i < 4; ++i) {
    const double e = kMatrices * p[i];
    chi += (counts[i] - e) * (counts[i] - e) / e;
  }
  return chi;
}

// Chi-square with 3 degrees of freedom exceeds 30.66 with probability 1e-6.
constexpr double kChi3Critical = 30.66;

std::vector<unsigned long long> draw(gpurngRngType_t type) {
  gpurngGenerator_t g = nullptr;
  EXPECT_EQ(gpurngCreateGeneratorHost(&g, type), GPURNG_STATUS_SUCCESS);
  std::vector<unsigned long long> x(size_t(kMatrices) * kDim * kDim);
  EXPECT_EQ(gpurngGenerateLongLong(g, x.data(), x.size()), GPURNG_STATUS_SUCCESS);
  gpurngDestroyGenerator(g);
  return x;
}

TEST(LowBitsRankTest, ProbabilitiesAreSane) {
  EXPECT_NEAR(rank_deficiency_probability(0), 0.2888, 1e-4);
  EXPECT_NEAR(rank_deficiency_probability(1), 0.5776, 1e-4);
  EXPECT_NEAR(rank_deficiency_probability(2), 0.1284, 1e-4);
}

TEST(LowBitsRankTest, Ranmar48FailsAndRanmar48XPasses) {
  const auto r48 = draw(GPURNG_RNG_PSEUDO_RANMAR48);
  const auto r48x = draw(GPURNG_RNG_PSEUDO_RANMAR48X);
  int failed48 = 0;
  for (int bit = 0; bit < 24; ++bit) {
    const double chi48 = rank_chi_square(r48, bit), chi48x = rank_chi_square(r48x, bit);
    if (chi48 > kChi3Critical) ++failed48;
    EXPECT_LT(chi48x, kChi3Critical) << "RANMAR48X bit " << bit;
    std::printf("bit %2d  chi2 RANMAR48 %12.1f  RANMAR48X %6.2f\n", bit, chi48, chi48x);
  }
  // Bit 0 of RANMAR48 is linear with degree 97 < 128: every matrix is rank-deficient.
  EXPECT_GT(rank_chi_square(r48, 0), 1000.0);
  EXPECT_GE(failed48, 1);
}

}  // namespace
