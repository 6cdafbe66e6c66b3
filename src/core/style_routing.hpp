// SPDX-License-Identifier: BSD-3-Clause
// Where a StyleEngine call runs. Device memory on the CUDA backend: the engine's device fill, in place.
// Host memory: CPU threads, on either backend (as with cuRAND, whose device generator writes device
// memory only; a host request here costs no copy and gives the same numbers). Device memory on the CPU
// backend: CPU threads into a host slab, copied over slab by slab.
//
// HostFill(first, count, out): write the call's outputs [first, first + count) to host memory `out`; it
// must accept any range, so ranges can go to different threads.
#pragma once

#include <stddef.h>

#include <algorithm>
#include <vector>

#include "../backends/cpu/thread_pool.hpp"
#include "../backends/cuda/cuda_backend.hpp"
#include "style_engine.hpp"

namespace gpurng {
namespace core {

inline size_t dist_size(Dist d) {
  switch (d) {
    case Dist::u32:
    case Dist::uniform_f32:
    case Dist::normal_f32:
    case Dist::lognormal_f32:
    case Dist::poisson:
      return 4;
    default:
      return 8;
  }
}

// Ranges smaller than this are not worth a thread of their own.
constexpr size_t kMinOutputsPerThread = size_t(1) << 16;

template <class HostFill>
void threaded_host_fill(size_t n, char* out, size_t elem, int threads, HostFill&& fill) {
  const size_t per = std::max(kMinOutputsPerThread, (n + threads - 1) / std::max(threads, 1));
  const int tasks = static_cast<int>((n + per - 1) / per);
  if (tasks <= 1) return fill(size_t(0), n, static_cast<void*>(out));
  cpu::parallel_for(tasks, [&](int t) {
    const size_t a = static_cast<size_t>(t) * per;
    const size_t b = std::min(n, a + per);
    fill(a, b - a, static_cast<void*>(out + a * elem));
  });
}

// Run a call on the host into host memory, or into device memory through host slabs.
template <class HostFill>
gpurngStatus_t host_route(const Call& call, const Where& where, HostFill&& fill) {
  const size_t elem = dist_size(call.dist);
  if (!where.device_out) {
    threaded_host_fill(call.n, static_cast<char*>(call.out), elem, where.threads, fill);
    return GPURNG_STATUS_SUCCESS;
  }
  constexpr size_t kSlabBytes = size_t(64) << 20;
  const size_t slab = std::min(call.n, kSlabBytes / elem);
  std::vector<char> staging(slab * elem);
  for (size_t done = 0; done < call.n; done += slab) {
    const size_t len = std::min(slab, call.n - done);
    threaded_host_fill(len, staging.data(), elem, where.threads,
                       [&](size_t first, size_t count, void* out) { fill(done + first, count, out); });
    const gpurngStatus_t st =
        cuda::copy_to_device(static_cast<char*>(call.out) + done * elem, staging.data(), len * elem);
    if (st != GPURNG_STATUS_SUCCESS) return st;
  }
  return GPURNG_STATUS_SUCCESS;
}

}  // namespace core
}  // namespace gpurng
