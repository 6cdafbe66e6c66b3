// SPDX-License-Identifier: BSD-3-Clause
// glibc's rand, srand, random, srandom, initstate and setstate, bit for bit (glibc random.c, random_r.c),
// served from a block of numbers made ahead by the engine's fill (include/gpurng/engines/glibc_random.hpp).
//
// The state lives where glibc keeps it: in the active state buffer (the caller's initstate buffer, or our
// own default one), as int32 words after a header word. During a block the buffer holds the state at the
// block's start, and `ahead` the state at its end. Whenever the program can look (srandom, initstate,
// setstate), the buffer is brought to the exact state at the caller's position first, and initstate and
// setstate write the rear index into the header word of the buffer they leave, as glibc does. A buffer
// handed to setstate is decoded from its words, whoever wrote them, so hand-made states are exact too.
// Reading or writing the active buffer directly between calls, without setstate, is not followed (glibc
// itself changes the words on every call); docs/PRELOAD.md says so.
//
// Blocks start small after every state change and double up to kMaxBlock, so a program that switches
// states often does not pay for numbers it never takes.
#include <errno.h>
#include <stdint.h>
#include <string.h>

#include "gpurng/engines/glibc_random.hpp"
#include "preload_control.hpp"

namespace gr = gpurng::glibc_random;
using gpurng::preload::Lock;

namespace {

constexpr int kMaxTypes = 5;  // glibc's MAX_TYPES: the header word is rear * 5 + type
constexpr uint32_t kMinBlock = 16, kMaxBlock = 1024;

struct RandomState {
  unsigned char* buffer;  // the active buffer's header word; NULL until first use
  int type, deg, sep;
  int front;                        // glibc's front index at the block's start (the word the next step writes)
  uint32_t window[gr::kMaxDegree];  // state at the block's end, oldest first (TYPE_0: window[0])
  uint32_t block;                   // size of the next block
  uint32_t cur, end;                // the caller's place in `out`
  uint32_t out[kMaxBlock];
};

// Our own state buffer for programs that never call initstate: glibc's static 128-byte TYPE_3 table.
uint32_t g_default_buffer[32];
RandomState g{};

uint32_t load(const unsigned char* buffer, int word) {
  uint32_t v;
  memcpy(&v, buffer + 4 * word, 4);  // initstate accepts unaligned buffers
  return v;
}
void store(unsigned char* buffer, int word, uint32_t v) { memcpy(buffer + 4 * word, &v, 4); }

void read_window(int front, uint32_t* window) {
  if (g.type == 0) {
    window[0] = load(g.buffer, 1);
    return;
  }
  for (int j = 0; j < g.deg; ++j) window[j] = load(g.buffer, 1 + (front + j) % g.deg);
}
void write_window(int front, const uint32_t* window) {
  if (g.type == 0) {
    store(g.buffer, 1, window[0]);
    return;
  }
  for (int j = 0; j < g.deg; ++j) store(g.buffer, 1 + (front + j) % g.deg, window[j]);
}

// n outputs from `window`, which moves on by n.
void generate(uint32_t* window, uint32_t* out, uint32_t n) {
  if (g.type == 0) {
    uint32_t x = window[0];
    for (uint32_t k = 0; k < n; ++k) out[k] = x = gr::lcg_step(x);
    window[0] = x;
  } else {
    gr::fill(window, g.deg, g.sep, out, n);
  }
}

void use_type(int type) {
  g.type = type;
  g.deg = gr::kDegree[type];
  g.sep = gr::kSeparation[type];
}

// srandom on the active buffer: seed the words, then discard 10 * deg outputs (glibc's __srandom_r).
void seed_active(uint32_t seed) {
  if (g.type == 0) {
    store(g.buffer, 1, seed == 0 ? 1 : seed);
  } else {
    uint32_t words[gr::kMaxDegree], window[gr::kMaxDegree], discard[gr::kMaxDegree];
    gr::seed_buffer(seed, g.deg, words);
    gr::window_from_buffer(words, g.deg, g.sep, window);
    for (int i = 0; i < gr::kDiscardPerDegree; ++i) gr::fill(window, g.deg, g.sep, discard, g.deg);
    g.front = g.sep;  // 10 * deg steps bring the front back to sep
    write_window(g.front, window);
  }
  g.cur = g.end = 0;
  g.block = kMinBlock;
}

void first_use() {
  if (g.buffer) return;
  g.buffer = reinterpret_cast<unsigned char*>(g_default_buffer);
  use_type(3);
  seed_active(1);         // the never-seeded state is srandom(1)
  store(g.buffer, 0, 3);  // rear 0, TYPE_3
}

// Bring the active buffer to the caller's position and forget the block.
void settle() {
  if (g.end == 0) return;
  gpurng::preload::count_served(gpurng::preload::kRandom, g.cur);
  if (g.cur == g.end) {
    g.front = g.type == 0 ? 0 : static_cast<int>((g.front + g.end) % g.deg);
    write_window(g.front, g.window);
  } else if (g.cur > 0) {
    uint32_t window[gr::kMaxDegree], scratch[kMaxBlock];
    read_window(g.front, window);
    generate(window, scratch, g.cur);
    g.front = g.type == 0 ? 0 : static_cast<int>((g.front + g.cur) % g.deg);
    write_window(g.front, window);
  }
  g.cur = g.end = 0;
  g.block = kMinBlock;
}

// The header word glibc writes into a buffer it leaves.
void write_header() {
  const int rear = g.type == 0 ? 0 : (g.front - g.sep + g.deg) % g.deg;
  store(g.buffer, 0, g.type == 0 ? 0u : static_cast<uint32_t>(kMaxTypes * rear + g.type));
}

int32_t next_slow() {
  Lock lock(gpurng::preload::kRandom);
  first_use();
  if (g.cur < g.end) return static_cast<int32_t>(g.out[g.cur++]);
  if (g.end > 0) {  // the block is used up: the buffer moves to its end
    gpurng::preload::count_served(gpurng::preload::kRandom, g.end);
    g.front = g.type == 0 ? 0 : static_cast<int>((g.front + g.end) % g.deg);
    write_window(g.front, g.window);
  }
  read_window(g.front, g.window);
  generate(g.window, g.out, g.block);
  g.end = g.block;
  g.cur = 1;
  if (g.block < kMaxBlock) g.block *= 2;
  return static_cast<int32_t>(g.out[0]);
}

using random_fn = long (*)();
using srandom_fn = void (*)(unsigned);
using initstate_fn = char* (*)(unsigned, char*, size_t);
using setstate_fn = char* (*)(char*);

// The per-call path: one test and a load while the block lasts, with no lock in a single-threaded process.
inline int32_t next() {
  if (__builtin_expect(gpurng::preload::single_threaded() && g.cur < g.end, 1))
    return static_cast<int32_t>(g.out[g.cur++]);
  if (!gpurng::preload::enabled())
    return static_cast<int32_t>(reinterpret_cast<random_fn>(gpurng::preload::real_function("random", true))());
  return next_slow();
}

}  // namespace

uint64_t gpurng::preload::random_served_in_block() { return g.cur; }

extern "C" {

__attribute__((visibility("default"))) long random(void) { return next(); }
__attribute__((visibility("default"))) int rand(void) { return next(); }

__attribute__((visibility("default"))) void srandom(unsigned int seed) {
  if (!gpurng::preload::enabled())
    return reinterpret_cast<srandom_fn>(gpurng::preload::real_function("srandom", true))(seed);
  Lock lock(gpurng::preload::kRandom);
  first_use();
  settle();
  seed_active(seed);
}
__attribute__((visibility("default"))) void srand(unsigned int seed) { srandom(seed); }

__attribute__((visibility("default"))) char* initstate(unsigned int seed, char* state, size_t n) {
  if (!gpurng::preload::enabled())
    return reinterpret_cast<initstate_fn>(gpurng::preload::real_function("initstate", true))(seed, state, n);
  Lock lock(gpurng::preload::kRandom);
  first_use();
  settle();
  write_header();  // glibc saves the old buffer's rear index even when the new size is refused
  char* old = reinterpret_cast<char*>(g.buffer);
  const int type = gr::type_for_bytes(n);
  if (type < 0) {
    errno = EINVAL;
    return nullptr;
  }
  g.buffer = reinterpret_cast<unsigned char*>(state);
  use_type(type);
  g.front = g.sep;
  seed_active(seed);
  write_header();
  return old;
}

__attribute__((visibility("default"))) char* setstate(char* state) {
  if (!gpurng::preload::enabled())
    return reinterpret_cast<setstate_fn>(gpurng::preload::real_function("setstate", true))(state);
  Lock lock(gpurng::preload::kRandom);
  first_use();
  if (!state) {  // glibc: EINVAL without touching anything
    errno = EINVAL;
    return nullptr;
  }
  settle();
  write_header();
  char* old = reinterpret_cast<char*>(g.buffer);
  const int32_t header = static_cast<int32_t>(load(reinterpret_cast<unsigned char*>(state), 0));
  const int type = header % kMaxTypes;  // C's remainder: a negative header gives a negative type
  if (type < 0 || type >= kMaxTypes) {
    errno = EINVAL;
    return nullptr;
  }
  g.buffer = reinterpret_cast<unsigned char*>(state);
  use_type(type);
  // glibc points at word rear of the buffer without a range check; a rear beyond the state is taken
  // modulo the degree here (docs/PRELOAD.md).
  g.front = type == 0 ? 0 : (header / kMaxTypes + g.sep) % g.deg;
  g.block = kMinBlock;
  return old;
}

}  // extern "C"
