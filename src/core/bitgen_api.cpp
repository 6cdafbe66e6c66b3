// SPDX-License-Identifier: BSD-3-Clause
// gpurng_bitgen.h: a generator's raw stream behind numpy's bitgen_t callbacks. The words come from the generator in
// bulk: lent from its prefetch ring (gpurngAcquire / gpurngAcquireLongLong, the numbers gpurngGenerate /
// gpurngGenerateLongLong would write, made ahead on the ring's producer thread) or written by those calls into the
// bit generator's buffer; the callbacks compose them as the header states. The only state besides the buffer is its
// position: the callbacks never keep part of a word.
//
// Cost (numpy's Generator calls a callback per number; AMD EPYC, 2 cores, Philox4_32_10): next_double about 2.2 ns
// while the ring's producer runs on the other core (numpy's own PCG64: about 2.7 ns); the words themselves cost
// about 0.7 ns each to make on one core (philox_lanes.inc), paid by that producer.
#include <cstddef>
#include <new>
#include <vector>

#include "abi_guard.hpp"
#include "generator.hpp"
#include "gpurng_bitgen.h"

namespace {

// The buffer holds the words of one refill: 32-bit ones (b <= 32) as gpurngGenerate writes them, 48-bit ones as
// gpurngGenerateLongLong does; no copy between them. The callbacks are chosen per word width when the bit generator
// is made (no loop or switch per call): each takes its words straight from the buffer when it holds enough of them
// and goes a word at a time (next_word: refills, a stream's end) otherwise. The position in the buffer is a pointer
// (cur .. end): the one value a call reads and writes back, so the chain from one call to the next is short.
template <typename Word>
struct Cursor {
  const Word* cur = nullptr;  // the next word
  const Word* end = nullptr;  // past the buffer's last word
};

struct alignas(64) Bitgen {
  gpurngBitgen_t pub;       // what the caller holds; pub.state is this object
  Cursor<uint32_t> narrow;  // b <= 32 (one cache line with pub)
  Cursor<uint64_t> wide;    // b = 48
  bool is_wide = false;     // words from gpurngGenerateLongLong
  gpurngGenerator_t gen = nullptr;
  int bits = 32;
  size_t capacity = 0;
  std::vector<uint32_t> narrow_words;
  std::vector<uint64_t> wide_words;
  unsigned long long base = 0;  // the generator's offset at the buffer's first word
  gpurngStatus_t status = GPURNG_STATUS_SUCCESS;
  const void* first = nullptr;  // the buffer's first word (the bit generator's buffer, or memory the generator lent);
                                // nullptr: no words yet, or dropped

  size_t at() const {  // the next word's index in the buffer
    return is_wide ? static_cast<size_t>(wide.cur - static_cast<const uint64_t*>(first))
                   : static_cast<size_t>(narrow.cur - static_cast<const uint32_t*>(first));
  }
  size_t left() const {
    return is_wide ? static_cast<size_t>(wide.end - wide.cur) : static_cast<size_t>(narrow.end - narrow.cur);
  }
  // The next words are w[0 .. n) (n = 0: none).
  void set_words(const uint32_t* w, size_t n) {
    first = w;
    narrow.cur = w;
    narrow.end = w + n;
  }
  void set_words(const uint64_t* w, size_t n) {
    first = w;
    wide.cur = w;
    wide.end = w + n;
  }
  void set_words(std::nullptr_t, size_t) {
    first = nullptr;
    narrow.cur = narrow.end = nullptr;
    wide.cur = wide.end = nullptr;
  }
};

// The most words a refill asks the generator to lend (gpurngAcquire's limit without a ring; a ring's slabs hold
// 131072 numbers unless the caller set them smaller, and then the call is refused and the refill generates).
constexpr size_t kMaxLent = 131072;

Bitgen* of(void* state) { return static_cast<Bitgen*>(state); }

constexpr double k2m48 = 1.0 / 281474976710656.0, k2m53 = 1.0 / 9007199254740992.0;

// x < 2^63 as a double: the signed conversion, one instruction (the unsigned one needs a test and a second path).
inline double to_double(uint64_t x) { return static_cast<double>(static_cast<int64_t>(x)); }

// The buffer's words: the generator's own memory where it can lend it (gpurngAcquire / gpurngAcquireLongLong: a
// slab of its prefetch ring, which a producer thread filled beside the caller, with no copy), else the bit
// generator's buffer filled by gpurngGenerate / gpurngGenerateLongLong. A lent pointer stays valid until the next
// call on the generator, and the bit generator makes none before it has used the words up (or dropped them).
bool take_words(Bitgen& b, size_t n, gpurngStatus_t* st) {
  if (b.is_wide) {
    const unsigned long long* p = nullptr;
    *st = gpurngAcquireLongLong(b.gen, n, &p);
    if (*st == GPURNG_STATUS_SUCCESS) b.set_words(reinterpret_cast<const uint64_t*>(p), n);
  } else {
    const unsigned int* p = nullptr;
    *st = gpurngAcquire(b.gen, n, &p);
    if (*st == GPURNG_STATUS_SUCCESS) b.set_words(p, n);
  }
  return *st == GPURNG_STATUS_SUCCESS;
}

// The next buffer of words; on a stream's end the refill halves until it fits, so every word before the end is
// served. false (and status kept) when not even one word can be had.
__attribute__((noinline)) bool refill(Bitgen& b) {
  if (b.status != GPURNG_STATUS_SUCCESS) return false;
  b.set_words(nullptr, 0);
  gpurngStatus_t st = gpurngGetGeneratorOffset(b.gen, &b.base);
  if (st != GPURNG_STATUS_SUCCESS) {
    b.status = st;
    return false;
  }
  if (b.capacity <= kMaxLent && take_words(b, b.capacity, &st)) return true;
  // Not lent (a stream's end, a buffer larger than the ring's slabs, anything else): the bit generator's own
  // buffer, which also reports a failure that is one.
  st = GPURNG_STATUS_SUCCESS;
  size_t n = b.capacity;
  while (st == GPURNG_STATUS_SUCCESS) {
    st = b.is_wide ? gpurngGenerateLongLong(b.gen, reinterpret_cast<unsigned long long*>(b.wide_words.data()), n)
                   : gpurngGenerate(b.gen, b.narrow_words.data(), n);
    if (st == GPURNG_STATUS_SUCCESS) break;
    if ((st == GPURNG_STATUS_STREAM_END || st == GPURNG_STATUS_OUT_OF_RANGE) && n > 1) {
      n /= 2;
      st = GPURNG_STATUS_SUCCESS;
    }
  }
  if (st != GPURNG_STATUS_SUCCESS) {
    b.status = st;
    return false;
  }
  if (b.is_wide)
    b.set_words(b.wide_words.data(), n);
  else
    b.set_words(b.narrow_words.data(), n);
  return true;
}

// One word, refilling first if the buffer is used up; 0 once a refill failed.
uint64_t next_word(Bitgen& b) {
  if (b.left() == 0 && !refill(b)) return 0;
  return b.is_wide ? *b.wide.cur++ : *b.narrow.cur++;
}

// The top N bits of the next ceil(N / B) words written one after the other, the first most significant, a word at
// a time (the slow path: across a refill, or after a failed one).
template <int B, int N>
__attribute__((noinline)) uint64_t top_bits_slow(Bitgen& b) {
  uint64_t acc = 0;
  int have = 0;
  while (have < N) {
    const uint64_t w = next_word(b);
    const int take = N - have < B ? N - have : B;  // the last word's top bits (B <= 48 < 64)
    acc = (acc << take) | (w >> (B - take));
    have += take;
  }
  return acc;
}

// The header's compositions when the buffer holds the words (w: the next ceil(N / B) of them).
template <int B>
inline uint32_t compose32(const uint32_t* w) {
  if constexpr (B == 32)
    return w[0];
  else  // 24, 31: two words
    return static_cast<uint32_t>((static_cast<uint64_t>(w[0]) << (32 - B)) | (w[1] >> (2 * B - 32)));
}
template <int B>
inline uint64_t compose64(const uint32_t* w) {
  const uint64_t w0 = w[0], w1 = w[1];
  if constexpr (B == 32)
    return (w0 << 32) | w1;
  else  // 24, 31: three words
    return (w0 << (64 - B)) | (w1 << (64 - 2 * B)) | (w[2] >> (3 * B - 64));
}
template <int B>
constexpr ptrdiff_t words_for(int n) {
  return (n + B - 1) / B;
}

// ---- b <= 32 (32, 31, 24) ----
template <int B>
uint32_t narrow_uint32(void* state) {
  Cursor<uint32_t>& c = of(state)->narrow;
  const uint32_t* w = c.cur;
  if (__builtin_expect(c.end - w >= words_for<B>(32), 1)) {
    c.cur = w + words_for<B>(32);
    return compose32<B>(w);
  }
  return static_cast<uint32_t>(top_bits_slow<B, 32>(*of(state)));
}
template <int B>
uint64_t narrow_uint64(void* state) {
  Cursor<uint32_t>& c = of(state)->narrow;
  const uint32_t* w = c.cur;
  if (__builtin_expect(c.end - w >= words_for<B>(64), 1)) {
    c.cur = w + words_for<B>(64);
    return compose64<B>(w);
  }
  return top_bits_slow<B, 64>(*of(state));
}
template <int B>
double narrow_double(void* state) {
  Cursor<uint32_t>& c = of(state)->narrow;
  const uint32_t* w = c.cur;
  uint64_t x;
  if (__builtin_expect(c.end - w >= words_for<B>(64), 1)) {
    c.cur = w + words_for<B>(64);
    x = compose64<B>(w);
  } else {
    x = top_bits_slow<B, 64>(*of(state));
  }
  return to_double(x >> 11) * k2m53;
}
uint64_t narrow_raw(void* state) {
  Cursor<uint32_t>& c = of(state)->narrow;
  if (__builtin_expect(c.cur != c.end, 1)) return *c.cur++;
  return next_word(*of(state));
}

// ---- b = 48 (RANMAR48, RANMAR48X, DRAND48) ----
uint32_t wide_uint32(void* state) {
  Cursor<uint64_t>& c = of(state)->wide;
  if (__builtin_expect(c.cur != c.end, 1)) return static_cast<uint32_t>(*c.cur++ >> 16);
  return static_cast<uint32_t>(next_word(*of(state)) >> 16);
}
uint64_t wide_uint64(void* state) {
  Cursor<uint64_t>& c = of(state)->wide;
  const uint64_t* w = c.cur;
  if (__builtin_expect(c.end - w >= 2, 1)) {
    c.cur = w + 2;
    return (w[0] << 16) | (w[1] >> 32);
  }
  return top_bits_slow<48, 64>(*of(state));
}
uint64_t wide_raw(void* state) {
  Cursor<uint64_t>& c = of(state)->wide;
  if (__builtin_expect(c.cur != c.end, 1)) return *c.cur++;
  return next_word(*of(state));
}
double wide_double_ranmar48(void* state) {  // RANMAR48 / RANMAR48X: RMMARD's w 2^-48 with 0 -> 2^-48 (include/gpurng.h)
  Cursor<uint64_t>& c = of(state)->wide;
  uint64_t w;
  if (__builtin_expect(c.cur != c.end, 1)) {
    w = *c.cur++;
  } else {
    w = next_word(*of(state));
    if (of(state)->status != GPURNG_STATUS_SUCCESS) return 0.0;
  }
  return to_double(w == 0 ? 1 : w) * k2m48;
}
double wide_double_drand48(void* state) {  // DRAND48: drand48's w 2^-48
  Cursor<uint64_t>& c = of(state)->wide;
  const uint64_t w = __builtin_expect(c.cur != c.end, 1) ? *c.cur++ : next_word(*of(state));
  return to_double(w) * k2m48;
}

template <int B>
void set_narrow_callbacks(gpurngBitgen_t& p) {
  p.next_uint64 = narrow_uint64<B>;
  p.next_uint32 = narrow_uint32<B>;
  p.next_double = narrow_double<B>;
  p.next_raw = narrow_raw;
}

// The word width and double rule of each pseudo-random engine (gpurng_bitgen.h's table); false for the others.
bool word_table(gpurngRngType_t type, int* bits, bool* wide, int* rule) {
  *wide = false;
  *rule = 0;
  switch (type) {
    case GPURNG_RNG_PSEUDO_RANMAR:
      *bits = 24;
      return true;
    case GPURNG_RNG_PSEUDO_RANMAR48:
    case GPURNG_RNG_PSEUDO_RANMAR48X:
      *bits = 48;
      *wide = true;
      *rule = 1;
      return true;
    case GPURNG_RNG_PSEUDO_DRAND48:
      *bits = 48;
      *wide = true;
      *rule = 2;
      return true;
    case GPURNG_RNG_PSEUDO_MINSTD:
    case GPURNG_RNG_PSEUDO_MINSTD48271:
    case GPURNG_RNG_PSEUDO_GLIBC_RANDOM_TYPE0:
    case GPURNG_RNG_PSEUDO_GLIBC_RANDOM_TYPE1:
    case GPURNG_RNG_PSEUDO_GLIBC_RANDOM_TYPE2:
    case GPURNG_RNG_PSEUDO_GLIBC_RANDOM_TYPE3:
    case GPURNG_RNG_PSEUDO_GLIBC_RANDOM_TYPE4:
      *bits = 31;
      return true;
    case GPURNG_RNG_PSEUDO_XORWOW:
    case GPURNG_RNG_PSEUDO_MRG32K3A:
    case GPURNG_RNG_PSEUDO_PHILOX4_32_10:
    case GPURNG_RNG_PSEUDO_HYBRID_TAUS:
      *bits = 32;
      return true;
    default:
      return false;
  }
}

// The public struct's state pointer is its Bitgen.
Bitgen* internal(gpurngBitgen_t* p) { return of(p->state); }
const Bitgen* internal(const gpurngBitgen_t* p) { return static_cast<const Bitgen*>(p->state); }

// A new place: the buffer dropped, the error state cleared.
void restart(Bitgen& b) {
  b.set_words(nullptr, 0);
  b.status = GPURNG_STATUS_SUCCESS;
}

}  // namespace

extern "C" {

gpurngStatus_t gpurngCreateBitgen(gpurngBitgen_t** bitgen, gpurngGenerator_t generator, size_t buffer_words) {
  if (!bitgen) return GPURNG_STATUS_NULL_POINTER;
  *bitgen = nullptr;
  if (!generator) return GPURNG_STATUS_NOT_INITIALIZED;
  return gpurng::core::guarded([&] {
    int bits = 0, rule = 0;
    bool wide = false;
    if (!word_table(generator->type, &bits, &wide, &rule)) return GPURNG_STATUS_TYPE_ERROR;
    Bitgen* b = new (std::nothrow) Bitgen;
    if (!b) return GPURNG_STATUS_ALLOCATION_FAILED;
    b->gen = generator;
    b->bits = bits;
    b->is_wide = wide;
    // 65536 words: half a ring slab (lent without a copy); when the bit generator fills its own buffer, 256 KiB of
    // 32-bit words, within a core's L2 cache (512 KiB and more on current x86), with a refill's fixed cost spread
    // over many numbers.
    b->capacity = buffer_words == 0 ? size_t(65536) : buffer_words < 64 ? size_t(64) : buffer_words;
    try {
      if (wide)
        b->wide_words.resize(b->capacity);
      else
        b->narrow_words.resize(b->capacity);
    } catch (const std::bad_alloc&) {
      delete b;
      return GPURNG_STATUS_ALLOCATION_FAILED;
    }
    b->pub.state = b;
    switch (bits) {
      case 24:
        set_narrow_callbacks<24>(b->pub);
        break;
      case 31:
        set_narrow_callbacks<31>(b->pub);
        break;
      case 32:
        set_narrow_callbacks<32>(b->pub);
        break;
      default:  // 48
        b->pub.next_uint64 = wide_uint64;
        b->pub.next_uint32 = wide_uint32;
        b->pub.next_double = rule == 1 ? wide_double_ranmar48 : wide_double_drand48;
        b->pub.next_raw = wide_raw;
        break;
    }
    *bitgen = &b->pub;
    return GPURNG_STATUS_SUCCESS;
  });
}

gpurngStatus_t gpurngDestroyBitgen(gpurngBitgen_t* bitgen) {
  if (!bitgen) return GPURNG_STATUS_SUCCESS;
  Bitgen* b = internal(bitgen);
  gpurngDestroyGenerator(b->gen);
  delete b;
  return GPURNG_STATUS_SUCCESS;
}

gpurngStatus_t gpurngBitgenWordBits(const gpurngBitgen_t* bitgen, int* bits) {
  if (!bitgen) return GPURNG_STATUS_NOT_INITIALIZED;
  if (!bits) return GPURNG_STATUS_NULL_POINTER;
  *bits = internal(bitgen)->bits;
  return GPURNG_STATUS_SUCCESS;
}

gpurngStatus_t gpurngBitgenGetPosition(const gpurngBitgen_t* bitgen, unsigned long long* offset) {
  if (!bitgen) return GPURNG_STATUS_NOT_INITIALIZED;
  if (!offset) return GPURNG_STATUS_NULL_POINTER;
  const Bitgen* b = internal(bitgen);
  if (!b->first) return gpurngGetGeneratorOffset(b->gen, offset);
  *offset = b->base + b->at();
  return GPURNG_STATUS_SUCCESS;
}

gpurngStatus_t gpurngBitgenSetPosition(gpurngBitgen_t* bitgen, unsigned long long offset) {
  if (!bitgen) return GPURNG_STATUS_NOT_INITIALIZED;
  Bitgen* b = internal(bitgen);
  restart(*b);
  return gpurngSetGeneratorOffset(b->gen, offset);
}

gpurngStatus_t gpurngBitgenPlace(gpurngBitgen_t* bitgen, unsigned long long seed, unsigned long long stream,
                                 unsigned long long offset) {
  if (!bitgen) return GPURNG_STATUS_NOT_INITIALIZED;
  Bitgen* b = internal(bitgen);
  restart(*b);
  gpurngStatus_t st = gpurngSetPseudoRandomGeneratorSeed(b->gen, seed);
  if (st == GPURNG_STATUS_SUCCESS) st = gpurngSetGeneratorStream(b->gen, stream);
  if (st == GPURNG_STATUS_SUCCESS) st = gpurngSetGeneratorOffset(b->gen, offset);
  return st;
}

gpurngStatus_t gpurngBitgenFillRaw(gpurngBitgen_t* bitgen, unsigned long long* output, size_t n) {
  if (!bitgen) return GPURNG_STATUS_NOT_INITIALIZED;
  if (!output && n > 0) return GPURNG_STATUS_NULL_POINTER;
  Bitgen* b = internal(bitgen);
  for (size_t i = 0; i < n;) {
    if (b->left() == 0 && !refill(*b)) return b->status;
    const size_t take = b->left() < n - i ? b->left() : n - i;
    if (b->is_wide) {
      for (size_t k = 0; k < take; ++k) output[i + k] = b->wide.cur[k];
      b->wide.cur += take;
    } else {
      for (size_t k = 0; k < take; ++k) output[i + k] = b->narrow.cur[k];
      b->narrow.cur += take;
    }
    i += take;
  }
  return GPURNG_STATUS_SUCCESS;
}

gpurngStatus_t gpurngBitgenStatus(const gpurngBitgen_t* bitgen) {
  if (!bitgen) return GPURNG_STATUS_NOT_INITIALIZED;
  return internal(bitgen)->status;
}

}  // extern "C"
