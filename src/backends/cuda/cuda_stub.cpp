// SPDX-License-Identifier: BSD-3-Clause
// Built when the CUDA toolkit is absent: no GPU is ever usable, every device call reports so.
#include "cuda_backend.hpp"

namespace gpurng {
namespace cuda {

bool available() { return false; }
bool is_device_pointer(const void*) { return false; }
void forget_after_fork() {}
void stream_sync_quietly(void*) {}
gpurngStatus_t ranmar_create(RanmarDevice** dev) {
  *dev = nullptr;
  return GPURNG_STATUS_INITIALIZATION_FAILED;
}
void ranmar_destroy(RanmarDevice*) {}
gpurngStatus_t ranmar_fill(RanmarDevice*, gpurngRngType_t, Output, const uint64_t*, uint64_t, void*, size_t) {
  return GPURNG_STATUS_INITIALIZATION_FAILED;
}
gpurngStatus_t ranmar_download_window(RanmarDevice*, uint64_t*) { return GPURNG_STATUS_INITIALIZATION_FAILED; }
gpurngStatus_t classic_fill(const classic::Params&, Output, const uint64_t*, void*, size_t, void*) {
  return GPURNG_STATUS_INITIALIZATION_FAILED;
}
gpurngStatus_t device_alloc(void** p, size_t) {
  *p = nullptr;
  return GPURNG_STATUS_INITIALIZATION_FAILED;
}
void device_free(void*) {}
gpurngStatus_t copy_to_host(void*, const void*, size_t) { return GPURNG_STATUS_INITIALIZATION_FAILED; }
gpurngStatus_t copy_to_device(void*, const void*, size_t) { return GPURNG_STATUS_INITIALIZATION_FAILED; }

gpurngStatus_t ranmar_fill_async(RanmarDevice*, gpurngRngType_t, Output, const uint64_t*, uint64_t, void*, size_t,
                                 void*) {
  return GPURNG_STATUS_INITIALIZATION_FAILED;
}
gpurngStatus_t stream_create(void** stream) {
  *stream = nullptr;
  return GPURNG_STATUS_INITIALIZATION_FAILED;
}
void stream_destroy(void*) {}
gpurngStatus_t event_create(void** event) {
  *event = nullptr;
  return GPURNG_STATUS_INITIALIZATION_FAILED;
}
void event_destroy(void*) {}
gpurngStatus_t copy_to_host_async(void*, const void*, size_t, void*) { return GPURNG_STATUS_INITIALIZATION_FAILED; }
gpurngStatus_t event_record(void*, void*) { return GPURNG_STATUS_INITIALIZATION_FAILED; }
gpurngStatus_t event_wait(void*) { return GPURNG_STATUS_INITIALIZATION_FAILED; }
gpurngStatus_t event_query(void*) { return GPURNG_STATUS_INITIALIZATION_FAILED; }
gpurngStatus_t pinned_alloc(void** p, size_t) {
  *p = nullptr;
  return GPURNG_STATUS_INITIALIZATION_FAILED;
}
void pinned_free(void*) {}

}  // namespace cuda
}  // namespace gpurng
