// SPDX-License-Identifier: BSD-3-Clause
// Host-built tables of RANMAR jump polynomials: entry k is z^(k*chunk) mod (z^97 + z^64 - 1), 97 words.
// Coefficients are kept mod 2^64, which serves the 48-bit engines and, read mod 2^32, the 24-bit one.
// They do not depend on the seed, so a process builds each table once.
#pragma once

#include <stddef.h>
#include <stdint.h>

#include <vector>

namespace gpurng {
namespace cuda {

// entries * 97 coefficients, built with the CPU thread pool.
std::vector<uint64_t> build_jump_table(uint64_t chunk, size_t entries);

}  // namespace cuda
}  // namespace gpurng
