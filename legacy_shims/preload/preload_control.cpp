// SPDX-License-Identifier: BSD-3-Clause
#include "preload_control.hpp"

#include <dlfcn.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

extern char* program_invocation_short_name;  // glibc, set before any constructor runs

namespace gpurng {
namespace preload {

namespace {

enum Mode : int { kUndecided = 0, kOn = 1, kOff = 2 };
using detail::g_mode;
using detail::g_served;
pthread_once_t g_atfork_once = PTHREAD_ONCE_INIT;
pthread_mutex_t g_locks[kFamilies] = {PTHREAD_MUTEX_INITIALIZER, PTHREAD_MUTEX_INITIALIZER, PTHREAD_MUTEX_INITIALIZER};

bool listed(const char* list, const char* name) {
  const size_t len = strlen(name);
  for (const char* p = list; *p;) {
    const char* end = strchr(p, ':');
    const size_t n = end ? static_cast<size_t>(end - p) : strlen(p);
    if (n == len && strncmp(p, name, n) == 0) return true;
    if (!end) break;
    p = end + 1;
  }
  return false;
}

int decide() {
  const char* on = getenv("GPURNG_PRELOAD");
  if (on && (!strcmp(on, "off") || !strcmp(on, "0") || !strcmp(on, "no"))) return kOff;
  const char* programs = getenv("GPURNG_PRELOAD_PROGRAMS");
  if (programs && *programs) {
    const char* name = program_invocation_short_name ? program_invocation_short_name : "";
    if (!listed(programs, name)) return kOff;
  }
  return kOn;
}

void lock_all() {
  for (auto& m : g_locks) pthread_mutex_lock(&m);
}
void unlock_all() {
  for (int i = kFamilies - 1; i >= 0; --i) pthread_mutex_unlock(&g_locks[i]);
}
void register_atfork() { pthread_atfork(lock_all, unlock_all, unlock_all); }

// Printed at exit when GPURNG_PRELOAD_REPORT=1; the state itself is left alone (later destructors and
// atexit handlers may still draw, and are served as before).
__attribute__((destructor)) void report() {
  const char* want = getenv("GPURNG_PRELOAD_REPORT");
  if (!want || strcmp(want, "1") != 0) return;
  const char* name = program_invocation_short_name ? program_invocation_short_name : "?";
  const int mode = __atomic_load_n(&g_mode, __ATOMIC_RELAXED) != kUndecided ? g_mode : decide();
  if (mode == kOff)
    fprintf(stderr, "libgpurng_preload[%d] %s: off\n", static_cast<int>(getpid()), name);
  else
    fprintf(stderr, "libgpurng_preload[%d] %s: served random %llu, drand48 %llu, gfortran %llu\n",
            static_cast<int>(getpid()), name,
            static_cast<unsigned long long>(g_served[kRandom] + random_served_in_block()),
            static_cast<unsigned long long>(g_served[kDrand48] + drand48_served_in_block()),
            static_cast<unsigned long long>(g_served[kGfortran] + gfortran_served_in_block()));
}

}  // namespace

namespace detail {
int g_mode = kUndecided;
uint64_t g_served[kFamilies] = {0, 0, 0};

bool decide_mode() {
  // Threads that race here compute the same answer from the same environment.
  const int mode = decide();
  if (mode == kOn) pthread_once(&g_atfork_once, register_atfork);
  __atomic_store_n(&g_mode, mode, __ATOMIC_RELEASE);
  return mode == kOn;
}
}  // namespace detail

void* real_function(const char* name, bool from_libc) {
  void* f = nullptr;
#if defined(__x86_64__)
  if (from_libc) f = dlvsym(RTLD_NEXT, name, "GLIBC_2.2.5");  // every classic name's version on x86-64
#endif
  if (!f) f = dlsym(RTLD_NEXT, name);
  if (!f) {
    fprintf(stderr, "libgpurng_preload: %s not found after the shim\n", name);
    abort();  // unreachable for a program that links the C library (and libgfortran for its names)
  }
  return f;
}

Lock::Lock(Family f) : mutex_(single_threaded() ? nullptr : &g_locks[f]) {
  if (mutex_) pthread_mutex_lock(mutex_);
}
Lock::~Lock() {
  if (mutex_) pthread_mutex_unlock(mutex_);
}

}  // namespace preload
}  // namespace gpurng
