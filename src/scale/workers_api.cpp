// SPDX-License-Identifier: BSD-3-Clause
// The extern "C" entry points of worker lists (gpurng.h, Workers).
#include "../core/abi_guard.hpp"
#include "gpurng.h"
#include "split.hpp"
#include "workers.hpp"

extern "C" {

gpurngStatus_t gpurngCreateWorkers(gpurngWorkers_t* workers, gpurngBackend_t backend, const int* devices, int count) {
  if (!workers) return GPURNG_STATUS_NULL_POINTER;
  *workers = nullptr;
  return gpurng::core::guarded([&] { return gpurng::scale::create_workers(workers, backend, devices, count); });
}

gpurngStatus_t gpurngDestroyWorkers(gpurngWorkers_t workers) {
  if (!workers) return GPURNG_STATUS_NOT_INITIALIZED;
  delete workers;
  return GPURNG_STATUS_SUCCESS;
}

gpurngStatus_t gpurngGetWorkerCount(gpurngWorkers_t workers, int* count) {
  if (!workers) return GPURNG_STATUS_NOT_INITIALIZED;
  if (!count) return GPURNG_STATUS_NULL_POINTER;
  *count = static_cast<int>(workers->devices.size());
  return GPURNG_STATUS_SUCCESS;
}

gpurngStatus_t gpurngSplitCount(gpurngWorkers_t workers, size_t num, size_t* counts) {
  if (!workers) return GPURNG_STATUS_NOT_INITIALIZED;
  if (!counts) return GPURNG_STATUS_NULL_POINTER;
  const int n = static_cast<int>(workers->devices.size());
  for (int i = 0; i < n; ++i)
    counts[i] = static_cast<size_t>(gpurng::scale::part_begin(num, n, i + 1) - gpurng::scale::part_begin(num, n, i));
  return GPURNG_STATUS_SUCCESS;
}

}  // extern "C"
