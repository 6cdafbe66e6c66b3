// SPDX-License-Identifier: BSD-3-Clause
// Park and Miller's multiplicative congruential generator x' = a*x mod (2^31 - 1) (CACM 31, 1988), with
// the minimal-standard multiplier 16807 (C++ minstd_rand0, gfortran's IRAND/RAND) or 48271 (minstd_rand).
// Integer arithmetic only; a jump of n steps is one modular power, x * a^n mod m, so GPU threads and CPU
// lanes can start anywhere in the stream in O(log n).
#pragma once

#include <stdint.h>

#include "gpurng/hd.hpp"

namespace gpurng {
namespace minstd {

constexpr uint32_t kModulus = 2147483647u;  // 2^31 - 1, prime

// a*x mod m for a, x < 2^31. Since 2^31 = 1 (mod m), the 62-bit product folds as high part + low part:
// two folds leave a value <= m, and m itself stands for 0.
GPURNG_HD uint32_t mulmod(uint32_t a, uint32_t x) {
  const uint64_t p = static_cast<uint64_t>(a) * x;
  uint64_t r = (p & kModulus) + (p >> 31);
  r = (r & kModulus) + (r >> 31);
  return static_cast<uint32_t>(r >= kModulus ? r - kModulus : r);
}

// a^n mod m by square and multiply.
GPURNG_HD uint32_t powmod(uint32_t a, uint64_t n) {
  uint32_t result = 1, base = a;
  while (n) {
    if (n & 1) result = mulmod(result, base);
    base = mulmod(base, base);
    n >>= 1;
  }
  return result;
}

// The state n steps later.
GPURNG_HD uint32_t jump(uint32_t a, uint32_t x, uint64_t n) { return mulmod(powmod(a, n), x); }

// The C++ [rand.eng.lcong] seeding rule, which the C API follows: x = seed mod m, and 0 becomes 1.
GPURNG_HD uint32_t state_from_seed(uint64_t seed) {
  const uint32_t x = static_cast<uint32_t>(seed % kModulus);
  return x == 0 ? 1u : x;
}

// Conversions (x in 1..m-1). Double: x / m, one correctly rounded IEEE division, in (0,1). Float: that
// double truncated toward zero to float (clearing the 29 fraction bits a float lacks makes the conversion
// exact), so it never rounds up to 1.0f.
GPURNG_HD double to_double(uint32_t x) { return static_cast<double>(x) / static_cast<double>(kModulus); }

}  // namespace minstd
}  // namespace gpurng
