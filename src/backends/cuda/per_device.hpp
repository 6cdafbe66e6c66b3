// SPDX-License-Identifier: BSD-3-Clause
// Process-wide device state, one copy per device: what the CUDA backend uploads once and keeps (jump tables,
// constant-memory powers) must exist on every device a worker list runs on (src/scale/workers.hpp), made on first
// use there with that device current. CUDA source files only.
#pragma once

#include <cuda_runtime.h>

#include <mutex>

namespace gpurng {
namespace cuda {

constexpr int kMaxDevices = 64;

// The calling thread's current device, or -1 (no device, or beyond kMaxDevices).
inline int current_device_index() {
  int d = -1;
  if (cudaGetDevice(&d) != cudaSuccess) {
    cudaGetLastError();
    return -1;
  }
  return d >= 0 && d < kMaxDevices ? d : -1;
}

// One T per device; get(make) returns the current device's, made by make(T&) the first time (thread-safe), or
// nullptr when no device is current.
template <typename T>
class PerDevice {
 public:
  template <class Make>
  T* get(Make&& make) {
    const int d = current_device_index();
    if (d < 0) return nullptr;
    std::call_once(once_[d], [&] { make(value_[d]); });
    return &value_[d];
  }

 private:
  std::once_flag once_[kMaxDevices];
  T value_[kMaxDevices] = {};
};

}  // namespace cuda
}  // namespace gpurng
