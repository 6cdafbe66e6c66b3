// SPDX-License-Identifier: BSD-3-Clause
// The drand48 family (POSIX drand48; glibc drand48-iter.c), bit for bit: drand48, erand48, lrand48,
// nrand48, mrand48, jrand48, srand48, seed48, lcong48, on the engine of include/gpurng/engines/lcg48.hpp.
//
// drand48, lrand48 and mrand48 step one global X and are served from a block of states made ahead (eight
// interleaved lanes of the 8-step map, so the multiplies overlap): the call then costs a load, with no
// multiply on the path from one call to the next. srand48, seed48 and lcong48 settle the global X at the
// caller's position first (seed48 returns it). Like glibc, erand48/nrand48/jrand48 step the caller's X
// with the global a and c, which lcong48 changes and srand48/seed48 reset; they are computed directly.
// glibc takes no lock for this family (MT-Unsafe); the shim locks once the process has threads, so
// concurrent callers never get the same number. (Dropping that check from the per-call path measured no
// faster on the H200 machine's host, so the safer behaviour stays.)
#include <stdint.h>

#include <cstring>

#include "gpurng/engines/lcg48.hpp"
#include "preload_control.hpp"

namespace lcg = gpurng::lcg48;
using gpurng::preload::Lock;

namespace {

constexpr uint32_t kMinBlock = 16, kMaxBlock = 1024;

struct Drand48State {
  uint64_t x;  // X before the block (glibc starts at 0 when never seeded)
  uint64_t a, c;
  unsigned short old_x[3];  // seed48's returned copy
  uint32_t block, cur, end;
  uint64_t out[kMaxBlock];      // successive X
  double as_double[kMaxBlock];  // drand48's value of each, converted while the block is made
};
Drand48State g{0, lcg::kDefaultA, lcg::kDefaultC, {0, 0, 0}, kMinBlock, 0, 0, {}, {}};

// X at the caller's position; the block is dropped.
void settle() {
  gpurng::preload::count_served(gpurng::preload::kDrand48, g.cur);
  if (g.cur > 0) g.x = g.out[g.cur - 1];
  g.cur = g.end = 0;
  g.block = kMinBlock;
}

void refill() {
  gpurng::preload::count_served(gpurng::preload::kDrand48, g.end);
  if (g.end > 0) g.x = g.out[g.end - 1];
  const uint32_t n = g.block;
  // Eight lanes in registers, each stepping by the 8-step map: the multiplies overlap and no step waits
  // for a store to reach a load (n is a multiple of 8).
  uint64_t lane[8], x = g.x;
  for (int k = 0; k < 8; ++k) lane[k] = x = lcg::step(x, g.a, g.c);
  const lcg::Affine eight = lcg::power(g.a, g.c, 8);
  for (uint32_t k = 0; k < n; k += 8) {
    for (int j = 0; j < 8; ++j) {
      g.out[k + j] = lane[j];
      lane[j] = (eight.a * lane[j] + eight.c) & lcg::kMask;
    }
  }
  // drand48's value as glibc builds it, 1.X - 1 (exactly X 2^-48, as lcg::to_double): integer and subtract
  // operations that the compiler vectorises, where a 64-bit integer conversion has no SSE2 vector form.
  for (uint32_t k = 0; k < n; ++k) {
    const uint64_t bits = 0x3FF0000000000000ull | (g.out[k] << 4);
    double one_x;
    std::memcpy(&one_x, &bits, sizeof one_x);
    g.as_double[k] = one_x - 1.0;
  }
  g.cur = 0;
  g.end = n;
  if (g.block < kMaxBlock) g.block *= 2;
}

uint64_t from_words(const unsigned short v[3]) {
  return uint64_t(v[0]) | (uint64_t(v[1]) << 16) | (uint64_t(v[2]) << 32);
}
void to_words(uint64_t x, unsigned short v[3]) {
  v[0] = static_cast<unsigned short>(x);
  v[1] = static_cast<unsigned short>(x >> 16);
  v[2] = static_cast<unsigned short>(x >> 32);
}

template <typename F>
F real(const char* name) {
  return reinterpret_cast<F>(gpurng::preload::real_function(name, true));
}

uint64_t next_slow() {
  Lock lock(gpurng::preload::kDrand48);
  if (g.cur == g.end) refill();
  return g.out[g.cur++];
}

// The next global X; false when the process is not served. In a single-threaded process a call with a
// block in hand is a compare and a load.
inline bool next(uint64_t* x) {
  if (__builtin_expect(gpurng::preload::single_threaded() && g.cur < g.end, 1)) {
    *x = g.out[g.cur++];
    return true;
  }
  if (!gpurng::preload::enabled()) return false;
  *x = next_slow();
  return true;
}

// A caller-held X with the global a and c.
inline uint64_t step_caller(unsigned short xsubi[3]) {
  Lock lock(gpurng::preload::kDrand48);
  const uint64_t x = lcg::step(from_words(xsubi), g.a, g.c);
  to_words(x, xsubi);
  gpurng::preload::count_served(gpurng::preload::kDrand48, 1);
  return x;
}

}  // namespace

uint64_t gpurng::preload::drand48_served_in_block() { return g.cur; }

extern "C" {

__attribute__((visibility("default"))) double drand48(void) {
  if (__builtin_expect(gpurng::preload::single_threaded() && g.cur < g.end, 1)) return g.as_double[g.cur++];
  uint64_t x;
  if (next(&x)) return lcg::to_double(x);
  return real<double (*)()>("drand48")();
}

__attribute__((visibility("default"))) long lrand48(void) {
  uint64_t x;
  if (next(&x)) return static_cast<long>(lcg::to_lrand48(x));
  return real<long (*)()>("lrand48")();
}

__attribute__((visibility("default"))) long mrand48(void) {
  uint64_t x;
  if (next(&x)) return lcg::to_mrand48(x);
  return real<long (*)()>("mrand48")();
}

__attribute__((visibility("default"))) double erand48(unsigned short xsubi[3]) {
  if (!gpurng::preload::enabled()) return real<double (*)(unsigned short*)>("erand48")(xsubi);
  return lcg::to_double(step_caller(xsubi));
}

__attribute__((visibility("default"))) long nrand48(unsigned short xsubi[3]) {
  if (!gpurng::preload::enabled()) return real<long (*)(unsigned short*)>("nrand48")(xsubi);
  return static_cast<long>(lcg::to_lrand48(step_caller(xsubi)));
}

__attribute__((visibility("default"))) long jrand48(unsigned short xsubi[3]) {
  if (!gpurng::preload::enabled()) return real<long (*)(unsigned short*)>("jrand48")(xsubi);
  return lcg::to_mrand48(step_caller(xsubi));
}

__attribute__((visibility("default"))) void srand48(long seed) {
  if (!gpurng::preload::enabled()) return real<void (*)(long)>("srand48")(seed);
  Lock lock(gpurng::preload::kDrand48);
  settle();
  g.x = lcg::state_from_srand48(static_cast<uint64_t>(seed));
  g.a = lcg::kDefaultA;
  g.c = lcg::kDefaultC;
}

__attribute__((visibility("default"))) unsigned short* seed48(unsigned short seed16v[3]) {
  if (!gpurng::preload::enabled()) return real<unsigned short* (*)(unsigned short*)>("seed48")(seed16v);
  Lock lock(gpurng::preload::kDrand48);
  settle();
  to_words(g.x, g.old_x);
  g.x = from_words(seed16v);
  g.a = lcg::kDefaultA;
  g.c = lcg::kDefaultC;
  return g.old_x;
}

__attribute__((visibility("default"))) void lcong48(unsigned short param[7]) {
  if (!gpurng::preload::enabled()) return real<void (*)(unsigned short*)>("lcong48")(param);
  Lock lock(gpurng::preload::kDrand48);
  settle();
  g.x = from_words(param);
  g.a = from_words(param + 3);
  g.c = param[6];
}

}  // extern "C"
