// SPDX-License-Identifier: BSD-3-Clause
// Stream checking for the prefetch-ring tests: every number a test draws, in the order drawn, is compared
// with the reference stream, which a host generator with the ring turned off makes in large direct calls
// (that direct path is itself checked against the naive reference by tests/reference).
#pragma once

#include <gtest/gtest.h>

#include <cstring>
#include <vector>

#include "targets.hpp"

namespace gpurng_test {

template <typename T>
class StreamChecker {
 public:
  StreamChecker(gpurngRngType_t type, unsigned long long seed) {
    EXPECT_EQ(gpurngCreateGeneratorHost(&ref_, type), GPURNG_STATUS_SUCCESS);
    EXPECT_EQ(gpurngSetPrefetch(ref_, 0, 0), GPURNG_STATUS_SUCCESS);
    EXPECT_EQ(gpurngSetPseudoRandomGeneratorSeed(ref_, seed), GPURNG_STATUS_SUCCESS);
  }
  ~StreamChecker() { gpurngDestroyGenerator(ref_); }

  // Compare n drawn numbers with the next n of the reference stream. Returns false at the first mismatch.
  bool check(const T* got, size_t n) {
    for (size_t i = 0; i < n; ++i) {
      if (next_ == block_.size()) refill();
      if (std::memcmp(&got[i], &block_[next_], sizeof(T)) != 0) {
        ADD_FAILURE() << "stream differs at position " << checked_ << ": got " << got[i] << ", expected "
                      << block_[next_];
        return false;
      }
      ++next_;
      ++checked_;
    }
    return true;
  }
  unsigned long long checked() const { return checked_; }
  // The reference numbers at the next n positions, without consuming them.
  std::vector<T> peek(size_t n) {
    std::vector<T> out(n);
    for (size_t i = 0; i < n; ++i) {
      if (next_ + i >= block_.size()) {  // keep the unread tail, append a new block
        std::vector<T> rest(block_.begin() + static_cast<long>(next_), block_.end());
        block_ = rest;
        next_ = 0;
        const size_t old = block_.size();
        block_.resize(old + kBlock);
        EXPECT_EQ(call_generate(ref_, block_.data() + old, kBlock), GPURNG_STATUS_SUCCESS);
      }
      out[i] = block_[next_ + i];
    }
    return out;
  }

 private:
  static constexpr size_t kBlock = size_t(1) << 20;
  void refill() {
    block_.resize(kBlock);
    next_ = 0;
    EXPECT_EQ(call_generate(ref_, block_.data(), kBlock), GPURNG_STATUS_SUCCESS);
  }
  gpurngGenerator_t ref_ = nullptr;
  std::vector<T> block_;
  size_t next_ = 0;
  unsigned long long checked_ = 0;
};

// How many numbers the long stream tests draw: GPURNG_RING_TEST_NUMBERS, else `dflt`.
inline unsigned long long ring_test_numbers(unsigned long long dflt) {
  const char* env = std::getenv("GPURNG_RING_TEST_NUMBERS");
  return env && *env ? std::strtoull(env, nullptr, 10) : dflt;
}

// A request size as legacy codes make them: mostly 1..16, sometimes up to 1000, rarely up to 10^5.
template <typename Rng>
size_t legacy_request_size(Rng& rng) {
  const unsigned r = rng() % 1000;
  if (r < 900) return 1 + rng() % 16;
  if (r < 990) return 17 + rng() % 984;
  return 1001 + rng() % 99000;
}

}  // namespace gpurng_test
