// SPDX-License-Identifier: BSD-3-Clause
// The prefetch ring of one generator: K slabs of host memory that a background producer keeps filled
// with the stream ahead of the caller, so that a call for a few numbers costs a bounds check and a
// memcpy (docs/ARCHITECTURE.md, host delivery). It knows positions and bytes only: the numbers come from
// a SlabSource (slab_source.hpp), whatever engine is behind it.
//
// Runs. start() begins a run at the caller's position, which is position 0 of the source; slab j of the run
// holds positions j*S .. (j+1)*S - 1. Two counters order the hand-over, each on its own cache line:
// `published` (slabs complete, written by the producer with release) and `released` (slabs the consumer
// is done with). The consumer's current slab, offset and end are plain fields that only it touches.
//
// Producers: with a GPU run the source fills a device buffer, cudaMemcpyAsync brings it to a pinned slab
// on the ring's own stream, and an event marks it complete; a failure there (or an injected fault) moves
// the ring to the CPU producer at the first unpublished slab (the source recomputes its state from the
// seed), so no number is lost or repeated. Otherwise the producer fills slabs on the host.
//
// Threads and blocking. One consumer (the generator's user, one thread at a time) and the process's
// producer thread (producer.hpp). take() and acquire() block only when the next slab is not published yet
// (spinning briefly, then sleeping on a condition variable); try_take() never blocks. stop() parks the
// producer for this ring and waits for the GPU work in flight; after it the consumer may read and reset
// the ring, and use the source, without races. resume() lets the same run go on.
//
// Lifetime. The source must outlive the ring. The destructor stops the producer first; once the process
// is exiting (producer::exiting()) it makes no CUDA calls, and in a child after fork() it frees nothing.
#pragma once

#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <atomic>
#include <condition_variable>
#include <memory>
#include <mutex>

#include "gpurng.h"
#include "ring_config.hpp"
#include "slab_source.hpp"

namespace gpurng {
namespace ring {

class PrefetchRing {
 public:
  // K slabs of `source`'s numbers (pinned, with two device buffers, a stream and K events, when the source
  // fills device memory). A failed pinned or device allocation (or GPURNG_FAULT=alloc) falls back to the
  // CPU producer with ordinary memory. Returns ALLOCATION_FAILED only when host memory runs out.
  static gpurngStatus_t create(const Config& c, SlabSource* source, PrefetchRing** out);
  // Unregisters from the producer and frees everything (no CUDA calls once the process is exiting).
  ~PrefetchRing();
  PrefetchRing(const PrefetchRing&) = delete;
  PrefetchRing& operator=(const PrefetchRing&) = delete;

  // ---- consumer side ----

  // The per-call fast path: copy n numbers if the current slab holds them.
  bool try_take(void* out, size_t n) {
    if (n > cur_end_ - cur_off_) return false;
    copy_small(out, cur_ + cur_off_ * elem_, n * elem_);
    cur_off_ += n;
    return true;
  }
  // Legacy calls copy a few dozen bytes: fixed-size 16-byte moves (the last one overlapping) instead of a
  // call into the C library's memcpy, which costs more than the copy itself at these sizes.
  static void copy_small(void* out, const char* src, size_t bytes) {
    char* dst = static_cast<char*>(out);
    if (bytes > 128) {
      memcpy(dst, src, bytes);
    } else if (bytes >= 16) {
      for (size_t i = 0; i + 16 < bytes; i += 16) __builtin_memcpy(dst + i, src + i, 16);
      __builtin_memcpy(dst + bytes - 16, src + bytes - 16, 16);
    } else if (bytes >= 8) {
      __builtin_memcpy(dst, src, 8);
      __builtin_memcpy(dst + bytes - 8, src + bytes - 8, 8);
    } else if (bytes >= 4) {
      __builtin_memcpy(dst, src, 4);
      __builtin_memcpy(dst + bytes - 4, src + bytes - 4, 4);
    }
  }
  // Copy n numbers (any n), waiting for the producer. False if the producer is gone (process exit):
  // `*done` numbers were copied and the caller continues without the ring.
  bool take(void* out, size_t n, size_t* done);
  // A pointer to the next n <= slab numbers, valid until the next call on the ring: into a slab when they
  // lie in one, else into a scratch copy. False as for take().
  bool acquire(size_t n, const void** ptr);

  // Begin a run at position 0 of the source (the caller's position).
  void start();
  // Park the producer for this ring and complete what it has in flight. Published numbers stay readable.
  void stop();
  // Let the producer continue the current run after stop().
  void resume();
  bool running() const { return running_.load(std::memory_order_relaxed); }
  // After stop(): numbers published and not yet consumed, and copying them out to host memory.
  uint64_t available() const;
  gpurngStatus_t take_available(void* out, size_t n);
  size_t slab_numbers() const { return slab_; }
  // True once the GPU producer failed and the ring continued on the CPU.
  bool fell_back_to_cpu() const { return gpu_failed_.load(std::memory_order_acquire); }
  // In a child after fork(): the producer is gone and the slabs must not be touched.
  bool forked_away() const { return forked_; }
  // The consumer no longer takes what the ring holds (the caller moved elsewhere): the fast path declines
  // until the next start().
  void discard() { cur_end_ = cur_off_; }
  void mark_forked() {
    forked_ = true;
    cur_end_ = cur_off_;  // the fast path declines from now on
  }

  // ---- producer side (producer.cpp) ----

  bool wants_work() const;
  // Fill or queue free slabs and publish finished ones. A GPU ring waits for its oldest slab only when
  // `may_block`; returns whether a slab was published.
  bool produce(bool may_block);

 private:
  PrefetchRing() = default;
  char* slab_ptr(uint64_t j) const { return slabs_ + (j % count_) * slab_ * elem_; }
  // Consumer: wait until slab j is published; false if the producer is gone (exit) or the ring stopped.
  bool wait_published(uint64_t j);
  // Consumer: release the current slab (if any) and enter the next one.
  bool next_slab();
  void fill_on_cpu(uint64_t j);
  bool submit_on_gpu(uint64_t j);
  bool complete_oldest_on_gpu();
  void complete_in_flight();
  void fall_back_to_cpu(const char* what);
  void publish_one();

  SlabSource* source_ = nullptr;
  size_t slab_ = 0;        // numbers per slab
  unsigned count_ = 0;     // slabs
  size_t elem_ = 0;        // bytes per number
  char* slabs_ = nullptr;  // count_ * slab_ * elem_ bytes
  bool pinned_ = false;

  // GPU producer (gpu_ false: CPU producer)
  bool gpu_ = false;
  void* stream_handle_ = nullptr;
  void* dbuf_[2] = {nullptr, nullptr};
  std::unique_ptr<void*[]> events_;
  uint64_t submitted_ = 0;  // producer-owned: slabs queued on the GPU
  std::atomic<bool> gpu_failed_{false};

  alignas(128) std::atomic<uint64_t> published_{0};
  alignas(128) std::atomic<uint64_t> released_{0};
  alignas(128) std::atomic<bool> running_{false};  // started and not stopped

  // Consumer-owned.
  alignas(128) char* cur_ = nullptr;
  size_t cur_off_ = 0;
  size_t cur_end_ = 0;     // numbers readable in the current slab (0 until it is published)
  uint64_t cur_slab_ = 0;  // index of the current slab in this run
  bool forked_ = false;
  std::unique_ptr<char[]> scratch_;

  // GPURNG_RING_STATS=1: how often and how long each side waited, printed on stderr when the ring is
  // destroyed (for tuning slab sizes; counted outside the per-call fast path only).
  uint64_t stat_slabs_published_ = 0;   // producer
  uint64_t stat_producer_waits_ = 0;    // producer: blocking waits on a slab's event
  uint64_t stat_producer_wait_ns_ = 0;  // producer
  uint64_t stat_consumer_waits_ = 0;    // consumer: slab not ready when entered
  uint64_t stat_consumer_wait_ns_ = 0;  // consumer

  // The consumer sleeps here when it waits for a slab.
  std::mutex wait_mutex_;
  std::condition_variable wait_cv_;
};

}  // namespace ring
}  // namespace gpurng
