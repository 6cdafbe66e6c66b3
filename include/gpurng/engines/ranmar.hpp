// SPDX-License-Identifier: BSD-3-Clause
// RANMAR engines (CERNLIB V113 RANMAR, V116 RM48 / CORSIKA RMMARD, and the 48-bit-carry RANMAR48X),
// in integer arithmetic. Every floating-point step of the Fortran originals is exact, so integers
// reproduce them bit for bit (docs/ALGORITHMS.md; F. James, Comput. Phys. Commun. 60 (1990) 329).
//
// Stream model used throughout the library (validated against the naive Fortran-style reference):
//   table    x_n = (x_{n-97} - x_{n-33}) mod 2^B, with x_{-p} = U(p) of the freshly filled table;
//   carry    c_n = (C0 - CD*(n+1)) mod CM          (the carry the n-th output uses, n = 0, 1, ...);
//   output   r_n = (x_n - c_n * 2^S) mod 2^B        (S = 24 for RANMAR48, 0 otherwise).
// A generator's state at position P is its window: x_{P-97} .. x_{P-1} (97 words, oldest first).
#pragma once

#include <stdint.h>

#include "gpurng/hd.hpp"

namespace gpurng {
namespace ranmar {

constexpr int kLag = 97;       // the long lag: window size
constexpr int kShortLag = 33;  // the short lag

enum class Kind { r24, r48, r48x };

// Per-engine constants. `word` holds a table value; arithmetic wraps in `word` and is masked to B bits,
// which is exact because 2^B divides 2^(bits of word).
template <Kind K>
struct traits;

template <>
struct traits<Kind::r24> {
  using word = uint32_t;
  using carry_t = uint32_t;
  static constexpr int bits = 24;
  static constexpr word mask = 0xFFFFFFu;
  static constexpr int carry_shift = 0;
  static constexpr uint64_t c0 = 362436u, cd = 7654321u, cm = 16777213u;
};

template <>
struct traits<Kind::r48> {
  using word = uint64_t;
  using carry_t = uint64_t;  // 24-bit values, but lanes as wide as the table words vectorise better
  static constexpr int bits = 48;
  static constexpr word mask = 0xFFFFFFFFFFFFull;
  static constexpr int carry_shift = 24;  // the 24-bit carry is subtracted at 2^-24 scale
  static constexpr uint64_t c0 = 362436u, cd = 7654321u, cm = 16777213u;
};

// RANMAR48X: McCann's proposal of a 48-bit carry. The modulus is the largest prime below 2^48; the
// decrement is floor(CM * (sqrt(5)-1)/2): a golden-ratio Weyl step gives the carry's low bits the
// highest linear complexity of the candidates we measured (docs/ALGORITHMS.md). The start value repeats
// the 24-bit start in both halves.
template <>
struct traits<Kind::r48x> {
  using word = uint64_t;
  using carry_t = uint64_t;
  static constexpr int bits = 48;
  static constexpr word mask = 0xFFFFFFFFFFFFull;
  static constexpr int carry_shift = 0;
  static constexpr uint64_t c0 = 6080667420612ull;    // 362436 * 2^24 + 362436
  static constexpr uint64_t cd = 173961102589734ull;  // floor((2^48-59) * (sqrt(5)-1)/2)
  static constexpr uint64_t cm = 281474976710597ull;  // 2^48 - 59, prime
};

// Split a CERNLIB seed IJKL into the table-fill seeds I, J, K, L (CERNLIB V113 RMARIN; James 1990).
struct fill_seeds {
  int i, j, k, l;
};
GPURNG_HD fill_seeds split_ijkl(uint32_t ijkl) {
  const int ij = static_cast<int>(ijkl / 30082u);
  const int kl = static_cast<int>(ijkl - 30082u * static_cast<uint32_t>(ij));
  return {(ij / 177) % 177 + 2, ij % 177 + 2, (kl / 169) % 178 + 1, kl % 169};
}

// Fill the initial window from IJKL: window[i] = x_{-97+i} = U(97-i). Each U(p) is built MSB-first
// from B bits of Marsaglia's combination of a 3-lag Fibonacci and a congruential sequence.
template <Kind K>
GPURNG_HD void seed_window(uint32_t ijkl, typename traits<K>::word window[kLag]) {
  using word = typename traits<K>::word;
  fill_seeds s = split_ijkl(ijkl);
  for (int slot = 1; slot <= kLag; ++slot) {
    word u = 0;
    for (int b = 0; b < traits<K>::bits; ++b) {
      const int m = (((s.i * s.j) % 179) * s.k) % 179;
      s.i = s.j;
      s.j = s.k;
      s.k = m;
      s.l = (53 * s.l + 1) % 169;
      u = (u << 1) | static_cast<word>((s.l * m) % 64 >= 32);
    }
    window[kLag - slot] = u;
  }
}

// The carry that output n uses: (C0 - CD*(n+1)) mod CM, in O(1). Values stay below 2^48, so the 24-bit
// product fits 64 bits and the 48-bit one needs 128.
template <Kind K>
GPURNG_HD uint64_t carry_at(uint64_t n) {
  using T = traits<K>;
  const uint64_t steps = (n % T::cm + 1) % T::cm;
#if defined(__SIZEOF_INT128__) || defined(__CUDACC__)
  const uint64_t prod = static_cast<uint64_t>((static_cast<unsigned __int128>(T::cd) * steps) % T::cm);
#else
#error "a 128-bit integer type is required"
#endif
  return (T::c0 + T::cm - prod) % T::cm;
}

// The carry output n uses for a 128-bit position n = hi * 2^64 + lo (the device API's subsequences lie 2^64
// apart): (C0 - CD*(n+1)) mod CM with n reduced mod CM first.
template <Kind K>
GPURNG_HD uint64_t carry_at(uint64_t lo, uint64_t hi) {
  using T = traits<K>;
  const unsigned __int128 two64 = (static_cast<unsigned __int128>(1) << 64) % T::cm;
  const uint64_t n_mod = static_cast<uint64_t>(((hi % T::cm) * two64 + lo % T::cm) % T::cm);
  return carry_at<K>(n_mod);  // carry_at depends on n mod CM only
}

// The position CERNLIB's and CORSIKA's restart (seed, NTOT, NTOT2) stands for: NTOT2 passes of MODCNS = 10^9
// numbers and a last pass of NTOT; a negative NTOT2 runs no pass, a negative NTOT an empty last pass (the
// originals' skip loop).
GPURNG_HD uint64_t restart_position(int32_t ntot, int32_t ntot2) {
  if (ntot2 < 0) return 0;
  return static_cast<uint64_t>(ntot2) * 1000000000ull + static_cast<uint64_t>(ntot > 0 ? ntot : 0);
}

// The carry `distance` outputs later, given the carry now: c - distance*CD (mod CM).
template <Kind K>
GPURNG_HD uint64_t carry_decrement_for(uint64_t distance) {
  using T = traits<K>;
  return static_cast<uint64_t>((static_cast<unsigned __int128>(T::cd) * (distance % T::cm)) % T::cm);
}
// Step a carry `decrement` (already reduced mod CM) further; C is the carry's integer type, which may be
// narrower than traits<K>::carry_t where the values fit (the GPU keeps 24-bit carries in 32 bits).
// 64-bit carries are below 2^48, so the difference is formed as a signed value and its sign selects the
// wrap-around: x86 SIMD has signed 64-bit compares but (before AVX-512) no unsigned ones.
template <Kind K, typename C>
GPURNG_HD C carry_advance(C c, C decrement) {
  if constexpr (sizeof(C) == 8) {
    const int64_t t = static_cast<int64_t>(c) - static_cast<int64_t>(decrement);
    return static_cast<C>(t < 0 ? t + static_cast<int64_t>(traits<K>::cm) : t);
  } else {
    return c >= decrement ? static_cast<C>(c - decrement)
                          : static_cast<C>(c + (static_cast<C>(traits<K>::cm) - decrement));
  }
}

// One table step and the raw output.
template <Kind K>
GPURNG_HD typename traits<K>::word table_next(typename traits<K>::word x97, typename traits<K>::word x33) {
  return static_cast<typename traits<K>::word>(x97 - x33) & traits<K>::mask;
}
template <Kind K>
GPURNG_HD typename traits<K>::word raw_output(typename traits<K>::word x, uint64_t carry) {
  using word = typename traits<K>::word;
  return static_cast<word>(x - (static_cast<word>(carry) << traits<K>::carry_shift)) & traits<K>::mask;
}

// Position of the table value that CERNLIB's U(2) holds right after output n was produced: slot
// 97 - (n mod 97) receives x_n, so slot 2 last received x_m with m = n - ((n + 2) mod 97), which lies in
// [n - 96, n] (before the first 95 outputs: the initial table, i.e. the window). V113 RANMAR replaces an
// exact-zero output by it. Returns the distance n - m.
GPURNG_HD uint32_t u2_distance_back(uint64_t n) { return static_cast<uint32_t>((n % kLag + 2) % kLag); }

}  // namespace ranmar
}  // namespace gpurng
