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
// registers and one shuffle per lag brings the right one over: no shared memory, no barriers.
//
// Most steps take the lean path: every lane in range, no window to save. The last partial step and, for
// the warp with the last chunk, the steps that produce the next call's extended window take the careful
// path. CERNLIB's U(2) zero replacement of the 24-bit engine is rare (2^-24 a number): a warp vote finds
// it and a rarely taken branch patches the output; the 48-bit engines replace zero by a constant, which
// the conversion handles inline.
#pragma once

#include <stdint.h>

#include <type_traits>

#include "gpurng/distributions/ranmar_outputs.hpp"
#include "gpurng/engines/ranmar.hpp"

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

// RANMAR and RANMAR48 carries are below 2^24: 32-bit arithmetic on the GPU (the CPU keeps 64-bit lanes
// for RANMAR48 because they vectorise with its 64-bit table words).
template <ranmar::Kind K>
using device_carry_t = typename std::conditional<K == ranmar::Kind::r48x, uint64_t, uint32_t>::type;

// The state a lane carries from step to step: its last four table values and its carry.
template <ranmar::Kind K>
struct LaneState {
  typename ranmar::traits<K>::word v[4];  // v[s] = the value this lane made s+1 steps ago
  device_carry_t<K> c;                    // the carry of the position this lane makes next
};

// One warp step: every lane makes its next table value and raw output, and rotates its history.
template <ranmar::Kind K>
__device__ __forceinline__ typename ranmar::traits<K>::word warp_step(LaneState<K>& st, int lane,
                                                                      device_carry_t<K> step32) {
  using word = typename ranmar::traits<K>::word;
  const word x97 = shfl(lane == 31 ? st.v[3] : st.v[2], (lane + 31) & 31);
  const word x33 = shfl(lane == 31 ? st.v[1] : st.v[0], (lane + 31) & 31);
  const word x = ranmar::table_next<K>(x97, x33);
  st.v[3] = st.v[2];
  st.v[2] = st.v[1];
  st.v[1] = st.v[0];
  st.v[0] = x;
  const word r = ranmar::raw_output<K>(x, static_cast<uint64_t>(st.c));
  st.c = ranmar::carry_advance<K>(st.c, step32);
  return r;
}

// The lean conversion: the 48-bit engines' zero replacement is a constant, folded in here; the 24-bit
// engine's needs U(2) and is patched afterwards (the caller tracks whether a zero occurred).
template <ranmar::Kind K, typename T>
__device__ __forceinline__ T lean_output(typename ranmar::traits<K>::word r) {
  using rule = ranmar::output_rule<K, T>;
  if constexpr (K != ranmar::Kind::r24 && rule::replaces_zero) {
    // Every nonzero r converts to at least 2^-48, the replacement of zero: a max does the replacement.
    if constexpr (std::is_same<T, double>::value)
      return fmax(rule::bulk(r), rule::zero(r));
    else
      return fmaxf(rule::bulk(r), rule::zero(r));
  } else {
    return rule::bulk(r);
  }
}
template <ranmar::Kind K, typename T>
constexpr bool patches_u2_zeros() {
  return K == ranmar::Kind::r24 && ranmar::output_rule<K, T>::replaces_zero;
}

// CERNLIB V113 replaces an exact zero by table slot U(2): position at - back, 0 <= back <= 96, which is
// one of the last four steps of some lane. Call right after the step that made the output `o` at stream
// position `at`, with the whole warp (shuffles), when some lane has `needs` set; returns the output to store.
template <ranmar::Kind K, typename T>
__device__ __forceinline__ T patch_u2_zero(const LaneState<K>& st, int lane, uint64_t at, bool needs, T o) {
  using word = typename ranmar::traits<K>::word;
  const int back = static_cast<int>(ranmar::u2_distance_back(at));
  const int src = (lane - back) & 31;
  const int steps = (back - lane + 31) >> 5;  // how many steps before this one the source lane made it
  const word a0 = shfl(st.v[0], src), a1 = shfl(st.v[1], src), a2 = shfl(st.v[2], src), a3 = shfl(st.v[3], src);
  const word u2 = steps == 0 ? a0 : steps == 1 ? a1 : steps == 2 ? a2 : a3;
  return needs ? ranmar::output_rule<K, T>::zero(u2) : o;
}

// One lean step's output, zero replacement included.
template <ranmar::Kind K, typename T>
__device__ __forceinline__ T lean_step(LaneState<K>& st, int lane, device_carry_t<K> step32, uint64_t at) {
  const typename ranmar::traits<K>::word r = warp_step<K>(st, lane, step32);
  T o = lean_output<K, T>(r);
  if constexpr (patches_u2_zeros<K, T>()) {
    if (__any_sync(0xffffffffu, r == 0)) o = patch_u2_zero<K, T>(st, lane, at, r == 0, o);
  }
  return o;
}

// Steps staged per 16-byte store: a lane's outputs are 32 positions apart, so the warp writes a few steps
// to shared memory and stores them back as one 16-byte word per lane. Fewer, wider stores keep the memory
// system closer to its peak than one 4-byte store per lane and step.
template <typename T>
constexpr int kStagedSteps = 16 / static_cast<int>(sizeof(T));

template <ranmar::Kind K, typename T>
__global__ void __launch_bounds__(kWarpsPerBlock * 32)
    ranmar_fill_kernel(const uint64_t* __restrict__ ext_in, const uint64_t* __restrict__ jump_table, uint32_t chunk,
                       uint64_t pos, T* __restrict__ out, uint64_t n, uint64_t* __restrict__ ext_out) {
  using namespace ranmar;
  using word = typename traits<K>::word;
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
  LaneState<K> st;
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
    st.v[s] = x;
  }
  st.c = static_cast<device_carry_t<K>>(carry_at<K>(first + lane));
  const device_carry_t<K> step32 = static_cast<device_carry_t<K>>(carry_decrement_for<K>(32));

  // The next call's extended window starts at position pos+n-97; window values before `first` may be in it.
  const int64_t ext_base = static_cast<int64_t>(n) - kLag - static_cast<int64_t>(begin);  // relative to first
  if (last_chunk) {
#pragma unroll
    for (int s = 0; s < 4; ++s) {
      const int64_t rel = -32 * (s + 1) + lane - ext_base;  // index into ext_out
      if (rel >= 0 && rel < kExtendedWords && (s < 3 || lane == 31)) ext_out[rel] = st.v[s];
    }
  }

  // Lean steps: all 32 lanes in range and, in the last chunk, before the values the next window needs.
  // When the output is 16-byte aligned (chunks start at multiples of 128 numbers, so all warps agree) most of
  // them go through the staging buffer; the rest store directly.
  const uint32_t lean_end = last_chunk ? (len >= kLag ? (len - kLag) / 32 * 32 : 0) : len / 32 * 32;
  constexpr uint32_t kStagedSpan = 32 * kStagedSteps<T>;
  const bool aligned = (reinterpret_cast<uintptr_t>(out + begin) & 15) == 0;
  const uint32_t staged_end = aligned ? lean_end / kStagedSpan * kStagedSpan : 0;
  __shared__ __align__(16) T s_stage[kWarpsPerBlock][kStagedSpan];
  T* const stage = s_stage[threadIdx.x >> 5];
#pragma unroll 2
  for (uint32_t base = 0; base < staged_end; base += kStagedSpan) {
#pragma unroll
    for (int j = 0; j < kStagedSteps<T>; ++j)
      stage[32 * j + lane] = lean_step<K, T>(st, lane, step32, first + base + 32 * j + lane);
    __syncwarp();
    const uint4 v = reinterpret_cast<const uint4*>(stage)[lane];
    __syncwarp();
    reinterpret_cast<uint4*>(out + begin + base)[lane] = v;
  }
  T* const dst = out + begin + lane;
#pragma unroll 4
  for (uint32_t base = staged_end; base < lean_end; base += 32)
    dst[base] = lean_step<K, T>(st, lane, step32, first + base + lane);

  // Careful steps: the partial last step and the steps whose values go to the next extended window.
  const uint32_t stop = last_chunk ? len + kLag : len;  // the last chunk's warp makes the 97 values after it
  for (uint32_t base = lean_end; base < stop; base += 32) {
    const uint32_t p = base + lane;
    const word r = warp_step<K>(st, lane, step32);
    const bool in_range = p < len;
    if (in_range) dst[base] = lean_output<K, T>(r);
    if constexpr (patches_u2_zeros<K, T>()) {
      const bool zero = in_range && r == 0;
      if (__any_sync(0xffffffffu, zero)) {
        const T o = patch_u2_zero<K, T>(st, lane, first + p, zero, T{});
        if (zero) dst[base] = o;
      }
    }
    if (last_chunk) {
      const int64_t rel = static_cast<int64_t>(p) - ext_base;
      if (rel >= 0 && rel < kExtendedWords) ext_out[rel] = st.v[0];
    }
  }
}

}  // namespace cuda
}  // namespace gpurng
