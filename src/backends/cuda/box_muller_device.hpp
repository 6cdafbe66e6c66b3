// SPDX-License-Identifier: BSD-3-Clause
// Box-Muller in place on device memory: a buffer of 32-bit engine words becomes normals (or log-normals),
// pair by pair, with cuRAND's formulas (curand_outputs.hpp): float pairs from two words (x, y), double
// pairs from four words (x0, x1, y0, y1), the sine value first. Used by engines whose device fill writes
// raw words (hybrid Taus). box_muller_kernels.cu implements it; the generated stub (cuda_entry_points.list) when CUDA
// is not built.
#pragma once

#include <stddef.h>

#include "gpurng.h"

namespace gpurng {
namespace cuda {

// buf holds `outputs` floats' (or doubles') worth of words on entry: outputs words for floats, 2 * outputs
// for doubles; `outputs` is even. Queued on `stream` (NULL: wait for it).
gpurngStatus_t box_muller_in_place(void* buf, size_t outputs, bool dbl, bool log_normal, double mean, double stddev,
                                   void* stream);

// Standard float normals z (e.g. Wallace's) to z * stddev + mean, or its exp, with curand_out's scale and
// lognormal: in place for floats (out == z), or widened exactly to doubles into `out` (out != z).
gpurngStatus_t scale_normals(const float* z, void* out, size_t n, bool dbl, bool log_normal, double mean, double stddev,
                             void* stream);

}  // namespace cuda
}  // namespace gpurng
