// SPDX-License-Identifier: BSD-3-Clause
// How the pricers combine samples: count, mean and sum of squared deviations (Chan, Golub and LeVeque's pairwise
// update), in one fixed binary tree over all the paths of a call: neighbours first (samples 2i and 2i+1, then
// those pairs, ...), built in chunks of kChunkPaths consecutive paths whose moments are then paired the same way.
// A thread that walks a chunk's paths one by one (PairwiseMoments below), a GPU block that reduces them level by
// level in shared memory, and the chunk trees (ChunkTree on the CPU, segments and a block reduction on the GPU)
// build the same tree and round alike: the estimate does not depend on the backend or on how paths are spread
// over threads. (Chunks merged one after another instead made the GPU's last kernel a chain of 4096 dependent
// double divisions and loads for 2^20 paths.)
#pragma once

#include <stdint.h>

#include <cmath>

#include "gpurng/hd.hpp"

namespace gpurng {
namespace pricing {

constexpr int kChunkPaths = 256;
constexpr int kChunkLevels = 9;  // log2(kChunkPaths) + 1: the stack depth of PairwiseMoments

struct Moments {
  double n;  // samples (a double: the formulas need it as one)
  double mean;
  double m2;  // sum of squared deviations from the mean
};

GPURNG_HD Moments moments_of(double x) { return Moments{1.0, x, 0.0}; }
GPURNG_HD Moments no_moments() { return Moments{0.0, 0.0, 0.0}; }

// a then b (the order matters for rounding only). An empty side leaves the other as it is.
GPURNG_HD Moments merge(const Moments& a, const Moments& b) {
  if (b.n == 0.0) return a;
  if (a.n == 0.0) return b;
  const double n = a.n + b.n;
  const double d = b.mean - a.mean;
  // b's weight b.n / n is exactly 1/2 for equal counts, the tree's every merge but those at a partial chunk's
  // edge: taken as 0.5 there, the same bits without the double division (about 60 % of a GPU merge; LIBOR's 40
  // outputs merge 10200 times a chunk).
  double f;
  if (a.n == b.n)
    f = 0.5;
  else
    f = b.n / n;
  Moments r;
  r.n = n;
  r.mean = a.mean + d * f;
  const double cross = d * d;
  r.m2 = (a.m2 + b.m2) + (cross * a.n) * f;
  return r;
}

// The neighbour-pairing tree over a run of samples (or of subtrees' moments), built as they arrive in order: a
// binary counter of complete subtrees. finish() merges what is left from the right, which is the tree a
// level-by-level reduction with empty leaves past the end would build. Levels bounds the count to 2^(Levels-1).
template <int Levels>
struct PairwiseTree {
  Moments level[Levels];
  uint64_t count = 0;  // leaves pushed

  GPURNG_HD void push(Moments m) {
    uint64_t k = count;
    int depth = 0;
    // each trailing 1 bit of count is a complete subtree of that size waiting for a right neighbour
    while (k & 1) {
      m = merge(level[depth], m);
      k >>= 1;
      ++depth;
    }
    level[depth] = m;
    ++count;
  }
  GPURNG_HD void push(double x) { push(moments_of(x)); }

  GPURNG_HD Moments finish() const {
    Moments r = no_moments();
    bool any = false;
    for (int depth = 0; depth < Levels; ++depth)
      if ((count >> depth) & 1) {
        r = any ? merge(level[depth], r) : level[depth];
        any = true;
      }
    return r;
  }
};

// One chunk's samples in path order.
using PairwiseMoments = PairwiseTree<kChunkLevels>;
// A (set, replication, output)'s chunk moments in chunk order (fewer than 2^31 chunks a call).
constexpr int kChunkTreeLevels = 32;
using ChunkTree = PairwiseTree<kChunkTreeLevels>;

// The standard error of the mean of m's samples (0 for fewer than two). Host only: the launchers finish there.
inline double standard_error(const Moments& m) {
  if (m.n < 2.0) return 0.0;
  const double var = m.m2 / (m.n - 1.0);
  return var > 0.0 ? std::sqrt(var / m.n) : 0.0;
}

}  // namespace pricing
}  // namespace gpurng
