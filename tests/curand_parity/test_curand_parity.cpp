// SPDX-License-Identifier: BSD-3-Clause
// XORWOW, MRG32k3a and Philox4_32_10 (src/fill/curand_layout.hpp) against NVIDIA's cuRAND host
// generator (curandCreateGeneratorHost: no GPU or driver needed), for every host ordering and output type:
//   Grid*     seeds x offsets x types, each call right after SetGeneratorOffset, against the stream fill;
//   Sequence* after one SetGeneratorOffset, all seven types in a row (threads keep their positions
//             across calls of different widths), against the model of tests/curand_parity/curand_model.hpp;
//   Chunked*  several cuRAND calls of odd sizes against one fill, and our fills cut the same way;
//   Mixed*    random call sequences with seed, offset and ordering changes.
// Integers and uniforms must be bit-identical; normals and log-normals within a few ulp (box_muller_math.hpp
// versus glibc: bounds and measurements in curand_model.hpp). The totals per type are printed at the end.
#include <curand.h>
#include <gtest/gtest.h>

#include <chrono>
#include <cstdint>
#include <cstring>
#include <random>
#include <stdexcept>
#include <string>
#include <vector>

#include "curand_model.hpp"

namespace {

using namespace curand_test;
using gpurng::curand_layout::mrg32k3a_stream;
using gpurng::curand_layout::philox_stream;
using gpurng::curand_layout::xorwow_stream;

// ---- cuRAND host generator ----

class oracle {
 public:
  oracle(engine e, ordering ord) {
    const curandRngType_t t = e == engine::xorwow   ? CURAND_RNG_PSEUDO_XORWOW
                              : e == engine::philox ? CURAND_RNG_PSEUDO_PHILOX4_32_10
                                                    : CURAND_RNG_PSEUDO_MRG32K3A;
    check(curandCreateGeneratorHost(&g_, t), "curandCreateGeneratorHost");
    set_ordering(ord);
  }
  ~oracle() { curandDestroyGenerator(g_); }
  oracle(const oracle&) = delete;
  oracle& operator=(const oracle&) = delete;

  void set_seed(uint64_t s) { check(curandSetPseudoRandomGeneratorSeed(g_, s), "SetPseudoRandomGeneratorSeed"); }
  void set_offset(uint64_t o) { check(curandSetGeneratorOffset(g_, o), "SetGeneratorOffset"); }
  void set_ordering(ordering o) {
    check(curandSetGeneratorOrdering(g_, static_cast<curandOrdering_t>(static_cast<int>(o))), "SetGeneratorOrdering");
  }
  void generate(output o, void* out, size_t n, const dist_params& p) {
    curandStatus_t s = CURAND_STATUS_SUCCESS;
    switch (o) {
      case output::u32:
        s = curandGenerate(g_, static_cast<unsigned*>(out), n);
        break;
      case output::uniform_f32:
        s = curandGenerateUniform(g_, static_cast<float*>(out), n);
        break;
      case output::uniform_f64:
        s = curandGenerateUniformDouble(g_, static_cast<double*>(out), n);
        break;
      case output::normal_f32:
        s = curandGenerateNormal(g_, static_cast<float*>(out), n, static_cast<float>(p.normal_mean),
                                 static_cast<float>(p.normal_stddev));
        break;
      case output::normal_f64:
        s = curandGenerateNormalDouble(g_, static_cast<double*>(out), n, p.normal_mean, p.normal_stddev);
        break;
      case output::lognormal_f32:
        s = curandGenerateLogNormal(g_, static_cast<float*>(out), n, static_cast<float>(p.log_mean),
                                    static_cast<float>(p.log_stddev));
        break;
      case output::lognormal_f64:
        s = curandGenerateLogNormalDouble(g_, static_cast<double*>(out), n, p.log_mean, p.log_stddev);
        break;
    }
    check(s, name_of(o));
  }

 private:
  static void check(curandStatus_t s, const char* what) {
    if (s != CURAND_STATUS_SUCCESS)
      throw std::runtime_error(std::string("cuRAND ") + what + " failed: " + std::to_string(s));
  }
  curandGenerator_t g_{};
};

constexpr uint64_t kSeeds[] = {0, 1, 1234, (uint64_t{1} << 32) + 7, ~uint64_t{0}};
// Layout boundaries: 4096 (XORWOW, MRG32k3a LEGACY), 81920 (MRG32k3a), 262144 (Philox: 65536 x 4).
constexpr uint64_t kOffsets[] = {0, 1, 3, 4095, 4096, 81919, 81920, 262143, (uint64_t{1} << 20) + 5, 1000000000003ull};
const dist_params kParams{};

// Per-call size: odd where cuRAND allows it; XORWOW and MRG32k3a normals need even counts.
size_t call_size(engine e, output o, size_t odd) { return (e != engine::philox && is_normal(o)) ? odd + 1 : odd; }

std::string key_of(engine e, ordering ord, output o) {
  return std::string(name_of(e)) + "/" + name_of(ord) + "/" + name_of(o);
}

template <class Stream>
struct stream_of;
template <>
struct stream_of<xorwow_stream> {
  static constexpr engine kind = engine::xorwow;
};
template <>
struct stream_of<mrg32k3a_stream> {
  static constexpr engine kind = engine::mrg32k3a;
};
template <>
struct stream_of<philox_stream> {
  static constexpr engine kind = engine::philox;
};

// Grid: for each offset and type, SetGeneratorOffset then one call, against the stream fill at that
// offset (and, for the u32 call, also against a fill cut in two at an odd point).
template <class Stream>
void grid(ordering ord, uint64_t seed, const std::vector<uint64_t>& offsets, size_t n_odd) {
  const engine e = stream_of<Stream>::kind;
  oracle g(e, ord);
  g.set_seed(seed);
  const Stream s(seed, ord);
  for (uint64_t off : offsets) {
    for (output o : kAllOutputs) {
      const size_t n = call_size(e, o, n_odd);
      buffer want(o, n), got(o, n);
      g.set_offset(off);
      g.generate(o, want.data(), n, kParams);
      fill_any(s, o, got.data(), 0, n, kParams, off);
      expect_match(std::string(name_of(e)) + " " + name_of(ord) + " seed " + std::to_string(seed) + " offset " +
                       std::to_string(off) + " " + name_of(o),
                   key_of(e, ord, o), o, want.data(), got.data(), n);
    }
  }
}

// Sequence: one SetGeneratorOffset, then every type in turn (starting with a different one per offset), so
// later calls continue from thread positions left by calls of other widths.
template <class Stream>
void sequence(ordering ord, uint64_t seed, const std::vector<uint64_t>& offsets, size_t n_odd) {
  const engine e = stream_of<Stream>::kind;
  oracle g(e, ord);
  g.set_seed(seed);
  host_model<Stream> m(e, seed, ord);
  size_t rotate = static_cast<size_t>(seed % 7);
  for (uint64_t off : offsets) {
    g.set_offset(off);
    m.set_offset(off);
    for (size_t k = 0; k < 7; ++k) {
      const output o = kAllOutputs[(rotate + k) % 7];
      const size_t n = call_size(e, o, n_odd);
      buffer want(o, n), got(o, n), fast(o, n);
      g.generate(o, want.data(), n, kParams);
      const bool fast_done = m.generate(o, got.data(), n, kParams, fast.data());
      const std::string what = std::string(name_of(e)) + " " + name_of(ord) + " seed " + std::to_string(seed) +
                               " offset " + std::to_string(off) + " call " + std::to_string(k) + " " + name_of(o);
      expect_match(what, key_of(e, ord, o), o, want.data(), got.data(), n);
      if (fast_done) expect_match(what + " (stream fill)", key_of(e, ord, o), o, want.data(), fast.data(), n);
    }
    ++rotate;
  }
}

// Chunked: cuRAND calls of odd sizes (even for XORWOW/MRG32k3a normals) from `off`, against one stream fill
// over the whole range; and our stream fill cut at the same places.
template <class Stream>
void chunked(ordering ord, uint64_t seed, uint64_t off, std::vector<size_t> sizes) {
  const engine e = stream_of<Stream>::kind;
  oracle g(e, ord);
  g.set_seed(seed);
  const Stream s(seed, ord);
  for (output o : kAllOutputs) {
    size_t total = 0;
    std::vector<size_t> cut;
    for (size_t z : sizes) {
      cut.push_back(call_size(e, o, z));
      total += cut.back();
    }
    buffer want(o, total), one(o, total), pieces(o, total);
    g.set_offset(off);
    size_t at = 0;
    for (size_t z : cut) {
      g.generate(o, want.at(at), z, kParams);
      at += z;
    }
    fill_any(s, o, one.data(), 0, total, kParams, off);
    at = 0;
    for (size_t z : cut) {
      fill_any(s, o, pieces.at(at), at, z, kParams, off);
      at += z;
    }
    const std::string what =
        std::string(name_of(e)) + " " + name_of(ord) + " chunked from offset " + std::to_string(off) + " " + name_of(o);
    expect_match(what + ", cuRAND calls vs one fill", key_of(e, ord, o), o, want.data(), one.data(), total);
    EXPECT_EQ(0, std::memcmp(one.data(), pieces.data(), total * element_size(o))) << what << ", fills in pieces";
  }
}

// Mixed: random calls (types, sizes from 1 to ~3 rounds of threads) with seed, offset and ordering changes.
template <class Stream>
void mixed(std::vector<ordering> orders, uint64_t seed, int calls, int rebuild_one_in, unsigned rng_seed) {
  const engine e = stream_of<Stream>::kind;
  std::mt19937_64 rng(rng_seed);
  oracle g(e, orders[0]);
  g.set_seed(seed);
  host_model<Stream> m(e, seed, orders[0]);
  ordering ord = orders[0];
  for (int c = 0; c < calls; ++c) {
    if (rng() % rebuild_one_in == 0) {
      switch (rng() % 4) {
        case 0: {  // re-seeding keeps the offset
          seed = rng() % 3 == 0 ? rng() : rng() % 100000;
          g.set_seed(seed);
          m.set_seed(seed);
          break;
        }
        case 1: {
          ord = orders[rng() % orders.size()];
          g.set_ordering(ord);
          m.set_ordering(ord);
          break;
        }
        default: {
          const uint64_t off = rng() % 4 == 0 ? rng() % (uint64_t{1} << 42) : rng() % 600000;
          g.set_offset(off);
          m.set_offset(off);
        }
      }
    }
    const output o = kAllOutputs[rng() % 7];
    size_t n = rng() % 4 == 0 ? 1 + rng() % 40 : 1 + rng() % 12000;
    if (e != engine::philox && is_normal(o)) n += n & 1;
    buffer want(o, n), got(o, n), fast(o, n);
    const uint64_t off_before = m.offset();
    g.generate(o, want.data(), n, kParams);
    const bool fast_done = m.generate(o, got.data(), n, kParams, fast.data());
    const std::string what = std::string(name_of(e)) + " mixed call " + std::to_string(c) + " (" + name_of(ord) +
                             ", seed " + std::to_string(seed) + ", offset " + std::to_string(off_before) + ", " +
                             std::to_string(n) + " " + name_of(o) + ")";
    expect_match(what, key_of(e, ord, o), o, want.data(), got.data(), n);
    if (fast_done) expect_match(what + " (stream fill)", key_of(e, ord, o), o, want.data(), fast.data(), n);
  }
}

std::vector<uint64_t> all_offsets() { return {std::begin(kOffsets), std::end(kOffsets)}; }
// Fewer offsets for the sequences: still every layout boundary and the large offset.
std::vector<uint64_t> some_offsets() { return {0, 4095, 81919, 262143, 1000000000003ull}; }

class SeedParam : public ::testing::TestWithParam<uint64_t> {};
std::string seed_name(const ::testing::TestParamInfo<uint64_t>& i) {
  switch (i.index) {
    case 0:
      return "seed_0";
    case 1:
      return "seed_1";
    case 2:
      return "seed_1234";
    case 3:
      return "seed_2p32_7";
    default:
      return "seed_max";
  }
}

// ---- XORWOW (4096 threads; BEST = DEFAULT = LEGACY) ----
TEST_P(SeedParam, XorwowDefaultGrid) { grid<xorwow_stream>(ordering::dflt, GetParam(), all_offsets(), 30001); }
// BEST and LEGACY are DEFAULT's layout: a wrap and the large offset suffice.
TEST_P(SeedParam, XorwowBestLegacyGrid) {
  grid<xorwow_stream>(ordering::best, GetParam(), {4095, 1000000000003ull}, 9001);
  grid<xorwow_stream>(ordering::legacy, GetParam(), {4095, 1000000000003ull}, 9001);
}
TEST_P(SeedParam, XorwowSequence) { sequence<xorwow_stream>(ordering::dflt, GetParam(), some_offsets(), 20001); }

// ---- Philox (65536 threads x 4 outputs; BEST = DEFAULT = LEGACY) ----
TEST_P(SeedParam, PhiloxDefaultGrid) { grid<philox_stream>(ordering::dflt, GetParam(), all_offsets(), 30001); }
TEST_P(SeedParam, PhiloxBestLegacyGrid) {
  grid<philox_stream>(ordering::best, GetParam(), {262143, 1000000000003ull}, 9001);
  grid<philox_stream>(ordering::legacy, GetParam(), {262143, 1000000000003ull}, 9001);
}
TEST_P(SeedParam, PhiloxSequence) { sequence<philox_stream>(ordering::dflt, GetParam(), some_offsets(), 20001); }

// ---- MRG32k3a (LEGACY 4096 threads; BEST = DEFAULT 81920 threads) ----
TEST_P(SeedParam, MrgLegacyGrid) { grid<mrg32k3a_stream>(ordering::legacy, GetParam(), all_offsets(), 30001); }
TEST_P(SeedParam, MrgLegacySequence) { sequence<mrg32k3a_stream>(ordering::legacy, GetParam(), some_offsets(), 20001); }
// DEFAULT: one set-up per offset, then all seven types (the first against the stream fill directly). Each
// set-up costs cuRAND about a second, so: the full offset list for two seeds, in two halves; the
// boundaries and the large offset for the others.
bool full_offsets(uint64_t seed) { return seed == 0 || seed == 1234; }
TEST_P(SeedParam, MrgDefaultSequenceA) {
  const uint64_t seed = GetParam();
  sequence<mrg32k3a_stream>(ordering::dflt, seed,
                            full_offsets(seed) ? std::vector<uint64_t>{0, 1, 3, 4095, 4096} : std::vector<uint64_t>{0},
                            30001);
}
TEST_P(SeedParam, MrgDefaultSequenceB) {
  const uint64_t seed = GetParam();
  sequence<mrg32k3a_stream>(ordering::dflt, seed,
                            full_offsets(seed)
                                ? std::vector<uint64_t>{81919, 81920, 262143, (uint64_t{1} << 20) + 5, 1000000000003ull}
                                : std::vector<uint64_t>{81919, 1000000000003ull},
                            30001);
}

INSTANTIATE_TEST_SUITE_P(CurandParity, SeedParam, ::testing::ValuesIn(kSeeds), seed_name);

// MRG32k3a BEST is DEFAULT's layout: one seed, a wrap and the large offset.
TEST(CurandParityBest, Mrg) { sequence<mrg32k3a_stream>(ordering::best, 1234, {81919, 1000000000003ull}, 30001); }

// Calls crossing every wrap: first rounds from offset 0 (one call covers 4096, 81920 and 262144) and from
// just below a boundary.
TEST(CurandChunked, Xorwow) {
  chunked<xorwow_stream>(ordering::dflt, 1234, 0, {1, 3, 4093, 7, 4097, 8193, 1, 30001});
  chunked<xorwow_stream>(ordering::dflt, 99, 4093, {5, 4091, 11, 12289, 3});
  chunked<xorwow_stream>(ordering::legacy, 5, 1000000000003ull, {3, 8191, 9, 5});
}
TEST(CurandChunked, Philox) {
  chunked<philox_stream>(ordering::dflt, 1234, 0, {1, 3, 5, 262135, 7, 262147, 1, 3001});
  chunked<philox_stream>(ordering::dflt, 7, 262141, {1, 2, 3, 65537, 13});
  chunked<philox_stream>(ordering::best, 8, 1000000000003ull, {3, 262143, 9, 5});
}
TEST(CurandChunked, MrgLegacy) {
  chunked<mrg32k3a_stream>(ordering::legacy, 1234, 0, {1, 3, 4093, 7, 4097, 8193, 1, 30001});
  chunked<mrg32k3a_stream>(ordering::legacy, 3, 1000000000003ull, {5, 4091, 11, 3});
}
TEST(CurandChunked, MrgDefault) {
  chunked<mrg32k3a_stream>(ordering::dflt, 1234, 0, {1, 3, 81917, 7, 81921, 163839, 1, 1001});
}

// Rebuild rules (generator_position): the same seed or ordering again keeps the live positions; a
// different one rebuilds (Philox: at the last set offset plus the groups completed since); SetGeneratorOffset
// always rebuilds. Small offsets and call sizes around Philox's groups of 4, then u32 and doubles (W = 2).
template <class Stream>
void rebuild_rules(ordering ord, ordering other, const std::vector<uint64_t>& offsets, size_t max_calls) {
  const engine e = stream_of<Stream>::kind;
  for (uint64_t off : offsets) {
    for (size_t tot = 0; tot <= max_calls; ++tot) {
      for (int event = 0; event < 5; ++event) {
        oracle g(e, ord);
        g.set_seed(1234);
        host_model<Stream> m(e, 1234, ord);
        g.set_offset(off);
        m.set_offset(off);
        if (tot) {  // a doubles call, so that rebuilding and continuing differ
          buffer a(output::uniform_f64, tot * 1000 + tot), b(output::uniform_f64, tot * 1000 + tot);
          g.generate(output::uniform_f64, a.data(), a.n, kParams);
          m.generate(output::uniform_f64, b.data(), b.n, kParams, nullptr);
        }
        switch (event) {
          case 0:  // a different seed and back
            g.set_seed(99), m.set_seed(99), g.set_seed(1234), m.set_seed(1234);
            break;
          case 1:  // the same seed
            g.set_seed(1234), m.set_seed(1234);
            break;
          case 2:  // another ordering and back
            g.set_ordering(other), m.set_ordering(other), g.set_ordering(ord), m.set_ordering(ord);
            break;
          case 3:  // the same ordering
            g.set_ordering(ord), m.set_ordering(ord);
            break;
          default:  // the current offset again
            g.set_offset(m.offset()), m.set_offset(m.offset());
        }
        for (output o : {output::u32, output::uniform_f64}) {
          buffer want(o, 9), got(o, 9);
          g.generate(o, want.data(), 9, kParams);
          m.generate(o, got.data(), 9, kParams, nullptr);
          expect_match(std::string(name_of(e)) + " offset " + std::to_string(off) + ", " +
                           std::to_string(tot * 1000 + tot) + " doubles, event " + std::to_string(event) + ", then " +
                           name_of(o),
                       key_of(e, ord, o), o, want.data(), got.data(), 9);
        }
      }
    }
  }
}
TEST(CurandRebuild, Xorwow) { rebuild_rules<xorwow_stream>(ordering::dflt, ordering::legacy, {0, 3, 4097}, 3); }
TEST(CurandRebuild, Philox) {
  rebuild_rules<philox_stream>(ordering::dflt, ordering::legacy, {0, 1, 2, 3, 4, 5, 103, 262145}, 9);
}
TEST(CurandRebuild, MrgLegacy) { rebuild_rules<mrg32k3a_stream>(ordering::legacy, ordering::dflt, {0, 4097}, 2); }

TEST(CurandMixed, Xorwow) {
  mixed<xorwow_stream>({ordering::dflt, ordering::best, ordering::legacy}, 1234, 400, 6, 11);
}
TEST(CurandMixed, Philox) { mixed<philox_stream>({ordering::dflt, ordering::best, ordering::legacy}, 42, 400, 6, 12); }
TEST(CurandMixed, MrgLegacy) { mixed<mrg32k3a_stream>({ordering::legacy}, 77, 300, 6, 13); }
// DEFAULT and BEST, with few rebuilds (each costs cuRAND about a second); LEGACY switches in between.
TEST(CurandMixed, MrgDefault) {
  mixed<mrg32k3a_stream>({ordering::dflt, ordering::best, ordering::legacy}, 5, 120, 15, 14);
}

}  // namespace
