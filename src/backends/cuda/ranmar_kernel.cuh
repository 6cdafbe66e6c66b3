// SPDX-License-Identifier: BSD-3-Clause
// The CUDA fill kernel of the RANMAR engines: one stream filled by the whole GPU.
//
// The output range is cut into chunks of S consecutive numbers, one chunk per warp. Every warp starts
// from the same extended window (x_{P-97} .. x_{P+96}, in shared memory) and jumps to its chunk with a
// precomputed polynomial q_k = z^(k*S) mod (z^97 + z^64 - 1) (ranmar_jump.hpp): 97 dot products of
// length 97, split over the lanes. Then the warp walks its chunk 32 positions per step: lane l makes
// x_{n+l} from x_{n+l-97} and x_{n+l-33}, which are at least 33 positions old and so already in the
// warp's 128-entry ring; the writes of a step go to the ring after all reads (two __syncwarp).
// Each lane carries the Weyl carry of its own position, 32 positions per step. The warp holding the last
// chunk writes the window after the range and the 97 values that follow (the next call's extended window).
#pragma once

#include <stdint.h>

#include "../../engines/ranmar.hpp"
#include "../../fill/ranmar_outputs.hpp"

namespace gpurng {
namespace cuda {

constexpr int kWarpsPerBlock = 8;
constexpr int kRing = 128;  // power of two >= 97 + 31

template <ranmar::Kind K, typename T>
__global__ void __launch_bounds__(kWarpsPerBlock * 32)
    ranmar_fill_kernel(const uint64_t* __restrict__ ext_in, const uint64_t* __restrict__ jump_table, uint64_t chunk,
                       uint64_t pos, T* __restrict__ out, uint64_t n, uint64_t* __restrict__ ext_out) {
  using namespace ranmar;
  using word = typename traits<K>::word;
  using carry_t = typename traits<K>::carry_t;
  using rule = output_rule<K, T>;
  __shared__ word s_ext[kExtendedWords];
  __shared__ word s_ring[kWarpsPerBlock][kRing];

  for (int i = threadIdx.x; i < kExtendedWords; i += blockDim.x) s_ext[i] = static_cast<word>(ext_in[i]);
  __syncthreads();

  const int lane = threadIdx.x & 31;
  const int warp = threadIdx.x >> 5;
  const uint64_t k = static_cast<uint64_t>(blockIdx.x) * kWarpsPerBlock + warp;
  const uint64_t begin = k * chunk;
  if (begin >= n) return;
  const uint64_t end = begin + chunk < n ? begin + chunk : n;
  word* ring = s_ring[warp];

  // The window at pos + begin: x_{pos+begin-97+i} = sum_j q_k[j] * x_{pos-97+i+j}.
  const uint64_t first = pos + begin;
  for (int i = lane; i < kLag; i += 32) {
    word v;
    if (k == 0) {
      v = s_ext[i];
    } else {
      const uint64_t* q = jump_table + k * kLag;
      word acc = 0;
#pragma unroll 8
      for (int j = 0; j < kLag; ++j) acc += static_cast<word>(__ldg(q + j)) * s_ext[i + j];
      v = acc & traits<K>::mask;
    }
    ring[(first - kLag + i) & (kRing - 1)] = v;
  }
  __syncwarp();

  carry_t c = static_cast<carry_t>(carry_at<K>(first + lane));
  const carry_t step32 = static_cast<carry_t>(carry_decrement_for<K>(32));
  for (uint64_t base = begin; base < end; base += 32) {
    const uint64_t p = base + lane;
    const uint64_t at = pos + p;
    const word x97 = ring[(at - kLag) & (kRing - 1)];
    const word x33 = ring[(at - kShortLag) & (kRing - 1)];
    const word v = table_next<K>(x97, x33);
    __syncwarp();
    const bool active = p < end;
    if (active) ring[at & (kRing - 1)] = v;
    __syncwarp();
    if (active) {
      const word r = raw_output<K>(v, c);
      T o = rule::bulk(r);
      if (rule::replaces_zero && r == 0) o = rule::zero(ring[(at - u2_distance_back(at)) & (kRing - 1)]);
      out[p] = o;
    }
    c = carry_advance<K>(c, step32);
  }

  if (end != n) return;
  // Last chunk: hand on the window at pos + n and the 97 table values after it.
  const uint64_t stop = pos + n;
  for (int i = lane; i < kLag; i += 32) ext_out[i] = ring[(stop - kLag + i) & (kRing - 1)];
  __syncwarp();
  for (int base = 0; base < kLag; base += 32) {
    const uint64_t at = stop + base + lane;
    const word v = table_next<K>(ring[(at - kLag) & (kRing - 1)], ring[(at - kShortLag) & (kRing - 1)]);
    __syncwarp();
    if (base + lane < kLag) {
      ring[at & (kRing - 1)] = v;
      ext_out[kLag + base + lane] = v;
    }
    __syncwarp();
  }
}

}  // namespace cuda
}  // namespace gpurng
