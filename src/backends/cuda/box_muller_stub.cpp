// SPDX-License-Identifier: BSD-3-Clause
// Built without the CUDA toolkit: no device memory can reach this.
#include "box_muller_device.hpp"

namespace gpurng {
namespace cuda {

gpurngStatus_t box_muller_in_place(void*, size_t, bool, bool, double, double, void*) {
  return GPURNG_STATUS_INITIALIZATION_FAILED;
}

gpurngStatus_t scale_normals(const float*, void*, size_t, bool, bool, double, double, void*) {
  return GPURNG_STATUS_INITIALIZATION_FAILED;
}

}  // namespace cuda
}  // namespace gpurng
