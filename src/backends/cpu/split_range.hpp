// SPDX-License-Identifier: BSD-3-Clause
// How the CPU backend cuts a range of outputs over its threads: pieces of at least `min_per_task` outputs,
// at most one a thread, run by parallel_for (thread_pool.hpp). Every host fill of the generators goes
// through here, so the rule lives in one place.
#pragma once

#include <stddef.h>

#include <algorithm>

#include "thread_pool.hpp"

namespace gpurng {
namespace cpu {

// Ranges smaller than this are not worth a thread of their own (a thread start plus a jump-ahead).
constexpr size_t kMinOutputsPerThread = size_t(1) << 16;

// Call fill(first, count) for consecutive pieces covering [0, n), concurrently on up to `threads` threads.
// `align` rounds the piece length up (engines whose pieces must start on a block boundary).
template <class Fill>
void split_range(size_t n, int threads, Fill&& fill, size_t min_per_task = kMinOutputsPerThread, size_t align = 1) {
  const size_t t = static_cast<size_t>(std::max(threads, 1));
  size_t per = std::max(min_per_task, (n + t - 1) / t);
  per = (per + align - 1) / align * align;
  const size_t tasks = per == 0 ? 1 : (n + per - 1) / per;
  if (tasks <= 1) return static_cast<void>(fill(size_t(0), n));
  parallel_for(static_cast<int>(tasks), [&](int k) {
    const size_t a = static_cast<size_t>(k) * per;
    fill(a, std::min(n, a + per) - a);
  });
}

}  // namespace cpu
}  // namespace gpurng
