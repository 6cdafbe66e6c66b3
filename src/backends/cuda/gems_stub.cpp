// SPDX-License-Identifier: BSD-3-Clause
// Builds without CUDA: the GPU Gems-era engines' device fills are unavailable.
#include "gems_device.hpp"

namespace gpurng {
namespace cuda {

gpurngStatus_t halton_fill(const halton_rasrap::params&, unsigned, uint64_t, size_t, HaltonOutput, void*, double,
                           double, void*) {
  return GPURNG_STATUS_INITIALIZATION_FAILED;
}

gpurngStatus_t hybrid_taus_fill(uint64_t, uint64_t, size_t, TausOutput, void*, void*) {
  return GPURNG_STATUS_INITIALIZATION_FAILED;
}

}  // namespace cuda
}  // namespace gpurng
