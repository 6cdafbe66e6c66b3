// SPDX-License-Identifier: BSD-3-Clause
// gpurng_bitgen.h: a generator's raw stream behind numpy's bitgen_t callbacks. The words come from the generator's
// own bulk calls (gpurngGenerate / gpurngGenerateLongLong) into a buffer; the callbacks compose them as the header
// states. The only state besides the buffer is its position: the callbacks never keep part of a word.
#include <new>
#include <vector>

#include "abi_guard.hpp"
#include "generator.hpp"
#include "gpurng_bitgen.h"

namespace {

struct Bitgen {
  gpurngBitgen_t pub;  // what the caller holds; pub.state is this object
  gpurngGenerator_t gen = nullptr;
  int bits = 32;
  bool wide = false;    // words from gpurngGenerateLongLong
  int double_rule = 0;  // 0: (next_uint64 >> 11) 2^-53; 1: RANMAR48's w 2^-48, 0 -> 2^-48; 2: DRAND48's w 2^-48
  size_t capacity = 0;
  std::vector<uint64_t> words;
  std::vector<uint32_t> narrow;
  size_t at = 0, len = 0;       // the next word's index in `words`, and how many there are
  unsigned long long base = 0;  // the generator's offset at words[0]
  gpurngStatus_t status = GPURNG_STATUS_SUCCESS;
};

Bitgen* of(void* state) { return static_cast<Bitgen*>(state); }

// The next buffer of words; on a stream's end the refill halves until it fits, so every word before the end is
// served. false (and status kept) when not even one word can be had.
bool refill(Bitgen& b) {
  if (b.status != GPURNG_STATUS_SUCCESS) return false;
  b.at = b.len = 0;
  gpurngStatus_t st = gpurngGetGeneratorOffset(b.gen, &b.base);
  size_t n = b.capacity;
  while (st == GPURNG_STATUS_SUCCESS) {
    st = b.wide ? gpurngGenerateLongLong(b.gen, reinterpret_cast<unsigned long long*>(b.words.data()), n)
                : gpurngGenerate(b.gen, b.narrow.data(), n);
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
  if (!b.wide)
    for (size_t i = 0; i < n; ++i) b.words[i] = b.narrow[i];
  b.len = n;
  return true;
}

inline uint64_t next_word(Bitgen& b) {
  if (b.at == b.len && !refill(b)) return 0;
  return b.words[b.at++];
}

// The top n bits of the next ceil(n / b) words written one after the other, the first most significant.
template <int N>
inline uint64_t top_bits(Bitgen& b) {
  unsigned __int128 acc = 0;
  int have = 0;
  while (have < N) {
    acc = (acc << b.bits) | next_word(b);
    have += b.bits;
  }
  return static_cast<uint64_t>(acc >> (have - N));
}

uint64_t next_uint64(void* state) { return top_bits<64>(*of(state)); }
uint32_t next_uint32(void* state) { return static_cast<uint32_t>(top_bits<32>(*of(state))); }
uint64_t next_raw(void* state) { return next_word(*of(state)); }
double next_double(void* state) {
  Bitgen& b = *of(state);
  constexpr double k2m48 = 1.0 / 281474976710656.0, k2m53 = 1.0 / 9007199254740992.0;
  switch (b.double_rule) {
    case 1: {  // RANMAR48 / RANMAR48X: RMMARD's w 2^-48 with 0 -> 2^-48 (include/gpurng.h)
      const uint64_t w = next_word(b);
      return b.status != GPURNG_STATUS_SUCCESS ? 0.0 : static_cast<double>(w == 0 ? 1 : w) * k2m48;
    }
    case 2:  // DRAND48: drand48's w 2^-48
      return static_cast<double>(next_word(b)) * k2m48;
    default:
      return static_cast<double>(top_bits<64>(b) >> 11) * k2m53;
  }
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
  b.at = b.len = 0;
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
    b->wide = wide;
    b->double_rule = rule;
    b->capacity = buffer_words == 0 ? size_t(65536) : buffer_words < 64 ? size_t(64) : buffer_words;
    try {
      b->words.resize(b->capacity);
      if (!wide) b->narrow.resize(b->capacity);
    } catch (const std::bad_alloc&) {
      delete b;
      return GPURNG_STATUS_ALLOCATION_FAILED;
    }
    b->pub.state = b;
    b->pub.next_uint64 = next_uint64;
    b->pub.next_uint32 = next_uint32;
    b->pub.next_double = next_double;
    b->pub.next_raw = next_raw;
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
  if (b->len == 0) return gpurngGetGeneratorOffset(b->gen, offset);
  *offset = b->base + b->at;
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
    if (b->at == b->len && !refill(*b)) return b->status;
    const size_t take = b->len - b->at < n - i ? b->len - b->at : n - i;
    for (size_t k = 0; k < take; ++k) output[i + k] = b->words[b->at + k];
    b->at += take;
    i += take;
  }
  return GPURNG_STATUS_SUCCESS;
}

gpurngStatus_t gpurngBitgenStatus(const gpurngBitgen_t* bitgen) {
  if (!bitgen) return GPURNG_STATUS_NOT_INITIALIZED;
  return internal(bitgen)->status;
}

}  // extern "C"
