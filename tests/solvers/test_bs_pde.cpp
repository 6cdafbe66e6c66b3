// SPDX-License-Identifier: BSD-3-Clause
// gpurng_pde.h against independent oracles: the published values of Giles' BS_1D scheme (explicit N = 50000,
// implicit N = 2500 on S0 = K = 100, r 0.05, sigma 0.2, T 1, Smax 200, J 255; docs/SOLVERS.md), the
// Black-Scholes formula, QuantLib's FdBlackScholesVanillaEngine (Crank-Nicolson = Douglas in 1-D, and the
// American put, computed here when QuantLib is found); a mixed batch against the same options priced one by
// one (bit for bit); the grid against the price; grids that are not 32 R nodes and beyond 1024 nodes; every
// documented status; the ISA copies of the CPU backend against each other (bit for bit). With a GPU the same
// calls run on device memory and must give the CPU's bits, asynchronously on a stream and in a CUDA graph.
#include <gtest/gtest.h>
#include <unistd.h>

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <limits>
#include <memory>
#include <random>
#include <string>
#include <vector>

#include "bs1d_block_divisor.hpp"  // the cluster form's division by a block's rows or warps
#include "bs1d_scheme.hpp"         // the scheme's node operations (the grids checked against the definition)
#include "gpurng_pde.h"
#include "hybrid_system.hpp"  // the hybrids' definitions (hybrid_factor / _apply, long_hybrid_factor / _apply)
#include "isa_digest.hpp"
#if GPURNG_TEST_HAVE_QUANTLIB
#include "quantlib_oracle.hpp"
#endif
#if GPURNG_TEST_HAVE_CUDA
#include <cuda_runtime.h>
#endif

namespace {

// docs/SOLVERS.md, the one-factor Black-Scholes PDE. Giles' readout is the mean of the two nodes around S0 = 100
// (nodes 127 and 128 of this grid): the scheme's published values are checked on the returned grid, and the library's
// cubic readout against Black-Scholes.
constexpr double kGilesExplicit = 10.45197062362595;  // N = 50000, J = 255, FP64
constexpr double kGilesImplicit = 10.45153022068708;  // N = 2500, J = 255, FP64
constexpr double kBsPrice = 10.450583572185565, kBsDelta = 0.636830651176, kBsGamma = 0.018762017346;
constexpr double kQlDouglas = 10.4515380930;  // QuantLib 1.29 Douglas 2500 x 256 (used without QuantLib)

constexpr int kJ = 255;
constexpr double kSmax = 200;

template <typename T>
double giles_readout(const std::vector<T>& grid) {
  return (double(grid[127]) + double(grid[128])) / 2;
}

const int kCallEu = GPURNG_OPTION_CALL + GPURNG_OPTION_EUROPEAN;
const int kPutEu = GPURNG_OPTION_PUT + GPURNG_OPTION_EUROPEAN;
const int kCallAm = GPURNG_OPTION_CALL + GPURNG_OPTION_AMERICAN;
const int kPutAm = GPURNG_OPTION_PUT + GPURNG_OPTION_AMERICAN;

gpurngStatus_t pde(gpurngSolver_t s, int scheme, int J, int N, double Smax, int count, const int* kind,
                   const double* S0, const double* K, const double* r, const double* sig, const double* T,
                   double* price, double* delta, double* gamma, double* grid, int* info) {
  return gpurngBlackScholesPde1dDouble(s, gpurngPdeScheme_t(scheme), J, N, Smax, count, kind, S0, K, r, sig, T, price,
                                       delta, gamma, grid, info);
}
gpurngStatus_t pde(gpurngSolver_t s, int scheme, int J, int N, float Smax, int count, const int* kind, const float* S0,
                   const float* K, const float* r, const float* sig, const float* T, float* price, float* delta,
                   float* gamma, float* grid, int* info) {
  return gpurngBlackScholesPde1dFloat(s, gpurngPdeScheme_t(scheme), J, N, Smax, count, kind, S0, K, r, sig, T, price,
                                      delta, gamma, grid, info);
}

template <typename T>
struct Options {
  std::vector<int> kind;
  std::vector<T> S0, K, r, sigma, mat;
  void add(int k, double s0, double strike, double rate, double sig, double t) {
    kind.push_back(k);
    S0.push_back(T(s0));
    K.push_back(T(strike));
    r.push_back(T(rate));
    sigma.push_back(T(sig));
    mat.push_back(T(t));
  }
  int count() const { return int(kind.size()); }
  Options one(int i) const {
    Options o;
    o.add(kind[i], S0[i], K[i], r[i], sigma[i], mat[i]);
    return o;
  }
};

template <typename T>
Options<T> atm(int kind = GPURNG_OPTION_CALL) {
  Options<T> o;
  o.add(kind, 100, 100, 0.05, 0.2, 1);
  return o;
}

template <typename T>
struct Priced {
  gpurngStatus_t status = GPURNG_STATUS_INTERNAL_ERROR;
  std::vector<T> price, delta, gamma, grid;
  std::vector<int> info;
};

struct Solver {
  gpurngSolver_t s = nullptr;
  Solver() { EXPECT_EQ(gpurngCreateSolver(&s), GPURNG_STATUS_SUCCESS); }
  ~Solver() { gpurngDestroySolver(s); }
};

template <typename T>
Priced<T> price_host(int scheme, int J, int N, double Smax, const Options<T>& o, bool with_grid = true) {
  Solver s;
  const int n = o.count();
  Priced<T> p;
  p.price.assign(n, T(-1));
  p.delta.assign(n, T(-1));
  p.gamma.assign(n, T(-1));
  p.info.assign(n, -7);
  if (with_grid) p.grid.assign(size_t(n) * (J + 1), T(-1));
  p.status = pde(s.s, scheme, J, N, T(Smax), n, o.kind.data(), o.S0.data(), o.K.data(), o.r.data(), o.sigma.data(),
                 o.mat.data(), p.price.data(), p.delta.data(), p.gamma.data(), with_grid ? p.grid.data() : nullptr,
                 p.info.data());
  return p;
}

template <typename T>
bool same_bits(T a, T b) {
  return std::memcmp(&a, &b, sizeof(T)) == 0;
}

template <typename T>
void expect_same_bits(const std::vector<T>& a, const std::vector<T>& b, const std::string& what) {
  ASSERT_EQ(a.size(), b.size()) << what;
  size_t bad = 0, first = 0;
  for (size_t i = 0; i < a.size(); ++i)
    if (!same_bits(a[i], b[i]) && bad++ == 0) first = i;
  EXPECT_EQ(bad, 0u) << what << ": " << bad << " of " << a.size() << " differ, first at " << first << " ("
                     << (a.empty() ? 0.0 : double(a[first])) << " vs " << (b.empty() ? 0.0 : double(b[first])) << ")";
}

template <typename T>
void expect_same(const Priced<T>& a, const Priced<T>& b, const std::string& what) {
  EXPECT_EQ(a.status, b.status) << what;
  expect_same_bits(a.price, b.price, what + " price");
  expect_same_bits(a.delta, b.delta, what + " delta");
  expect_same_bits(a.gamma, b.gamma, what + " gamma");
  expect_same_bits(a.grid, b.grid, what + " grid");
  EXPECT_EQ(a.info, b.info) << what << " info";
}

// Steps the explicit scheme needs on J for maturity T and sigma (with some margin).
int explicit_steps(int J, double sigma, double r, double T) {
  return int(std::ceil(T * (sigma * sigma * J * J + r) * 1.02)) + 1;
}

// ------------------------------------------------------------------------------------------------------------
// Published scheme values, Black-Scholes, QuantLib

TEST(BsPde, ExplicitDoubleMatchesGiles) {
  const Priced<double> p = price_host(GPURNG_PDE_EXPLICIT, kJ, 50000, kSmax, atm<double>());
  ASSERT_EQ(p.status, GPURNG_STATUS_SUCCESS);
  EXPECT_EQ(p.info[0], 0);
  std::printf(
      "explicit N=50000: price %.14f (Black-Scholes diff %.3g); Giles' readout %.14f (published %.14f); "
      "delta %.12f gamma %.12f\n",
      p.price[0], p.price[0] - kBsPrice, giles_readout(p.grid), kGilesExplicit, p.delta[0], p.gamma[0]);
  EXPECT_NEAR(giles_readout(p.grid), kGilesExplicit, 1e-10);
  EXPECT_NEAR(p.price[0], kBsPrice, 1e-4);  // the cubic readout: -5.5e-5 (Giles' mean of two nodes: +1.4e-3)
  EXPECT_NEAR(p.delta[0], kBsDelta, 1e-4);
  EXPECT_NEAR(p.gamma[0], kBsGamma, 1e-5);
}

TEST(BsPde, ImplicitDoubleMatchesGiles) {
  const Priced<double> p = price_host(GPURNG_PDE_IMPLICIT, kJ, 2500, kSmax, atm<double>());
  ASSERT_EQ(p.status, GPURNG_STATUS_SUCCESS);
  EXPECT_EQ(p.info[0], 0);
  std::printf(
      "implicit N=2500: price %.14f (Black-Scholes diff %.3g); Giles' readout %.14f (published %.14f); "
      "delta %.12f gamma %.12f\n",
      p.price[0], p.price[0] - kBsPrice, giles_readout(p.grid), kGilesImplicit, p.delta[0], p.gamma[0]);
  EXPECT_NEAR(giles_readout(p.grid), kGilesImplicit, 1e-10);
  EXPECT_NEAR(p.price[0], kBsPrice, 1e-3);  // backward Euler's O(dt) error: -5.0e-4 at N = 2500
  EXPECT_NEAR(p.delta[0], kBsDelta, 1e-4);
  EXPECT_NEAR(p.gamma[0], kBsGamma, 1e-5);
}

TEST(BsPde, FloatNearGiles) {
  const Priced<float> e = price_host(GPURNG_PDE_EXPLICIT, kJ, 50000, kSmax, atm<float>());
  const Priced<float> i = price_host(GPURNG_PDE_IMPLICIT, kJ, 2500, kSmax, atm<float>());
  const Priced<float> c = price_host(GPURNG_PDE_CRANK_NICOLSON, kJ, 2500, kSmax, atm<float>());
  ASSERT_EQ(e.status, GPURNG_STATUS_SUCCESS);
  ASSERT_EQ(i.status, GPURNG_STATUS_SUCCESS);
  ASSERT_EQ(c.status, GPURNG_STATUS_SUCCESS);
  std::printf("float: explicit %.7f (Giles' readout diff %.3g), implicit %.7f (diff %.3g), crank-nicolson %.7f\n",
              e.price[0], giles_readout(e.grid) - kGilesExplicit, i.price[0], giles_readout(i.grid) - kGilesImplicit,
              c.price[0]);
  EXPECT_NEAR(giles_readout(e.grid), kGilesExplicit, 5e-3);
  EXPECT_NEAR(giles_readout(i.grid), kGilesImplicit, 3e-4);
  EXPECT_NEAR(c.price[0], kBsPrice, 3e-3);
}

TEST(BsPde, CrankNicolsonNearQuantLib) {
  double ql = kQlDouglas;
#if GPURNG_TEST_HAVE_QUANTLIB
  ql = gpurng_test::ql_fd_black_scholes(true, false, 100, 100, 0.05, 0.2, 1, 2500, 256, gpurng_test::kQlDouglas,
                                        nullptr, nullptr);
#endif
  const Priced<double> p = price_host(GPURNG_PDE_CRANK_NICOLSON, kJ, 2500, kSmax, atm<double>());
  ASSERT_EQ(p.status, GPURNG_STATUS_SUCCESS);
  std::printf("crank-nicolson N=2500: price %.14f, QuantLib Douglas 2500x256 %.10f (diff %.3g)\n", p.price[0], ql,
              p.price[0] - ql);
  EXPECT_NEAR(p.price[0], ql, 1.5e-3);      // QuantLib's own error here is +9.5e-4
  EXPECT_NEAR(p.price[0], kBsPrice, 2e-4);  // ours: -7.6e-5
  EXPECT_NEAR(p.delta[0], kBsDelta, 1e-4);
  EXPECT_NEAR(p.gamma[0], kBsGamma, 1e-5);
}

TEST(BsPde, AmericanPutNearQuantLib) {
  Options<double> o;
  o.add(kPutAm, 100, 100, 0.05, 0.2, 1);
  o.add(kPutEu, 100, 100, 0.05, 0.2, 1);
  const Priced<double> p = price_host(GPURNG_PDE_IMPLICIT, kJ, 2500, kSmax, o);
  const Priced<double> cn = price_host(GPURNG_PDE_CRANK_NICOLSON, kJ, 2500, kSmax, o);
  ASSERT_EQ(p.status, GPURNG_STATUS_SUCCESS);
  ASSERT_EQ(cn.status, GPURNG_STATUS_SUCCESS);
  double ql_ie = 6.0904, ql_douglas = 6.0904;  // binomial value when QuantLib is absent
#if GPURNG_TEST_HAVE_QUANTLIB
  ql_ie = gpurng_test::ql_fd_black_scholes(false, true, 100, 100, 0.05, 0.2, 1, 2500, 256,
                                           gpurng_test::kQlImplicitEuler, nullptr, nullptr);
  ql_douglas = gpurng_test::ql_fd_black_scholes(false, true, 100, 100, 0.05, 0.2, 1, 2500, 256, gpurng_test::kQlDouglas,
                                                nullptr, nullptr);
#endif
  std::printf(
      "American put: implicit %.10f, crank-nicolson %.10f; QuantLib ImplicitEuler %.10f, Douglas %.10f; "
      "European put %.10f\n",
      p.price[0], cn.price[0], ql_ie, ql_douglas, p.price[1]);
  EXPECT_NEAR(p.price[0], ql_ie, 5e-3);
  EXPECT_NEAR(p.price[0], ql_douglas, 5e-3);
  EXPECT_NEAR(cn.price[0], ql_douglas, 5e-3);
  EXPECT_GT(p.price[0], p.price[1] + 0.1);
  // European put by put-call parity from the analytic call.
  EXPECT_NEAR(p.price[1], kBsPrice - 100 + 100 * std::exp(-0.05), 2e-3);
  // The American grid never falls below the payoff.
  for (int j = 0; j <= kJ; ++j) EXPECT_GE(p.grid[j], std::max(100 - j * (kSmax / kJ), 0.0) - 1e-12) << j;
}

// ------------------------------------------------------------------------------------------------------------
// Batches, grids, sizes

// n options of all four kinds: S0 60 .. 60 + 3.7 (n-1), K 80 .. 110, r 0 .. 0.06, sigma 0.1 .. 0.3, maturity
// (0.25 .. 0.65) * mat_scale.
template <typename T>
Options<T> mixed_batch(int n, double mat_scale = 1) {
  Options<T> o;
  const int kinds[4] = {kCallEu, kPutEu, kCallAm, kPutAm};
  for (int i = 0; i < n; ++i)
    o.add(kinds[i % 4], 60 + 3.7 * i, 80 + 2.5 * (i % 13), 0.01 * (i % 7), 0.1 + 0.02 * (i % 11),
          (0.25 + 0.05 * (i % 9)) * mat_scale);
  return o;
}
// Explicit steps that keep every option of mixed_batch(n, mat_scale) stable on J.
int mixed_explicit_steps(int J, double mat_scale = 1) { return explicit_steps(J, 0.3, 0.06, 0.65 * mat_scale); }

template <typename T>
void batch_equals_singles() {
  const Options<T> o = mixed_batch<T>(21);
  const int J = 200;  // 201 nodes: R = 8, 55 padding nodes
  struct {
    int scheme, N;
  } cases[] = {
      {GPURNG_PDE_EXPLICIT, mixed_explicit_steps(J)}, {GPURNG_PDE_IMPLICIT, 300}, {GPURNG_PDE_CRANK_NICOLSON, 300}};
  for (const auto& c : cases) {
    const Priced<T> all = price_host(c.scheme, J, c.N, 200, o);
    ASSERT_EQ(all.status, GPURNG_STATUS_SUCCESS) << c.scheme;
    for (int i = 0; i < o.count(); ++i) {
      const Priced<T> one = price_host(c.scheme, J, c.N, 200, o.one(i));
      ASSERT_EQ(one.status, GPURNG_STATUS_SUCCESS);
      const std::string what = "scheme " + std::to_string(c.scheme) + " option " + std::to_string(i);
      EXPECT_TRUE(same_bits(one.price[0], all.price[i])) << what << ": " << one.price[0] << " vs " << all.price[i];
      EXPECT_TRUE(same_bits(one.delta[0], all.delta[i])) << what;
      EXPECT_TRUE(same_bits(one.gamma[0], all.gamma[i])) << what;
      EXPECT_EQ(0, std::memcmp(one.grid.data(), all.grid.data() + size_t(i) * (J + 1), sizeof(T) * (J + 1))) << what;
      EXPECT_EQ(all.info[i], 0);
      EXPECT_TRUE(std::isfinite(double(all.price[i]))) << what;
    }
  }
}

TEST(BsPde, MixedBatchEqualsOneByOneDouble) { batch_equals_singles<double>(); }
TEST(BsPde, MixedBatchEqualsOneByOneFloat) { batch_equals_singles<float>(); }

TEST(BsPde, GridConsistentWithPrice) {
  Options<double> o = mixed_batch<double>(5);
  o.add(kCallEu, 100, 100, 0.05, 0.2, 1);
  const int J = kJ;
  const Priced<double> with = price_host(GPURNG_PDE_IMPLICIT, J, 500, kSmax, o, true);
  const Priced<double> without = price_host(GPURNG_PDE_IMPLICIT, J, 500, kSmax, o, false);
  ASSERT_EQ(with.status, GPURNG_STATUS_SUCCESS);
  ASSERT_EQ(without.status, GPURNG_STATUS_SUCCESS);
  expect_same_bits(with.price, without.price, "price with and without grid");
  const double dS = kSmax / J;
  for (int k = 0; k < o.count(); ++k) {
    const double* u = with.grid.data() + size_t(k) * (J + 1);
    int j = int(o.S0[k] / dS);
    j = std::min(std::max(j, 1), J - 2);
    const double w = (o.S0[k] - j * dS) / dS;
    // The cubic through u[j-1] .. u[j+2] in Lagrange form, and its derivatives, at x = w (gpurng_pde.h).
    const double x0 = w + 1, x1 = w, x2 = w - 1, x3 = w - 2;  // distances from the four nodes
    const double price = -x1 * x2 * x3 / 6 * u[j - 1] + x0 * x2 * x3 / 2 * u[j] - x0 * x1 * x3 / 2 * u[j + 1] +
                         x0 * x1 * x2 / 6 * u[j + 2];
    const double dprice = -(x2 * x3 + x1 * x3 + x1 * x2) / 6 * u[j - 1] + (x2 * x3 + x0 * x3 + x0 * x2) / 2 * u[j] -
                          (x1 * x3 + x0 * x3 + x0 * x1) / 2 * u[j + 1] + (x1 * x2 + x0 * x2 + x0 * x1) / 6 * u[j + 2];
    const double d2price = -(2 * (x1 + x2 + x3)) / 6 * u[j - 1] + (2 * (x0 + x2 + x3)) / 2 * u[j] -
                           (2 * (x0 + x1 + x3)) / 2 * u[j + 1] + (2 * (x0 + x1 + x2)) / 6 * u[j + 2];
    EXPECT_NEAR(with.price[k], price, 1e-12 * std::max(1.0, price)) << k;
    EXPECT_NEAR(with.delta[k], dprice / dS, 1e-10) << k;
    EXPECT_NEAR(with.gamma[k], d2price / (dS * dS), 1e-9) << k;
    const bool put = o.kind[k] & 1;
    if (put) {
      EXPECT_NEAR(u[J], 0.0, 1e-6) << k;  // deep out of the money at Smax
    } else {
      EXPECT_EQ(u[0], 0.0) << k;
      EXPECT_GE(u[J], kSmax - o.K[k] - 1e-9) << k;  // call at Smax: at least S - K
    }
  }
}

TEST(BsPde, OddAndLargeGridsConverge) {
  // 201 nodes (not 32 R), 1024 nodes (the largest in registers), 1025 and 2048 nodes (Thomas, J + 1 > 1024). The
  // cubic readout's error is far below the scheme's; the bounds are those of the linear readout it replaced.
  struct {
    int J, N;
  } grids[] = {{200, 2500}, {1023, 800}, {1024, 800}, {2047, 400}};
  double prices[4];
  for (int g = 0; g < 4; ++g) {
    const double dS = kSmax / grids[g].J;
    const Priced<double> p = price_host(GPURNG_PDE_CRANK_NICOLSON, grids[g].J, grids[g].N, kSmax, atm<double>());
    ASSERT_EQ(p.status, GPURNG_STATUS_SUCCESS) << grids[g].J;
    prices[g] = p.price[0];
    std::printf("crank-nicolson J=%d N=%d: price %.10f delta %.8f gamma %.8f\n", grids[g].J, grids[g].N, p.price[0],
                p.delta[0], p.gamma[0]);
    EXPECT_NEAR(p.price[0], kBsPrice, 3e-3) << grids[g].J;
    EXPECT_NEAR(p.delta[0], kBsDelta, 0.6 * kBsGamma * dS + 1e-4) << grids[g].J;
    EXPECT_NEAR(p.gamma[0], kBsGamma, 1e-4) << grids[g].J;
  }
  EXPECT_NEAR(prices[1], prices[2], 3e-4);  // registers vs Thomas across the 1024-node boundary
  // The implicit and explicit schemes on the large path.
  const Priced<double> im = price_host(GPURNG_PDE_IMPLICIT, 2047, 400, kSmax, atm<double>());
  ASSERT_EQ(im.status, GPURNG_STATUS_SUCCESS);
  EXPECT_NEAR(im.price[0], kBsPrice, 3e-3);
  Options<double> shortdated;
  shortdated.add(kCallEu, 100, 100, 0.05, 0.2, 0.05);
  const int N = explicit_steps(1100, 0.2, 0.05, 0.05);
  const Priced<double> ex = price_host(GPURNG_PDE_EXPLICIT, 1100, N, kSmax, shortdated);
  const Priced<double> ref = price_host(GPURNG_PDE_CRANK_NICOLSON, 1100, 200, kSmax, shortdated);
  ASSERT_EQ(ex.status, GPURNG_STATUS_SUCCESS);
  EXPECT_NEAR(ex.price[0], ref.price[0], 2e-3);
}

// Issue 31: the error against Black-Scholes does not grow as the grid is refined (double; float's rounding limit is
// stated in docs/SOLVERS.md). Smax = 400, N = 2500, the ATM call; for each J of the list, |error| is at most the
// previous J's plus an allowance: the time-step error (|P(J=511, N=2500) - P(J=511, N=10000)|: 3.1e-4 implicit, 3.7e-8
// Crank-Nicolson) and 2% of the previous error, because the cell-averaged payoff's error constant depends a little on
// where K falls in its cell: Crank-Nicolson's errors at J = 255 and 256 are 3.04e-4 and 3.07e-4 (K three-quarters
// through a cell, then on a node), where dS alone would predict 3.01e-4.
TEST(BsPde, ErrorDoesNotGrowWithJ) {
  const Options<double> o = atm<double>();
  for (int scheme : {GPURNG_PDE_IMPLICIT, GPURNG_PDE_CRANK_NICOLSON}) {
    const double p2500 = price_host(scheme, 511, 2500, 400, o, false).price[0];
    const double p10000 = price_host(scheme, 511, 10000, 400, o, false).price[0];
    const double step_error = std::fabs(p2500 - p10000);
    double previous = -1;
    for (int J : {255, 256, 300, 1000, 1024, 2047, 4095}) {
      const Priced<double> p = price_host(scheme, J, 2500, 400, o, false);
      ASSERT_EQ(p.status, GPURNG_STATUS_SUCCESS) << J;
      const double err = std::fabs(p.price[0] - kBsPrice);
      std::printf("scheme %d J=%d: |price - Black-Scholes| %.3e (time-step allowance %.2e)\n", scheme, J, err,
                  step_error);
      if (previous >= 0) EXPECT_LE(err, previous * 1.02 + step_error) << "scheme " << scheme << " J=" << J;
      previous = err;
    }
  }
}

TEST(BsPde, EdgeParameters) {
  Options<double> o;
  o.add(kCallEu, 100, 90, 0.05, 0.2, 0);  // maturity 0: the interpolated payoff
  o.add(kCallEu, 0, 100, 0.05, 0.2, 1);   // S0 = 0 (readout clamped to node 1)
  o.add(kPutEu, 100, 100, 0.05, 0.2, 1);  // an ordinary put (below: the same at S0 = Smax)
  o.add(kCallEu, 100, 100, 0, 0, 1);      // no rate, no volatility
  o.add(kPutAm, 100, 0, 0.05, 0.2, 1);    // strike 0
  const Priced<double> p = price_host(GPURNG_PDE_IMPLICIT, kJ, 100, kSmax, o);
  ASSERT_EQ(p.status, GPURNG_STATUS_SUCCESS);
  for (int k = 0; k < o.count(); ++k) EXPECT_TRUE(std::isfinite(p.price[k])) << k;
  EXPECT_NEAR(p.price[0], 10.0, 1e-12);
  EXPECT_NEAR(p.price[1], 0.0, 1e-6);
  EXPECT_EQ(p.price[4], 0.0);
  // S0 = Smax: the one-sided top row leaves the put's grid negative there (u_J = -2.3e-4 on this grid, K = 100), so
  // the price read there is negative and the output check rejects it rather than return it.
  Options<double> top;
  top.add(kPutEu, 200, 100, 0.05, 0.2, 1);
  const Priced<double> t = price_host(GPURNG_PDE_IMPLICIT, kJ, 100, kSmax, top);
  EXPECT_EQ(t.status, GPURNG_STATUS_RESULT_OUT_OF_BOUNDS);
  EXPECT_EQ(t.info[0], -2);
  EXPECT_TRUE(std::isnan(t.price[0]));
  const Priced<double> e = price_host(GPURNG_PDE_EXPLICIT, kJ, 1, kSmax, o.one(0));
  ASSERT_EQ(e.status, GPURNG_STATUS_SUCCESS);
  EXPECT_NEAR(e.price[0], 10.0, 1e-12);
}

// ------------------------------------------------------------------------------------------------------------
// Statuses

struct StatusCase {
  Options<double> o = atm<double>();
  std::vector<double> price = std::vector<double>(4, -1), delta = std::vector<double>(4, -1),
                      gamma = std::vector<double>(4, -1), grid = std::vector<double>(4 * 1025, -1);
  std::vector<int> info = std::vector<int>(4, -7);
  int scheme = GPURNG_PDE_IMPLICIT, J = kJ, N = 100, count = 1;
  double Smax = kSmax;
  gpurngStatus_t run(gpurngSolver_t s) {
    return pde(s, scheme, J, N, Smax, count, o.kind.data(), o.S0.data(), o.K.data(), o.r.data(), o.sigma.data(),
               o.mat.data(), price.data(), delta.data(), gamma.data(), grid.data(), info.data());
  }
};

TEST(BsPde, Statuses) {
  Solver s;
  {
    StatusCase c;
    EXPECT_EQ(c.run(nullptr), GPURNG_STATUS_NOT_INITIALIZED);
    EXPECT_EQ(c.run(s.s), GPURNG_STATUS_SUCCESS);
  }
  auto expect = [&](gpurngStatus_t want, auto&& change, const char* what) {
    StatusCase c;
    change(c);
    EXPECT_EQ(c.run(s.s), want) << what;
  };
  expect(
      GPURNG_STATUS_INVALID_VALUE, [](StatusCase& c) { c.scheme = 3; }, "scheme 3");
  expect(
      GPURNG_STATUS_INVALID_VALUE, [](StatusCase& c) { c.scheme = -1; }, "scheme -1");
  expect(
      GPURNG_STATUS_OUT_OF_RANGE, [](StatusCase& c) { c.J = 2; }, "J 2");
  expect(
      GPURNG_STATUS_OUT_OF_RANGE, [](StatusCase& c) { c.J = (1 << 20) + 1; }, "J 2^20+1");
  expect(
      GPURNG_STATUS_OUT_OF_RANGE, [](StatusCase& c) { c.N = 0; }, "N 0");
  expect(
      GPURNG_STATUS_OUT_OF_RANGE, [](StatusCase& c) { c.count = -1; }, "count -1");
  expect(
      GPURNG_STATUS_OUT_OF_RANGE, [](StatusCase& c) { c.Smax = 0; }, "Smax 0");
  expect(
      GPURNG_STATUS_OUT_OF_RANGE, [](StatusCase& c) { c.Smax = -5; }, "Smax -5");
  expect(
      GPURNG_STATUS_OUT_OF_RANGE, [](StatusCase& c) { c.Smax = std::nan(""); }, "Smax NaN");
  expect(
      GPURNG_STATUS_OUT_OF_RANGE, [](StatusCase& c) { c.Smax = INFINITY; }, "Smax Inf");
  expect(
      GPURNG_STATUS_INVALID_VALUE, [](StatusCase& c) { c.o.kind[0] = 4; }, "kind 4");
  expect(
      GPURNG_STATUS_INVALID_VALUE, [](StatusCase& c) { c.o.kind[0] = -1; }, "kind -1");
  const double nan = std::nan(""), inf = INFINITY;
  expect(
      GPURNG_STATUS_OUT_OF_RANGE, [](StatusCase& c) { c.o.sigma[0] = -0.2; }, "sigma < 0");
  expect(
      GPURNG_STATUS_OUT_OF_RANGE, [](StatusCase& c) { c.o.mat[0] = -1; }, "T < 0");
  expect(
      GPURNG_STATUS_OUT_OF_RANGE, [](StatusCase& c) { c.o.r[0] = -0.01; }, "r < 0");
  expect(
      GPURNG_STATUS_OUT_OF_RANGE, [](StatusCase& c) { c.o.K[0] = -1; }, "K < 0");
  expect(
      GPURNG_STATUS_OUT_OF_RANGE, [](StatusCase& c) { c.o.S0[0] = -1; }, "S0 < 0");
  expect(
      GPURNG_STATUS_OUT_OF_RANGE, [](StatusCase& c) { c.o.S0[0] = 200.5; }, "S0 > Smax");
  expect(
      GPURNG_STATUS_OUT_OF_RANGE, [&](StatusCase& c) { c.o.sigma[0] = nan; }, "sigma NaN");
  expect(
      GPURNG_STATUS_OUT_OF_RANGE, [&](StatusCase& c) { c.o.r[0] = nan; }, "r NaN");
  expect(
      GPURNG_STATUS_OUT_OF_RANGE, [&](StatusCase& c) { c.o.mat[0] = nan; }, "T NaN");
  expect(
      GPURNG_STATUS_OUT_OF_RANGE, [&](StatusCase& c) { c.o.K[0] = nan; }, "K NaN");
  expect(
      GPURNG_STATUS_OUT_OF_RANGE, [&](StatusCase& c) { c.o.S0[0] = nan; }, "S0 NaN");
  expect(
      GPURNG_STATUS_OUT_OF_RANGE, [&](StatusCase& c) { c.o.K[0] = inf; }, "K Inf");
  expect(
      GPURNG_STATUS_OUT_OF_RANGE, [&](StatusCase& c) { c.o.r[0] = inf; }, "r Inf");
  // Unstable explicit step: dt (sigma^2 J^2 + r) = 2601.05 / 1000 > 1; refused before any work.
  {
    StatusCase c;
    c.scheme = GPURNG_PDE_EXPLICIT;
    c.N = 1000;
    EXPECT_EQ(c.run(s.s), GPURNG_STATUS_UNSTABLE_SCHEME);
    EXPECT_EQ(c.price[0], -1);
    EXPECT_EQ(c.info[0], -7);
    EXPECT_EQ(c.grid[0], -1);
    c.N = 2602;  // 2601.05 / 2602 <= 1: stable
    EXPECT_EQ(c.run(s.s), GPURNG_STATUS_SUCCESS);
    c.N = 2601;
    EXPECT_EQ(c.run(s.s), GPURNG_STATUS_UNSTABLE_SCHEME);
    // Only an option that needs it: a second, stable option does not help the first.
    c.o.add(kCallEu, 100, 100, 0.05, 0.1, 1);
    c.count = 2;
    c.o.sigma[0] = 0.3;
    c.N = 3000;
    EXPECT_EQ(c.run(s.s), GPURNG_STATUS_UNSTABLE_SCHEME);
  }
  // count 0 does nothing, NULL arrays included.
  EXPECT_EQ(gpurngBlackScholesPde1dDouble(s.s, GPURNG_PDE_IMPLICIT, kJ, 10, kSmax, 0, nullptr, nullptr, nullptr,
                                          nullptr, nullptr, nullptr, nullptr, nullptr, nullptr, nullptr, nullptr),
            GPURNG_STATUS_SUCCESS);
  // Required arrays.
  {
    StatusCase c;
    const Options<double>& o = c.o;
    double* p = c.price.data();
    const int* k = o.kind.data();
    const double *S = o.S0.data(), *K = o.K.data(), *r = o.r.data(), *v = o.sigma.data(), *T = o.mat.data();
    auto call = [&](const int* kk, const double* SS, const double* KK, const double* rr, const double* vv,
                    const double* TT, double* pp) {
      return gpurngBlackScholesPde1dDouble(s.s, GPURNG_PDE_IMPLICIT, kJ, 10, kSmax, 1, kk, SS, KK, rr, vv, TT, pp,
                                           nullptr, nullptr, nullptr, nullptr);
    };
    EXPECT_EQ(call(k, S, K, r, v, T, p), GPURNG_STATUS_SUCCESS);  // delta, gamma, grid, info optional
    EXPECT_EQ(call(nullptr, S, K, r, v, T, p), GPURNG_STATUS_NULL_POINTER);
    EXPECT_EQ(call(k, nullptr, K, r, v, T, p), GPURNG_STATUS_NULL_POINTER);
    EXPECT_EQ(call(k, S, nullptr, r, v, T, p), GPURNG_STATUS_NULL_POINTER);
    EXPECT_EQ(call(k, S, K, nullptr, v, T, p), GPURNG_STATUS_NULL_POINTER);
    EXPECT_EQ(call(k, S, K, r, nullptr, T, p), GPURNG_STATUS_NULL_POINTER);
    EXPECT_EQ(call(k, S, K, r, v, nullptr, p), GPURNG_STATUS_NULL_POINTER);
    EXPECT_EQ(call(k, S, K, r, v, T, nullptr), GPURNG_STATUS_NULL_POINTER);
  }
  // Overlapping outputs (all carved from one buffer, so a wrong write stays inside it).
  {
    StatusCase c;
    c.count = 2;
    c.o.add(kPutEu, 100, 100, 0.05, 0.2, 1);
    const int* k = c.o.kind.data();
    const double *S = c.o.S0.data(), *K = c.o.K.data(), *r = c.o.r.data(), *v = c.o.sigma.data(), *T = c.o.mat.data();
    std::vector<double> buf(4000, -1);
    double *p = buf.data(), *d = p + 100, *g = p + 200, *gr = p + 1000;
    int* in = c.info.data();
    auto call = [&](const int* kk, const double* SS, double* pp, double* dd, double* gg, double* grr, int* ii) {
      return gpurngBlackScholesPde1dDouble(s.s, GPURNG_PDE_IMPLICIT, kJ, 10, kSmax, 2, kk, SS, K, r, v, T, pp, dd, gg,
                                           grr, ii);
    };
    EXPECT_EQ(call(k, S, p, d, g, gr, in), GPURNG_STATUS_SUCCESS);
    EXPECT_EQ(call(k, S, p, p, g, gr, in), GPURNG_STATUS_OVERLAPPING_ARRAYS);                       // price = delta
    EXPECT_EQ(call(k, S, p + 1, d, g, p, in), GPURNG_STATUS_OVERLAPPING_ARRAYS);                    // grid over price
    EXPECT_EQ(call(k, S, p, d, d + 1, gr, in), GPURNG_STATUS_OVERLAPPING_ARRAYS);                   // gamma over delta
    EXPECT_EQ(call(k, S, const_cast<double*>(S), d, g, gr, in), GPURNG_STATUS_OVERLAPPING_ARRAYS);  // price = S0
    EXPECT_EQ(call(k, S, p, d, g, gr, const_cast<int*>(k)), GPURNG_STATUS_OVERLAPPING_ARRAYS);      // info = kind
    EXPECT_EQ(call(k, S, p, d, g, gr + 3, reinterpret_cast<int*>(gr + 200)), GPURNG_STATUS_OVERLAPPING_ARRAYS);
    // Inputs may share memory with each other.
    EXPECT_EQ(
        gpurngBlackScholesPde1dDouble(s.s, GPURNG_PDE_IMPLICIT, kJ, 10, kSmax, 2, k, S, S, r, v, T, p, d, g, gr, in),
        GPURNG_STATUS_SUCCESS);
  }
  // Float entry point, a few of the same.
  {
    Options<float> o = atm<float>();
    float p = -1;
    EXPECT_EQ(gpurngBlackScholesPde1dFloat(s.s, GPURNG_PDE_EXPLICIT, kJ, 1000, 200.f, 1, o.kind.data(), o.S0.data(),
                                           o.K.data(), o.r.data(), o.sigma.data(), o.mat.data(), &p, nullptr, nullptr,
                                           nullptr, nullptr),
              GPURNG_STATUS_UNSTABLE_SCHEME);
    EXPECT_EQ(
        gpurngBlackScholesPde1dFloat(s.s, GPURNG_PDE_IMPLICIT, 2, 10, 200.f, 1, o.kind.data(), o.S0.data(), o.K.data(),
                                     o.r.data(), o.sigma.data(), o.mat.data(), &p, nullptr, nullptr, nullptr, nullptr),
        GPURNG_STATUS_OUT_OF_RANGE);
    o.sigma[0] = std::nanf("");
    EXPECT_EQ(
        gpurngBlackScholesPde1dFloat(s.s, GPURNG_PDE_IMPLICIT, kJ, 10, 200.f, 1, o.kind.data(), o.S0.data(), o.K.data(),
                                     o.r.data(), o.sigma.data(), o.mat.data(), &p, nullptr, nullptr, nullptr, nullptr),
        GPURNG_STATUS_OUT_OF_RANGE);
    EXPECT_EQ(p, -1.f);
  }
}

// A large batch's checks run in pieces on the CPU threads: the status is still the check's, whichever option fails
// and wherever it is (a bad kind before a value out of range before an unstable explicit step), before any work.
TEST(BsPde, StatusesOfLargeBatches) {
  Solver s;
  const int n = 50001;
  auto batch = [&](int scheme, int N, auto&& change) {
    StatusCase c;
    c.o = Options<double>{};
    for (int k = 0; k < n; ++k) c.o.add(kCallEu, 100, 100, 0.05, 0.2, 1);
    c.price.assign(size_t(n), -1);
    c.delta.assign(size_t(n), -1);
    c.gamma.assign(size_t(n), -1);
    c.grid.assign(size_t(n) * size_t(kJ + 1), -1);
    c.info.assign(size_t(n), -7);
    c.count = n;
    c.scheme = scheme;
    c.N = N;
    change(c.o);
    const gpurngStatus_t st = c.run(s.s);
    EXPECT_EQ(c.price[size_t(n) / 2], -1) << "work done before the refusal";
    return st;
  };
  EXPECT_EQ(batch(GPURNG_PDE_IMPLICIT, 10,
                  [](Options<double>& o) {
                    o.S0[3] = -1;
                    o.kind[49999] = 7;
                  }),
            GPURNG_STATUS_INVALID_VALUE);
  EXPECT_EQ(batch(GPURNG_PDE_IMPLICIT, 10, [](Options<double>& o) { o.sigma[41000] = std::nan(""); }),
            GPURNG_STATUS_OUT_OF_RANGE);
  // Explicit: N = 3000 is stable for sigma 0.2 (dt (0.04 J^2 + r) < 1) and not for sigma 0.3.
  EXPECT_EQ(batch(GPURNG_PDE_EXPLICIT, 3000,
                  [](Options<double>& o) {
                    o.sigma[30000] = 0.3;
                    o.mat[2] = -1;
                  }),
            GPURNG_STATUS_OUT_OF_RANGE);
  EXPECT_EQ(batch(GPURNG_PDE_EXPLICIT, 3000, [](Options<double>& o) { o.sigma[30000] = 0.3; }),
            GPURNG_STATUS_UNSTABLE_SCHEME);
}

// The CPU runs the hybrid on lane vectors, several options at once, and one pass over the chunks a step (the back
// substitution of one step with the right-hand side of the next). Here the definition, one option with scalars, step
// after step: node_coeffs over the `nodes` of the chunked grid (padding rows identity, holding 0), `factor(a, b, c)`
// once (false: a tiny pivot), then per step Crank-Nicolson's explicit half over every node, `solve(rhs)` and the
// exercise floor. Returns the J + 1 real nodes, or {} if the factoring failed. Every node's bits must agree.
template <typename T, typename Factor, typename Solve>
std::vector<T> grid_by_definition(int scheme, int J, int N, T Smax, const Options<T>& o, int i, int nodes,
                                  Factor factor, Solve solve) {
  using namespace gpurng::pde;
  const bool cn = scheme == GPURNG_PDE_CRANK_NICOLSON, put = kind_put(o.kind[i]), am = kind_american(o.kind[i]);
  const StepConsts<T> k = step_consts(o.mat[i], o.sigma[i], o.r[i], N, cn);
  const T dS = grid_step(Smax, J);
  std::vector<T> a(nodes), b(nodes), c(nodes), ea(nodes), eb(nodes), ec(nodes), u(nodes, T(0)), pay(nodes, T(0));
  for (int j = 0; j < nodes; ++j) {
    const Coeffs<T> im = j <= J ? node_coeffs<T, T>(k, j, J, true) : padding_coeffs<T, T>();
    const Coeffs<T> ex = j <= J ? node_coeffs<T, T>(k, j, J, false) : padding_coeffs<T, T>();
    a[j] = im.a, b[j] = im.b, c[j] = im.c, ea[j] = ex.a, eb[j] = ex.b, ec[j] = ex.c;
    if (j <= J) {
      const T S = node_price(j, dS);
      u[j] = initial_value(put, S, o.K[i], dS, smooth_node(j, J, o.mat[i], o.sigma[i]));
      pay[j] = payoff(put, S, o.K[i]);
    }
  }
  if (!factor(a.data(), b.data(), c.data())) return {};
  std::vector<T> rhs(nodes);
  for (int s = 0; s < N; ++s) {
    for (int j = 0; j < nodes; ++j)
      rhs[j] = cn ? explicit_node(ea[j], eb[j], ec[j], j > 0 ? u[j - 1] : T(0), u[j], j + 1 < nodes ? u[j + 1] : T(0))
                  : u[j];
    solve(rhs.data());
    for (int j = 0; j < nodes; ++j) u[j] = am ? exercise(rhs[j], pay[j]) : rhs[j];
  }
  u.resize(J + 1);
  return u;
}

// Past 1024 nodes: long_hybrid_factor and long_hybrid_apply over R P nodes.
template <typename T, int R>
std::vector<T> long_grid_by_definition(int scheme, int J, int N, T Smax, const Options<T>& o, int i) {
  using namespace gpurng::pde;
  using namespace gpurng::solvers;
  const int m = J + 1, P = hybrid_chunk_count(m, kGridChunksAdjacent), n = 2 * P;
  if (long_rows_per_chunk(m, kGridChunksAdjacent) != R) return {};
  std::vector<ChunkFactors<T, R>> chunk(P);
  std::vector<PcrStepFactor<T>> reduced(size_t(pcr_step_count(n)) * n);
  std::vector<PcrRow<T>> rows(n), tmp(n);
  std::vector<T> D(n), next(n);
  return grid_by_definition(
      scheme, J, N, Smax, o, i, R * P,
      [&](const T* a, const T* b, const T* c) {
        return !long_hybrid_factor<T, R>(a, b, c, P, chunk.data(), reduced.data(), rows.data(), tmp.data());
      },
      [&](T* rhs) { long_hybrid_apply<T, R>(chunk.data(), reduced.data(), P, rhs, D.data(), next.data()); });
}

// Up to 1024 nodes: hybrid_factor and hybrid_apply over 32 R nodes.
template <typename T, int R>
std::vector<T> short_grid_by_definition(int scheme, int J, int N, T Smax, const Options<T>& o, int i) {
  using namespace gpurng::solvers;
  if (hybrid_rows_per_chunk(J + 1) != R) return {};
  auto hf = std::make_unique<HybridFactors<T, R>>();
  return grid_by_definition(
      scheme, J, N, Smax, o, i, kHybridChunks * R,
      [&](const T* a, const T* b, const T* c) { return !hybrid_factor<T, R>(a, b, c, *hf); },
      [&](T* rhs) { hybrid_apply<T, R>(*hf, rhs); });
}

// Every node of the CPU's grid against the definition, implicit and Crank-Nicolson, mixed kinds in one group of lanes.
template <typename T, typename Definition>
void grids_match_definition(std::initializer_list<int> Js, Definition definition) {
  Options<T> o;
  o.add(kCallEu, 100, 100, 0.05, 0.2, 1);
  o.add(kPutAm, 90, 100, 0.03, 0.3, 0.5);
  o.add(kPutEu, 110, 95, 0.01, 0.25, 2);
  for (int scheme : {GPURNG_PDE_IMPLICIT, GPURNG_PDE_CRANK_NICOLSON}) {
    for (int J : Js) {
      const int N = 40;
      const Priced<T> host = price_host(scheme, J, N, 400, o);
      ASSERT_EQ(host.status, GPURNG_STATUS_SUCCESS) << J;
      for (int i = 0; i < o.count(); ++i) {
        const std::vector<T> expect = definition(scheme, J, N, o, i);
        ASSERT_EQ(expect.size(), size_t(J + 1)) << J;
        int differ = 0;
        for (int j = 0; j <= J; ++j) differ += !same_bits(host.grid[size_t(i) * (J + 1) + j], expect[j]);
        EXPECT_EQ(differ, 0) << "scheme " << scheme << " J " << J << " option " << i;
      }
    }
  }
}

template <typename T>
void long_grids_match_definition() {
  grids_match_definition<T>({1024, 1299, 1700, 1900}, [](int scheme, int J, int N, const Options<T>& o, int i) {
    return gpurng::solvers::with_long_rows(J + 1, gpurng::pde::kGridChunksAdjacent, [&](auto R) {
      return long_grid_by_definition<T, decltype(R)::value>(scheme, J, N, T(400), o, i);
    });
  });  // chunks of 20, 24, 28, 32 nodes
}

template <typename T>
void short_grids_match_definition() {
  grids_match_definition<T>({63, 200, 299, 500, 1023}, [](int scheme, int J, int N, const Options<T>& o, int i) {
    return gpurng::solvers::with_hybrid_rows(
        J + 1, [&](auto R) { return short_grid_by_definition<T, decltype(R)::value>(scheme, J, N, T(400), o, i); });
  });  // chunks of 4, 7, 10, 16, 32 nodes
}

TEST(BsPde, LongGridsAreTheDefinitionsBits) {
  long_grids_match_definition<double>();
  long_grids_match_definition<float>();
}

TEST(BsPde, ShortGridsAreTheDefinitionsBits) {
  short_grids_match_definition<double>();
  short_grids_match_definition<float>();
}

// The GPU's per-step explicit coefficients (Crank-Nicolson's register forms) come from ExplicitCoeffsBySelects, the
// same text on the host: every node of a lane of R nodes, node 0, J and the padding past J included, has the bits of
// node_coeffs (or padding_coeffs) for grids of every chunk size and parameters from tiny to large.
template <typename T>
void explicit_coeffs_by_selects_are_node_coeffs() {
  using namespace gpurng::pde;
  const T params[][3] = {{T(1), T(0.2), T(0.05)}, {T(0.25), T(0.8), T(0)}, {T(10), T(0.01), T(0.3)}};
  const int grids[] = {3, 31, 63, 255, 1023, 1024, 4095, 12287, 65535};
  long bad = 0, checked = 0;
  for (const auto& p : params)
    for (const int J : grids) {
      const StepConsts<T> k = step_consts(p[0], p[1], p[2], 100, true);
      const auto by = ExplicitCoeffsBySelects<T>::make(k, J);
      for (const int R : {4, 20, 32})
        for (int base = 0; base <= J + R; base += R)
          for (int j = 0; j < R; ++j) {
            const int node = base + j;
            const Coeffs<T> want = node <= J ? node_coeffs<T, T>(k, node, J, false) : padding_coeffs<T, T>();
            const Coeffs<T> got = by.at(base, j);
            bad += !same_bits(got.a, want.a) || !same_bits(got.b, want.b) || !same_bits(got.c, want.c);
            ++checked;
          }
    }
  EXPECT_EQ(bad, 0) << "of " << checked;
  EXPECT_GT(checked, 100000);
}

TEST(BsPde, ExplicitCoeffsBySelectsAreNodeCoeffs) {
  explicit_coeffs_by_selects_are_node_coeffs<double>();
  explicit_coeffs_by_selects_are_node_coeffs<float>();
}

// The GPU's streamed grids (bs1d_long_cuda.cu) make each step's forward-sweep factors again instead of reading them:
// chunk_apply_refactoring must give, for every chunk of a grid (the first, the last with its padding rows, and the
// ones between), the bits of chunk_factor followed by chunk_apply, implicit and Crank-Nicolson, R = 28 and 32.
template <typename T, int R>
void apply_refactoring_is_chunk_apply() {
  using namespace gpurng::pde;
  using namespace gpurng::solvers;
  const T params[][3] = {{T(1), T(0.2), T(0.05)}, {T(0.25), T(0.8), T(0)}, {T(10), T(0.01), T(0.3)}};
  std::mt19937_64 rng(R);
  std::uniform_real_distribution<double> value(0, 400);
  long bad = 0, checked = 0;
  for (const auto& p : params)
    for (const int J : {4500, 8500, 65535})
      for (const bool cn : {false, true}) {
        const StepConsts<T> k = step_consts(p[0], p[1], p[2], 100, cn);
        const int P = (J + 1 + R - 1) / R;
        for (int c = 0; c < P; c += c < 3 || c + 4 > P ? 1 : 97) {
          auto coef = [&](int j) {
            const int node = c * R + j;
            return node <= J ? node_coeffs<T, T>(k, node, J, true) : padding_coeffs<T, T>();
          };
          T a[R], b[R], cc[R], d[R], e[R];
          for (int j = 0; j < R; ++j) {
            const Coeffs<T> co = coef(j);
            a[j] = co.a;
            b[j] = co.b;
            cc[j] = co.c;
            d[j] = e[j] = T(value(rng));
          }
          ChunkFactors<T, R> f;
          ASSERT_EQ(chunk_factor(a, b, cc, f), 0);
          T DS = 0, DE = 0, ES = 0, EE = 0;
          chunk_apply(f, d, DS, DE);
          chunk_apply_refactoring<T, R>(coef, f.alpha[1], e, ES, EE);
          bool same = same_bits(DS, ES) && same_bits(DE, EE);
          for (int j = 0; j < R; ++j) same = same && same_bits(d[j], e[j]);
          bad += !same;
          ++checked;
        }
      }
  EXPECT_EQ(bad, 0) << "of " << checked << " chunks";
  EXPECT_GT(checked, 100);
}

TEST(BsPde, ApplyRefactoringIsChunkApply) {
  apply_refactoring_is_chunk_apply<double, 28>();
  apply_refactoring_is_chunk_apply<double, 32>();
  apply_refactoring_is_chunk_apply<float, 32>();
}

// A tiny pivot. Row J of I - L is 1 - (2 g_J - r dt) = 1 - (J - 1) r dt on the diagonal beside a_J = 2 g_J: with a
// large r dt the upwind boundary row makes the matrix far from diagonally dominant, and elimination can meet a
// pivot below 2^-20 of its diagonal (float). A random search (r dt 1e-2 .. 1e6, sigma 0 .. 100, J 3 .. 1150) finds
// such cases on both paths; two of them, found that way, pinned here (the J = 139 one searched again when the hybrid
// took chunks of 5 rows for 140 nodes, the J = 1082 one when grids past 1024 nodes took chunks of 20 .. 32 rows
// instead of 32): the call must report them (info, status ZERO_PIVOT, NaN outputs) and still price the healthy
// option beside them.
struct PivotCase {
  int J;
  float r;
  int info;
};
const PivotCase kPivotCases[] = {{139, 0.566503942f, 105}, {1082, 5.49127102f, 340}};

TEST(BsPde, TinyPivotReported) {
  Solver s;
  for (const auto& c : kPivotCases) {
    Options<float> o;
    o.add(kCallEu, 1, 1, c.r, 0, 1);
    o.add(kCallEu, 1, 1, 0.05, 0.2, 1);  // a healthy option beside it
    std::vector<float> price(2, -1), grid(2 * size_t(c.J + 1), -1);
    std::vector<int> info(2, -7);
    const gpurngStatus_t st =
        pde(s.s, GPURNG_PDE_IMPLICIT, c.J, 1, 2.f, 2, o.kind.data(), o.S0.data(), o.K.data(), o.r.data(),
            o.sigma.data(), o.mat.data(), price.data(), nullptr, nullptr, grid.data(), info.data());
    EXPECT_EQ(st, GPURNG_STATUS_ZERO_PIVOT) << c.J;
    EXPECT_EQ(info[0], c.info) << c.J;
    EXPECT_TRUE(std::isnan(price[0])) << c.J;
    for (int j = 0; j <= c.J; ++j) ASSERT_TRUE(std::isnan(grid[j])) << c.J << " node " << j;
    EXPECT_EQ(info[1], 0);
    EXPECT_TRUE(std::isfinite(price[1]));
    EXPECT_TRUE(std::isfinite(grid[c.J + 1 + 5]));
  }
}

// ------------------------------------------------------------------------------------------------------------
// The silent wrong answers issue 31 found (host memory, as a new user would try them), each beside a healthy option
// in the same batch: now info -2, NaN outputs and GPURNG_STATUS_RESULT_OUT_OF_BOUNDS, the healthy one untouched.

struct SilentCase {
  const char* what;
  int scheme, J, N;
  double Smax;
  int kind;
  double S0, K, r, sigma, T;
};
const SilentCase kSilentCases[] = {
    {"J = 3 put", GPURNG_PDE_IMPLICIT, 3, 2500, 400, kPutEu, 100, 100, 0.05, 0.2, 1},
    {"J = 3 put, Crank-Nicolson", GPURNG_PDE_CRANK_NICOLSON, 3, 2500, 400, kPutEu, 100, 100, 0.05, 0.2, 1},
    {"T = 1e6 put", GPURNG_PDE_IMPLICIT, 255, 2500, 400, kPutEu, 100, 100, 0.05, 0.2, 1e6},
    {"T = 1e6 put, Crank-Nicolson", GPURNG_PDE_CRANK_NICOLSON, 255, 2500, 400, kPutEu, 100, 100, 0.05, 0.2, 1e6},
    {"r = 1e6 put", GPURNG_PDE_IMPLICIT, 255, 2500, 400, kPutEu, 100, 100, 1e6, 0.2, 1},
    {"r = 1e6 put, Crank-Nicolson", GPURNG_PDE_CRANK_NICOLSON, 255, 2500, 400, kPutEu, 100, 100, 1e6, 0.2, 1},
    {"Smax = 3e38 put", GPURNG_PDE_IMPLICIT, 255, 2500, 3e38, kPutEu, 100, 100, 0.05, 0.2, 1},
    {"Smax = 3e38 call", GPURNG_PDE_IMPLICIT, 255, 2500, 3e38, kCallEu, 1e37, 100, 0.05, 0.2, 1},
};

template <typename T>
Options<T> silent_batch(const SilentCase& c) {
  Options<T> o;
  o.add(c.kind, c.S0, c.K, c.r, c.sigma, c.T);
  o.add(kCallEu, 100, 100, 0.05, 0.2, 1);  // healthy beside it where the grid is (J = 255, Smax = 400)
  return o;
}

template <typename T>
void silent_cases_reported() {
  for (const SilentCase& c : kSilentCases) {
    if (c.Smax > 1e38 && sizeof(T) == 8) continue;  // the overflow cases are float's
    const std::string what = std::string(c.what) + (sizeof(T) == 4 ? " float" : " double");
    const Priced<T> p = price_host(c.scheme, c.J, c.N, c.Smax, silent_batch<T>(c));
    EXPECT_EQ(p.status, GPURNG_STATUS_RESULT_OUT_OF_BOUNDS) << what;
    EXPECT_EQ(p.info[0], -2) << what;
    EXPECT_TRUE(std::isnan(p.price[0]) && std::isnan(p.delta[0]) && std::isnan(p.gamma[0])) << what;
    for (int j = 0; j <= c.J; ++j) ASSERT_TRUE(std::isnan(p.grid[j])) << what << " node " << j;
    if (c.Smax < 1e4 && c.J > 3) {
      EXPECT_EQ(p.info[1], 0) << what;
      EXPECT_TRUE(p.price[1] > T(0) && p.price[1] < T(100)) << what;
    } else {  // three intervals resolve no option; a grid of spacing 1.2e36 overflows in float for every option
      EXPECT_EQ(p.info[1], -2) << what;
    }
    // The status needs no info array.
    Solver s;
    const Options<T> o = silent_batch<T>(c);
    std::vector<T> price(2);
    EXPECT_EQ(pde(s.s, c.scheme, c.J, c.N, T(c.Smax), 2, o.kind.data(), o.S0.data(), o.K.data(), o.r.data(),
                  o.sigma.data(), o.mat.data(), price.data(), (T*)nullptr, (T*)nullptr, (T*)nullptr, nullptr),
              GPURNG_STATUS_RESULT_OUT_OF_BOUNDS)
        << what;
  }
}

TEST(BsPde, SilentWrongAnswersReportedDouble) { silent_cases_reported<double>(); }
TEST(BsPde, SilentWrongAnswersReportedFloat) { silent_cases_reported<float>(); }

// ------------------------------------------------------------------------------------------------------------
// The CPU backend's ISA copies (baseline with software fma, AVX2+FMA, AVX-512) give the same bits: this process
// (whatever copy it selected) against children forced to each copy (GPURNG_CPU_ISA, read once per process).

std::string bits_digest() {
  // Explicit, implicit and Crank-Nicolson, float and double, register and Thomas paths, mixed kinds.
  std::string out;
  auto add = [&](const auto& p) {
    char buf[32];
    for (const auto& v : p.price) {
      unsigned long long b = 0;
      std::memcpy(&b, &v, sizeof(v));
      std::snprintf(buf, sizeof buf, "%llx,", b);
      out += buf;
    }
    unsigned long long h = 1469598103934665603ull;  // FNV-1a of the grid
    const unsigned char* g = reinterpret_cast<const unsigned char*>(p.grid.data());
    for (size_t i = 0; i < p.grid.size() * sizeof(p.grid[0]); ++i) h = (h ^ g[i]) * 1099511628211ull;
    std::snprintf(buf, sizeof buf, "|%llx;", h);
    out += buf;
  };
  const Options<double> od = mixed_batch<double>(11);
  const Options<float> of = mixed_batch<float>(19);
  const Options<double> short_d = mixed_batch<double>(11, 0.02);
  const Options<float> short_f = mixed_batch<float>(19, 0.02);
  for (int J : {100, 1100}) {
    const int Ne = mixed_explicit_steps(J, 0.02);
    add(price_host(GPURNG_PDE_EXPLICIT, J, Ne, 200, short_d));
    add(price_host(GPURNG_PDE_EXPLICIT, J, Ne, 200, short_f));
    add(price_host(GPURNG_PDE_IMPLICIT, J, 50, 200, od));
    add(price_host(GPURNG_PDE_IMPLICIT, J, 50, 200, of));
    add(price_host(GPURNG_PDE_CRANK_NICOLSON, J, 50, 200, od));
    add(price_host(GPURNG_PDE_CRANK_NICOLSON, J, 50, 200, of));
  }
  gpurng_test::Digest d;  // the prices' bits and the grids' hashes, in 16 hex digits
  d.eat(out.data(), out.size());
  return d.hex();
}

// The cluster form finds a row's block by BlockDivisor's multiply (the same text on the host); against the
// division it stands for, over every divisor and dividend the kernels can meet (rows and warps of a block up to
// 1024, dividends below 2^16), and at the largest dividend the bound admits.
TEST(BsPdeSegments, BlockDivisorIsFloorDivision) {
  long wrong = 0;
  for (int d = 2; d <= 1024; ++d) {
    const gpurng::pde::BlockDivisor by = gpurng::pde::BlockDivisor::of(d);
    for (int i = 0; i < (1 << 16); ++i) wrong += by.quotient(i) != i / d;
    const int top = int(0x7fffffff / d);  // i < 2^32 / d within int
    wrong += by.quotient(top) != top / d;
    EXPECT_EQ(by.d, d);
  }
  EXPECT_EQ(wrong, 0);
}

TEST(BsPde, IsaCopiesGiveSameBits) {
  gpurng_test::digest_mode_or_compare("GPURNG_PDE_TEST_DIGEST", "BsPde.IsaCopiesGiveSameBits", bits_digest());
}

// ------------------------------------------------------------------------------------------------------------
// GPU: device memory must give the host's bits.

#if GPURNG_TEST_HAVE_CUDA

bool gpu_usable() {
  int n = 0;
  return cudaGetDeviceCount(&n) == cudaSuccess && n > 0;
}

#define CUDA_OK(x)                                                      \
  do {                                                                  \
    const cudaError_t e_ = (x);                                         \
    ASSERT_EQ(e_, cudaSuccess) << #x << ": " << cudaGetErrorString(e_); \
  } while (0)

template <typename T>
struct DeviceBatch {
  int n = 0, J = 0;
  int *kind = nullptr, *info = nullptr;
  T *S0 = nullptr, *K = nullptr, *r = nullptr, *sigma = nullptr, *mat = nullptr;
  T *price = nullptr, *delta = nullptr, *gamma = nullptr, *grid = nullptr;
  bool ok = false;
  DeviceBatch(const Options<T>& o, int J_) : n(o.count()), J(J_) {
    const size_t v = sizeof(T) * n, g = sizeof(T) * size_t(n) * (J + 1);
    ok = cudaMalloc(&kind, sizeof(int) * n) == cudaSuccess && cudaMalloc(&info, sizeof(int) * n) == cudaSuccess &&
         cudaMalloc(&S0, v) == cudaSuccess && cudaMalloc(&K, v) == cudaSuccess && cudaMalloc(&r, v) == cudaSuccess &&
         cudaMalloc(&sigma, v) == cudaSuccess && cudaMalloc(&mat, v) == cudaSuccess &&
         cudaMalloc(&price, v) == cudaSuccess && cudaMalloc(&delta, v) == cudaSuccess &&
         cudaMalloc(&gamma, v) == cudaSuccess && cudaMalloc(&grid, g) == cudaSuccess;
    ok = ok && cudaMemcpy(kind, o.kind.data(), sizeof(int) * n, cudaMemcpyHostToDevice) == cudaSuccess &&
         cudaMemcpy(S0, o.S0.data(), v, cudaMemcpyHostToDevice) == cudaSuccess &&
         cudaMemcpy(K, o.K.data(), v, cudaMemcpyHostToDevice) == cudaSuccess &&
         cudaMemcpy(r, o.r.data(), v, cudaMemcpyHostToDevice) == cudaSuccess &&
         cudaMemcpy(sigma, o.sigma.data(), v, cudaMemcpyHostToDevice) == cudaSuccess &&
         cudaMemcpy(mat, o.mat.data(), v, cudaMemcpyHostToDevice) == cudaSuccess;
    clear();
  }
  // Outputs to a recognisable pattern (0xFF bytes: NaN; info 0x7F7F7F7F). The copies and memsets run on the
  // legacy default stream and may still be in flight when they return: wait for them, since the library's
  // calls go to a non-blocking stream.
  void clear() {
    const size_t v = sizeof(T) * n, g = sizeof(T) * size_t(n) * (J + 1);
    ok = ok && cudaMemset(price, 0xFF, v) == cudaSuccess && cudaMemset(delta, 0xFF, v) == cudaSuccess &&
         cudaMemset(gamma, 0xFF, v) == cudaSuccess && cudaMemset(grid, 0xFF, g) == cudaSuccess &&
         cudaMemset(info, 0x7F, sizeof(int) * n) == cudaSuccess && cudaDeviceSynchronize() == cudaSuccess;
  }
  ~DeviceBatch() {
    for (void* p : {(void*)kind, (void*)info, (void*)S0, (void*)K, (void*)r, (void*)sigma, (void*)mat, (void*)price,
                    (void*)delta, (void*)gamma, (void*)grid})
      cudaFree(p);
  }
  gpurngStatus_t call(gpurngSolver_t s, int scheme, int N, double Smax) {
    return pde(s, scheme, J, N, T(Smax), n, kind, S0, K, r, sigma, mat, price, delta, gamma, grid, info);
  }
  Priced<T> fetch(gpurngStatus_t st) {
    Priced<T> p;
    p.status = st;
    p.price.resize(n);
    p.delta.resize(n);
    p.gamma.resize(n);
    p.info.resize(n);
    p.grid.resize(size_t(n) * (J + 1));
    const size_t v = sizeof(T) * n;
    const bool copied =
        cudaMemcpy(p.price.data(), price, v, cudaMemcpyDeviceToHost) == cudaSuccess &&
        cudaMemcpy(p.delta.data(), delta, v, cudaMemcpyDeviceToHost) == cudaSuccess &&
        cudaMemcpy(p.gamma.data(), gamma, v, cudaMemcpyDeviceToHost) == cudaSuccess &&
        cudaMemcpy(p.info.data(), info, sizeof(int) * n, cudaMemcpyDeviceToHost) == cudaSuccess &&
        cudaMemcpy(p.grid.data(), grid, sizeof(T) * p.grid.size(), cudaMemcpyDeviceToHost) == cudaSuccess;
    EXPECT_TRUE(copied) << "device to host copies";
    return p;
  }
};

// A stream of our own, declared before the solver that uses it so that it outlives it (gpurngDestroySolver
// waits for the solver's stream).
struct Stream {
  cudaStream_t s = nullptr;
  Stream() { EXPECT_EQ(cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking), cudaSuccess); }
  ~Stream() { cudaStreamDestroy(s); }
};

// The same call on device memory, queued on a stream of our own (asynchronous: synchronised here).
template <typename T>
Priced<T> price_device(int scheme, int J, int N, double Smax, const Options<T>& o) {
  DeviceBatch<T> d(o, J);
  EXPECT_TRUE(d.ok) << "device allocation";
  if (!d.ok) return {};
  Stream stream;
  Solver s;
  EXPECT_EQ(gpurngSolverSetStream(s.s, stream.s), GPURNG_STATUS_SUCCESS);
  const gpurngStatus_t st = d.call(s.s, scheme, N, Smax);
  EXPECT_EQ(cudaStreamSynchronize(stream.s), cudaSuccess);
  EXPECT_EQ(cudaGetLastError(), cudaSuccess);
  return d.fetch(st);
}

template <typename T>
void gpu_equals_cpu() {
  // All four kinds, 13 options: a partial block of warps and partial lane groups.
  const Options<T> o = mixed_batch<T>(13), short_o = mixed_batch<T>(13, 0.1), shorter_o = mixed_batch<T>(13, 0.01);
  // Past 1024 nodes, implicit and Crank-Nicolson: 1101 and 1400 (two segments of 32 chunks, of 20 and 24 nodes),
  // 2501 (three, of 28) and, in float, 4501, 5301, 8501 and 12001 nodes (five of 32, six of 28, nine and twelve of
  // 32) on a block of a warp a segment, the grid in registers (bs1d_segments_cuda.cu; Crank-Nicolson in place in double
  // up to chunks of 28 and in float from 28; float Crank-Nicolson at 2501 and both at 4501 to 12001 on the kernel held
  // to 168 registers); in float, 12501 (391 chunks: a cluster of 7 blocks of 2 warps), 20001 (626: 5 blocks of 4
  // warps) and 65536 nodes (2048: 8 blocks of 8 warps) on a thread-block cluster where the device has them
  // (bs1d_clusters_cuda.cu); 4501 double resident in one block's shared memory, 8501 double and 70001 float worked in
  // the scratch, and the explicit scheme (bs1d_long_cuda.cu). 301 nodes: the explicit float scheme on half warps of R =
  // 10; 601 and 1024 nodes: Crank-Nicolson's double coefficients computed at every step (from R = 24); 801 and 1024
  // nodes: the explicit double scheme on two warps an option (R = 28, 32); 384, 400 and 700 nodes: the chunk sizes R =
  // 12, 14 and 24 (float Crank-Nicolson in place at 24).
  struct {
    int J;
  } grids[] = {{255}, {200},  {1023}, {1100}, {63},   {500},  {300},   {600},   {800},   {383},   {399},
               {699}, {1399}, {2500}, {4500}, {5300}, {8500}, {12000}, {12500}, {20000}, {65535}, {70000}};
  for (const auto& g : grids) {
    if (sizeof(T) == 8 && g.J > 10000) continue;  // the doubles' scratch form is covered at 8501 nodes
    for (int scheme : {GPURNG_PDE_EXPLICIT, GPURNG_PDE_IMPLICIT, GPURNG_PDE_CRANK_NICOLSON}) {
      // The explicit scheme on short maturities (fewer steps; shorter still past 2000 intervals, and not at 8500),
      // the others on the batch as it is.
      const bool ex = scheme == GPURNG_PDE_EXPLICIT;
      if (ex && g.J > 5000) continue;
      const double ex_scale = g.J > 2000 ? 0.01 : 0.1;
      const Options<T>& opts = ex ? (g.J > 2000 ? shorter_o : short_o) : o;
      const int N = ex ? mixed_explicit_steps(g.J, ex_scale) : g.J > 600 ? 60 : 400;
      const std::string what = std::string(sizeof(T) == 4 ? "float" : "double") + " J=" + std::to_string(g.J) +
                               " scheme " + std::to_string(scheme) + " N=" + std::to_string(N);
      const Priced<T> host = price_host(scheme, g.J, N, 200, opts);
      ASSERT_EQ(host.status, GPURNG_STATUS_SUCCESS) << what;
      const Priced<T> dev = price_device(scheme, g.J, N, 200, opts);
      expect_same(host, dev, what);
    }
  }
}

TEST(BsPdeGpu, DeviceEqualsHostDouble) {
  if (!gpu_usable()) GTEST_SKIP() << "no CUDA device";
  gpu_equals_cpu<double>();
}

TEST(BsPdeGpu, DeviceEqualsHostFloat) {
  if (!gpu_usable()) GTEST_SKIP() << "no CUDA device";
  gpu_equals_cpu<float>();
}

TEST(BsPdeGpu, PublishedCaseOnDevice) {
  if (!gpu_usable()) GTEST_SKIP() << "no CUDA device";
  const Priced<double> e = price_device(GPURNG_PDE_EXPLICIT, kJ, 50000, kSmax, atm<double>());
  const Priced<double> i = price_device(GPURNG_PDE_IMPLICIT, kJ, 2500, kSmax, atm<double>());
  ASSERT_EQ(e.status, GPURNG_STATUS_SUCCESS);
  ASSERT_EQ(i.status, GPURNG_STATUS_SUCCESS);
  EXPECT_NEAR(giles_readout(e.grid), kGilesExplicit, 1e-10);
  EXPECT_NEAR(giles_readout(i.grid), kGilesImplicit, 1e-10);
  expect_same(price_host(GPURNG_PDE_EXPLICIT, kJ, 50000, kSmax, atm<double>()), e, "explicit published case");
  expect_same(price_host(GPURNG_PDE_IMPLICIT, kJ, 2500, kSmax, atm<double>()), i, "implicit published case");
}

// Device memory: kinds are not checked (an unknown kind prices as a call with bit 1's exercise) and an unstable
// explicit option gets NaN outputs and info -1 (written by the kernel) while the others are priced.
TEST(BsPdeGpu, DeviceInfoAndUncheckedKinds) {
  if (!gpu_usable()) GTEST_SKIP() << "no CUDA device";
  for (int J : {255, 1100}) {
    Options<double> o;
    o.add(kCallEu, 100, 100, 0.05, 0.2, 0.1);
    o.add(kCallEu, 100, 100, 0.05, 0.9, 0.1);  // unstable at the N below
    o.add(7, 100, 100, 0.05, 0.2, 0.1);        // unknown kind 7: American call
    const int N = explicit_steps(J, 0.2, 0.05, 0.1);
    const Priced<double> dev = price_device(GPURNG_PDE_EXPLICIT, J, N, kSmax, o);
    ASSERT_EQ(dev.status, GPURNG_STATUS_SUCCESS);
    EXPECT_EQ(dev.info[0], 0);
    EXPECT_EQ(dev.info[1], -1);
    EXPECT_EQ(dev.info[2], 0);
    EXPECT_TRUE(std::isnan(dev.price[1]));
    EXPECT_TRUE(std::isnan(dev.delta[1]));
    EXPECT_TRUE(std::isnan(dev.grid[size_t(J + 1) + 5]));
    Options<double> ok;
    ok.add(kCallEu, 100, 100, 0.05, 0.2, 0.1);
    ok.add(kCallAm, 100, 100, 0.05, 0.2, 0.1);
    const Priced<double> host = price_host(GPURNG_PDE_EXPLICIT, J, N, kSmax, ok);
    ASSERT_EQ(host.status, GPURNG_STATUS_SUCCESS);
    EXPECT_TRUE(same_bits(host.price[0], dev.price[0])) << J;
    EXPECT_TRUE(same_bits(host.price[1], dev.price[2])) << J;
    EXPECT_EQ(0, std::memcmp(host.grid.data() + (J + 1), dev.grid.data() + 2 * (J + 1), sizeof(double) * (J + 1)));
  }
}

// The refinement list of BsPde.ErrorDoesNotGrowWithJ (issue 31's), priced on the device: the host's bits at every J,
// across the warp kernels (J + 1 <= 1024) and the block-per-option long hybrid (1025, 2048 and 4096 nodes).
TEST(BsPdeGpu, RefinementListEqualsHost) {
  if (!gpu_usable()) GTEST_SKIP() << "no CUDA device";
  const Options<double> o = atm<double>();
  for (int scheme : {GPURNG_PDE_IMPLICIT, GPURNG_PDE_CRANK_NICOLSON})
    for (int J : {255, 256, 300, 1000, 1024, 2047, 4095})
      expect_same(price_host(scheme, J, 2500, 400, o), price_device(scheme, J, 2500, 400, o),
                  "scheme " + std::to_string(scheme) + " J=" + std::to_string(J));
}

// A tiny pivot on the device: the kernel writes the same info and NaN outputs as the host call reports.
TEST(BsPdeGpu, DevicePivotInfo) {
  if (!gpu_usable()) GTEST_SKIP() << "no CUDA device";
  for (const auto& c : kPivotCases) {
    Options<float> o;
    o.add(kCallEu, 1, 1, c.r, 0, 1);
    o.add(kCallEu, 1, 1, 0.05, 0.2, 1);
    const Priced<float> host = price_host(GPURNG_PDE_IMPLICIT, c.J, 1, 2, o);
    EXPECT_EQ(host.status, GPURNG_STATUS_ZERO_PIVOT);
    const Priced<float> dev = price_device(GPURNG_PDE_IMPLICIT, c.J, 1, 2, o);
    EXPECT_EQ(dev.status, GPURNG_STATUS_SUCCESS);  // a device call cannot know
    EXPECT_EQ(dev.info[0], c.info);
    Priced<float> h = host;
    h.status = dev.status;
    expect_same(h, dev, "pivot case J=" + std::to_string(c.J));
  }
}

// The silent cases on the device: the same info and NaN outputs as the host call (whose status says so).
template <typename T>
void device_silent_cases() {
  for (const SilentCase& c : kSilentCases) {
    if (c.Smax > 1e38 && sizeof(T) == 8) continue;
    const Options<T> o = silent_batch<T>(c);
    Priced<T> host = price_host(c.scheme, c.J, c.N, c.Smax, o);
    const Priced<T> dev = price_device(c.scheme, c.J, c.N, c.Smax, o);
    EXPECT_EQ(host.status, GPURNG_STATUS_RESULT_OUT_OF_BOUNDS) << c.what;
    EXPECT_EQ(dev.status, GPURNG_STATUS_SUCCESS) << c.what;  // a device call cannot know
    EXPECT_EQ(dev.info[0], -2) << c.what;
    host.status = dev.status;
    expect_same(host, dev, c.what);
  }
}

TEST(BsPdeGpu, DeviceSilentCasesDouble) {
  if (!gpu_usable()) GTEST_SKIP() << "no CUDA device";
  device_silent_cases<double>();
}
TEST(BsPdeGpu, DeviceSilentCasesFloat) {
  if (!gpu_usable()) GTEST_SKIP() << "no CUDA device";
  device_silent_cases<float>();
}

// Mixed host and device pointers.
TEST(BsPdeGpu, MixedMemory) {
  if (!gpu_usable()) GTEST_SKIP() << "no CUDA device";
  Options<double> o = atm<double>();
  DeviceBatch<double> d(o, kJ);
  ASSERT_TRUE(d.ok);
  Solver s;
  double host_price = 0;
  EXPECT_EQ(pde(s.s, GPURNG_PDE_IMPLICIT, kJ, 10, kSmax, 1, d.kind, d.S0, d.K, d.r, d.sigma, d.mat, &host_price,
                nullptr, nullptr, nullptr, nullptr),
            GPURNG_STATUS_MIXED_MEMORY);
  EXPECT_EQ(pde(s.s, GPURNG_PDE_IMPLICIT, kJ, 10, kSmax, 1, o.kind.data(), d.S0, d.K, d.r, d.sigma, d.mat, d.price,
                nullptr, nullptr, nullptr, nullptr),
            GPURNG_STATUS_MIXED_MEMORY);
  EXPECT_EQ(pde(s.s, GPURNG_PDE_IMPLICIT, kJ, 10, kSmax, 1, d.kind, d.S0, d.K, d.r, d.sigma, d.mat, d.price, d.price,
                nullptr, nullptr, nullptr),
            GPURNG_STATUS_OVERLAPPING_ARRAYS);
}

// Graph capture of the second call (the first grows the scratch where the grid needs it), for every path: the warp
// kernels, the resident long hybrid (1101 nodes) and its scratch form (4501 nodes in double).
template <typename T>
void graph_capture(int J, int scheme, int N, double mat_scale = 1) {
  const Options<T> o = mixed_batch<T>(9, mat_scale);
  const Priced<T> host = price_host(scheme, J, N, 200, o);
  ASSERT_EQ(host.status, GPURNG_STATUS_SUCCESS);
  DeviceBatch<T> d(o, J);
  ASSERT_TRUE(d.ok);
  Stream owned;
  Solver s;
  cudaStream_t stream = owned.s;
  ASSERT_EQ(gpurngSolverSetStream(s.s, stream), GPURNG_STATUS_SUCCESS);
  ASSERT_EQ(d.call(s.s, scheme, N, 200), GPURNG_STATUS_SUCCESS);  // first call: may allocate
  CUDA_OK(cudaStreamSynchronize(stream));
  expect_same(host, d.fetch(GPURNG_STATUS_SUCCESS), "first call");
  d.clear();
  ASSERT_TRUE(d.ok);
  CUDA_OK(cudaDeviceSynchronize());
  cudaGraph_t graph = nullptr;
  cudaGraphExec_t exec = nullptr;
  CUDA_OK(cudaStreamBeginCapture(stream, cudaStreamCaptureModeGlobal));
  const gpurngStatus_t st = d.call(s.s, scheme, N, 200);
  CUDA_OK(cudaStreamEndCapture(stream, &graph));
  ASSERT_EQ(st, GPURNG_STATUS_SUCCESS) << "captured call";
  CUDA_OK(cudaGraphInstantiate(&exec, graph, 0));
  CUDA_OK(cudaGraphLaunch(exec, stream));
  CUDA_OK(cudaStreamSynchronize(stream));
  expect_same(host, d.fetch(GPURNG_STATUS_SUCCESS), "graph launch");
  cudaGraphExecDestroy(exec);
  cudaGraphDestroy(graph);
}

TEST(BsPdeGpu, GraphCapture) {
  if (!gpu_usable()) GTEST_SKIP() << "no CUDA device";
  graph_capture<float>(255, GPURNG_PDE_IMPLICIT, 300);
  graph_capture<double>(255, GPURNG_PDE_CRANK_NICOLSON, 300);
  graph_capture<double>(1100, GPURNG_PDE_IMPLICIT, 50);
  graph_capture<float>(1100, GPURNG_PDE_EXPLICIT, mixed_explicit_steps(1100, 0.05), 0.05);
  graph_capture<double>(4500, GPURNG_PDE_CRANK_NICOLSON, 20);
  graph_capture<float>(12000, GPURNG_PDE_CRANK_NICOLSON, 10);  // a thread-block cluster per option
}

#endif  // GPURNG_TEST_HAVE_CUDA

}  // namespace
