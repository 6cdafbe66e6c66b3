// SPDX-License-Identifier: BSD-3-Clause
// XORWOW (Marsaglia, "Xorshift RNGs", J. Stat. Softw. 8, 2003: a 160-bit xorshift plus a Weyl counter) as
// cuRAND seeds, steps and jumps it: CURAND_RNG_PSEUDO_XORWOW and the device API's curandStateXORWOW
// (curand_init in cuRAND's curand_kernel.h).
//
// State: five words v0..v4 (the xorshift part, 160 bits) and the Weyl counter d. One step:
//   t = v0 ^ (v0 >> 2); (v0..v3) <- (v1..v4); v4 <- (v4 ^ (v4 << 4)) ^ (t ^ (t << 1)); d += 362437;
//   output v4 + d.
//
// Jump-ahead. The xorshift part is linear over GF(2): one step is a 160x160 bit matrix M, n steps M^n.
// The counter is d + 362437 n (mod 2^32). cuRAND's subsequences are 2^67 steps apart, which moves d by a
// multiple of 2^32, i.e. not at all. With the matrices M^(2^i) at hand, M^n is a product of at most 64 of
// them, and a state moves by n steps with popcount(n) matrix-vector products. (M itself is read off by
// stepping the 160 unit states, here and in the table generator, so nothing is copied from cuRAND's tables.)
//
// Matrices are stored by columns: col[j] is the image of the unit state with bit j set (bit j lives in
// word j/32, bit j%32). Applying a matrix XORs the columns of the state's set bits; for many states the
// same matrix is applied through a byte table (20 bytes x 256 XOR-combinations of 8 columns), which turns
// 160 conditional XORs into 20 lookups.
//
// Two sources of the powers M^(2^i), equal bit for bit (tests/device_api/test_jump_tables.cpp checks it):
//   - generated tables (xorwow_jump_tables.hpp, tools/jump_tables/make_jump_tables.py): M^(2^i) and
//     M^(2^(67+i)), i < 64, readable by host and device code. The per-state jumps skip, skip_subsequence and
//     init use them, so they run on the GPU too (the device API's gpurng_init and gpurng_skipahead*).
//   - the power table computed at run time (powers(), host only): the bulk jumps of the host layouts
//     (jump_matrix, byte tables) multiply its matrices, and it is the tables' independent check.
#pragma once

#include <stdint.h>

#include "gpurng/device/tables.hpp"
#include "gpurng/engines/xorwow_jump_tables.hpp"
#include "gpurng/hd.hpp"

#if !defined(__CUDA_ARCH__)
#include <memory>
#include <mutex>
#endif

namespace gpurng {
namespace xorwow {

constexpr uint32_t kWeyl = 362437u;   // counter increment per step
constexpr int kWords = 5;             // xorshift words
constexpr int kBits = 32 * kWords;    // 160
constexpr int kSubsequenceLog2 = 67;  // curand_init's subsequence stride: 2^67 steps
// Powers M^(2^i) kept: i < 64 reaches any 64-bit step count, and 67 + 64 any 64-bit subsequence number.
constexpr int kPowers = kSubsequenceLog2 + 64;

struct state {
  uint32_t v[kWords];
  uint32_t d;
};

// cuRAND's seeding (curand_init before any skip): salt both halves of the seed, mix each by an odd
// multiplier, and offset Marsaglia's published start words by the mixed values.
GPURNG_HD state seed_state(uint64_t seed) {
  const uint32_t s0 = static_cast<uint32_t>(seed) ^ 0xaad26b49u;
  const uint32_t s1 = static_cast<uint32_t>(seed >> 32) ^ 0xf7dcefddu;
  const uint32_t t0 = 1099087573u * s0;
  const uint32_t t1 = 2591861531u * s1;
  state s;
  s.d = 6615241u + t1 + t0;
  s.v[0] = 123456789u + t0;
  s.v[1] = 362436069u ^ t0;
  s.v[2] = 521288629u + t1;
  s.v[3] = 88675123u ^ t1;
  s.v[4] = 5783321u + t0;
  return s;
}

// The xorshift part of one step, without the counter.
GPURNG_HD void shift_step(uint32_t v[kWords]) {
  const uint32_t t = v[0] ^ (v[0] >> 2);
  v[0] = v[1];
  v[1] = v[2];
  v[2] = v[3];
  v[3] = v[4];
  v[4] = (v[4] ^ (v[4] << 4)) ^ (t ^ (t << 1));
}

// One step and its output, on the words of any state layout (the device API's gpurngStateXORWOW keeps d first).
GPURNG_HD uint32_t next(uint32_t v[kWords], uint32_t& d) {
  shift_step(v);
  d += kWeyl;
  return v[4] + d;
}
GPURNG_HD uint32_t next(state& s) { return next(s.v, s.d); }

// ---- GF(2) matrices on the 160-bit xorshift state ----

GPURNG_HD int lowest_bit(uint32_t x) {  // x != 0
#if defined(__CUDA_ARCH__)
  return __ffs(static_cast<int>(x)) - 1;
#else
  return __builtin_ctz(x);
#endif
}

struct matrix {
  uint32_t col[kBits][kWords];
};

// How columns_vec reads a matrix word: plainly, or (generated tables) through device::table_load.
struct plain_words {
  static GPURNG_HD uint32_t get(const uint32_t* p) { return *p; }
};
struct table_words {
  static GPURNG_HD uint32_t get(const uint32_t* p) { return device::table_load(p); }
};

// out = C v for the matrix with columns col[0..159]. `out` may alias `v`. The loops over words are unrolled so
// that v, r and out stay in registers on the GPU.
template <class Words>
GPURNG_HD void columns_vec(const uint32_t (*col)[kWords], const uint32_t v[kWords], uint32_t out[kWords]) {
  uint32_t r[kWords] = {0, 0, 0, 0, 0};
  GPURNG_UNROLL
  for (int w = 0; w < kWords; ++w) {
    uint32_t bits = v[w];
    while (bits) {
      const int b = lowest_bit(bits);
      bits &= bits - 1;
      const uint32_t* c = col[32 * w + b];
      GPURNG_UNROLL
      for (int k = 0; k < kWords; ++k) r[k] ^= Words::get(c + k);
    }
  }
  GPURNG_UNROLL
  for (int k = 0; k < kWords; ++k) out[k] = r[k];
}

// out = m * v. `out` may alias `v`.
GPURNG_HD void mat_vec(const matrix& m, const uint32_t v[kWords], uint32_t out[kWords]) {
  columns_vec<plain_words>(m.col, v, out);
}

// ---- per-state jumps from the generated tables (host and device) ----

// Move the xorshift part by n * 2^e steps, table[i] = M^(2^(e+i)): one product per set bit of n.
GPURNG_HD void table_jump(uint32_t v[kWords], uint64_t n, const uint32_t (*table)[kBits][kWords]) {
  for (int i = 0; n; ++i, n >>= 1)
    if (n & 1u) columns_vec<table_words>(table[i], v, v);
}

// skipahead(n): n steps; the counter moves by 362437 n mod 2^32.
GPURNG_HD void skip(uint32_t v[kWords], uint32_t& d, uint64_t n) {
  table_jump(v, n, GPURNG_TABLE(kJumpOffset));
  d += kWeyl * static_cast<uint32_t>(n);
}
GPURNG_HD void skip(state& s, uint64_t n) { skip(s.v, s.d, n); }

// skipahead_sequence(n): n * 2^67 steps; d moves by a multiple of 2^32, i.e. stays.
GPURNG_HD void skip_subsequence(uint32_t v[kWords], uint64_t n) { table_jump(v, n, GPURNG_TABLE(kJumpSubsequence)); }
GPURNG_HD void skip_subsequence(state& s, uint64_t n) { skip_subsequence(s.v, n); }

// The state of curand_init(seed, subsequence, offset).
GPURNG_HD state init(uint64_t seed, uint64_t subsequence, uint64_t offset) {
  state s = seed_state(seed);
  skip_subsequence(s, subsequence);
  skip(s, offset);
  return s;
}

// The byte table of a matrix: t[b][x] = m * (x placed in byte b of the state).
struct byte_table {
  uint32_t t[kBits / 8][256][kWords];
};

inline void build_byte_table(const matrix& m, byte_table& bt) {
  for (int b = 0; b < kBits / 8; ++b) {
    for (int k = 0; k < kWords; ++k) bt.t[b][0][k] = 0;
    // each entry is a smaller entry (lowest set bit removed) plus one column
    for (int x = 1; x < 256; ++x) {
      const int low = lowest_bit(static_cast<uint32_t>(x));
      const uint32_t* prev = bt.t[b][x & (x - 1)];
      const uint32_t* c = m.col[8 * b + low];
      for (int k = 0; k < kWords; ++k) bt.t[b][x][k] = prev[k] ^ c[k];
    }
  }
}

// out = m * v through m's byte table. `out` may alias `v`.
GPURNG_HD void table_vec(const byte_table& bt, const uint32_t v[kWords], uint32_t out[kWords]) {
  uint32_t r[kWords] = {0, 0, 0, 0, 0};
  for (int b = 0; b < kBits / 8; ++b) {
    const uint32_t* e = bt.t[b][(v[b >> 2] >> (8 * (b & 3))) & 0xFFu];
    for (int k = 0; k < kWords; ++k) r[k] ^= e[k];
  }
  for (int k = 0; k < kWords; ++k) out[k] = r[k];
}

// out = a * b (b first, then a). `scratch` holds a's byte table. `out` may alias `b` but not `a`.
inline void mat_mul(const matrix& a, const matrix& b, matrix& out, byte_table& scratch) {
  build_byte_table(a, scratch);
  for (int j = 0; j < kBits; ++j) table_vec(scratch, b.col[j], out.col[j]);
}

inline void identity(matrix& m) {
  for (int j = 0; j < kBits; ++j)
    for (int k = 0; k < kWords; ++k) m.col[j][k] = (k == j / 32) ? (1u << (j % 32)) : 0u;
}

// M, read off by stepping each unit state once.
inline void step_matrix(matrix& m) {
  for (int j = 0; j < kBits; ++j) {
    uint32_t v[kWords] = {0, 0, 0, 0, 0};
    v[j / 32] = 1u << (j % 32);
    shift_step(v);
    for (int k = 0; k < kWords; ++k) m.col[j][k] = v[k];
  }
}

#if !defined(__CUDA_ARCH__)
// M^(2^i) for i < kPowers, computed on first use (about 130 squarings; the cost is measured by the
// parity tests) and shared by every generator of the process. Seed-independent.
struct power_table {
  matrix pow2[kPowers];
};

inline const power_table& powers() {
  static std::unique_ptr<power_table> table;
  static std::once_flag once;
  std::call_once(once, [] {
    auto t = std::make_unique<power_table>();
    auto scratch = std::make_unique<byte_table>();
    step_matrix(t->pow2[0]);
    for (int i = 1; i < kPowers; ++i) mat_mul(t->pow2[i - 1], t->pow2[i - 1], t->pow2[i], *scratch);
    table = std::move(t);
  });
  return *table;
}

// M^(n * 2^e) for e + bit_length(n) <= kPowers, as a product of table entries.
inline void jump_matrix(uint64_t n, int e, matrix& out) {
  const power_table& p = powers();
  identity(out);
  auto scratch = std::make_unique<byte_table>();
  bool first = true;
  for (int i = 0; n; ++i, n >>= 1) {
    if (!(n & 1u)) continue;
    if (first) {
      out = p.pow2[e + i];
      first = false;
    } else {
      mat_mul(p.pow2[e + i], out, out, *scratch);
    }
  }
}

// Move the xorshift part by n * 2^e steps with one matrix-vector product per set bit of n, from the run-time
// power table (the reference the generated tables are checked against; skip() uses the tables).
inline void shift_jump(uint32_t v[kWords], uint64_t n, int e) {
  const power_table& p = powers();
  for (int i = 0; n; ++i, n >>= 1)
    if (n & 1u) mat_vec(p.pow2[e + i], v, v);
}
#endif

}  // namespace xorwow
}  // namespace gpurng
