// SPDX-License-Identifier: BSD-3-Clause
// Poisson variates as the inverse CDF of one 32-bit engine output.
//
// Definition. For 0 < lambda <= 400000 let F(k) = P(X <= k), X ~ Poisson(lambda), and
//   T_k = the integer nearest to 2^32 * F(k)   (0 <= T_k <= 2^32; an exact tie cannot occur: F(k) is
//                                               e^-lambda times a polynomial in lambda, never a dyadic
//                                               rational plus one half).
// The Poisson output for an engine word x (0 <= x < 2^32) is the smallest k with x < T_k. So every Poisson
// output consumes exactly one 32-bit word: gpurngGeneratePoisson writes the words gpurngGenerate would
// write at the same positions and maps each one in place, and positions advance as for 32-bit calls.
// The probability of k is (T_k - T_{k-1}) / 2^32, i.e. the exact pmf rounded to the 2^-32 grid.
//
// Table. T_k = 0 for k < k_lo and T_k = 2^32 for k >= k_hi; only T_{k_lo} .. T_{k_hi - 1} (all in
// [1, 2^32 - 1]) are stored, so the table covers exactly the k where the rounded CDF moves. The far tails are
// the clamp at both ends: x = 0 .. T_{k_lo} - 1 gives k_lo, x >= T_{k_hi - 1} gives k_hi (values beyond them
// have total probability below 2^-33 on each side and are never produced). For lambda = 4e5 the table has
// about 9000 entries; for lambda = 1e-6 it has one (T_0 = 2^32 - 4295).
//
// Host computation (build()): no transcendental functions at all, only +, -, *, / in long double (x87
// 80-bit on x86-64: 64-bit significand). Unnormalised weights w_m = 1 at the mode m = floor(lambda) and
// w_{k+1} = w_k * lambda / (k+1), w_{k-1} = w_k * k / lambda outward until w < 1e-30; lower sums
// sum_{i<=k} w_i (accumulated from the far left, compensated) and upper sums sum_{i>k} w_i (from the far
// right, compensated); F(k) = lower/W or 1 - upper/W with W = the total, whichever side is smaller. The
// relative error of the weights after j recurrence steps is about j * 1e-19 (j <= 9000 at lambda = 4e5), so
// 2^32 F(k) is within about 1e-5 of its true value: T_k is the correctly rounded value unless 2^32 F(k) lies
// within that distance of a half-integer. Normalising by the computed total removes any need for e^-lambda
// or lgamma. The result depends only on lambda (and on long double being the x87 format, as on every
// x86-64 Linux; other formats are as accurate but could round a near-tie differently).
//
// Lookup. A guide table of 2^g + 1 entries (g = bits of the table size, 4..16): guide[j] = #{i : T_i < j *
// 2^(32-g)}; a word x in bucket j = x >> (32-g) has its answer's index between guide[j] and guide[j+1],
// found by binary search. Integer compares only: the CPU and the GPU give the same k.
#pragma once

#include <stddef.h>
#include <stdint.h>

#include <vector>

#include "gpurng.h"
#include "gpurng/hd.hpp"

namespace gpurng {
namespace poisson {

constexpr double kMaxLambda = 400000.0;

// k for the word x: k_lo + #{i : thresholds[i] <= x}, searching only between guide[x >> shift] and
// guide[(x >> shift) + 1]. shift = 32 - g with 1 <= g <= 16.
GPURNG_HD unsigned poisson_lookup(const uint32_t* thresholds, const uint32_t* guide, unsigned shift, unsigned k_lo,
                                  uint32_t x) {
  const uint32_t j = x >> shift;
  uint32_t lo = guide[j], hi = guide[j + 1];
  while (lo < hi) {
    const uint32_t mid = lo + ((hi - lo) >> 1);
    if (thresholds[mid] <= x)
      lo = mid + 1;
    else
      hi = mid;
  }
  return k_lo + lo;
}

struct poisson_table {
  double lambda = 0;
  uint32_t k_lo = 0;        // smallest output
  uint32_t count = 0;       // stored thresholds T_{k_lo} .. T_{k_lo + count - 1}; largest output k_lo + count
  uint32_t guide_bits = 0;  // g
  // Flat array for the device: count thresholds, then 2^g + 1 guide entries.
  std::vector<uint32_t> data;

  const uint32_t* thresholds() const { return data.data(); }
  const uint32_t* guide() const { return data.data() + count; }
  unsigned shift() const { return 32u - guide_bits; }
  unsigned k_hi() const { return k_lo + count; }
  unsigned operator()(uint32_t x) const { return poisson_lookup(thresholds(), guide(), shift(), k_lo, x); }

  // T_k for any k (0 below the table, 2^32 above it).
  uint64_t threshold(uint64_t k) const {
    if (k < k_lo) return 0;
    if (k >= uint64_t(k_lo) + count) return uint64_t(1) << 32;
    return data[k - k_lo];
  }

  // GPURNG_STATUS_OUT_OF_RANGE unless 0 < lambda <= 400000 (NaN included); *out untouched then.
  // Cost: O(sqrt(lambda) + 2^g) long double operations (about 0.1 ms at lambda = 4e5).
  static gpurngStatus_t build(double lambda, poisson_table* out) {
    if (!(lambda > 0.0) || !(lambda <= kMaxLambda)) return GPURNG_STATUS_OUT_OF_RANGE;
    typedef long double ld;
    const ld L = lambda;
    const ld kTiny = 1e-30L;
    const uint32_t m = static_cast<uint32_t>(lambda);  // floor: the (first) mode
    // Weights w_k for k = first .. first + w.size() - 1.
    std::vector<ld> left, right;  // left: w_{m-1}, w_{m-2}, ...; right: w_m, w_{m+1}, ...
    right.push_back(1.0L);
    for (uint64_t k = m;; ++k) {
      const ld next = right.back() * L / ld(k + 1);
      right.push_back(next);
      if (next < kTiny) break;
    }
    {
      ld w = 1.0L;
      for (uint32_t k = m; k > 0; --k) {
        w = w * ld(k) / L;
        left.push_back(w);
        if (w < kTiny) break;
      }
    }
    const uint32_t first = m - static_cast<uint32_t>(left.size());
    const size_t n = left.size() + right.size();
    std::vector<ld> w(n);
    for (size_t i = 0; i < left.size(); ++i) w[left.size() - 1 - i] = left[i];
    for (size_t i = 0; i < right.size(); ++i) w[left.size() + i] = right[i];
    // lower[i] = sum_{j<=i} w_j, upper[i] = sum_{j>i} w_j, both compensated (Kahan), small terms first.
    std::vector<ld> lower(n), upper(n);
    {
      ld s = 0, c = 0;
      for (size_t i = 0; i < n; ++i) {
        const ld y = w[i] - c;
        const ld t = s + y;
        c = (t - s) - y;
        s = t;
        lower[i] = s;
      }
      s = 0;
      c = 0;
      for (size_t i = n; i-- > 0;) {
        upper[i] = s;
        const ld y = w[i] - c;
        const ld t = s + y;
        c = (t - s) - y;
        s = t;
      }
    }
    const ld total = lower[n - 1];
    const ld scale = 4294967296.0L / total;
    const uint64_t two32 = uint64_t(1) << 32;
    std::vector<uint64_t> T(n);
    for (size_t i = 0; i < n; ++i) {
      if (lower[i] <= upper[i]) {
        const ld y = lower[i] * scale;
        T[i] = static_cast<uint64_t>(y + 0.5L);
      } else {
        const ld y = upper[i] * scale;
        T[i] = two32 - static_cast<uint64_t>(y + 0.5L);
      }
    }
    // k below `first` have T = 0 (their lower sums are below 1e-30 * lambda); the last computed k has
    // upper sum < 1e-27 relative, so its T is 2^32.
    size_t lo = 0;
    while (lo < n && T[lo] == 0) ++lo;
    size_t hi = lo;
    while (hi < n && T[hi] < two32) ++hi;
    poisson_table t;
    t.lambda = lambda;
    t.k_lo = first + static_cast<uint32_t>(lo);
    t.count = static_cast<uint32_t>(hi - lo);
    uint32_t g = 4;
    while (g < 16 && (uint32_t(1) << g) < t.count) ++g;
    t.guide_bits = g;
    t.data.resize(size_t(t.count) + (size_t(1) << g) + 1);
    for (uint32_t i = 0; i < t.count; ++i) t.data[i] = static_cast<uint32_t>(T[lo + i]);
    uint32_t* guide = t.data.data() + t.count;
    uint32_t idx = 0;
    for (uint64_t j = 0; j <= (uint64_t(1) << g); ++j) {
      const uint64_t edge = j << (32 - g);  // guide[j] = #{i : T_i < edge}
      while (idx < t.count && t.data[idx] < edge) ++idx;
      guide[j] = idx;
    }
    *out = std::move(t);
    return GPURNG_STATUS_SUCCESS;
  }
};

}  // namespace poisson
}  // namespace gpurng
