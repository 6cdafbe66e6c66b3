// SPDX-License-Identifier: BSD-3-Clause
// The POSIX drand48 family's 48-bit linear congruential generator X' = (a*X + c) mod 2^48, default
// a = 0x5DEECE66D, c = 0xB (POSIX drand48; glibc drand48-iter.c). Integer arithmetic only. A jump of n
// steps is the affine map composed with itself n times, (A, C) with X_n = A*X + C, built by squaring in
// O(log n).
#pragma once

#include <stdint.h>

#include "gpurng/hd.hpp"

namespace gpurng {
namespace lcg48 {

constexpr uint64_t kMask = (uint64_t(1) << 48) - 1;
constexpr uint64_t kDefaultA = 0x5DEECE66Dull;
constexpr uint64_t kDefaultC = 0xBull;

GPURNG_HD uint64_t step(uint64_t x, uint64_t a, uint64_t c) { return (a * x + c) & kMask; }

// The map of n steps as X -> A*X + C (mod 2^48).
struct Affine {
  uint64_t a, c;
};
GPURNG_HD Affine power(uint64_t a, uint64_t c, uint64_t n) {
  Affine result{1, 0}, base{a & kMask, c & kMask};
  while (n) {
    if (n & 1) result = {(base.a * result.a) & kMask, (base.a * result.c + base.c) & kMask};
    base = {(base.a * base.a) & kMask, (base.a * base.c + base.c) & kMask};
    n >>= 1;
  }
  return result;
}

GPURNG_HD uint64_t jump(uint64_t x, uint64_t a, uint64_t c, uint64_t n) {
  const Affine m = power(a, c, n);
  return (m.a * x + m.c) & kMask;
}

// Outputs of a new state X (glibc's definitions): drand48 = X * 2^-48 exactly (glibc builds 1.mantissa and
// subtracts 1; the result is the same value), lrand48 = the top 31 bits, mrand48 = the top 32 bits signed.
GPURNG_HD double to_double(uint64_t x) { return static_cast<double>(static_cast<int64_t>(x)) * 0x1p-48; }
GPURNG_HD uint32_t to_lrand48(uint64_t x) { return static_cast<uint32_t>(x >> 17); }
GPURNG_HD int32_t to_mrand48(uint64_t x) { return static_cast<int32_t>(static_cast<uint32_t>(x >> 16)); }

// srand48(seed): the low 32 bits of the seed above 0x330E.
GPURNG_HD uint64_t state_from_srand48(uint64_t seed) { return ((seed & 0xFFFFFFFFull) << 16) | 0x330Eu; }

}  // namespace lcg48
}  // namespace gpurng
