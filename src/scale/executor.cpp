// SPDX-License-Identifier: BSD-3-Clause
#include "executor.hpp"

#include <unistd.h>

namespace gpurng {
namespace scale {

Executor::Executor(int workers) : workers_(workers), owner_(getpid()) {
  for (int i = 0; i + 1 < workers; ++i) {
    slots_.emplace_back(new Slot);
    slots_.back()->thread = std::thread(&Executor::serve, this, i);
  }
}

Executor::~Executor() {
  if (getpid() != owner_) {  // a forked child: the threads are the parent's
    for (auto& s : slots_) s->thread.detach();
    return;
  }
  for (auto& s : slots_) {
    {
      std::lock_guard<std::mutex> lock(s->m);
      s->stop = true;
    }
    s->cv.notify_one();
    s->thread.join();
  }
}

void Executor::serve(int i) {
  Slot& s = *slots_[size_t(i)];
  std::unique_lock<std::mutex> lock(s.m);
  for (;;) {
    s.cv.wait(lock, [&] { return s.stop || s.job != nullptr; });
    if (s.stop) return;
    const Part* job = s.job;
    lock.unlock();
    (*job)(i);
    lock.lock();
    s.job = nullptr;
    s.cv.notify_all();
  }
}

void Executor::run(const Part& part) {
  std::lock_guard<std::mutex> one_call(run_mutex_);
  if (getpid() != owner_) {
    for (int i = 0; i < workers_; ++i) part(i);
    return;
  }
  for (auto& s : slots_) {
    {
      std::lock_guard<std::mutex> lock(s->m);
      s->job = &part;
    }
    s->cv.notify_one();
  }
  part(workers_ - 1);
  for (auto& s : slots_) {
    std::unique_lock<std::mutex> lock(s->m);
    s->cv.wait(lock, [&] { return s->job == nullptr; });
  }
}

}  // namespace scale
}  // namespace gpurng
