// SPDX-License-Identifier: BSD-3-Clause
// The Wallace normal generator (include/gpurng/distributions/wallace.hpp): chunked calls equal one call, a naive
// reimplementation of the definition (one pool at a time, plain loops) equals the fast generator, and the
// output looks like independent standard normals (moments, KS, tails, lag correlations, 2-D chi-squares).
//
// Statistical thresholds are fixed multiples of the sampling standard deviation of each statistic under
// the hypothesis of iid N(0,1) outputs (5 sd for moments and correlations: two-sided p ~ 6e-7), or upper
// quantiles of the reference distribution at p <= 1e-4. The stream is fixed, so each check is a
// deterministic pass/fail; the thresholds say how surprising a failure would be for an ideal generator.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <string>
#include <vector>

#include "../../src/distributions/wallace_cpu.hpp"
#include "gpurng/distributions/wallace.hpp"

namespace {

using gpurng::wallace::wallace_generator;
namespace w = gpurng::wallace;

constexpr size_t kPass = size_t(w::kPoolSize) * w::kPools;

std::vector<float> one_call(uint64_t seed, size_t n) {
  wallace_generator g(seed);
  std::vector<float> v(n);
  g.fill(n, v.data());
  return v;
}

bool same_bits(const std::vector<float>& a, const std::vector<float>& b) {
  return a.size() == b.size() && std::memcmp(a.data(), b.data(), a.size() * sizeof(float)) == 0;
}

TEST(Wallace, ChunkedCallsEqualOneCall) {
  const size_t total = 2 * kPass + 12345;
  const std::vector<float> want = one_call(42, total);
  // Sizes that start and end inside pools, on pool and pass boundaries, empty ones, and a skip.
  const size_t sizes[] = {0, 1, 1023, 1, 1024, 500000, kPass - 502049, 0, 7, kPass, 3};  // the 7th ends pass 0
  wallace_generator g(42);
  std::vector<float> got;
  size_t used = 0;
  for (size_t s : sizes) {
    std::vector<float> part(s);
    g.fill(s, part.data());
    got.insert(got.end(), part.begin(), part.end());
    used += s;
  }
  ASSERT_LE(used, total - 5000);
  g.skip(4000);
  std::vector<float> part(total - used - 4000);
  g.fill(part.size(), part.data());
  EXPECT_EQ(g.position(), total);
  ASSERT_TRUE(std::memcmp(got.data(), want.data(), got.size() * sizeof(float)) == 0);
  ASSERT_TRUE(std::memcmp(part.data(), want.data() + used + 4000, part.size() * sizeof(float)) == 0);
  // Reseeding starts the new stream from its beginning.
  g.reseed(42);
  std::vector<float> again(1000);
  g.fill(again.size(), again.data());
  EXPECT_TRUE(std::memcmp(again.data(), want.data(), 1000 * sizeof(float)) == 0);
  EXPECT_FALSE(same_bits(one_call(43, 1000), std::vector<float>(want.begin(), want.begin() + 1000)));
}

// ---- The naive reimplementation: the definition in the header comment, written out plainly. ----
struct NaiveWallace {
  static uint64_t mix(uint64_t z) {
    z ^= z >> 30;
    z *= 0xbf58476d1ce4e5b9ull;
    z ^= z >> 27;
    z *= 0x94d049bb133111ebull;
    z ^= z >> 31;
    return z;
  }
  static uint64_t H(uint64_t a, uint64_t i) { return mix(a + 0x9e3779b97f4a7c15ull * (i + 1)); }
  static int sum_fields(uint64_t v) {
    int s = 0;
    for (int f = 0; f < 4; ++f) s += static_cast<int>((v >> (16 * f)) & 0xffff);
    return s;
  }

  uint64_t key;
  std::vector<float> pool;
  uint64_t transforms = 0;

  NaiveWallace(uint64_t seed, unsigned b) : key(H(mix(seed), b)), pool(1024) {
    double ss = 0;
    for (unsigned e = 0; e < 1024; ++e) {
      int s = 0;
      for (unsigned r = 0; r < 3; ++r) s += sum_fields(H(key, (uint64_t(1) << 40) + 3 * e + r));
      pool[e] = static_cast<float>(s - 393210) / 65536.0f;
      ss += static_cast<double>(pool[e]) * pool[e];
    }
    const double scale = std::sqrt(1024.0 / ss);
    for (float& x : pool) x = static_cast<float>(x * scale);
    for (int i = 0; i < 16; ++i) transform();
  }

  void transform() {
    const uint64_t j = transforms++;
    const uint32_t m = static_cast<uint32_t>(H(key, 4 * j));
    std::vector<float> next(1024);
    for (unsigned t = 0; t < 256; ++t) {
      unsigned a = (m + t) % 256;
      float in[4];
      for (unsigned q = 0; q < 4; ++q) {
        a = (241 * a + 59) % 256;
        in[q] = pool[4 * a + q];
      }
      float h = in[0] + in[1];
      h = h + in[2];
      h = h + in[3];
      h = h * 0.5f;
      next[0 * 256 + t] = in[0] - h;
      next[1 * 256 + t] = in[1] - h;
      next[2 * 256 + t] = h - in[2];
      next[3 * 256 + t] = h - in[3];
    }
    pool = next;
  }

  // Transform, then the pass's 1024 outputs.
  std::vector<float> pass() {
    transform();
    const uint64_t j = transforms - 1;
    int s = 0;
    for (unsigned r = 1; r <= 3; ++r) s += sum_fields(H(key, 4 * j + r));
    const double z = (s - 393210) / 65536.0;
    const double v = (1.0 - 2.0 / 9216.0) + z * std::sqrt(2.0 / 9216.0);
    const float c = static_cast<float>(v * std::sqrt(v));
    std::vector<float> out(1024);
    for (unsigned e = 0; e < 1024; ++e) out[e] = pool[e] * c;
    return out;
  }
};

TEST(Wallace, FastEqualsNaiveReimplementation) {
  for (uint64_t seed : {0ull, 20240601ull}) {
    SCOPED_TRACE(seed);
    const size_t passes = 3;
    std::vector<NaiveWallace> pools;
    for (unsigned b = 0; b < 512; ++b) pools.emplace_back(seed, b);
    std::vector<float> naive;
    for (size_t k = 0; k < passes; ++k)
      for (unsigned b = 0; b < 512; ++b) {
        const std::vector<float> p = pools[b].pass();
        naive.insert(naive.end(), p.begin(), p.end());
      }
    const std::vector<float> fast = one_call(seed, naive.size());
    size_t first_diff = 0;
    while (first_diff < naive.size() && std::memcmp(&naive[first_diff], &fast[first_diff], 4) == 0) ++first_diff;
    ASSERT_EQ(first_diff, naive.size()) << naive[first_diff] << " vs " << fast[first_diff];
  }
  // The constants in the header are the ones the naive version computes.
  EXPECT_EQ(w::kChiA, 1.0 - 2.0 / 9216.0);
  EXPECT_EQ(w::kChiC, std::sqrt(2.0 / 9216.0));
}

// ---- Statistics on 8 passes (4 Mi outputs) of one seed. ----
class WallaceStats : public ::testing::Test {
 protected:
  static void SetUpTestSuite() { data_ = new std::vector<float>(one_call(987654321, 8 * kPass)); }
  static void TearDownTestSuite() {
    delete data_;
    data_ = nullptr;
  }
  static const std::vector<float>& data() { return *data_; }
  static std::vector<float>* data_;
};
std::vector<float>* WallaceStats::data_ = nullptr;

double normal_cdf(double x) { return 0.5 * std::erfc(-x / std::sqrt(2.0)); }

TEST_F(WallaceStats, MeanVarianceKurtosisAndTails) {
  const std::vector<float>& x = data();
  const double n = static_cast<double>(x.size());
  double s1 = 0, s2 = 0, s4 = 0, tail3 = 0;
  for (float v : x) {
    const double d = v;
    s1 += d;
    s2 += d * d;
    s4 += d * d * d * d;
    if (std::fabs(d) > 3) tail3 += 1;
  }
  const double mean = s1 / n, m2 = s2 / n, m4 = s4 / n;
  // sd of the mean 1/sqrt(n); of the second moment sqrt(2/n); of the fourth moment sqrt(96/n).
  EXPECT_LT(std::fabs(mean), 5 / std::sqrt(n));
  EXPECT_LT(std::fabs(m2 - 1), 5 * std::sqrt(2 / n));
  EXPECT_LT(std::fabs(m4 - 3), 5 * std::sqrt(96 / n));
  // P(|X| > 3) = 0.0026998; binomial sd sqrt(p(1-p)/n).
  const double p3 = 2 * (1 - normal_cdf(3));
  EXPECT_LT(std::fabs(tail3 / n - p3), 5 * std::sqrt(p3 * (1 - p3) / n));
}

TEST_F(WallaceStats, KolmogorovSmirnov) {
  // 2^20 outputs spread over every pool and pass (every fourth value).
  std::vector<double> s;
  for (size_t i = 0; i < data().size(); i += 4) s.push_back(data()[i]);
  std::sort(s.begin(), s.end());
  const double n = static_cast<double>(s.size());
  double d = 0;
  for (size_t i = 0; i < s.size(); ++i) {
    const double f = normal_cdf(s[i]);
    d = std::max(d, std::max(f - i / n, (i + 1) / n - f));
  }
  // Kolmogorov distribution: P(sqrt(n) D > 1.95) = 0.001. Float outputs (24-bit) add < 1e-7 to D.
  EXPECT_LT(d * std::sqrt(n), 1.95) << "D = " << d;
}

double correlation(const std::vector<float>& x, size_t lag, bool squares) {
  double s = 0;
  const size_t m = x.size() - lag;
  for (size_t i = 0; i < m; ++i) {
    const double a = x[i], b = x[i + lag];
    s += squares ? (a * a - 1) * (b * b - 1) / 2 : a * b;  // (x^2 - 1) has variance 2
  }
  return s / static_cast<double>(m);
}

TEST_F(WallaceStats, LagCorrelations) {
  const double n = static_cast<double>(data().size());
  // Consecutive outputs (same pool and pass, slots e and e+1: different 4x4 blocks), the other slot of the
  // same 4x4 block (lag 256), and the same slot of the same pool in the next pass (lag B P). sd of each
  // estimate ~ 1/sqrt(n - lag) for independent outputs (x*y and (x^2-1)(y^2-1)/2 both have variance 1).
  for (size_t lag : {size_t(1), size_t(256), kPass}) {
    for (bool sq : {false, true}) {
      SCOPED_TRACE(std::to_string(lag) + (sq ? " squares" : ""));
      const double r = correlation(data(), lag, sq);
      EXPECT_LT(std::fabs(r), 5 / std::sqrt(n - lag)) << r;
    }
  }
}

// Chi-square of 16 cells: (quartile of x_i, quartile of x_{i+lag}) over disjoint pairs (i with i / lag
// even), quartiles of N(0,1) at -0.6745, 0, 0.6745.
double quartile_chi2(const std::vector<float>& x, size_t lag) {
  const double q = 0.6744897501960817;
  auto cell = [&](double v) { return v < -q ? 0 : v < 0 ? 1 : v < q ? 2 : 3; };
  double counts[16] = {0};
  double pairs = 0;
  for (size_t i = 0; i + lag < x.size(); ++i) {
    if ((i / lag) % 2) continue;
    counts[cell(x[i]) * 4 + cell(x[i + lag])] += 1;
    pairs += 1;
  }
  double chi2 = 0;
  for (double c : counts) chi2 += (c - pairs / 16) * (c - pairs / 16) / (pairs / 16);
  return chi2;
}

TEST_F(WallaceStats, QuadrantPairsChiSquare) {
  // Signs of non-overlapping consecutive pairs: 4 cells, 3 df; P(chi2_3 > 21.11) = 1e-4.
  {
    double counts[4] = {0};
    double pairs = 0;
    for (size_t i = 0; i + 1 < data().size(); i += 2) {
      counts[(data()[i] < 0) * 2 + (data()[i + 1] < 0)] += 1;
      pairs += 1;
    }
    double chi2 = 0;
    for (double c : counts) chi2 += (c - pairs / 4) * (c - pairs / 4) / (pairs / 4);
    EXPECT_LT(chi2, 21.11);
  }
  // Quartile pairs, 16 cells, 15 df (the marginals are known, not fitted); P(chi2_15 > 42.6) < 1e-4.
  // Consecutive outputs, two outputs of one 4x4 block (lag 256) and the same slot in the next pass.
  for (size_t lag : {size_t(1), size_t(256), kPass}) EXPECT_LT(quartile_chi2(data(), lag), 42.6) << lag;
}

}  // namespace
