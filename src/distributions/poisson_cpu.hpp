// SPDX-License-Identifier: BSD-3-Clause
// The CPU Poisson transform: maps a buffer of 32-bit engine words to Poisson variates in place
// (include/gpurng/distributions/poisson.hpp has the definition), on the CPU backend's thread pool.
#pragma once

#include <stddef.h>

#include <algorithm>

#include "../backends/cpu/split_range.hpp"
#include "gpurng/distributions/poisson.hpp"

namespace gpurng {
namespace poisson {

// Maps buf[0..n) in place; buf holds engine words on entry. Blocks until done. Work is split into chunks of
// 64 Ki words (threads only where n is large enough to pay for them); every word is mapped independently,
// so the result does not depend on the split.
inline void poisson_transform_cpu(const poisson_table& t, unsigned* buf, size_t n) {
  const uint32_t* th = t.thresholds();
  const uint32_t* guide = t.guide();
  const unsigned shift = t.shift(), k_lo = t.k_lo;
  auto run = [&](size_t begin, size_t end) {
    for (size_t i = begin; i < end; ++i) buf[i] = poisson_lookup(th, guide, shift, k_lo, buf[i]);
  };
  cpu::split_range(n, cpu::configured_threads(), [&](size_t a, size_t m) { run(a, a + m); });
}

}  // namespace poisson
}  // namespace gpurng
