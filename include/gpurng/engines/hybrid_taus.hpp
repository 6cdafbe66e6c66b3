// SPDX-License-Identifier: BSD-3-Clause
// GPURNG_RNG_PSEUDO_HYBRID_TAUS: the hybrid generator of GPU Gems 3, chapter 37 (Howes and Thomas,
// "Efficient random number generation and application using CUDA"), listing 37-4: three Tausworthe
// steps of L'Ecuyer's taus88 kind and a 32-bit LCG, combined by XOR.
//
// One step of a stream, state (z1, z2, z3, z4), 32-bit unsigned arithmetic:
//   taus(z, S1, S2, S3, M) = ((z & M) << S3) ^ (((z << S1) ^ z) >> S2)
//   z1 = taus(z1, 13, 19, 12, 0xFFFFFFFE)   z2 = taus(z2, 2, 25, 4, 0xFFFFFFF8)
//   z3 = taus(z3, 3, 11, 17, 0xFFFFFFF0)   z4 = 1664525 * z4 + 1013904223 (mod 2^32)
//   output x = z1 ^ z2 ^ z3 ^ z4 (the new states).
// The listing returns x * 2.3283064365387e-10 as a float (which can round to 1.0f); the conversions here
// are exact instead (no rounding at all, so FMA contraction cannot matter):
//   float  = (x >> 9) * 2^-23 + 2^-24     in [2^-24, 1 - 2^-24]   (one output per float)
//   double = x * 2^-32 + 2^-33            in [2^-33, 1 - 2^-33]   (one output per double)
//
// Streams and layout. kStreams = T = 65536 streams; output n of the generator is step n / T of stream
// n mod T (step s = the (s+1)-th output of that stream), as cuRAND interleaves its host generators, so
// GPU thread t writes outputs t, t + T, t + 2T, ... and a warp's stores are consecutive.
// Positions are 64-bit: a fill of [pos, pos + n) needs pos + n <= 2^64 (T divides 2^64, but a stream's
// step count would not wrap with it).
//
// Seeding. mix64 is splitmix64's finaliser; splitmix64 steps x += 0x9E3779B97F4A7C15 and returns mix64(x).
// Stream t starts a splitmix64 at x = mix64(seed ^ mix64(0x4854415553000000 + t)) ("HTAUS" in the tag)
// and takes z1, z2, z3, z4 in that order, each the high 32 bits of an output; z1, z2, z3 redraw while
// below 2, 8, 16 respectively (taus88's constraint: the bits that M keeps must not all be zero, or the
// component sticks at 0). z4 takes any value.
//
// Jump-ahead. Each Tausworthe component is GF(2)-linear on its 32-bit state: z' = A z for a 32x32 bit
// matrix; a jump_table holds A^(2^k) (k = 0..63) of the three, as 32 column words each (24 KB, seed-
// independent), so skip(state, s) costs one matrix-vector product per set bit of s per component. The
// LCG is affine: z -> a z + c composes as (a, c)^2 = (a^2, a c + c), so its jump is square-and-multiply.
#pragma once

#include <stddef.h>
#include <stdint.h>

#include <vector>

#include "gpurng/hd.hpp"

namespace gpurng {
namespace hybrid_taus {

constexpr uint32_t kStreams = 65536;
constexpr uint32_t kLcgA = 1664525u, kLcgC = 1013904223u;
constexpr uint64_t kSeedTag = 0x4854415553000000ull;

struct state {
  uint32_t z1, z2, z3, z4;
};

// ---------------------------------------------------------------------------------------------------
// Steps

GPURNG_HD uint32_t taus_step(uint32_t& z, int s1, int s2, int s3, uint32_t m) {
  const uint32_t b = ((z << s1) ^ z) >> s2;
  z = ((z & m) << s3) ^ b;
  return z;
}
GPURNG_HD uint32_t taus1(uint32_t z) { return taus_step(z, 13, 19, 12, 0xFFFFFFFEu); }
GPURNG_HD uint32_t taus2(uint32_t z) { return taus_step(z, 2, 25, 4, 0xFFFFFFF8u); }
GPURNG_HD uint32_t taus3(uint32_t z) { return taus_step(z, 3, 11, 17, 0xFFFFFFF0u); }
GPURNG_HD uint32_t lcg_step(uint32_t& z) {
  z = kLcgA * z + kLcgC;
  return z;
}

GPURNG_HD uint32_t next(state& s) {
  s.z1 = taus1(s.z1);
  s.z2 = taus2(s.z2);
  s.z3 = taus3(s.z3);
  lcg_step(s.z4);
  return s.z1 ^ s.z2 ^ s.z3 ^ s.z4;
}

// ---------------------------------------------------------------------------------------------------
// Conversions

GPURNG_HD float to_float(uint32_t x) {
  return static_cast<float>(x >> 9) * 1.1920928955078125e-7f + 5.9604644775390625e-8f;
}
GPURNG_HD double to_double(uint32_t x) {
  return static_cast<double>(x) * 2.3283064365386962890625e-10 + 1.16415321826934814453125e-10;
}

// ---------------------------------------------------------------------------------------------------
// Seeding

GPURNG_HD uint64_t mix64(uint64_t z) {
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  return z ^ (z >> 31);
}
GPURNG_HD uint32_t draw_at_least(uint64_t& x, uint32_t low) {
  for (;;) {
    x += 0x9E3779B97F4A7C15ull;
    const uint32_t z = static_cast<uint32_t>(mix64(x) >> 32);
    if (z >= low) return z;
  }
}

// Stream t's state before its first step. The host API's layout uses t < kStreams; the device API
// (gpurng/device/hybrid_taus.hpp) takes any 64-bit t as its subsequence.
GPURNG_HD state seed_stream(uint64_t seed, uint64_t t) {
  uint64_t x = mix64(seed ^ mix64(kSeedTag + t));
  state s;
  s.z1 = draw_at_least(x, 2);
  s.z2 = draw_at_least(x, 8);
  s.z3 = draw_at_least(x, 16);
  s.z4 = draw_at_least(x, 0);
  return s;
}

// ---------------------------------------------------------------------------------------------------
// Jump-ahead

struct jump_table {
  uint32_t col[3][64][32];  // col[c][k][j] = A_c^(2^k) applied to the unit word 1 << j
};

// M z for M given by its 32 columns (branch-free: the same work for every z).
GPURNG_HD uint32_t matvec(const uint32_t* col, uint32_t z) {
  uint32_t y = 0;
  for (int j = 0; j < 32; ++j) y ^= col[j] & (0u - ((z >> j) & 1u));
  return y;
}

GPURNG_HD void build_jump_table(jump_table& t) {
  for (int j = 0; j < 32; ++j) {
    t.col[0][0][j] = taus1(1u << j);
    t.col[1][0][j] = taus2(1u << j);
    t.col[2][0][j] = taus3(1u << j);
  }
  for (int c = 0; c < 3; ++c)
    for (int k = 1; k < 64; ++k)
      for (int j = 0; j < 32; ++j) t.col[c][k][j] = matvec(t.col[c][k - 1], t.col[c][k - 1][j]);
}

// The LCG state s steps later.
GPURNG_HD uint32_t lcg_skip(uint32_t z, uint64_t s) {
  uint32_t a = kLcgA, c = kLcgC;
  while (s) {
    if (s & 1u) z = a * z + c;
    c = a * c + c;
    a = a * a;
    s >>= 1;
  }
  return z;
}

// The state s steps later, in O(log s), given the columns of A_c^(2^k) (a jump_table's, or the generated
// copy in gpurng/engines/hybrid_taus_jump_table.hpp that device code reads).
GPURNG_HD state skip_with(state st, uint64_t s, const uint32_t (&col)[3][64][32]) {
  st.z4 = lcg_skip(st.z4, s);
  for (int k = 0; s != 0; ++k, s >>= 1) {
    if (s & 1u) {
      st.z1 = matvec(col[0][k], st.z1);
      st.z2 = matvec(col[1][k], st.z2);
      st.z3 = matvec(col[2][k], st.z3);
    }
  }
  return st;
}
GPURNG_HD state skip(state st, uint64_t s, const jump_table& t) { return skip_with(st, s, t.col); }

// Output `pos` of the generator comes from stream stream_of(pos) at step step_of(pos).
GPURNG_HD uint32_t stream_of(uint64_t pos) { return static_cast<uint32_t>(pos % kStreams); }
GPURNG_HD uint64_t step_of(uint64_t pos) { return pos / kStreams; }

// The state that produces output `pos` with its next step, straight from the seed (a GPU thread's start). With
// first_subsequence F the T interleaved streams are F .. F + T - 1 (the host API's stream k: F = k T).
GPURNG_HD state state_for(uint64_t seed, uint64_t pos, const jump_table& t, uint64_t first_subsequence = 0) {
  return skip(seed_stream(seed, first_subsequence + stream_of(pos)), step_of(pos), t);
}

// Host-only from here (plain inline functions: nvcc's device pass parses them but compiles none).
// ---------------------------------------------------------------------------------------------------
// Host side

// Built on first use (thread-safe), shared for the life of the process.
inline const jump_table& shared_jump_table() {
  static const jump_table t = [] {
    jump_table j;
    build_jump_table(j);
    return j;
  }();
  return t;
}

// All T streams before their first step (about 1 MB; a few ms): subsequences first_subsequence + t.
inline std::vector<state> seed_states(uint64_t seed, uint64_t first_subsequence = 0) {
  std::vector<state> s(kStreams);
  for (uint32_t t = 0; t < kStreams; ++t) s[t] = seed_stream(seed, first_subsequence + t);
  return s;
}

// Outputs [pos, pos + n) of the generator into out[0 .. n), each converted by `convert`, given the T
// states `base` at step `base_step` (base_step <= pos / T; e.g. seed_states() with base_step 0, or a
// cursor the caller keeps near its position). Each stream touched is jumped once (cost: the set bits of
// its distance from base_step), then the outputs are written in order.
template <typename Out, typename Convert>
void fill_range_with(const state* base, uint64_t base_step, uint64_t pos, size_t n, Out* out, Convert convert) {
  if (n == 0) return;
  const jump_table& jt = shared_jump_table();
  const size_t lanes = n < kStreams ? n : kStreams;
  std::vector<state> lane(lanes);  // lane k serves outputs pos + k, pos + k + T, ...
  for (size_t k = 0; k < lanes; ++k) {
    const uint64_t p = pos + k;
    lane[k] = skip(base[stream_of(p)], step_of(p) - base_step, jt);
  }
  size_t k = 0;
  for (size_t i = 0; i < n; ++i) {
    out[i] = convert(next(lane[k]));
    if (++k == lanes) k = 0;
  }
}

// The same from the seed alone (every touched stream is seeded and jumped: what a GPU thread does).
template <typename Out, typename Convert>
void fill_range_seeded_with(uint64_t seed, uint64_t pos, size_t n, Out* out, Convert convert,
                            uint64_t first_subsequence) {
  if (n == 0) return;
  const jump_table& jt = shared_jump_table();
  const size_t lanes = n < kStreams ? n : kStreams;
  std::vector<state> lane(lanes);
  for (size_t k = 0; k < lanes; ++k) lane[k] = state_for(seed, pos + k, jt, first_subsequence);
  size_t k = 0;
  for (size_t i = 0; i < n; ++i) {
    out[i] = convert(next(lane[k]));
    if (++k == lanes) k = 0;
  }
}

inline void fill_range(const state* base, uint64_t base_step, uint64_t pos, size_t n, uint32_t* out) {
  fill_range_with(base, base_step, pos, n, out, [](uint32_t x) { return x; });
}
inline void fill_range(const state* base, uint64_t base_step, uint64_t pos, size_t n, float* out) {
  fill_range_with(base, base_step, pos, n, out, [](uint32_t x) { return to_float(x); });
}
inline void fill_range(const state* base, uint64_t base_step, uint64_t pos, size_t n, double* out) {
  fill_range_with(base, base_step, pos, n, out, [](uint32_t x) { return to_double(x); });
}
inline void fill(uint64_t seed, uint64_t pos, size_t n, uint32_t* out, uint64_t first_subsequence = 0) {
  fill_range_seeded_with(
      seed, pos, n, out, [](uint32_t x) { return x; }, first_subsequence);
}
inline void fill(uint64_t seed, uint64_t pos, size_t n, float* out, uint64_t first_subsequence = 0) {
  fill_range_seeded_with(
      seed, pos, n, out, [](uint32_t x) { return to_float(x); }, first_subsequence);
}
inline void fill(uint64_t seed, uint64_t pos, size_t n, double* out, uint64_t first_subsequence = 0) {
  fill_range_seeded_with(
      seed, pos, n, out, [](uint32_t x) { return to_double(x); }, first_subsequence);
}

}  // namespace hybrid_taus
}  // namespace gpurng
