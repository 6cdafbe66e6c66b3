// SPDX-License-Identifier: BSD-3-Clause
#include "split_batch.hpp"

#include <algorithm>
#include <cstring>

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
  for (solvers::DeviceScratch& p : pinned) cuda::pinned_free(p.ptr);
  if (caller >= 0) cuda::use_device(caller);
#endif
}

namespace {

constexpr size_t kAlign = 256;

size_t aligned(size_t b) { return (b + kAlign - 1) / kAlign * kAlign; }

// A buffer of at least `bytes` (grown, never shrunk: a worker's slices are alike call after call).
gpurngStatus_t ensure(solvers::DeviceScratch& b, size_t bytes, bool pinned) {
  bytes = bytes == 0 ? kAlign : bytes;
  if (b.ptr && b.bytes >= bytes) return GPURNG_STATUS_SUCCESS;
  if (pinned)
    cuda::pinned_free(b.ptr);
  else if (b.ptr)
    cuda::device_free(b.ptr);
  b = solvers::DeviceScratch{};
  const gpurngStatus_t st = pinned ? cuda::pinned_alloc(&b.ptr, bytes) : cuda::device_alloc(&b.ptr, bytes);
  if (st != GPURNG_STATUS_SUCCESS) {
    b.ptr = nullptr;
    return st;
  }
  b.bytes = bytes;
  return st;
}

// Arrays up to this size travel together through the worker's pinned block, one copy each way: a pageable copy costs
// 17-28 us however small (H200, 64 KiB), and a PDE slice has seven such arrays. Larger ones are copied directly.
constexpr size_t kPackedArray = size_t(1) << 20;

// A CUDA worker's slice: one device block for every array (the worker's, grown when too small and kept), the small
// arrays first (their span copied in and back as one), inputs copied in on the handle's stream, outputs back.
gpurngStatus_t staged(gpurngSolver_st& handle, solvers::DeviceScratch& staging, solvers::DeviceScratch& pinned,
                      size_t begin, size_t end, const std::vector<SliceArray>& arrays, const SliceCall& call) {
  std::vector<size_t> at(arrays.size());
  size_t packed = 0;
  for (size_t k = 0; k < arrays.size(); ++k)
    if (arrays[k].bytes <= kPackedArray) at[k] = packed, packed += aligned(arrays[k].bytes);
  size_t total = packed;
  for (size_t k = 0; k < arrays.size(); ++k)
    if (arrays[k].bytes > kPackedArray) at[k] = total, total += aligned(arrays[k].bytes);
  gpurngStatus_t st = ensure(staging, total, false);
  if (st == GPURNG_STATUS_SUCCESS && packed > 0) st = ensure(pinned, packed, true);
  if (st != GPURNG_STATUS_SUCCESS) return st;
  char* const block = static_cast<char*>(staging.ptr);
  char* const host = static_cast<char*>(pinned.ptr);
  void* const stream = handle.stream;
  std::vector<void*> dev(arrays.size(), nullptr);
  bool packed_in = false, packed_out = false;
  // The packed inputs' span ends at in_to, the outputs' starts at out_from: the callers list their inputs first.
  size_t in_to = 0, out_from = packed;
  for (size_t k = 0; k < arrays.size() && st == GPURNG_STATUS_SUCCESS; ++k) {
    if (!arrays[k].in && !arrays[k].out) continue;
    dev[k] = block + at[k];
    if (arrays[k].out && arrays[k].bytes <= kPackedArray) {
      packed_out = true;
      out_from = std::min(out_from, at[k]);
    }
    if (arrays[k].in && arrays[k].bytes <= kPackedArray) {
      std::memcpy(host + at[k], arrays[k].in, arrays[k].bytes);
      packed_in = true;
      in_to = std::max(in_to, at[k] + arrays[k].bytes);
    } else if (arrays[k].in) {
      st = cuda::copy_to_device_async(dev[k], arrays[k].in, arrays[k].bytes, stream);
    }
  }
  if (st == GPURNG_STATUS_SUCCESS && packed_in) st = cuda::copy_to_device_async(block, host, in_to, stream);
  st = st == GPURNG_STATUS_SUCCESS ? call(handle, begin, end, dev) : st;
  if (st != GPURNG_STATUS_SUCCESS && st != GPURNG_STATUS_ZERO_PIVOT && st != GPURNG_STATUS_RESULT_OUT_OF_BOUNDS) {
    cuda::stream_sync(stream);  // nothing may still read the caller's arrays or the pinned block
    return st;
  }
  const gpurngStatus_t solved = st;
  gpurngStatus_t copied = GPURNG_STATUS_SUCCESS;
  for (size_t k = 0; k < arrays.size() && copied == GPURNG_STATUS_SUCCESS; ++k)
    if (arrays[k].out && arrays[k].bytes > kPackedArray)
      copied = cuda::copy_to_host_async(arrays[k].out, dev[k], arrays[k].bytes, stream);
  if (copied == GPURNG_STATUS_SUCCESS && packed_out)
    copied = cuda::copy_to_host_async(host + out_from, block + out_from, packed - out_from, stream);
  const gpurngStatus_t waited = cuda::stream_sync(stream);
  if (copied == GPURNG_STATUS_SUCCESS) copied = waited;
  if (copied != GPURNG_STATUS_SUCCESS) return copied;
  for (size_t k = 0; k < arrays.size(); ++k)
    if (arrays[k].out && arrays[k].bytes <= kPackedArray) std::memcpy(arrays[k].out, host + at[k], arrays[k].bytes);
  return solved;
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
    if (cuda) return staged(handle, s.staging[size_t(i)], s.pinned[size_t(i)], begin, end, arrays, call);
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
