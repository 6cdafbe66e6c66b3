// SPDX-License-Identifier: BSD-3-Clause
// The "classic" engines of the C API: Park-Miller minimal standard (16807 and 48271), the drand48 LCG and
// glibc's random() TYPE_0..TYPE_4. This file holds what both backends share: which engine a type is, how
// its state sits in the generator's window words, and the output conversions. Every conversion is exact
// or one correctly rounded IEEE operation, so CPU and GPU agree bit for bit:
//   MINSTD*:        integer x (1..2^31-2); double x / (2^31-1); float = that double truncated to float;
//   DRAND48:        integer lrand48() = X >> 17; long long X (48 bits); double drand48() = X * 2^-48 (0 is
//                   possible, as in drand48); float = that double truncated to float;
//   GLIBC_RANDOM*:  integer random() (31 bits); double (v + 1/2) * 2^-31; float ((v >> 8) + 1/2) * 2^-23,
//                   both in (0,1).
// Truncating to float clears the 29 fraction bits a float lacks, so the conversion cannot round up to 1.
#pragma once

#include <stdint.h>

#include "gpurng.h"
#include "gpurng/distributions/ranmar_convert.hpp"
#include "gpurng/engines/glibc_random.hpp"
#include "gpurng/engines/lcg48.hpp"
#include "gpurng/engines/minstd.hpp"
#include "gpurng/hd.hpp"

namespace gpurng {
namespace classic {

enum class Family { none, minstd, lcg48, glibc };

GPURNG_HD Family family_of(gpurngRngType_t type) {
  switch (type) {
    case GPURNG_RNG_PSEUDO_MINSTD:
    case GPURNG_RNG_PSEUDO_MINSTD48271:
      return Family::minstd;
    case GPURNG_RNG_PSEUDO_DRAND48:
      return Family::lcg48;
    case GPURNG_RNG_PSEUDO_GLIBC_RANDOM_TYPE0:
    case GPURNG_RNG_PSEUDO_GLIBC_RANDOM_TYPE1:
    case GPURNG_RNG_PSEUDO_GLIBC_RANDOM_TYPE2:
    case GPURNG_RNG_PSEUDO_GLIBC_RANDOM_TYPE3:
    case GPURNG_RNG_PSEUDO_GLIBC_RANDOM_TYPE4:
      return Family::glibc;
    default:
      return Family::none;
  }
}

// An engine's parameters as the fills need them. Window words: Park-Miller x, drand48 X and glibc TYPE_0 in
// word 0; glibc TYPE_1..4 the deg words of glibc_random.hpp's window, oldest first.
struct Params {
  Family family;
  uint32_t multiplier;  // Park-Miller
  int glibc_type;       // glibc random: 0..4
};
GPURNG_HD Params params_of(gpurngRngType_t type) {
  return {family_of(type), type == GPURNG_RNG_PSEUDO_MINSTD48271 ? 48271u : 16807u,
          static_cast<int>(type) - static_cast<int>(GPURNG_RNG_PSEUDO_GLIBC_RANDOM_TYPE0)};
}

GPURNG_HD float truncate_to_float(double d) {
  return static_cast<float>(ranmar::double_of(ranmar::bits_of(d) & ~0x1FFFFFFFull));
}

GPURNG_HD double minstd_double(uint32_t x) { return minstd::to_double(x); }
GPURNG_HD float minstd_float(uint32_t x) { return truncate_to_float(minstd::to_double(x)); }
GPURNG_HD double lcg48_double(uint64_t x) { return lcg48::to_double(x); }
GPURNG_HD float lcg48_float(uint64_t x) { return truncate_to_float(lcg48::to_double(x)); }
GPURNG_HD double glibc_double(uint32_t v) { return (static_cast<double>(static_cast<int32_t>(v)) + 0.5) * 0x1p-31; }
GPURNG_HD float glibc_float(uint32_t v) { return (static_cast<float>(static_cast<int32_t>(v >> 8)) + 0.5f) * 0x1p-23f; }

// Conversion of one raw output (the engine's integer) to T.
template <typename T>
struct convert;
template <>
struct convert<uint32_t> {
  GPURNG_HD static uint32_t minstd(uint32_t x) { return x; }
  GPURNG_HD static uint32_t lcg48(uint64_t x) { return lcg48::to_lrand48(x); }
  GPURNG_HD static uint32_t glibc(uint32_t v) { return v; }
};
template <>
struct convert<unsigned long long> {
  GPURNG_HD static unsigned long long minstd(uint32_t x) { return x; }  // not offered by the API
  GPURNG_HD static unsigned long long lcg48(uint64_t x) { return x; }
  GPURNG_HD static unsigned long long glibc(uint32_t v) { return v; }  // not offered by the API
};
template <>
struct convert<float> {
  GPURNG_HD static float minstd(uint32_t x) { return minstd_float(x); }
  GPURNG_HD static float lcg48(uint64_t x) { return lcg48_float(x); }
  GPURNG_HD static float glibc(uint32_t v) { return glibc_float(v); }
};
template <>
struct convert<double> {
  GPURNG_HD static double minstd(uint32_t x) { return minstd_double(x); }
  GPURNG_HD static double lcg48(uint64_t x) { return lcg48_double(x); }
  GPURNG_HD static double glibc(uint32_t v) { return glibc_double(v); }
};

}  // namespace classic
}  // namespace gpurng
