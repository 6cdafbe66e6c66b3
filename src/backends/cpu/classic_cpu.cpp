// SPDX-License-Identifier: BSD-3-Clause
#include "classic_cpu.hpp"

#include <algorithm>

#include "thread_pool.hpp"

namespace gpurng {
namespace cpu {

using classic::Family;
namespace gr = glibc_random;

namespace {

// Below this many numbers per thread, a thread and a jump cost more than they save.
constexpr size_t kMinPerThread = size_t(1) << 17;
// glibc TYPE_1..4 fills raw values in pieces of this size before converting them.
constexpr size_t kPiece = 4096;

template <typename T>
void fill_sequential(const ClassicParams& p, uint64_t* window, T* out, size_t n) {
  using C = classic::convert<T>;
  switch (p.family) {
    case Family::minstd: {
      uint32_t x = static_cast<uint32_t>(window[0]);
      for (size_t k = 0; k < n; ++k) {
        x = minstd::mulmod(p.multiplier, x);
        out[k] = C::minstd(x);
      }
      window[0] = x;
      return;
    }
    case Family::lcg48: {
      uint64_t x = window[0];
      for (size_t k = 0; k < n; ++k) {
        x = lcg48::step(x, lcg48::kDefaultA, lcg48::kDefaultC);
        out[k] = C::lcg48(x);
      }
      window[0] = x;
      return;
    }
    case Family::glibc: {
      if (p.glibc_type == 0) {
        uint32_t x = static_cast<uint32_t>(window[0]);
        for (size_t k = 0; k < n; ++k) {
          x = gr::lcg_step(x);
          out[k] = C::glibc(x);
        }
        window[0] = x;
        return;
      }
      const int deg = gr::kDegree[p.glibc_type], sep = gr::kSeparation[p.glibc_type];
      uint32_t w[gr::kMaxDegree], raw[kPiece];
      std::copy(window, window + deg, w);
      for (size_t done = 0; done < n;) {
        const size_t m = std::min(kPiece, n - done);
        gr::fill(w, deg, sep, raw, m);
        for (size_t k = 0; k < m; ++k) out[done + k] = C::glibc(raw[k]);
        done += m;
      }
      std::copy(w, w + deg, window);
      return;
    }
    case Family::none:
      return;
  }
}

template <typename T>
void fill_parallel(const ClassicParams& p, uint64_t* window, T* out, size_t n, int threads) {
  const size_t tasks = std::min<size_t>(static_cast<size_t>(threads), n / kMinPerThread);
  if (tasks <= 1) return fill_sequential(p, window, out, n);
  parallel_for(static_cast<int>(tasks), [&](int t) {
    const size_t begin = n * t / tasks, end = n * (t + 1) / tasks;
    uint64_t w[gr::kMaxDegree];
    std::copy(window, window + gr::kMaxDegree, w);
    classic_jump(p, w, begin);
    fill_sequential(p, w, out + begin, end - begin);
  });
  classic_jump(p, window, n);
}

}  // namespace

void classic_window_at(const ClassicParams& p, uint64_t seed, uint64_t position, uint64_t* window) {
  std::fill(window, window + gr::kMaxDegree, 0);
  switch (p.family) {
    case Family::minstd:
      window[0] = minstd::state_from_seed(seed);
      break;
    case Family::lcg48:
      window[0] = seed & lcg48::kMask;
      break;
    case Family::glibc:
      if (p.glibc_type == 0) {
        window[0] = seed == 0 ? 1 : static_cast<uint32_t>(seed);  // srandom stores the seed; 0 acts as 1
      } else {
        uint32_t w[gr::kMaxDegree];
        gr::seeded_window(static_cast<uint32_t>(seed), p.glibc_type, position, w);
        std::copy(w, w + gr::kDegree[p.glibc_type], window);
        return;  // the position is in the seeded window already
      }
      break;
    case Family::none:
      return;
  }
  classic_jump(p, window, position);
}

void classic_jump(const ClassicParams& p, uint64_t* window, uint64_t n) {
  if (n == 0) return;
  switch (p.family) {
    case Family::minstd:
      window[0] = minstd::jump(p.multiplier, static_cast<uint32_t>(window[0]), n);
      return;
    case Family::lcg48:
      window[0] = lcg48::jump(window[0], lcg48::kDefaultA, lcg48::kDefaultC, n);
      return;
    case Family::glibc: {
      if (p.glibc_type == 0) {
        window[0] = gr::lcg_jump(static_cast<uint32_t>(window[0]), n);
        return;
      }
      const int deg = gr::kDegree[p.glibc_type];
      uint32_t w[gr::kMaxDegree];
      std::copy(window, window + deg, w);
      gr::jump_window(w, deg, gr::kSeparation[p.glibc_type], n);
      std::copy(w, w + deg, window);
      return;
    }
    case Family::none:
      return;
  }
}

void classic_fill(const ClassicParams& p, Output kind, uint64_t* window, void* out, size_t n, int threads) {
  switch (kind) {
    case Output::u32:
      return fill_parallel(p, window, static_cast<uint32_t*>(out), n, threads);
    case Output::u64:
      return fill_parallel(p, window, static_cast<unsigned long long*>(out), n, threads);
    case Output::f32:
      return fill_parallel(p, window, static_cast<float*>(out), n, threads);
    case Output::f64:
      return fill_parallel(p, window, static_cast<double*>(out), n, threads);
  }
}

}  // namespace cpu
}  // namespace gpurng
