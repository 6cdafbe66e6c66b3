// SPDX-License-Identifier: BSD-3-Clause
// Where a call runs: the one routing rule for every engine.
//
//   device memory, CUDA backend     the engine's device fill, in place;
//   device memory, CPU backend      CPU threads into a host slab, copied over slab by slab;
//   host memory, CUDA backend       as the caller says (HostCalls): CPU threads; or, for an engine whose
//                                   kernels beat the CPU (Engine::host_calls_on_device), device slabs copied
//                                   back from kDeviceForHostCalls outputs on; or device slabs always, for
//                                   outputs only the GPU makes (GPURNG_NORMAL_METHOD_CURAND_DEVICE);
//   host memory, CPU backend        CPU threads.
// (As with cuRAND, whose device generator writes device memory only, a host request on the CUDA backend
// gives the same numbers as on the CPU: where it runs is a matter of speed, never of bits; the one
// exception is the GPU-only normal mode, which never runs on CPU threads.)
//
// HostRange(first, count, out, threads): write the call's outputs [first, first + count) to host memory `out`
// on up to `threads` CPU threads (random-access engines cut the range with cpu::split_range; sequential ones
// such as RANMAR split it with their own jump-ahead).
// DeviceRange(first, count, out, stream): the same into device memory, queued on `stream` (NULL: waits).
// Engines whose device fill only does whole calls are called with (0, call.n, call.out, where.stream).
#pragma once

#include <stddef.h>

#include <algorithm>
#include <vector>

#include "../backends/cuda/cuda_backend.hpp"
#include "call.hpp"

namespace gpurng {
namespace core {

// Host calls from this many outputs on may go to the GPU (below it a launch and a copy back cost more).
constexpr size_t kDeviceForHostCalls = size_t(1) << 20;
// Staging slabs between host and device memory, in bytes.
constexpr size_t kStagingBytes = size_t(64) << 20;

// Where host-memory calls on the CUDA backend run. on_device_whole: on the GPU as one slab of the whole call, for
// engines whose device fill makes whole calls only (a call beyond kStagingBytes gets a buffer of its own).
enum class HostCalls { on_host, on_device_when_large, on_device, on_device_whole };

template <class HostRange, class DeviceRange>
gpurngStatus_t route(const Call& call, const Where& where, HostCalls host_calls, HostRange&& host,
                     DeviceRange&& device) {
  const size_t elem = dist_size(call.dist);
  char* const out = static_cast<char*>(call.out);
  if (where.device_out && where.cuda_backend) return device(size_t(0), call.n, call.out, where.stream);
  const size_t slab = std::min(call.n, kStagingBytes / elem);
  if (where.device_out) {  // CPU backend, device memory
    std::vector<char> staging(slab * elem);
    for (size_t done = 0; done < call.n; done += slab) {
      const size_t len = std::min(slab, call.n - done);
      host(done, len, static_cast<void*>(staging.data()), where.threads);
      const gpurngStatus_t st = cuda::copy_to_device(out + done * elem, staging.data(), len * elem);
      if (st != GPURNG_STATUS_SUCCESS) return st;
    }
    return GPURNG_STATUS_SUCCESS;
  }
  const bool whole = host_calls == HostCalls::on_device_whole;
  const bool on_device = whole || host_calls == HostCalls::on_device ||
                         (host_calls == HostCalls::on_device_when_large && call.n >= kDeviceForHostCalls);
  if (where.cuda_backend && on_device) {
    const size_t dslab = whole ? call.n : slab;
    DeviceStaging own;
    DeviceStaging& s = where.staging && dslab * elem <= kStagingBytes ? *where.staging : own;
    gpurngStatus_t st = GPURNG_STATUS_SUCCESS;
    if (s.bytes < dslab * elem) {
      cuda::device_free(s.ptr);
      s = DeviceStaging{};
      st = cuda::device_alloc(&s.ptr, dslab * elem);
      if (st == GPURNG_STATUS_SUCCESS) s.bytes = dslab * elem;
    }
    // Fill and copy back queued on one stream, one wait for both (a second wait cost about 5 us of a 1 Ki call).
    void* const stream = where.stream ? where.stream : cuda::per_thread_stream();
    for (size_t done = 0; done < call.n && st == GPURNG_STATUS_SUCCESS; done += dslab) {
      const size_t len = std::min(dslab, call.n - done);
      st = device(done, len, s.ptr, stream);
      if (st == GPURNG_STATUS_SUCCESS) st = cuda::copy_to_host_after(out + done * elem, s.ptr, len * elem, stream);
    }
    if (&s == &own) cuda::device_free(own.ptr);
    return st;
  }
  host(size_t(0), call.n, call.out, where.threads);
  return GPURNG_STATUS_SUCCESS;
}

}  // namespace core
}  // namespace gpurng
