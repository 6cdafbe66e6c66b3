// SPDX-License-Identifier: BSD-3-Clause
// Built without the CUDA toolkit: the device Poisson transform reports that no GPU can be used.
#include "poisson_device.hpp"

namespace gpurng {
namespace cuda {

gpurngStatus_t poisson_transform(const poisson::poisson_table&, unsigned*, size_t, void*) {
  return GPURNG_STATUS_INITIALIZATION_FAILED;
}
void poisson_release_cache() {}

}  // namespace cuda
}  // namespace gpurng
