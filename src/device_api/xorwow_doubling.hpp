// SPDX-License-Identifier: BSD-3-Clause
// gpurngInitStatesXORWOW's scheme, shared by its CPU and GPU paths.
//
// curand_init(seed, s, offset) is M^offset J^s seed_state(seed) on the 160-bit xorshift part (J = M^(2^67), the
// subsequence jump), with the Weyl counter d moved by 362437 * offset only (J moves d by a multiple of 2^32). All
// these matrices are powers of M and commute, so the states of subsequences first, first + 1, ... are
//   state(i) = J^i state(0),   state(0) = curand_init(seed, first, offset),   d the same for all.
// Doubling: pass p applies J^(2^p) to states [0, 2^p) and writes states [2^p, 2^(p+1)) (clipped to count); after
// passes 0 .. P-1, 2^P >= count, every state exists. Each state costs one matrix-vector product instead of the
// popcount(first + i) products of its own curand_init, and every state of a pass uses the same matrix, so it goes
// through that matrix's byte table: 20 lookups of 5 words instead of 160 conditional column XORs.
#pragma once

#include <stddef.h>

#include "gpurng/engines/xorwow.hpp"
#include "gpurng/hd.hpp"

namespace gpurng {
namespace device_api {
namespace xorwow_doubling {

constexpr int kMaxPasses = 64;  // 2^64 > any size_t count

// The number of passes count states need: the smallest P with 2^P >= count.
GPURNG_HD int passes(size_t count) {
  int p = 0;
  while (p < kMaxPasses && (size_t{1} << p) < count) ++p;
  return p;
}

// Pass p reads states [0, n) and writes [2^p, 2^p + n).
GPURNG_HD size_t pass_size(int p, size_t count) {
  const size_t half = size_t{1} << p;
  return count - half < half ? count - half : half;
}

// J^(2^p) = M^(2^(67 + p)): the generated table xorwow::kJumpSubsequence (the one gpurng_init itself jumps with).
inline void pass_matrix(int p, xorwow::matrix& m) {
  for (int j = 0; j < xorwow::kBits; ++j)
    for (int k = 0; k < xorwow::kWords; ++k) m.col[j][k] = xorwow::kJumpSubsequence_host[p][j][k];
}

}  // namespace xorwow_doubling
}  // namespace device_api
}  // namespace gpurng
