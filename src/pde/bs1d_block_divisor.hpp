// SPDX-License-Identifier: BSD-3-Clause
// Division by a cluster block's rows or warps in one multiply (bs1d_segments_fabric.cuh): the PDE's cluster blocks
// need not hold a power of two rows, and a divide in each step's loads would cost more than the step's arithmetic.
#pragma once

#include <cstdint>

#include "gpurng/hd.hpp"

namespace gpurng {
namespace pde {

// floor(i / d) = floor(i m / 2^32) with m = floor((2^32 - 1) / d) + 1, for 2 <= d and 0 <= i < 2^32 / d: m d =
// 2^32 + e with e < d, so i m / 2^32 = i / d + i e / (d 2^32), and the second term, below 1 / d when i e < 2^32,
// cannot carry i / d past the next integer (Granlund and Montgomery, "Division by invariant integers using
// multiplication", PLDI 1994). The kernel's dividends are below 2^16 and d at most 1024.
struct BlockDivisor {
  int d = 1 << 30;
  unsigned m = 0;
  GPURNG_HD static BlockDivisor of(int d) { return BlockDivisor{d, 0xffffffffu / unsigned(d) + 1u}; }
  GPURNG_HD int quotient(int i) const {
#if defined(__CUDA_ARCH__)
    return int(__umulhi(unsigned(i), m));
#else
    return int((uint64_t(unsigned(i)) * m) >> 32);
#endif
  }
};

}  // namespace pde
}  // namespace gpurng
