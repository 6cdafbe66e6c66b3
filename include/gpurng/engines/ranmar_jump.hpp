// SPDX-License-Identifier: BSD-3-Clause
// O(log n) jump-ahead of the RANMAR lagged Fibonacci table.
//
// x_{n+97} = x_n - x_{n+64} (mod 2^B), so shifting the sequence acts on a window like multiplication by z
// modulo f(z) = z^97 + z^64 - 1. With q(z) = z^N mod f = sum_i q_i z^i, x_{s+N} = sum_i q_i x_{s+i} for
// any s. The coefficients q depend on N only (not on the seed), so one polynomial serves every generator.
// To move a whole window (97 values) by N we apply q to the 97 windows starting at s, s+1, ..., s+96,
// which needs the 194 values x_s .. x_{s+193} (the window and its extension by 97 steps).
//
// All arithmetic wraps in `word` (mod 2^32 or 2^64) and is masked to B bits at the end: exact, since 2^B
// divides the word's modulus. The carry needs no jump: it has a closed form (ranmar.hpp).
#pragma once

#include <stdint.h>

#include "gpurng/engines/ranmar.hpp"
#include "gpurng/hd.hpp"

namespace gpurng {
namespace ranmar {

constexpr int kExtendedWords = 2 * kLag;  // window plus the 97 values that follow it

// out = a * b mod f. `out` may alias neither input.
template <typename word>
GPURNG_HD void poly_mulmod(const word a[kLag], const word b[kLag], word out[kLag]) {
  word prod[2 * kLag - 1];
  for (int i = 0; i < 2 * kLag - 1; ++i) prod[i] = 0;
  for (int i = 0; i < kLag; ++i) {
    const word ai = a[i];
    for (int j = 0; j < kLag; ++j) prod[i + j] += ai * b[j];
  }
  // z^d = z^(d-97) * z^97 = z^(d-97) - z^(d-33) (mod f); from the top, so reduced terms are reduced again.
  for (int d = 2 * kLag - 2; d >= kLag; --d) {
    prod[d - kLag] += prod[d];
    prod[d - kShortLag] -= prod[d];
  }
  for (int i = 0; i < kLag; ++i) out[i] = prod[i];
}

// p = p * z mod f (one step), in place.
template <typename word>
GPURNG_HD void poly_mul_z(word p[kLag]) {
  const word top = p[kLag - 1];
  for (int i = kLag - 1; i > 0; --i) p[i] = p[i - 1];
  p[0] = top;  // z^97 = 1 - z^64
  p[kLag - kShortLag] -= top;
}

// q = z^n mod f by square-and-multiply from the top bit: 63 squarings at most.
template <typename word>
GPURNG_HD void poly_z_pow(uint64_t n, word q[kLag]) {
  for (int i = 0; i < kLag; ++i) q[i] = 0;
  q[0] = 1;
  if (n == 0) return;
  int top = 63;
  while (!((n >> top) & 1u)) --top;
  q[0] = 0;
  q[1] = 1;  // z^1: the top bit, then one squaring per lower bit
  word tmp[kLag];
  for (int bit = top - 1; bit >= 0; --bit) {
    poly_mulmod(q, q, tmp);
    for (int i = 0; i < kLag; ++i) q[i] = tmp[i];
    if ((n >> bit) & 1u) poly_mul_z(q);
  }
}

// Extend a window (x_{P-97} .. x_{P-1}) by the next 97 table values into ext[0..193].
template <Kind K>
GPURNG_HD void extend_window(const typename traits<K>::word window[kLag],
                             typename traits<K>::word ext[kExtendedWords]) {
  if constexpr (sizeof(typename traits<K>::word) == 8) {  // rolled on the GPU: see apply_jump
    GPURNG_NO_UNROLL
    for (int i = 0; i < kLag; ++i) ext[i] = window[i];
    GPURNG_NO_UNROLL
    for (int i = kLag; i < kExtendedWords; ++i) ext[i] = table_next<K>(ext[i - kLag], ext[i - kShortLag]);
  } else {
    for (int i = 0; i < kLag; ++i) ext[i] = window[i];
    for (int i = kLag; i < kExtendedWords; ++i) ext[i] = table_next<K>(ext[i - kLag], ext[i - kShortLag]);
  }
}

// window_out = the window N positions later, given ext from extend_window and q = z^N mod f.
// The coefficients may be wider than `word` (the generated powers are mod 2^64): each is reduced mod 2^(word bits)
// as it is read, which is exact.
template <Kind K, typename Q>
GPURNG_HD void apply_jump(const typename traits<K>::word ext[kExtendedWords], const Q* q,
                          typename traits<K>::word window_out[kLag]) {
  using word = typename traits<K>::word;
  if constexpr (sizeof(word) == 8) {
    // 64-bit words on the GPU: the unrolled form needs more than 255 registers and spills, 6x slower than rolled
    // loops (H100, bench/device_api/peers_bench); 32-bit words run best unrolled as the compiler likes.
    GPURNG_NO_UNROLL
    for (int i = 0; i < kLag; ++i) {
      word acc = 0;
      GPURNG_NO_UNROLL
      for (int j = 0; j < kLag; ++j) acc += static_cast<word>(q[j]) * ext[i + j];
      window_out[i] = acc & traits<K>::mask;
    }
  } else {
    for (int i = 0; i < kLag; ++i) {
      word acc = 0;
      for (int j = 0; j < kLag; ++j) acc += static_cast<word>(q[j]) * ext[i + j];
      window_out[i] = acc & traits<K>::mask;
    }
  }
}

// Move a window forward by n positions: O(log n) polynomial squarings plus one 97x97 application.
template <Kind K>
GPURNG_HD void jump_window(typename traits<K>::word window[kLag], uint64_t n) {
  using word = typename traits<K>::word;
  if (n == 0) return;
  word ext[kExtendedWords], q[kLag];
  extend_window<K>(window, ext);
  poly_z_pow<word>(n, q);
  apply_jump<K>(ext, q, window);
}

// Move a window forward by n = hi * 2^64 + lo positions with the precomputed powers q_i = z^(2^i) mod f
// (pow2[i], i < 128, coefficients mod 2^64: gpurng/engines/ranmar_jump_table.hpp): one extension and one 97x97
// application per set bit of n, no polynomial squaring (the device API's per-thread jumps).
template <Kind K>
GPURNG_HD void jump_window_pow2(typename traits<K>::word window[kLag], uint64_t lo, uint64_t hi,
                                const uint64_t (&pow2)[128][kLag]) {
  using word = typename traits<K>::word;
  word ext[kExtendedWords];  // the coefficients are read from the table where they are: no per-thread copy
  for (int bit = 0; bit < 128; ++bit) {
    const uint64_t half = bit < 64 ? lo : hi;
    if (!((half >> (bit & 63)) & 1u)) continue;
    extend_window<K>(window, ext);
    apply_jump<K>(ext, pow2[bit], window);
  }
}

}  // namespace ranmar
}  // namespace gpurng
