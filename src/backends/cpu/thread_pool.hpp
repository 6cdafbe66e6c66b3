// SPDX-License-Identifier: BSD-3-Clause
// A small process-wide pool of host threads for the CPU backend.
//
// parallel_for(tasks, fn) runs fn(0) .. fn(tasks-1) on the pool and the calling thread and returns when
// all are done; it blocks the caller. Calls from different threads are serialised (one job at a time),
// which is enough because a single fill already uses every core. The pool starts on first use with
// GPURNG_THREADS threads (default: std::thread::hardware_concurrency). In a child after fork() the
// parent's threads do not exist: the child starts a fresh pool on its first parallel call.
#pragma once

#include <functional>

namespace gpurng {
namespace cpu {

// Threads the CPU backend uses (GPURNG_THREADS, or every core). Returns 0 if GPURNG_THREADS is set but is
// not a positive integer.
int configured_threads();

void parallel_for(int tasks, const std::function<void(int)>& fn);

}  // namespace cpu
}  // namespace gpurng
