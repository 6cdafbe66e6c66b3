// SPDX-License-Identifier: BSD-3-Clause
// What the three interposed families (glibc random, drand48, gfortran RAND) share: whether this process is
// served at all, the lock, forwarding to the real functions, fork handling and the exit report.
//
// Everything here works with zero initialisation, because a library constructor may call rand() before
// ours runs (docs/PRELOAD.md, "Start-up and exit"; tests/preload/early_draw.c): plain globals with constant
// initialisers, no C++ objects with constructors, no heap. Nothing is ever torn down. The shim starts no
// thread and loads nothing, so a process that never draws pays nothing, and __libc_single_threaded stays
// true in programs that never start a thread.
#pragma once

#include <pthread.h>
#include <stdint.h>
#include <sys/single_threaded.h>

namespace gpurng {
namespace preload {

enum Family { kRandom = 0, kDrand48 = 1, kGfortran = 2, kFamilies = 3 };

namespace detail {
extern int g_mode;  // 0 undecided, 1 served, 2 not served
extern uint64_t g_served[kFamilies];
bool decide_mode();
}  // namespace detail

// True when this process is served by the shim; decided once, on the first call of any family, from
// GPURNG_PRELOAD (off/0/no disables) and GPURNG_PRELOAD_PROGRAMS (colon-separated short program names).
// Inline: it is on every call's path.
inline bool enabled() {
  const int mode = __atomic_load_n(&detail::g_mode, __ATOMIC_ACQUIRE);
  return mode == 1 || (mode == 0 && detail::decide_mode());
}

// The real function `name` (the next definition after the shim, pinned to glibc's symbol version for the
// C library's names), for a process the shim does not serve. Never NULL for the names we interpose.
void* real_function(const char* name, bool from_libc);

// One lock per family, as glibc has one for random() and libgfortran one for RAND. It is taken only when
// the process has more than one thread: glibc sets __libc_single_threaded to false before it creates the
// second thread, so a call that sees true cannot race with another caller. (glibc 2.42 skips its own
// lock the same way.) At fork the prepare handler takes every lock, so the child starts with consistent
// state and unlocked mutexes.
class Lock {
 public:
  explicit Lock(Family f);
  ~Lock();
  Lock(const Lock&) = delete;
  Lock& operator=(const Lock&) = delete;

 private:
  pthread_mutex_t* mutex_;
};

inline bool single_threaded() { return __libc_single_threaded != 0; }

// Calls served by the shim, per family, for GPURNG_PRELOAD_REPORT=1 (printed at exit). Families that
// serve from a block count a block when they leave it; *_in_block() gives what the current one served.
inline void count_served(Family f, uint64_t calls) { detail::g_served[f] += calls; }
uint64_t random_served_in_block();
uint64_t drand48_served_in_block();
uint64_t gfortran_served_in_block();

}  // namespace preload
}  // namespace gpurng
