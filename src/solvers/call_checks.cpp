// SPDX-License-Identifier: BSD-3-Clause
#include "call_checks.hpp"

#include <stdint.h>

#include "../backends/cuda/cuda_backend.hpp"

namespace gpurng {
namespace solvers {

gpurngStatus_t memory_kind(std::initializer_list<const void*> pointers, bool* device) {
  int host = 0, dev = 0;
  for (const void* p : pointers) {
    if (!p) continue;
    if (gpurng::cuda::is_device_pointer(p))
      ++dev;
    else
      ++host;
  }
  if (host && dev) return GPURNG_STATUS_MIXED_MEMORY;
  *device = dev > 0;
  return GPURNG_STATUS_SUCCESS;
}

bool overlaps(const void* p, size_t p_bytes, const void* q, size_t q_bytes) {
  if (!p || !q || !p_bytes || !q_bytes) return false;
  const uintptr_t a = reinterpret_cast<uintptr_t>(p), b = reinterpret_cast<uintptr_t>(q);
  return a < b + q_bytes && b < a + p_bytes;
}

}  // namespace solvers
}  // namespace gpurng
