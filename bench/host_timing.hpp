// SPDX-License-Identifier: BSD-3-Clause
// Wall-clock timing the host benchmarks share: one run of a callable, and the median of repeated runs (the upper
// middle of an even count: a figure measured, never an average of two).
#pragma once

#include <algorithm>
#include <chrono>
#include <functional>
#include <vector>

namespace gpurng_bench {

inline double seconds_of(const std::function<void()>& f) {
  const auto t0 = std::chrono::steady_clock::now();
  f();
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
}

inline double median_of(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  return v[v.size() / 2];
}

}  // namespace gpurng_bench
