// SPDX-License-Identifier: BSD-3-Clause
// The batch layouts of gpurng_tridiag.h reduced to one form: system k's row i sits at
//   base(k) + i * row_stride,  base(k) = (k % inner_count) * inner_stride + (k / inner_count) * outer_stride,
// where "inner" is the lowest non-solve dimension and "outer" the other one. Strided (cuSPARSE
// gtsv2StridedBatch) and interleaved (gtsvInterleavedBatch) layouts are the 2-D cases.
#pragma once

#include <stdint.h>

#include "gpurng.h"
#include "gpurng/hd.hpp"

namespace gpurng {
namespace solvers {

struct Layout {
  int m = 0;                 // rows per system
  int64_t systems = 0;       // batch count
  int64_t row_stride = 1;    // elements between rows i and i + 1
  int64_t inner_count = 1;   // extent of the lowest non-solve dimension
  int64_t inner_stride = 0;  // its stride
  int64_t outer_stride = 0;  // stride of the remaining dimension
  int64_t footprint = 0;     // elements from the first to one past the last element the layout touches

  GPURNG_HD int64_t base(int64_t k) const {
    return (k % inner_count) * inner_stride + (k / inner_count) * outer_stride;
  }
  // Consecutive systems are adjacent in memory (solvedim != 0): one thread per system reads coalesced rows.
  GPURNG_HD bool systems_adjacent() const { return inner_stride == 1 && row_stride != 1; }
};

// Checks the arguments of a gpurng?gtsv*Batch call and fills *out. OUT_OF_RANGE for ndim outside 1..3,
// solvedim outside 0..ndim-1, an extent below 1, a pad below its extent, or more than 2^31 - 1 padded
// elements; NULL_POINTER for dims == NULL.
gpurngStatus_t make_layout(int ndim, int solvedim, const int* dims, const int* pads, Layout* out);

}  // namespace solvers
}  // namespace gpurng
