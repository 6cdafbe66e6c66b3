// SPDX-License-Identifier: BSD-3-Clause
// Brownian-bridge ordering for quasi-random paths (LIBOR, MBS): the path still reads its increments xi_1, xi_2, ...
// in time order, but each Brownian motion W is built from the point's coordinates in bridge order (the first
// coordinate sets W_M, the next the midpoint, ...: brownian_bridge.hpp's construction, QuantLib's order).
//
// A GPU thread cannot hold W_0 .. W_M for hundreds of steps, so W is produced in time order by an in-order walk of
// the bridge's tree: a point's value needs only its interval's two ends, which are on the walk's stack (depth
// about log2 M). Each W_m is computed exactly as bridge_increments computes it, (lw W_l + rw W_r) + sd z, so the
// two give the same bits. With several factors (LIBOR), factor f of bridge position i is coordinate i * factors +
// f (the coarse points of every factor come first), and next() cycles through the factors step by step.
#pragma once

#include <vector>

#include "brownian_bridge.hpp"
#include "gpurng/hd.hpp"

namespace gpurng {
namespace pricing {

constexpr int kMaxBridgeDepth = 24;  // a bridge of up to 2^20 steps
constexpr int kMaxBridgeFactors = 8;

// The bridge as a tree over times 1..M (arrays of M + 1, index 0 unused): node m's normal is bridge position
// order[m], its interval ends' weights lw, rw and its sd; its children are the points of (left end, m) and
// (m, right end), 0 for none. The root is M (lw = rw = 0).
template <typename T>
struct BridgeTree {
  int steps = 0;
  const int* order = nullptr;
  const int* child_left = nullptr;
  const int* child_right = nullptr;
  const T* lw = nullptr;
  const T* rw = nullptr;
  const T* sd = nullptr;
};

// Host arrays of the tree of make_bridge(M).
struct BridgeTreeArrays {
  std::vector<int> order, child_left, child_right;
  std::vector<double> lw, rw, sd;
};

inline BridgeTreeArrays bridge_tree(int M) {
  const BridgeTable t = make_bridge(M);
  BridgeTreeArrays a;
  const size_t n = size_t(M) + 1;
  a.order.assign(n, 0);
  a.child_left.assign(n, 0);
  a.child_right.assign(n, 0);
  a.lw.assign(n, 0.0);
  a.rw.assign(n, 0.0);
  a.sd.assign(n, 0.0);
  for (int i = 0; i < M; ++i) {
    const int m = t.bridge[size_t(i)];
    a.order[size_t(m)] = i;
    a.lw[size_t(m)] = t.left_weight[size_t(i)];
    a.rw[size_t(m)] = t.right_weight[size_t(i)];
    a.sd[size_t(m)] = t.std_dev[size_t(i)];
  }
  // Point i > 0 lies in (left, right), between two points set before it: it is the left child of `right` when
  // `right` was the point whose interval it splits on the left, else the right child of `left`. The root's
  // interval (0, M] contains every other point on its left.
  for (int i = 1; i < M; ++i) {
    const int m = t.bridge[size_t(i)], l = t.left[size_t(i)], r = t.right[size_t(i)];
    // the parent is whichever end was set later (it split the interval that m now splits)
    const int parent = (l == 0 || (r != 0 && a.order[size_t(r)] > a.order[size_t(l)])) ? r : l;
    if (parent == r)
      a.child_left[size_t(r)] = m;
    else
      a.child_right[size_t(l)] = m;
  }
  return a;
}

// Quasi-random normals `Src` (random access by coordinate: normal_at) read in bridge order, handed out as the
// increments of `factors` Brownian motions over the tree's steps, factor by factor within each step.
template <typename T, typename Src>
struct BridgedNormals {
  struct Frame {
    int m;
    T w_m, w_right;
  };
  struct Walk {
    Frame stack[kMaxBridgeDepth];
    int top;
    int cur;            // next node to descend from, 0 for none
    T w_left, w_right;  // cur's interval ends
    T w_prev;           // the last W emitted
  };

  Src* src;
  const BridgeTree<T>* tree;
  int factors;
  int factor;
  Walk walk[kMaxBridgeFactors];

  GPURNG_HD void start() {
    factor = 0;
    for (int f = 0; f < factors; ++f) {
      Walk& w = walk[f];
      w.top = 0;
      w.cur = tree->steps;
      w.w_left = T(0);
      w.w_right = T(0);
      w.w_prev = T(0);
    }
  }

  template <typename P>
  GPURNG_HD T next(P*) {
    const int f = factor;
    factor = factor + 1 == factors ? 0 : factor + 1;
    Walk& w = walk[f];
    // descend to the leftmost node not yet computed, pushing each node with its value
    while (w.cur != 0) {
      const int m = w.cur;
      const T z = static_cast<T>(src->normal_at(tree->order[m] * factors + f, static_cast<T*>(nullptr)));
      const T from_left = tree->lw[m] * w.w_left;
      const T from_right = tree->rw[m] * w.w_right;
      const T mean = from_left + from_right;
      const T w_m = mean + tree->sd[m] * z;
      w.stack[w.top++] = Frame{m, w_m, w.w_right};
      w.w_right = w_m;
      w.cur = tree->child_left[m];
    }
    const Frame fr = w.stack[--w.top];
    w.cur = tree->child_right[fr.m];
    w.w_left = fr.w_m;
    w.w_right = fr.w_right;
    const T xi = fr.w_m - w.w_prev;
    w.w_prev = fr.w_m;
    return xi;
  }
};

}  // namespace pricing
}  // namespace gpurng
