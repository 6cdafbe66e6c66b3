// SPDX-License-Identifier: BSD-3-Clause
// Wallace's normal generator in the form of GPU Gems 3, chapter 37 (Howes and Thomas, listings 37-6/37-7),
// made exactly specified so that CPU threads and CUDA blocks give the same bits.
//
// State: B = 512 independent pools of P = 1024 floats (the listing's pool per block: 256 threads, 4 values
// each). Everything below is integer arithmetic except the pool transform (float +, -, * by 0.5) and the
// correction (double +, *, sqrt, one rounding to float): all correctly rounded IEEE operations, with no
// contraction (built with -ffp-contract=off / --fmad=false; the listed orders are the only orders).
//
// Hashes. mix64 = the splitmix64 finaliser; H(a, i) = mix64(a + G * (i + 1)), G = 0x9e3779b97f4a7c15.
//   seed key  K = mix64(seed); pool key  K_b = H(K, b).
// Initial pool b: element e = (sum of the twelve 16-bit fields of H(K_b, 2^40 + 3e + r), r = 0, 1, 2)
//   - 393210, i.e. 12 uniforms (h + 1/2) / 2^16 minus 6, in units of 2^-16 (Irwin-Hall: mean 0, variance 1
//   - 1/(12 * 2^32)); exact integers, converted exactly. Then the whole pool is scaled to sum of squares P:
//   s = sqrt(P / sum(x_e^2)) with the sum in double in element order, x_e = (float)(x_e * s) in double.
// Transform j of pool b (j = 0, 1, ...): m = low 32 bits of H(K_b, 4j). For thread t = 0..255:
//   a = (m + t) mod 256; for q = 0..3: a = (241 a + 59) mod 256 (the listing's address LCG), in_q =
//   pool[4a + q]; then the listing's orthogonal 4x4 map with h = (((in_0 + in_1) + in_2) + in_3) * 0.5f:
//   out_0 = in_0 - h, out_1 = in_1 - h, out_2 = h - in_2, out_3 = h - in_3, written to new[256 q + t].
//   For each q the map t -> a is a bijection of 0..255, so every element is read exactly once: the pass is
//   a permutation followed by 256 orthogonal 4x4 blocks and keeps the pool's sum of squares (to rounding).
// Correction for transform j: the twelve 16-bit fields of H(K_b, 4j+1), H(K_b, 4j+2), H(K_b, 4j+3) summed
//   give z = (sum - 393210) * 2^-16 (Irwin-Hall normal, exact in double); Wilson-Hilferty: v = A + z * C with
//   A = 1 - 2/(9P), C = sqrt(2/(9P)) (double constants below); c = (float)(v * sqrt(v)), an approximate
//   sqrt(chi2_P / P) draw as the listing's host-made chi2Corrections table holds. Outputs of the pass are
//   new[e] * c (float multiply).
// Warm-up: transforms j = 0 .. W-1 (W = 16) are not output; they mix the Irwin-Hall start into normals
//   (each pass quarters the excess kurtosis of independent inputs: -0.1 -> ~1e-11).
// Stream: output n = pass k = n / (B P), pool b = (n / P) mod B, element e = n mod P, where pass k is the
//   output of transform j = W + k of pool b. Pools are independent, so a request is split by pool (CPU
//   threads, CUDA blocks) and any split into calls gives the same stream. Skipping ahead costs O(passes).
// Every formula above holds for any pool index b < 2^64 (the pricers' Wallace normals, src/pricing/
//   wallace_normals.hpp, use pool b >= B for path chunks beyond the first B); the stream uses b < B.
// Contraction: the few operations a fused multiply-add could change are written with mul_rn (below), so that the
//   bits also hold in a translation unit compiled with contraction on (the pricers' fast_mode).
#pragma once

#include <stddef.h>
#include <stdint.h>

#include <cmath>
#include <vector>

#include "gpurng/hd.hpp"

namespace gpurng {
namespace wallace {

constexpr unsigned kPoolSize = 1024;  // P
constexpr unsigned kThreads = 256;    // per pool: 4 values each
constexpr unsigned kPools = 512;      // B
constexpr unsigned kWarmup = 16;      // W
constexpr uint64_t kPassOutputs = uint64_t(kPoolSize) * kPools;
constexpr uint32_t kLcgA = 241, kLcgC = 59;  // the listing's address LCG, mod 256
// Wilson-Hilferty for chi2 with P = 1024 degrees of freedom, correctly rounded: A = 1 - 2/9216, C = sqrt(2/9216)
// (the same doubles as 1.0 - 2.0 / 9216.0 and std::sqrt(2.0 / 9216.0)).
constexpr double kChiA = 0x1.ffe38e38e38e4p-1;
constexpr double kChiC = 0x1.e2b7dddfefa66p-7;
constexpr int32_t kIrwinHallBias = 6 * 65536 - 6;  // sum of 12 fields - bias = 2^16 * (sum of (h+1/2)/2^16 - 6)

GPURNG_HD uint64_t mix64(uint64_t z) {
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
  return z ^ (z >> 31);
}
GPURNG_HD uint64_t hash(uint64_t a, uint64_t i) { return mix64(a + 0x9e3779b97f4a7c15ull * (i + 1)); }
GPURNG_HD uint64_t pool_key(uint64_t seed, uint64_t b) { return hash(mix64(seed), b); }

// A product rounded on its own, never fused with a neighbouring add (the CUDA intrinsics are never contracted; the
// host copies are built with -ffp-contract=off).
GPURNG_HD float mul_rn(float a, float b) {
#ifdef __CUDA_ARCH__
  return __fmul_rn(a, b);
#else
  return a * b;
#endif
}
GPURNG_HD double mul_rn(double a, double b) {
#ifdef __CUDA_ARCH__
  return __dmul_rn(a, b);
#else
  return a * b;
#endif
}

GPURNG_HD int32_t field_sum(uint64_t w) {
  return int32_t(w & 0xffff) + int32_t((w >> 16) & 0xffff) + int32_t((w >> 32) & 0xffff) + int32_t(w >> 48);
}

// Initial element e of a pool (before the sum-of-squares scaling): exact, |value| < 6.
GPURNG_HD float initial_value(uint64_t key, unsigned e) {
  const uint64_t base = (uint64_t(1) << 40) + 3 * uint64_t(e);
  const int32_t s = field_sum(hash(key, base)) + field_sum(hash(key, base + 1)) + field_sum(hash(key, base + 2));
  return float(s - kIrwinHallBias) * (1.0f / 65536.0f);
}

GPURNG_HD uint32_t pass_lcg_seed(uint64_t key, uint64_t j) { return static_cast<uint32_t>(hash(key, 4 * j)); }

GPURNG_HD float pass_correction(uint64_t key, uint64_t j) {
  const int32_t s = field_sum(hash(key, 4 * j + 1)) + field_sum(hash(key, 4 * j + 2)) + field_sum(hash(key, 4 * j + 3));
  const double z = double(s - kIrwinHallBias) * (1.0 / 65536.0);
  const double v = kChiA + mul_rn(z, kChiC);
  return static_cast<float>(v * sqrt(v));
}

// Thread t's four source addresses in a pass with LCG seed m.
GPURNG_HD void source_addresses(uint32_t m, unsigned t, unsigned addr[4]) {
  uint32_t a = (m + t) & 255u;
  for (unsigned q = 0; q < 4; ++q) {
    a = (kLcgA * a + kLcgC) & 255u;
    addr[q] = 4 * a + q;
  }
}

GPURNG_HD void orthogonal4(const float in[4], float out[4]) {
  const float h = mul_rn(((in[0] + in[1]) + in[2]) + in[3], 0.5f);
  out[0] = in[0] - h;
  out[1] = in[1] - h;
  out[2] = h - in[2];
  out[3] = h - in[3];
}

// Thread t's share of a transform with LCG seed m: out[q] is new[q * 256 + t], read from the pool before the pass.
GPURNG_HD void thread_outputs(const float* src, uint32_t m, unsigned t, float out[4]) {
  unsigned addr[4];
  source_addresses(m, t, addr);
  const float in[4] = {src[addr[0]], src[addr[1]], src[addr[2]], src[addr[3]]};
  orthogonal4(in, out);
}

// The sum-of-squares scale of an initial pool: the double sum in element order (each product of two floats is exact
// in double, so a fused multiply-add would round the same), then sqrt(P / sum).
GPURNG_HD double initial_scale(const float* pool) {
  double ss = 0;
  for (unsigned e = 0; e < kPoolSize; ++e) ss += mul_rn(double(pool[e]), double(pool[e]));
  return sqrt(double(kPoolSize) / ss);
}

// One transform of a pool (host): dst = T(src) with LCG seed m. dst and src are distinct arrays of P floats.
inline void transform_pool(const float* src, float* dst, uint32_t m) {
  for (unsigned t = 0; t < kThreads; ++t) {
    float out[4];
    thread_outputs(src, m, t, out);
    for (unsigned q = 0; q < 4; ++q) dst[q * kThreads + t] = out[q];
  }
}

// Pool b of `seed` after the warm-up (the state before output pass 0), into pool[0..P).
inline void initial_pool(uint64_t seed, uint64_t b, float* pool) {
  const uint64_t key = pool_key(seed, b);
  for (unsigned e = 0; e < kPoolSize; ++e) pool[e] = initial_value(key, e);
  const double s = initial_scale(pool);
  for (unsigned e = 0; e < kPoolSize; ++e) pool[e] = static_cast<float>(double(pool[e]) * s);
  float tmp[kPoolSize];
  for (unsigned j = 0; j < kWarmup; ++j) {
    transform_pool(pool, tmp, pass_lcg_seed(key, j));
    for (unsigned e = 0; e < kPoolSize; ++e) pool[e] = tmp[e];
  }
}

// Pool b's first `passes` output passes kept side by side, for a reader that takes them out of order (the pricers'
// CPU tasks): rows[0 .. P) the pool after the warm-up, rows[(k + 1) P .. (k + 2) P) the pool after output pass k
// (transform W + k, uncorrected), corrections[k] that pass's correction; output element e of pass k is
// mul_rn(rows[(k + 1) P + e], corrections[k]). rows holds (passes + 1) P floats.
inline void pool_passes(uint64_t seed, uint64_t b, uint64_t passes, float* rows, float* corrections) {
  const uint64_t key = pool_key(seed, b);
  initial_pool(seed, b, rows);
  for (uint64_t k = 0; k < passes; ++k) {
    transform_pool(rows + k * kPoolSize, rows + (k + 1) * kPoolSize, pass_lcg_seed(key, kWarmup + k));
    corrections[k] = pass_correction(key, kWarmup + k);
  }
}

// The state of the whole stream: all pools, and where it stands. Invariant: pools hold every pool after
// transform W + done - 1 (after the warm-up when done = 0), with done = ceil(pos / (B P)): when pos is inside a
// pass, that pass's pool contents are already there.
struct wallace_state {
  uint64_t seed = 0;
  uint64_t pos = 0;          // outputs consumed
  uint64_t done = 0;         // output passes whose transforms are applied
  std::vector<float> pools;  // B * P, pool b at b * P

  static uint64_t passes_for(uint64_t pos) { return (pos + kPassOutputs - 1) / kPassOutputs; }
};

// One pool's share of a request [start, start + n) of the stream: transforms it as far as needed (pool holds
// the state for `done` passes on entry), writes its outputs to out[position - start], and returns nothing;
// the caller sets done = passes_for(start + n) afterwards. scratch: P floats.
inline void run_pool(uint64_t key, unsigned b, float* pool, float* scratch, uint64_t done, uint64_t start, uint64_t n,
                     float* out) {
  if (n == 0) return;
  const uint64_t end = start + n;
  const uint64_t k0 = start / kPassOutputs, k1 = (end - 1) / kPassOutputs;
  for (uint64_t k = k0; k <= k1; ++k) {
    const uint64_t j = kWarmup + k;
    if (k >= done) {
      transform_pool(pool, scratch, pass_lcg_seed(key, j));
      for (unsigned e = 0; e < kPoolSize; ++e) pool[e] = scratch[e];
    }
    const uint64_t base = k * kPassOutputs + uint64_t(b) * kPoolSize;
    const uint64_t lo = base > start ? base : start;
    const uint64_t hi = base + kPoolSize < end ? base + kPoolSize : end;
    if (lo >= hi || out == nullptr) continue;
    const float c = pass_correction(key, j);
    for (uint64_t p = lo; p < hi; ++p) out[p - start] = mul_rn(pool[p - base], c);
  }
}

#if defined(__CUDACC__)
// The block forms (CUDA, a block of kThreads threads owning one pool in shared memory, as GPU Gems' listing 37-7):
// the same steps as the host functions above, so the same bits.

// One transform of the shared pool by the block: each thread reads its 4 sources, all wait, each writes its 4
// results (new[q * 256 + t]), which it also gets in out. Every thread of the block calls it; ends synchronised.
__device__ inline void block_transform(float* pool, uint32_t m, float out[4]) {
  const unsigned t = threadIdx.x;
  thread_outputs(pool, m, t, out);
  __syncthreads();
  for (unsigned q = 0; q < 4; ++q) pool[q * kThreads + t] = out[q];
  __syncthreads();
}

// The pool of `key` after the warm-up into the shared pool (initial_pool's steps; thread 0 sums the squares in
// element order, as the host does). scale: a shared double. Every thread of the block calls it; ends synchronised.
__device__ inline void block_initial_pool(uint64_t key, float* pool, double* scale) {
  const unsigned t = threadIdx.x;
  for (unsigned q = 0; q < 4; ++q) pool[q * kThreads + t] = initial_value(key, q * kThreads + t);
  __syncthreads();
  if (t == 0) *scale = initial_scale(pool);
  __syncthreads();
  for (unsigned q = 0; q < 4; ++q) {
    const unsigned e = q * kThreads + t;
    pool[e] = static_cast<float>(double(pool[e]) * *scale);
  }
  __syncthreads();
  float out[4];
  for (unsigned j = 0; j < kWarmup; ++j) block_transform(pool, pass_lcg_seed(key, j), out);
}
#endif

}  // namespace wallace
}  // namespace gpurng
