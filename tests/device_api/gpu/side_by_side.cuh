// SPDX-License-Identifier: BSD-3-Clause
// One script of device-API calls, run three ways on the same (seed, subsequence, offset, skips) per thread: this
// library's device API on the GPU, cuRAND's device API on the GPU (the same kernel, the same thread), and this
// library's header compiled for the host. Every value drawn is kept as its bits in a slot, with its kind: integers
// and uniforms must equal cuRAND's in both normal modes; normals and log-normals equal cuRAND's in the
// cuRAND-device mode and the host-compiled header's in the portable mode. Included by test_device_api_gpu.cu
// (portable mode) and test_device_api_curand_mode.cu (GPURNG_NORMALS_CURAND_DEVICE defined first).
#pragma once

#include <cuda_runtime.h>
#include <curand_kernel.h>
#include <gtest/gtest.h>
#include <stdint.h>
#include <string.h>

#include <random>
#include <vector>

#include "gpurng_kernel.h"

#define DAPI_CHECK_CUDA(x) ASSERT_EQ((x), cudaSuccess) << #x

namespace dapi_test {

inline bool gpu_usable() {
  int n = 0;
  return cudaGetDeviceCount(&n) == cudaSuccess && n > 0;
}

enum class Engine { xorwow, mrg32k3a, philox };

enum Kind : uint8_t { kUnused = 0, kExact = 1, kNormal = 2 };
constexpr int kSlots = 96;

struct Params {
  unsigned long long seed, subsequence, offset, skip, skip_sequence, skip_subsequence;
};

template <class T>
GPURNG_HD uint64_t bits_of(T x) {
  static_assert(sizeof(T) <= 8, "a slot holds 8 bytes");
  uint64_t b = 0;
  memcpy(&b, &x, sizeof(T));
  return b;
}

// A thread's slots. `kinds` may be NULL (cuRAND's run records only bits; the kinds are the same).
struct Rec {
  uint64_t* bits;
  uint8_t* kinds;
  int n;
  GPURNG_HD void put(uint64_t b, Kind k) {
    if (n < kSlots) {
      bits[n] = b;
      if (kinds) kinds[n] = k;
    }
    ++n;
  }
  GPURNG_HD void u(unsigned x) { put(x, kExact); }
  GPURNG_HD void f(float x) { put(bits_of(x), kExact); }
  GPURNG_HD void d(double x) { put(bits_of(x), kExact); }
  GPURNG_HD void nf(float x) { put(bits_of(x), kNormal); }
  GPURNG_HD void nd(double x) { put(bits_of(x), kNormal); }
};

// This library's device API, callable on host and device.
struct Ours {
  template <class S>
  static GPURNG_HD void init(const Params& p, S* s) {
    gpurng_init(p.seed, p.subsequence, p.offset, s);
  }
  template <class S>
  static GPURNG_HD unsigned bits(S* s) {
    return gpurng(s);
  }
  template <class S>
  static GPURNG_HD float uniform(S* s) {
    return gpurng_uniform(s);
  }
  template <class S>
  static GPURNG_HD double uniform_double(S* s) {
    return gpurng_uniform_double(s);
  }
  template <class S>
  static GPURNG_HD float normal(S* s) {
    return gpurng_normal(s);
  }
  template <class S>
  static GPURNG_HD double normal_double(S* s) {
    return gpurng_normal_double(s);
  }
  template <class S>
  static GPURNG_HD float log_normal(S* s, float m, float sd) {
    return gpurng_log_normal(s, m, sd);
  }
  template <class S>
  static GPURNG_HD double log_normal_double(S* s, double m, double sd) {
    return gpurng_log_normal_double(s, m, sd);
  }
  template <class S>
  static GPURNG_HD auto normal2(S* s) {
    return gpurng_normal2(s);
  }
  template <class S>
  static GPURNG_HD auto normal2_double(S* s) {
    return gpurng_normal2_double(s);
  }
  template <class S>
  static GPURNG_HD auto log_normal2(S* s, float m, float sd) {
    return gpurng_log_normal2(s, m, sd);
  }
  template <class S>
  static GPURNG_HD auto log_normal2_double(S* s, double m, double sd) {
    return gpurng_log_normal2_double(s, m, sd);
  }
  template <class S>
  static GPURNG_HD auto bits4(S* s) {
    return gpurng4(s);
  }
  template <class S>
  static GPURNG_HD auto uniform4(S* s) {
    return gpurng_uniform4(s);
  }
  template <class S>
  static GPURNG_HD auto uniform2_double(S* s) {
    return gpurng_uniform2_double(s);
  }
  template <class S>
  static GPURNG_HD auto normal4(S* s) {
    return gpurng_normal4(s);
  }
  template <class S>
  static GPURNG_HD auto log_normal4(S* s, float m, float sd) {
    return gpurng_log_normal4(s, m, sd);
  }
  template <class S>
  static GPURNG_HD void skip(unsigned long long n, S* s) {
    gpurng_skipahead(n, s);
  }
  template <class S>
  static GPURNG_HD void skip_sequence(unsigned long long n, S* s) {
    gpurng_skipahead_sequence(n, s);
  }
  template <class S>
  static GPURNG_HD void skip_subsequence(unsigned long long n, S* s) {
    gpurng_skipahead_subsequence(n, s);
  }
};

// cuRAND's device API, device only.
struct Curand {
  template <class S>
  static __device__ void init(const Params& p, S* s) {
    curand_init(p.seed, p.subsequence, p.offset, s);
  }
  template <class S>
  static __device__ unsigned bits(S* s) {
    return curand(s);
  }
  template <class S>
  static __device__ float uniform(S* s) {
    return curand_uniform(s);
  }
  template <class S>
  static __device__ double uniform_double(S* s) {
    return curand_uniform_double(s);
  }
  template <class S>
  static __device__ float normal(S* s) {
    return curand_normal(s);
  }
  template <class S>
  static __device__ double normal_double(S* s) {
    return curand_normal_double(s);
  }
  template <class S>
  static __device__ float log_normal(S* s, float m, float sd) {
    return curand_log_normal(s, m, sd);
  }
  template <class S>
  static __device__ double log_normal_double(S* s, double m, double sd) {
    return curand_log_normal_double(s, m, sd);
  }
  template <class S>
  static __device__ auto normal2(S* s) {
    return curand_normal2(s);
  }
  template <class S>
  static __device__ auto normal2_double(S* s) {
    return curand_normal2_double(s);
  }
  template <class S>
  static __device__ auto log_normal2(S* s, float m, float sd) {
    return curand_log_normal2(s, m, sd);
  }
  template <class S>
  static __device__ auto log_normal2_double(S* s, double m, double sd) {
    return curand_log_normal2_double(s, m, sd);
  }
  template <class S>
  static __device__ auto bits4(S* s) {
    return curand4(s);
  }
  template <class S>
  static __device__ auto uniform4(S* s) {
    return curand_uniform4(s);
  }
  template <class S>
  static __device__ auto uniform2_double(S* s) {
    return curand_uniform2_double(s);
  }
  template <class S>
  static __device__ auto normal4(S* s) {
    return curand_normal4(s);
  }
  template <class S>
  static __device__ auto log_normal4(S* s, float m, float sd) {
    return curand_log_normal4(s, m, sd);
  }
  template <class S>
  static __device__ void skip(unsigned long long n, S* s) {
    skipahead(n, s);
  }
  template <class S>
  static __device__ void skip_sequence(unsigned long long n, S* s) {
    skipahead_sequence(n, s);
  }
  template <class S>
  static __device__ void skip_subsequence(unsigned long long n, S* s) {
    skipahead_subsequence(n, s);
  }
};

// The calls, in an order that exercises cuRAND's caching of the second normal: a normal pair, a cached one
// consumed after a raw draw, double and log-normal caches left pending across other calls and across skips.
#pragma nv_exec_check_disable
template <Engine E, class A, class S>
GPURNG_HD void script(S* s, const Params& p, Rec& r) {
  const float m = 0.5f, sd = 1.25f;
  const double md = -0.25, sdd = 0.75;
  for (int k = 0; k < 3; ++k) r.u(A::bits(s));
  for (int k = 0; k < 3; ++k) r.f(A::uniform(s));
  for (int k = 0; k < 2; ++k) r.d(A::uniform_double(s));
  for (int k = 0; k < 3; ++k) r.nf(A::normal(s));  // a pair, then one more: its partner stays cached
  r.u(A::bits(s));                                 // raw draws leave the cache alone
  r.nf(A::normal(s));                              // the cached one
  for (int k = 0; k < 3; ++k) r.nd(A::normal_double(s));
  for (int k = 0; k < 3; ++k) r.nf(A::log_normal(s, m, sd));  // with a double cached; leaves a log-normal cached
  r.nf(A::normal(s));                                         // a normal while a log-normal is cached
  for (int k = 0; k < 3; ++k) r.nd(A::log_normal_double(s, md, sdd));
  r.nd(A::normal_double(s));
  {
    const auto v = A::normal2(s);
    r.nf(v.x);
    r.nf(v.y);
  }
  {
    const auto v = A::normal2_double(s);
    r.nd(v.x);
    r.nd(v.y);
  }
  {
    const auto v = A::log_normal2(s, m, sd);
    r.nf(v.x);
    r.nf(v.y);
  }
  {
    const auto v = A::log_normal2_double(s, md, sdd);
    r.nd(v.x);
    r.nd(v.y);
  }
  if constexpr (E == Engine::philox) {
    for (int k = 0; k < 2; ++k) {  // k = 1: after a single draw, i.e. from the middle of a counter
      const auto b = A::bits4(s);
      r.u(b.x), r.u(b.y), r.u(b.z), r.u(b.w);
      const auto u = A::uniform4(s);
      r.f(u.x), r.f(u.y), r.f(u.z), r.f(u.w);
      const auto d = A::uniform2_double(s);
      r.d(d.x), r.d(d.y);
      const auto n = A::normal4(s);
      r.nf(n.x), r.nf(n.y), r.nf(n.z), r.nf(n.w);
      const auto l = A::log_normal4(s, m, sd);
      r.nf(l.x), r.nf(l.y), r.nf(l.z), r.nf(l.w);
      r.u(A::bits(s));
    }
  }
  r.nf(A::normal(s));  // a normal cached across the skips
  r.nd(A::normal_double(s));
  A::skip(p.skip, s);
  r.u(A::bits(s));
  r.nf(A::normal(s));
  r.f(A::uniform(s));
  A::skip_sequence(p.skip_sequence, s);
  r.u(A::bits(s));
  r.d(A::uniform_double(s));
  r.nd(A::normal_double(s));
  if constexpr (E == Engine::mrg32k3a) {
    A::skip_subsequence(p.skip_subsequence, s);
    r.u(A::bits(s));
    r.nf(A::normal(s));
  }
  r.u(A::bits(s));
  r.f(A::uniform(s));
}

template <Engine E, class SO, class SC>
__global__ void side_by_side_kernel(const Params* params, int n, uint64_t* ours, uint8_t* kinds, uint64_t* theirs) {
  const int t = blockIdx.x * blockDim.x + threadIdx.x;
  if (t >= n) return;
  const Params p = params[t];
  SO so;
  Ours::init(p, &so);
  Rec a{ours + size_t(t) * kSlots, kinds + size_t(t) * kSlots, 0};
  script<E, Ours>(&so, p, a);
  SC sc;
  Curand::init(p, &sc);
  Rec b{theirs + size_t(t) * kSlots, nullptr, 0};
  script<E, Curand>(&sc, p, b);
}

struct Outcome {
  std::vector<uint64_t> ours, curand, host;  // ours and cuRAND on the GPU, ours compiled for the host
  std::vector<uint8_t> kinds;
  int slots = 0;  // slots the script fills
};

// The special values (0, 1, 2^32, 2^64 - 1 and others) in every combination of seed, subsequence and offset,
// cycling through the skip values; then pseudo-random parameters. Subsequences (of gpurng_init and
// skipahead_subsequence) above `max_subsequence` are replaced by it: cuRAND's MRG32k3a takes subsequences below
// 2^51 only (beyond, its jump table holds zero matrices and its state collapses to zeros; ours jumps exactly).
inline std::vector<Params> make_params(int random_threads, unsigned long long max_subsequence = ~0ull) {
  const unsigned long long seeds[] = {0ull, 1ull, 1ull << 32, ~0ull, 0x0123456789abcdefull};
  const unsigned long long subs[] = {0ull, 1ull, 2ull, 1ull << 32, ~0ull};
  const unsigned long long offsets[] = {0ull, 1ull, 5ull, 1ull << 32, ~0ull};
  const unsigned long long skips[] = {0ull, 1ull, 3ull, (1ull << 32) + 3, ~0ull, 12345ull, 1ull << 40};
  auto sub = [&](unsigned long long x) { return x < max_subsequence ? x : max_subsequence; };
  std::vector<Params> ps;
  size_t k = 0;
  for (auto seed : seeds)
    for (auto su : subs)
      for (auto off : offsets) {
        ps.push_back({seed, sub(su), off, skips[k % 7], skips[(k / 7) % 7], sub(skips[(k / 3) % 7])});
        ++k;
      }
  std::mt19937_64 g(20240615);
  for (int i = 0; i < random_threads; ++i) {
    Params p;
    p.seed = g();
    p.subsequence = sub(i % 3 == 0 ? g() : g() % 100000);
    p.offset = i % 5 == 0 ? g() : g() % (1u << 20);
    p.skip = g() >> (g() % 64);
    p.skip_sequence = g() >> (g() % 64);
    p.skip_subsequence = sub(g() >> (g() % 64));
    ps.push_back(p);
  }
  return ps;
}

// cuRAND's largest subsequence for each engine (gpurng_init's argument and skipahead_subsequence's).
constexpr unsigned long long max_subsequence(Engine e) { return e == Engine::mrg32k3a ? (1ull << 51) - 1 : ~0ull; }

template <Engine E, class SO, class SC>
void run_side_by_side(const std::vector<Params>& params, Outcome& o) {
  const int n = static_cast<int>(params.size());
  const size_t slots = size_t(n) * kSlots;
  Params* d_params = nullptr;
  uint64_t *d_ours = nullptr, *d_curand = nullptr;
  uint8_t* d_kinds = nullptr;
  DAPI_CHECK_CUDA(cudaMalloc(&d_params, n * sizeof(Params)));
  DAPI_CHECK_CUDA(cudaMalloc(&d_ours, slots * 8));
  DAPI_CHECK_CUDA(cudaMalloc(&d_curand, slots * 8));
  DAPI_CHECK_CUDA(cudaMalloc(&d_kinds, slots));
  DAPI_CHECK_CUDA(cudaMemset(d_kinds, 0, slots));
  DAPI_CHECK_CUDA(cudaMemcpy(d_params, params.data(), n * sizeof(Params), cudaMemcpyHostToDevice));
  side_by_side_kernel<E, SO, SC><<<(n + 127) / 128, 128>>>(d_params, n, d_ours, d_kinds, d_curand);
  DAPI_CHECK_CUDA(cudaGetLastError());
  DAPI_CHECK_CUDA(cudaDeviceSynchronize());
  o.ours.resize(slots);
  o.curand.resize(slots);
  o.kinds.resize(slots);
  DAPI_CHECK_CUDA(cudaMemcpy(o.ours.data(), d_ours, slots * 8, cudaMemcpyDeviceToHost));
  DAPI_CHECK_CUDA(cudaMemcpy(o.curand.data(), d_curand, slots * 8, cudaMemcpyDeviceToHost));
  DAPI_CHECK_CUDA(cudaMemcpy(o.kinds.data(), d_kinds, slots, cudaMemcpyDeviceToHost));
  cudaFree(d_params);
  cudaFree(d_ours);
  cudaFree(d_curand);
  cudaFree(d_kinds);
  o.host.assign(slots, 0);
  for (int t = 0; t < n; ++t) {
    SO s;
    Ours::init(params[t], &s);
    Rec r{o.host.data() + size_t(t) * kSlots, nullptr, 0};
    script<E, Ours>(&s, params[t], r);
    o.slots = r.n;
  }
  ASSERT_LE(o.slots, kSlots) << "raise kSlots";
}

// Slots of `kind` where `got` differs from `want`; the first few are reported with their thread's parameters.
inline void expect_equal_slots(const char* what, const Outcome& o, const std::vector<uint64_t>& got,
                               const std::vector<uint64_t>& want, Kind kind, const std::vector<Params>& params) {
  size_t bad = 0, compared = 0;
  for (size_t t = 0; t < params.size(); ++t)
    for (int i = 0; i < o.slots; ++i) {
      const size_t k = t * kSlots + i;
      if (o.kinds[k] != kind) continue;
      ++compared;
      if (got[k] != want[k] && ++bad <= 5) {
        const Params& p = params[t];
        ADD_FAILURE() << what << ": thread " << t << " slot " << i << " (seed " << p.seed << ", subsequence "
                      << p.subsequence << ", offset " << p.offset << ", skips " << p.skip << " " << p.skip_sequence
                      << " " << p.skip_subsequence << "): " << std::hex << got[k] << " want " << want[k] << std::dec;
      }
    }
  EXPECT_GT(compared, 0u) << what;
  EXPECT_EQ(bad, 0u) << what << ": " << bad << " of " << compared << " differ";
}

// Contraction is on when a*b + c gives the fused result: nvcc's default (--fmad=true), as in a user's kernel.
__global__ void contraction_probe(const float* in, float* out) { out[0] = in[0] * in[1] + in[2]; }

inline bool default_contraction_on() {
  const float a = 1.0f + 0x1p-12f, c = -(1.0f + 0x1p-11f);
  const float in[3] = {a, a, c};  // a*a = 1 + 2^-11 + 2^-24: the 2^-24 survives only in a fused multiply-add
  float *d_in = nullptr, *d_out = nullptr, out = 0;
  if (cudaMalloc(&d_in, sizeof in) != cudaSuccess || cudaMalloc(&d_out, sizeof(float)) != cudaSuccess) return false;
  cudaMemcpy(d_in, in, sizeof in, cudaMemcpyHostToDevice);
  contraction_probe<<<1, 1>>>(d_in, d_out);
  cudaMemcpy(&out, d_out, sizeof out, cudaMemcpyDeviceToHost);
  cudaFree(d_in);
  cudaFree(d_out);
  return out == 0x1p-24f;
}

}  // namespace dapi_test
