// SPDX-License-Identifier: BSD-3-Clause
// Built without the CUDA toolkit: the device Wallace generator reports that no GPU can be used.
#include "wallace_device.hpp"

namespace gpurng {
namespace cuda {

gpurngStatus_t wallace_create(WallaceDevice** dev) {
  if (dev) *dev = nullptr;
  return GPURNG_STATUS_INITIALIZATION_FAILED;
}
void wallace_destroy(WallaceDevice*) {}
gpurngStatus_t wallace_seed(WallaceDevice*, uint64_t, void*) { return GPURNG_STATUS_INITIALIZATION_FAILED; }
gpurngStatus_t wallace_upload(WallaceDevice*, const wallace::wallace_state&) {
  return GPURNG_STATUS_INITIALIZATION_FAILED;
}
gpurngStatus_t wallace_download(WallaceDevice*, wallace::wallace_state*) { return GPURNG_STATUS_INITIALIZATION_FAILED; }
gpurngStatus_t wallace_fill(WallaceDevice*, float*, size_t, void*) { return GPURNG_STATUS_INITIALIZATION_FAILED; }
uint64_t wallace_position(const WallaceDevice*) { return 0; }
uint64_t wallace_seed_of(const WallaceDevice*) { return 0; }

}  // namespace cuda
}  // namespace gpurng
