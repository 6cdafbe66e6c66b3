// SPDX-License-Identifier: BSD-3-Clause
#include "producer.hpp"

#include <pthread.h>

#include <algorithm>
#include <atomic>
#include <condition_variable>
#include <cstdlib>
#include <mutex>
#include <thread>
#include <vector>

#include "../backends/cuda/cuda_backend.hpp"
#include "prefetch_ring.hpp"

namespace gpurng {
namespace ring {
namespace producer {

namespace {

// Allocated once and never destroyed: a static with a destructor could run while generators still exist.
struct State {
  std::mutex m;
  std::condition_variable work;  // the producer waits here for a ring with room
  std::condition_variable idle;  // remove()/wait_idle() wait here for the producer to leave a ring
  std::vector<PrefetchRing*> rings;
  PrefetchRing* busy = nullptr;
  bool running = false;
  bool shutdown = false;
  std::thread thread;
};

State* g_state = nullptr;
std::atomic<bool> g_exiting{false};
std::atomic<unsigned> g_fork_generation{0};

// One round: every ring with work gets a non-blocking turn. If no ring published anything, the first ring
// with work gets a blocking turn (a GPU ring sleeps on its oldest slab's event), so the thread neither
// spins nor holds back the other rings' finished slabs while it waits.
void run(State* s) {
  std::unique_lock<std::mutex> lk(s->m);
  while (!s->shutdown) {
    bool progress = false;
    PrefetchRing* first_with_work = nullptr;
    for (size_t i = 0; i < s->rings.size(); ++i) {
      PrefetchRing* r = s->rings[i];
      if (!r->wants_work()) continue;
      if (!first_with_work) first_with_work = r;
      s->busy = r;
      lk.unlock();
      progress |= r->produce(false);
      lk.lock();
      s->busy = nullptr;
      s->idle.notify_all();
    }
    if (progress) continue;
    PrefetchRing* r = nullptr;
    for (PrefetchRing* c : s->rings)
      if (c == first_with_work && c->wants_work()) r = c;  // still registered and still wanting work
    if (!r) {
      s->work.wait(lk);
      continue;
    }
    s->busy = r;
    lk.unlock();
    r->produce(true);
    lk.lock();
    s->busy = nullptr;
    s->idle.notify_all();
  }
}

void stop_at_exit() {
  State* s = g_state;
  {
    std::lock_guard<std::mutex> lk(s->m);
    s->shutdown = true;
  }
  s->work.notify_all();
  if (s->thread.joinable()) s->thread.join();
  g_exiting.store(true, std::memory_order_release);
}

// fork(): hold the lock across it so the child inherits a consistent registry, then give the child a
// fresh state (its copy of the lock is held by a thread that does not exist there).
void before_fork() {
  if (g_state) g_state->m.lock();
}
void after_fork_parent() {
  if (g_state) g_state->m.unlock();
}
void after_fork_child() {
  g_fork_generation.fetch_add(1);
  cuda::forget_after_fork();
  State* old = g_state;
  if (!old) return;
  for (PrefetchRing* r : old->rings) r->mark_forked();
  old->thread.detach();  // the thread object describes a thread of the parent; never join it here
  g_state = new State;   // the old one, its lock included, is left as it is
}

State* state() {
  static State* s = [] {
    g_state = new State;
    pthread_atfork(before_fork, after_fork_parent, after_fork_child);
    return g_state;
  }();
  (void)s;
  return g_state;
}

}  // namespace

void add(PrefetchRing* r) {
  State* s = state();
  std::lock_guard<std::mutex> lk(s->m);
  s->rings.push_back(r);
  if (!s->running) {
    s->running = true;
    s->thread = std::thread(run, s);
    static const int registered = std::atexit(stop_at_exit);
    (void)registered;
  }
}

void remove(PrefetchRing* r) {
  State* s = state();
  std::unique_lock<std::mutex> lk(s->m);
  s->idle.wait(lk, [&] { return s->busy != r; });
  s->rings.erase(std::remove(s->rings.begin(), s->rings.end(), r), s->rings.end());
}

void notify() {
  State* s = state();
  { std::lock_guard<std::mutex> lk(s->m); }
  s->work.notify_one();
}

void wait_idle(PrefetchRing* r) {
  State* s = state();
  std::unique_lock<std::mutex> lk(s->m);
  s->idle.wait(lk, [&] { return s->busy != r; });
}

bool exiting() { return g_exiting.load(std::memory_order_acquire); }

unsigned fork_generation() { return g_fork_generation.load(std::memory_order_relaxed); }

}  // namespace producer
}  // namespace ring
}  // namespace gpurng
