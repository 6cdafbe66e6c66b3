// SPDX-License-Identifier: BSD-3-Clause
// LAPACK ?gtsv for one system of n rows and one right-hand side, as the CPU benchmarks' anchors call it (dl, d, du
// and b overwritten; info ignored: the benchmarks' systems are diagonally dominant), and the median wall time of
// repeated calls.
#pragma once

#include <algorithm>
#include <chrono>
#include <functional>
#include <vector>

extern "C" {
void sgtsv_(const int* n, const int* nrhs, float* dl, float* d, float* du, float* b, const int* ldb, int* info);
void dgtsv_(const int* n, const int* nrhs, double* dl, double* d, double* du, double* b, const int* ldb, int* info);
}

namespace bench {

inline void gtsv(int n, float* dl, float* d, float* du, float* b) {
  const int one = 1;
  int info = 0;
  sgtsv_(&n, &one, dl, d, du, b, &n, &info);
}
inline void gtsv(int n, double* dl, double* d, double* du, double* b) {
  const int one = 1;
  int info = 0;
  dgtsv_(&n, &one, dl, d, du, b, &n, &info);
}

// The median of `reps` timings of body(), in seconds.
inline double median_seconds(const std::function<void()>& body, int reps) {
  std::vector<double> t;
  for (int r = 0; r < reps; ++r) {
    const auto t0 = std::chrono::steady_clock::now();
    body();
    t.push_back(std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count());
  }
  std::sort(t.begin(), t.end());
  return t[t.size() / 2];
}

}  // namespace bench
