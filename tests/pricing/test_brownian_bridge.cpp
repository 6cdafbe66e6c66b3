// SPDX-License-Identifier: BSD-3-Clause
// src/pricing/brownian_bridge.hpp on the host: the table is a Brownian bridge in QuantLib's order (every time
// set once, from its nearest set neighbours, with the bridge's weights; the orders of M = 1, 2, 3, 7, 12 worked
// out by hand from QuantLib's BrownianBridge::initialize); the map z -> increments is orthogonal, which is
// what makes the increments iid N(0,1); W_M = sqrt(M) z_0 bit for bit; M = 8 is the textbook dyadic bridge,
// built here independently; float follows double; xi may share storage with z or with the scratch path.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <random>
#include <stdexcept>
#include <vector>

#include "pricing/brownian_bridge.hpp"

namespace {

using gpurng::pricing::bridge_increments;
using gpurng::pricing::BridgeTable;
using gpurng::pricing::HostBridge;
using gpurng::pricing::make_bridge;

const int kSizes[] = {1, 2, 3, 7, 8, 12, 360};

template <typename T>
struct Path {
  std::vector<T> w;   // W_0..W_M
  std::vector<T> xi;  // increments
};

template <typename T>
Path<T> run(const HostBridge<T>& hb, const std::vector<T>& z) {
  const int M = hb.table.M;
  Path<T> p;
  p.w.assign(static_cast<std::size_t>(M) + 1, T(-1));
  p.xi.assign(static_cast<std::size_t>(M), T(-1));
  bridge_increments(hb.view(), z.data(), p.w.data(), p.xi.data());
  return p;
}

// Standard normals from a fixed seed; only the 64-bit engine's output is standardised, so the uniforms are
// made from its bits here rather than by std::normal_distribution (whose algorithm varies by library).
std::vector<double> normals(int n, std::uint64_t seed) {
  std::mt19937_64 gen(seed);
  std::vector<double> z(static_cast<std::size_t>(n));
  const double two_pi = 6.283185307179586476925;
  for (int i = 0; i < n; i += 2) {
    const double u1 = (static_cast<double>(gen() >> 11) + 0.5) * 0x1.0p-53;
    const double u2 = static_cast<double>(gen() >> 11) * 0x1.0p-53;
    const double r = std::sqrt(-2.0 * std::log(u1));
    z[static_cast<std::size_t>(i)] = r * std::cos(two_pi * u2);
    if (i + 1 < n) z[static_cast<std::size_t>(i) + 1] = r * std::sin(two_pi * u2);
  }
  return z;
}

TEST(BrownianBridgeTable, RejectsEmptyPath) {
  EXPECT_THROW(make_bridge(0), std::invalid_argument);
  EXPECT_THROW(make_bridge(-3), std::invalid_argument);
}

// Replays the table: each step must set a time not set before, between the nearest set times on either side
// at that moment, with the bridge's conditional mean weights and standard deviation.
TEST(BrownianBridgeTable, EveryStepIsABridgeBetweenNearestSetNeighbours) {
  for (int M = 1; M <= 1100; ++M) {
    SCOPED_TRACE(M);
    const BridgeTable t = make_bridge(M);
    ASSERT_EQ(t.M, M);
    ASSERT_EQ(t.bridge.size(), static_cast<std::size_t>(M));
    ASSERT_EQ(t.bridge[0], M);
    ASSERT_EQ(t.std_dev[0], std::sqrt(static_cast<double>(M)));
    std::vector<char> set(static_cast<std::size_t>(M) + 1, 0);
    set[0] = 1;
    set[static_cast<std::size_t>(M)] = 1;
    for (int i = 1; i < M; ++i) {
      const int p = t.bridge[i], l = t.left[i], r = t.right[i];
      ASSERT_TRUE(0 <= l && l < p && p < r && r <= M) << "step " << i;
      ASSERT_FALSE(set[p]) << "step " << i;
      ASSERT_TRUE(set[l] && set[r]) << "step " << i;
      for (int q = l + 1; q < r; ++q) ASSERT_FALSE(set[q]) << "step " << i << " time " << q;
      // The gap's middle point, the left one of two.
      ASSERT_EQ(p, l + 1 + (r - l - 2) / 2) << "step " << i;
      const double span = r - l;
      EXPECT_NEAR(t.left_weight[i], (r - p) / span, 1e-15);
      EXPECT_NEAR(t.right_weight[i], (p - l) / span, 1e-15);
      EXPECT_NEAR(t.std_dev[i] * t.std_dev[i], (p - l) * (r - p) / span, 1e-12);
      set[p] = 1;
    }
  }
}

// QuantLib's order, worked out by hand from its initialize(): rounds over the gaps, left to right.
TEST(BrownianBridgeTable, QuantLibOrderForSmallM) {
  const std::vector<std::vector<int>> expected = {
      {1}, {2, 1}, {3, 1, 2}, {7, 3, 1, 5, 2, 4, 6}, {12, 6, 3, 9, 1, 4, 7, 10, 2, 5, 8, 11}};
  for (const auto& order : expected) {
    const int M = static_cast<int>(order.size());
    SCOPED_TRACE(M);
    EXPECT_EQ(make_bridge(M).bridge, order);
  }
}

// (a) The increments are iid N(0,1) exactly when their covariance A A^T is the identity, A being the linear
// map xi = A z; column j of A is the image of the unit vector e_j.
TEST(BrownianBridgeIncrements, MapIsOrthogonal) {
  for (int M : kSizes) {
    SCOPED_TRACE(M);
    const HostBridge<double> hb(M);
    const std::size_t n = static_cast<std::size_t>(M);
    std::vector<double> A(n * n);  // row-major, A[k * n + j]
    for (std::size_t j = 0; j < n; ++j) {
      std::vector<double> e(n, 0.0);
      e[j] = 1.0;
      const Path<double> p = run(hb, e);
      for (std::size_t k = 0; k < n; ++k) A[k * n + j] = p.xi[k];
    }
    double worst = 0.0;
    for (std::size_t a = 0; a < n; ++a) {
      for (std::size_t b = 0; b < n; ++b) {
        double s = 0.0;
        for (std::size_t j = 0; j < n; ++j) s += A[a * n + j] * A[b * n + j];
        worst = std::fmax(worst, std::fabs(s - (a == b ? 1.0 : 0.0)));
      }
    }
    EXPECT_LE(worst, 1e-12);
  }
}

// Linearity, which the orthogonality test takes for granted: a random z gives the sum of the columns.
TEST(BrownianBridgeIncrements, MapIsLinear) {
  for (int M : kSizes) {
    SCOPED_TRACE(M);
    const HostBridge<double> hb(M);
    const std::vector<double> z = normals(M, 11u + static_cast<std::uint64_t>(M));
    const Path<double> whole = run(hb, z);
    std::vector<double> sum(static_cast<std::size_t>(M), 0.0);
    for (int j = 0; j < M; ++j) {
      std::vector<double> e(static_cast<std::size_t>(M), 0.0);
      e[static_cast<std::size_t>(j)] = z[static_cast<std::size_t>(j)];
      const Path<double> p = run(hb, e);
      for (int k = 0; k < M; ++k) sum[static_cast<std::size_t>(k)] += p.xi[static_cast<std::size_t>(k)];
    }
    for (int k = 0; k < M; ++k) {
      EXPECT_NEAR(whole.xi[static_cast<std::size_t>(k)], sum[static_cast<std::size_t>(k)], 1e-12) << k;
    }
  }
}

// (b)
TEST(BrownianBridgeIncrements, EndPointIsSqrtMTimesFirstVariate) {
  for (int M : kSizes) {
    SCOPED_TRACE(M);
    const HostBridge<double> hb(M);
    const std::vector<double> z = normals(M, 7u + static_cast<std::uint64_t>(M));
    const Path<double> p = run(hb, z);
    EXPECT_EQ(p.w[0], 0.0);
    EXPECT_EQ(p.w[static_cast<std::size_t>(M)], std::sqrt(static_cast<double>(M)) * z[0]);
  }
}

// (c) The textbook dyadic bridge on 8 steps, written out point by point.
TEST(BrownianBridgeIncrements, EightStepsIsTheDyadicBridge) {
  const BridgeTable t = make_bridge(8);
  EXPECT_EQ(t.bridge, (std::vector<int>{8, 4, 2, 6, 1, 3, 5, 7}));
  EXPECT_EQ(t.left, (std::vector<int>{0, 0, 0, 4, 0, 2, 4, 6}));
  EXPECT_EQ(t.right, (std::vector<int>{8, 8, 4, 8, 2, 4, 6, 8}));
  const double h = std::sqrt(0.5);
  const std::vector<double> sd = {std::sqrt(8.0), std::sqrt(2.0), 1.0, 1.0, h, h, h, h};
  for (int i = 0; i < 8; ++i) {
    SCOPED_TRACE(i);
    EXPECT_EQ(t.left_weight[i], i == 0 ? 0.0 : 0.5);
    EXPECT_EQ(t.right_weight[i], i == 0 ? 0.0 : 0.5);
    EXPECT_NEAR(t.std_dev[i], sd[static_cast<std::size_t>(i)], 1e-15);
  }

  const HostBridge<double> hb(t);
  for (std::uint64_t seed = 1; seed <= 20; ++seed) {
    const std::vector<double> z = normals(8, seed);
    double W[9];
    W[0] = 0.0;
    W[8] = std::sqrt(8.0) * z[0];
    W[4] = (W[0] + W[8]) / 2 + std::sqrt(2.0) * z[1];
    W[2] = (W[0] + W[4]) / 2 + z[2];
    W[6] = (W[4] + W[8]) / 2 + z[3];
    W[1] = (W[0] + W[2]) / 2 + h * z[4];
    W[3] = (W[2] + W[4]) / 2 + h * z[5];
    W[5] = (W[4] + W[6]) / 2 + h * z[6];
    W[7] = (W[6] + W[8]) / 2 + h * z[7];
    const Path<double> p = run(hb, z);
    for (int k = 0; k <= 8; ++k) EXPECT_NEAR(p.w[static_cast<std::size_t>(k)], W[k], 1e-14) << "W_" << k;
    for (int k = 1; k <= 8; ++k) {
      EXPECT_NEAR(p.xi[static_cast<std::size_t>(k) - 1], W[k] - W[k - 1], 1e-14) << "xi_" << k;
    }
  }
}

// (d) Float's rounding errors scale with the path, |W| ~ sqrt(M), so the bound 1e-5 holds up to M = 64 and
// grows as sqrt(M) beyond (at M = 360 the worst of 2000 normal draws differs by 1.1e-5, within 2.4e-5).
TEST(BrownianBridgeIncrements, FloatFollowsDouble) {
  for (int M : kSizes) {
    SCOPED_TRACE(M);
    const double tol = 1e-5 * std::fmax(1.0, std::sqrt(M / 64.0));
    const HostBridge<double> hd(M);
    const HostBridge<float> hf(M);
    for (std::uint64_t seed = 1; seed <= 10; ++seed) {
      const std::vector<double> zd = normals(M, 1000u * seed + static_cast<std::uint64_t>(M));
      std::vector<float> zf(zd.size());
      std::vector<double> zr(zd.size());  // the float inputs, exactly, for the double run
      for (std::size_t i = 0; i < zd.size(); ++i) {
        zf[i] = static_cast<float>(zd[i]);
        zr[i] = zf[i];
      }
      const Path<double> pd = run(hd, zr);
      const Path<float> pf = run(hf, zf);
      for (int k = 0; k < M; ++k) {
        EXPECT_NEAR(pf.xi[static_cast<std::size_t>(k)], pd.xi[static_cast<std::size_t>(k)], tol) << k;
      }
    }
  }
}

// xi written over z, or over the scratch path, gives the same bits as separate arrays.
TEST(BrownianBridgeIncrements, OutputMayShareStorage) {
  for (int M : kSizes) {
    SCOPED_TRACE(M);
    const HostBridge<double> hb(M);
    const std::vector<double> z = normals(M, 99u + static_cast<std::uint64_t>(M));
    const Path<double> ref = run(hb, z);
    const std::size_t n = static_cast<std::size_t>(M);

    std::vector<double> zx = z;
    std::vector<double> w(n + 1);
    bridge_increments(hb.view(), zx.data(), w.data(), zx.data());
    EXPECT_EQ(zx, ref.xi);

    std::vector<double> wx(n + 1);
    bridge_increments(hb.view(), z.data(), wx.data(), wx.data());
    wx.resize(n);
    EXPECT_EQ(wx, ref.xi);
  }
}

}  // namespace

// The pricers' streaming walk (bridged_normals.hpp) hands out the same increments, bit for bit, as
// bridge_increments over the whole array, for one factor and interleaved factors.
#include "pricing/bridged_normals.hpp"

namespace {

template <typename T>
struct ArrayNormals {
  const std::vector<T>* z;
  T normal_at(int d, T*) const { return (*z)[size_t(d)]; }
};

template <typename T>
void expect_walk_equals_array(int M, int factors) {
  std::mt19937_64 g(uint64_t(M) * 31 + uint64_t(factors));
  std::normal_distribution<double> nd;
  std::vector<T> z(size_t(M) * size_t(factors));
  for (T& v : z) v = T(nd(g));
  const gpurng::pricing::BridgeTreeArrays a = gpurng::pricing::bridge_tree(M);
  std::vector<T> lw(a.lw.begin(), a.lw.end()), rw(a.rw.begin(), a.rw.end()), sd(a.sd.begin(), a.sd.end());
  const gpurng::pricing::BridgeTree<T> tree{
      M, a.order.data(), a.child_left.data(), a.child_right.data(), lw.data(), rw.data(), sd.data()};
  ArrayNormals<T> src{&z};
  gpurng::pricing::BridgedNormals<T, ArrayNormals<T>> walk;
  walk.src = &src;
  walk.tree = &tree;
  walk.factors = factors;
  walk.start();
  std::vector<T> got(z.size());
  for (int k = 0; k < M; ++k)
    for (int f = 0; f < factors; ++f)
      got[size_t(k) * size_t(factors) + size_t(f)] = walk.next(static_cast<T*>(nullptr));
  gpurng::pricing::HostBridge<T> hb(M);
  for (int f = 0; f < factors; ++f) {
    std::vector<T> zf(static_cast<size_t>(M)), w(static_cast<size_t>(M) + 1), xi(static_cast<size_t>(M));
    for (int i = 0; i < M; ++i) zf[size_t(i)] = z[size_t(i) * size_t(factors) + size_t(f)];
    gpurng::pricing::bridge_increments(hb.view(), zf.data(), w.data(), xi.data());
    for (int k = 0; k < M; ++k)
      ASSERT_EQ(xi[size_t(k)], got[size_t(k) * size_t(factors) + size_t(f)])
          << "M " << M << " factor " << f << " k " << k;
  }
}

TEST(BridgedNormals, WalkEqualsArrayBitForBit) {
  for (int M : {1, 2, 3, 7, 8, 12, 156, 360, 1000})
    for (int factors : {1, 3}) {
      expect_walk_equals_array<double>(M, factors);
      expect_walk_equals_array<float>(M, factors);
    }
}

}  // namespace
