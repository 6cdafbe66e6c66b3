// SPDX-License-Identifier: BSD-3-Clause
// The one split of the library: work is cut into parts by position, never by who runs it (docs/SCALING.md). Split
// fills, pricers and solver batches over workers (and, through gpurng_mpi.h, ranks) all take their parts from here,
// so a part boundary never changes a number: each part is the same positions of the same stream, paths or systems.
#pragma once

#include <stdint.h>

#include <vector>

namespace gpurng {
namespace scale {

// Part i of n items over `parts` parts begins at floor(n i / parts), rounded down to a multiple of `granule`
// (part `parts` "begins" at n). Parts are contiguous, in order, and cover [0, n) once; n up to 2^53 and parts up
// to 1024 do not overflow the product.
inline uint64_t part_begin(uint64_t n, int parts, int i, uint64_t granule = 1) {
  if (i >= parts) return n;
  const unsigned __int128 at =
      static_cast<unsigned __int128>(n) * static_cast<unsigned>(i) / static_cast<unsigned>(parts);
  const uint64_t b = static_cast<uint64_t>(at);
  return b - b % granule;
}

// A run of 2^level blocks starting at block `first`, with first a multiple of 2^level: one node of the neighbour-
// pairing tree over the blocks (sample_statistics.hpp's PairwiseTree), which the run's own tree equals.
struct DyadicPiece {
  uint64_t first;
  int level;
};

// [a, b) in blocks as the fewest aligned dyadic pieces, in order (at most 2 log2(b - a) + 2).
inline std::vector<DyadicPiece> dyadic_pieces(uint64_t a, uint64_t b) {
  std::vector<DyadicPiece> out;
  while (a < b) {
    int level = 0;
    while (level < 63 && (a & ((uint64_t{1} << (level + 1)) - 1)) == 0 && a + (uint64_t{1} << (level + 1)) <= b)
      ++level;
    out.push_back({a, level});
    a += uint64_t{1} << level;
  }
  return out;
}

}  // namespace scale
}  // namespace gpurng
