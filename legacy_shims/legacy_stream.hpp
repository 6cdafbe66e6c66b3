// SPDX-License-Identifier: BSD-3-Clause
// One legacy single-sequence stream (V113 RANMAR, V116 RM48) served by a libgpurng generator, so that
// small calls come from the prefetch ring and large ones from the GPU or CPU threads. Seeds the library
// does not take (outside 0..900000000) and a generator failure fall back to the original's loop on a
// private table at the same position, so the numbers never change.
#pragma once

#include <stdint.h>

#include "gpurng.h"
#include "ranmar_table.hpp"

namespace gpurng {
namespace legacy {

template <typename Real, int Bits>
class LegacyStream {
 public:
  // Restart at seed IJKL after `skip` numbers.
  void start(int32_t ijkl, uint64_t skip);
  // n numbers of the original's output (before its zero replacement when Bits == 48: see draw_48).
  void draw(Real* out, int32_t n);

 private:
  void use_table(uint64_t position);  // continue on the private table at `position`
  gpurngGenerator_t gen_ = nullptr;
  bool on_table_ = false;
  int32_t ijkl_ = 0;
  uint64_t position_ = 0;
  TableState<Real> table_{};
};

}  // namespace legacy
}  // namespace gpurng
