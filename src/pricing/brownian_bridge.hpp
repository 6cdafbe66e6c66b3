// SPDX-License-Identifier: BSD-3-Clause
// Brownian-bridge construction of a standard Brownian motion at the integer times 1..M, as QuantLib's
// BrownianBridge(Size steps) builds it (Jäckel, "Monte Carlo Methods in Finance", 10.8.3). Quasi-Monte Carlo
// pricers use it so that the first, best-distributed coordinates of a low-discrepancy point decide the
// coarse shape of the path (W_M first, then the middle, ...) and the later, poorer ones only the fine detail.
//
// Order (QuantLib's, for any M >= 1): z_0 sets W_M = sqrt(M) z_0. Then the construction proceeds in rounds;
// each round visits, left to right, every run of still-unset points that existed when the round began, and
// sets one point of it: for the run of unset times a..b (W_{a-1} and W_{b+1} known, W_0 = 0), the point
// a + floor((b - a) / 2), i.e. the middle one, or the left of the two middle ones. Once the walk passes the
// last run it starts the next round at the left. For M = 2^n this is the textbook dyadic bridge; otherwise it
// is not strictly "largest gap first": for M = 7 the order of times is 7, 3, 1, 5, 2, 4, 6 (time 1, in the gap
// (0, 3), comes before time 5, in the wider gap (3, 7)).
//
// The pricers want the increments xi_k = W_k - W_{k-1}, which are iid N(0,1) when the z are: the map z -> xi
// is orthogonal.
#pragma once

#include <cmath>
#include <cstddef>
#include <stdexcept>
#include <utility>
#include <vector>

#include "gpurng/hd.hpp"

namespace gpurng {
namespace pricing {

// Step i of the construction sets W[bridge[i]] = left_weight[i] W[left[i]] + right_weight[i] W[right[i]] +
// std_dev[i] z_i. Indices are times, into W[0..M] with W[0] = 0, so a gap that starts at the origin needs no
// special case (its left term is 0 * 0). Step 0 is W[M] = std_dev[0] z_0; its entries left = 0, right = M
// and zero weights describe the interval (0, M) it spans, and are not used.
struct BridgeTable {
  int M;
  std::vector<int> bridge, left, right;
  std::vector<double> left_weight, right_weight, std_dev;
};

// Throws std::invalid_argument for M < 1.
inline BridgeTable make_bridge(int M) {
  if (M < 1) throw std::invalid_argument("make_bridge: M must be at least 1");
  BridgeTable t;
  t.M = M;
  const std::size_t n = static_cast<std::size_t>(M);
  t.bridge.assign(n, 0);
  t.left.assign(n, 0);
  t.right.assign(n, 0);
  t.left_weight.assign(n, 0.0);
  t.right_weight.assign(n, 0.0);
  t.std_dev.assign(n, 0.0);

  std::vector<char> set(n + 1, 0);
  set[0] = 1;
  set[n] = 1;
  t.bridge[0] = M;
  t.right[0] = M;
  t.std_dev[0] = std::sqrt(static_cast<double>(M));

  // `a` walks left to right over the unset points; W_M is always set, so reaching it ends a round.
  int a = 1;
  for (int i = 1; i < M; ++i) {
    while (set[a]) {
      ++a;
      if (a >= M) a = 1;
    }
    int b = a;
    while (!set[b + 1]) ++b;
    const int l = a - 1;
    const int r = b + 1;
    const int p = a + (b - a) / 2;
    set[p] = 1;
    t.bridge[i] = p;
    t.left[i] = l;
    t.right[i] = r;
    // Brownian bridge between (l, W_l) and (r, W_r) at time p: mean linear in time, variance
    // (p - l)(r - p) / (r - l). The times are small integers, so these are the correctly rounded values.
    const double span = static_cast<double>(r - l);
    t.left_weight[i] = static_cast<double>(r - p) / span;
    t.right_weight[i] = static_cast<double>(p - l) / span;
    t.std_dev[i] = std::sqrt(static_cast<double>(p - l) * static_cast<double>(r - p) / span);
    a = r + 1;
    if (a >= M) a = 1;
  }
  return t;
}

// What device code reads: plain pointers (into device memory on the GPU). Each array has M entries.
template <typename T>
struct BridgeView {
  int M;
  const int* bridge;
  const int* left;
  const int* right;
  const T* lw;
  const T* rw;
  const T* sd;
};

// Host copy of a table with the coefficients rounded once to T. A GPU pricer uploads these same arrays, so
// that both backends multiply by the same T values rather than each recomputing them (a device sqrt need not
// round like the host's).
template <typename T>
struct HostBridge {
  BridgeTable table;
  std::vector<T> lw, rw, sd;

  explicit HostBridge(BridgeTable t) : table(std::move(t)) {
    const std::size_t n = static_cast<std::size_t>(table.M);
    lw.resize(n);
    rw.resize(n);
    sd.resize(n);
    for (std::size_t i = 0; i < n; ++i) {
      lw[i] = static_cast<T>(table.left_weight[i]);
      rw[i] = static_cast<T>(table.right_weight[i]);
      sd[i] = static_cast<T>(table.std_dev[i]);
    }
  }
  explicit HostBridge(int M) : HostBridge(make_bridge(M)) {}

  // Valid while this object lives and is not modified.
  BridgeView<T> view() const {
    return BridgeView<T>{table.M,   table.bridge.data(), table.left.data(), table.right.data(),
                         lw.data(), rw.data(),           sd.data()};
  }
};

// xi[0..M-1] = increments W_1 - W_0, ..., W_M - W_{M-1} of the path built from z[0..M-1]; w_scratch[0..M]
// receives the path itself (w_scratch[0] is set to 0 here). xi may be the same array as z (z is consumed
// before xi is written) or as w_scratch (xi[k] overwrites W_k only after its last read).
//
// Every product and sum is its own rounded operation, in QuantLib's order ((left + right) + noise), so that
// the CPU and the GPU give the same bits as long as neither contracts them into fma: the library builds with
// -ffp-contract=off and nvcc --fmad=false, and a caller compiled otherwise may differ in the last bits.
template <typename T>
GPURNG_HD void bridge_increments(const BridgeView<T>& v, const T* z, T* w_scratch, T* xi) {
  T* w = w_scratch;
  w[0] = T(0);
  w[v.bridge[0]] = v.sd[0] * z[0];
  for (int i = 1; i < v.M; ++i) {
    const T from_left = v.lw[i] * w[v.left[i]];
    const T from_right = v.rw[i] * w[v.right[i]];
    const T noise = v.sd[i] * z[i];
    const T mean = from_left + from_right;
    w[v.bridge[i]] = mean + noise;
  }
  for (int k = 0; k < v.M; ++k) {
    xi[k] = w[k + 1] - w[k];
  }
}

}  // namespace pricing
}  // namespace gpurng
