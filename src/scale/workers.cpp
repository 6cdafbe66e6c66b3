// SPDX-License-Identifier: BSD-3-Clause
#include "workers.hpp"

#include <memory>
#include <new>

#include "../backends/cuda/cuda_backend.hpp"
#include "../core/abi_guard.hpp"
#include "../ring/fault_injection.hpp"

namespace gpurng {
namespace scale {

gpurngStatus_t create_workers(gpurngWorkers_t* out, gpurngBackend_t backend, const int* devices, int count) {
  if (backend != GPURNG_BACKEND_CPU && backend != GPURNG_BACKEND_CUDA) return GPURNG_STATUS_INVALID_VALUE;
  if (backend == GPURNG_BACKEND_CUDA && !devices) return GPURNG_STATUS_NULL_POINTER;
  if (count < 1 || count > kMaxWorkers) return GPURNG_STATUS_OUT_OF_RANGE;
  std::unique_ptr<gpurngWorkers_st> w(new (std::nothrow) gpurngWorkers_st{backend, {}, nullptr});
  if (!w) return GPURNG_STATUS_ALLOCATION_FAILED;
  w->devices.assign(static_cast<size_t>(count), -1);
  if (backend == GPURNG_BACKEND_CUDA) {
    if (!cuda::available()) return GPURNG_STATUS_INITIALIZATION_FAILED;
    const int visible = cuda::device_count();
    for (int i = 0; i < count; ++i) {
      if (devices[i] < 0 || devices[i] >= visible) return GPURNG_STATUS_OUT_OF_RANGE;
      w->devices[size_t(i)] = devices[i];
    }
    w->executor = std::make_shared<Executor>(count);
  }
  *out = w.release();
  return GPURNG_STATUS_SUCCESS;
}

std::vector<gpurngStatus_t> run_parts(const gpurngWorkers_st& w, const std::function<gpurngStatus_t(int)>& part) {
  const int n = static_cast<int>(w.devices.size());
  std::vector<gpurngStatus_t> st(size_t(n), GPURNG_STATUS_INTERNAL_ERROR);
  auto run = [&](int i) noexcept {
    st[size_t(i)] = core::guarded([&] {
      if (w.backend == GPURNG_BACKEND_CUDA) {
        const gpurngStatus_t d = cuda::use_device(w.devices[size_t(i)]);
        if (d != GPURNG_STATUS_SUCCESS) return d;
      }
      if (ring::inject(ring::Fault::part)) return GPURNG_STATUS_LAUNCH_FAILURE;  // GPURNG_FAULT=part:N
      return part(i);
    });
  };
  if (w.backend != GPURNG_BACKEND_CUDA) {
    for (int i = 0; i < n; ++i) run(i);
    return st;
  }
  const int caller_device = cuda::current_device();
  w.executor->run(run);
  if (caller_device >= 0) cuda::use_device(caller_device);
  return st;
}

gpurngStatus_t first_failure(const std::vector<gpurngStatus_t>& statuses) {
  for (gpurngStatus_t s : statuses)
    if (s != GPURNG_STATUS_SUCCESS) return s;
  return GPURNG_STATUS_SUCCESS;
}

}  // namespace scale
}  // namespace gpurng
