// SPDX-License-Identifier: BSD-3-Clause
#include "prefetch_ring.hpp"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <new>
#include <thread>

#include "../backends/cuda/cuda_backend.hpp"
#include "fault_injection.hpp"
#include "producer.hpp"

namespace gpurng {
namespace ring {

namespace {

// How long a consumer spins on `published` before it sleeps: a slab usually arrives within microseconds.
constexpr int kSpins = 4096;

uint64_t now_ns() {
  return static_cast<uint64_t>(
      std::chrono::duration_cast<std::chrono::nanoseconds>(std::chrono::steady_clock::now().time_since_epoch())
          .count());
}

bool stats_wanted() {
  static const bool wanted = [] {
    const char* e = std::getenv("GPURNG_RING_STATS");
    return e && *e && *e != '0';
  }();
  return wanted;
}

void say_once(const char* what) {
  static std::atomic<bool> said{false};
  if (!said.exchange(true))
    std::fprintf(stderr, "libgpurng: GPU %s failed in the prefetch ring; continuing on the CPU at the same position\n",
                 what);
}

}  // namespace

gpurngStatus_t PrefetchRing::create(const Config& c, SlabSource* source, PrefetchRing** out) {
  *out = nullptr;
  std::unique_ptr<PrefetchRing> r(new (std::nothrow) PrefetchRing);
  if (!r) return GPURNG_STATUS_ALLOCATION_FAILED;
  r->source_ = source;
  r->slab_ = c.slab_numbers;
  r->count_ = c.slabs;
  r->elem_ = source->element_size();
  const size_t bytes = r->slab_ * r->count_ * r->elem_;
  if (source->fills_device()) {
    bool ok = !inject(Fault::alloc);
    void* p = nullptr;
    ok = ok && cuda::pinned_alloc(&p, bytes) == GPURNG_STATUS_SUCCESS;
    if (ok) {
      r->slabs_ = static_cast<char*>(p);
      r->pinned_ = true;
    }
    ok = ok && cuda::stream_create(&r->stream_handle_) == GPURNG_STATUS_SUCCESS;
    ok = ok && cuda::device_alloc(&r->dbuf_[0], r->slab_ * r->elem_) == GPURNG_STATUS_SUCCESS;
    ok = ok && cuda::device_alloc(&r->dbuf_[1], r->slab_ * r->elem_) == GPURNG_STATUS_SUCCESS;
    if (ok) {
      r->events_.reset(new void*[r->count_]());
      for (unsigned i = 0; i < r->count_ && ok; ++i) ok = cuda::event_create(&r->events_[i]) == GPURNG_STATUS_SUCCESS;
    }
    if (ok) {
      r->gpu_ = true;
    } else {
      say_once("allocation");
      source->device_lost();
      r->gpu_failed_.store(true);
      // Release what was made; the destructor frees the rest. The ring continues as a CPU ring.
    }
  }
  if (!r->slabs_) {
    r->slabs_ = static_cast<char*>(std::aligned_alloc(64, (bytes + 63) / 64 * 64));
    if (!r->slabs_) return GPURNG_STATUS_ALLOCATION_FAILED;
  }
  producer::add(r.get());
  *out = r.release();
  return GPURNG_STATUS_SUCCESS;
}

PrefetchRing::~PrefetchRing() {
  if (forked_) return;  // the parent's resources: leave them alone in the child
  if (stats_wanted())
    std::fprintf(stderr,
                 "libgpurng ring %p (%s, %zu x %u): %llu slabs published; producer waited %llu times, %.3f ms; "
                 "consumer waited %llu times, %.3f ms\n",
                 static_cast<void*>(this), gpu_ && !gpu_failed_.load() ? "GPU" : "CPU", slab_, count_,
                 static_cast<unsigned long long>(stat_slabs_published_),
                 static_cast<unsigned long long>(stat_producer_waits_), stat_producer_wait_ns_ * 1e-6,
                 static_cast<unsigned long long>(stat_consumer_waits_), stat_consumer_wait_ns_ * 1e-6);
  running_.store(false);
  producer::remove(this);
  const bool cuda_ok = !producer::exiting();
  if (cuda_ok) complete_in_flight();
  if (cuda_ok) {
    if (events_)
      for (unsigned i = 0; i < count_; ++i) cuda::event_destroy(events_[i]);
    cuda::device_free(dbuf_[0]);
    cuda::device_free(dbuf_[1]);
    cuda::stream_destroy(stream_handle_);
  }
  if (pinned_) {
    if (cuda_ok) cuda::pinned_free(slabs_);
  } else {
    std::free(slabs_);
  }
}

// ---- consumer side ----

bool PrefetchRing::wait_published(uint64_t j) {
  if (published_.load(std::memory_order_acquire) > j) return true;
  ++stat_consumer_waits_;
  const uint64_t t0 = stats_wanted() ? now_ns() : 0;
  struct Account {
    uint64_t t0;
    uint64_t* total;
    ~Account() {
      if (t0) *total += now_ns() - t0;
    }
  } account{t0, &stat_consumer_wait_ns_};
  for (int i = 0; i < kSpins; ++i) {
    std::this_thread::yield();
    if (published_.load(std::memory_order_acquire) > j) return true;
  }
  std::unique_lock<std::mutex> lk(wait_mutex_);
  while (published_.load(std::memory_order_acquire) <= j) {
    if (producer::exiting() || !running_.load(std::memory_order_acquire)) return false;
    wait_cv_.wait_for(lk, std::chrono::milliseconds(50));
  }
  return true;
}

bool PrefetchRing::next_slab() {
  if (cur_) {
    // Done with the current slab: hand it back before waiting for the next. cur_ == NULL from here on
    // means "slab cur_slab_ not entered yet", so a failed wait can be retried.
    ++cur_slab_;
    released_.store(cur_slab_, std::memory_order_release);
    producer::notify();
    cur_ = nullptr;
    cur_off_ = cur_end_ = 0;
  }
  if (!wait_published(cur_slab_)) return false;
  cur_ = slab_ptr(cur_slab_);
  cur_off_ = 0;
  cur_end_ = slab_;
  return true;
}

bool PrefetchRing::take(void* out, size_t n, size_t* done) {
  char* dst = static_cast<char*>(out);
  *done = 0;
  while (*done < n) {
    if (cur_off_ == cur_end_ && !next_slab()) return false;
    const size_t m = std::min(n - *done, cur_end_ - cur_off_);
    memcpy(dst + *done * elem_, cur_ + cur_off_ * elem_, m * elem_);
    cur_off_ += m;
    *done += m;
  }
  return true;
}

bool PrefetchRing::acquire(size_t n, const void** ptr) {
  if (n <= cur_end_ - cur_off_) {
    *ptr = cur_ + cur_off_ * elem_;
    cur_off_ += n;
    return true;
  }
  if (!scratch_) scratch_.reset(new char[slab_ * elem_]);
  size_t done = 0;
  if (!take(scratch_.get(), n, &done)) return false;
  *ptr = scratch_.get();
  return true;
}

void PrefetchRing::start() {
  submitted_ = 0;
  published_.store(0, std::memory_order_relaxed);
  released_.store(0, std::memory_order_relaxed);
  cur_ = nullptr;
  cur_off_ = cur_end_ = 0;
  cur_slab_ = 0;
  running_.store(true, std::memory_order_release);
  producer::notify();
}

void PrefetchRing::stop() {
  running_.store(false, std::memory_order_release);
  producer::wait_idle(this);
  if (!producer::exiting()) complete_in_flight();
}

void PrefetchRing::resume() {
  running_.store(true, std::memory_order_release);
  producer::notify();
}

uint64_t PrefetchRing::available() const {
  const uint64_t pub = published_.load(std::memory_order_acquire);
  if (!cur_) return (pub - cur_slab_) * slab_;  // slab cur_slab_ not entered yet
  return (pub - cur_slab_) * slab_ - cur_off_;
}

gpurngStatus_t PrefetchRing::take_available(void* out, size_t n) {
  char* dst = static_cast<char*>(out);
  size_t done = 0;
  while (done < n) {
    if (cur_off_ == cur_end_) {
      const uint64_t next = cur_ ? cur_slab_ + 1 : cur_slab_;
      if (next >= published_.load(std::memory_order_acquire)) break;  // stopped: nothing more will come
      if (!next_slab()) break;
    }
    const size_t m = std::min(n - done, cur_end_ - cur_off_);
    memcpy(dst + done * elem_, cur_ + cur_off_ * elem_, m * elem_);
    cur_off_ += m;
    done += m;
  }
  return done == n ? GPURNG_STATUS_SUCCESS : GPURNG_STATUS_INTERNAL_ERROR;
}

// ---- producer side ----

bool PrefetchRing::wants_work() const {
  if (!running_.load(std::memory_order_acquire)) return false;
  const uint64_t pub = published_.load(std::memory_order_relaxed);
  if (submitted_ > pub) return true;  // GPU slabs in flight to complete
  return pub - released_.load(std::memory_order_acquire) < count_;
}

void PrefetchRing::publish_one() {
  ++stat_slabs_published_;
  published_.fetch_add(1, std::memory_order_release);
  { std::lock_guard<std::mutex> lk(wait_mutex_); }
  wait_cv_.notify_all();
}

void PrefetchRing::fill_on_cpu(uint64_t j) {
  // A test of the recovery path: lose the source's state and rebuild it from the seed, as after a GPU error.
  if (inject(Fault::fill)) source_->forget_state();
  source_->fill_host(j * slab_, slab_ptr(j), slab_);
}

bool PrefetchRing::submit_on_gpu(uint64_t j) {
  void* dbuf = dbuf_[j % 2];
  if (inject(Fault::launch) || inject(Fault::fill)) return false;
  if (source_->fill_device_async(j * slab_, dbuf, slab_, stream_handle_) != GPURNG_STATUS_SUCCESS) return false;
  if (inject(Fault::copy)) return false;
  if (cuda::copy_to_host_async(slab_ptr(j), dbuf, slab_ * elem_, stream_handle_) != GPURNG_STATUS_SUCCESS) return false;
  return cuda::event_record(events_[j % count_], stream_handle_) == GPURNG_STATUS_SUCCESS;
}

bool PrefetchRing::complete_oldest_on_gpu() {
  const uint64_t j = published_.load(std::memory_order_relaxed);
  ++stat_producer_waits_;
  const uint64_t t0 = stats_wanted() ? now_ns() : 0;
  const gpurngStatus_t st = cuda::event_wait(events_[j % count_]);
  if (t0) stat_producer_wait_ns_ += now_ns() - t0;
  if (st != GPURNG_STATUS_SUCCESS) return false;
  publish_one();
  return true;
}

void PrefetchRing::fall_back_to_cpu(const char* what) {
  say_once(what);
  cuda::stream_sync_quietly(stream_handle_);  // nothing may still be writing into the slabs
  source_->device_lost();                     // the CPU continues at the first unpublished slab, from the seed
  submitted_ = published_.load(std::memory_order_relaxed);
  gpu_failed_.store(true, std::memory_order_release);
}

void PrefetchRing::complete_in_flight() {
  if (!gpu_ || gpu_failed_.load()) return;
  while (submitted_ > published_.load(std::memory_order_relaxed)) {
    if (!complete_oldest_on_gpu()) {
      fall_back_to_cpu("copy");
      return;
    }
  }
}

bool PrefetchRing::produce(bool may_block) {
  if (!gpu_ || gpu_failed_.load(std::memory_order_relaxed)) {
    const uint64_t j = published_.load(std::memory_order_relaxed);
    fill_on_cpu(j);
    publish_one();
    return true;
  }
  // Queue every free slab, then publish what has finished: the copy engine stays busy meanwhile.
  while (running_.load(std::memory_order_acquire) && submitted_ - released_.load(std::memory_order_acquire) < count_) {
    if (!submit_on_gpu(submitted_)) {
      fall_back_to_cpu("launch or copy");
      return false;
    }
    ++submitted_;
  }
  bool progress = false;
  while (submitted_ > published_.load(std::memory_order_relaxed)) {
    const uint64_t j = published_.load(std::memory_order_relaxed);
    const gpurngStatus_t st = cuda::event_query(events_[j % count_]);
    if (st == GPURNG_STATUS_NOT_INITIALIZED) {  // not finished yet
      if (!may_block || progress) break;
      if (!complete_oldest_on_gpu()) {
        fall_back_to_cpu("copy");
        return false;
      }
      progress = true;
      continue;
    }
    if (st != GPURNG_STATUS_SUCCESS) {
      fall_back_to_cpu("copy");
      return false;
    }
    publish_one();
    progress = true;
  }
  return progress;
}

}  // namespace ring
}  // namespace gpurng
