// SPDX-License-Identifier: BSD-3-Clause
// The device API (gpurng_kernel.h) compiled for the host, against the naive engines:
//   - gpurng_init at seeds 0, 1, 2^32, 2^64-1, subsequences 0, 1, 2, 2^32, 2^64-1, offsets 0, 1, 5, 2^32, 2^64-1:
//     XORWOW and MRG32k3a against seed_state moved by the host's own jumps (XORWOW's run-time power table,
//     MRG32k3a's matrix powers) or by single steps, then the first draws against next() stepped one by one;
//     Philox against the block function on the 128-bit counter of each position;
//   - the skipahead calls against single steps (small n) and the host jumps (large n);
//   - every call's output against the conversion (gpurng/distributions/curand_outputs.hpp, the host API's) of the
//     raw words it must take, in cuRAND's order, and the normal caches against a model of cuRAND's rules over
//     scripted interleavings (normal then normal, normal then log-normal, float and double, pairs between).
// All in the default (portable) normal mode, the only one host code has.
#include <gtest/gtest.h>

#include <cstdint>
#include <vector>

#include "device_api_test_util.hpp"
#include "gpurng_kernel.h"

namespace {

using namespace device_api_test;
using namespace gpurng;
using curand_out::f32x2;
using curand_out::f64x2;

// ---- naive references ----

// XORWOW at (seed, subsequence, offset): the subsequence by the run-time power table, small offsets by steps.
xorwow::state xorwow_reference(uint64_t seed, uint64_t sub, uint64_t off) {
  xorwow::state s = xorwow::seed_state(seed);
  xorwow::shift_jump(s.v, sub, xorwow::kSubsequenceLog2);
  if (off <= 5) {
    for (uint64_t i = 0; i < off; ++i) xorwow::next(s);
  } else {
    xorwow::shift_jump(s.v, off, 0);
    s.d += xorwow::kWeyl * static_cast<uint32_t>(off);
  }
  return s;
}

// MRG32k3a at (seed, subsequence, offset): matrix powers by square-and-multiply, small offsets by steps.
mrg32k3a::state mrg_reference(uint64_t seed, uint64_t sub, uint64_t off) {
  mrg32k3a::state s = mrg32k3a::seed_state(seed);
  mrg32k3a::apply(mrg32k3a::jump_of_pow2(mrg32k3a::kSubsequenceLog2, sub), s);
  if (off <= 5) {
    for (uint64_t i = 0; i < off; ++i) mrg32k3a::next(s);
  } else {
    mrg32k3a::apply(mrg32k3a::jump_of(off), s);
  }
  return s;
}

// Philox: word k after (seed, subsequence, offset) is lane p % 4 of the block of counter p / 4, p the 130-bit
// position subsequence * 2^66 + offset + k (the counter taken mod 2^128).
using u128 = unsigned __int128;
uint32_t philox_reference(uint64_t seed, uint64_t sub, uint64_t off, u128 k) {
  const u128 lane = (off & 3u) + k;
  const u128 ctr = (static_cast<u128>(sub) << 64) + (off >> 2) + (lane >> 2);
  const philox::u32x4 c = {{static_cast<uint32_t>(ctr), static_cast<uint32_t>(ctr >> 32),
                            static_cast<uint32_t>(ctr >> 64), static_cast<uint32_t>(ctr >> 96)}};
  return philox::block<10>(c, philox::key_of_seed(seed)).w[static_cast<int>(lane & 3u)];
}

// ---- gpurng_init and the first draws ----

TEST(DeviceApiInit, XorwowEqualsNaive) {
  for (uint64_t seed : kSeeds)
    for (uint64_t sub : kSubsequences)
      for (uint64_t off : kOffsets) {
        gpurngStateXORWOW_t st;
        std::memset(&st, 0xA5, sizeof st);  // gpurng_init must set every byte
        gpurng_init(seed, sub, off, &st);
        xorwow::state ref = xorwow_reference(seed, sub, off);
        ASSERT_EQ(st.d, ref.d) << where(seed, sub, off);
        ASSERT_EQ(0, std::memcmp(st.v, ref.v, sizeof st.v)) << where(seed, sub, off);
        EXPECT_EQ(st.boxmuller_flag, 0);
        EXPECT_EQ(st.boxmuller_flag_double, 0);
        EXPECT_EQ(st.pad_, 0u);
        EXPECT_SAME_BITS(st.boxmuller_extra, 0.0f);
        EXPECT_SAME_BITS(st.boxmuller_extra_double, 0.0);
        for (int k = 0; k < 8; ++k) ASSERT_EQ(gpurng(&st), xorwow::next(ref)) << where(seed, sub, off) << " k " << k;
      }
}

TEST(DeviceApiInit, Mrg32k3aEqualsNaive) {
  for (uint64_t seed : kSeeds)
    for (uint64_t sub : kSubsequences)
      for (uint64_t off : kOffsets) {
        gpurngStateMRG32k3a_t st;
        std::memset(&st, 0xA5, sizeof st);
        gpurng_init(seed, sub, off, &st);
        mrg32k3a::state ref = mrg_reference(seed, sub, off);
        ASSERT_EQ(0, std::memcmp(st.s1, ref.s1, sizeof st.s1)) << where(seed, sub, off);
        ASSERT_EQ(0, std::memcmp(st.s2, ref.s2, sizeof st.s2)) << where(seed, sub, off);
        EXPECT_EQ(st.boxmuller_flag, 0);
        EXPECT_EQ(st.boxmuller_flag_double, 0);
        EXPECT_EQ(st.pad_, 0u);
        for (int k = 0; k < 8; ++k)
          ASSERT_EQ(gpurng(&st), mrg32k3a::bits_of(mrg32k3a::next(ref))) << where(seed, sub, off) << " k " << k;
      }
}

TEST(DeviceApiInit, PhiloxEqualsBlockFunction) {
  for (uint64_t seed : kSeeds)
    for (uint64_t sub : kSubsequences)
      for (uint64_t off : kOffsets) {
        gpurngStatePhilox4_32_10_t st;
        std::memset(&st, 0xA5, sizeof st);
        gpurng_init(seed, sub, off, &st);
        EXPECT_EQ(st.index, static_cast<uint32_t>(off & 3u));
        EXPECT_EQ(st.boxmuller_flag, 0);
        EXPECT_EQ(st.boxmuller_flag_double, 0);
        // across at least two counter steps, and (offset 2^64-1) the carry into the subsequence half
        for (uint64_t k = 0; k < 11; ++k)
          ASSERT_EQ(gpurng(&st), philox_reference(seed, sub, off, k)) << where(seed, sub, off) << " k " << k;
        const gpurng_uint4 q = gpurng4(&st);
        const uint32_t want[4] = {philox_reference(seed, sub, off, 11), philox_reference(seed, sub, off, 12),
                                  philox_reference(seed, sub, off, 13), philox_reference(seed, sub, off, 14)};
        EXPECT_EQ(q.x, want[0]);
        EXPECT_EQ(q.y, want[1]);
        EXPECT_EQ(q.z, want[2]);
        EXPECT_EQ(q.w, want[3]);
        EXPECT_EQ(gpurng(&st), philox_reference(seed, sub, off, 15));
      }
}

// ---- skipahead ----

const uint64_t kSmallSkips[] = {0, 1, 2, 3, 5, 31, 160, 1000, 4097};
const uint64_t kLargeSkips[] = {uint64_t{1} << 32, 0x123456789abcdefull, kMax};

TEST(DeviceApiSkipahead, Xorwow) {
  for (uint64_t n : kSmallSkips) {  // against single steps
    gpurngStateXORWOW_t st;
    gpurng_init(99, 3, 7, &st);
    gpurng_skipahead(n, &st);
    xorwow::state ref = xorwow_reference(99, 3, 7);
    for (uint64_t i = 0; i < n; ++i) xorwow::next(ref);
    ASSERT_EQ(gpurng(&st), xorwow::next(ref)) << "n " << n;
  }
  for (uint64_t n : kLargeSkips) {  // against the run-time power table
    gpurngStateXORWOW_t st;
    gpurng_init(99, 3, 7, &st);
    gpurng_skipahead(n, &st);
    xorwow::state ref = xorwow_reference(99, 3, 7);
    xorwow::shift_jump(ref.v, n, 0);
    ref.d += xorwow::kWeyl * static_cast<uint32_t>(n);
    ASSERT_EQ(gpurng(&st), xorwow::next(ref)) << "n " << n;
  }
  for (uint64_t n : kSubsequences) {  // skipahead_sequence = subsequences of 2^67, against the power table
    gpurngStateXORWOW_t st;
    gpurng_init(99, 3, 7, &st);
    gpurng_skipahead_sequence(n, &st);
    xorwow::state ref = xorwow_reference(99, 3, 7);
    xorwow::shift_jump(ref.v, n, xorwow::kSubsequenceLog2);
    ASSERT_EQ(st.d, ref.d) << "n " << n;
    ASSERT_EQ(0, std::memcmp(st.v, ref.v, sizeof st.v)) << "n " << n;
    if (n < 1000) {  // and the same state as an init there
      gpurngStateXORWOW_t direct;
      gpurng_init(99, 3 + n, 7, &direct);
      ASSERT_TRUE(same_state(st, direct)) << "n " << n;
    }
  }
}

TEST(DeviceApiSkipahead, Mrg32k3a) {
  for (uint64_t n : kSmallSkips) {
    gpurngStateMRG32k3a_t st;
    gpurng_init(99, 3, 7, &st);
    gpurng_skipahead(n, &st);
    mrg32k3a::state ref = mrg_reference(99, 3, 7);
    for (uint64_t i = 0; i < n; ++i) mrg32k3a::next(ref);
    ASSERT_EQ(gpurng(&st), mrg32k3a::bits_of(mrg32k3a::next(ref))) << "n " << n;
  }
  struct stride {
    void (*call)(unsigned long long, gpurngStateMRG32k3a_t*);
    int log2;
  };
  const stride strides[] = {{gpurng_skipahead, 0},
                            {gpurng_skipahead_subsequence, mrg32k3a::kSubsequenceLog2},
                            {gpurng_skipahead_sequence, mrg32k3a::kSequenceLog2}};
  for (const stride& s : strides)
    for (uint64_t n : {uint64_t{1}, uint64_t{2}, uint64_t{1} << 32, uint64_t{0x123456789abcdefull}, kMax}) {
      gpurngStateMRG32k3a_t st;
      gpurng_init(99, 3, 7, &st);
      s.call(n, &st);
      mrg32k3a::state ref = mrg_reference(99, 3, 7);
      mrg32k3a::apply(mrg32k3a::jump_of_pow2(s.log2, n), ref);
      ASSERT_EQ(0, std::memcmp(st.s1, ref.s1, sizeof st.s1)) << "stride 2^" << s.log2 << " n " << n;
      ASSERT_EQ(0, std::memcmp(st.s2, ref.s2, sizeof st.s2)) << "stride 2^" << s.log2 << " n " << n;
    }
}

TEST(DeviceApiSkipahead, Philox) {
  for (uint64_t off : {uint64_t{0}, uint64_t{1}, uint64_t{2}, uint64_t{3}, uint64_t{5}, kMax - 9}) {
    for (uint64_t n : {uint64_t{0}, uint64_t{1}, uint64_t{2}, uint64_t{3}, uint64_t{4}, uint64_t{7}, uint64_t{1} << 32,
                       kMax - 3, kMax}) {
      gpurngStatePhilox4_32_10_t st;
      gpurng_init(99, 3, off, &st);
      gpurng(&st);  // a used lane first, so skipahead starts mid-block
      gpurng_skipahead(n, &st);
      ASSERT_EQ(gpurng(&st), philox_reference(99, 3, off, u128{1} + n)) << "offset " << off << " n " << n;
      // and on, until the block counter carries into the subsequence half
      for (int i = 1; i <= 4; ++i) {
        gpurng_skipahead(kMax, &st);
        ASSERT_EQ(gpurng(&st), philox_reference(99, 3, off, u128{1} + n + i * (u128{1} + kMax)))
            << "offset " << off << " n " << n << " then " << i << " x (2^64 - 1)";
      }
    }
  }
  for (uint64_t n : kSubsequences) {
    gpurngStatePhilox4_32_10_t st, direct;
    gpurng_init(99, 3, 6, &st);
    gpurng_skipahead_sequence(n, &st);
    gpurng_init(99, 3 + n, 6, &direct);  // 3 + n wraps mod 2^64, as the counter's high half does
    ASSERT_TRUE(same_state(st, direct)) << "n " << n;
  }
}

// ---- every call: the raw words it takes and their conversion ----

// A stream of raw words (MRG32k3a: z) at (seed, 5, 9), and the conversions the host API uses.
struct XorwowWords {
  xorwow::state s = xorwow_reference(42, 5, 9);
  uint32_t word() { return xorwow::next(s); }
  uint32_t bits() { return word(); }
  float uniform() { return curand_out::uniform_f32(word()); }
  double uniform_double() {
    const uint32_t x = word();
    return curand_out::uniform_f64_hq(x, word());
  }
  f32x2 pair() {
    const uint32_t x = word();
    return curand_out::box_muller_f32(x, word());
  }
  f64x2 pair_double() {
    uint32_t w[4];
    for (uint32_t& x : w) x = word();
    return curand_out::box_muller_f64(w[0], w[1], w[2], w[3]);
  }
};
struct MrgWords {
  mrg32k3a::state s = mrg_reference(42, 5, 9);
  uint32_t word() { return mrg32k3a::next(s); }
  uint32_t bits() { return mrg32k3a::bits_of(word()); }
  float uniform() { return mrg32k3a::uniform_float(word()); }
  double uniform_double() { return mrg32k3a::uniform_double(word()); }
  f32x2 pair() {
    const float u = mrg32k3a::uniform_float(word());
    return curand_out::box_muller_mrg_f32(u, mrg32k3a::uniform_float(word()));
  }
  f64x2 pair_double() {
    const double u = mrg32k3a::uniform_double(word());
    return curand_out::box_muller_mrg_f64(u, mrg32k3a::uniform_double(word()));
  }
};
struct PhiloxWords {
  uint64_t k = 0;
  uint32_t word() { return philox_reference(42, 5, 9, k++); }
  uint32_t bits() { return word(); }
  float uniform() { return curand_out::uniform_f32(word()); }
  double uniform_double() { return curand_out::uniform_f64_32(word()); }  // one word, as cuRAND's
  f32x2 pair() {
    const uint32_t x = word();
    return curand_out::box_muller_f32(x, word());
  }
  f64x2 pair_double() {
    uint32_t w[4];
    for (uint32_t& x : w) x = word();
    return curand_out::box_muller_f64(w[0], w[1], w[2], w[3]);
  }
};

template <class S>
S fresh() {
  S st;
  gpurng_init(42, 5, 9, &st);
  return st;
}

constexpr float kMeanF = 0.25f, kStdF = 1.5f;
constexpr double kMeanD = -0.125, kStdD = 0.75;

// The calls every engine has, each several times in a row (the caches fill and empty).
template <class State, class Words>
void check_common_calls() {
  State st = fresh<State>();
  Words ref;
  for (int i = 0; i < 5; ++i) ASSERT_EQ(gpurng(&st), ref.bits());
  for (int i = 0; i < 5; ++i) ASSERT_SAME_BITS(gpurng_uniform(&st), ref.uniform());
  for (int i = 0; i < 5; ++i) ASSERT_SAME_BITS(gpurng_uniform_double(&st), ref.uniform_double());
  for (int i = 0; i < 3; ++i) {  // one pair per two calls
    const f32x2 p = ref.pair();
    ASSERT_SAME_BITS(gpurng_normal(&st), p.s);
    ASSERT_SAME_BITS(gpurng_normal(&st), p.c);
  }
  for (int i = 0; i < 3; ++i) {
    const f32x2 p = ref.pair();
    const gpurng_float2 v = gpurng_normal2(&st);
    ASSERT_SAME_BITS(v.x, p.s);
    ASSERT_SAME_BITS(v.y, p.c);
  }
  for (int i = 0; i < 3; ++i) {
    const f64x2 p = ref.pair_double();
    ASSERT_SAME_BITS(gpurng_normal_double(&st), p.s);
    ASSERT_SAME_BITS(gpurng_normal_double(&st), p.c);
  }
  for (int i = 0; i < 3; ++i) {
    const f64x2 p = ref.pair_double();
    const gpurng_double2 v = gpurng_normal2_double(&st);
    ASSERT_SAME_BITS(v.x, p.s);
    ASSERT_SAME_BITS(v.y, p.c);
  }
  for (int i = 0; i < 3; ++i) {
    const f32x2 p = ref.pair();
    ASSERT_SAME_BITS(gpurng_log_normal(&st, kMeanF, kStdF), curand_out::lognormal(p.s, kMeanF, kStdF));
    ASSERT_SAME_BITS(gpurng_log_normal(&st, kMeanF, kStdF), curand_out::lognormal(p.c, kMeanF, kStdF));
  }
  for (int i = 0; i < 3; ++i) {
    const f32x2 p = ref.pair();
    const gpurng_float2 v = gpurng_log_normal2(&st, kMeanF, kStdF);
    ASSERT_SAME_BITS(v.x, curand_out::lognormal(p.s, kMeanF, kStdF));
    ASSERT_SAME_BITS(v.y, curand_out::lognormal(p.c, kMeanF, kStdF));
  }
  for (int i = 0; i < 3; ++i) {
    const f64x2 p = ref.pair_double();
    ASSERT_SAME_BITS(gpurng_log_normal_double(&st, kMeanD, kStdD), curand_out::lognormal(p.s, kMeanD, kStdD));
    ASSERT_SAME_BITS(gpurng_log_normal_double(&st, kMeanD, kStdD), curand_out::lognormal(p.c, kMeanD, kStdD));
  }
  for (int i = 0; i < 3; ++i) {
    const f64x2 p = ref.pair_double();
    const gpurng_double2 v = gpurng_log_normal2_double(&st, kMeanD, kStdD);
    ASSERT_SAME_BITS(v.x, curand_out::lognormal(p.s, kMeanD, kStdD));
    ASSERT_SAME_BITS(v.y, curand_out::lognormal(p.c, kMeanD, kStdD));
  }
  ASSERT_EQ(gpurng(&st), ref.bits());  // nothing more was taken
}

TEST(DeviceApiCalls, Xorwow) { check_common_calls<gpurngStateXORWOW_t, XorwowWords>(); }
TEST(DeviceApiCalls, Mrg32k3a) { check_common_calls<gpurngStateMRG32k3a_t, MrgWords>(); }
TEST(DeviceApiCalls, Philox) { check_common_calls<gpurngStatePhilox4_32_10_t, PhiloxWords>(); }

// Philox's four-word calls, from every lane (gpurng4 takes the next four words wherever the lane is).
TEST(DeviceApiCalls, PhiloxFourWordCalls) {
  for (int lead = 0; lead < 4; ++lead) {
    gpurngStatePhilox4_32_10_t st = fresh<gpurngStatePhilox4_32_10_t>();
    PhiloxWords ref;
    for (int i = 0; i < lead; ++i) ASSERT_EQ(gpurng(&st), ref.word());
    {
      const gpurng_float4 u = gpurng_uniform4(&st);
      const float want[4] = {ref.uniform(), ref.uniform(), ref.uniform(), ref.uniform()};
      ASSERT_SAME_BITS(u.x, want[0]);
      ASSERT_SAME_BITS(u.y, want[1]);
      ASSERT_SAME_BITS(u.z, want[2]);
      ASSERT_SAME_BITS(u.w, want[3]);
    }
    {
      const gpurng_double2 u = gpurng_uniform2_double(&st);
      uint32_t w[4];
      for (uint32_t& x : w) x = ref.word();
      ASSERT_SAME_BITS(u.x, curand_out::uniform_f64_hq(w[0], w[1]));
      ASSERT_SAME_BITS(u.y, curand_out::uniform_f64_hq(w[2], w[3]));
    }
    {
      const gpurng_float4 z = gpurng_normal4(&st);
      const f32x2 a = ref.pair(), b = ref.pair();
      ASSERT_SAME_BITS(z.x, a.s);
      ASSERT_SAME_BITS(z.y, a.c);
      ASSERT_SAME_BITS(z.z, b.s);
      ASSERT_SAME_BITS(z.w, b.c);
    }
    {
      const gpurng_float4 z = gpurng_log_normal4(&st, kMeanF, kStdF);
      const f32x2 a = ref.pair(), b = ref.pair();
      ASSERT_SAME_BITS(z.x, curand_out::lognormal(a.s, kMeanF, kStdF));
      ASSERT_SAME_BITS(z.y, curand_out::lognormal(a.c, kMeanF, kStdF));
      ASSERT_SAME_BITS(z.z, curand_out::lognormal(b.s, kMeanF, kStdF));
      ASSERT_SAME_BITS(z.w, curand_out::lognormal(b.c, kMeanF, kStdF));
    }
    ASSERT_EQ(gpurng(&st), ref.word()) << "lead " << lead;
  }
}

// ---- the normal caches: cuRAND's rules, modelled ----

// What each scripted call does to a model of the state: the float and the double cache with cuRAND's flags.
enum class call {
  normal,
  log_normal,
  normal2,
  log_normal2,
  normal_double,
  log_normal_double,
  normal2_double,
  bits,
  skip3
};

template <class Words>
struct CacheModel {
  Words words;
  int flag = 0, flag_double = 0;
  float extra = 0;
  double extra_double = 0;
  // One value per call (pairs: the first; skip3: none), as a double for comparison.
  double run(call c) {
    switch (c) {
      case call::normal:
      case call::log_normal: {
        const bool log = c == call::log_normal;
        const int want = log ? 2 : 1;
        if (flag == want) {
          flag = 0;
          return extra;
        }
        const f32x2 p = words.pair();
        extra = log ? curand_out::lognormal(p.c, kMeanF, kStdF) : p.c;
        flag = want;
        return log ? curand_out::lognormal(p.s, kMeanF, kStdF) : p.s;
      }
      case call::normal_double:
      case call::log_normal_double: {
        const bool log = c == call::log_normal_double;
        const int want = log ? 2 : 1;
        if (flag_double == want) {
          flag_double = 0;
          return extra_double;
        }
        const f64x2 p = words.pair_double();
        extra_double = log ? curand_out::lognormal(p.c, kMeanD, kStdD) : p.c;
        flag_double = want;
        return log ? curand_out::lognormal(p.s, kMeanD, kStdD) : p.s;
      }
      case call::normal2:
        return words.pair().s;
      case call::log_normal2:
        return curand_out::lognormal(words.pair().s, kMeanF, kStdF);
      case call::normal2_double:
        return words.pair_double().s;
      case call::bits:
        return words.bits();
      case call::skip3:
        for (int i = 0; i < 3; ++i) words.word();
        return 0;
    }
    return 0;
  }
};

template <class State>
double run_call(State* st, call c) {
  switch (c) {
    case call::normal:
      return gpurng_normal(st);
    case call::log_normal:
      return gpurng_log_normal(st, kMeanF, kStdF);
    case call::normal2:
      return gpurng_normal2(st).x;
    case call::log_normal2:
      return gpurng_log_normal2(st, kMeanF, kStdF).x;
    case call::normal_double:
      return gpurng_normal_double(st);
    case call::log_normal_double:
      return gpurng_log_normal_double(st, kMeanD, kStdD);
    case call::normal2_double:
      return gpurng_normal2_double(st).x;
    case call::bits:
      return gpurng(st);
    case call::skip3:
      gpurng_skipahead(3, st);
      return 0;
  }
  return 0;
}

template <class State, class Words>
void check_interleavings() {
  using C = call;
  const std::vector<std::vector<call>> scripts = {
      {C::normal, C::normal, C::normal, C::normal},                         // pairs: s, c, s, c
      {C::normal, C::log_normal, C::log_normal, C::normal, C::normal},      // a cached normal dropped by a log-normal
      {C::log_normal, C::normal, C::log_normal, C::log_normal, C::normal},  // and the other way round
      {C::normal, C::normal2, C::normal, C::log_normal2, C::normal},        // pair calls leave the cache alone
      {C::normal, C::normal_double, C::normal, C::normal_double},           // float and double caches separate
      {C::log_normal_double, C::normal_double, C::log_normal_double, C::log_normal_double, C::normal2_double},
      {C::normal, C::skip3, C::normal, C::bits, C::normal},  // skipahead and plain draws keep the cache
      {C::log_normal, C::bits, C::log_normal, C::normal_double, C::log_normal_double, C::normal_double},
  };
  for (size_t n = 0; n < scripts.size(); ++n) {
    State st = fresh<State>();
    CacheModel<Words> model;
    for (size_t i = 0; i < scripts[n].size(); ++i) {
      const call c = scripts[n][i];
      ASSERT_SAME_BITS(run_call(&st, c), model.run(c)) << "script " << n << " call " << i;
      ASSERT_EQ(st.boxmuller_flag, model.flag) << "script " << n << " call " << i;
      ASSERT_EQ(st.boxmuller_flag_double, model.flag_double) << "script " << n << " call " << i;
      if (model.flag) {
        ASSERT_SAME_BITS(st.boxmuller_extra, model.extra);
      }
      if (model.flag_double) {
        ASSERT_SAME_BITS(st.boxmuller_extra_double, model.extra_double);
      }
    }
    ASSERT_EQ(gpurng(&st), model.words.bits()) << "script " << n << ": words taken";
  }
}

TEST(DeviceApiNormalCache, Xorwow) { check_interleavings<gpurngStateXORWOW_t, XorwowWords>(); }
TEST(DeviceApiNormalCache, Mrg32k3a) { check_interleavings<gpurngStateMRG32k3a_t, MrgWords>(); }
TEST(DeviceApiNormalCache, Philox) { check_interleavings<gpurngStatePhilox4_32_10_t, PhiloxWords>(); }

}  // namespace
