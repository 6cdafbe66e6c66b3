// SPDX-License-Identifier: BSD-3-Clause
// Statistical sanity of every engine's outputs through the public API (label stats, modest sizes for CI):
// sample mean, sample variance and the Kolmogorov-Smirnov distance of uniform (float and double), normal
// (every method an engine offers) and Poisson outputs against their exact distributions.
//
// Thresholds. With N samples the mean's standard error is sigma/sqrt(N) and the variance's is about
// sigma^2 sqrt(2/N) (normal) or sqrt(1/180 N) (uniform); a test fails beyond 6 standard errors
// (probability ~2e-9 per check for a good generator). sqrt(N) * KS distance has Kolmogorov's
// distribution: 2.0 is exceeded with probability 6e-4. Seeds and offsets are fixed, so a result never
// changes between runs; the bounds only decide whether these particular numbers are plausible.
#include <gtest/gtest.h>
#include <math.h>

#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include "gpurng.h"

namespace {

constexpr size_t kN = size_t(1) << 20;
constexpr double kSigmas = 6.0;
constexpr double kKolmogorovBound = 2.0;

double normal_cdf(double x) { return 0.5 * erfc(-x / sqrt(2.0)); }

template <typename T, class Cdf>
double ks_sqrt_n(std::vector<T> v, Cdf cdf) {
  std::sort(v.begin(), v.end());
  const double n = static_cast<double>(v.size());
  double d = 0;
  for (size_t i = 0; i < v.size(); ++i) {
    const double f = cdf(static_cast<double>(v[i]));
    d = std::max({d, f - i / n, (i + 1) / n - f});
  }
  return d * sqrt(n);
}

template <typename T>
void moments(const std::vector<T>& v, double* mean, double* var) {
  long double s = 0, s2 = 0;
  for (T x : v) s += x;
  const long double m = s / v.size();
  for (T x : v) s2 += (x - m) * (x - m);
  *mean = static_cast<double>(m);
  *var = static_cast<double>(s2 / (v.size() - 1));
}

struct EngineCase {
  const char* name;
  gpurngRngType_t type;
  bool has_normals;
  bool quasi;
};

const EngineCase kEngines[] = {
    {"RANMAR", GPURNG_RNG_PSEUDO_RANMAR, false, false},
    {"RANMAR48", GPURNG_RNG_PSEUDO_RANMAR48, false, false},
    {"RANMAR48X", GPURNG_RNG_PSEUDO_RANMAR48X, false, false},
    {"MINSTD", GPURNG_RNG_PSEUDO_MINSTD, false, false},
    {"MINSTD48271", GPURNG_RNG_PSEUDO_MINSTD48271, false, false},
    {"DRAND48", GPURNG_RNG_PSEUDO_DRAND48, false, false},
    {"GLIBC_RANDOM_TYPE0", GPURNG_RNG_PSEUDO_GLIBC_RANDOM_TYPE0, false, false},
    {"GLIBC_RANDOM_TYPE3", GPURNG_RNG_PSEUDO_GLIBC_RANDOM_TYPE3, false, false},
    {"XORWOW", GPURNG_RNG_PSEUDO_XORWOW, true, false},
    {"MRG32K3A", GPURNG_RNG_PSEUDO_MRG32K3A, true, false},
    {"PHILOX4_32_10", GPURNG_RNG_PSEUDO_PHILOX4_32_10, true, false},
    {"SOBOL32", GPURNG_RNG_QUASI_SOBOL32, true, true},
    {"SCRAMBLED_SOBOL32", GPURNG_RNG_QUASI_SCRAMBLED_SOBOL32, true, true},
    {"SOBOL64", GPURNG_RNG_QUASI_SOBOL64, true, true},
    {"SCRAMBLED_SOBOL64", GPURNG_RNG_QUASI_SCRAMBLED_SOBOL64, true, true},
    {"HYBRID_TAUS", GPURNG_RNG_PSEUDO_HYBRID_TAUS, true, false},
    {"HALTON_RASRAP", GPURNG_RNG_QUASI_HALTON_RASRAP, true, true},
};

class Stats : public ::testing::TestWithParam<EngineCase> {
 protected:
  void SetUp() override {
    ASSERT_EQ(gpurngCreateGeneratorHost(&g_, GetParam().type), GPURNG_STATUS_SUCCESS);
    if (!GetParam().quasi) ASSERT_EQ(gpurngSetPseudoRandomGeneratorSeed(g_, 20261122), GPURNG_STATUS_SUCCESS);
    ASSERT_EQ(gpurngSetGeneratorOffset(g_, 12345), GPURNG_STATUS_SUCCESS);
  }
  void TearDown() override { gpurngDestroyGenerator(g_); }
  gpurngGenerator_t g_ = nullptr;
};

template <typename T>
void check_uniform(const std::vector<T>& v, const std::string& what) {
  double mean, var;
  moments(v, &mean, &var);
  const double n = static_cast<double>(v.size());
  EXPECT_NEAR(mean, 0.5, kSigmas * sqrt(1.0 / 12 / n)) << what;
  EXPECT_NEAR(var, 1.0 / 12, kSigmas * sqrt(1.0 / 180 / n)) << what;
  EXPECT_LT(ks_sqrt_n(v, [](double x) { return std::min(1.0, std::max(0.0, x)); }), kKolmogorovBound) << what;
  for (T x : v) {
    ASSERT_GE(x, T(0)) << what;
    ASSERT_LE(x, T(1)) << what;
  }
}

template <typename T>
void check_normal(const std::vector<T>& v, double mean0, double sd0, const std::string& what) {
  double mean, var;
  moments(v, &mean, &var);
  const double n = static_cast<double>(v.size());
  EXPECT_NEAR(mean, mean0, kSigmas * sd0 / sqrt(n)) << what;
  EXPECT_NEAR(var, sd0 * sd0, kSigmas * sd0 * sd0 * sqrt(2.0 / n)) << what;
  EXPECT_LT(ks_sqrt_n(v, [=](double x) { return normal_cdf((x - mean0) / sd0); }), kKolmogorovBound) << what;
}

TEST_P(Stats, Uniforms) {
  std::vector<float> f(kN);
  ASSERT_EQ(gpurngGenerateUniform(g_, f.data(), kN), GPURNG_STATUS_SUCCESS);
  check_uniform(f, std::string(GetParam().name) + " float");
  std::vector<double> d(kN);
  ASSERT_EQ(gpurngGenerateUniformDouble(g_, d.data(), kN), GPURNG_STATUS_SUCCESS);
  check_uniform(d, std::string(GetParam().name) + " double");
}

TEST_P(Stats, Normals) {
  if (!GetParam().has_normals) {
    float f[2];
    EXPECT_EQ(gpurngGenerateNormal(g_, f, 2, 0, 1), GPURNG_STATUS_TYPE_ERROR);
    return;
  }
  std::vector<float> f(kN);
  ASSERT_EQ(gpurngGenerateNormal(g_, f.data(), kN, 1.5f, 2.0f), GPURNG_STATUS_SUCCESS);
  check_normal(f, 1.5, 2.0, std::string(GetParam().name) + " normal float");
  std::vector<double> d(kN);
  ASSERT_EQ(gpurngGenerateNormalDouble(g_, d.data(), kN, -1.0, 0.5), GPURNG_STATUS_SUCCESS);
  check_normal(d, -1.0, 0.5, std::string(GetParam().name) + " normal double");
  // log-normal: the logs are the normals
  ASSERT_EQ(gpurngGenerateLogNormalDouble(g_, d.data(), kN, 0.25, 0.5), GPURNG_STATUS_SUCCESS);
  for (double& x : d) x = log(x);
  check_normal(d, 0.25, 0.5, std::string(GetParam().name) + " log-normal double");
}

TEST_P(Stats, Poisson) {
  if (!GetParam().has_normals) return;  // the RANMAR and classic engines have no Poisson call
  for (double lambda : {0.5, 4.0, 1000.0, 300000.0}) {
    std::vector<unsigned> p(kN);
    ASSERT_EQ(gpurngGeneratePoisson(g_, p.data(), kN, lambda), GPURNG_STATUS_SUCCESS);
    double mean, var;
    moments(p, &mean, &var);
    const std::string what = std::string(GetParam().name) + " Poisson " + std::to_string(lambda);
    EXPECT_NEAR(mean, lambda, kSigmas * sqrt(lambda / kN)) << what;
    // var of the sample variance ~ (lambda + 2 lambda^2) / N for a Poisson law
    EXPECT_NEAR(var, lambda, kSigmas * sqrt((lambda + 2 * lambda * lambda) / kN)) << what;
  }
}

// Wallace's normals (GPU Gems 3, method WALLACE of the hybrid Taus engine): normality, and independence of
// successive outputs of a pool (lag 1 within a pool) and of the same pool slot in successive passes (lag
// 2^19): a correlation's standard error is 1/sqrt(N).
TEST(WallaceStats, NormalityAndIndependence) {
  gpurngGenerator_t g = nullptr;
  ASSERT_EQ(gpurngCreateGeneratorHost(&g, GPURNG_RNG_PSEUDO_HYBRID_TAUS), GPURNG_STATUS_SUCCESS);
  ASSERT_EQ(gpurngSetPseudoRandomGeneratorSeed(g, 7), GPURNG_STATUS_SUCCESS);
  ASSERT_EQ(gpurngSetNormalMethod(g, GPURNG_NORMAL_METHOD_WALLACE), GPURNG_STATUS_SUCCESS);
  const size_t lag_pass = size_t(512) * 1024, n = 4 * lag_pass;
  std::vector<float> z(n);
  ASSERT_EQ(gpurngGenerateNormal(g, z.data(), n, 0.0f, 1.0f), GPURNG_STATUS_SUCCESS);
  check_normal(z, 0.0, 1.0, "Wallace");
  for (size_t lag : {size_t(1), size_t(1024), lag_pass}) {
    long double s = 0;
    for (size_t i = 0; i + lag < n; ++i) s += static_cast<long double>(z[i]) * z[i + lag];
    const double r = static_cast<double>(s / (n - lag));
    EXPECT_LT(std::abs(r), kSigmas / sqrt(static_cast<double>(n - lag))) << "lag " << lag;
  }
  gpurngDestroyGenerator(g);
}

INSTANTIATE_TEST_SUITE_P(AllEngines, Stats, ::testing::ValuesIn(kEngines),
                         [](const ::testing::TestParamInfo<EngineCase>& i) { return std::string(i.param.name); });

}  // namespace
