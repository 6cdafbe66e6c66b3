// SPDX-License-Identifier: BSD-3-Clause
// The CUDA fill kernel of the RANMAR engines: one stream filled by the whole GPU.
//
// The output range is cut into chunks of S consecutive numbers, one chunk per warp. Every warp starts
// from the same extended window (x_{P-97} .. x_{P+96}, in shared memory) and jumps to its chunk with a
// precomputed polynomial q_k = z^(k*S) mod (z^97 + z^64 - 1) (ranmar_jump.hpp): 97 dot products of
// length 97, split over the lanes.
//
// Then the warp walks its chunk 32 positions per step, lane l making position first + 32*step + l. The
// table needs x_{n-97} and x_{n-33}: for lane l >= 1 those are lane l-1's values from 3 and 1 steps ago,
// for lane 0 they are lane 31's values from 4 and 2 steps ago. Each lane keeps its last four values in
// registers and one shuffle per lag brings the right one over: no shared memory, no barriers. Lanes past
// the end of the range still compute correct table values (their inputs are all in range), so the warp
// with the last chunk simply steps on to collect the next call's extended window.
// Each lane carries the Weyl carry of its own position, 32 positions per step.
#pragma once

#include <stdint.h>

#include <type_traits>

#include "../../engines/ranmar.hpp"
#include "../../fill/ranmar_outputs.hpp"

namespace gpurng {
namespace cuda {

constexpr int kWarpsPerBlock = 8;

template <typename word>
__device__ __forceinline__ word shfl(word v, int src) {
  if constexpr (sizeof(word) == 4) {
    return __shfl_sync(0xffffffffu, v, src);
  } else {
    const uint32_t lo = __shfl_sync(0xffffffffu, static_cast<uint32_t>(v), src);
    const uint32_t hi = __shfl_sync(0xffffffffu, static_cast<uint32_t>(v >> 32), src);
    return (static_cast<word>(hi) << 32) | lo;
  }
}

template <ranmar::Kind K, typename T>
__global__ void __launch_bounds__(kWarpsPerBlock * 32)
    ranmar_fill_kernel(const uint64_t* __restrict__ ext_in, const uint64_t* __restrict__ jump_table, uint32_t chunk,
                       uint64_t pos, T* __restrict__ out, uint64_t n, uint64_t* __restrict__ ext_out) {
  using namespace ranmar;
  using word = typename traits<K>::word;
  using rule = output_rule<K, T>;
  __shared__ word s_ext[kExtendedWords];

  for (int i = threadIdx.x; i < kExtendedWords; i += blockDim.x) s_ext[i] = static_cast<word>(ext_in[i]);
  __syncthreads();

  const int lane = threadIdx.x & 31;
  const uint64_t k = static_cast<uint64_t>(blockIdx.x) * kWarpsPerBlock + (threadIdx.x >> 5);
  const uint64_t begin = k * chunk;
  if (begin >= n) return;
  const uint32_t len = static_cast<uint32_t>(n - begin < chunk ? n - begin : chunk);
  const bool last_chunk = begin + len == n;
  const uint64_t first = pos + begin;

  // The window before `first`: v[s] = x_{first - 32*(s+1) + lane}, s = 0..3 (v[3] matters for lane 31 only).
  // Relative to the window start first-97, those are indices 65+lane, 33+lane, 1+lane and 0.
  word v[4];
  const uint64_t* q = jump_table + k * kLag;
#pragma unroll
  for (int s = 0; s < 4; ++s) {
    const int i = s < 3 ? 65 - 32 * s + lane : 0;
    word x;
    if (k == 0) {
      x = s_ext[i];
    } else {
      word acc = 0;
#pragma unroll 8
      for (int j = 0; j < kLag; ++j) acc += static_cast<word>(__ldg(q + j)) * s_ext[i + j];
      x = acc & traits<K>::mask;
    }
    v[s] = x;
  }
  // The next call's extended window starts at position pos+n-97; window values before `first` may be in it.
  const int64_t ext_base = static_cast<int64_t>(n) - kLag - static_cast<int64_t>(begin);  // relative to first
  if (last_chunk) {
#pragma unroll
    for (int s = 0; s < 4; ++s) {
      const int64_t rel = -32 * (s + 1) + lane - ext_base;  // index into ext_out
      if (rel >= 0 && rel < kExtendedWords && (s < 3 || lane == 31)) ext_out[rel] = v[s];
    }
  }

  // RANMAR and RANMAR48 carries are below 2^24: 32-bit arithmetic on the GPU (the CPU keeps 64-bit lanes
  // for RANMAR48 because they vectorise with its 64-bit table words).
  using dcarry_t = typename std::conditional<K == Kind::r48x, uint64_t, uint32_t>::type;
  dcarry_t c = static_cast<dcarry_t>(carry_at<K>(first + lane));
  const dcarry_t step32 = static_cast<dcarry_t>(carry_decrement_for<K>(32));
  T* const dst = out + begin;
  // The last chunk's warp steps on until it has made the 97 values after the range.
  const uint32_t stop = last_chunk ? len + kLag : len;
  // Unrolled so the four-value register rotation becomes renaming instead of moves.
#pragma unroll 4
  for (uint32_t base = 0; base < stop; base += 32) {
    const uint32_t p = base + lane;
    const word x97 = shfl(lane == 31 ? v[3] : v[2], (lane + 31) & 31);
    const word x33 = shfl(lane == 31 ? v[1] : v[0], (lane + 31) & 31);
    const word x = table_next<K>(x97, x33);
    v[3] = v[2];
    v[2] = v[1];
    v[1] = v[0];
    v[0] = x;
    const word r = raw_output<K>(x, static_cast<uint64_t>(c));
    if (p < len) {
      T o = rule::bulk(r);
      dst[p] = o;
    }
    // CERNLIB V113 replaces an exact zero by table slot U(2): position at - back, 0 <= back <= 96, which
    // is one of the last four steps of some lane. Rare (2^-24), and shuffles need the whole warp.
    if (rule::replaces_zero && __any_sync(0xffffffffu, r == 0 && p < len)) {
      const uint64_t at = first + p;
      const int back = static_cast<int>(u2_distance_back(at));
      const int src = (lane - back) & 31;
      const int steps = (back - lane + 31) >> 5;  // how many steps before this one the source lane made it
      const word a0 = shfl(v[0], src), a1 = shfl(v[1], src), a2 = shfl(v[2], src), a3 = shfl(v[3], src);
      const word u2 = steps == 0 ? a0 : steps == 1 ? a1 : steps == 2 ? a2 : a3;
      if (r == 0 && p < len) dst[p] = rule::zero(u2);
    }
    if (last_chunk) {
      const int64_t rel = static_cast<int64_t>(p) - ext_base;
      if (rel >= 0 && rel < kExtendedWords) ext_out[rel] = x;
    }
    c = carry_advance<K>(c, step32);
  }
}

}  // namespace cuda
}  // namespace gpurng
