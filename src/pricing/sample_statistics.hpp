// SPDX-License-Identifier: BSD-3-Clause
// How the pricers combine samples: count, mean and sum of squared deviations (Chan, Golub and LeVeque's pairwise
// update), in a fixed binary tree over chunks of kChunkPaths consecutive paths, then the chunks in order. The tree
// pairs neighbours (samples 2i and 2i+1, then those pairs, ...), so a thread that walks a chunk's paths one by one
// (PairwiseMoments below) and a GPU block that reduces them level by level in shared memory build the same tree
// and round alike: the estimate does not depend on the backend or on how paths are spread over threads.
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
  const double f = b.n / n;
  Moments r;
  r.n = n;
  r.mean = a.mean + d * f;
  const double cross = d * d;
  r.m2 = (a.m2 + b.m2) + (cross * a.n) * f;
  return r;
}

// The neighbour-pairing tree over one chunk, built as samples arrive in path order: a binary counter of complete
// subtrees. finish() merges what is left from the right, which is the tree a level-by-level reduction with empty
// leaves past the chunk's end would build.
struct PairwiseMoments {
  Moments level[kChunkLevels];
  int count = 0;  // samples pushed

  GPURNG_HD void push(double x) {
    Moments m = moments_of(x);
    int k = count;
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

  GPURNG_HD Moments finish() const {
    Moments r = no_moments();
    bool any = false;
    for (int depth = 0; depth < kChunkLevels; ++depth)
      if ((count >> depth) & 1) {
        r = any ? merge(level[depth], r) : level[depth];
        any = true;
      }
    return r;
  }
};

// The standard error of the mean of m's samples (0 for fewer than two). Host only: the launchers finish there.
inline double standard_error(const Moments& m) {
  if (m.n < 2.0) return 0.0;
  const double var = m.m2 / (m.n - 1.0);
  return var > 0.0 ? std::sqrt(var / m.n) : 0.0;
}

}  // namespace pricing
}  // namespace gpurng
