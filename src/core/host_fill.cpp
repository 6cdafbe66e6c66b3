// SPDX-License-Identifier: BSD-3-Clause
#include "host_fill.hpp"

#include <algorithm>
#include <type_traits>

#include "../backends/cpu/classic_cpu.hpp"
#include "../backends/cpu/ranmar_cpu.hpp"
#include "gpurng/engines/ranmar_jump.hpp"

namespace gpurng {
namespace core {

using ranmar::Kind;
using ranmar::kLag;

namespace {

template <Kind K, typename T>
void fill(uint64_t* window, uint64_t pos, void* out, size_t n, int threads) {
  using word = typename ranmar::traits<K>::word;
  word w[kLag];
  std::copy(window, window + kLag, w);
  cpu::ranmar_fill<K, T>(w, pos, static_cast<T*>(out), n, threads);
  std::copy(w, w + kLag, window);
}

template <Kind K>
void fill_kind(cuda::Output kind, uint64_t* window, uint64_t pos, void* out, size_t n, int threads) {
  switch (kind) {
    case cuda::Output::f32:
      return fill<K, float>(window, pos, out, n, threads);
    case cuda::Output::f64:
      return fill<K, double>(window, pos, out, n, threads);
    case cuda::Output::u32:
      if constexpr (K == Kind::r24) fill<K, uint32_t>(window, pos, out, n, threads);
      return;
    case cuda::Output::u64:
      if constexpr (K != Kind::r24) fill<K, unsigned long long>(window, pos, out, n, threads);
      return;
  }
}

}  // namespace

void host_fill_any(gpurngRngType_t type, cuda::Output kind, uint64_t* window, uint64_t pos, void* out, size_t n,
                   int threads) {
  const classic::Params cp = classic::params_of(type);
  if (cp.family != classic::Family::none) return cpu::classic_fill(cp, kind, window, out, n, threads);
  switch (type) {
    case GPURNG_RNG_PSEUDO_RANMAR48:
      return fill_kind<Kind::r48>(kind, window, pos, out, n, threads);
    case GPURNG_RNG_PSEUDO_RANMAR48X:
      return fill_kind<Kind::r48x>(kind, window, pos, out, n, threads);
    default:
      return fill_kind<Kind::r24>(kind, window, pos, out, n, threads);
  }
}

void window_at(gpurngRngType_t type, uint64_t seed, uint64_t position, uint64_t* window) {
  const classic::Params cp = classic::params_of(type);
  if (cp.family != classic::Family::none) return cpu::classic_window_at(cp, seed, position, window);
  auto run = [&](auto k) {
    constexpr Kind K = decltype(k)::value;
    using word = typename ranmar::traits<K>::word;
    word w[kLag];
    ranmar::seed_window<K>(static_cast<uint32_t>(seed), w);
    ranmar::jump_window<K>(w, position);
    std::copy(w, w + kLag, window);
  };
  switch (type) {
    case GPURNG_RNG_PSEUDO_RANMAR48:
      return run(std::integral_constant<Kind, Kind::r48>{});
    case GPURNG_RNG_PSEUDO_RANMAR48X:
      return run(std::integral_constant<Kind, Kind::r48x>{});
    default:
      return run(std::integral_constant<Kind, Kind::r24>{});
  }
}

}  // namespace core
}  // namespace gpurng

namespace gpurng {
namespace core {

void advance_window(gpurngRngType_t type, uint64_t seed, uint64_t* window, uint64_t from, uint64_t n) {
  const classic::Params cp = classic::params_of(type);
  if (cp.family != classic::Family::none) return cpu::classic_jump(cp, window, n);
  window_at(type, seed, from + n, window);
}

}  // namespace core
}  // namespace gpurng
