// SPDX-License-Identifier: BSD-3-Clause
// gpurngInitStates* on host memory (CPU threads; runs in CI without a GPU): state i equals the header's own
// gpurng_init(seed, first + i, offset) for all three engines, at seeds, first subsequences (0, 1, 2^32, the last
// legal ones below 2^64), offsets (0, 7, 2^40) and counts (0 .. 4097, across several doubling passes of XORWOW);
// the states draw the same numbers; bad arguments give the documented statuses and write nothing.
#include <gtest/gtest.h>
#include <stdint.h>

#include <vector>

#include "gpurng_kernel.h"
#include "state_compare.hpp"

namespace {

using dapi_test::describe;
using dapi_test::same_state;

constexpr unsigned long long kSeeds[] = {0ull, 1ull, 1ull << 32, ~0ull, 0x0123456789abcdefull};
constexpr unsigned long long kOffsets[] = {0ull, 7ull, 1ull << 40};
constexpr size_t kCounts[] = {0, 1, 2, 3, 1000, 4097};

gpurngStatus_t init_states(gpurngStateXORWOW_t* s, size_t n, unsigned long long seed, unsigned long long first,
                           unsigned long long offset) {
  return gpurngInitStatesXORWOW(s, n, seed, first, offset, nullptr);
}
gpurngStatus_t init_states(gpurngStateMRG32k3a_t* s, size_t n, unsigned long long seed, unsigned long long first,
                           unsigned long long offset) {
  return gpurngInitStatesMRG32k3a(s, n, seed, first, offset, nullptr);
}
gpurngStatus_t init_states(gpurngStatePhilox4_32_10_t* s, size_t n, unsigned long long seed, unsigned long long first,
                           unsigned long long offset) {
  return gpurngInitStatesPhilox4_32_10(s, n, seed, first, offset, nullptr);
}

// Every index is checked against a per-state gpurng_init (the reference is the header's own init).
std::vector<size_t> checked_indices(size_t count) {
  std::vector<size_t> idx(count);
  for (size_t i = 0; i < count; ++i) idx[i] = i;
  return idx;
}

template <class State>
void check_engine(const char* name) {
  for (unsigned long long seed : kSeeds)
    for (size_t count : kCounts)
      for (unsigned long long first : {0ull, 1ull, 1ull << 32, count ? 0ull - count : ~0ull})
        for (unsigned long long offset : kOffsets) {
          SCOPED_TRACE(testing::Message()
                       << name << " seed " << seed << " first " << first << " offset " << offset << " count " << count);
          std::vector<State> states(count + 1);
          State sentinel;
          memset(&sentinel, 0xA5, sizeof sentinel);
          for (State& s : states) s = sentinel;
          ASSERT_EQ(init_states(states.data(), count, seed, first, offset), GPURNG_STATUS_SUCCESS);
          EXPECT_TRUE(dapi_test::same_bits(states[count], sentinel)) << "wrote past the end";
          int bad = 0;
          for (size_t i : checked_indices(count)) {
            State want;
            gpurng_init(seed, first + i, offset, &want);
            if (!same_state(states[i], want) && ++bad <= 3)
              ADD_FAILURE() << "state " << i << ": " << describe(states[i]) << " want " << describe(want);
            // The states draw the same numbers (also past the first Box-Muller pair).
            State a = states[i], b = want;
            for (int k = 0; k < 3; ++k)
              if (gpurng(&a) != gpurng(&b) && ++bad <= 3) ADD_FAILURE() << "draw " << k << " of state " << i;
            if (gpurng_normal(&a) != gpurng_normal(&b) && ++bad <= 3) ADD_FAILURE() << "normal of state " << i;
          }
          ASSERT_EQ(bad, 0);
        }
}

TEST(InitStatesHost, XORWOW) { check_engine<gpurngStateXORWOW_t>("XORWOW"); }
TEST(InitStatesHost, MRG32k3a) { check_engine<gpurngStateMRG32k3a_t>("MRG32k3a"); }
TEST(InitStatesHost, Philox4_32_10) { check_engine<gpurngStatePhilox4_32_10_t>("Philox4_32_10"); }

// A larger array takes the thread pool (chunks of the doubling passes run on several threads).
TEST(InitStatesHost, XORWOWManyStatesOnThreads) {
  const size_t count = (size_t{1} << 16) + 3;
  std::vector<gpurngStateXORWOW_t> states(count);
  ASSERT_EQ(gpurngInitStatesXORWOW(states.data(), count, 42, 1000, 3, nullptr), GPURNG_STATUS_SUCCESS);
  for (size_t i : {size_t{0}, size_t{1}, size_t{4096}, size_t{32767}, size_t{32768}, size_t{50000}, count - 1}) {
    gpurngStateXORWOW_t want;
    gpurng_init(42, 1000 + i, 3, &want);
    EXPECT_TRUE(same_state(states[i], want)) << "state " << i;
  }
}

template <class State, class Fn>
void check_bad_arguments(Fn init) {
  // NULL with states to write; NULL with none is a no-op.
  EXPECT_EQ(init(nullptr, 1, 1, 0, 0), GPURNG_STATUS_NULL_POINTER);
  EXPECT_EQ(init(nullptr, 0, 1, 0, 0), GPURNG_STATUS_SUCCESS);
  State s[3];
  memset(s, 0x5A, sizeof s);
  const std::vector<unsigned char> before(reinterpret_cast<unsigned char*>(s), reinterpret_cast<unsigned char*>(s + 3));
  auto unchanged = [&] {
    return std::vector<unsigned char>(reinterpret_cast<unsigned char*>(s), reinterpret_cast<unsigned char*>(s + 3)) ==
           before;
  };
  EXPECT_EQ(init(s, 0, 1, 0, 0), GPURNG_STATUS_SUCCESS);
  EXPECT_TRUE(unchanged()) << "count 0 wrote";
  // Subsequences first .. first + count - 1 must all be below 2^64.
  EXPECT_EQ(init(s, 2, 1, ~0ull, 0), GPURNG_STATUS_OUT_OF_RANGE);
  EXPECT_EQ(init(s, 3, 1, ~0ull - 1, 0), GPURNG_STATUS_OUT_OF_RANGE);
  EXPECT_TRUE(unchanged()) << "a rejected call wrote";
  // More states than any address space holds: rejected before anything is written.
  EXPECT_EQ(init(s, SIZE_MAX, 1, 0, 0), GPURNG_STATUS_OUT_OF_RANGE);
  EXPECT_EQ(init(s, SIZE_MAX / sizeof(State), 1, 0, 0), GPURNG_STATUS_OUT_OF_RANGE);
  EXPECT_TRUE(unchanged()) << "a rejected call wrote";
  // The last legal ones.
  EXPECT_EQ(init(s, 1, 1, ~0ull, 0), GPURNG_STATUS_SUCCESS);
  EXPECT_EQ(init(s, 3, 1, ~0ull - 2, ~0ull), GPURNG_STATUS_SUCCESS);
  State want;
  gpurng_init(1, ~0ull, ~0ull, &want);
  EXPECT_TRUE(same_state(s[2], want));
}

TEST(InitStatesHost, BadArguments) {
  check_bad_arguments<gpurngStateXORWOW_t>(
      [](gpurngStateXORWOW_t* s, size_t n, unsigned long long seed, unsigned long long first,
         unsigned long long offset) { return gpurngInitStatesXORWOW(s, n, seed, first, offset, nullptr); });
  check_bad_arguments<gpurngStateMRG32k3a_t>(
      [](gpurngStateMRG32k3a_t* s, size_t n, unsigned long long seed, unsigned long long first,
         unsigned long long offset) { return gpurngInitStatesMRG32k3a(s, n, seed, first, offset, nullptr); });
  check_bad_arguments<gpurngStatePhilox4_32_10_t>(
      [](gpurngStatePhilox4_32_10_t* s, size_t n, unsigned long long seed, unsigned long long first,
         unsigned long long offset) { return gpurngInitStatesPhilox4_32_10(s, n, seed, first, offset, nullptr); });
}

}  // namespace
