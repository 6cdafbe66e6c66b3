// SPDX-License-Identifier: BSD-3-Clause
#include "ranmar_cpu.hpp"

#include <algorithm>
#include <vector>

#include "cpu_isa.hpp"
#include "gpurng/distributions/ranmar_outputs.hpp"
#include "gpurng/engines/ranmar_jump.hpp"
#include "thread_pool.hpp"

namespace gpurng {
namespace cpu {

using namespace ranmar;

// The same loop three times: for the x86-64 baseline (SSE2), AVX2 and AVX-512, chosen at run time
// (cpu_isa.hpp). Integer arithmetic and exact conversions make all copies give the same numbers.
namespace baseline {
#include "ranmar_cpu_kernel.inc"
}  // namespace baseline

#if defined(__x86_64__) && defined(__GNUC__)
#define GPURNG_HAVE_SIMD_CLONES 1
#pragma GCC push_options
#pragma GCC target("avx2")
namespace avx2 {
#include "ranmar_cpu_kernel.inc"
}  // namespace avx2
#pragma GCC pop_options
#pragma GCC push_options
#pragma GCC target("avx512f,avx512vl,avx512dq,avx512bw,prefer-vector-width=512")
namespace avx512 {
#include "ranmar_cpu_kernel.inc"
}  // namespace avx512
#pragma GCC pop_options
#endif

namespace {

template <Kind K, typename T>
void fill_piece(const typename traits<K>::word* window_in, uint64_t start, T* out, size_t n,
                typename traits<K>::word* window_out) {
#ifdef GPURNG_HAVE_SIMD_CLONES
  switch (selected_isa()) {
    case Isa::avx512:
      return avx512::fill_piece<K, T>(window_in, start, out, n, window_out);
    case Isa::avx2:
      return avx2::fill_piece<K, T>(window_in, start, out, n, window_out);
    case Isa::baseline:
      break;
  }
#endif
  baseline::fill_piece<K, T>(window_in, start, out, n, window_out);
}

// Below this many numbers per thread, starting a thread and jumping costs more than it saves.
constexpr size_t kMinPerThread = size_t(1) << 17;

}  // namespace

template <Kind K, typename T>
void ranmar_fill(typename traits<K>::word* window, uint64_t pos, T* out, size_t n, int threads) {
  using word = typename traits<K>::word;
  const size_t pieces = std::max<size_t>(1, std::min<size_t>(static_cast<size_t>(threads), n / kMinPerThread));
  if (pieces == 1) {
    fill_piece<K, T>(window, pos, out, n, window);
    return;
  }
  // Piece p starts p*span numbers in: its window is the start window jumped by that many steps.
  const size_t span = ((n + pieces - 1) / pieces + 31) / 32 * 32;
  word ext[kExtendedWords];
  extend_window<K>(window, ext);
  std::vector<word> end_window(kLag);
  parallel_for(static_cast<int>(pieces), [&](int p) {
    const size_t begin = span * static_cast<size_t>(p);
    if (begin >= n) return;
    const size_t len = std::min(span, n - begin);
    word start_window[kLag], q[kLag];
    if (begin == 0) {
      std::copy(window, window + kLag, start_window);
    } else {
      poly_z_pow<word>(begin, q);
      apply_jump<K>(ext, q, start_window);
    }
    fill_piece<K, T>(start_window, pos + begin, out + begin, len, begin + len == n ? end_window.data() : nullptr);
  });
  std::copy(end_window.begin(), end_window.end(), window);
}

#define GPURNG_INSTANTIATE(K, T) template void ranmar_fill<K, T>(typename traits<K>::word*, uint64_t, T*, size_t, int);
GPURNG_INSTANTIATE(Kind::r24, uint32_t)
GPURNG_INSTANTIATE(Kind::r24, float)
GPURNG_INSTANTIATE(Kind::r24, double)
GPURNG_INSTANTIATE(Kind::r48, unsigned long long)
GPURNG_INSTANTIATE(Kind::r48, float)
GPURNG_INSTANTIATE(Kind::r48, double)
GPURNG_INSTANTIATE(Kind::r48x, unsigned long long)
GPURNG_INSTANTIATE(Kind::r48x, float)
GPURNG_INSTANTIATE(Kind::r48x, double)
#undef GPURNG_INSTANTIATE

}  // namespace cpu
}  // namespace gpurng
