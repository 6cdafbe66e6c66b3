// SPDX-License-Identifier: BSD-3-Clause
// MRG32k3a (L'Ecuyer, "Good parameters and implementations for combined multiple recursive random number
// generators", Oper. Res. 47, 1999) as cuRAND seeds and emits it (curand_init and curand in cuRAND's curand_kernel.h).
//
// Two order-3 recurrences,
//   x1_n = (a12 x1_{n-2} - a13n x1_{n-3}) mod m1,    x2_n = (a21 x2_{n-1} - a23n x2_{n-3}) mod m2,
// combined as z_n = (x1_n - x2_n) mod m1 taken in [1, m1] (z = m1 when x1_n == x2_n).
//
// All arithmetic here is in integers. cuRAND's host path computes the same values in doubles with
// explicit floor-based reductions; every intermediate there is an integer below 2^53, so the doubles are
// exact and the integer form gives identical states. Only the final conversions (bits, uniforms) use
// floating point, written as cuRAND writes them.
//
// Jump-ahead: each recurrence is s <- A s on its 3-word state (oldest word first), so n steps is A^n s.
// cuRAND's subsequences are 2^76 steps apart, its sequences 2^127. Two ways to a jump, equal bit for bit:
//   - matrix powers by square-and-multiply mod m (jump_of, jump_of_pow2): one matrix for many states (the host
//     layouts), and the reference for the tables;
//   - per-state jumps from generated windowed powers (table_jump, skip*, init; mrg32k3a_jump_tables.hpp):
//     A^(j 2^(base + 4w)), so a jump by n strides is one matrix-vector product per nonzero hex digit of n and
//     component, no matrix product at all, on the host and on the GPU (the device API's gpurng_init).
#pragma once

#include <stdint.h>

#include "gpurng/device/tables.hpp"
#include "gpurng/engines/mrg32k3a_jump_tables.hpp"
#include "gpurng/hd.hpp"

namespace gpurng {
namespace mrg32k3a {

constexpr uint32_t kM1 = 4294967087u;  // 2^32 - 209
constexpr uint32_t kM2 = 4294944443u;  // 2^32 - 22853
constexpr uint32_t kA12 = 1403580u;
constexpr uint32_t kA13n = 810728u;
constexpr uint32_t kA21 = 527612u;
constexpr uint32_t kA23n = 1370589u;

constexpr int kSubsequenceLog2 = 76;  // curand_init's subsequence stride: 2^76 outputs
constexpr int kSequenceLog2 = 127;    // skipahead_sequence's stride

// cuRAND's conversions of z in [1, m1]. kNorm is cuRAND's spelling of 1/m1 (not 1/(m1+1) as in L'Ecuyer's
// paper); kBitsNorm approximates (2^32-1)/m1 and is the literal cuRAND uses (the exact quotient rounds
// differently on some hosts, its header says), so it must stay this decimal.
constexpr double kNorm = 2.3283065498378288e-10;
constexpr double kBitsNorm = 1.000000048662;

struct state {
  uint32_t s1[3];  // first component, oldest word first
  uint32_t s2[3];  // second component
};

// 3x3 matrix modulo m, row-major.
struct mat3 {
  uint32_t a[3][3];
};

// x mod m for m = 2^32 - c (both moduli have this form, c = 209 and 22853): 2^32 = c (mod m), so folding the
// high word down twice, x -> hi*c + lo, leaves a value below 2^32 + 2^30 < 2m, and one conditional
// subtraction finishes. Exact for every 64-bit x; cheaper than a 64-bit division, and branch-free.
GPURNG_HD constexpr uint32_t reduce(uint64_t x, uint32_t m) {
  const uint64_t c = (uint64_t{1} << 32) - m;  // < 2^15
  x = (x >> 32) * c + (x & 0xFFFFFFFFu);       // < 2^47 + 2^32
  x = (x >> 32) * c + (x & 0xFFFFFFFFu);       // < 2^32 + 2^30
  return static_cast<uint32_t>(x >= m ? x - m : x);
}

GPURNG_HD constexpr uint32_t mulmod(uint32_t a, uint32_t b, uint32_t m) {
  return reduce(static_cast<uint64_t>(a) * b, m);
}

// a*b + c*d + e*f mod m for factors below 2^32: each product is folded once (to below 2^47 + 2^32) so the
// sum of three cannot overflow, then reduced.
GPURNG_HD constexpr uint32_t dot3(uint32_t a, uint32_t b, uint32_t c, uint32_t d, uint32_t e, uint32_t f, uint32_t m) {
  const uint64_t k = (uint64_t{1} << 32) - m;
  const uint64_t p = static_cast<uint64_t>(a) * b, q = static_cast<uint64_t>(c) * d, r = static_cast<uint64_t>(e) * f;
  return reduce(((p >> 32) + (q >> 32) + (r >> 32)) * k + (p & 0xFFFFFFFFu) + (q & 0xFFFFFFFFu) + (r & 0xFFFFFFFFu), m);
}

// (x * y) mod m for 3x3 matrices whose entries are already below m.
GPURNG_HD constexpr mat3 mat_mul(const mat3& x, const mat3& y, uint32_t m) {
  mat3 r{};
  for (int i = 0; i < 3; ++i)
    for (int j = 0; j < 3; ++j) r.a[i][j] = dot3(x.a[i][0], y.a[0][j], x.a[i][1], y.a[1][j], x.a[i][2], y.a[2][j], m);
  return r;
}

// v <- x v (mod m).
GPURNG_HD constexpr void mat_vec(const mat3& x, uint32_t v[3], uint32_t m) {
  uint32_t r[3] = {0, 0, 0};
  for (int i = 0; i < 3; ++i) r[i] = dot3(x.a[i][0], v[0], x.a[i][1], v[1], x.a[i][2], v[2], m);
  for (int i = 0; i < 3; ++i) v[i] = r[i];
}

GPURNG_HD constexpr mat3 identity() { return mat3{{{1, 0, 0}, {0, 1, 0}, {0, 0, 1}}}; }

// One-step matrices: the new word is the last row, the two older words shift down.
GPURNG_HD constexpr mat3 step_matrix1() { return mat3{{{0, 1, 0}, {0, 0, 1}, {kM1 - kA13n, kA12, 0}}}; }
GPURNG_HD constexpr mat3 step_matrix2() { return mat3{{{0, 1, 0}, {0, 0, 1}, {kM2 - kA23n, 0, kA21}}}; }

// x^n mod m, square-and-multiply from the low bit.
GPURNG_HD constexpr mat3 mat_pow(mat3 x, uint64_t n, uint32_t m) {
  mat3 r = identity();
  while (n) {
    if (n & 1u) r = mat_mul(r, x, m);
    x = mat_mul(x, x, m);
    n >>= 1;
  }
  return r;
}

// x^(2^e) mod m by e squarings.
GPURNG_HD constexpr mat3 mat_pow2(mat3 x, int e, uint32_t m) {
  for (int i = 0; i < e; ++i) x = mat_mul(x, x, m);
  return x;
}

// The pair of matrices that moves a state by some fixed number of steps.
struct jump {
  mat3 j1, j2;
};

GPURNG_HD constexpr jump jump_of(uint64_t n) {
  return {mat_pow(step_matrix1(), n, kM1), mat_pow(step_matrix2(), n, kM2)};
}
// n * 2^e steps.
GPURNG_HD constexpr jump jump_of_pow2(int e, uint64_t n) {
  return {mat_pow(mat_pow2(step_matrix1(), e, kM1), n, kM1), mat_pow(mat_pow2(step_matrix2(), e, kM2), n, kM2)};
}
// First one jump, then the other (the matrices commute: all are powers of the step).
GPURNG_HD constexpr jump compose(const jump& a, const jump& b) {
  return {mat_mul(a.j1, b.j1, kM1), mat_mul(a.j2, b.j2, kM2)};
}
GPURNG_HD constexpr void apply(const jump& j, state& s) {
  mat_vec(j.j1, s.s1, kM1);
  mat_vec(j.j2, s.s2, kM2);
}

// cuRAND's seeding: seed 0 is L'Ecuyer's default state (all words 12345); otherwise each word is 12345
// times a salted half of the seed, mod its component's modulus.
GPURNG_HD constexpr state seed_state(uint64_t seed) {
  state s{{12345u, 12345u, 12345u}, {12345u, 12345u, 12345u}};
  if (seed != 0) {
    const uint32_t x1 = static_cast<uint32_t>(seed) ^ 0x55555555u;
    const uint32_t x2 = static_cast<uint32_t>(seed >> 32) ^ 0xAAAAAAAAu;
    s.s1[0] = mulmod(x1, 12345u, kM1);
    s.s1[1] = mulmod(x2, 12345u, kM1);
    s.s1[2] = mulmod(x1, 12345u, kM1);
    s.s2[0] = mulmod(x2, 12345u, kM2);
    s.s2[1] = mulmod(x1, 12345u, kM2);
    s.s2[2] = mulmod(x2, 12345u, kM2);
  }
  return s;
}

// One step; returns z in [1, m1]. a13n and a23n enter as m - s[0], which keeps every sum positive:
// a12*s + a13n*(m1 - s0) < 2^21 * 2^32 * 2 < 2^64. On the words of any state layout (the device API's
// gpurngStateMRG32k3a has its own struct).
GPURNG_HD uint32_t next(uint32_t s1[3], uint32_t s2[3]) {
  const uint32_t p1 = reduce(static_cast<uint64_t>(kA12) * s1[1] + static_cast<uint64_t>(kA13n) * (kM1 - s1[0]), kM1);
  s1[0] = s1[1];
  s1[1] = s1[2];
  s1[2] = p1;
  const uint32_t p2 = reduce(static_cast<uint64_t>(kA21) * s2[2] + static_cast<uint64_t>(kA23n) * (kM2 - s2[0]), kM2);
  s2[0] = s2[1];
  s2[1] = s2[2];
  s2[2] = p2;
  // p1 <= p2: the difference is in (-m2, 0], add m1 to land in [m1 - m2, m1]; z = m1 exactly when equal
  return p1 > p2 ? p1 - p2 : p1 - p2 + kM1;  // wraps mod 2^32 to the right value either way
}
GPURNG_HD uint32_t next(state& s) { return next(s.s1, s.s2); }

// curand(state) for MRG32k3a: z scaled to 32 bits in double and truncated.
GPURNG_HD uint32_t bits_of(uint32_t z) { return static_cast<uint32_t>(static_cast<double>(z) * kBitsNorm); }
// curand_uniform: z/m1 rounded to double, then to float (1.0f when z = m1, and for z close to it).
GPURNG_HD float uniform_float(uint32_t z) { return static_cast<float>(static_cast<double>(z) * kNorm); }
// curand_uniform_double: z/m1 in (0, 1].
GPURNG_HD double uniform_double(uint32_t z) { return static_cast<double>(z) * kNorm; }

// ---- per-state jumps from the generated windowed powers (host and device) ----

// The strides of kJumpWindowTable: skipahead (1), skipahead_subsequence (2^76), skipahead_sequence (2^127).
enum jump_stride : int { kStrideOne = 0, kStrideSubsequence = 1, kStrideSequence = 2 };

// Move both components by n strides: for each nonzero 4-bit digit j of n (window w), s <- A^(j 2^(base+4w)) s.
GPURNG_HD void table_jump(uint32_t s1[3], uint32_t s2[3], uint64_t n, jump_stride stride) {
  const uint32_t(*t)[2][kJumpWindows][15][9] = GPURNG_TABLE(kJumpWindowTable);
  for (int w = 0; n; ++w, n >>= kJumpWindowBits) {
    const uint32_t j = static_cast<uint32_t>(n & 15u);
    if (j == 0) continue;
    mat3 a1, a2;
    GPURNG_UNROLL
    for (int e = 0; e < 9; ++e) {
      a1.a[e / 3][e % 3] = device::table_load(&t[stride][0][w][j - 1][e]);
      a2.a[e / 3][e % 3] = device::table_load(&t[stride][1][w][j - 1][e]);
    }
    mat_vec(a1, s1, kM1);
    mat_vec(a2, s2, kM2);
  }
}
GPURNG_HD void skip(state& s, uint64_t n) { table_jump(s.s1, s.s2, n, kStrideOne); }
GPURNG_HD void skip_subsequence(state& s, uint64_t n) { table_jump(s.s1, s.s2, n, kStrideSubsequence); }
GPURNG_HD void skip_sequence(state& s, uint64_t n) { table_jump(s.s1, s.s2, n, kStrideSequence); }

// The state of curand_init(seed, subsequence, offset): seed, then subsequence * 2^76 steps, then offset
// steps: every 64-bit subsequence exactly. (cuRAND's curand_init agrees for subsequence < 2^51; from 2^51 on
// its table holds zero matrices, docs/DEVICE_API.md.)
GPURNG_HD state init(uint64_t seed, uint64_t subsequence, uint64_t offset) {
  state s = seed_state(seed);
  skip_subsequence(s, subsequence);
  skip(s, offset);
  return s;
}

}  // namespace mrg32k3a
}  // namespace gpurng
