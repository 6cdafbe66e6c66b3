// SPDX-License-Identifier: BSD-3-Clause
#include "split_batch.hpp"

#include "../backends/cuda/cuda_backend.hpp"
#include "split.hpp"
#if GPURNG_WITH_CUDA
#include "../solvers/tridiag_cuda.hpp"
#endif

namespace gpurng {
namespace scale {

SplitSolver::~SplitSolver() {
#if GPURNG_WITH_CUDA
  if (workers.backend != GPURNG_BACKEND_CUDA) return;
  const int caller = cuda::current_device();
  for (size_t i = 0; i < parts.size(); ++i) {
    if (cuda::use_device(workers.devices[i]) != GPURNG_STATUS_SUCCESS) continue;
    if (parts[i] && parts[i]->scratch.ptr) solvers::cuda::release(parts[i]->scratch, nullptr);
    if (i < staging.size() && staging[i].ptr) cuda::device_free(staging[i].ptr);
  }
  if (caller >= 0) cuda::use_device(caller);
#endif
}

namespace {

constexpr size_t kAlign = 256;

size_t aligned(size_t b) { return (b + kAlign - 1) / kAlign * kAlign; }

// A CUDA worker's slice: one device block for every array (the worker's, grown when too small and kept), inputs
// copied in, outputs copied back.
gpurngStatus_t staged(gpurngSolver_st& handle, solvers::DeviceScratch& staging, size_t begin, size_t end,
                      const std::vector<SliceArray>& arrays, const SliceCall& call) {
  size_t total = 0;
  for (const SliceArray& a : arrays) total += aligned(a.bytes);
  gpurngStatus_t st = GPURNG_STATUS_SUCCESS;
  if (staging.bytes < total || !staging.ptr) {
    if (staging.ptr) cuda::device_free(staging.ptr);
    staging = solvers::DeviceScratch{};
    st = cuda::device_alloc(&staging.ptr, total == 0 ? kAlign : total);
    if (st != GPURNG_STATUS_SUCCESS) {
      staging.ptr = nullptr;
      return st;
    }
    staging.bytes = total == 0 ? kAlign : total;
  }
  void* block = staging.ptr;
  std::vector<void*> dev(arrays.size(), nullptr);
  size_t at = 0;
  for (size_t k = 0; k < arrays.size() && st == GPURNG_STATUS_SUCCESS; ++k) {
    if (arrays[k].in || arrays[k].out) dev[k] = static_cast<char*>(block) + at;
    if (arrays[k].in) st = cuda::copy_to_device(dev[k], arrays[k].in, arrays[k].bytes);
    at += aligned(arrays[k].bytes);
  }
  const gpurngStatus_t solved = st == GPURNG_STATUS_SUCCESS ? call(handle, begin, end, dev) : st;
  st = solved;
  for (size_t k = 0; k < arrays.size() && (st == GPURNG_STATUS_SUCCESS || st == GPURNG_STATUS_ZERO_PIVOT ||
                                           st == GPURNG_STATUS_RESULT_OUT_OF_BOUNDS);
       ++k)
    if (arrays[k].out) {
      const gpurngStatus_t c = cuda::copy_to_host(arrays[k].out, dev[k], arrays[k].bytes);
      if (c != GPURNG_STATUS_SUCCESS) st = c;
    }
  return st;
}

}  // namespace

std::vector<gpurngStatus_t> run_slices(SplitSolver& s, size_t items, const SliceOf& slice, const SliceCall& call) {
  const int W = static_cast<int>(s.workers.devices.size());
  const bool cuda = s.workers.backend == GPURNG_BACKEND_CUDA;
  return run_parts(s.workers, [&](int i) {
    const size_t begin = part_begin(items, W, i), end = part_begin(items, W, i + 1);
    if (begin == end) return GPURNG_STATUS_SUCCESS;
    const std::vector<SliceArray> arrays = slice(i, begin, end);
    gpurngSolver_st& handle = *s.parts[size_t(i)];
    if (cuda) return staged(handle, s.staging[size_t(i)], begin, end, arrays, call);
    std::vector<void*> host(arrays.size());
    for (size_t k = 0; k < arrays.size(); ++k)
      host[k] = arrays[k].out ? arrays[k].out : const_cast<void*>(arrays[k].in);
    return call(handle, begin, end, host);
  });
}

gpurngStatus_t batch_status(const std::vector<gpurngStatus_t>& parts) {
  bool pivot = false, rejected = false;
  for (gpurngStatus_t s : parts) {
    if (s == GPURNG_STATUS_ZERO_PIVOT)
      pivot = true;
    else if (s == GPURNG_STATUS_RESULT_OUT_OF_BOUNDS)
      rejected = true;
    else if (s != GPURNG_STATUS_SUCCESS)
      return s;
  }
  if (pivot) return GPURNG_STATUS_ZERO_PIVOT;
  return rejected ? GPURNG_STATUS_RESULT_OUT_OF_BOUNDS : GPURNG_STATUS_SUCCESS;
}

}  // namespace scale
}  // namespace gpurng
