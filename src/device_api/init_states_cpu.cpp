// SPDX-License-Identifier: BSD-3-Clause
// gpurngInitStates* into host memory, on the CPU thread pool. Philox and MRG32k3a: the header's gpurng_init per
// state. XORWOW: the doubling passes of xorwow_doubling.hpp with host byte tables, the same scheme the GPU runs,
// so the CPU tests (per-state gpurng_init against this) check the scheme itself.
#include <stdint.h>

#include <algorithm>
#include <memory>
#include <mutex>
#include <vector>

#include "../backends/cpu/split_range.hpp"
#include "init_states.hpp"
#include "xorwow_doubling.hpp"

namespace gpurng {
namespace device_api {

namespace {

// Below this many states a range is done on the calling thread: waking the pool costs more.
constexpr size_t kSerialBelow = 4096;

// fn(begin, end) over [0, n) in pieces on the pool (and the calling thread).
template <class Fn>
void parallel_range(size_t n, const Fn& fn) {
  cpu::split_range(
      n, cpu::configured_threads(), [&](size_t a, size_t m) { fn(a, a + m); }, kSerialBelow);
}

template <class State>
gpurngStatus_t init_each(State* states, size_t count, uint64_t seed, uint64_t first, uint64_t offset) {
  if (cpu::configured_threads() == 0) return GPURNG_STATUS_INVALID_VALUE;
  parallel_range(count, [&](size_t begin, size_t end) {
    for (size_t i = begin; i < end; ++i) gpurng_init(seed, first + i, offset, &states[i]);
  });
  return GPURNG_STATUS_SUCCESS;
}

// The byte tables of J^(2^p), built on first need (each 100 KB, about 0.1 ms) and kept for the process.
const xorwow::byte_table& pass_table(int p) {
  static std::mutex m;
  static std::vector<std::unique_ptr<xorwow::byte_table>> tables(xorwow_doubling::kMaxPasses);
  std::lock_guard<std::mutex> lk(m);
  if (!tables[p]) {
    auto t = std::make_unique<xorwow::byte_table>();
    auto m = std::make_unique<xorwow::matrix>();
    xorwow_doubling::pass_matrix(p, *m);
    xorwow::build_byte_table(*m, *t);
    tables[p] = std::move(t);
  }
  return *tables[p];
}

}  // namespace

gpurngStatus_t init_states_cpu(gpurngStateXORWOW_t* states, size_t count, uint64_t seed, uint64_t first,
                               uint64_t offset) {
  if (cpu::configured_threads() == 0) return GPURNG_STATUS_INVALID_VALUE;
  gpurng_init(seed, first, offset, &states[0]);
  for (int p = 0; p < xorwow_doubling::passes(count); ++p) {
    const xorwow::byte_table& table = pass_table(p);
    const size_t half = size_t{1} << p;
    parallel_range(xorwow_doubling::pass_size(p, count), [&](size_t begin, size_t end) {
      for (size_t j = begin; j < end; ++j) {
        gpurngStateXORWOW_t s = states[j];  // everything but the xorshift words is the same in every state
        xorwow::table_vec(table, s.v, s.v);
        states[half + j] = s;
      }
    });
  }
  return GPURNG_STATUS_SUCCESS;
}

gpurngStatus_t init_states_cpu(gpurngStateMRG32k3a_t* states, size_t count, uint64_t seed, uint64_t first,
                               uint64_t offset) {
  return init_each(states, count, seed, first, offset);
}

gpurngStatus_t init_states_cpu(gpurngStatePhilox4_32_10_t* states, size_t count, uint64_t seed, uint64_t first,
                               uint64_t offset) {
  return init_each(states, count, seed, first, offset);
}

}  // namespace device_api
}  // namespace gpurng
