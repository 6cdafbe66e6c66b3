// SPDX-License-Identifier: BSD-3-Clause
// The host threads of a CUDA worker list: one parked thread per worker but the last (whose part runs on the
// calling thread), made when the list is made. A split call wakes them instead of starting threads, so it pays
// neither thread creation nor a new thread's first CUDA call (about 0.1 ms each, measured in scale_bench's join
// cost). Calls on one executor are serialised; a process forked from the one that made the threads runs the parts
// one after another on the calling thread (the threads exist only in the parent).
#pragma once

#include <sys/types.h>

#include <condition_variable>
#include <functional>
#include <memory>
#include <mutex>
#include <thread>
#include <vector>

#include "gpurng.h"

namespace gpurng {
namespace scale {

class Executor {
 public:
  using Part = std::function<void(int)>;  // runs part i; must not throw

  explicit Executor(int workers);
  ~Executor();
  Executor(const Executor&) = delete;
  Executor& operator=(const Executor&) = delete;

  // Runs part(i) for i = 0 .. workers-1, i < workers-1 on the parked threads, the last on the calling thread, and
  // returns when all are done.
  void run(const Part& part);

 private:
  struct Slot {
    std::mutex m;
    std::condition_variable cv;
    const Part* job = nullptr;  // set by run(), cleared by the slot's thread when done
    bool stop = false;
    std::thread thread;
  };
  void serve(int i);

  int workers_;
  pid_t owner_;
  std::mutex run_mutex_;
  std::vector<std::unique_ptr<Slot>> slots_;
};

}  // namespace scale
}  // namespace gpurng
