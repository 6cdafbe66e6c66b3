// SPDX-License-Identifier: BSD-3-Clause
// The CUDA backend as the core sees it. cuda_backend.cu implements it when the CUDA toolkit was found at
// build time; the stub generated from cuda_entry_points.list otherwise, reporting that no GPU is usable, so the
// library's symbols and the core's code paths are the same in both builds.
#pragma once

#include <stddef.h>
#include <stdint.h>

#include "../../common/output.hpp"
#include "gpurng.h"
#include "gpurng/distributions/classic_outputs.hpp"

namespace gpurng {
namespace cuda {

// True when the CUDA runtime finds at least one usable device. Cheap after the first call. With no
// driver the static runtime reports cudaErrorInsufficientDriver and this is false.
bool available();

// In a child after fork(): CUDA must not be used there (NVIDIA: fork must be followed by exec), so from
// now on available() is false in this process.
void forget_after_fork();

// True when p is device (or managed) memory of a usable device. False for host memory, NULL, and
// whenever available() is false.
bool is_device_pointer(const void* p);

// Several devices (src/scale/workers.hpp): how many the runtime sees (0 when none is usable), the calling
// thread's current device (-1 when none), making `device` current on the calling thread, and the device that
// owns memory p (-1 for host memory, managed memory and NULL).
int device_count();
int current_device();
gpurngStatus_t use_device(int device);
int pointer_device(const void* p);

// Per-generator device resources: the RANMAR extended window on the device and scratch buffers.
struct RanmarDevice;

gpurngStatus_t ranmar_create(RanmarDevice** dev);
void ranmar_destroy(RanmarDevice* dev);

// Fill n outputs of the stream at position `pos` into device memory `out`. If `host_window` is not NULL
// it is the window at `pos` (the device copy is stale); otherwise the device copy is current. Afterwards
// the device copy holds the window at pos + n.
gpurngStatus_t ranmar_fill(RanmarDevice* dev, gpurngRngType_t type, Output kind, const uint64_t* host_window,
                           uint64_t pos, void* out, size_t n);

// As ranmar_fill, but queued on `stream` (a cudaStream_t) without waiting: the caller synchronises.
gpurngStatus_t ranmar_fill_async(RanmarDevice* dev, gpurngRngType_t type, Output kind, const uint64_t* host_window,
                                 uint64_t pos, void* out, size_t n, void* stream);

// The classic engines (Park-Miller, drand48, glibc random): write n outputs of `kind` into device memory
// `out`, starting from the state `window` that the host holds (it moves its own copy on by a jump). With
// `stream` NULL the call waits for the result; otherwise the work is queued on that cudaStream_t.
gpurngStatus_t classic_fill(const classic::Params& p, Output kind, const uint64_t* window, void* out, size_t n,
                            void* stream);

// Copy the device's current window (97 words) to the host.
gpurngStatus_t ranmar_download_window(RanmarDevice* dev, uint64_t* window);

// Plain copies for staging host requests through device memory and back; synchronous.
gpurngStatus_t device_alloc(void** p, size_t bytes);
void device_free(void* p);
gpurngStatus_t copy_to_host(void* dst, const void* src, size_t bytes);
gpurngStatus_t copy_to_device(void* dst, const void* src, size_t bytes);
// Host-memory calls made on the GPU queue their fill and its copy back on one stream and wait once: the caller's
// stream, or this per-thread default stream (cudaStreamPerThread; it orders with the legacy default stream) when the
// caller set none. copy_to_host_after: queue the copy on `stream` after the work there, and wait for it.
void* per_thread_stream();
gpurngStatus_t copy_to_host_after(void* dst, const void* src, size_t bytes, void* stream);

// The asynchronous pieces of the prefetch ring's GPU producer (src/ring/): a non-blocking stream,
// events that the waiting thread sleeps on, pinned host memory (not write-combined: the CPU reads it).
gpurngStatus_t stream_create(void** stream);
void stream_destroy(void* stream);
gpurngStatus_t event_create(void** event);
void event_destroy(void* event);
gpurngStatus_t copy_to_host_async(void* dst, const void* src, size_t bytes, void* stream);
gpurngStatus_t copy_to_device_async(void* dst, const void* src, size_t bytes, void* stream);
gpurngStatus_t event_record(void* event, void* stream);
gpurngStatus_t event_wait(void* event);
// SUCCESS when the event has completed, NOT_INITIALIZED while it has not, another status on an error.
gpurngStatus_t event_query(void* event);
// Wait for everything queued on `stream`, ignoring errors (used on the way to the CPU fallback).
void stream_sync_quietly(void* stream);
// Wait for everything queued on `stream` (NULL: the legacy default stream); the first error met, as a status.
gpurngStatus_t stream_sync(void* stream);
gpurngStatus_t pinned_alloc(void** p, size_t bytes);
void pinned_free(void* p);

}  // namespace cuda
}  // namespace gpurng
