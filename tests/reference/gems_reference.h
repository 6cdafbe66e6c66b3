// SPDX-License-Identifier: BSD-3-Clause
// Naive oracles for the two GPU Gems-era engines, written from the definitions (the papers and the
// comments at the top of include/gpurng/engines/halton_rasrap.hpp and include/gpurng/engines/hybrid_taus.hpp), with
// textbook loops only: no jump-ahead, no tables, no reciprocals. 128-bit integers stand in for exact arithmetic.
#pragma once

#include <stdint.h>

#include <vector>

namespace gems_ref {

typedef unsigned __int128 u128;

inline uint64_t splitmix_finalise(uint64_t z) {
  z ^= z >> 30;
  z *= 0xBF58476D1CE4E5B9ull;
  z ^= z >> 27;
  z *= 0x94D049BB133111EBull;
  z ^= z >> 31;
  return z;
}

struct splitmix {
  uint64_t x;
  uint64_t next() {
    x += 0x9E3779B97F4A7C15ull;
    return splitmix_finalise(x);
  }
  // uniform on [0, r) by rejection, r as a 128-bit number (r = 2^64 allowed)
  uint64_t below(u128 r) {
    if (r == (u128(1) << 64)) return next();
    const uint64_t rr = static_cast<uint64_t>(r);
    const uint64_t reject_below = static_cast<uint64_t>((u128(1) << 64) % rr);
    for (;;) {
      uint64_t v = next();
      if (v >= reject_below) return v % rr;
    }
  }
};

// ---------------------------------------------------------------------------------------------------
// Random-start randomly permuted Halton (RASRAP)

inline uint32_t nth_prime(unsigned d) {  // d = 0 -> 2
  unsigned found = 0;
  for (uint32_t x = 2;; ++x) {
    bool is_prime = true;
    for (uint32_t q = 2; q * q <= x; ++q)
      if (x % q == 0) {
        is_prime = false;
        break;
      }
    if (is_prime) {
      if (found == d) return x;
      ++found;
    }
  }
}

struct halton_dim {
  uint32_t b;
  unsigned K;
  u128 B;  // b^K
  u128 m;  // random start
  std::vector<uint32_t> perm;
};

inline halton_dim halton_dimension(uint64_t seed, unsigned d, bool random_start = true, bool random_perm = true) {
  halton_dim h;
  h.b = nth_prime(d);
  h.K = 0;
  h.B = 1;
  while (h.B * h.b <= (u128(1) << 64)) {
    h.B *= h.b;
    h.K++;
  }
  splitmix g{splitmix_finalise(seed ^ splitmix_finalise(0x48414C544F4E0000ull + d))};
  const uint64_t m = g.below(h.B);
  h.m = random_start ? m : 0;
  h.perm.resize(h.b);
  for (uint32_t i = 0; i < h.b; ++i) h.perm[i] = i;
  for (uint32_t i = h.b - 1; i >= 2; --i) {
    uint32_t j = 1 + static_cast<uint32_t>(g.below(i));
    if (random_perm) {
      uint32_t t = h.perm[i];
      h.perm[i] = h.perm[j];
      h.perm[j] = t;
    }
  }
  return h;
}

// The 64-bit word of point n: floor(2^64 * sum_k perm(a_k) b^-(k+1)), a_k the digits of (m + n) mod b^K.
inline uint64_t halton_word(const halton_dim& h, uint64_t n) {
  u128 N = (h.m + n) % h.B;
  u128 num = 0;  // sum perm(a_k) b^(K-1-k)
  u128 weight = h.B;
  for (unsigned k = 0; k < h.K; ++k) {
    const uint32_t a = static_cast<uint32_t>(N % h.b);
    N /= h.b;
    weight /= h.b;
    num += h.perm[a] * weight;
  }
  // floor(num * 2^64 / B) by schoolbook long division in two 32-bit digits (num * 2^64 overflows 128 bits).
  u128 q = 0, r = num;
  for (int half = 0; half < 2; ++half) {
    r <<= 32;  // r < B <= 2^64, so r * 2^32 < 2^96 fits
    q = (q << 32) | (r / h.B);
    r %= h.B;
  }
  return static_cast<uint64_t>(q);
}

// ---------------------------------------------------------------------------------------------------
// GPU Gems 3 hybrid Taus, one stream stepped one output at a time

inline unsigned TausStep(unsigned& z, int S1, int S2, int S3, unsigned M) {
  unsigned b = (((z << S1) ^ z) >> S2);
  return z = (((z & M) << S3) ^ b);
}
inline unsigned LCGStep(unsigned& z, unsigned A, unsigned C) { return z = (A * z + C); }

struct taus_stream {
  unsigned z1, z2, z3, z4;
  taus_stream(uint64_t seed, uint32_t t) {
    splitmix g{splitmix_finalise(seed ^ splitmix_finalise(0x4854415553000000ull + t))};
    do z1 = static_cast<unsigned>(g.next() >> 32);
    while (z1 < 2);
    do z2 = static_cast<unsigned>(g.next() >> 32);
    while (z2 < 8);
    do z3 = static_cast<unsigned>(g.next() >> 32);
    while (z3 < 16);
    z4 = static_cast<unsigned>(g.next() >> 32);
  }
  unsigned next() {
    return TausStep(z1, 13, 19, 12, 4294967294u) ^ TausStep(z2, 2, 25, 4, 4294967288u) ^
           TausStep(z3, 3, 11, 17, 4294967280u) ^ LCGStep(z4, 1664525u, 1013904223u);
  }
};

constexpr uint32_t kTausStreams = 65536;

// Outputs [pos, pos + n) of the interleaved generator (output i = step i / T of stream i % T), by stepping.
inline std::vector<uint32_t> taus_outputs(uint64_t seed, uint64_t pos, size_t n) {
  std::vector<uint32_t> out(n);
  for (size_t i = 0; i < n; ++i) {
    const uint64_t p = pos + i;
    taus_stream s(seed, static_cast<uint32_t>(p % kTausStreams));
    uint32_t x = 0;
    for (uint64_t k = 0; k <= p / kTausStreams; ++k) x = s.next();
    out[i] = x;
  }
  return out;
}

}  // namespace gems_ref
