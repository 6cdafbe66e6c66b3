// SPDX-License-Identifier: BSD-3-Clause
// glibc's random() (and rand(), which returns random()) for every state size initstate() accepts
// (glibc random_r.c): TYPE_0 is the LCG x' = (1103515245 x + 12345) mod 2^31; TYPE_1..TYPE_4 are the
// additive lagged Fibonacci generators r_i = r_{i-deg} + r_{i-sep} (mod 2^32) with output r_i >> 1.
//
// State model. glibc keeps the deg words in a circular buffer with a front index f (the word the next
// step overwrites) and a rear index b = f - sep (mod deg). This engine keeps the same words as a window in
// sequence order, oldest first: window[j] = buffer[(f + j) % deg], so the next output is
// (window[0] + window[deg - sep]) >> 1. TYPE_0 keeps its single word in window[0].
//
// Jump-ahead: the lagged Fibonacci recurrence is linear over Z/2^32 with characteristic polynomial
// P(x) = x^deg - x^(deg-sep) - 1. If x^n = sum c_j x^j (mod P), then r_{i+n} = sum c_j r_{i+j}; the window
// n steps later follows from n, n+1, ..., n+deg-1 in O(deg^2 log n) multiply-adds. TYPE_0 jumps as an
// affine map mod 2^31.
#pragma once

#include <stddef.h>
#include <stdint.h>

#include "gpurng/hd.hpp"

namespace gpurng {
namespace glibc_random {

constexpr int kTypes = 5;
constexpr int kMaxDegree = 63;
constexpr int kDiscardPerDegree = 10;  // srandom discards 10 * deg outputs
constexpr int kDegree[kTypes] = {0, 7, 15, 31, 63};
constexpr int kSeparation[kTypes] = {0, 3, 1, 3, 1};

// initstate's choice of TYPE from the buffer size in bytes; -1 below 8 bytes (EINVAL).
GPURNG_HD int type_for_bytes(size_t n) {
  if (n < 8) return -1;
  if (n < 32) return 0;
  if (n < 64) return 1;
  if (n < 128) return 2;
  if (n < 256) return 3;
  return 4;
}

// ---- TYPE_0 ----
constexpr uint32_t kLcgA = 1103515245u, kLcgC = 12345u, kLcgMask = 0x7FFFFFFFu;
GPURNG_HD uint32_t lcg_step(uint32_t x) { return (x * kLcgA + kLcgC) & kLcgMask; }
GPURNG_HD uint32_t lcg_jump(uint32_t x, uint64_t n) {
  uint32_t ra = 1, rc = 0, ba = kLcgA, bc = kLcgC;  // (ra, rc): the map of the steps taken so far
  while (n) {
    if (n & 1) {
      rc = ba * rc + bc;
      ra = ba * ra;
    }
    bc = ba * bc + bc;
    ba = ba * ba;
    n >>= 1;
  }
  return (ra * x + rc) & kLcgMask;
}

// ---- seeding (glibc __srandom_r) ----
// The words srandom writes into glibc's buffer before its discards: buffer[0] = the seed (0 -> 1) as an
// int32, then Schrage steps of 16807 mod 2^31-1 on a signed 32-bit word with truncating `long` division,
// which is part of the definition for seeds >= 2^31 (the word starts negative).
GPURNG_HD void seed_buffer(uint32_t seed, int deg, uint32_t* buffer) {
  if (seed == 0) seed = 1;
  buffer[0] = seed;
  int32_t word = static_cast<int32_t>(seed);
  for (int i = 1; i < deg; ++i) {
    const long hi = word / 127773;
    const long lo = word % 127773;
    word = static_cast<int32_t>(16807 * lo - 2836 * hi);
    if (word < 0) word += 2147483647;
    buffer[i] = static_cast<uint32_t>(word);
  }
}

// Circular buffer (front index f) <-> window, oldest first.
GPURNG_HD void window_from_buffer(const uint32_t* buffer, int deg, int front, uint32_t* window) {
  for (int j = 0; j < deg; ++j) window[j] = buffer[(front + j) % deg];
}
GPURNG_HD void buffer_from_window(const uint32_t* window, int deg, int front, uint32_t* buffer) {
  for (int j = 0; j < deg; ++j) buffer[(front + j) % deg] = window[j];
}

// ---- jump-ahead for TYPE_1..4 ----
// out = a*b mod P(x) over Z/2^32, all of degree < deg.
GPURNG_HD void poly_mulmod(const uint32_t* a, const uint32_t* b, uint32_t* out, int deg, int sep) {
  uint32_t t[2 * kMaxDegree] = {};
  for (int i = 0; i < deg; ++i)
    for (int j = 0; j < deg; ++j) t[i + j] += a[i] * b[j];
  for (int k = 2 * deg - 2; k >= deg; --k) {  // x^k = x^(k-deg) * (x^(deg-sep) + 1)
    const uint32_t c = t[k];
    t[k - sep] += c;
    t[k - deg] += c;
  }
  for (int i = 0; i < deg; ++i) out[i] = t[i];
}

// x * c mod P(x), in place.
GPURNG_HD void poly_times_x(uint32_t* c, int deg, int sep) {
  const uint32_t top = c[deg - 1];
  for (int j = deg - 1; j > 0; --j) c[j] = c[j - 1];
  c[0] = top;
  c[deg - sep] += top;
}

// x^n mod P(x) (TYPE_1..4: deg > 0).
GPURNG_HD void x_power(int deg, int sep, uint64_t n, uint32_t* power) {
  uint32_t base[kMaxDegree] = {}, tmp[kMaxDegree];
  for (int i = 0; i < deg; ++i) power[i] = 0;
  power[0] = 1;  // x^0
  base[1] = 1;   // x (deg >= 7)
  for (uint64_t e = n; e; e >>= 1) {
    if (e & 1) {
      poly_mulmod(power, base, tmp, deg, sep);
      for (int i = 0; i < deg; ++i) power[i] = tmp[i];
    }
    if (e > 1) {
      poly_mulmod(base, base, tmp, deg, sep);
      for (int i = 0; i < deg; ++i) base[i] = tmp[i];
    }
  }
}

// The deg x deg matrix M (row-major) of an n-step jump: window'[t] = sum_j M[t][j] window[j], row t being
// the coefficients of x^(n+t). Building it costs O(deg^2 log n); applying it, deg^2 multiply-adds.
GPURNG_HD void jump_matrix(int deg, int sep, uint64_t n, uint32_t* matrix) {
  uint32_t power[kMaxDegree];
  x_power(deg, sep, n, power);
  for (int t = 0; t < deg; ++t) {
    for (int j = 0; j < deg; ++j) matrix[t * deg + j] = power[j];
    poly_times_x(power, deg, sep);
  }
}
GPURNG_HD void apply_matrix(const uint32_t* matrix, int deg, const uint32_t* window, uint32_t* next) {
  for (int t = 0; t < deg; ++t) {
    uint32_t v = 0;
    for (int j = 0; j < deg; ++j) v += matrix[t * deg + j] * window[j];
    next[t] = v;
  }
}

// The window n steps later (TYPE_1..4: deg > 0).
GPURNG_HD void jump_window(uint32_t* window, int deg, int sep, uint64_t n) {
  if (n == 0) return;
  uint32_t power[kMaxDegree], next[kMaxDegree];
  x_power(deg, sep, n, power);
  for (int t = 0; t < deg; ++t) {  // r_{n+t} from the coefficients of x^(n+t)
    uint32_t v = 0;
    for (int j = 0; j < deg; ++j) v += power[j] * window[j];
    next[t] = v;
    poly_times_x(power, deg, sep);
  }
  for (int j = 0; j < deg; ++j) window[j] = next[j];
}

// The window srandom(seed) leaves for TYPE `type` (1..4), `skip` further outputs on.
GPURNG_HD void seeded_window(uint32_t seed, int type, uint64_t skip, uint32_t* window) {
  const int deg = kDegree[type], sep = kSeparation[type];
  uint32_t buffer[kMaxDegree];
  seed_buffer(seed, deg, buffer);
  window_from_buffer(buffer, deg, sep, window);  // srandom sets f = sep, b = 0
  jump_window(window, deg, sep, static_cast<uint64_t>(kDiscardPerDegree) * deg + skip);
}

// Write n outputs (random()'s 31-bit values) and advance the window. Values go into a linear buffer, and
// the SEP most recent ones ride in registers, so no step waits for a store to reach a load: about three
// times faster than indexing a ring. (The GPU runs the plain form: it hides latency with threads.)
template <int DEG, int SEP>
GPURNG_HD void fill_linear(uint32_t* window, uint32_t* out, size_t n) {
  static_assert(SEP == 1 || SEP == 3, "glibc's separations are 1 and 3");
  constexpr int deg = DEG;         // a constant: the compiler then folds every index
  constexpr size_t kChunk = 1023;  // a multiple of 3
  uint32_t b[kMaxDegree + kChunk];
  for (int j = 0; j < deg; ++j) b[j] = window[j];
  while (n) {
    const size_t m = n < kChunk ? n : kChunk;
    // r0..r2 hold r_{i-sep} for the next SEP steps: b[deg + k - SEP + s].
    uint32_t r0 = b[deg - SEP], r1 = SEP == 3 ? b[deg - 2] : 0, r2 = SEP == 3 ? b[deg - 1] : 0;
    size_t k = 0;
    for (; k + SEP <= m; k += SEP) {
      r0 += b[k];  // r_i = r_{i-deg} + r_{i-sep}
      b[deg + k] = r0;
      out[k] = r0 >> 1;
      if (SEP == 3) {
        r1 += b[k + 1];
        r2 += b[k + 2];
        b[deg + k + 1] = r1;
        b[deg + k + 2] = r2;
        out[k + 1] = r1 >> 1;
        out[k + 2] = r2 >> 1;
      }
    }
    for (; k < m; ++k) {
      const uint32_t v = b[k] + b[deg + k - SEP];
      b[deg + k] = v;
      out[k] = v >> 1;
    }
    for (int j = 0; j < deg; ++j) b[j] = b[m + j];
    out += m;
    n -= m;
  }
  for (int j = 0; j < deg; ++j) window[j] = b[j];
}

GPURNG_HD void fill(uint32_t* window, int deg, int sep, uint32_t* out, size_t n) {
  (void)sep;  // implied by deg
  switch (deg) {
    case 7:
      return fill_linear<7, 3>(window, out, n);
    case 15:
      return fill_linear<15, 1>(window, out, n);
    case 31:
      return fill_linear<31, 3>(window, out, n);
    default:
      return fill_linear<63, 1>(window, out, n);
  }
}

}  // namespace glibc_random
}  // namespace gpurng
