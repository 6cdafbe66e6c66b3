// SPDX-License-Identifier: BSD-3-Clause
#include "generator.hpp"

#include <algorithm>
#include <memory>
#include <new>
#include <vector>

#include "../backends/cpu/cpu_isa.hpp"
#include "../backends/cpu/thread_pool.hpp"
#include "../ring/producer.hpp"
#include "backend_choice.hpp"
#include "engine_info.hpp"
#include "host_fill.hpp"
#include "ring_path.hpp"

namespace gpurng {
namespace core {

using ranmar::Kind;

bool is_known_type(gpurngRngType_t type) { return engine_info(type) != nullptr; }

Kind kind_of(gpurngRngType_t type) {
  switch (type) {
    case GPURNG_RNG_PSEUDO_RANMAR48:
      return Kind::r48;
    case GPURNG_RNG_PSEUDO_RANMAR48X:
      return Kind::r48x;
    default:
      return Kind::r24;
  }
}

namespace {

// Host-side fill of host memory; the window moves from `position` to `position + n`.
void host_fill(gpurngGenerator_t g, void* out, size_t n, cuda::Output kind) {
  host_fill_any(g->type, kind, g->window, g->position, out, n, g->threads);
}

// Requests to host memory smaller than this stay on the host even on the CUDA backend: a kernel launch
// plus a copy back costs more than computing them on the CPU.
constexpr size_t kHostFillLimit = size_t(1) << 20;
// Device staging buffer for large host requests on the CUDA backend, in bytes.
constexpr size_t kStagingBytes = size_t(64) << 20;

template <typename T>
gpurngStatus_t device_fill(gpurngGenerator_t g, T* out, size_t n, cuda::Output kind) {
  if (!engine_info(g->type)->device_resident_state) {
    // The host gives the state on every fill and moves its own copy on by a jump: it stays current.
    const gpurngStatus_t st = cuda::classic_fill(classic::params_of(g->type), kind, g->window, out, n, nullptr);
    if (st != GPURNG_STATUS_SUCCESS) return st;
    advance_window(g->type, g->seed, g->window, g->position, n);
    g->position += n;
    return GPURNG_STATUS_SUCCESS;
  }
  const gpurngStatus_t st =
      cuda::ranmar_fill(g->device, g->type, kind, g->host_window_current ? g->window : nullptr, g->position, out, n);
  if (st != GPURNG_STATUS_SUCCESS) return st;
  g->host_window_current = false;
  g->position += n;
  return GPURNG_STATUS_SUCCESS;
}

// A large host request on the CUDA backend: generate on the device in slabs and copy each back.
template <typename T>
gpurngStatus_t staged_device_fill(gpurngGenerator_t g, T* out, size_t n, cuda::Output kind) {
  const size_t slab = std::min(n, kStagingBytes / sizeof(T));
  void* staging = nullptr;
  gpurngStatus_t st = cuda::device_alloc(&staging, slab * sizeof(T));
  if (st != GPURNG_STATUS_SUCCESS) return st;
  for (size_t done = 0; done < n && st == GPURNG_STATUS_SUCCESS; done += slab) {
    const size_t len = std::min(slab, n - done);
    st = device_fill(g, static_cast<T*>(staging), len, kind);
    if (st == GPURNG_STATUS_SUCCESS) st = cuda::copy_to_host(out + done, staging, len * sizeof(T));
  }
  cuda::device_free(staging);
  return st;
}

// A device pointer handed to a CPU-backend generator: generate on the host in slabs and copy each over.
template <typename T>
gpurngStatus_t staged_host_fill(gpurngGenerator_t g, T* out, size_t n, cuda::Output kind) {
  const size_t slab = std::min(n, kStagingBytes / sizeof(T));
  std::vector<T> staging(slab);
  for (size_t done = 0; done < n; done += slab) {
    const size_t len = std::min(slab, n - done);
    host_fill(g, staging.data(), len, kind);
    g->position += len;
    const gpurngStatus_t st = cuda::copy_to_device(out + done, staging.data(), len * sizeof(T));
    if (st != GPURNG_STATUS_SUCCESS) return st;
  }
  return GPURNG_STATUS_SUCCESS;
}

}  // namespace

void reset_window(gpurngGenerator_t g) {
  window_at(g->type, g->seed, g->position, g->window);
  g->host_window_current = true;
}

gpurngStatus_t make_host_window_current(gpurngGenerator_t g) {
  if (g->host_window_current) return GPURNG_STATUS_SUCCESS;
  const gpurngStatus_t st = cuda::ranmar_download_window(g->device, g->window);
  if (st == GPURNG_STATUS_SUCCESS) g->host_window_current = true;
  return st;
}

gpurngStatus_t create(gpurngGenerator_t* out, gpurngRngType_t type, bool host_only) {
  gpurngBackend_t backend = GPURNG_BACKEND_CPU;
  if (!host_only) {
    const gpurngStatus_t st = choose_backend(&backend);
    if (st != GPURNG_STATUS_SUCCESS) return st;
  }
  const int threads = cpu::configured_threads();
  if (threads == 0 || !cpu::isa_setting_valid()) return GPURNG_STATUS_INVALID_VALUE;
  ring::Config prefetch;
  const gpurngStatus_t prefetch_status = ring::config_from_environment(&prefetch);
  if (prefetch_status != GPURNG_STATUS_SUCCESS) return prefetch_status;
  std::unique_ptr<gpurngGenerator_st> g(new (std::nothrow) gpurngGenerator_st{});
  if (!g) return GPURNG_STATUS_ALLOCATION_FAILED;
  g->type = type;
  g->backend = backend;
  g->host_only = host_only;
  g->threads = threads;
  g->seed = engine_info(type)->default_seed;
  g->position = 0;
  g->device = nullptr;
  g->prefetch = prefetch;
  g->ring = nullptr;
  g->ring_owns_state = false;
  g->host_page = ~uintptr_t(0);
  g->fork_generation = ring::producer::fork_generation();
  g->stream = nullptr;
  g->style = make_style_engine(type);
  if (g->style) {  // no window, ring or RANMAR device state
    *out = g.release();
    return GPURNG_STATUS_SUCCESS;
  }
  reset_window(g.get());
  if (backend == GPURNG_BACKEND_CUDA) {
    const gpurngStatus_t st = cuda::ranmar_create(&g->device);
    if (st != GPURNG_STATUS_SUCCESS) return st;
  }
  *out = g.release();
  return GPURNG_STATUS_SUCCESS;
}

void destroy(gpurngGenerator_t g) {
  if (g->fork_generation == ring::producer::fork_generation()) {
    delete g->ring;  // stops its producer first
    if (g->device && !ring::producer::exiting()) cuda::ranmar_destroy(g->device);
    if (ring::producer::exiting()) static_cast<void>(g->style.release());  // no CUDA calls at exit
  } else {
    // A forked child: the parent's ring and device state are not ours to free.
    static_cast<void>(g->style.release());
  }
  delete g;
}

namespace {

// The paths that do not use the ring, from the generator's own state at its position.
template <typename T>
gpurngStatus_t direct_fill(gpurngGenerator_t g, T* out, size_t n, cuda::Output kind, bool device) {
  if (n == 0) return GPURNG_STATUS_SUCCESS;
  if (g->backend == GPURNG_BACKEND_CUDA) {
    if (device) return device_fill(g, out, n, kind);
    if (n >= kHostFillLimit) return staged_device_fill(g, out, n, kind);
    const gpurngStatus_t st = make_host_window_current(g);
    if (st != GPURNG_STATUS_SUCCESS) return st;
  } else if (device) {
    return staged_host_fill(g, out, n, kind);
  }
  host_fill(g, out, n, kind);
  g->position += n;
  return GPURNG_STATUS_SUCCESS;
}

bool is_device_memory(gpurngGenerator_t g, const void* out) {
  return !g->host_only && cuda::available() && cuda::is_device_pointer(out);
}

}  // namespace

template <typename T>
gpurngStatus_t generate_slow(gpurngGenerator_t g, T* out, size_t n, cuda::Output kind) {
  if (g->fork_generation != ring::producer::fork_generation()) continue_after_fork(g);
  follow_ring_fallback(g);
  const bool device = is_device_memory(g, out);
  if (!device) g->host_page = reinterpret_cast<uintptr_t>(out) >> 12;
  size_t done = 0;
  gpurngStatus_t st = GPURNG_STATUS_SUCCESS;
  if (!device && g->prefetch.slabs > 0 && n <= g->prefetch.slab_numbers)
    st = ring_take(g, out, n, kind, &done);
  else
    st = drain_ring(g, out, n, device, &done);
  if (st != GPURNG_STATUS_SUCCESS || done == n) return st;
  return direct_fill(g, out + done, n - done, kind, device);
}

gpurngStatus_t acquire(gpurngGenerator_t g, size_t n, cuda::Output kind, const void** ptr) {
  if (g->fork_generation != ring::producer::fork_generation()) continue_after_fork(g);
  follow_ring_fallback(g);
  const size_t limit = g->prefetch.slabs > 0 ? g->prefetch.slab_numbers : ring::kDefaultConfig.slab_numbers;
  if (n > limit) return GPURNG_STATUS_OUT_OF_RANGE;
  if (g->prefetch.slabs > 0) {
    if (!g->ring || g->ring->kind() != kind || !g->ring_owns_state) {
      size_t none = 0;
      const gpurngStatus_t st = ring_take(g, nullptr, 0, kind, &none);  // opens the ring
      if (st != GPURNG_STATUS_SUCCESS) return st;
    }
    if (g->ring && g->ring_owns_state && g->ring->acquire(n, ptr)) {
      g->position += n;
      return GPURNG_STATUS_SUCCESS;
    }
    settle_ring(g);
  }
  // No ring: fill the generator's own scratch buffer.
  const size_t bytes = n * element_size(kind);
  if (g->scratch.size() < bytes) g->scratch.resize(bytes);
  gpurngStatus_t st = GPURNG_STATUS_SUCCESS;
  switch (kind) {
    case cuda::Output::u32:
      st = direct_fill(g, reinterpret_cast<uint32_t*>(g->scratch.data()), n, kind, false);
      break;
    case cuda::Output::u64:
      st = direct_fill(g, reinterpret_cast<unsigned long long*>(g->scratch.data()), n, kind, false);
      break;
    case cuda::Output::f32:
      st = direct_fill(g, reinterpret_cast<float*>(g->scratch.data()), n, kind, false);
      break;
    case cuda::Output::f64:
      st = direct_fill(g, reinterpret_cast<double*>(g->scratch.data()), n, kind, false);
      break;
  }
  *ptr = g->scratch.data();
  return st;
}

void set_seed(gpurngGenerator_t g, uint64_t seed) {
  settle_ring(g);
  g->seed = seed;
  if (g->ring) {  // the ring's stream is the old seed's: make a new one when needed
    delete g->ring;
    g->ring = nullptr;
  }
  reset_window(g);
}

void set_offset(gpurngGenerator_t g, uint64_t offset) {
  settle_ring(g);
  g->position = offset;
  reset_window(g);
}

gpurngStatus_t set_prefetch(gpurngGenerator_t g, const ring::Config& c) {
  const gpurngStatus_t st = ring::validate(c);
  if (st != GPURNG_STATUS_SUCCESS) return st;
  settle_ring(g);
  delete g->ring;
  g->ring = nullptr;
  g->prefetch = c;
  return GPURNG_STATUS_SUCCESS;
}

template gpurngStatus_t generate_slow<uint32_t>(gpurngGenerator_t, uint32_t*, size_t, cuda::Output);
template gpurngStatus_t generate_slow<unsigned long long>(gpurngGenerator_t, unsigned long long*, size_t, cuda::Output);
template gpurngStatus_t generate_slow<float>(gpurngGenerator_t, float*, size_t, cuda::Output);
template gpurngStatus_t generate_slow<double>(gpurngGenerator_t, double*, size_t, cuda::Output);

}  // namespace core
}  // namespace gpurng
