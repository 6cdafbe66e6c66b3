// SPDX-License-Identifier: BSD-3-Clause
// The host Wallace generator (include/gpurng/distributions/wallace.hpp has the definition): the state of all pools in
// host memory, requests split by pool across the CPU backend's threads.
#pragma once

#include <algorithm>
#include <vector>

#include "../backends/cpu/split_range.hpp"
#include "gpurng/distributions/wallace.hpp"

namespace gpurng {
namespace wallace {

class wallace_generator {
 public:
  // Seeding builds all B pools and runs the W warm-up transforms: B * P * (W + 1) element steps (~8.4 M;
  // a few ms on one core), split across threads.
  explicit wallace_generator(uint64_t seed = 0) { reseed(seed); }

  void reseed(uint64_t seed) {
    st_.seed = seed;
    st_.pos = 0;
    st_.done = 0;
    st_.pools.assign(size_t(kPools) * kPoolSize, 0.0f);
    for_pools([&](unsigned b) { initial_pool(seed, b, st_.pools.data() + size_t(b) * kPoolSize); });
  }

  // The next n outputs of the stream into out (host memory). Cost: B * P per pass touched (whole passes are
  // transformed even for a partial one), n multiplies.
  void fill(size_t n, float* out) { advance(n, out); }

  // Move on n positions without writing: the same transforms as fill (O(n / (B P)) passes).
  void skip(uint64_t n) { advance(n, nullptr); }

  uint64_t position() const { return st_.pos; }
  const wallace_state& state() const { return st_; }
  // For a device copy that ran on: adopt its state (pools of B * P floats at passes_for(pos)).
  void set_state(const wallace_state& s) { st_ = s; }

 private:
  template <typename F>
  void for_pools(F&& fn) {
    cpu::split_range(
        kPools, cpu::configured_threads(),
        [&](size_t first, size_t count) {
          for (size_t b = first; b < first + count; ++b) fn(static_cast<unsigned>(b));
        },
        1);
  }

  void advance(uint64_t n, float* out) {
    if (n == 0) return;
    const uint64_t start = st_.pos, done = st_.done;
    for_pools([&](unsigned b) {
      float scratch[kPoolSize];
      run_pool(pool_key(st_.seed, b), b, st_.pools.data() + size_t(b) * kPoolSize, scratch, done, start, n, out);
    });
    st_.pos = start + n;
    st_.done = wallace_state::passes_for(st_.pos);
  }

  wallace_state st_;
};

}  // namespace wallace
}  // namespace gpurng
