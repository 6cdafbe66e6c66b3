// SPDX-License-Identifier: BSD-3-Clause
// Output conversions of the RANMAR engines: raw integer r (B bits) to the caller's type. Each is exact
// (no rounding happens anywhere), so CPU and GPU agree whatever the compiler does with FMA or SIMD:
//   24-bit, float or double:  r * 2^-24; r == 0 gives u2 * 2^-48 (CERNLIB V113: U(2)*2^-24 with U(2) the
//                             table slot 2 value), and 2^-48 if that is 0 too;
//   48-bit, double:           r * 2^-48; r == 0 gives 2^-48 (CORSIKA RMMARD);
//   48-bit, float:            the double above truncated toward zero to float: keep the 24 leading bits.
// The zero replacement is a separate, rarely taken path (`*_zero`), so bulk loops stay branch-free.
#pragma once

#include <stdint.h>
#include <string.h>

#include "gpurng/hd.hpp"

namespace gpurng {
namespace ranmar {

GPURNG_HD uint64_t bits_of(double d) {
#if defined(__CUDA_ARCH__)
  return static_cast<uint64_t>(__double_as_longlong(d));
#else
  uint64_t u;
  memcpy(&u, &d, sizeof u);
  return u;
#endif
}
GPURNG_HD double double_of(uint64_t u) {
#if defined(__CUDA_ARCH__)
  return __longlong_as_double(static_cast<long long>(u));
#else
  double d;
  memcpy(&d, &u, sizeof d);
  return d;
#endif
}

// r < 2^24: the int conversion is exact and so is the power-of-two scaling.
GPURNG_HD float r24_to_float(uint32_t r) { return static_cast<float>(static_cast<int32_t>(r)) * 0x1p-24f; }
GPURNG_HD double r24_to_double(uint32_t r) { return static_cast<double>(static_cast<int32_t>(r)) * 0x1p-24; }
GPURNG_HD float r24_zero_float(uint32_t u2) {
  return u2 ? static_cast<float>(static_cast<int32_t>(u2)) * 0x1p-48f : 0x1p-48f;
}
GPURNG_HD double r24_zero_double(uint32_t u2) {
  return u2 ? static_cast<double>(static_cast<int32_t>(u2)) * 0x1p-48 : 0x1p-48;
}

// r < 2^48: place r in the mantissa of 16.0 (exponent 2^4, 52 fraction bits of weight 2^-48) and
// subtract 16: the difference r*2^-48 is representable, so the subtraction is exact. This form
// vectorises on CPUs without a 64-bit integer to double conversion.
GPURNG_HD double r48_to_double(uint64_t r) { return double_of(0x4030000000000000ull | r) - 16.0; }
// Truncate toward zero to float: clear the 29 fraction bits a float lacks, then the conversion is exact.
GPURNG_HD float r48_to_float(uint64_t r) {
  return static_cast<float>(double_of(bits_of(r48_to_double(r)) & ~0x1FFFFFFFull));
}
constexpr double kR48ZeroDouble = 0x1p-48;
constexpr float kR48ZeroFloat = 0x1p-48f;

}  // namespace ranmar
}  // namespace gpurng
