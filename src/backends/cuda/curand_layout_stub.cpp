// SPDX-License-Identifier: BSD-3-Clause
// Built without the CUDA toolkit: the cuRAND-layout and Sobol' device fills report that no GPU can be used
// (the core never calls them then: no pointer is device memory).
#include "curand_layout_device.hpp"

namespace gpurng {
namespace cuda {

gpurngStatus_t layout_states_upload(curand_layout::engine, const void*, uint32_t, LayoutStates**) {
  return GPURNG_STATUS_INITIALIZATION_FAILED;
}
void layout_states_free(LayoutStates*) {}
gpurngStatus_t layout_fill(curand_layout::engine, const curand_layout::detail::call_origin&, const LayoutStates*,
                           uint64_t, size_t, curand_layout::output, void*, double, double, void*) {
  return GPURNG_STATUS_INITIALIZATION_FAILED;
}
gpurngStatus_t sobol_fill(sobol::Kind, unsigned, uint64_t, size_t, SobolOutput, void*, double, double, void*) {
  return GPURNG_STATUS_INITIALIZATION_FAILED;
}

}  // namespace cuda
}  // namespace gpurng
