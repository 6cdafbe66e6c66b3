// SPDX-License-Identifier: BSD-3-Clause
// The prefetch ring's size: K slabs of S numbers per generator. Set per generator with gpurngSetPrefetch
// or for the process with GPURNG_PREFETCH ("SxK", e.g. "131072x4", or "off").
#pragma once

#include <stddef.h>

#include "gpurng.h"

namespace gpurng {
namespace ring {

struct Config {
  size_t slab_numbers;  // numbers per slab
  unsigned slabs;       // slabs in the ring; 0 turns the ring off
};

// 2^17 numbers x 4 slabs: 4 MiB of pinned memory per generator for doubles, 2 MiB for floats. A slab is
// large enough that the GPU's per-slab overhead (launch, copy set-up, event) is a small part of its copy
// time, and small enough that a ring restart (reseed, offset change) wastes little.
constexpr Config kDefaultConfig{size_t(1) << 17, 4};

// Limits: slabs of 2^10 .. 2^26 numbers, 2 .. 64 slabs (or 0 for off), and at most 2 GiB in all.
constexpr size_t kMinSlabNumbers = size_t(1) << 10;
constexpr size_t kMaxSlabNumbers = size_t(1) << 26;
constexpr unsigned kMinSlabs = 2;
constexpr unsigned kMaxSlabs = 64;
constexpr size_t kMaxRingBytes = size_t(2) << 30;

// GPURNG_STATUS_SUCCESS or GPURNG_STATUS_OUT_OF_RANGE.
gpurngStatus_t validate(const Config& c);

// The process default: GPURNG_PREFETCH if set, else kDefaultConfig. GPURNG_STATUS_INVALID_VALUE for text
// that does not parse, OUT_OF_RANGE for sizes outside the limits.
gpurngStatus_t config_from_environment(Config* c);

}  // namespace ring
}  // namespace gpurng
