// SPDX-License-Identifier: BSD-3-Clause
// gpurngSetGeneratorStream against docs/SCALING.md's table, engine by engine: stream k at offset o is the
// engine's one sequence at the place the table gives, at stream ids 0, 1, min(2^20, last) and last; the end of a
// stream and the ids past the last give their documented statuses.
//
// The places are checked against what each engine's sequence is defined by, not against the stream code:
//  - block engines (LCGs, glibc's generators, Sobol', Halton): a generator off any stream at offset k L + o;
//  - RANMAR, RANMAR48, RANMAR48X: the device API's gpurng_init(ijkl, k, o) (position k 2^64 + o) on the host;
//  - XORWOW, MRG32k3a, Philox4_32_10, hybrid Taus: the device API's gpurng_init(seed, k T + t, step) for the thread
//    t and step cuRAND's layout gives each output (docs/DEVICE_API.md, The host API's positions).
// Generators come from gpurngCreateGenerator, so on a GPU machine the large calls run on the GPU (label gpu).
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <string>
#include <vector>

#include "gpurng.h"
#include "gpurng_kernel.h"
#include "handles.hpp"

namespace {

constexpr uint64_t kMax = ~uint64_t{0};

// Stream ids the issue names: 0, 1, min(2^20, last), last.
std::vector<uint64_t> ids_for(uint64_t last) {
  std::vector<uint64_t> ids = {0, 1, std::min<uint64_t>(uint64_t{1} << 20, last), last};
  ids.erase(std::unique(ids.begin(), ids.end()), ids.end());
  return ids;
}

using Gen = test_handles::Generator;

// The raw words of an engine: gpurngGenerateLongLong for the 48- and 64-bit engines, gpurngGenerate otherwise.
bool is_wide(gpurngRngType_t t) {
  return t == GPURNG_RNG_PSEUDO_RANMAR48 || t == GPURNG_RNG_PSEUDO_RANMAR48X || t == GPURNG_RNG_QUASI_SOBOL64 ||
         t == GPURNG_RNG_QUASI_SCRAMBLED_SOBOL64;
}
gpurngStatus_t words(gpurngGenerator_t g, gpurngRngType_t t, uint64_t* out, size_t n) {
  if (is_wide(t)) return gpurngGenerateLongLong(g, reinterpret_cast<unsigned long long*>(out), n);
  std::vector<unsigned> w(n);
  const gpurngStatus_t st = gpurngGenerate(g, w.data(), n);
  if (st == GPURNG_STATUS_SUCCESS) std::copy(w.begin(), w.end(), out);
  return st;
}
std::vector<uint64_t> words_at(gpurngGenerator_t g, gpurngRngType_t t, uint64_t offset, size_t n) {
  std::vector<uint64_t> out(n);
  EXPECT_EQ(GPURNG_STATUS_SUCCESS, gpurngSetGeneratorOffset(g, offset));
  EXPECT_EQ(GPURNG_STATUS_SUCCESS, words(g, t, out.data(), n));
  return out;
}

struct Row {
  gpurngRngType_t type;
  const char* name;
  uint64_t last, length;  // docs/SCALING.md
};

// The table of docs/SCALING.md (the specification these tests hold the library to).
const Row kBlockRows[] = {
    {GPURNG_RNG_PSEUDO_MINSTD, "MINSTD", 126, uint64_t{1} << 24},
    {GPURNG_RNG_PSEUDO_MINSTD48271, "MINSTD48271", 126, uint64_t{1} << 24},
    {GPURNG_RNG_PSEUDO_DRAND48, "DRAND48", 65535, uint64_t{1} << 32},
    {GPURNG_RNG_PSEUDO_GLIBC_RANDOM_TYPE0, "TYPE0", 127, uint64_t{1} << 24},
    {GPURNG_RNG_PSEUDO_GLIBC_RANDOM_TYPE1, "TYPE1", 1015, uint64_t{1} << 28},
    {GPURNG_RNG_PSEUDO_GLIBC_RANDOM_TYPE2, "TYPE2", 16382, uint64_t{1} << 32},
    {GPURNG_RNG_PSEUDO_GLIBC_RANDOM_TYPE3, "TYPE3", (uint64_t{1} << 22) - 2, uint64_t{1} << 40},
    {GPURNG_RNG_PSEUDO_GLIBC_RANDOM_TYPE4, "TYPE4", (uint64_t{1} << 24) - 1, uint64_t{1} << 40},
    {GPURNG_RNG_QUASI_SOBOL32, "SOBOL32", 255, uint64_t{1} << 24},
    {GPURNG_RNG_QUASI_SCRAMBLED_SOBOL32, "SCRAMBLED_SOBOL32", 255, uint64_t{1} << 24},
    {GPURNG_RNG_QUASI_SOBOL64, "SOBOL64", (uint64_t{1} << 24) - 1, uint64_t{1} << 40},
    {GPURNG_RNG_QUASI_SCRAMBLED_SOBOL64, "SCRAMBLED_SOBOL64", 255, uint64_t{1} << 24},
    {GPURNG_RNG_QUASI_HALTON_RASRAP, "HALTON_RASRAP", 608844, uint64_t{1} << 32},
};
const Row kJumpRows[] = {
    {GPURNG_RNG_PSEUDO_RANMAR, "RANMAR", kMax, kMax},
    {GPURNG_RNG_PSEUDO_RANMAR48, "RANMAR48", kMax, kMax},
    {GPURNG_RNG_PSEUDO_RANMAR48X, "RANMAR48X", kMax, kMax},
    {GPURNG_RNG_PSEUDO_XORWOW, "XORWOW", (uint64_t{1} << 52) - 1, kMax},
    {GPURNG_RNG_PSEUDO_MRG32K3A, "MRG32K3A", (kMax - 81919) / 81920, kMax},
    {GPURNG_RNG_PSEUDO_PHILOX4_32_10, "PHILOX4_32_10", (uint64_t{1} << 48) - 1, kMax},
    {GPURNG_RNG_PSEUDO_HYBRID_TAUS, "HYBRID_TAUS", (uint64_t{1} << 48) - 1, kMax},
};

bool is_quasi(gpurngRngType_t t) { return (t >= 200 && t < 300) || t == GPURNG_RNG_QUASI_HALTON_RASRAP; }

TEST(StreamTable, LimitsAreTheDocumentedTable) {
  auto check = [](const Row& r) {
    Gen g(r.type);
    unsigned long long last = 0, length = 0;
    ASSERT_EQ(GPURNG_STATUS_SUCCESS, gpurngGetStreamLimits(g, &last, &length)) << r.name;
    EXPECT_EQ(last, r.last) << r.name;
    EXPECT_EQ(length, r.length) << r.name;
    // The last stream's last number lies inside the sequence's 64-bit positions (block engines) or its
    // subsequences (the threads of the layouts): checked by the equalities below.
  };
  for (const Row& r : kBlockRows) check(r);
  for (const Row& r : kJumpRows) check(r);
  // MRG32k3a LEGACY runs 4096 threads: more streams of the same length.
  Gen m(GPURNG_RNG_PSEUDO_MRG32K3A);
  ASSERT_EQ(GPURNG_STATUS_SUCCESS, gpurngSetGeneratorOrdering(m, GPURNG_ORDERING_PSEUDO_LEGACY));
  unsigned long long last = 0, length = 0;
  ASSERT_EQ(GPURNG_STATUS_SUCCESS, gpurngGetStreamLimits(m, &last, &length));
  EXPECT_EQ(last, (uint64_t{1} << 52) - 1);
  EXPECT_EQ(length, kMax);
}

// Block engines: stream k at offset o == the whole sequence at k L + o; small calls and one call of 2^20 + 3 (the
// GPU's size on the CUDA backend); quasi-random engines also with 3 dimensions (offsets count points).
TEST(StreamTable, BlockEnginesAreBlocksOfTheSequence) {
  for (const Row& r : kBlockRows) {
    for (unsigned dims : {1u, 3u}) {
      if (dims > 1 && !is_quasi(r.type)) continue;
      Gen s(r.type), whole(r.type, true);
      if (dims > 1) {
        ASSERT_EQ(GPURNG_STATUS_SUCCESS, gpurngSetQuasiRandomGeneratorDimensions(s, dims));
        ASSERT_EQ(GPURNG_STATUS_SUCCESS, gpurngSetQuasiRandomGeneratorDimensions(whole, dims));
      }
      if (!is_quasi(r.type)) {
        ASSERT_EQ(GPURNG_STATUS_SUCCESS, gpurngSetPseudoRandomGeneratorSeed(s, 20261128));
        ASSERT_EQ(GPURNG_STATUS_SUCCESS, gpurngSetPseudoRandomGeneratorSeed(whole, 20261128));
      }
      for (uint64_t k : ids_for(r.last)) {
        for (uint64_t o : {uint64_t{0}, uint64_t{12345}, r.length - 1000}) {
          const size_t n = o == 12345 ? ((size_t{1} << 20) + 3) * dims : 999 * dims;
          const std::string what = std::string(r.name) + " dims " + std::to_string(dims) + " stream " +
                                   std::to_string(k) + " offset " + std::to_string(o);
          ASSERT_EQ(GPURNG_STATUS_SUCCESS, gpurngSetGeneratorStream(s, k)) << what;
          const std::vector<uint64_t> got = words_at(s, r.type, o, n);
          const std::vector<uint64_t> want = words_at(whole, r.type, k * r.length + o, n);
          ASSERT_TRUE(got == want) << what;
          unsigned long long at = 0;
          ASSERT_EQ(GPURNG_STATUS_SUCCESS, gpurngGetGeneratorOffset(s, &at));
          EXPECT_EQ(at, o + n / dims) << what;
        }
      }
    }
  }
}

// The end of a stream: the last numbers are served, one more is STREAM_END with nothing written and the offset
// kept; the offset cannot be set past the end; an id past the last is OUT_OF_RANGE and changes nothing.
TEST(StreamTable, StreamEndAndLastIdStatuses) {
  for (const Row& r : kBlockRows) {
    Gen s(r.type);
    ASSERT_EQ(GPURNG_STATUS_SUCCESS, gpurngSetGeneratorStream(s, r.last));
    ASSERT_EQ(GPURNG_STATUS_SUCCESS, gpurngSetGeneratorOffset(s, r.length - 2)) << r.name;
    uint64_t buf[3] = {7, 7, 7};
    EXPECT_EQ(GPURNG_STATUS_STREAM_END, words(s, r.type, buf, 3)) << r.name;
    EXPECT_EQ(buf[0], 7u) << r.name;
    unsigned long long at = 0;
    ASSERT_EQ(GPURNG_STATUS_SUCCESS, gpurngGetGeneratorOffset(s, &at));
    EXPECT_EQ(at, r.length - 2) << r.name;
    EXPECT_EQ(GPURNG_STATUS_SUCCESS, words(s, r.type, buf, 2)) << r.name;
    EXPECT_EQ(GPURNG_STATUS_STREAM_END, words(s, r.type, buf, 1)) << r.name;
    double d = 0;
    EXPECT_EQ(GPURNG_STATUS_STREAM_END, gpurngGenerateUniformDouble(s, &d, 1)) << r.name;
    EXPECT_EQ(GPURNG_STATUS_SUCCESS, gpurngGenerateUniformDouble(s, &d, 0)) << r.name;  // nothing asked
    EXPECT_EQ(GPURNG_STATUS_OUT_OF_RANGE, gpurngSetGeneratorOffset(s, r.length + 1)) << r.name;
    EXPECT_EQ(GPURNG_STATUS_SUCCESS, gpurngSetGeneratorOffset(s, r.length)) << r.name;
    EXPECT_EQ(GPURNG_STATUS_OUT_OF_RANGE, gpurngSetGeneratorStream(s, r.last + 1)) << r.name;
    unsigned long long id = 0;
    ASSERT_EQ(GPURNG_STATUS_SUCCESS, gpurngGetGeneratorStream(s, &id));
    EXPECT_EQ(id, r.last) << r.name;
    ASSERT_EQ(GPURNG_STATUS_SUCCESS, gpurngGetGeneratorOffset(s, &at));
    EXPECT_EQ(at, r.length) << r.name;
  }
  for (const Row& r : kJumpRows) {
    Gen s(r.type);
    if (r.last != kMax) EXPECT_EQ(GPURNG_STATUS_OUT_OF_RANGE, gpurngSetGeneratorStream(s, r.last + 1)) << r.name;
    ASSERT_EQ(GPURNG_STATUS_SUCCESS, gpurngSetGeneratorStream(s, r.last)) << r.name;
    ASSERT_EQ(GPURNG_STATUS_SUCCESS, gpurngSetGeneratorOffset(s, kMax - 1)) << r.name;
    float f[2];
    EXPECT_EQ(GPURNG_STATUS_STREAM_END, gpurngGenerateUniform(s, f, 2)) << r.name;
    EXPECT_EQ(GPURNG_STATUS_SUCCESS, gpurngGenerateUniform(s, f, 1)) << r.name;
  }
}

// Off any stream nothing changes: the generator runs the whole sequence and passing 2^64 - 1 is OUT_OF_RANGE.
TEST(StreamTable, OffAnyStreamTheWholeSequence) {
  Gen g(GPURNG_RNG_PSEUDO_MINSTD);
  unsigned long long id = 5;
  ASSERT_EQ(GPURNG_STATUS_SUCCESS, gpurngGetGeneratorStream(g, &id));
  EXPECT_EQ(id, 0u);
  ASSERT_EQ(GPURNG_STATUS_SUCCESS, gpurngSetGeneratorOffset(g, uint64_t{1} << 40));  // past stream 0's end
  unsigned w[4];
  EXPECT_EQ(GPURNG_STATUS_SUCCESS, gpurngGenerate(g, w, 4));
  ASSERT_EQ(GPURNG_STATUS_SUCCESS, gpurngSetGeneratorOffset(g, kMax - 1));
  EXPECT_EQ(GPURNG_STATUS_OUT_OF_RANGE, gpurngGenerate(g, w, 2));
  // Stream 0 is the sequence's first block: the same numbers, now with an end.
  Gen s(GPURNG_RNG_PSEUDO_MINSTD);
  ASSERT_EQ(GPURNG_STATUS_SUCCESS, gpurngSetGeneratorStream(s, 0));
  EXPECT_EQ(GPURNG_STATUS_OUT_OF_RANGE, gpurngSetGeneratorOffset(s, uint64_t{1} << 40));
}

// RANMAR engines: stream k at offset o is position k 2^64 + o, as the device API's gpurng_init(ijkl, k, o) places
// a state (its own jump tables and carry arithmetic); the large call also crosses the carry's and the table's
// cycles on whatever backend runs it.
template <class State>
void check_ranmar(gpurngRngType_t type, const char* name) {
  Gen s(type);
  const unsigned ijkl = 31415926;
  ASSERT_EQ(GPURNG_STATUS_SUCCESS, gpurngSetPseudoRandomGeneratorSeed(s, ijkl));
  for (uint64_t k : ids_for(kMax)) {
    for (uint64_t o : {uint64_t{0}, uint64_t{96}, (uint64_t{1} << 40) + 3, kMax - 3000000}) {
      const size_t n = o == 96 ? 3000000 : 2000;
      ASSERT_EQ(GPURNG_STATUS_SUCCESS, gpurngSetGeneratorStream(s, k));
      const std::vector<uint64_t> got = words_at(s, type, o, n);
      State st;
      gpurng_init(ijkl, k, o, &st);
      bool same = true;
      for (size_t i = 0; i < n && same; ++i) same = got[i] == static_cast<uint64_t>(gpurng(&st));
      EXPECT_TRUE(same) << name << " stream " << k << " offset " << o;
    }
  }
}

TEST(StreamTable, RanmarStreamsLie2To64Apart) {
  check_ranmar<gpurngStateRanmar_t>(GPURNG_RNG_PSEUDO_RANMAR, "RANMAR");
  check_ranmar<gpurngStateRanmar48_t>(GPURNG_RNG_PSEUDO_RANMAR48, "RANMAR48");
  check_ranmar<gpurngStateRanmar48X_t>(GPURNG_RNG_PSEUDO_RANMAR48X, "RANMAR48X");
}

// RANMAR's uniforms on a stream: the V113 zero replacement reads the table slot U(2) at the stream's true
// position, so the double stream is the device API's gpurng_uniform_double there too. A seed change keeps the
// stream and the offset.
TEST(StreamTable, RanmarUniformsOnAStream) {
  Gen s(GPURNG_RNG_PSEUDO_RANMAR);
  const uint64_t k = 977, o = 123456;
  ASSERT_EQ(GPURNG_STATUS_SUCCESS, gpurngSetGeneratorStream(s, k));
  ASSERT_EQ(GPURNG_STATUS_SUCCESS, gpurngSetPseudoRandomGeneratorSeed(s, 1802));
  ASSERT_EQ(GPURNG_STATUS_SUCCESS, gpurngSetGeneratorOffset(s, o));
  ASSERT_EQ(GPURNG_STATUS_SUCCESS, gpurngSetPseudoRandomGeneratorSeed(s, 54217137));
  unsigned long long id = 0, at = 0;
  ASSERT_EQ(GPURNG_STATUS_SUCCESS, gpurngGetGeneratorStream(s, &id));
  ASSERT_EQ(GPURNG_STATUS_SUCCESS, gpurngGetGeneratorOffset(s, &at));
  EXPECT_EQ(id, k);
  EXPECT_EQ(at, o);
  std::vector<double> got(1 << 21);
  ASSERT_EQ(GPURNG_STATUS_SUCCESS, gpurngGenerateUniformDouble(s, got.data(), got.size()));
  gpurngStateRanmar_t st;
  gpurng_init(54217137u, k, o, &st);
  size_t bad = got.size();
  for (size_t i = 0; i < got.size() && bad == got.size(); ++i)
    if (got[i] != gpurng_uniform_double(&st)) bad = i;
  EXPECT_EQ(bad, got.size()) << "first difference";
}

// The layouts: output n of gpurngGenerate at offset 0 of stream k comes from thread t = unit mod T on device-API
// subsequence k T + t, step unit / T (Philox: counter n / (4 T), lane n mod 4).
struct Layout {
  gpurngRngType_t type;
  gpurngOrdering_t ordering;
  uint64_t threads;
  const char* name;
};

template <class State>
uint32_t layout_word(uint64_t seed, const Layout& l, uint64_t k, uint64_t n) {
  State st;
  if (l.type == GPURNG_RNG_PSEUDO_PHILOX4_32_10) {
    const uint64_t unit = n / 4;
    gpurng_init(seed, k * l.threads + unit % l.threads, 4 * (unit / l.threads) + n % 4, &st);
  } else {
    gpurng_init(seed, k * l.threads + n % l.threads, n / l.threads, &st);
  }
  return gpurng(&st);
}

template <class State>
void check_layout(const Layout& l) {
  Gen s(l.type);
  const uint64_t seed = 0x5EEDF00Dull;
  ASSERT_EQ(GPURNG_STATUS_SUCCESS, gpurngSetGeneratorOrdering(s, l.ordering));
  ASSERT_EQ(GPURNG_STATUS_SUCCESS, gpurngSetPseudoRandomGeneratorSeed(s, seed));
  unsigned long long last = 0, length = 0;
  ASSERT_EQ(GPURNG_STATUS_SUCCESS, gpurngGetStreamLimits(s, &last, &length));
  for (uint64_t k : ids_for(last)) {
    ASSERT_EQ(GPURNG_STATUS_SUCCESS, gpurngSetGeneratorStream(s, k));
    const size_t n =
        static_cast<size_t>(l.type == GPURNG_RNG_PSEUDO_PHILOX4_32_10 ? 8 * l.threads + 9 : 2 * l.threads + 9);
    std::vector<unsigned> got(n);
    ASSERT_EQ(GPURNG_STATUS_SUCCESS, gpurngGenerate(s, got.data(), n));
    // Every output of the first units of each thread, and a stride through the rest.
    std::vector<uint64_t> sample;
    for (uint64_t i = 0; i < 300; ++i) sample.push_back(i);
    for (uint64_t i = 300; i < n; i += 997) sample.push_back(i);
    for (uint64_t i = n - 20; i < n; ++i) sample.push_back(i);
    for (uint64_t i : sample)
      ASSERT_EQ(got[i], layout_word<State>(seed, l, k, i)) << l.name << " stream " << k << " output " << i;
  }
}

TEST(StreamTable, LayoutStreamsShiftTheSubsequences) {
  check_layout<gpurngStateXORWOW_t>({GPURNG_RNG_PSEUDO_XORWOW, GPURNG_ORDERING_PSEUDO_DEFAULT, 4096, "XORWOW"});
  check_layout<gpurngStateMRG32k3a_t>({GPURNG_RNG_PSEUDO_MRG32K3A, GPURNG_ORDERING_PSEUDO_DEFAULT, 81920, "MRG32K3A"});
  check_layout<gpurngStateMRG32k3a_t>(
      {GPURNG_RNG_PSEUDO_MRG32K3A, GPURNG_ORDERING_PSEUDO_LEGACY, 4096, "MRG32K3A LEGACY"});
  check_layout<gpurngStatePhilox4_32_10_t>(
      {GPURNG_RNG_PSEUDO_PHILOX4_32_10, GPURNG_ORDERING_PSEUDO_DEFAULT, 65536, "PHILOX4_32_10"});
}

// A stream past LEGACY's last is refused when the ordering goes back to DEFAULT's 81920 threads.
TEST(StreamTable, OrderingChangeKeepsTheStreamOrRefuses) {
  Gen s(GPURNG_RNG_PSEUDO_MRG32K3A);
  ASSERT_EQ(GPURNG_STATUS_SUCCESS, gpurngSetGeneratorOrdering(s, GPURNG_ORDERING_PSEUDO_LEGACY));
  const uint64_t big = uint64_t{1} << 50;
  ASSERT_EQ(GPURNG_STATUS_SUCCESS, gpurngSetGeneratorStream(s, big));
  EXPECT_EQ(GPURNG_STATUS_OUT_OF_RANGE, gpurngSetGeneratorOrdering(s, GPURNG_ORDERING_PSEUDO_DEFAULT));
  unsigned long long id = 0;
  ASSERT_EQ(GPURNG_STATUS_SUCCESS, gpurngGetGeneratorStream(s, &id));
  EXPECT_EQ(id, big);
  ASSERT_EQ(GPURNG_STATUS_SUCCESS, gpurngSetGeneratorStream(s, 3));
  EXPECT_EQ(GPURNG_STATUS_SUCCESS, gpurngSetGeneratorOrdering(s, GPURNG_ORDERING_PSEUDO_DEFAULT));
  ASSERT_EQ(GPURNG_STATUS_SUCCESS, gpurngGetGeneratorStream(s, &id));
  EXPECT_EQ(id, 3u);
}

// Hybrid Taus: output n of stream k at offset o is step (o + n) / 65536 of device-API subsequence
// k 65536 + (o + n) mod 65536. Wallace normals have no streams.
TEST(StreamTable, HybridTausStreamsShiftTheSubsequences) {
  Gen s(GPURNG_RNG_PSEUDO_HYBRID_TAUS);
  const uint64_t seed = 77;
  ASSERT_EQ(GPURNG_STATUS_SUCCESS, gpurngSetPseudoRandomGeneratorSeed(s, seed));
  for (uint64_t k : ids_for((uint64_t{1} << 48) - 1)) {
    for (uint64_t o : {uint64_t{0}, uint64_t{1} << 40}) {
      ASSERT_EQ(GPURNG_STATUS_SUCCESS, gpurngSetGeneratorStream(s, k));
      const size_t n = 3 * 65536 + 5;
      const std::vector<uint64_t> got = words_at(s, GPURNG_RNG_PSEUDO_HYBRID_TAUS, o, n);
      for (uint64_t i = 0; i < n; i += (i < 70000 ? 1 : 613)) {
        const uint64_t p = o + i;
        gpurngStateHybridTaus_t st;
        gpurng_init(seed, k * 65536 + p % 65536, p / 65536, &st);
        ASSERT_EQ(got[i], gpurng(&st)) << "stream " << k << " offset " << o << " output " << i;
      }
    }
  }
  ASSERT_EQ(GPURNG_STATUS_SUCCESS, gpurngSetNormalMethod(s, GPURNG_NORMAL_METHOD_WALLACE));
  float z[2];
  EXPECT_EQ(GPURNG_STATUS_TYPE_ERROR, gpurngGenerateNormal(s, z, 2, 0, 1));
  ASSERT_EQ(GPURNG_STATUS_SUCCESS, gpurngSetGeneratorStream(s, 0));
  EXPECT_EQ(GPURNG_STATUS_SUCCESS, gpurngGenerateNormal(s, z, 2, 0, 1));
}

// Normals move the offset by their own units, and the stream's end counts them: XORWOW's normal pairs are one unit.
TEST(StreamTable, NonFlatCallsCountAgainstTheEnd) {
  Gen s(GPURNG_RNG_QUASI_SOBOL32);
  ASSERT_EQ(GPURNG_STATUS_SUCCESS, gpurngSetQuasiRandomGeneratorDimensions(s, 4));
  ASSERT_EQ(GPURNG_STATUS_SUCCESS, gpurngSetGeneratorStream(s, 7));
  ASSERT_EQ(GPURNG_STATUS_SUCCESS, gpurngSetGeneratorOffset(s, (uint64_t{1} << 24) - 2));
  std::vector<float> z(12);
  EXPECT_EQ(GPURNG_STATUS_STREAM_END, gpurngGenerateNormal(s, z.data(), 12, 0, 1));  // 3 points
  EXPECT_EQ(GPURNG_STATUS_SUCCESS, gpurngGenerateNormal(s, z.data(), 8, 0, 1));      // 2 points
  EXPECT_EQ(GPURNG_STATUS_STREAM_END, gpurngGenerateNormal(s, z.data(), 4, 0, 1));
  Gen x(GPURNG_RNG_PSEUDO_XORWOW);
  ASSERT_EQ(GPURNG_STATUS_SUCCESS, gpurngSetGeneratorStream(x, 1));
  ASSERT_EQ(GPURNG_STATUS_SUCCESS, gpurngSetGeneratorOffset(x, kMax - 2));
  EXPECT_EQ(GPURNG_STATUS_SUCCESS, gpurngGenerateNormal(x, z.data(), 4, 0, 1));  // two pairs: two units
  EXPECT_EQ(GPURNG_STATUS_STREAM_END, gpurngGenerateNormal(x, z.data(), 2, 0, 1));
}

// Small calls through the prefetch ring on a stream: the same numbers as one call, and the end found on the
// ring's fast path too.
TEST(StreamTable, RingOnAStream) {
  Gen s(GPURNG_RNG_PSEUDO_MINSTD), one(GPURNG_RNG_PSEUDO_MINSTD, true);
  ASSERT_EQ(GPURNG_STATUS_SUCCESS, gpurngSetPrefetch(s, 4096, 4));
  const uint64_t L = uint64_t{1} << 24, start = L - 50000;
  ASSERT_EQ(GPURNG_STATUS_SUCCESS, gpurngSetGeneratorStream(s, 100));
  ASSERT_EQ(GPURNG_STATUS_SUCCESS, gpurngSetGeneratorOffset(s, start));
  ASSERT_EQ(GPURNG_STATUS_SUCCESS, gpurngSetGeneratorStream(one, 100));
  const std::vector<uint64_t> want = words_at(one, GPURNG_RNG_PSEUDO_MINSTD, start, 50000);
  std::vector<uint64_t> got;
  unsigned w[7];
  gpurngStatus_t st;
  while ((st = gpurngGenerate(s, w, 7)) == GPURNG_STATUS_SUCCESS) got.insert(got.end(), w, w + 7);
  EXPECT_EQ(st, GPURNG_STATUS_STREAM_END);
  ASSERT_EQ(got.size(), 50000u / 7 * 7);
  EXPECT_TRUE(std::equal(got.begin(), got.end(), want.begin()));
  EXPECT_EQ(GPURNG_STATUS_SUCCESS, gpurngGenerate(s, w, 50000 % 7));  // the stream's last numbers
  EXPECT_EQ(w[0], want[got.size()]);
  const float* f = nullptr;
  EXPECT_EQ(GPURNG_STATUS_STREAM_END, gpurngAcquireUniform(s, 1, &f));
}

TEST(StreamTable, BadArguments) {
  unsigned long long a = 0, b = 0;
  EXPECT_EQ(GPURNG_STATUS_NOT_INITIALIZED, gpurngSetGeneratorStream(nullptr, 1));
  EXPECT_EQ(GPURNG_STATUS_NOT_INITIALIZED, gpurngGetGeneratorStream(nullptr, &a));
  EXPECT_EQ(GPURNG_STATUS_NOT_INITIALIZED, gpurngGetStreamLimits(nullptr, &a, &b));
  Gen g(GPURNG_RNG_PSEUDO_PHILOX4_32_10);
  EXPECT_EQ(GPURNG_STATUS_NULL_POINTER, gpurngGetGeneratorStream(g, nullptr));
  EXPECT_EQ(GPURNG_STATUS_NULL_POINTER, gpurngGetStreamLimits(g, nullptr, &b));
  EXPECT_EQ(GPURNG_STATUS_NULL_POINTER, gpurngGetStreamLimits(g, &a, nullptr));
  EXPECT_EQ(GPURNG_STATUS_OUT_OF_RANGE, gpurngSetGeneratorStream(g, uint64_t{1} << 48));
  EXPECT_STREQ(gpurngGetErrorString(GPURNG_STATUS_STREAM_END),
               "the call would pass the end of the generator's stream (see gpurngGetStreamLimits)");
}

}  // namespace
