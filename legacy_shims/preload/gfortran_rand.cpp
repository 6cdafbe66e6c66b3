// SPDX-License-Identifier: BSD-3-Clause
// gfortran's RAND, IRAND and SRAND (libgfortran intrinsics/rand.c; the gfortran manual's RAND, IRAND, SRAND):
// Park-Miller 16807 on a 64-bit unsigned seed, default 1. SRAND(i) sets the seed to i sign-extended, or
// 123459876 for 0; IRAND(flag) and RAND(flag) step first after flag 0 (or no argument), re-seed as SRAND(0)
// for 1, and as SRAND(flag) otherwise. RAND = ((IRAND - 1) & ~511) * 2^-31 as REAL(4).
//
// Numbers come from a block made ahead with the engine of include/gpurng/engines/minstd.hpp, eight interleaved lanes
// stepping by 16807^8 so the multiplies overlap. libgfortran computes 16807 * seed % (2^31 - 1) in 64-bit arithmetic;
// for a seed of 2^31 - 1 or more (SRAND with a negative or the largest argument) that product wraps, so
// such a seed takes its first step exactly as libgfortran does, and the engine continues from there.
#include <stdint.h>

#include "gpurng/engines/minstd.hpp"
#include "preload_control.hpp"

using gpurng::preload::Lock;

namespace {

constexpr uint32_t kA = 16807;
constexpr uint32_t kMinBlock = 16, kMaxBlock = 1024;

struct GfortranState {
  uint64_t seed;  // libgfortran's seed after the block's last number
  uint32_t block, cur, end;
  uint32_t out[kMaxBlock + 8];  // + room for the last group of eight lanes
};
GfortranState g{1, kMinBlock, 0, 0, {}};

void srand_internal(int32_t i) {
  g.seed = i ? static_cast<uint64_t>(static_cast<int64_t>(i)) : 123459876u;
  gpurng::preload::count_served(gpurng::preload::kGfortran, g.cur);
  g.cur = g.end = 0;
  g.block = kMinBlock;
}

void refill() {
  gpurng::preload::count_served(gpurng::preload::kGfortran, g.end);
  const uint32_t n = g.block;
  uint32_t k = 0;
  uint64_t s = g.seed;
  while (k < n && s >= gpurng::minstd::kModulus) {  // libgfortran's own step, wrap-around included
    s = (uint64_t(kA) * s) % gpurng::minstd::kModulus;
    g.out[k++] = static_cast<uint32_t>(s);
  }
  if (k < n) {
    // Eight lanes in registers, each stepping by 16807^8: the multiplies overlap and no step waits for a
    // store to reach a load. The last group may run past n into the spare room of `out`.
    uint32_t lane[8], x = static_cast<uint32_t>(s);
    for (int j = 0; j < 8; ++j) lane[j] = x = gpurng::minstd::mulmod(kA, x);
    const uint32_t a8 = gpurng::minstd::powmod(kA, 8);
    for (; k < n; k += 8) {
      for (int j = 0; j < 8; ++j) {
        g.out[k + j] = lane[j];
        lane[j] = gpurng::minstd::mulmod(a8, lane[j]);
      }
    }
  }
  g.seed = g.out[n - 1];
  g.cur = 0;
  g.end = n;
  if (g.block < kMaxBlock) g.block *= 2;
}

using irand_fn = int32_t (*)(int32_t*);
using rand_fn = float (*)(int32_t*);
using srand_fn = void (*)(int32_t*);

int32_t irand_slow(const int32_t* i) {
  Lock lock(gpurng::preload::kGfortran);
  const int32_t flag = i ? *i : 0;
  if (flag == 1)
    srand_internal(0);
  else if (flag != 0)
    srand_internal(flag);
  if (g.cur == g.end) refill();
  return static_cast<int32_t>(g.out[g.cur++]);
}

// The per-call path: no flag, a block in hand, no other thread.
inline bool fast(const int32_t* i) {
  return __builtin_expect(gpurng::preload::single_threaded() && (!i || *i == 0) && g.cur < g.end, 1);
}

float to_real(int32_t v) {
  return static_cast<float>((static_cast<uint32_t>(v) - 1u) & (~0u << 9)) * 0x1p-31f;  // exact: <= 23 bits
}

}  // namespace

uint64_t gpurng::preload::gfortran_served_in_block() { return g.cur; }

extern "C" {

__attribute__((visibility("default"))) int32_t _gfortran_irand(int32_t* i) {
  if (fast(i)) return static_cast<int32_t>(g.out[g.cur++]);
  if (!gpurng::preload::enabled())
    return reinterpret_cast<irand_fn>(gpurng::preload::real_function("_gfortran_irand", false))(i);
  return irand_slow(i);
}

__attribute__((visibility("default"))) float _gfortran_rand(int32_t* i) {
  if (fast(i)) return to_real(static_cast<int32_t>(g.out[g.cur++]));
  if (!gpurng::preload::enabled())
    return reinterpret_cast<rand_fn>(gpurng::preload::real_function("_gfortran_rand", false))(i);
  return to_real(irand_slow(i));
}

__attribute__((visibility("default"))) void _gfortran_srand(int32_t* i) {
  if (!gpurng::preload::enabled())
    return reinterpret_cast<srand_fn>(gpurng::preload::real_function("_gfortran_srand", false))(i);
  Lock lock(gpurng::preload::kGfortran);
  srand_internal(*i);
}

}  // extern "C"
