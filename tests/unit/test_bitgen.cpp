// SPDX-License-Identifier: BSD-3-Clause
// gpurng_bitgen.h: every pseudo-random engine's callbacks against the header's rules applied here, straightforwardly,
// to the words of a second generator with the same settings (gpurngGenerate / gpurngGenerateLongLong in one call);
// next_double of the 48-bit engines against gpurngGenerateUniformDouble; positions, places, bulk raw words, refills
// across small buffers, a stream's end and the statuses.
#include <gtest/gtest.h>

#include <cstring>
#include <string>
#include <vector>

#include "gpurng.h"
#include "gpurng_bitgen.h"

namespace {

struct Engine {
  gpurngRngType_t type;
  const char* name;
  int bits;
};

const Engine kEngines[] = {
    {GPURNG_RNG_PSEUDO_RANMAR, "RANMAR", 24},
    {GPURNG_RNG_PSEUDO_RANMAR48, "RANMAR48", 48},
    {GPURNG_RNG_PSEUDO_RANMAR48X, "RANMAR48X", 48},
    {GPURNG_RNG_PSEUDO_MINSTD, "MINSTD", 31},
    {GPURNG_RNG_PSEUDO_MINSTD48271, "MINSTD48271", 31},
    {GPURNG_RNG_PSEUDO_DRAND48, "DRAND48", 48},
    {GPURNG_RNG_PSEUDO_GLIBC_RANDOM_TYPE0, "TYPE0", 31},
    {GPURNG_RNG_PSEUDO_GLIBC_RANDOM_TYPE1, "TYPE1", 31},
    {GPURNG_RNG_PSEUDO_GLIBC_RANDOM_TYPE2, "TYPE2", 31},
    {GPURNG_RNG_PSEUDO_GLIBC_RANDOM_TYPE3, "TYPE3", 31},
    {GPURNG_RNG_PSEUDO_GLIBC_RANDOM_TYPE4, "TYPE4", 31},
    {GPURNG_RNG_PSEUDO_XORWOW, "XORWOW", 32},
    {GPURNG_RNG_PSEUDO_MRG32K3A, "MRG32K3A", 32},
    {GPURNG_RNG_PSEUDO_PHILOX4_32_10, "PHILOX4_32_10", 32},
    {GPURNG_RNG_PSEUDO_HYBRID_TAUS, "HYBRID_TAUS", 32},
};

gpurngGenerator_t make(const Engine& e, unsigned long long seed, unsigned long long stream, unsigned long long offset) {
  gpurngGenerator_t g = nullptr;
  EXPECT_EQ(gpurngCreateGeneratorHost(&g, e.type), GPURNG_STATUS_SUCCESS);
  EXPECT_EQ(gpurngSetPseudoRandomGeneratorSeed(g, seed), GPURNG_STATUS_SUCCESS);
  EXPECT_EQ(gpurngSetGeneratorStream(g, stream), GPURNG_STATUS_SUCCESS);
  EXPECT_EQ(gpurngSetGeneratorOffset(g, offset), GPURNG_STATUS_SUCCESS);
  return g;
}

// The raw words [0, n) from the generator's position, by the engine's own bulk call.
std::vector<uint64_t> words(const Engine& e, gpurngGenerator_t g, size_t n) {
  std::vector<uint64_t> w(n);
  if (e.bits == 48) {
    EXPECT_EQ(gpurngGenerateLongLong(g, reinterpret_cast<unsigned long long*>(w.data()), n), GPURNG_STATUS_SUCCESS);
  } else {
    std::vector<unsigned> v(n);
    EXPECT_EQ(gpurngGenerate(g, v.data(), n), GPURNG_STATUS_SUCCESS);
    for (size_t i = 0; i < n; ++i) w[i] = v[i];
  }
  return w;
}

// The header's rule: the top `n` bits of the next ceil(n / b) words, the first most significant, one bit at a time.
uint64_t top_bits(const std::vector<uint64_t>& w, size_t& at, int b, int n) {
  uint64_t out = 0;
  int taken = 0;
  while (taken < n) {
    const uint64_t word = w[at++];
    for (int bit = b - 1; bit >= 0 && taken < n; --bit, ++taken) out = (out << 1) | ((word >> bit) & 1u);
  }
  return out;
}

double as_double_rule(const Engine& e, const std::vector<uint64_t>& w, size_t& at) {
  if (e.bits != 48) return double(top_bits(w, at, e.bits, 64) >> 11) / 9007199254740992.0;
  const uint64_t x = w[at++];
  if (e.type == GPURNG_RNG_PSEUDO_DRAND48) return double(x) / 281474976710656.0;
  return double(x == 0 ? 1 : x) / 281474976710656.0;
}

template <typename T>
bool same(T a, T b) {
  return std::memcmp(&a, &b, sizeof(T)) == 0;
}

// raw x3, uint32 x5, uint64 x5, double x5, repeated `rounds` times: the callbacks against the rules.
void check_callbacks(const Engine& e, size_t buffer, int rounds) {
  SCOPED_TRACE(std::string(e.name) + " buffer " + std::to_string(buffer));
  gpurngBitgen_t* bg = nullptr;
  ASSERT_EQ(gpurngCreateBitgen(&bg, make(e, 12345, 3, 1000), buffer), GPURNG_STATUS_SUCCESS);
  int bits = 0;
  ASSERT_EQ(gpurngBitgenWordBits(bg, &bits), GPURNG_STATUS_SUCCESS);
  EXPECT_EQ(bits, e.bits);
  gpurngGenerator_t ref = make(e, 12345, 3, 1000);
  const std::vector<uint64_t> w = words(e, ref, size_t(rounds) * 60);
  size_t at = 0;
  for (int r = 0; r < rounds; ++r) {
    for (int i = 0; i < 3; ++i) ASSERT_EQ(bg->next_raw(bg->state), w[at++]);
    for (int i = 0; i < 5; ++i) ASSERT_EQ(bg->next_uint32(bg->state), uint32_t(top_bits(w, at, e.bits, 32)));
    for (int i = 0; i < 5; ++i) ASSERT_EQ(bg->next_uint64(bg->state), top_bits(w, at, e.bits, 64));
    for (int i = 0; i < 5; ++i) ASSERT_TRUE(same(bg->next_double(bg->state), as_double_rule(e, w, at)));
  }
  unsigned long long pos = 0;
  ASSERT_EQ(gpurngBitgenGetPosition(bg, &pos), GPURNG_STATUS_SUCCESS);
  EXPECT_EQ(pos, 1000 + at) << "the position counts the words taken";
  EXPECT_EQ(gpurngBitgenStatus(bg), GPURNG_STATUS_SUCCESS);
  gpurngDestroyGenerator(ref);
  gpurngDestroyBitgen(bg);
}

// Where a refill's words come from: lent by the generator from its prefetch ring (the default), lent from its own
// buffer (no ring), or generated into the bit generator's buffer (a buffer larger than the ring lends, or a ring of
// smaller slabs): the same words by every way, across many refills, for each word width.
TEST(Bitgen, EveryRefillSourceGivesTheRulesWords) {
  struct Way {
    const char* name;
    size_t buffer;
    size_t slab;  // 0: keep the ring; else gpurngSetPrefetch(slab, slabs)
    unsigned slabs;
  };
  const Way ways[] = {{"ring", 0, 0, 0},
                      {"ring, small buffer", 1000, 0, 0},
                      {"no ring", 0, 1, 0},
                      {"large buffer", 200003, 0, 0},
                      {"small slabs", 4096, 1024, 2}};
  for (const Engine& e : kEngines) {
    if (e.type != GPURNG_RNG_PSEUDO_PHILOX4_32_10 && e.type != GPURNG_RNG_PSEUDO_MINSTD &&
        e.type != GPURNG_RNG_PSEUDO_RANMAR && e.type != GPURNG_RNG_PSEUDO_RANMAR48)
      continue;
    for (const Way& w : ways) {
      SCOPED_TRACE(std::string(e.name) + " " + w.name);
      gpurngGenerator_t g = make(e, 4242, 1, 77);
      if (w.slab) ASSERT_EQ(gpurngSetPrefetch(g, w.slab == 1 ? 0 : w.slab, w.slabs), GPURNG_STATUS_SUCCESS);
      gpurngBitgen_t* bg = nullptr;
      ASSERT_EQ(gpurngCreateBitgen(&bg, g, w.buffer), GPURNG_STATUS_SUCCESS);
      gpurngGenerator_t ref = make(e, 4242, 1, 77);
      const size_t rounds = 6000;  // 360000 words
      const std::vector<uint64_t> words_ref = words(e, ref, rounds * 60);
      size_t at = 0;
      for (size_t r = 0; r < rounds; ++r) {
        for (int i = 0; i < 3; ++i) ASSERT_EQ(bg->next_raw(bg->state), words_ref[at++]);
        for (int i = 0; i < 5; ++i)
          ASSERT_EQ(bg->next_uint32(bg->state), uint32_t(top_bits(words_ref, at, e.bits, 32)));
        for (int i = 0; i < 5; ++i) ASSERT_EQ(bg->next_uint64(bg->state), top_bits(words_ref, at, e.bits, 64));
        for (int i = 0; i < 5; ++i) ASSERT_TRUE(same(bg->next_double(bg->state), as_double_rule(e, words_ref, at)));
      }
      unsigned long long pos = 0;
      ASSERT_EQ(gpurngBitgenGetPosition(bg, &pos), GPURNG_STATUS_SUCCESS);
      EXPECT_EQ(pos, 77 + at);
      std::vector<unsigned long long> bulk(1000);
      ASSERT_EQ(gpurngBitgenFillRaw(bg, bulk.data(), bulk.size()), GPURNG_STATUS_SUCCESS);
      for (size_t i = 0; i < bulk.size(); ++i) ASSERT_EQ(bulk[i], words_ref[at + i]);
      EXPECT_EQ(gpurngBitgenStatus(bg), GPURNG_STATUS_SUCCESS);
      gpurngDestroyGenerator(ref);
      gpurngDestroyBitgen(bg);
    }
  }
}

TEST(Bitgen, CallbacksFollowTheRulesForEveryEngine) {
  for (const Engine& e : kEngines) {
    check_callbacks(e, 0, 4);
    check_callbacks(e, 64, 9);  // refills inside compositions
  }
}

// The 48-bit engines' next_double is gpurngGenerateUniformDouble's value.
TEST(Bitgen, FortyEightBitDoublesAreTheLibrarys) {
  for (const Engine& e : kEngines) {
    if (e.bits != 48) continue;
    gpurngBitgen_t* bg = nullptr;
    ASSERT_EQ(gpurngCreateBitgen(&bg, make(e, 777, 0, 5), 0), GPURNG_STATUS_SUCCESS);
    gpurngGenerator_t ref = make(e, 777, 0, 5);
    std::vector<double> d(1000);
    ASSERT_EQ(gpurngGenerateUniformDouble(ref, d.data(), d.size()), GPURNG_STATUS_SUCCESS);
    for (double x : d) ASSERT_TRUE(same(bg->next_double(bg->state), x)) << e.name;
    gpurngDestroyGenerator(ref);
    gpurngDestroyBitgen(bg);
  }
}

// Positions and places: back to a position gives the same words; a place is seed, stream, offset; bulk raw words are
// the next_raw sequence.
TEST(Bitgen, PositionsPlacesAndBulkWords) {
  const Engine& e = kEngines[1];  // RANMAR48
  gpurngBitgen_t* bg = nullptr;
  ASSERT_EQ(gpurngCreateBitgen(&bg, make(e, 54217137, 0, 0), 100), GPURNG_STATUS_SUCCESS);
  for (int i = 0; i < 250; ++i) bg->next_uint64(bg->state);
  unsigned long long pos = 0;
  ASSERT_EQ(gpurngBitgenGetPosition(bg, &pos), GPURNG_STATUS_SUCCESS);
  EXPECT_EQ(pos, 500u);
  std::vector<unsigned long long> bulk(777);
  ASSERT_EQ(gpurngBitgenFillRaw(bg, bulk.data(), bulk.size()), GPURNG_STATUS_SUCCESS);
  ASSERT_EQ(gpurngBitgenSetPosition(bg, 500), GPURNG_STATUS_SUCCESS);
  for (unsigned long long x : bulk) ASSERT_EQ(bg->next_raw(bg->state), x);
  gpurngGenerator_t ref = make(e, 54217137, 0, 500);
  EXPECT_EQ(words(e, ref, 1)[0], bulk[0]);
  gpurngDestroyGenerator(ref);
  ASSERT_EQ(gpurngBitgenPlace(bg, 99, 7, 31), GPURNG_STATUS_SUCCESS);
  ref = make(e, 99, 7, 31);
  const std::vector<uint64_t> w = words(e, ref, 10);
  for (uint64_t x : w) ASSERT_EQ(bg->next_raw(bg->state), x);
  gpurngDestroyGenerator(ref);
  EXPECT_EQ(gpurngBitgenPlace(bg, 1ull << 40, 0, 0), GPURNG_STATUS_OUT_OF_RANGE);  // above RANMAR's seeds
  gpurngDestroyBitgen(bg);
}

// At a stream's end (MINSTD's streams are 2^24 words long) the words before it are served, then the status is kept
// and the callbacks return 0 until the bit generator is placed again.
TEST(Bitgen, StreamEnd) {
  const Engine& e = kEngines[3];  // MINSTD
  gpurngGenerator_t g = make(e, 1, 2, 0);
  unsigned long long last = 0, length = 0;
  ASSERT_EQ(gpurngGetStreamLimits(g, &last, &length), GPURNG_STATUS_SUCCESS);
  ASSERT_EQ(gpurngSetGeneratorOffset(g, length - 3), GPURNG_STATUS_SUCCESS);
  gpurngBitgen_t* bg = nullptr;
  ASSERT_EQ(gpurngCreateBitgen(&bg, g, 0), GPURNG_STATUS_SUCCESS);
  gpurngGenerator_t ref = make(e, 1, 2, length - 3);
  const std::vector<uint64_t> w = words(e, ref, 3);
  for (uint64_t x : w) ASSERT_EQ(bg->next_raw(bg->state), x);
  EXPECT_EQ(gpurngBitgenStatus(bg), GPURNG_STATUS_SUCCESS);
  EXPECT_EQ(bg->next_raw(bg->state), 0u);
  EXPECT_EQ(bg->next_double(bg->state), 0.0);
  EXPECT_EQ(gpurngBitgenStatus(bg), GPURNG_STATUS_STREAM_END);
  unsigned long long out[2];
  EXPECT_EQ(gpurngBitgenFillRaw(bg, out, 2), GPURNG_STATUS_STREAM_END);
  ASSERT_EQ(gpurngBitgenSetPosition(bg, 0), GPURNG_STATUS_SUCCESS);
  EXPECT_EQ(gpurngBitgenStatus(bg), GPURNG_STATUS_SUCCESS);
  EXPECT_NE(bg->next_raw(bg->state), 0u);
  gpurngDestroyGenerator(ref);
  gpurngDestroyBitgen(bg);
}

TEST(Bitgen, Statuses) {
  gpurngBitgen_t* bg = reinterpret_cast<gpurngBitgen_t*>(1);
  EXPECT_EQ(gpurngCreateBitgen(nullptr, nullptr, 0), GPURNG_STATUS_NULL_POINTER);
  EXPECT_EQ(gpurngCreateBitgen(&bg, nullptr, 0), GPURNG_STATUS_NOT_INITIALIZED);
  EXPECT_EQ(bg, nullptr);
  gpurngGenerator_t q = nullptr;
  ASSERT_EQ(gpurngCreateGeneratorHost(&q, GPURNG_RNG_QUASI_SOBOL32), GPURNG_STATUS_SUCCESS);
  EXPECT_EQ(gpurngCreateBitgen(&bg, q, 0), GPURNG_STATUS_TYPE_ERROR);
  gpurngDestroyGenerator(q);  // still the caller's
  EXPECT_EQ(gpurngDestroyBitgen(nullptr), GPURNG_STATUS_SUCCESS);
  int bits;
  unsigned long long pos;
  EXPECT_EQ(gpurngBitgenWordBits(nullptr, &bits), GPURNG_STATUS_NOT_INITIALIZED);
  EXPECT_EQ(gpurngBitgenGetPosition(nullptr, &pos), GPURNG_STATUS_NOT_INITIALIZED);
  EXPECT_EQ(gpurngBitgenSetPosition(nullptr, 0), GPURNG_STATUS_NOT_INITIALIZED);
  EXPECT_EQ(gpurngBitgenPlace(nullptr, 0, 0, 0), GPURNG_STATUS_NOT_INITIALIZED);
  EXPECT_EQ(gpurngBitgenFillRaw(nullptr, &pos, 1), GPURNG_STATUS_NOT_INITIALIZED);
  EXPECT_EQ(gpurngBitgenStatus(nullptr), GPURNG_STATUS_NOT_INITIALIZED);
  ASSERT_EQ(gpurngCreateBitgen(&bg, make(kEngines[0], 1, 0, 0), 0), GPURNG_STATUS_SUCCESS);
  EXPECT_EQ(gpurngBitgenWordBits(bg, nullptr), GPURNG_STATUS_NULL_POINTER);
  EXPECT_EQ(gpurngBitgenGetPosition(bg, nullptr), GPURNG_STATUS_NULL_POINTER);
  EXPECT_EQ(gpurngBitgenFillRaw(bg, nullptr, 1), GPURNG_STATUS_NULL_POINTER);
  EXPECT_EQ(gpurngBitgenFillRaw(bg, nullptr, 0), GPURNG_STATUS_SUCCESS);
  gpurngDestroyBitgen(bg);
}

}  // namespace
