// SPDX-License-Identifier: BSD-3-Clause
// A small engine defined outside the library, to show what adding an engine takes (CONTRIBUTING.md): Vigna's
// SplitMix64 as a counter-based generator. Output k (from 0) of seed s is mix(s + (k + 1) * gamma), so any
// position is reached in O(1). Host and device share these functions (GPURNG_HD).
// Conversions: u32 = the top 32 bits; u64 = the word; float = (w >> 40) * 2^-24; double = (w >> 11) * 2^-53.
#pragma once

#include <stdint.h>

#include "gpurng/hd.hpp"

namespace splitmix_counter {

constexpr uint64_t kGamma = 0x9E3779B97F4A7C15ull;

GPURNG_HD uint64_t word(uint64_t seed, uint64_t k) {
  uint64_t z = seed + (k + 1) * kGamma;
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  return z ^ (z >> 31);
}

GPURNG_HD unsigned int to_u32(uint64_t w) { return static_cast<unsigned int>(w >> 32); }
GPURNG_HD unsigned long long to_u64(uint64_t w) { return w; }
GPURNG_HD float to_float(uint64_t w) { return static_cast<float>(w >> 40) * 0x1p-24f; }
GPURNG_HD double to_double(uint64_t w) { return static_cast<double>(w >> 11) * 0x1p-53; }

// Output k of the given C type.
template <typename T>
GPURNG_HD T output(uint64_t seed, uint64_t k) {
  const uint64_t w = word(seed, k);
  if constexpr (sizeof(T) == 4 && T(0.5) == T(0))
    return to_u32(w);
  else if constexpr (sizeof(T) == 8 && T(0.5) == T(0))
    return to_u64(w);
  else if constexpr (sizeof(T) == 4)
    return to_float(w);
  else
    return to_double(w);
}

// The gpurngRngType_t value the test registers it under (no library engine uses it).
constexpr int kType = 9001;

}  // namespace splitmix_counter
