// SPDX-License-Identifier: BSD-3-Clause
// gpurngBlackScholesAdiDouble / Float (gpurng_pde.h, issue 35): on the CPU the grid bit for bit against the scalar
// definition (src/pde/basket_adi_scheme.hpp, checked against closed forms in test_basket_adi_definition), a batch
// against its options one at a time, prices and deltas against the geometric basket's closed form, the arithmetic
// and max calls against a Monte Carlo estimate made here from the library's normals (exact lognormal terminal
// values), and the documented statuses; on the GPU (label gpu) device memory against host memory, bit for bit.
#include <gtest/gtest.h>
#include <unistd.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <string>
#include <vector>

#include "basket_adi_scheme.hpp"
#include "basket_call.hpp"  // basket_payoff: the payoff's arithmetic (its cube root) as the library computes it
#include "gpurng.h"
#include "gpurng_pde.h"

namespace {

using gpurng::pde::BasketDefinition;
using gpurng::pde::BasketModel;
using gpurng::pde::kHundsdorferVerwerTheta;

double normal_cdf(double x) { return 0.5 * std::erfc(-x / std::sqrt(2.0)); }

// The geometric-average call from S0 each (sigma, rho pairwise): price and delta with respect to one asset.
void geometric_call(int D, double S0, double K, double sigma, double rho, double r, double T, double& price,
                    double& delta) {
  const double mu = std::log(S0) + (r - 0.5 * sigma * sigma) * T, v = sigma * sigma * T * (1.0 + (D - 1) * rho) / D;
  const double d1 = (mu - std::log(K) + v) / std::sqrt(v), d2 = d1 - std::sqrt(v);
  const double forward_part = std::exp(-r * T) * std::exp(mu + 0.5 * v) * normal_cdf(d1);
  price = forward_part - std::exp(-r * T) * K * normal_cdf(d2);
  delta = forward_part / (D * S0);  // d mu / d S0_i = 1 / (D S0_i)
}

struct Solver {
  gpurngSolver_t s = nullptr;
  Solver() { EXPECT_EQ(gpurngCreateSolver(&s), GPURNG_STATUS_SUCCESS); }
  ~Solver() { gpurngDestroySolver(s); }
};

// One batch: a grid shared by all, per-option parameters.
template <typename T>
struct Batch {
  int D = 2, N = 16;
  std::vector<int> J;
  std::vector<T> Smax, S0, K, r, sigma, rho, mat, price, delta, grid;
  std::vector<int> info;
  gpurngBasketPayoff_t payoff = GPURNG_BASKET_GEOMETRIC_CALL;
  std::vector<T> payoff_grid;
  size_t nodes() const {
    size_t n = 1;
    for (int j : J) n *= size_t(j) + 1;
    return n;
  }
  int count() const { return int(K.size()); }
  void add(T s0, T k, T rate, T sig, T cor, T t) {
    for (int i = 0; i < D; ++i) {
      S0.push_back(s0);
      sigma.push_back(sig);
    }
    for (int p = 0; p < D * (D - 1) / 2; ++p) rho.push_back(cor);
    K.push_back(k);
    r.push_back(rate);
    mat.push_back(t);
  }
};

gpurngStatus_t price_call(gpurngSolver_t s, gpurngAdiScheme_t scheme, Batch<double>& b) {
  return gpurngBlackScholesAdiDouble(s, scheme, b.D, b.J.data(), b.Smax.data(), b.N, b.payoff,
                                     b.payoff_grid.empty() ? nullptr : b.payoff_grid.data(), b.count(), b.S0.data(),
                                     b.K.data(), b.r.data(), b.sigma.data(), b.rho.data(), b.mat.data(), b.price.data(),
                                     b.delta.data(), b.grid.empty() ? nullptr : b.grid.data(), b.info.data());
}
gpurngStatus_t price_call(gpurngSolver_t s, gpurngAdiScheme_t scheme, Batch<float>& b) {
  return gpurngBlackScholesAdiFloat(s, scheme, b.D, b.J.data(), b.Smax.data(), b.N, b.payoff,
                                    b.payoff_grid.empty() ? nullptr : b.payoff_grid.data(), b.count(), b.S0.data(),
                                    b.K.data(), b.r.data(), b.sigma.data(), b.rho.data(), b.mat.data(), b.price.data(),
                                    b.delta.data(), b.grid.empty() ? nullptr : b.grid.data(), b.info.data());
}

template <typename T>
gpurngStatus_t run(gpurngAdiScheme_t scheme, Batch<T>& b, bool with_grid) {
  Solver s;
  b.price.assign(b.count(), T(-1));
  b.delta.assign(size_t(b.count()) * b.D, T(-1));
  b.info.assign(b.count(), -7);
  if (with_grid) b.grid.assign(size_t(b.count()) * b.nodes(), T(-1));
  return price_call(s.s, scheme, b);
}

// The definition's grid for option k of b: the payoff as the library computes it, then solve_all.
template <typename T, int D>
std::vector<T> definition_grid(const Batch<T>& b, int k, bool hv) {
  BasketModel<T, D> m;
  for (int i = 0; i < D; ++i) {
    m.J[i] = b.J[i];
    m.Smax[i] = b.Smax[i];
    m.sigma[i] = b.sigma[size_t(k) * D + i];
    for (int j = 0; j < D; ++j) m.rho[i][j] = i == j ? T(1) : T(0);
  }
  for (int i = 0, p = 0; i < D; ++i)
    for (int j = i + 1; j < D; ++j, ++p) m.rho[i][j] = m.rho[j][i] = b.rho[size_t(k) * (D * (D - 1) / 2) + p];
  m.rate = b.r[k];
  m.maturity = b.mat[k];
  m.N = b.N;
  BasketDefinition<T, D> def(m);
  std::vector<T> u(def.grid().size());
  for (size_t e = 0; e < u.size(); ++e) {
    if (b.payoff == GPURNG_BASKET_USER_GRID) {
      u[e] = b.payoff_grid[e];
      continue;
    }
    int idx[D];
    def.grid().index(e, idx);
    T S[D];
    for (int i = 0; i < D; ++i) S[i] = T(idx[i]) * (b.Smax[i] / T(b.J[i]));
    u[e] = gpurng::pde::basket_payoff<T, D>(int(b.payoff), S, b.K[k]);
  }
  EXPECT_EQ(def.solve_all(hv, hv ? T(kHundsdorferVerwerTheta) : T(0.5), u.data()), 0);
  return u;
}

template <typename T>
bool same_bits(T a, T b) {
  return std::memcmp(&a, &b, sizeof(T)) == 0;
}

template <typename T, int D>
void grids_are_the_definition() {
  Batch<T> b;
  b.D = D;
  b.J = D == 2 ? std::vector<int>{40, 33} : std::vector<int>{20, 17, 23};
  b.Smax = D == 2 ? std::vector<T>{300, 250} : std::vector<T>{300, 260, 320};
  b.N = 9;
  b.add(100, 100, 0.05, 0.2, 0.3, 1);
  b.add(90, 95, 0.02, 0.35, -0.4, 0.5);
  b.add(110, 100, 0.04, 0.25, 0.0, 0.75);  // no correlation: the mixed pairs skipped
  for (auto payoff : {GPURNG_BASKET_GEOMETRIC_CALL, GPURNG_BASKET_ARITHMETIC_CALL, GPURNG_BASKET_MAX_CALL}) {
    b.payoff = payoff;
    for (auto scheme : {GPURNG_ADI_HUNDSDORFER_VERWER, GPURNG_ADI_DOUGLAS}) {
      ASSERT_EQ(run(scheme, b, true), GPURNG_STATUS_SUCCESS);
      for (int k = 0; k < b.count(); ++k) {
        const std::vector<T> expect = definition_grid<T, D>(b, k, scheme == GPURNG_ADI_HUNDSDORFER_VERWER);
        int64_t differ = 0;
        for (size_t e = 0; e < expect.size(); ++e) differ += !same_bits(b.grid[size_t(k) * b.nodes() + e], expect[e]);
        EXPECT_EQ(differ, 0) << D << "-D payoff " << payoff << " scheme " << scheme << " option " << k;
        EXPECT_EQ(b.info[k], 0);
      }
    }
  }
}

TEST(BasketAdi, GridsAreTheDefinitionTwoAssets) {
  grids_are_the_definition<double, 2>();
  grids_are_the_definition<float, 2>();
}
TEST(BasketAdi, GridsAreTheDefinitionThreeAssets) {
  grids_are_the_definition<double, 3>();
  grids_are_the_definition<float, 3>();
}

// A user-supplied payoff grid (a digital-like step in the first asset) is stepped as given; a batch gives each
// option's bits of the option priced alone.
TEST(BasketAdi, UserGridAndBatchOfOne) {
  Batch<double> b;
  b.J = {30, 30};
  b.Smax = {300, 300};
  b.N = 8;
  b.payoff = GPURNG_BASKET_USER_GRID;
  b.payoff_grid.resize(b.nodes());
  for (size_t e = 0; e < b.payoff_grid.size(); ++e) b.payoff_grid[e] = (e % 31) * 10.0 > 100.0 ? 1.0 : 0.0;
  b.add(100, 0, 0.05, 0.2, 0.3, 1);
  b.add(120, 0, 0.03, 0.25, 0.1, 2);
  b.add(80, 0, 0.01, 0.3, -0.2, 0.25);
  ASSERT_EQ(run(GPURNG_ADI_HUNDSDORFER_VERWER, b, true), GPURNG_STATUS_SUCCESS);
  for (int k = 0; k < b.count(); ++k) {
    const std::vector<double> expect = definition_grid<double, 2>(b, k, true);
    EXPECT_EQ(0, std::memcmp(expect.data(), b.grid.data() + size_t(k) * b.nodes(), sizeof(double) * expect.size()));
    Batch<double> one = b;
    one.S0.assign(b.S0.begin() + 2 * k, b.S0.begin() + 2 * k + 2);
    one.sigma.assign(b.sigma.begin() + 2 * k, b.sigma.begin() + 2 * k + 2);
    one.rho = {b.rho[k]};
    one.K = {b.K[k]};
    one.r = {b.r[k]};
    one.mat = {b.mat[k]};
    ASSERT_EQ(run(GPURNG_ADI_HUNDSDORFER_VERWER, one, false), GPURNG_STATUS_SUCCESS);
    EXPECT_TRUE(same_bits(one.price[0], b.price[k])) << k;
    EXPECT_TRUE(same_bits(one.delta[1], b.delta[2 * k + 1])) << k;
  }
}

// Prices and deltas against the closed form: two assets at 128 x 128 (N = 64), three at 32^3 (N = 16).
TEST(BasketAdi, GeometricCallPriceAndDeltas) {
  for (int D : {2, 3}) {
    Batch<double> b;
    b.D = D;
    const int J = D == 2 ? 128 : 32;
    b.J.assign(D, J);
    b.Smax.assign(D, 320);
    b.N = J / 2;
    b.add(100, 100, 0.05, 0.2, 0.3, 1);
    ASSERT_EQ(run(GPURNG_ADI_HUNDSDORFER_VERWER, b, false), GPURNG_STATUS_SUCCESS);
    double price, delta;
    geometric_call(D, 100, 100, 0.2, 0.3, 0.05, 1, price, delta);
    EXPECT_NEAR(b.price[0], price, D == 2 ? 5e-3 : 3e-2) << D;
    for (int i = 0; i < D; ++i) EXPECT_NEAR(b.delta[i], delta, D == 2 ? 1e-3 : 5e-3) << D << " asset " << i;
  }
}

// Monte Carlo from the library's normals: exact lognormal terminal values, Cholesky of the correlation matrix.
struct McEstimate {
  double mean, se;
};

McEstimate monte_carlo(int D, gpurngBasketPayoff_t payoff, double S0, double K, double sigma, double rho, double r,
                       double T, size_t paths) {
  gpurngGenerator_t g;
  EXPECT_EQ(gpurngCreateGenerator(&g, GPURNG_RNG_PSEUDO_PHILOX4_32_10), GPURNG_STATUS_SUCCESS);
  EXPECT_EQ(gpurngSetPseudoRandomGeneratorSeed(g, 20261128ull), GPURNG_STATUS_SUCCESS);
  std::vector<double> z(paths * size_t(D));
  EXPECT_EQ(gpurngGenerateNormalDouble(g, z.data(), z.size(), 0.0, 1.0), GPURNG_STATUS_SUCCESS);
  gpurngDestroyGenerator(g);
  // Cholesky of the equicorrelation matrix.
  double L[3][3] = {};
  for (int i = 0; i < D; ++i)
    for (int j = 0; j <= i; ++j) {
      double s = i == j ? 1.0 : rho;
      for (int k = 0; k < j; ++k) s -= L[i][k] * L[j][k];
      L[i][j] = i == j ? std::sqrt(s) : s / L[j][j];
    }
  double sum = 0, sum2 = 0;
  for (size_t p = 0; p < paths; ++p) {
    double S[3], avg = 0, geo = 1, mx = 0;
    for (int i = 0; i < D; ++i) {
      double w = 0;
      for (int k = 0; k <= i; ++k) w += L[i][k] * z[p * D + k];
      S[i] = S0 * std::exp((r - 0.5 * sigma * sigma) * T + sigma * std::sqrt(T) * w);
      avg += S[i] / D;
      geo *= S[i];
      mx = std::max(mx, S[i]);
    }
    const double v = payoff == GPURNG_BASKET_ARITHMETIC_CALL ? avg
                     : payoff == GPURNG_BASKET_MAX_CALL      ? mx
                                                             : std::pow(geo, 1.0 / D);
    const double x = std::exp(-r * T) * std::max(v - K, 0.0);
    sum += x;
    sum2 += x * x;
  }
  const double mean = sum / paths;
  return {mean, std::sqrt((sum2 / paths - mean * mean) / paths)};
}

// The arithmetic and max calls within 3 standard errors plus twice the geometric call's measured discretisation
// error on the same grid (two assets 256 x 256, three 128^3, N = J / 2); the geometric call's own Monte Carlo
// estimate agrees with its closed form (the estimator is sound).
TEST(BasketAdi, ArithmeticAndMaxCallsAgainstMonteCarlo) {
  const size_t paths = 400000;
  for (int D : {2, 3}) {
    Batch<double> b;
    b.D = D;
    const int J = D == 2 ? 256 : 128;
    b.J.assign(D, J);
    b.Smax.assign(D, 320);
    b.N = J / 2;
    b.add(100, 100, 0.05, 0.2, 0.3, 1);
    double geo_exact, unused;
    geometric_call(D, 100, 100, 0.2, 0.3, 0.05, 1, geo_exact, unused);
    b.payoff = GPURNG_BASKET_GEOMETRIC_CALL;
    ASSERT_EQ(run(GPURNG_ADI_HUNDSDORFER_VERWER, b, false), GPURNG_STATUS_SUCCESS);
    const double discretisation = std::fabs(b.price[0] - geo_exact);
    const McEstimate geo_mc = monte_carlo(D, GPURNG_BASKET_GEOMETRIC_CALL, 100, 100, 0.2, 0.3, 0.05, 1, paths);
    EXPECT_NEAR(geo_mc.mean, geo_exact, 3 * geo_mc.se) << D;
    for (auto payoff : {GPURNG_BASKET_ARITHMETIC_CALL, GPURNG_BASKET_MAX_CALL}) {
      b.payoff = payoff;
      ASSERT_EQ(run(GPURNG_ADI_HUNDSDORFER_VERWER, b, false), GPURNG_STATUS_SUCCESS);
      const McEstimate mc = monte_carlo(D, payoff, 100, 100, 0.2, 0.3, 0.05, 1, paths);
      std::printf("%d assets, payoff %d: ADI %.5f, Monte Carlo %.5f +- %.5f (geometric's error %.2e)\n", D, int(payoff),
                  b.price[0], mc.mean, mc.se, discretisation);
      EXPECT_NEAR(b.price[0], mc.mean, 3 * mc.se + 2 * discretisation)
          << D << "-D payoff " << payoff << ": ADI " << b.price[0] << ", MC " << mc.mean << " +- " << mc.se;
    }
  }
}

// The case through the API: three assets, S0 = K = 100, sigma 0.2, pairwise correlation 0.3, r 0.05, T 1
// (Smax 320, N = J / 2): the error against the closed form below 1e-2 at 64^3 and falling at second order from 32^3
// to 128^3 (observed within 0.3 of 2).
TEST(BasketAdi, GeometricCallConvergesThreeAssets) {
  double exact, unused;
  geometric_call(3, 100, 100, 0.2, 0.3, 0.05, 1, exact, unused);
  std::vector<double> err;
  const int Js[] = {32, 64, 128};
  for (int J : Js) {
    Batch<double> b;
    b.D = 3;
    b.J.assign(3, J);
    b.Smax.assign(3, 320);
    b.N = J / 2;
    b.add(100, 100, 0.05, 0.2, 0.3, 1);
    ASSERT_EQ(run(GPURNG_ADI_HUNDSDORFER_VERWER, b, false), GPURNG_STATUS_SUCCESS);
    err.push_back(std::fabs(b.price[0] - exact));
  }
  std::printf("3-asset geometric call: errors %.3e %.3e %.3e at 32^3, 64^3, 128^3\n", err[0], err[1], err[2]);
  EXPECT_LT(err[1], 1e-2);
  for (int i = 0; i < 2; ++i) EXPECT_NEAR(std::log2(err[i] / err[i + 1]), 2.0, 0.3) << Js[i] << " -> " << Js[i + 1];
}

TEST(BasketAdi, Statuses) {
  Solver s;
  Batch<double> b;
  b.J = {10, 10};
  b.Smax = {200, 200};
  b.N = 4;
  b.add(100, 100, 0.05, 0.2, 0.3, 1);
  b.price.assign(1, -1);
  b.delta.assign(2, -1);
  b.info.assign(1, -7);
  auto call = [&](gpurngAdiScheme_t scheme, int ndim, gpurngBasketPayoff_t payoff) {
    return gpurngBlackScholesAdiDouble(s.s, scheme, ndim, b.J.data(), b.Smax.data(), b.N, payoff, nullptr, 1,
                                       b.S0.data(), b.K.data(), b.r.data(), b.sigma.data(), b.rho.data(), b.mat.data(),
                                       b.price.data(), b.delta.data(), nullptr, b.info.data());
  };
  const auto HV = GPURNG_ADI_HUNDSDORFER_VERWER;
  EXPECT_EQ(gpurngBlackScholesAdiDouble(nullptr, HV, 2, b.J.data(), b.Smax.data(), 4, GPURNG_BASKET_MAX_CALL, nullptr,
                                        1, b.S0.data(), b.K.data(), b.r.data(), b.sigma.data(), b.rho.data(),
                                        b.mat.data(), b.price.data(), nullptr, nullptr, nullptr),
            GPURNG_STATUS_NOT_INITIALIZED);
  EXPECT_EQ(call(static_cast<gpurngAdiScheme_t>(5), 2, GPURNG_BASKET_MAX_CALL), GPURNG_STATUS_INVALID_VALUE);
  EXPECT_EQ(call(HV, 2, static_cast<gpurngBasketPayoff_t>(9)), GPURNG_STATUS_INVALID_VALUE);
  EXPECT_EQ(call(HV, 2, GPURNG_BASKET_USER_GRID), GPURNG_STATUS_NULL_POINTER);  // no payoff grid
  EXPECT_EQ(call(HV, 4, GPURNG_BASKET_MAX_CALL), GPURNG_STATUS_OUT_OF_RANGE);
  b.rho[0] = 1.5;
  EXPECT_EQ(call(HV, 2, GPURNG_BASKET_MAX_CALL), GPURNG_STATUS_OUT_OF_RANGE);
  b.rho[0] = 0.3;
  b.S0[1] = 250;  // above Smax
  EXPECT_EQ(call(HV, 2, GPURNG_BASKET_MAX_CALL), GPURNG_STATUS_OUT_OF_RANGE);
  b.S0[1] = 100;
  b.J[1] = 2;
  EXPECT_EQ(call(HV, 2, GPURNG_BASKET_MAX_CALL), GPURNG_STATUS_OUT_OF_RANGE);
  b.J[1] = 10;
  EXPECT_EQ(b.price[0], -1.0);  // no failed call wrote anything
  EXPECT_EQ(gpurngBlackScholesAdiDouble(s.s, HV, 2, b.J.data(), b.Smax.data(), 4, GPURNG_BASKET_MAX_CALL, nullptr, 1,
                                        b.S0.data(), b.K.data(), b.r.data(), b.sigma.data(), b.rho.data(), b.mat.data(),
                                        b.price.data(), b.price.data(), nullptr, nullptr),
            GPURNG_STATUS_OVERLAPPING_ARRAYS);
  // Three assets whose pairwise correlations make no correlation matrix (-0.9 each: not positive semi-definite).
  Batch<double> c;
  c.D = 3;
  c.J = {8, 8, 8};
  c.Smax = {200, 200, 200};
  c.add(100, 100, 0.05, 0.2, -0.9, 1);
  c.price.assign(1, -1);
  EXPECT_EQ(gpurngBlackScholesAdiDouble(s.s, HV, 3, c.J.data(), c.Smax.data(), 4, GPURNG_BASKET_MAX_CALL, nullptr, 1,
                                        c.S0.data(), c.K.data(), c.r.data(), c.sigma.data(), c.rho.data(), c.mat.data(),
                                        c.price.data(), nullptr, nullptr, nullptr),
            GPURNG_STATUS_OUT_OF_RANGE);
  // A grid larger than the memory: 32769^2 nodes, three working grids of 8.6 GB each (double): a status, not a
  // crash, on any host with less than 26 GB (the test is skipped on a larger one).
  const long pages = sysconf(_SC_PHYS_PAGES), page = sysconf(_SC_PAGE_SIZE);
  if (pages > 0 && double(pages) * double(page) < 25e9) {
    const int huge[2] = {32768, 32768};
    const double wide[2] = {400, 400};
    EXPECT_EQ(gpurngBlackScholesAdiDouble(s.s, HV, 2, huge, wide, 4, GPURNG_BASKET_MAX_CALL, nullptr, 1, b.S0.data(),
                                          b.K.data(), b.r.data(), b.sigma.data(), b.rho.data(), b.mat.data(),
                                          b.price.data(), nullptr, nullptr, nullptr),
              GPURNG_STATUS_ALLOCATION_FAILED);
  }
  EXPECT_EQ(call(HV, 2, GPURNG_BASKET_MAX_CALL), GPURNG_STATUS_SUCCESS);
  EXPECT_EQ(b.info[0], 0);
  EXPECT_GT(b.price[0], 0.0);
}

// A user grid negative where S_0 < 100 (and 1 elsewhere): the option at S_0 = 60 reads a negative price and is
// rejected (info -2, NaN outputs and grid), the one at S_0 = 200 is not; the status says so.
template <typename T>
Batch<T> rejecting_batch() {
  Batch<T> b;
  b.J = {20, 20};
  b.Smax = {300, 300};
  b.N = 4;
  b.payoff = GPURNG_BASKET_USER_GRID;
  b.payoff_grid.resize(b.nodes());
  for (size_t e = 0; e < b.payoff_grid.size(); ++e) b.payoff_grid[e] = (e % 21) * 15.0 < 100.0 ? T(-1) : T(1);
  b.add(60, 0, 0.05, 0.2, 0.3, 1);
  b.add(200, 0, 0.05, 0.2, 0.3, 1);
  return b;
}

TEST(BasketAdi, RejectedOptionReported) {
  Batch<double> b = rejecting_batch<double>();
  EXPECT_EQ(run(GPURNG_ADI_HUNDSDORFER_VERWER, b, true), GPURNG_STATUS_RESULT_OUT_OF_BOUNDS);
  EXPECT_EQ(b.info[0], -2);
  EXPECT_TRUE(std::isnan(b.price[0]) && std::isnan(b.delta[0]) && std::isnan(b.grid[5]));
  EXPECT_EQ(b.info[1], 0);
  EXPECT_GT(b.price[1], 0.5);
}

#if GPURNG_TEST_HAVE_CUDA
}  // namespace
#include <cuda_runtime.h>
namespace {

bool gpu_usable() {
  int n = 0;
  return cudaGetDeviceCount(&n) == cudaSuccess && n > 0;
}

// A device copy of a host vector (NULL for an empty one), freed with the object.
template <typename X>
struct DeviceArray {
  X* p = nullptr;
  size_t n = 0;
  explicit DeviceArray(const std::vector<X>& h) : n(h.size()) {
    if (n == 0) return;
    EXPECT_EQ(cudaMalloc(&p, n * sizeof(X)), cudaSuccess);
    EXPECT_EQ(cudaMemcpy(p, h.data(), n * sizeof(X), cudaMemcpyHostToDevice), cudaSuccess);
  }
  ~DeviceArray() { cudaFree(p); }
  void read(std::vector<X>& h) const {
    if (n) EXPECT_EQ(cudaMemcpy(h.data(), p, n * sizeof(X), cudaMemcpyDeviceToHost), cudaSuccess);
  }
};

// run() with every array in device memory: b's outputs read back.
template <typename T>
gpurngStatus_t run_device(gpurngAdiScheme_t scheme, Batch<T>& b, bool with_grid) {
  Solver s;
  b.price.assign(b.count(), T(-1));
  b.delta.assign(size_t(b.count()) * b.D, T(-1));
  b.info.assign(b.count(), -7);
  b.grid.assign(with_grid ? size_t(b.count()) * b.nodes() : 0, T(-1));
  DeviceArray<T> S0(b.S0), K(b.K), r(b.r), sigma(b.sigma), rho(b.rho), mat(b.mat), pg(b.payoff_grid);
  DeviceArray<T> price(b.price), delta(b.delta), grid(b.grid);
  DeviceArray<int> info(b.info);
  gpurngStatus_t st;
  if constexpr (sizeof(T) == 8)
    st = gpurngBlackScholesAdiDouble(s.s, scheme, b.D, b.J.data(), b.Smax.data(), b.N, b.payoff, pg.p, b.count(), S0.p,
                                     K.p, r.p, sigma.p, rho.p, mat.p, price.p, delta.p, grid.p, info.p);
  else
    st = gpurngBlackScholesAdiFloat(s.s, scheme, b.D, b.J.data(), b.Smax.data(), b.N, b.payoff, pg.p, b.count(), S0.p,
                                    K.p, r.p, sigma.p, rho.p, mat.p, price.p, delta.p, grid.p, info.p);
  price.read(b.price);
  delta.read(b.delta);
  grid.read(b.grid);
  info.read(b.info);
  return st;
}

template <typename T>
int64_t bits_differ(const std::vector<T>& a, const std::vector<T>& b) {
  int64_t n = a.size() == b.size() ? 0 : 1;
  for (size_t e = 0; e < std::min(a.size(), b.size()); ++e) n += !same_bits(a[e], b[e]);
  return n;
}

// Device memory gives the host's bits: grid, prices, deltas and info, every payoff and scheme, 2 and 3 assets.
template <typename T, int D>
void device_is_the_host() {
  Batch<T> b;
  b.D = D;
  b.J = D == 2 ? std::vector<int>{40, 33} : std::vector<int>{20, 17, 23};
  b.Smax = D == 2 ? std::vector<T>{300, 250} : std::vector<T>{300, 260, 320};
  b.N = 7;
  b.add(100, 100, 0.05, 0.2, 0.3, 1);
  b.add(90, 95, 0.02, 0.35, -0.4, 0.5);
  b.add(110, 100, 0.04, 0.25, 0.0, 0.75);
  for (auto payoff :
       {GPURNG_BASKET_GEOMETRIC_CALL, GPURNG_BASKET_ARITHMETIC_CALL, GPURNG_BASKET_MAX_CALL, GPURNG_BASKET_USER_GRID}) {
    b.payoff = payoff;
    b.payoff_grid.clear();
    if (payoff == GPURNG_BASKET_USER_GRID)
      for (size_t e = 0; e < b.nodes(); ++e) b.payoff_grid.push_back(T(e % 7) * T(0.5));
    for (auto scheme : {GPURNG_ADI_HUNDSDORFER_VERWER, GPURNG_ADI_DOUGLAS})
      for (bool with_grid : {true, false}) {
        Batch<T> host = b, dev = b;
        ASSERT_EQ(run(scheme, host, with_grid), GPURNG_STATUS_SUCCESS);
        ASSERT_EQ(run_device(scheme, dev, with_grid), GPURNG_STATUS_SUCCESS);
        const std::string what = std::to_string(D) + "-D payoff " + std::to_string(payoff) + " scheme " +
                                 std::to_string(scheme) + (with_grid ? " grid" : "");
        EXPECT_EQ(bits_differ(host.grid, dev.grid), 0) << what;
        EXPECT_EQ(bits_differ(host.price, dev.price), 0) << what;
        EXPECT_EQ(bits_differ(host.delta, dev.delta), 0) << what;
        EXPECT_EQ(host.info, dev.info) << what;
      }
  }
}

TEST(BasketAdiGpu, DeviceIsTheHostTwoAssets) {
  if (!gpu_usable()) GTEST_SKIP() << "no CUDA device";
  device_is_the_host<double, 2>();
  device_is_the_host<float, 2>();
}
TEST(BasketAdiGpu, DeviceIsTheHostThreeAssets) {
  if (!gpu_usable()) GTEST_SKIP() << "no CUDA device";
  device_is_the_host<double, 3>();
  device_is_the_host<float, 3>();
}

// The rejected option on the device: the host's status, info and NaN outputs.
TEST(BasketAdiGpu, RejectedOptionReported) {
  if (!gpu_usable()) GTEST_SKIP() << "no CUDA device";
  Batch<double> host = rejecting_batch<double>(), dev = host;
  ASSERT_EQ(run(GPURNG_ADI_HUNDSDORFER_VERWER, host, true), GPURNG_STATUS_RESULT_OUT_OF_BOUNDS);
  ASSERT_EQ(run_device(GPURNG_ADI_HUNDSDORFER_VERWER, dev, true), GPURNG_STATUS_RESULT_OUT_OF_BOUNDS);
  EXPECT_EQ(host.info, dev.info);
  EXPECT_EQ(bits_differ(host.grid, dev.grid), 0);
  EXPECT_EQ(bits_differ(host.price, dev.price), 0);
}

// Bad input in device memory is refused as from host memory, before anything is written.
TEST(BasketAdiGpu, StatusesOnDevice) {
  if (!gpu_usable()) GTEST_SKIP() << "no CUDA device";
  Batch<double> b;
  b.J = {10, 10};
  b.Smax = {200, 200};
  b.add(100, 100, 0.05, 0.2, 0.3, 1);
  b.rho[0] = 1.5;
  EXPECT_EQ(run_device(GPURNG_ADI_DOUGLAS, b, true), GPURNG_STATUS_OUT_OF_RANGE);
  EXPECT_EQ(b.price[0], -1.0);
  EXPECT_EQ(b.grid[0], -1.0);
  b.rho[0] = 0.3;
  b.S0[0] = 250;
  EXPECT_EQ(run_device(GPURNG_ADI_DOUGLAS, b, false), GPURNG_STATUS_OUT_OF_RANGE);
  b.S0[0] = 100;
  EXPECT_EQ(run_device(GPURNG_ADI_DOUGLAS, b, false), GPURNG_STATUS_SUCCESS);
  EXPECT_GT(b.price[0], 0.0);
}
#endif

}  // namespace
