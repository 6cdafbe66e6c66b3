// SPDX-License-Identifier: BSD-3-Clause
// CUDA backend: device detection, per-generator device state, and the launches of the fill kernel.
#include <cuda_runtime.h>

#include <atomic>
#include <mutex>
#include <vector>

#include "cuda_backend.hpp"
#include "cuda_runtime.hpp"
#include "gpurng/engines/ranmar_jump.hpp"
#include "jump_table.hpp"
#include "per_device.hpp"
#include "ranmar_kernel.cuh"

namespace gpurng {
namespace cuda {

using ranmar::kExtendedWords;
using ranmar::Kind;
using ranmar::kLag;

namespace {
std::atomic<bool> g_forked{false};
}  // namespace

void forget_after_fork() { g_forked.store(true); }

bool available() {
  if (g_forked.load(std::memory_order_relaxed)) return false;
  static const bool usable = [] {
    int count = 0;
    const cudaError_t err = cudaGetDeviceCount(&count);
    if (err != cudaSuccess) {
      cudaGetLastError();  // clear the sticky "no driver" error so it is not reported later
      return false;
    }
    return count > 0;
  }();
  return usable;
}

bool is_device_pointer(const void* p) {
  if (!p || !available()) return false;
  cudaPointerAttributes attr;
  if (cudaPointerGetAttributes(&attr, p) != cudaSuccess) {
    cudaGetLastError();
    return false;
  }
  return attr.type == cudaMemoryTypeDevice || attr.type == cudaMemoryTypeManaged;
}

int device_count() {
  if (!available()) return 0;
  int count = 0;
  if (cudaGetDeviceCount(&count) != cudaSuccess) {
    cudaGetLastError();
    return 0;
  }
  return count;
}

int current_device() {
  if (!available()) return -1;
  int d = -1;
  if (cudaGetDevice(&d) != cudaSuccess) {
    cudaGetLastError();
    return -1;
  }
  return d;
}

gpurngStatus_t use_device(int device) {
  if (!available()) return GPURNG_STATUS_INITIALIZATION_FAILED;
  if (cudaSetDevice(device) != cudaSuccess) {
    cudaGetLastError();
    return GPURNG_STATUS_INITIALIZATION_FAILED;
  }
  return GPURNG_STATUS_SUCCESS;
}

int pointer_device(const void* p) {
  if (!p || !available()) return -1;
  cudaPointerAttributes attr;
  if (cudaPointerGetAttributes(&attr, p) != cudaSuccess) {
    cudaGetLastError();
    return -1;
  }
  return attr.type == cudaMemoryTypeDevice ? attr.device : -1;
}

namespace {

// Chunk sizes, each with a table of kTableEntries jump polynomials built on first use (12.7 MB each).
// A launch is one wave: at most as many chunks as the GPU holds warps at once, since a second, partial
// wave would leave most of the GPU idle while it runs. The smallest chunk size that fits the request
// in one wave is used (fewer, longer chunks would spend less on jumps but leave SMs idle); a request
// too long for one wave of the largest chunks is split evenly over several launches, each continuing
// from the window the previous one left.
// Chunk sizes 2^k + 128: the warps of a launch write their chunks in step, and at a power-of-two stride (256 KiB for
// 65536 floats) their stores fall on the same memory channels; 128 numbers more puts consecutive warps 512 bytes
// apart (H200, 2^33 floats: 9.29 -> 9.16 ms; 1024 more gave the same). The numbers do not depend on the chunk size.
constexpr uint64_t kChunkSkew = 128;
constexpr uint64_t kChunkSizes[] = {1024 + kChunkSkew, 4096 + kChunkSkew, 16384 + kChunkSkew, 65536 + kChunkSkew};
constexpr int kChunkSizeCount = 4;
constexpr size_t kTableEntries = 16384;

struct DeviceTable {
  uint64_t* data = nullptr;
  cudaError_t error = cudaSuccess;
};
PerDevice<DeviceTable> g_tables[kChunkSizeCount];

// The table of chunk size kChunkSizes[which] on the host, built on first use.
const std::vector<uint64_t>& host_jump_table(int which) {
  static std::once_flag once[kChunkSizeCount];
  static std::vector<uint64_t> tables[kChunkSizeCount];
  std::call_once(once[which], [which] { tables[which] = build_jump_table(kChunkSizes[which], kTableEntries); });
  return tables[which];
}

// The table of chunk size kChunkSizes[which] on the current device, uploaded on first use there; never freed
// (process lifetime).
gpurngStatus_t jump_table(int which, const uint64_t** out) {
  const DeviceTable* t = g_tables[which].get([which](DeviceTable& d) {
    const std::vector<uint64_t>& host = host_jump_table(which);
    d.error = cudaMalloc(&d.data, host.size() * sizeof(uint64_t));
    if (d.error == cudaSuccess)
      d.error = cudaMemcpy(d.data, host.data(), host.size() * sizeof(uint64_t), cudaMemcpyHostToDevice);
  });
  if (!t) return GPURNG_STATUS_INITIALIZATION_FAILED;
  *out = t->data;
  return t->error == cudaSuccess ? GPURNG_STATUS_SUCCESS : GPURNG_STATUS_ALLOCATION_FAILED;
}

// How many warps of this kernel the current GPU runs at once (one wave), capped by the table length; per device,
// since a worker list may mix GPU models (any value gives the same numbers).
template <Kind K, typename T>
uint64_t resident_warps() {
  static PerDevice<uint64_t> per_device;
  const uint64_t* w = per_device.get([](uint64_t& warps) {
    int device = 0, sms = 0, blocks = 0;
    warps = 1024;  // a safe guess where the runtime cannot tell
    if (cudaGetDevice(&device) != cudaSuccess ||
        cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, device) != cudaSuccess ||
        cudaOccupancyMaxActiveBlocksPerMultiprocessor(&blocks, ranmar_fill_kernel<K, T>, kWarpsPerBlock * 32, 0) !=
            cudaSuccess ||
        sms <= 0 || blocks <= 0) {
      cudaGetLastError();
      return;
    }
    const uint64_t all = static_cast<uint64_t>(sms) * static_cast<uint64_t>(blocks) * kWarpsPerBlock;
    warps = all < kTableEntries ? all : uint64_t(kTableEntries);
  });
  return w ? *w : uint64_t(1024);
}

template <Kind K>
void extend_on_host(const uint64_t* window, uint64_t* ext) {
  using word = typename ranmar::traits<K>::word;
  word w[kLag], e[kExtendedWords];
  for (int i = 0; i < kLag; ++i) w[i] = static_cast<word>(window[i]);
  ranmar::extend_window<K>(w, e);
  for (int i = 0; i < kExtendedWords; ++i) ext[i] = e[i];
}

template <Kind K, typename T>
gpurngStatus_t launch_all(uint64_t* ext[2], int* current, uint64_t pos, T* out, size_t n, cudaStream_t stream,
                          bool sync) {
  const uint64_t wave = resident_warps<K, T>();
  const uint64_t largest = kChunkSizes[kChunkSizeCount - 1];
  const uint64_t launches = (n + largest * wave - 1) / (largest * wave);
  uint64_t per_launch = (n + launches - 1) / launches;
  int which = 0;
  while (which + 1 < kChunkSizeCount && (per_launch + kChunkSizes[which] - 1) / kChunkSizes[which] > wave) ++which;
  const uint64_t chunk = kChunkSizes[which];
  // Every launch starts a whole number of chunks into the call, so its output is as aligned as the call's: at odd
  // places the warps' 16-byte stores were lost and a launch of 2^31 / 7 floats took 0.55 ms instead of 0.36 (H200).
  per_launch = (per_launch + chunk - 1) / chunk * chunk;
  const uint64_t* table = nullptr;
  gpurngStatus_t st = jump_table(which, &table);
  if (st != GPURNG_STATUS_SUCCESS) return st;
  for (uint64_t done = 0; done < n; done += per_launch) {
    const uint64_t len = n - done < per_launch ? n - done : per_launch;
    const uint64_t chunks = (len + chunk - 1) / chunk;
    const unsigned blocks = static_cast<unsigned>((chunks + kWarpsPerBlock - 1) / kWarpsPerBlock);
    ranmar_fill_kernel<K, T><<<blocks, kWarpsPerBlock * 32, 0, stream>>>(
        ext[*current], table, static_cast<uint32_t>(chunk), pos + done, out + done, len, ext[1 - *current]);
    st = status_of(cudaGetLastError(), GPURNG_STATUS_LAUNCH_FAILURE);
    if (st != GPURNG_STATUS_SUCCESS) return st;
    *current = 1 - *current;
  }
  return sync ? status_of(cudaStreamSynchronize(stream), GPURNG_STATUS_LAUNCH_FAILURE) : GPURNG_STATUS_SUCCESS;
}

template <Kind K>
gpurngStatus_t launch_kind(uint64_t* ext[2], int* current, Output kind, uint64_t pos, void* out, size_t n,
                           cudaStream_t stream, bool sync) {
  switch (kind) {
    case Output::f32:
      return launch_all<K, float>(ext, current, pos, static_cast<float*>(out), n, stream, sync);
    case Output::f64:
      return launch_all<K, double>(ext, current, pos, static_cast<double*>(out), n, stream, sync);
    case Output::u32:
      if constexpr (K == Kind::r24)
        return launch_all<K, uint32_t>(ext, current, pos, static_cast<uint32_t*>(out), n, stream, sync);
      break;
    case Output::u64:
      if constexpr (K != Kind::r24)
        return launch_all<K, unsigned long long>(ext, current, pos, static_cast<unsigned long long*>(out), n, stream,
                                                 sync);
      break;
  }
  return GPURNG_STATUS_TYPE_ERROR;
}

}  // namespace

struct RanmarDevice {
  uint64_t* ext[2] = {nullptr, nullptr};  // ping-pong: launch i reads one and writes the other
  int current = 0;
};

gpurngStatus_t ranmar_create(RanmarDevice** dev) {
  *dev = nullptr;
  RanmarDevice* d = new RanmarDevice;
  uint64_t* both = nullptr;
  const cudaError_t err = cudaMalloc(&both, 2 * kExtendedWords * sizeof(uint64_t));
  if (err != cudaSuccess) {
    delete d;
    return status_of(err, GPURNG_STATUS_INITIALIZATION_FAILED);
  }
  d->ext[0] = both;
  d->ext[1] = both + kExtendedWords;
  *dev = d;
  return GPURNG_STATUS_SUCCESS;
}

void ranmar_destroy(RanmarDevice* dev) {
  if (!dev) return;
  cudaFree(dev->ext[0]);
  delete dev;
}

namespace {

gpurngStatus_t fill_on(RanmarDevice* dev, gpurngRngType_t type, Output kind, const uint64_t* host_window, uint64_t pos,
                       void* out, size_t n, cudaStream_t stream, bool sync) {
  const Kind k = type == GPURNG_RNG_PSEUDO_RANMAR48    ? Kind::r48
                 : type == GPURNG_RNG_PSEUDO_RANMAR48X ? Kind::r48x
                                                       : Kind::r24;
  if (host_window) {
    uint64_t ext[kExtendedWords];
    if (k == Kind::r24)
      extend_on_host<Kind::r24>(host_window, ext);
    else
      extend_on_host<Kind::r48>(host_window, ext);  // the table recurrence of r48 and r48x is the same
    // From pageable memory the copy has read `ext` when the call returns, even on a stream.
    const gpurngStatus_t st =
        status_of(cudaMemcpyAsync(dev->ext[dev->current], ext, sizeof ext, cudaMemcpyHostToDevice, stream),
                  GPURNG_STATUS_LAUNCH_FAILURE);
    if (st != GPURNG_STATUS_SUCCESS) return st;
  }
  // A failed launch leaves `current` where the last completed launch put it; the caller does not move the
  // position and re-uploads its own window next time, so nothing is lost.
  switch (k) {
    case Kind::r48:
      return launch_kind<Kind::r48>(dev->ext, &dev->current, kind, pos, out, n, stream, sync);
    case Kind::r48x:
      return launch_kind<Kind::r48x>(dev->ext, &dev->current, kind, pos, out, n, stream, sync);
    default:
      return launch_kind<Kind::r24>(dev->ext, &dev->current, kind, pos, out, n, stream, sync);
  }
}

}  // namespace

gpurngStatus_t ranmar_fill(RanmarDevice* dev, gpurngRngType_t type, Output kind, const uint64_t* host_window,
                           uint64_t pos, void* out, size_t n) {
  return fill_on(dev, type, kind, host_window, pos, out, n, cudaStreamLegacy, true);
}

gpurngStatus_t ranmar_fill_async(RanmarDevice* dev, gpurngRngType_t type, Output kind, const uint64_t* host_window,
                                 uint64_t pos, void* out, size_t n, void* stream) {
  return fill_on(dev, type, kind, host_window, pos, out, n, static_cast<cudaStream_t>(stream), false);
}

gpurngStatus_t ranmar_download_window(RanmarDevice* dev, uint64_t* window) {
  return status_of(cudaMemcpy(window, dev->ext[dev->current], kLag * sizeof(uint64_t), cudaMemcpyDeviceToHost),
                   GPURNG_STATUS_LAUNCH_FAILURE);
}

gpurngStatus_t device_alloc(void** p, size_t bytes) {
  *p = nullptr;
  return status_of(cudaMalloc(p, bytes), GPURNG_STATUS_ALLOCATION_FAILED);
}
// NULL frees nothing and must not call CUDA: cudaFree(NULL) would start the runtime, which a CPU-backend
// process (or one about to fork) has never touched.
void device_free(void* p) {
  if (p) cudaFree(p);
}
gpurngStatus_t copy_to_host(void* dst, const void* src, size_t bytes) {
  return status_of(cudaMemcpy(dst, src, bytes, cudaMemcpyDeviceToHost), GPURNG_STATUS_LAUNCH_FAILURE);
}
void* per_thread_stream() { return static_cast<void*>(cudaStreamPerThread); }
gpurngStatus_t copy_to_host_after(void* dst, const void* src, size_t bytes, void* stream) {
  const cudaStream_t s = static_cast<cudaStream_t>(stream);
  gpurngStatus_t st =
      status_of(cudaMemcpyAsync(dst, src, bytes, cudaMemcpyDeviceToHost, s), GPURNG_STATUS_LAUNCH_FAILURE);
  if (st == GPURNG_STATUS_SUCCESS) st = status_of(cudaStreamSynchronize(s), GPURNG_STATUS_LAUNCH_FAILURE);
  return st;
}
gpurngStatus_t copy_to_device(void* dst, const void* src, size_t bytes) {
  return status_of(cudaMemcpy(dst, src, bytes, cudaMemcpyHostToDevice), GPURNG_STATUS_LAUNCH_FAILURE);
}

gpurngStatus_t stream_create(void** stream) {
  cudaStream_t s = nullptr;
  const cudaError_t err = cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking);
  *stream = err == cudaSuccess ? s : nullptr;
  return status_of(err, GPURNG_STATUS_INITIALIZATION_FAILED);
}
void stream_destroy(void* stream) {
  if (stream) cudaStreamDestroy(static_cast<cudaStream_t>(stream));
}
gpurngStatus_t event_create(void** event) {
  cudaEvent_t e = nullptr;
  // Blocking sync: a thread waiting on the event sleeps instead of spinning on a core the caller needs.
  const cudaError_t err = cudaEventCreateWithFlags(&e, cudaEventDisableTiming | cudaEventBlockingSync);
  *event = err == cudaSuccess ? e : nullptr;
  return status_of(err, GPURNG_STATUS_INITIALIZATION_FAILED);
}
void event_destroy(void* event) {
  if (event) cudaEventDestroy(static_cast<cudaEvent_t>(event));
}
gpurngStatus_t copy_to_host_async(void* dst, const void* src, size_t bytes, void* stream) {
  return status_of(cudaMemcpyAsync(dst, src, bytes, cudaMemcpyDeviceToHost, static_cast<cudaStream_t>(stream)),
                   GPURNG_STATUS_LAUNCH_FAILURE);
}
gpurngStatus_t copy_to_device_async(void* dst, const void* src, size_t bytes, void* stream) {
  return status_of(cudaMemcpyAsync(dst, src, bytes, cudaMemcpyHostToDevice, static_cast<cudaStream_t>(stream)),
                   GPURNG_STATUS_LAUNCH_FAILURE);
}
gpurngStatus_t event_record(void* event, void* stream) {
  return status_of(cudaEventRecord(static_cast<cudaEvent_t>(event), static_cast<cudaStream_t>(stream)),
                   GPURNG_STATUS_LAUNCH_FAILURE);
}
void stream_sync_quietly(void* stream) {
  if (stream) cudaStreamSynchronize(static_cast<cudaStream_t>(stream));
  cudaGetLastError();
}
gpurngStatus_t stream_sync(void* stream) {
  return status_of(cudaStreamSynchronize(static_cast<cudaStream_t>(stream)), GPURNG_STATUS_LAUNCH_FAILURE);
}
gpurngStatus_t event_query(void* event) {
  const cudaError_t err = cudaEventQuery(static_cast<cudaEvent_t>(event));
  if (err == cudaErrorNotReady) return GPURNG_STATUS_NOT_INITIALIZED;
  return status_of(err, GPURNG_STATUS_LAUNCH_FAILURE);
}
gpurngStatus_t event_wait(void* event) {
  return status_of(cudaEventSynchronize(static_cast<cudaEvent_t>(event)), GPURNG_STATUS_LAUNCH_FAILURE);
}
gpurngStatus_t pinned_alloc(void** p, size_t bytes) {
  *p = nullptr;
  return status_of(cudaHostAlloc(p, bytes, cudaHostAllocDefault), GPURNG_STATUS_ALLOCATION_FAILED);
}
void pinned_free(void* p) {
  if (p) cudaFreeHost(p);
}

}  // namespace cuda
}  // namespace gpurng
