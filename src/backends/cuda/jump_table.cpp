// SPDX-License-Identifier: BSD-3-Clause
#include "jump_table.hpp"

#include <algorithm>

#include "../cpu/split_range.hpp"
#include "gpurng/engines/ranmar_jump.hpp"

namespace gpurng {
namespace cuda {

using ranmar::kLag;

std::vector<uint64_t> build_jump_table(uint64_t chunk, size_t entries) {
  std::vector<uint64_t> table(entries * kLag);
  uint64_t step[kLag];
  ranmar::poly_z_pow<uint64_t>(chunk, step);
  // Each piece starts from its own power and multiplies by z^chunk for the following entries.
  cpu::split_range(
      entries, cpu::configured_threads(),
      [&](size_t first, size_t count) {
        const size_t last = first + count;
        uint64_t cur[kLag], next[kLag];
        ranmar::poly_z_pow<uint64_t>(first * chunk, cur);
        for (size_t k = first; k < last; ++k) {
          std::copy(cur, cur + kLag, table.begin() + k * kLag);
          ranmar::poly_mulmod<uint64_t>(cur, step, next);
          std::copy(next, next + kLag, cur);
        }
      },
      64);
  return table;
}

}  // namespace cuda
}  // namespace gpurng
