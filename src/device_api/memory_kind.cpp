// SPDX-License-Identifier: BSD-3-Clause
#include "memory_kind.hpp"

#include <dlfcn.h>

#include "../backends/cuda/cuda_backend.hpp"

namespace gpurng {
namespace device_api {

namespace {

// Asks the CUDA driver, if the program has already loaded it, whether p is (non-managed) device memory. Without
// this a CPU-only build would write through a device pointer from the CPU and crash; with it the call returns
// INITIALIZATION_FAILED. RTLD_NOLOAD: the library never loads the driver itself (no -lcuda, as everywhere).
// The values are the driver API's stable ABI (cuda.h): CU_POINTER_ATTRIBUTE_MEMORY_TYPE = 2,
// CU_POINTER_ATTRIBUTE_IS_MANAGED = 8, CU_MEMORYTYPE_DEVICE = 2, CUDA_SUCCESS = 0.
bool driver_reports_device_memory(const void* p) {
  void* lib = dlopen("libcuda.so.1", RTLD_LAZY | RTLD_NOLOAD);
  if (!lib) return false;
  using get_attribute = int (*)(void* data, int attribute, unsigned long long ptr);
  const auto fn = reinterpret_cast<get_attribute>(dlsym(lib, "cuPointerGetAttribute"));
  bool device = false;
  if (fn) {
    const unsigned long long ptr = reinterpret_cast<unsigned long long>(p);
    unsigned int type = 0, managed = 0;
    if (fn(&type, 2, ptr) == 0 && type == 2) device = fn(&managed, 8, ptr) != 0 || managed == 0;
  }
  dlclose(lib);  // drops the reference RTLD_NOLOAD took; the program's own stays
  return device;
}

}  // namespace

Memory memory_of(const void* p) {
  if (!p) return Memory::host;
  if (cuda::is_device_pointer(p)) return Memory::device;
  // A backend that works saw every pointer of this process's devices; only without one can a foreign
  // runtime have made device memory that the check above missed.
  if (!cuda::available() && driver_reports_device_memory(p)) return Memory::unreachable_device;
  return Memory::host;
}

}  // namespace device_api
}  // namespace gpurng
