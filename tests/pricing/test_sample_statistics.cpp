// SPDX-License-Identifier: BSD-3-Clause
// src/pricing/sample_statistics.hpp and merge_chunks (pricing_launch.hpp) on the host: a chunk's PairwiseMoments
// fed in path order, and the chunks' moments paired by merge_chunks, are the neighbour-pairing tree over all the
// samples, computed here independently, level by level over a power-of-two row padded with empty leaves (the
// GPU's reductions build that tree). Counts around the chunk size and its multiples; the moments against a
// two-pass mean and sum of squared deviations.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <cstring>
#include <random>
#include <vector>

#include "pricing/pricing_launch.hpp"

namespace {

using gpurng::pricing::kChunkPaths;
using gpurng::pricing::merge;
using gpurng::pricing::merge_chunks;
using gpurng::pricing::Moments;
using gpurng::pricing::moments_of;
using gpurng::pricing::no_moments;
using gpurng::pricing::PairwiseMoments;

// The tree by definition: leaves in a row of the next power of two, empty past the end; each level merges
// elements 2i and 2i+1.
Moments level_by_level(const std::vector<double>& x) {
  size_t width = 1;
  while (width < x.size()) width <<= 1;
  std::vector<Moments> row(width, no_moments());
  for (size_t i = 0; i < x.size(); ++i) row[i] = moments_of(x[i]);
  for (; width > 1; width >>= 1)
    for (size_t i = 0; i < width / 2; ++i) row[i] = merge(row[2 * i], row[2 * i + 1]);
  return row[0];
}

bool same(const Moments& a, const Moments& b) { return std::memcmp(&a, &b, sizeof a) == 0; }

TEST(SampleStatistics, ChunksAndTheirTreeAreOneNeighbourPairingTree) {
  std::mt19937_64 g(3);
  std::normal_distribution<double> z(1.0, 2.0);
  for (size_t n : {1, 2, 3, 255, 256, 257, 511, 512, 513, 5 * 256 + 3, 37 * 256, 64 * 256 + 1}) {
    std::vector<double> x(n);
    for (double& v : x) v = z(g);
    const size_t chunks = (n + kChunkPaths - 1) / kChunkPaths;
    std::vector<Moments> per_chunk(chunks);
    for (size_t c = 0; c < chunks; ++c) {
      PairwiseMoments acc;
      for (size_t i = c * kChunkPaths; i < n && i < (c + 1) * kChunkPaths; ++i) acc.push(x[i]);
      per_chunk[c] = acc.finish();
    }
    const Moments tree = merge_chunks(per_chunk.data(), chunks, 1);
    EXPECT_TRUE(same(tree, level_by_level(x))) << n << " samples";
    // and the moments themselves
    double mean = 0;
    for (double v : x) mean += v;
    mean /= double(n);
    double m2 = 0;
    for (double v : x) m2 += (v - mean) * (v - mean);
    EXPECT_EQ(tree.n, double(n));
    EXPECT_NEAR(tree.mean, mean, 1e-13 * (1 + std::abs(mean)));
    EXPECT_NEAR(tree.m2, m2, 1e-12 * m2 + 1e-300);
  }
}

// Strided rows (several outputs interleaved) read only their own column.
TEST(SampleStatistics, MergeChunksReadsItsStride) {
  std::vector<Moments> rows(2 * 5);
  for (int c = 0; c < 5; ++c) {
    rows[2 * c] = moments_of(double(c));
    rows[2 * c + 1] = moments_of(100.0 + c);
  }
  const Moments a = merge_chunks(rows.data(), 5, 2), b = merge_chunks(rows.data() + 1, 5, 2);
  EXPECT_EQ(a.mean, 2.0);
  EXPECT_EQ(b.mean, 102.0);
  EXPECT_EQ(a.n, 5.0);
}

}  // namespace
