// SPDX-License-Identifier: BSD-3-Clause
// Philox4_32_10 in cuRAND's host layout (src/fill/curand_layout.hpp), CPU fills, against a reference written here
// from the layout's rules alone, one output at a time with the scalar block philox::block<10>:
//   T = 65536 threads; thread t walks subsequence stream * T + t with the seed's key; unit u (4 outputs: elements
//   4u .. 4u+3 of the generator's element numbering) belongs to thread u mod T; a rebuild at offset o sets thread t
//   to p_t = (units below o/4 that belong to t); the k-th unit of t in a call uses counters p_t + W k .. + W - 1
//   (W = 2 for doubles, else 1); afterwards p_t moves W for each of its units whose last element the call wrote.
//   Outputs of a unit: u32 / float: lane j of its block; double: hq of lanes (0,1), (2,3) of its first block, then
//   of its second; normal float: Box-Muller pairs (w0, w1), (w2, w3) of its block; normal double: one pair per
//   block (4 words each).
// Covered: the library's fills through the C API (gpurngCreateGeneratorHost, every output type, seeds, streams,
// offsets at and around unit and thread-wrap boundaries, counts that are not multiples of 4 and that cross T units
// and split over the CPU threads, successive calls of one width and of mixed widths), and the header's stream and
// cursor fills of any part [pos, pos + n) of a call. ctest runs the API part once per compiled ISA copy
// (GPURNG_CPU_ISA) as well.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <string>
#include <unordered_map>
#include <vector>

#include "fill/curand_layout.hpp"
#include "gpurng.h"
#include "gpurng/distributions/curand_outputs.hpp"
#include "gpurng/engines/philox.hpp"

namespace {

namespace cl = gpurng::curand_layout;
namespace co = gpurng::curand_out;
namespace px = gpurng::philox;

constexpr uint64_t kT = 65536;

enum class Out { u32, f32, f64, normal_f32, normal_f64, lognormal_f32, lognormal_f64 };
constexpr Out kOuts[] = {Out::u32,        Out::f32,           Out::f64,          Out::normal_f32,
                         Out::normal_f64, Out::lognormal_f32, Out::lognormal_f64};
const char* name(Out o) {
  static const char* n[] = {"u32", "f32", "f64", "normal_f32", "normal_f64", "lognormal_f32", "lognormal_f64"};
  return n[static_cast<int>(o)];
}
bool wide(Out o) { return o == Out::f64 || o == Out::normal_f64 || o == Out::lognormal_f64; }
int words_per_unit(Out o) { return wide(o) ? 2 : 1; }
size_t elem_size(Out o) { return wide(o) ? 8 : 4; }

constexpr float kMeanF = 0.25f, kStdF = 1.5f;
constexpr double kMeanD = -0.75, kStdD = 2.5;
constexpr float kLogMeanF = 0.125f, kLogStdF = 0.5f;
constexpr double kLogMeanD = 0.0625, kLogStdD = 0.375;

// One output of a unit (lane j = 0..3) whose first counter is `ctr` on thread t (as raw bytes in `to`).
void reference_output(Out o, uint64_t seed, uint64_t subsequence, uint64_t ctr, int j, void* to) {
  const px::key2 key = px::key_of_seed(seed);
  auto blk = [&](uint64_t c) { return px::block<10>(px::counter_of(subsequence, c), key); };
  switch (o) {
    case Out::u32: {
      const uint32_t v = blk(ctr).w[j];
      std::memcpy(to, &v, 4);
      return;
    }
    case Out::f32: {
      const float v = co::uniform_f32(blk(ctr).w[j]);
      std::memcpy(to, &v, 4);
      return;
    }
    case Out::f64: {
      const px::u32x4 b = blk(ctr + j / 2);
      const double v = co::uniform_f64_hq(b.w[2 * (j % 2)], b.w[2 * (j % 2) + 1]);
      std::memcpy(to, &v, 8);
      return;
    }
    case Out::normal_f32:
    case Out::lognormal_f32: {
      const px::u32x4 b = blk(ctr);
      const co::f32x2 z = co::box_muller_f32(b.w[2 * (j / 2)], b.w[2 * (j / 2) + 1]);
      const float x = j % 2 ? z.c : z.s;
      const float v = o == Out::normal_f32 ? co::scale(x, kMeanF, kStdF) : co::lognormal(x, kLogMeanF, kLogStdF);
      std::memcpy(to, &v, 4);
      return;
    }
    case Out::normal_f64:
    case Out::lognormal_f64: {
      const px::u32x4 b = blk(ctr + j / 2);
      const co::f64x2 z = co::box_muller_f64(b.w[0], b.w[1], b.w[2], b.w[3]);
      const double x = j % 2 ? z.c : z.s;
      const double v = o == Out::normal_f64 ? co::scale(x, kMeanD, kStdD) : co::lognormal(x, kLogMeanD, kLogStdD);
      std::memcpy(to, &v, 8);
      return;
    }
  }
}

// cuRAND's host generator as the rules above state it: every thread's position, kept between calls (as the
// rebuild's positions plus what calls since then moved, so that a rebuild costs nothing here).
struct Model {
  uint64_t seed = 0, stream = 0, offset = 0;
  uint64_t rebuild_unit = 0;
  std::unordered_map<uint64_t, uint64_t> moved;  // thread -> counters moved since the rebuild

  void rebuild(uint64_t o) {
    offset = o;
    rebuild_unit = o / 4;
    moved.clear();
  }
  uint64_t position(uint64_t t) const {
    const auto it = moved.find(t);
    return rebuild_unit / kT + (t < rebuild_unit % kT ? 1 : 0) + (it == moved.end() ? 0 : it->second);
  }
  // Elements [offset + a, offset + b) of the next call of n >= b elements (the call is not made: see finish).
  std::vector<unsigned char> outputs(Out o, uint64_t a, uint64_t b) const {
    const size_t es = elem_size(o);
    std::vector<unsigned char> r((b - a) * es);
    const uint64_t u_first = offset / 4;
    const int W = words_per_unit(o);
    for (uint64_t e = a; e < b; ++e) {
      const uint64_t elem = offset + e;
      const uint64_t u = elem / 4;
      const uint64_t t = u % kT;
      const uint64_t t_first_unit = u_first + (t + kT - u_first % kT) % kT;  // t's first unit in the call
      const uint64_t k = (u - t_first_unit) / kT;
      reference_output(o, seed, stream * kT + t, position(t) + W * k, static_cast<int>(elem % 4), &r[(e - a) * es]);
    }
    return r;
  }
  void finish(Out o, uint64_t n) {
    const int W = words_per_unit(o);
    for (uint64_t u = offset / 4; 4 * u + 3 < offset + n; ++u)
      if (4 * u + 3 >= offset) moved[u % kT] += W;
    offset += n;
  }
};

gpurngStatus_t generate(gpurngGenerator_t g, Out o, void* out, size_t n) {
  switch (o) {
    case Out::u32:
      return gpurngGenerate(g, static_cast<unsigned int*>(out), n);
    case Out::f32:
      return gpurngGenerateUniform(g, static_cast<float*>(out), n);
    case Out::f64:
      return gpurngGenerateUniformDouble(g, static_cast<double*>(out), n);
    case Out::normal_f32:
      return gpurngGenerateNormal(g, static_cast<float*>(out), n, kMeanF, kStdF);
    case Out::normal_f64:
      return gpurngGenerateNormalDouble(g, static_cast<double*>(out), n, kMeanD, kStdD);
    case Out::lognormal_f32:
      return gpurngGenerateLogNormal(g, static_cast<float*>(out), n, kLogMeanF, kLogStdF);
    case Out::lognormal_f64:
      return gpurngGenerateLogNormalDouble(g, static_cast<double*>(out), n, kLogMeanD, kLogStdD);
  }
  return GPURNG_STATUS_INTERNAL_ERROR;
}

// The first differing element, or -1.
long first_difference(const std::vector<unsigned char>& want, const std::vector<unsigned char>& got, size_t es) {
  for (size_t i = 0; i < want.size(); i += es)
    if (std::memcmp(&want[i], &got[i], es) != 0) return static_cast<long>(i / es);
  return -1;
}

// A generator and its model, driven in step.
struct Pair {
  gpurngGenerator_t g = nullptr;
  Model m;
  Pair(uint64_t seed, uint64_t stream, uint64_t offset) {
    EXPECT_EQ(gpurngCreateGeneratorHost(&g, GPURNG_RNG_PSEUDO_PHILOX4_32_10), GPURNG_STATUS_SUCCESS);
    EXPECT_EQ(gpurngSetPseudoRandomGeneratorSeed(g, seed), GPURNG_STATUS_SUCCESS);
    EXPECT_EQ(gpurngSetGeneratorStream(g, stream), GPURNG_STATUS_SUCCESS);
    EXPECT_EQ(gpurngSetGeneratorOffset(g, offset), GPURNG_STATUS_SUCCESS);
    m.seed = seed;
    m.stream = stream;
    m.rebuild(offset);
  }
  ~Pair() { gpurngDestroyGenerator(g); }
  void set_offset(uint64_t offset) {
    EXPECT_EQ(gpurngSetGeneratorOffset(g, offset), GPURNG_STATUS_SUCCESS);
    m.rebuild(offset);
  }
  Pair(const Pair&) = delete;
  // One call of n outputs; checks them all, or (edge > 0) the first and last `edge`, windows of `edge` around each
  // thread wrap (units 0 mod T) and each thread's first unit of the call (units offset/4 mod T), around the middle
  // (where two CPU threads meet), and every `stride`-th element in between.
  void call(Out o, size_t n, size_t edge = 0, size_t stride = 1) {
    const size_t es = elem_size(o);
    std::vector<unsigned char> got(n * es + 8, 0xA5);
    ASSERT_EQ(generate(g, o, got.data(), n), GPURNG_STATUS_SUCCESS) << name(o) << " n " << n;
    got.resize(n * es);
    const std::string where = std::string(name(o)) + " seed " + std::to_string(m.seed) + " stream " +
                              std::to_string(m.stream) + " offset " + std::to_string(m.offset) + " n " +
                              std::to_string(n);
    auto check = [&](uint64_t a, uint64_t b) {
      b = std::min<uint64_t>(b, n);
      if (a >= b) return;
      const std::vector<unsigned char> want = m.outputs(o, a, b);
      const std::vector<unsigned char> part(got.begin() + a * es, got.begin() + b * es);
      const long d = first_difference(want, part, es);
      ASSERT_EQ(d, -1) << where << ": element " << (d < 0 ? 0 : a + d);
    };
    if (edge == 0 || 4 * edge >= n) {
      check(0, n);
    } else {
      check(0, edge);
      check(n - edge, n);
      check(n / 2 - edge, n / 2 + edge);
      const uint64_t u0 = m.offset / 4;
      for (uint64_t u = u0 / kT * kT; 4 * u < m.offset + n; u += kT)
        for (uint64_t b : {u, u + u0 % kT}) {
          const uint64_t e = 4 * b > m.offset ? 4 * b - m.offset : 0;
          check(e > edge ? e - edge : 0, e + edge);
        }
      for (uint64_t i = edge; i < n - edge; i += stride) check(i, i + 1);
    }
    m.finish(o, n);
  }
};

const uint64_t kSeeds[] = {0ull, 1234ull, 0x0123456789ABCDEFull, 0xFFFFFFFFFFFFFFFFull};

// Single calls right after a rebuild: every output type, offsets around units and the thread wrap (4T elements),
// short counts of every remainder mod 4.
TEST(PhiloxLayoutFill, ShortCallsAfterRebuild) {
  const uint64_t offsets[] = {
      0, 1, 2, 3, 5, 4 * kT - 5, 4 * kT - 1, 4 * kT, 4 * kT + 3, 1000000000003ull, (1ull << 40) + 2};
  const size_t counts[] = {1, 2, 3, 4, 5, 6, 7, 9, 15, 16, 17, 31, 33, 63, 64, 65, 127, 130, 1001};
  for (uint64_t seed : kSeeds)
    for (uint64_t stream : {uint64_t{0}, uint64_t{1}, uint64_t{77777}})
      for (uint64_t off : offsets) {
        Pair p(seed, stream, off);
        for (Out o : kOuts)
          for (size_t n : counts) {
            p.set_offset(off);
            p.call(o, n);
            if (HasFatalFailure()) return;
          }
      }
}

// Calls that cross T units (a thread's second and third unit) and are split over the CPU threads, at odd places.
TEST(PhiloxLayoutFill, LongCallsCrossingThreadWraps) {
  const uint64_t offsets[] = {0, 3, 4 * kT - 2, 262145, 5000000001ull};
  const size_t counts[] = {4 * kT + 1, 600001, 3 * 4 * kT + 7};
  for (uint64_t seed : {uint64_t{1234}, uint64_t{0xFFFFFFFFFFFFFFFFull}})
    for (uint64_t off : offsets)
      for (Out o : kOuts)
        for (size_t n : counts) {
          Pair p(seed, seed == 1234 ? 0 : 3, off);
          // Everything near the ends, around every wrap of the threads and a sample in between.
          p.call(o, n, 300, 97);
          if (HasFatalFailure()) return;
        }
}

// A whole long call of each type checked element by element.
TEST(PhiloxLayoutFill, WholeLongCalls) {
  for (Out o : kOuts) {
    Pair p(42, 5, 7);
    p.call(o, 9 * kT + 3);
    if (HasFatalFailure()) return;
  }
}

// Successive calls of one width continue the threads; a call of another width follows the live positions.
TEST(PhiloxLayoutFill, SuccessiveAndMixedCalls) {
  struct Step {
    Out o;
    size_t n;
  };
  const std::vector<std::vector<Step>> sessions = {
      {{Out::f64, 1}, {Out::f64, 3}, {Out::f64, 262147}, {Out::f64, 5}, {Out::f64, 4096}},
      {{Out::u32, 7}, {Out::f32, 262141}, {Out::u32, 3}, {Out::normal_f32, 65}},
      {{Out::u32, 5}, {Out::f64, 11}, {Out::u32, 262150}, {Out::f64, 300001}, {Out::normal_f64, 9}, {Out::u32, 2}},
      {{Out::normal_f64, 3}, {Out::f32, 130}, {Out::lognormal_f64, 262145}, {Out::lognormal_f32, 17}, {Out::f64, 1}},
  };
  for (uint64_t off : {uint64_t{0}, uint64_t{6}, 4 * kT - 3})
    for (const auto& steps : sessions) {
      Pair p(987654321, 2, off);
      for (const Step& s : steps) {
        p.call(s.o, s.n);  // every element: a cursor's threads step where earlier calls began and ended
        if (HasFatalFailure()) return;
      }
    }
}

// gpurngSetGeneratorStream moves to offset 0 of stream k (threads on subsequences k T ..); then a rebuild elsewhere.
TEST(PhiloxLayoutFill, Streams) {
  for (uint64_t k :
       {uint64_t{0}, uint64_t{1}, uint64_t{2}, uint64_t{281474976710655ull}, (UINT64_MAX - (kT - 1)) / kT}) {
    gpurngGenerator_t g = nullptr;
    ASSERT_EQ(gpurngCreateGeneratorHost(&g, GPURNG_RNG_PSEUDO_PHILOX4_32_10), GPURNG_STATUS_SUCCESS);
    ASSERT_EQ(gpurngSetPseudoRandomGeneratorSeed(g, 31337), GPURNG_STATUS_SUCCESS);
    ASSERT_EQ(gpurngSetGeneratorOffset(g, 999), GPURNG_STATUS_SUCCESS);
    ASSERT_EQ(gpurngSetGeneratorStream(g, k), GPURNG_STATUS_SUCCESS);
    Model m;
    m.seed = 31337;
    m.stream = k;
    m.rebuild(0);
    for (Out o : {Out::f64, Out::u32, Out::normal_f32}) {
      const size_t n = 4 * kT + 13;
      std::vector<unsigned char> got(n * elem_size(o));
      ASSERT_EQ(generate(g, o, got.data(), n), GPURNG_STATUS_SUCCESS);
      const std::vector<unsigned char> want = m.outputs(o, 0, n);
      EXPECT_EQ(first_difference(want, got, elem_size(o)), -1) << "stream " << k << " " << name(o);
      m.finish(o, n);
    }
    gpurngDestroyGenerator(g);
  }
}

// ---- the header's fills (no library: the portable path any includer gets) ----

template <class F, class... Lead>
void header_fill(const F& f, Out o, uint64_t pos, size_t n, void* out, Lead... lead) {
  switch (o) {
    case Out::u32:
      return f.fill_u32(lead..., pos, n, static_cast<uint32_t*>(out));
    case Out::f32:
      return f.fill_uniform(lead..., pos, n, static_cast<float*>(out));
    case Out::f64:
      return f.fill_uniform(lead..., pos, n, static_cast<double*>(out));
    case Out::normal_f32:
      return f.fill_normal(lead..., pos, n, static_cast<float*>(out), kMeanF, kStdF);
    case Out::normal_f64:
      return f.fill_normal(lead..., pos, n, static_cast<double*>(out), kMeanD, kStdD);
    case Out::lognormal_f32:
      return f.fill_lognormal(lead..., pos, n, static_cast<float*>(out), kLogMeanF, kLogStdF);
    case Out::lognormal_f64:
      return f.fill_lognormal(lead..., pos, n, static_cast<double*>(out), kLogMeanD, kLogStdD);
  }
}

// Parts [pos, pos + n) of a call at offset `off` right after a rebuild (stream fills), and of the next call on a
// cursor that has moved past calls of other widths.
TEST(PhiloxLayoutFill, HeaderStreamAndCursorParts) {
  const uint64_t offsets[] = {0, 1, 3, 4 * kT - 1, 1000000000002ull};
  const uint64_t positions[] = {0, 1, 2, 3, 4, 13, 4 * kT - 3, 4 * kT + 1, 12 * kT + 6};
  const size_t counts[] = {1, 2, 3, 5, 8, 21, 64, 67, 1031};
  for (uint64_t seed : {uint64_t{0}, uint64_t{0x0123456789ABCDEFull}})
    for (uint64_t first_sub : {uint64_t{0}, kT, 5 * kT}) {
      const cl::philox_stream s(seed, cl::ordering::dflt, first_sub);
      for (uint64_t off : offsets)
        for (Out o : kOuts) {
          Model m;
          m.seed = seed;
          m.stream = first_sub / kT;
          m.rebuild(off);
          for (uint64_t pos : positions)
            for (size_t n : counts) {
              std::vector<unsigned char> got(n * elem_size(o));
              header_fill(s, o, pos, n, got.data(), off);
              const std::vector<unsigned char> want = m.outputs(o, pos, pos + n);
              const long d = first_difference(want, got, elem_size(o));
              ASSERT_EQ(d, -1) << "stream fill " << name(o) << " seed " << seed << " sub " << first_sub << " off "
                               << off << " pos " << pos << " n " << n;
            }
        }
      // A cursor after u32 then f64 calls: every type's next call, in parts.
      for (uint64_t off : {uint64_t{5}, 4 * kT - 2}) {
        cl::philox_cursor c = s.cursor_at(off);
        Model m;
        m.seed = seed;
        m.stream = first_sub / kT;
        m.rebuild(off);
        c.advance(cl::output::u32, 4 * kT + 3);
        m.finish(Out::u32, 4 * kT + 3);
        c.advance(cl::output::uniform_f64, 9);
        m.finish(Out::f64, 9);
        for (Out o : kOuts)
          for (uint64_t pos : {uint64_t{0}, uint64_t{3}, 4 * kT + 2})
            for (size_t n : {size_t{1}, size_t{6}, size_t{99}, size_t{4 * kT + 5}}) {
              std::vector<unsigned char> got(n * elem_size(o));
              header_fill(c, o, pos, n, got.data());
              const std::vector<unsigned char> want = m.outputs(o, pos, pos + n);
              const long d = first_difference(want, got, elem_size(o));
              ASSERT_EQ(d, -1) << "cursor fill " << name(o) << " seed " << seed << " off " << off << " pos " << pos
                               << " n " << n;
            }
      }
    }
}

}  // namespace
