// SPDX-License-Identifier: BSD-3-Clause
#include "thread_pool.hpp"

#include <pthread.h>

#include <condition_variable>
#include <cstdlib>
#include <exception>
#include <mutex>
#include <new>
#include <thread>
#include <vector>

namespace gpurng {
namespace cpu {

int configured_threads() {
  const char* env = std::getenv("GPURNG_THREADS");
  if (env && *env) {
    char* end = nullptr;
    const long v = std::strtol(env, &end, 10);
    if (*end != '\0' || v < 1 || v > 4096) return 0;
    return static_cast<int>(v);
  }
  // Read once: hardware_concurrency() opens /sys/devices/system/cpu/online at every call (libstdc++'s get_nprocs),
  // and the steppers ask for every loop they split (a batch of small PDE grids: thousands of times a call).
  static const unsigned hw = std::thread::hardware_concurrency();
  return hw ? static_cast<int>(hw) : 1;
}

namespace {

class Pool {
 public:
  explicit Pool(int workers) {
    for (int i = 0; i < workers; ++i) threads_.emplace_back([this] { work(); });
  }
  // Never destroyed: worker threads may still be parked at process exit, and joining them from a static
  // destructor can deadlock with other exit-time code. The OS reclaims them.
  Pool(const Pool&) = delete;

  void run(int tasks, const std::function<void(int)>& fn) {
    std::lock_guard<std::mutex> one_job(job_mutex_);
    {
      std::lock_guard<std::mutex> lk(m_);
      fn_ = &fn;
      tasks_ = tasks;
      next_ = 0;
      unfinished_ = tasks;
      error_ = nullptr;
      ++generation_;
    }
    cv_.notify_all();
    drain();
    std::unique_lock<std::mutex> lk(m_);
    done_cv_.wait(lk, [this] { return unfinished_ == 0; });
    fn_ = nullptr;
    if (error_) std::rethrow_exception(error_);
  }

 private:
  // Take tasks until none are left; shared by workers and the caller.
  void drain() {
    for (;;) {
      int task;
      const std::function<void(int)>* fn;
      {
        std::lock_guard<std::mutex> lk(m_);
        if (!fn_ || next_ >= tasks_) return;
        task = next_++;
        fn = fn_;
      }
      std::exception_ptr err;
      try {
        (*fn)(task);
      } catch (...) {
        err = std::current_exception();
      }
      std::lock_guard<std::mutex> lk(m_);
      if (err && !error_) error_ = err;
      if (--unfinished_ == 0) done_cv_.notify_all();
    }
  }
  void work() {
    unsigned long seen = 0;
    for (;;) {
      {
        std::unique_lock<std::mutex> lk(m_);
        cv_.wait(lk, [&] { return generation_ != seen; });
        seen = generation_;
      }
      drain();
    }
  }

  std::vector<std::thread> threads_;
  std::mutex job_mutex_, m_;
  std::condition_variable cv_, done_cv_;
  const std::function<void(int)>* fn_ = nullptr;
  int tasks_ = 0, next_ = 0, unfinished_ = 0;
  unsigned long generation_ = 0;
  std::exception_ptr error_;
};

std::mutex g_pool_mutex;
Pool* g_pool = nullptr;

void forget_pool_in_child() {
  // The child has only the forking thread; the parent's pool (and its locks) are unusable there.
  new (&g_pool_mutex) std::mutex();
  g_pool = nullptr;
}

Pool& pool() {
  static const int registered = pthread_atfork(nullptr, nullptr, forget_pool_in_child);
  (void)registered;
  std::lock_guard<std::mutex> lk(g_pool_mutex);
  if (!g_pool) {
    const int threads = configured_threads();
    g_pool = new Pool(threads > 1 ? threads - 1 : 0);
  }
  return *g_pool;
}

}  // namespace

void parallel_for(int tasks, const std::function<void(int)>& fn) {
  if (tasks <= 0) return;
  if (tasks == 1) {
    fn(0);
    return;
  }
  pool().run(tasks, fn);
}

}  // namespace cpu
}  // namespace gpurng
