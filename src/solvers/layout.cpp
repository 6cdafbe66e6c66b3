// SPDX-License-Identifier: BSD-3-Clause
#include "layout.hpp"

namespace gpurng {
namespace solvers {

gpurngStatus_t make_layout(int ndim, int solvedim, const int* dims, const int* pads, Layout* out) {
  if (!dims) return GPURNG_STATUS_NULL_POINTER;
  if (ndim < 1 || ndim > 3 || solvedim < 0 || solvedim >= ndim) return GPURNG_STATUS_OUT_OF_RANGE;
  int64_t d[3] = {1, 1, 1}, p[3] = {1, 1, 1};
  for (int i = 0; i < ndim; ++i) {
    d[i] = dims[i];
    p[i] = pads ? pads[i] : dims[i];
    if (d[i] < 1) return GPURNG_STATUS_OUT_OF_RANGE;
    // The last dimension's pad is never used (nothing follows it); every other pad must hold its extent.
    if (i + 1 < ndim && p[i] < d[i]) return GPURNG_STATUS_OUT_OF_RANGE;
    if (i + 1 == ndim) p[i] = d[i];
  }
  const int64_t stride[3] = {1, p[0], p[0] * p[1]};
  if (p[0] * p[1] * p[2] > INT32_MAX) return GPURNG_STATUS_OUT_OF_RANGE;
  Layout L;
  L.m = static_cast<int>(d[solvedim]);
  L.row_stride = stride[solvedim];
  // The two other dimensions, lowest first.
  int other[2], n = 0;
  for (int i = 0; i < 3; ++i)
    if (i != solvedim) other[n++] = i;
  L.inner_count = d[other[0]];
  L.inner_stride = stride[other[0]];
  L.outer_stride = stride[other[1]];
  L.systems = d[other[0]] * d[other[1]];
  L.footprint = (d[0] - 1) * stride[0] + (d[1] - 1) * stride[1] + (d[2] - 1) * stride[2] + 1;
  *out = L;
  return GPURNG_STATUS_SUCCESS;
}

}  // namespace solvers
}  // namespace gpurng
