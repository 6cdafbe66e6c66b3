// SPDX-License-Identifier: BSD-3-Clause
// Philox4x32 (Salmon, Moraes, Dror, Shaw: "Parallel random numbers: as easy as 1, 2, 3", SC'11), the
// counter-based generator behind cuRAND's CURAND_RNG_PSEUDO_PHILOX4_32_10
// (cuRAND's curand_philox4x32_x.h; known answers: Random123's tests/kat_vectors).
//
// A block maps a 128-bit counter and a 64-bit key to four 32-bit words; there is no state to carry, so
// any output is reachable in O(1) and jump-ahead is counter arithmetic.
//
// One round on counter (c0, c1, c2, c3) and key (k0, k1), with the two 32x32->64 products
//   (hi0, lo0) = M0 * c0,  (hi1, lo1) = M1 * c2:
//   (c0, c1, c2, c3) <- (hi1 ^ c1 ^ k0, lo1, hi0 ^ c3 ^ k1, lo0)
// and the key is bumped by the Weyl constants (W0, W1) between rounds (not before the first).
//
// cuRAND's mapping (curand_init(seed, subsequence, offset) of the device API, which the host generator
// follows): key = (lo32(seed), hi32(seed)); the counter is one 128-bit number whose low half (c0, c1)
// counts blocks within a subsequence and whose high half (c2, c3) is the subsequence; offset o selects
// block o/4 and lane o%4; lanes are emitted c0, c1, c2, c3.
#pragma once

#include <stdint.h>

#include "gpurng/hd.hpp"

namespace gpurng {
namespace philox {

constexpr uint32_t kM0 = 0xD2511F53u;  // multiplier applied to word 0
constexpr uint32_t kM1 = 0xCD9E8D57u;  // multiplier applied to word 2
constexpr uint32_t kW0 = 0x9E3779B9u;  // key bump, word 0 (golden ratio)
constexpr uint32_t kW1 = 0xBB67AE85u;  // key bump, word 1 (sqrt(3) - 1)

// Four 32-bit words: a counter or a block's output, word 0 first.
// Four words: 32-bit words, or (the CPU backend's lanes of counters) lane vectors of them.
template <typename W>
struct words4 {
  W w[4];
};
typedef words4<uint32_t> u32x4;

struct key2 {
  uint32_t k0, k1;
};

// The low word of a 32x32-bit product, its high word in *hi. On the device both come from one inline-PTX pair of
// multiplies with the same operands, which ptxas fuses into one IMAD.WIDE.U32: written in C++, the compiler
// strength-reduces the low products across loop iterations and the pairs are lost (13 more IMADs per block,
// 9 % slower fused kernels on an H100 than cuRAND's; a 64-bit product is worse still: emulated 64-bit integer work).
GPURNG_HD uint32_t mul_hilo(uint32_t a, uint32_t b, uint32_t* hi) {
#if defined(__CUDA_ARCH__)
  uint32_t lo;
  asm("mul.hi.u32 %0, %2, %3;\n\tmul.lo.u32 %1, %2, %3;" : "=r"(*hi), "=r"(lo) : "r"(a), "r"(b));
  return lo;
#else
  const uint64_t p = static_cast<uint64_t>(a) * b;
  *hi = static_cast<uint32_t>(p >> 32);
  return static_cast<uint32_t>(p);
#endif
}

// One round on any word type W with a mul_hilo (the key is the same for every lane: one seed).
template <typename W>
GPURNG_HD words4<W> round(const words4<W>& c, key2 k) {
  W hi0, hi1;
  const W lo0 = mul_hilo(kM0, c.w[0], &hi0);
  const W lo1 = mul_hilo(kM1, c.w[2], &hi1);
  words4<W> r;
  r.w[0] = hi1 ^ c.w[1] ^ k.k0;
  r.w[1] = lo1;
  r.w[2] = hi0 ^ c.w[3] ^ k.k1;
  r.w[3] = lo0;
  return r;
}

template <int R = 10, typename W>
GPURNG_HD words4<W> block(words4<W> c, key2 k) {
  c = round(c, k);
  for (int r = 1; r < R; ++r) {
    k.k0 += kW0;
    k.k1 += kW1;
    c = round(c, k);
  }
  return c;
}

GPURNG_HD key2 key_of_seed(uint64_t seed) { return {static_cast<uint32_t>(seed), static_cast<uint32_t>(seed >> 32)}; }

// The counter of block `index` (0, 1, ...) of subsequence `subsequence`. Low 64 bits: block index;
// high 64 bits: subsequence. (cuRAND adds both with carries across the 128 bits; the carry from the
// low half into the high half can only occur past 2^64 blocks, which no 64-bit offset reaches.)
GPURNG_HD u32x4 counter_of(uint64_t subsequence, uint64_t index) {
  return {{static_cast<uint32_t>(index), static_cast<uint32_t>(index >> 32), static_cast<uint32_t>(subsequence),
           static_cast<uint32_t>(subsequence >> 32)}};
}

// ---- cuRAND's counter arithmetic (device API: skipahead, skipahead_sequence, the step after a block) ----
// The counter is four words, c[0] lowest. These add exactly as curand_kernel.h's Philox_State_Incr* do,
// including one quirk of counter_add: the carry out of word 0 goes into n's high half, and when that half is
// 2^32 - 1 it wraps to 0 and the carry is lost (only for n >= 2^64 - 2^32, which skipahead, adding at most
// 2^62, never passes). counter_add_high is a sum mod 2^64 of the high half, no carry out, as cuRAND's.

// counter += n (skipahead: n blocks).
GPURNG_HD void counter_add(uint32_t c[4], uint64_t n) {
  const uint32_t lo = static_cast<uint32_t>(n);
  uint32_t hi = static_cast<uint32_t>(n >> 32);
  c[0] += lo;
  if (c[0] < lo) ++hi;
  c[1] += hi;
  if (hi <= c[1]) return;  // no carry out of word 1
  if (++c[2]) return;
  ++c[3];
}

// counter += 1 (the next block).
GPURNG_HD void counter_increment(uint32_t c[4]) {
  if (++c[0]) return;
  if (++c[1]) return;
  if (++c[2]) return;
  ++c[3];
}

// counter += n * 2^64 (skipahead_sequence, curand_init's subsequence): the high half, mod 2^64.
GPURNG_HD void counter_add_high(uint32_t c[4], uint64_t n) {
  const uint32_t lo = static_cast<uint32_t>(n);
  uint32_t hi = static_cast<uint32_t>(n >> 32);
  c[2] += lo;
  if (c[2] < lo) ++hi;
  c[3] += hi;
}

// Output `position` (0, 1, ...) of the device-API stream curand_init(seed, subsequence, 0): lane
// position % 4 of block position / 4.
GPURNG_HD uint32_t output_at(uint64_t seed, uint64_t subsequence, uint64_t position) {
  return block<10>(counter_of(subsequence, position >> 2), key_of_seed(seed)).w[position & 3];
}

}  // namespace philox
}  // namespace gpurng
