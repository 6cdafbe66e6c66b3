// SPDX-License-Identifier: BSD-3-Clause
// CUDA fills of cuRAND's host-API layouts (XORWOW, MRG32k3a, Philox4_32_10) and of its Sobol' generators:
// the values curand_layout::detail::fill_call and sobol::fill* write on the host, into device memory.
//
// ---- Pseudo-random layouts ----
// A call's units are numbered u = 0 .. units-1 from its first unit. Slot i (i < slots = min(units, T)) is
// relative thread first + i (mod T) of the host fill; its m-th unit in the call is u = i + m T, whose
// outputs are the elements G u + j - lead (lead: the outputs of unit 0 that lie before the call). Slot i
// starts S + x_i words past its thread's base state, S = q_base + W k0 (common to all slots) and
// x_i = [t < r_base] + W [relative thread wrapped past T] (at most 5 words), and each unit takes W words.
//
// cuRAND runs T = 4096 (XORWOW), 81920 or 4096 (MRG32k3a) or 65536 (Philox) logical threads; one GPU
// thread per logical thread leaves most of an H200 idle and each thread with a long serial chain. Here
// the units of each slot are cut into C chunks of R = 2^k units and GPU thread (i, c) runs chunk c of
// slot i, starting S + x_i + W R c words in:
//   XORWOW    a set-up kernel moves each slot's base state by S (one warp per slot; each lane XORs five
//             columns of every power M^(2^e) that S needs, then a butterfly); the fill kernel steps x_i
//             words and then applies M^(W R c) as popcount(c) products with the powers M^(2^(log2(W R)+b)),
//             which its block (one c for all its threads) stages in shared memory: every thread reads the
//             same column at the same time (broadcast), and XORs it under a mask of its state bit.
//   MRG32k3a  the fill kernel applies A^(S + W R c) for both components (popcount matrix-vector products
//             mod m with the powers A^(2^e), kept in constant memory: block-uniform, broadcast reads), then
//             steps x_i words.
//   Philox    counter arithmetic: counter of slot i = its base counter + S + x_i + W R c. The double
//             outputs (two counters, 32 bytes a unit) run each unit on two GPU threads, one counter each,
//             so that every lane stores 16 contiguous bytes.
// Fills from device-resident positions (layout_live_*) have S = 0 and no extra words: every slot starts at its
// thread's state; the thread that makes a slot's last unit writes the state after it back (live_out). Their
// set-up is the XORWOW / MRG32k3a set-up kernel with Live: it also steps the extra words and stores by thread.
// The powers are computed once per process on the host (seed-independent) and uploaded once. A block
// covers consecutive slots of one chunk, so a warp's stores of one unit are G*32 consecutive outputs
// (vector stores where G and the buffer's alignment allow). Per-call host work is a few integer
// operations: no matrix is multiplied on the host per call. Chunk counts and lengths per engine are in
// curand_layout_launch.hpp (measured on an H200, bench/curand_api_bench.cu).
//
// ---- Sobol' ----
// GPU thread p of dimension d (P = 2^s threads per dimension) makes points i = start + p, start + p + P,
// ...: x_{i+P} = x_i ^ v_{s-1} ^ v_{s + ctz((i+P) >> s)} (the Gray codes of i and i + 2^s differ in bit
// s-1 and in one bit above; v_{B-1} where the index wraps at 2^B), two XORs per point from the
// dimension's direction numbers in shared memory; lanes make consecutive points, so stores coalesce.
#include <cuda_runtime.h>
#include <string.h>

#include <mutex>
#include <type_traits>

#include "cuda_runtime.hpp"
#include "curand_layout_launch.hpp"
#include "gpurng/distributions/curand_device_formulas.hpp"
#include "gpurng/distributions/curand_outputs.hpp"
#include "gpurng/engines/mrg32k3a.hpp"
#include "gpurng/engines/philox.hpp"
#include "gpurng/engines/sobol.hpp"
#include "gpurng/engines/xorwow.hpp"
#include "per_device.hpp"

namespace gpurng {
namespace cuda {
namespace layout_launch {

namespace {

unsigned g_threads_per_sm = 0;  // 0: each engine's default (set_threads_per_sm)

using PhiloxThread = curand_layout::detail::philox_thread;
namespace cf = curand_formulas;

// ---------------------------------------------------------------------------------------------------
// Units: W words -> G outputs (the table in curand_layout.hpp).

// The normal formulas of a fill: the library's portable ones (D false: the same bits as the CPU backend) or
// cuRAND's GPU ones (D true, GPURNG_NORMAL_METHOD_CURAND_DEVICE: curand_device_formulas.hpp, fused as NVIDIA's
// build of cuRAND fuses them).
template <bool D>
struct Normals {
  template <typename T>
  __device__ __forceinline__ static T finish(T z, T mean, T stddev, bool log) {
    if constexpr (D)
      return log ? cf::log_normal<cf::Fused>(z, mean, stddev) : cf::scale<cf::Fused>(z, mean, stddev);
    else
      return log ? curand_out::lognormal(z, mean, stddev) : curand_out::scale(z, mean, stddev);
  }
  __device__ __forceinline__ static curand_out::f32x2 pair(uint32_t x, uint32_t y) {
    if constexpr (D)
      return cf::box_muller<cf::Fused>(x, y);
    else
      return curand_out::box_muller_f32(x, y);
  }
  __device__ __forceinline__ static curand_out::f64x2 pair(uint32_t x0, uint32_t x1, uint32_t y0, uint32_t y1) {
    if constexpr (D)
      return cf::box_muller<cf::Fused>(x0, x1, y0, y1);
    else
      return curand_out::box_muller_f64(x0, x1, y0, y1);
  }
  __device__ __forceinline__ static curand_out::f32x2 pair_mrg(float u, float u2) {
    if constexpr (D)
      return cf::box_muller_mrg(u, u2);
    else
      return curand_out::box_muller_mrg_f32(u, u2);
  }
  __device__ __forceinline__ static curand_out::f64x2 pair_mrg(double u, double u2) {
    if constexpr (D)
      return cf::box_muller_mrg(u, u2);
    else
      return curand_out::box_muller_mrg_f64(u, u2);
  }
};

// MRG32k3a's conversions (mrg32k3a.hpp) with FP64 adds and multiplies instead of integer<->double
// conversion instructions (a quarter of their rate): z as a double is 2^52 + z - 2^52 (exact), and a
// double y in [0, 2^32) truncates to the low word of 2^52 + y added toward zero. Same values.
__device__ __forceinline__ double mrg_double(uint32_t z) {
  return __dsub_rn(__hiloint2double(0x43300000, static_cast<int>(z)), 4503599627370496.0);
}
__device__ __forceinline__ uint32_t mrg_bits(uint32_t z) {
  const double y = __dmul_rn(mrg_double(z), mrg32k3a::kBitsNorm);  // below 2^32 for z <= m1
  return static_cast<uint32_t>(__double2loint(__dadd_rz(y, 4503599627370496.0)));
}
__device__ __forceinline__ double mrg_uniform_double(uint32_t z) { return __dmul_rn(mrg_double(z), mrg32k3a::kNorm); }
__device__ __forceinline__ float mrg_uniform_float(uint32_t z) { return __double2float_rn(mrg_uniform_double(z)); }

template <Eng E, Out O, bool D>
struct Unit {
  using N = Normals<D>;
  static constexpr int W = curand_layout::words_per_unit(E, O);
  static constexpr int G = curand_layout::outputs_per_unit(E, O);
  static constexpr bool kDouble = curand_layout::is_double(O);
  using out_t =
      typename std::conditional<O == Out::u32, uint32_t, typename std::conditional<kDouble, double, float>::type>::type;
  using word = typename std::conditional<E == Eng::philox, philox::u32x4, uint32_t>::type;
  out_t mean, stddev;

  // Philox doubles: the two outputs of one of the unit's counters.
  __device__ __forceinline__ void half(const philox::u32x4& w, out_t* v) const {
    if constexpr (O == Out::uniform_f64) {
      v[0] = curand_out::uniform_f64_hq(w.w[0], w.w[1]);
      v[1] = curand_out::uniform_f64_hq(w.w[2], w.w[3]);
    } else {
      const curand_out::f64x2 z = N::pair(w.w[0], w.w[1], w.w[2], w.w[3]);
      v[0] = N::finish(z.s, mean, stddev, curand_layout::is_log(O));
      v[1] = N::finish(z.c, mean, stddev, curand_layout::is_log(O));
    }
  }

  __device__ __forceinline__ void operator()(const word* w, out_t* v) const {
    if constexpr (E == Eng::philox) {
      if constexpr (O == Out::u32) {
        for (int i = 0; i < 4; ++i) v[i] = w[0].w[i];
      } else if constexpr (O == Out::uniform_f32) {
        for (int i = 0; i < 4; ++i) v[i] = curand_out::uniform_f32(w[0].w[i]);
      } else if constexpr (O == Out::uniform_f64) {
        for (int k = 0; k < 2; ++k) {
          v[2 * k] = curand_out::uniform_f64_hq(w[k].w[0], w[k].w[1]);
          v[2 * k + 1] = curand_out::uniform_f64_hq(w[k].w[2], w[k].w[3]);
        }
      } else if constexpr (!kDouble) {  // one counter, two pairs
        for (int k = 0; k < 2; ++k) {
          const curand_out::f32x2 z = N::pair(w[0].w[2 * k], w[0].w[2 * k + 1]);
          v[2 * k] = N::finish(z.s, mean, stddev, curand_layout::is_log(O));
          v[2 * k + 1] = N::finish(z.c, mean, stddev, curand_layout::is_log(O));
        }
      } else {  // two counters, one pair each
        for (int k = 0; k < 2; ++k) {
          const curand_out::f64x2 z = N::pair(w[k].w[0], w[k].w[1], w[k].w[2], w[k].w[3]);
          v[2 * k] = N::finish(z.s, mean, stddev, curand_layout::is_log(O));
          v[2 * k + 1] = N::finish(z.c, mean, stddev, curand_layout::is_log(O));
        }
      }
    } else if constexpr (E == Eng::xorwow) {
      if constexpr (O == Out::u32) {
        v[0] = w[0];
      } else if constexpr (O == Out::uniform_f32) {
        v[0] = curand_out::uniform_f32(w[0]);
      } else if constexpr (O == Out::uniform_f64) {
        v[0] = curand_out::uniform_f64_hq(w[0], w[1]);
      } else if constexpr (!kDouble) {
        const curand_out::f32x2 z = N::pair(w[0], w[1]);
        v[0] = N::finish(z.s, mean, stddev, curand_layout::is_log(O));
        v[1] = N::finish(z.c, mean, stddev, curand_layout::is_log(O));
      } else {
        const curand_out::f64x2 z = N::pair(w[0], w[1], w[2], w[3]);
        v[0] = N::finish(z.s, mean, stddev, curand_layout::is_log(O));
        v[1] = N::finish(z.c, mean, stddev, curand_layout::is_log(O));
      }
    } else {  // MRG32k3a: z in [1, m1]
      if constexpr (O == Out::u32) {
        v[0] = mrg_bits(w[0]);
      } else if constexpr (O == Out::uniform_f32) {
        v[0] = mrg_uniform_float(w[0]);
      } else if constexpr (O == Out::uniform_f64) {
        v[0] = mrg_uniform_double(w[0]);
      } else if constexpr (!kDouble) {
        const curand_out::f32x2 z = N::pair_mrg(mrg_uniform_float(w[0]), mrg_uniform_float(w[1]));
        v[0] = N::finish(z.s, mean, stddev, curand_layout::is_log(O));
        v[1] = N::finish(z.c, mean, stddev, curand_layout::is_log(O));
      } else {
        const curand_out::f64x2 z = N::pair_mrg(mrg_uniform_double(w[0]), mrg_uniform_double(w[1]));
        v[0] = N::finish(z.s, mean, stddev, curand_layout::is_log(O));
        v[1] = N::finish(z.c, mean, stddev, curand_layout::is_log(O));
      }
    }
  }
};

// Store the G values of a unit whose first element is out[b] (b may be negative for the call's first unit,
// and b + G may pass n for its last). Vec: out + b is aligned for one G-wide vector store (host-checked).
template <int G, bool Vec, typename T>
__device__ __forceinline__ void store_full(T* p, const T* v) {
  constexpr int kBytes = G * static_cast<int>(sizeof(T));
  if constexpr (Vec && kBytes == 8) {
    uint2 u;
    memcpy(&u, v, 8);
    *reinterpret_cast<uint2*>(p) = u;
  } else if constexpr (Vec && (kBytes == 16 || kBytes == 32)) {
#pragma unroll
    for (int k = 0; k < kBytes / 16; ++k) {
      uint4 u;
      memcpy(&u, reinterpret_cast<const char*>(v) + 16 * k, 16);
      reinterpret_cast<uint4*>(p)[k] = u;
    }
  } else {
#pragma unroll
    for (int j = 0; j < G; ++j) p[j] = v[j];
  }
}
template <int G, bool Vec, typename T>
__device__ __forceinline__ void store_unit(T* out, int64_t b, uint64_t n, const T* v) {
  if (b >= 0 && static_cast<uint64_t>(b) + G <= n) {
    store_full<G, Vec>(out + b, v);
  } else {
#pragma unroll
    for (int j = 0; j < G; ++j) {
      const int64_t e = b + j;
      if (e >= 0 && static_cast<uint64_t>(e) < n) out[e] = v[j];
    }
  }
}

// Host-checked alignment for store_unit's vector path.
template <int G, typename T>
bool vector_aligned(const void* out, uint32_t lead) {
  if (G == 1) return false;
  const size_t width = G * sizeof(T) < 16 ? G * sizeof(T) : 16;
  return (reinterpret_cast<uintptr_t>(out) - lead * sizeof(T)) % width == 0;
}

// ---------------------------------------------------------------------------------------------------
// The geometry of one call, as the kernels see it.

struct SlotInfo {
  uint32_t t;      // the logical thread
  uint32_t extra;  // words beyond S before its first unit
};

template <int W>
__device__ __forceinline__ SlotInfo slot_info(const Plan& p, uint32_t i) {
  uint32_t rel = p.first + i;
  const bool later = rel >= p.T;
  if (later) rel -= p.T;
  uint32_t t = p.t_origin + rel;
  if (t >= p.T) t -= p.T;
  return {t, (t < p.r_base ? 1u : 0u) + (later ? static_cast<uint32_t>(W) : 0u)};
}

// ---------------------------------------------------------------------------------------------------
// The common loop: GPU thread (slot i, chunk c) makes units m = c R .. of slot i with generator g, which
// start() has placed at unit c R.

// Gen::next() gives a word; Make(w, v) turns W words into G outputs; the first output of unit m goes to
// out[b0 + m_rel * stride]. Threads whose units all lie inside the call (all but at most two) take a loop
// without bounds checks.
template <int W, int G, bool Vec, class Gen, class Make, typename T>
__device__ __forceinline__ void run_units(uint64_t n, int64_t b, int64_t stride, uint32_t count, Gen& g,
                                          const Make& make, T* out) {
  using word = decltype(g.next());
  if (b >= 0 && b + static_cast<int64_t>(count - 1) * stride + G <= static_cast<int64_t>(n)) {
    T* o = out + b;
    for (uint32_t k = 0; k < count; ++k, o += stride) {
      word w[W];
#pragma unroll
      for (int j = 0; j < W; ++j) w[j] = g.next();
      T v[G];
      make(w, v);
      store_full<G, Vec>(o, v);
    }
  } else {
    for (uint32_t k = 0; k < count; ++k, b += stride) {
      word w[W];
#pragma unroll
      for (int j = 0; j < W; ++j) w[j] = g.next();
      T v[G];
      make(w, v);
      store_unit<G, Vec>(out, b, n, v);
    }
  }
}
// The units m .. m_end-1 of slot i, whole.
template <class Gen, class U, bool Vec>
__device__ __forceinline__ void run_slot(const Plan& p, uint32_t i, uint64_t m, uint64_t m_end, Gen& g, const U& unit,
                                         typename U::out_t* out) {
  constexpr int G = U::G;
  const int64_t b = static_cast<int64_t>(G) * static_cast<int64_t>(i + m * p.T) - p.lead;
  run_units<U::W, G, Vec>(p.n, b, static_cast<int64_t>(G) * p.T, static_cast<uint32_t>(m_end - m), g, unit, out);
}

// The units of slot i in the call.
__device__ __forceinline__ uint64_t slot_units(const Plan& p, uint32_t i) { return (p.units - i + p.T - 1) / p.T; }

// The units of slot i in chunk c: [c R, min((c+1) R, units of slot i)); false if none.
__device__ __forceinline__ bool chunk_range(const Plan& p, uint32_t i, uint32_t c, uint64_t& m, uint64_t& m_end) {
  if (i >= p.slots) return false;
  const uint64_t units_of_slot = slot_units(p, i);
  m = static_cast<uint64_t>(c) << p.log2_rounds;
  if (m >= units_of_slot) return false;
  m_end = m + (uint64_t{1} << p.log2_rounds);
  if (m_end > units_of_slot) m_end = units_of_slot;
  return true;
}

// ---------------------------------------------------------------------------------------------------
// XORWOW

constexpr int kMatrixWords = xorwow::kBits * xorwow::kWords;  // 800

struct XorwowGen {
  xorwow::state s;
  __device__ __forceinline__ uint32_t next() { return xorwow::next(s); }
};

// Warp-cooperative v <- m v: lane l XORs the columns 32 w + l (w < 5) under its state bits; a butterfly
// leaves the sum in every lane.
__device__ __forceinline__ void warp_mat_vec(const uint32_t* __restrict__ m, uint32_t v[5], int lane) {
  uint32_t r[5] = {0, 0, 0, 0, 0};
#pragma unroll
  for (int w = 0; w < 5; ++w) {
    const uint32_t mask = 0u - ((v[w] >> lane) & 1u);
    const uint32_t* col = m + (32 * w + lane) * 5;
#pragma unroll
    for (int k = 0; k < 5; ++k) r[k] ^= __ldg(col + k) & mask;
  }
#pragma unroll
  for (int k = 0; k < 5; ++k) {
#pragma unroll
    for (int off = 16; off > 0; off >>= 1) r[k] ^= __shfl_xor_sync(0xFFFFFFFFu, r[k], off);
    v[k] = r[k];
  }
}

// One warp per slot i: out[i] = slot i's base state moved by S words (the fill's scratch); or, Live, out[t] =
// thread t's state at its first unit (S and the slot's extra words; layout_live_init, units of W words).
template <int W, bool Live>
__global__ void __launch_bounds__(kBlock)
    xorwow_setup_kernel(Plan p, const xorwow::state* __restrict__ base, xorwow::state* __restrict__ out,
                        const uint32_t* __restrict__ powers) {
  const uint32_t i = (blockIdx.x * blockDim.x + threadIdx.x) >> 5;
  const int lane = threadIdx.x & 31;
  if (i >= p.slots) return;
  const SlotInfo si = slot_info<W>(p, i);
  xorwow::state s = base[si.t];
  for (uint64_t bits = p.common; bits; bits &= bits - 1) {
    const int e = __ffsll(static_cast<long long>(bits)) - 1;
    warp_mat_vec(powers + static_cast<size_t>(e) * kMatrixWords, s.v, lane);
  }
  s.d += xorwow::kWeyl * static_cast<uint32_t>(p.common);
  if constexpr (Live) {
    for (uint32_t k = 0; k < si.extra; ++k) xorwow::shift_step(s.v);
    s.d += xorwow::kWeyl * si.extra;
  }
  if (lane == 0) out[Live ? si.t : i] = s;
}

// live_out (device-resident positions, or null): the thread that makes a slot's last unit stores the slot's
// state after the call at live_out[t]. It may be src itself (one chunk: each state read and written by one
// thread), so src is not __restrict__.
template <class U, bool Vec>
__global__ void __launch_bounds__(kBlock)
    xorwow_fill_kernel(Plan p, const xorwow::state* src, bool src_is_base, const uint32_t* __restrict__ powers, U unit,
                       typename U::out_t* __restrict__ out, xorwow::state* live_out) {
  __shared__ uint4 lo[kXorwowMaxChunkBits][xorwow::kBits];
  __shared__ uint32_t hi[kXorwowMaxChunkBits][xorwow::kBits];
  const uint32_t c = blockIdx.x / p.slot_blocks;
  const uint32_t i = (blockIdx.x % p.slot_blocks) * kBlock + threadIdx.x;
  // Stage M^(2^(log2(W R) + b)) for the set bits b of c.
  constexpr int kLogW = U::W == 4 ? 2 : U::W == 2 ? 1 : 0;
  int staged = 0;
  for (uint32_t bits = c; bits; bits &= bits - 1, ++staged) {
    const int e = kLogW + static_cast<int>(p.log2_rounds) + __ffs(static_cast<int>(bits)) - 1;
    const uint32_t* m = powers + static_cast<size_t>(e) * kMatrixWords;
    for (int j = threadIdx.x; j < xorwow::kBits; j += kBlock) {
      lo[staged][j] = make_uint4(m[5 * j], m[5 * j + 1], m[5 * j + 2], m[5 * j + 3]);
      hi[staged][j] = m[5 * j + 4];
    }
  }
  __syncthreads();
  uint64_t m, m_end;
  if (!chunk_range(p, i, c, m, m_end)) return;
  const SlotInfo si = slot_info<U::W>(p, i);
  XorwowGen g;
  g.s = src[src_is_base ? si.t : i];
  for (uint32_t k = 0; k < si.extra; ++k) xorwow::shift_step(g.s.v);
  g.s.d += xorwow::kWeyl * (si.extra + static_cast<uint32_t>(U::W * m));
  for (int q = 0; q < staged; ++q) {
    uint32_t r0 = 0, r1 = 0, r2 = 0, r3 = 0, r4 = 0;
#pragma unroll
    for (int w = 0; w < 5; ++w) {
      const uint32_t x = g.s.v[w];
#pragma unroll
      for (int b = 0; b < 32; ++b) {
        const uint32_t mask = static_cast<uint32_t>(static_cast<int32_t>(x << (31 - b)) >> 31);
        const uint4 l = lo[q][32 * w + b];
        r0 ^= l.x & mask;
        r1 ^= l.y & mask;
        r2 ^= l.z & mask;
        r3 ^= l.w & mask;
        r4 ^= hi[q][32 * w + b] & mask;
      }
    }
    g.s.v[0] = r0;
    g.s.v[1] = r1;
    g.s.v[2] = r2;
    g.s.v[3] = r3;
    g.s.v[4] = r4;
  }
  run_slot<XorwowGen, U, Vec>(p, i, m, m_end, g, unit, out);
  if (live_out && m_end == slot_units(p, i)) live_out[si.t] = g.s;
}

// ---------------------------------------------------------------------------------------------------
// MRG32k3a

constexpr int kMrgPowers = 64;  // A^(2^e) for e < 64 reaches any 64-bit step count
__constant__ mrg32k3a::mat3 c_mrg_pow1[kMrgPowers];
__constant__ mrg32k3a::mat3 c_mrg_pow2[kMrgPowers];

// mrg32k3a::next with reductions fitted to the ranges: a12 s + a13n (m1 - s0) and a21 s + a23n (m2 - s0) are
// below 2^54; with m = 2^32 - c, hi 2^32 + lo = hi c + lo (mod m). For m1 (c = 209) one fold leaves x below
// 2^32 + 2^30 < 2 m1; for m2 (c = 22853) two folds leave x below 2^32 + 2^20. Then x mod m is x - m = x + c
// - 2^32 exactly when x + c reaches 2^32, i.e. (x + c) >> 32 is 1: x mod m = low32(x) + c ((x + c) >> 32),
// an add with carry and one multiply-add instead of 64-bit compares and a select. Exact, so the same values.
__device__ __forceinline__ uint32_t mrg_reduce(uint64_t x, uint32_t c) {
  return static_cast<uint32_t>(x) + c * static_cast<uint32_t>((x + c) >> 32);
}
__device__ __forceinline__ uint64_t mrg_fold(uint64_t x, uint32_t c) {
  return static_cast<uint64_t>(static_cast<uint32_t>(x >> 32)) * c + static_cast<uint32_t>(x);
}
struct MrgGen {
  uint32_t a0, a1, a2, b0, b1, b2;
  __device__ __forceinline__ explicit MrgGen(const mrg32k3a::state& s)
      : a0(s.s1[0]), a1(s.s1[1]), a2(s.s1[2]), b0(s.s2[0]), b1(s.s2[1]), b2(s.s2[2]) {}
  __device__ __forceinline__ mrg32k3a::state state() const { return {{a0, a1, a2}, {b0, b1, b2}}; }
  __device__ __forceinline__ uint32_t next() {
    constexpr uint32_t c1 = 0u - mrg32k3a::kM1, c2 = 0u - mrg32k3a::kM2;
    const uint64_t p =
        static_cast<uint64_t>(mrg32k3a::kA12) * a1 + static_cast<uint64_t>(mrg32k3a::kA13n) * (mrg32k3a::kM1 - a0);
    const uint32_t p1 = mrg_reduce(mrg_fold(p, c1), c1);
    const uint64_t q =
        static_cast<uint64_t>(mrg32k3a::kA21) * b2 + static_cast<uint64_t>(mrg32k3a::kA23n) * (mrg32k3a::kM2 - b0);
    const uint32_t p2 = mrg_reduce(mrg_fold(mrg_fold(q, c2), c2), c2);
    a0 = a1;
    a1 = a2;
    a2 = p1;
    b0 = b1;
    b1 = b2;
    b2 = p2;
    return p1 > p2 ? p1 - p2 : p1 - p2 + mrg32k3a::kM1;
  }
};

// Uploaded once per device (constant memory is per device).
gpurngStatus_t mrg_powers() {
  static gpurng::cuda::PerDevice<cudaError_t> per_device;
  const cudaError_t* err = per_device.get([](cudaError_t& error) {
    mrg32k3a::mat3 p1[kMrgPowers], p2[kMrgPowers];
    p1[0] = mrg32k3a::step_matrix1();
    p2[0] = mrg32k3a::step_matrix2();
    for (int e = 1; e < kMrgPowers; ++e) {
      p1[e] = mrg32k3a::mat_mul(p1[e - 1], p1[e - 1], mrg32k3a::kM1);
      p2[e] = mrg32k3a::mat_mul(p2[e - 1], p2[e - 1], mrg32k3a::kM2);
    }
    error = gpurng::cuda::landed(cudaMemcpyToSymbol(c_mrg_pow1, p1, sizeof(p1)));
    if (error == cudaSuccess) error = gpurng::cuda::landed(cudaMemcpyToSymbol(c_mrg_pow2, p2, sizeof(p2)));
  });
  return err ? status_of(*err) : GPURNG_STATUS_INITIALIZATION_FAILED;
}

// Jump a state by `steps` words with the powers (block-uniform: every thread reads the same matrices).
__device__ __forceinline__ void mrg_jump(mrg32k3a::state& s, uint64_t steps) {
  for (uint64_t bits = steps; bits; bits &= bits - 1) {
    const int e = __ffsll(static_cast<long long>(bits)) - 1;
    mrg32k3a::mat_vec(c_mrg_pow1[e], s.s1, mrg32k3a::kM1);
    mrg32k3a::mat_vec(c_mrg_pow2[e], s.s2, mrg32k3a::kM2);
  }
}

// out[i] = slot i's base state moved by the call's common S words: once per slot, instead of once per
// (slot, chunk) thread of the fill, which then jumps only by its chunk's W m. Live: out[t] = thread t's state
// at its first unit (S and the slot's extra words; layout_live_init, units of W words).
template <int W, bool Live>
__global__ void __launch_bounds__(kBlock)
    mrg_setup_kernel(Plan p, const mrg32k3a::state* __restrict__ base, mrg32k3a::state* __restrict__ out) {
  const uint32_t i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= p.slots) return;
  const SlotInfo si = slot_info<W>(p, i);
  mrg32k3a::state s = base[si.t];
  mrg_jump(s, p.common);
  if constexpr (Live) {
    MrgGen g(s);
    for (uint32_t k = 0; k < si.extra; ++k) g.next();
    s = g.state();
  }
  out[Live ? si.t : i] = s;
}

// Slot i's generator at its unit m: its state after S words (src: scratch from mrg_setup_kernel, indexed by
// slot; or the base states, jumped here by S), then W m words by the powers, then the slot's few extra
// words by stepping.
template <int W>
__device__ __forceinline__ MrgGen mrg_start(const Plan& p, const SlotInfo& si, uint32_t i, uint64_t m,
                                            const mrg32k3a::state* src, bool src_is_base) {
  mrg32k3a::state s = src[src_is_base ? si.t : i];
  mrg_jump(s, (src_is_base ? p.common : 0) + static_cast<uint64_t>(W) * m);
  MrgGen g(s);
  for (uint32_t k = 0; k < si.extra; ++k) g.next();
  return g;
}

// live_out: as xorwow_fill_kernel's (src may be live_out itself).
template <class U, bool Vec>
__global__ void __launch_bounds__(kBlock)
    mrg_fill_kernel(Plan p, const mrg32k3a::state* src, bool src_is_base, U unit, typename U::out_t* __restrict__ out,
                    mrg32k3a::state* live_out) {
  const uint32_t c = blockIdx.x / p.slot_blocks;
  const uint32_t i = (blockIdx.x % p.slot_blocks) * kBlock + threadIdx.x;
  uint64_t m, m_end;
  if (!chunk_range(p, i, c, m, m_end)) return;
  const SlotInfo si = slot_info<U::W>(p, i);
  MrgGen g = mrg_start<U::W>(p, si, i, m, src, src_is_base);
  run_slot<MrgGen, U, Vec>(p, i, m, m_end, g, unit, out);
  if (live_out && m_end == slot_units(p, i)) live_out[si.t] = g.state();
}

// ---------------------------------------------------------------------------------------------------
// Philox4_32_10

// The round keys are the launch's (Plan::philox_k0/k1, common to all states): each round's xor reads its
// key straight from the kernel's parameters instead of ten per-thread registers recomputed per block.
__device__ __forceinline__ philox::u32x4 philox_rounds(philox::u32x4 x, const Plan& p) {
#pragma unroll
  for (int r = 0; r < 10; ++r) x = philox::round(x, philox::key2{p.philox_k0[r], p.philox_k1[r]});
  return x;
}

struct PhiloxGen {
  const Plan& p;
  uint64_t counter;
  uint32_t sub_lo, sub_hi;
  __device__ __forceinline__ philox::u32x4 next() {
    philox::u32x4 x{{static_cast<uint32_t>(counter), static_cast<uint32_t>(counter >> 32), sub_lo, sub_hi}};
    ++counter;
    return philox_rounds(x, p);
  }
};

// Every second counter (the other half of each unit is another thread's).
struct PhiloxStride2Gen {
  const Plan& p;
  uint64_t counter;
  uint32_t sub_lo, sub_hi;
  __device__ __forceinline__ philox::u32x4 next() {
    philox::u32x4 x{{static_cast<uint32_t>(counter), static_cast<uint32_t>(counter >> 32), sub_lo, sub_hi}};
    counter += 2;
    return philox_rounds(x, p);
  }
};

template <class U, bool Vec>
__global__ void __launch_bounds__(kBlock)
    philox_fill_kernel(Plan p, const PhiloxThread* __restrict__ base, U unit, typename U::out_t* __restrict__ out) {
  const uint32_t c = blockIdx.x / p.slot_blocks;
  const uint32_t i = (blockIdx.x % p.slot_blocks) * kBlock + threadIdx.x;
  uint64_t m, m_end;
  if (!chunk_range(p, i, c, m, m_end)) return;
  const SlotInfo si = slot_info<U::W>(p, i);
  const PhiloxThread st = base[si.t];
  PhiloxGen g{p, st.counter + p.common + si.extra + static_cast<uint64_t>(U::W) * m,
              static_cast<uint32_t>(st.subsequence), static_cast<uint32_t>(st.subsequence >> 32)};
  run_slot<PhiloxGen, U, Vec>(p, i, m, m_end, g, unit, out);
}

// Philox double outputs (two counters per unit, 32 bytes of output): GPU threads 2i and 2i+1 both run slot
// i, each with one of the unit's two counters and its two outputs, so a warp's stores are 16 consecutive
// units, 16 bytes a lane. Here p.slot_blocks counts blocks of 2 slots x ... (2 * slots threads per chunk).
template <class U, bool Vec>
struct PhiloxHalf {  // the two outputs of one counter
  U unit;
  __device__ __forceinline__ void operator()(const philox::u32x4* w, typename U::out_t* v) const { unit.half(w[0], v); }
};
template <class U, bool Vec>
__global__ void __launch_bounds__(kBlock)
    philox_half_kernel(Plan p, const PhiloxThread* __restrict__ base, U unit, typename U::out_t* __restrict__ out) {
  const uint32_t c = blockIdx.x / p.slot_blocks;
  const uint32_t gt = (blockIdx.x % p.slot_blocks) * kBlock + threadIdx.x;
  const uint32_t i = gt >> 1, h = gt & 1u;
  uint64_t m, m_end;
  if (!chunk_range(p, i, c, m, m_end)) return;
  const SlotInfo si = slot_info<2>(p, i);
  const PhiloxThread st = base[si.t];
  PhiloxStride2Gen g{p, st.counter + p.common + si.extra + 2 * m + h, static_cast<uint32_t>(st.subsequence),
                     static_cast<uint32_t>(st.subsequence >> 32)};
  const int64_t b = 4 * static_cast<int64_t>(i + m * p.T) + 2 * h - p.lead;
  run_units<1, 2, Vec>(p.n, b, 4 * static_cast<int64_t>(p.T), static_cast<uint32_t>(m_end - m), g,
                       PhiloxHalf<U, Vec>{unit}, out);
}

// ---------------------------------------------------------------------------------------------------
// Launches

template <Eng E, Out O, bool D, bool Vec>
gpurngStatus_t launch_fill(const Plan& p, const void* states, const uint32_t* powers, void* scratch_, void* out_,
                           double mean, double stddev, void* live_out, cudaStream_t stream) {
  using U = Unit<E, O, D>;
  using T = typename U::out_t;
  const U unit{static_cast<T>(mean), static_cast<T>(stddev)};
  T* out = static_cast<T*>(out_);
  const dim3 grid(p.slot_blocks * p.chunks);
  if constexpr (E == Eng::xorwow) {
    const auto* base = static_cast<const xorwow::state*>(states);
    xorwow::state* scratch = nullptr;
    if (p.common != 0) {
      scratch = static_cast<xorwow::state*>(scratch_);
      constexpr unsigned kWarps = kBlock / 32;
      xorwow_setup_kernel<1, false><<<(p.slots + kWarps - 1) / kWarps, kBlock, 0, stream>>>(p, base, scratch, powers);
    }
    xorwow_fill_kernel<U, Vec><<<grid, kBlock, 0, stream>>>(p, scratch ? scratch : base, scratch == nullptr, powers,
                                                            unit, out, static_cast<xorwow::state*>(live_out));
  } else if constexpr (E == Eng::mrg32k3a) {
    const gpurngStatus_t st = mrg_powers();
    if (st != GPURNG_STATUS_SUCCESS) return st;
    const auto* base = static_cast<const mrg32k3a::state*>(states);
    mrg32k3a::state* scratch = nullptr;
    // With one chunk each slot has one fill thread, which may as well jump by S itself: a setup kernel
    // would only add a launch (small calls).
    if (p.common != 0 && p.chunks > 1) {
      scratch = static_cast<mrg32k3a::state*>(scratch_);
      mrg_setup_kernel<1, false><<<(p.slots + kBlock - 1) / kBlock, kBlock, 0, stream>>>(p, base, scratch);
    }
    mrg_fill_kernel<U, Vec><<<grid, kBlock, 0, stream>>>(p, scratch ? scratch : base, scratch == nullptr, unit, out,
                                                         static_cast<mrg32k3a::state*>(live_out));
  } else if constexpr (U::W == 2) {
    Plan ph = p;
    ph.slot_blocks = (2 * p.slots + kBlock - 1) / kBlock;
    philox_half_kernel<U, Vec><<<dim3(ph.slot_blocks * p.chunks), kBlock, 0, stream>>>(
        ph, static_cast<const PhiloxThread*>(states), unit, out);
  } else {
    philox_fill_kernel<U, Vec><<<grid, kBlock, 0, stream>>>(p, static_cast<const PhiloxThread*>(states), unit, out);
  }
  return status_of(cudaGetLastError());
}

template <Eng E, Out O, bool D>
gpurngStatus_t fill_typed(const Plan& p, const void* states, const uint32_t* powers, void* scratch, void* out,
                          double mean, double stddev, void* live_out, cudaStream_t stream) {
  using U = Unit<E, O, D>;
  if (vector_aligned<U::G, typename U::out_t>(out, p.lead))
    return launch_fill<E, O, D, true>(p, states, powers, scratch, out, mean, stddev, live_out, stream);
  return launch_fill<E, O, D, false>(p, states, powers, scratch, out, mean, stddev, live_out, stream);
}

// The normal outputs in either set of formulas; the others have one.
template <Eng E, Out O>
gpurngStatus_t fill_normal(bool curand_device, const Plan& p, const void* states, const uint32_t* powers, void* scratch,
                           void* out, double mean, double stddev, void* live_out, cudaStream_t s) {
  if (curand_device) return fill_typed<E, O, true>(p, states, powers, scratch, out, mean, stddev, live_out, s);
  return fill_typed<E, O, false>(p, states, powers, scratch, out, mean, stddev, live_out, s);
}

template <Eng E>
gpurngStatus_t fill_engine(Out o, bool curand_device, const Plan& p, const void* states, const uint32_t* powers,
                           void* scratch, void* out, double mean, double stddev, void* live_out, cudaStream_t s) {
  switch (o) {
    case Out::u32:
      return fill_typed<E, Out::u32, false>(p, states, powers, scratch, out, mean, stddev, live_out, s);
    case Out::uniform_f32:
      return fill_typed<E, Out::uniform_f32, false>(p, states, powers, scratch, out, mean, stddev, live_out, s);
    case Out::uniform_f64:
      return fill_typed<E, Out::uniform_f64, false>(p, states, powers, scratch, out, mean, stddev, live_out, s);
    case Out::normal_f32:
      return fill_normal<E, Out::normal_f32>(curand_device, p, states, powers, scratch, out, mean, stddev, live_out, s);
    case Out::normal_f64:
      return fill_normal<E, Out::normal_f64>(curand_device, p, states, powers, scratch, out, mean, stddev, live_out, s);
    case Out::lognormal_f32:
      return fill_normal<E, Out::lognormal_f32>(curand_device, p, states, powers, scratch, out, mean, stddev, live_out,
                                                s);
    case Out::lognormal_f64:
      return fill_normal<E, Out::lognormal_f64>(curand_device, p, states, powers, scratch, out, mean, stddev, live_out,
                                                s);
  }
  return GPURNG_STATUS_TYPE_ERROR;
}

// ---------------------------------------------------------------------------------------------------
// Sobol'

// sobol::fill*'s conversions (z * stddev + mean, two roundings; exp of that for log-normals), or with D the
// normals of cuRAND's GPU generators (curand_device_formulas.hpp).
template <typename W, SobolOut O, bool D>
struct SobolConvert {
  using out_t = typename std::conditional<
      O == SobolOut::bits, W,
      typename std::conditional<O == SobolOut::uniform_f32 || O == SobolOut::normal_f32 || O == SobolOut::lognormal_f32,
                                float, double>::type>::type;
  out_t mean, stddev;
  __device__ __forceinline__ out_t operator()(W x) const {
    if constexpr (O == SobolOut::bits) {
      return x;
    } else if constexpr (O == SobolOut::uniform_f32) {
      return sobol::uniform_float(x);
    } else if constexpr (O == SobolOut::uniform_f64) {
      return sobol::uniform_double(x);
    } else if constexpr (D) {
      out_t z;
      if constexpr (sizeof(out_t) == 4)
        z = cf::sobol_normal_float<cf::Fused>(x);
      else
        z = cf::sobol_normal_double<cf::Fused>(x);
      if constexpr (O == SobolOut::lognormal_f32 || O == SobolOut::lognormal_f64)
        return cf::log_normal<cf::Fused>(z, mean, stddev);
      else
        return cf::scale<cf::Fused>(z, mean, stddev);
    } else if constexpr (O == SobolOut::normal_f32) {
      return curand_out::scale(sobol::normal_float(x), mean, stddev);
    } else if constexpr (O == SobolOut::normal_f64) {
      return curand_out::scale(sobol::normal_double(x), mean, stddev);
    } else if constexpr (O == SobolOut::lognormal_f32) {
      return curand_out::lognormal(sobol::normal_float(x), mean, stddev);
    } else {
      return curand_out::lognormal(sobol::normal_double(x), mean, stddev);
    }
  }
};

// Four consecutive 4-byte outputs as one 16-byte store; p is 16-byte aligned.
template <typename T>
__device__ __forceinline__ void store4(T* p, T a, T b, T c, T d) {
  static_assert(sizeof(T) == 4, "four 4-byte values");
  const T v[4] = {a, b, c, d};
  uint4 u;
  memcpy(&u, v, sizeof v);
  *reinterpret_cast<uint4*>(p) = u;
}

// A block is `blockDim.x` threads of one dimension; P = 2^s threads per dimension, blocks_per_dim blocks.
// Thread p writes G consecutive points (G = 1, or 4 as one vector store) every G P points: G p + G P k + j.
// The Gray-code step from point i to i + 2^q XORs v_{q-1} and v_{q + ctz((i + 2^q) >> q)} (v_{B-1} where the
// high part wraps to 0), whatever i's low bits: t[ffs(h)] holds both for q = s + log2(G), t[0] the wrap.
// Within a group of four from i = 0 (mod 4) the steps are v_0, v_1, v_0.
template <int G, typename W, class Conv>
__global__ void __launch_bounds__(kBlock)
    sobol_kernel(const W* __restrict__ vectors, const W* __restrict__ constants, uint64_t start, uint64_t per,
                 unsigned s, unsigned blocks_per_dim, Conv conv, typename Conv::out_t* __restrict__ out) {
  static_assert(G == 1 || G == 4, "one point or four per step");
  constexpr int B = 8 * sizeof(W);
  __shared__ W v[B];
  __shared__ W t[B + 1];
  const unsigned d = blockIdx.x / blocks_per_dim;
  const uint64_t p = static_cast<uint64_t>(blockIdx.x % blocks_per_dim) * blockDim.x + threadIdx.x;
  const W* vd = vectors + static_cast<size_t>(d) * B;
  for (int k = threadIdx.x; k < B; k += blockDim.x) v[k] = vd[k];
  __syncthreads();
  const unsigned q = s + (G == 4 ? 2u : 0u);
  for (int k = threadIdx.x; k <= B; k += blockDim.x) {
    const int idx = k == 0 ? B - 1 : static_cast<int>(q) + k - 1;
    t[k] = idx < B ? static_cast<W>(v[q - 1] ^ v[idx]) : W{0};
  }
  __syncthreads();
  const uint64_t groups = per / G;
  if (p >= groups) return;
  const uint64_t P = uint64_t{1} << s;
  const uint64_t count = (groups - p + P - 1) >> s;
  typename Conv::out_t* o = out + static_cast<size_t>(d) * per + G * p;
  W i = static_cast<W>(start + G * p);  // the index mod 2^B
  W x = sobol::point(v, constants[d], i);
  const W v0 = v[0], v1 = v[1];
  for (uint64_t k = 0; k < count; ++k, o += G * P) {
    if constexpr (G == 1)
      *o = conv(x);
    else
      store4(o, conv(x), conv(x ^ v0), conv(x ^ v0 ^ v1), conv(x ^ v1));
    i += static_cast<W>(G * P);
    const W h = i >> q;
    if constexpr (sizeof(W) == 4)
      x ^= t[__ffs(static_cast<int>(h))];
    else
      x ^= t[__ffsll(static_cast<long long>(h))];
  }
}

template <typename W, SobolOut O, bool D>
gpurngStatus_t sobol_launch(const void* vectors, const void* constants, unsigned dims, uint64_t start, uint64_t per,
                            void* out, double mean, double stddev, cudaStream_t stream) {
  using C = SobolConvert<W, O, D>;
  // Four 4-byte points per step (one 16-byte store) when every dimension's points start on a 16-byte
  // boundary at an index that is 0 mod 4. 8-byte outputs stay one per step: two 16-byte stores a lane, 32
  // bytes apart across the warp, measured 2.7x slower on the H200 than the one-point kernel's 8-byte stores.
  const bool by4 =
      sizeof(typename C::out_t) == 4 && start % 4 == 0 && per % 4 == 0 && reinterpret_cast<uintptr_t>(out) % 16 == 0;
  const uint64_t groups = by4 ? per / 4 : per;
  // P = 2^s threads per dimension: about target_threads() in all, at least a warp, at most the steps of
  // a dimension rounded up to a power of two.
  const uint64_t target = target_threads(4096) / dims;
  unsigned s = 5;
  while (s < 24 && (uint64_t{2} << s) <= target && (uint64_t{1} << s) < groups) ++s;
  const uint64_t P = uint64_t{1} << s;
  const unsigned bs = P < static_cast<uint64_t>(kBlock) ? static_cast<unsigned>(P) : kBlock;
  const uint64_t blocks_per_dim = P / bs;
  const C conv{static_cast<typename C::out_t>(mean), static_cast<typename C::out_t>(stddev)};
  const dim3 grid(static_cast<unsigned>(blocks_per_dim * dims));
  auto* o = static_cast<typename C::out_t*>(out);
  const auto* v = static_cast<const W*>(vectors);
  const auto* c = static_cast<const W*>(constants);
  if constexpr (sizeof(typename C::out_t) == 4) {
    if (by4) {
      sobol_kernel<4, W, C>
          <<<grid, bs, 0, stream>>>(v, c, start, per, s, static_cast<unsigned>(blocks_per_dim), conv, o);
      return status_of(cudaGetLastError());
    }
  }
  sobol_kernel<1, W, C><<<grid, bs, 0, stream>>>(v, c, start, per, s, static_cast<unsigned>(blocks_per_dim), conv, o);
  return status_of(cudaGetLastError());
}

// The normal outputs in either set of formulas; the others have one.
template <typename W, SobolOut O>
gpurngStatus_t sobol_normal(bool curand_device, const void* v, const void* c, unsigned dims, uint64_t start,
                            uint64_t per, void* out, double mean, double stddev, cudaStream_t s) {
  if (curand_device) return sobol_launch<W, O, true>(v, c, dims, start, per, out, mean, stddev, s);
  return sobol_launch<W, O, false>(v, c, dims, start, per, out, mean, stddev, s);
}

template <typename W>
gpurngStatus_t sobol_dispatch(const void* v, const void* c, unsigned dims, uint64_t start, uint64_t per, SobolOut o,
                              bool curand_device, void* out, double mean, double stddev, cudaStream_t s) {
  switch (o) {
    case SobolOut::bits:
      return sobol_launch<W, SobolOut::bits, false>(v, c, dims, start, per, out, mean, stddev, s);
    case SobolOut::uniform_f32:
      return sobol_launch<W, SobolOut::uniform_f32, false>(v, c, dims, start, per, out, mean, stddev, s);
    case SobolOut::uniform_f64:
      return sobol_launch<W, SobolOut::uniform_f64, false>(v, c, dims, start, per, out, mean, stddev, s);
    case SobolOut::normal_f32:
      return sobol_normal<W, SobolOut::normal_f32>(curand_device, v, c, dims, start, per, out, mean, stddev, s);
    case SobolOut::normal_f64:
      return sobol_normal<W, SobolOut::normal_f64>(curand_device, v, c, dims, start, per, out, mean, stddev, s);
    case SobolOut::lognormal_f32:
      return sobol_normal<W, SobolOut::lognormal_f32>(curand_device, v, c, dims, start, per, out, mean, stddev, s);
    case SobolOut::lognormal_f64:
      return sobol_normal<W, SobolOut::lognormal_f64>(curand_device, v, c, dims, start, per, out, mean, stddev, s);
  }
  return GPURNG_STATUS_TYPE_ERROR;
}

}  // namespace

uint64_t target_threads(unsigned per_sm) {
  return static_cast<uint64_t>(sm_count()) * (g_threads_per_sm ? g_threads_per_sm : per_sm);
}
void set_threads_per_sm(unsigned threads) { g_threads_per_sm = threads; }

gpurngStatus_t fill(Eng e, Out o, bool curand_device, const Plan& p, const void* states, const uint32_t* xorwow_powers,
                    void* scratch, void* out, double mean, double stddev, void* live_out, void* stream) {
  const cudaStream_t s = static_cast<cudaStream_t>(stream);
  switch (e) {
    case Eng::xorwow:
      return fill_engine<Eng::xorwow>(o, curand_device, p, states, xorwow_powers, scratch, out, mean, stddev, live_out,
                                      s);
    case Eng::mrg32k3a:
      return fill_engine<Eng::mrg32k3a>(o, curand_device, p, states, xorwow_powers, scratch, out, mean, stddev,
                                        live_out, s);
    case Eng::philox:  // counters: no positions to keep
      if (live_out) return GPURNG_STATUS_INTERNAL_ERROR;
      return fill_engine<Eng::philox>(o, curand_device, p, states, xorwow_powers, scratch, out, mean, stddev, nullptr,
                                      s);
  }
  return GPURNG_STATUS_TYPE_ERROR;
}

namespace {
template <int W>
gpurngStatus_t live_init_w(Eng e, const Plan& p, const void* base, void* live, const uint32_t* powers,
                           cudaStream_t stream) {
  if (e == Eng::xorwow) {
    constexpr unsigned kWarps = kBlock / 32;
    xorwow_setup_kernel<W, true><<<(p.slots + kWarps - 1) / kWarps, kBlock, 0, stream>>>(
        p, static_cast<const xorwow::state*>(base), static_cast<xorwow::state*>(live), powers);
  } else {
    const gpurngStatus_t st = mrg_powers();
    if (st != GPURNG_STATUS_SUCCESS) return st;
    mrg_setup_kernel<W, true><<<(p.slots + kBlock - 1) / kBlock, kBlock, 0, stream>>>(
        p, static_cast<const mrg32k3a::state*>(base), static_cast<mrg32k3a::state*>(live));
  }
  return status_of(cudaGetLastError());
}
}  // namespace

gpurngStatus_t live_init(Eng e, int W, const Plan& p, const void* base, void* live, const uint32_t* xorwow_powers,
                         void* stream) {
  if (e == Eng::philox || p.slots != p.T) return GPURNG_STATUS_INTERNAL_ERROR;
  const cudaStream_t s = static_cast<cudaStream_t>(stream);
  switch (W) {
    case 1:
      return live_init_w<1>(e, p, base, live, xorwow_powers, s);
    case 2:
      return live_init_w<2>(e, p, base, live, xorwow_powers, s);
    case 4:
      return live_init_w<4>(e, p, base, live, xorwow_powers, s);
  }
  return GPURNG_STATUS_INTERNAL_ERROR;
}

gpurngStatus_t sobol(bool is64, const void* vectors, const void* constants, unsigned dims, uint64_t start, uint64_t per,
                     SobolOut o, bool curand_device, void* out, double mean, double stddev, void* stream) {
  const cudaStream_t s = static_cast<cudaStream_t>(stream);
  if (is64)
    return sobol_dispatch<uint64_t>(vectors, constants, dims, start, per, o, curand_device, out, mean, stddev, s);
  return sobol_dispatch<uint32_t>(vectors, constants, dims, start, per, o, curand_device, out, mean, stddev, s);
}

}  // namespace layout_launch
}  // namespace cuda
}  // namespace gpurng
