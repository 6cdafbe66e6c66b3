// SPDX-License-Identifier: BSD-3-Clause
// Scripts of device-API calls for the engines beyond cuRAND's pseudo-random three (Sobol', hybrid Taus,
// Park-Miller, the RANMAR family, Halton Rasrap) and for gpurng_poisson, each run per thread on the GPU and, the
// same functor, compiled for the host: the two must give the same bits (test_device_api_engines_gpu.cu). The
// Sobol' and Poisson scripts have cuRAND twins for the cuRAND-device mode (test_device_api_engines_curand_mode.cu).
// Built with nvcc's default flags (contraction on), as a user's kernel is.
#pragma once

#include <cuda_runtime.h>
#include <gtest/gtest.h>
#include <stdint.h>
#include <string.h>

#include <vector>

#include "gpurng.h"
#include "gpurng/device/halton_rasrap.hpp"
#include "gpurng/device/hybrid_taus.hpp"
#include "gpurng/device/park_miller.hpp"
#include "gpurng/device/poisson.hpp"
#include "gpurng/device/ranmar.hpp"
#include "gpurng/device/sobol.hpp"
#include "gpurng_kernel.h"

namespace engines_gpu {

constexpr int kSlots = 24;  // values recorded per thread

inline bool gpu_usable() {
  int n = 0;
  return cudaGetDeviceCount(&n) == cudaSuccess && n > 0;
}

template <class T>
GPURNG_HD uint64_t bits_of(T x) {
  uint64_t b = 0;
  memcpy(&b, &x, sizeof(T));
  return b;
}

// What every script gets: its thread number and where its slots go.
struct Out {
  uint64_t* slot;
  GPURNG_HD void put(int k, uint64_t b) const {
    if (k < kSlots) slot[k] = b;
  }
};

// Inputs the scripts read (device or host copies).
struct Inputs {
  const unsigned* v32;             // plain Sobol32 direction numbers, 32 per dimension
  const unsigned* v32s;            // scrambled
  const unsigned* c32;             // scramble constants
  const unsigned long long* v64;   // plain Sobol64
  const unsigned long long* v64s;  // scrambled
  const unsigned long long* c64;
  const gpurngHaltonRasrapTable_t* halton;
};

// ---- the scripts (one functor each: GPURNG_HD, so host and device run the same text) ----

template <class State, bool Scrambled>
struct SobolScript {
  GPURNG_HD void operator()(unsigned t, const Inputs& in, Out o) const {
    constexpr bool wide = sizeof(State{}.x) == 8;
    const unsigned d = t % 16;
    const unsigned long long offset = (t / 16) * 977ull + (t % 3 == 0 ? (1ull << 31) - 5 : 0);
    State s;
    if constexpr (wide) {
      if constexpr (Scrambled)
        gpurng_init(in.v64s + 64 * d, in.c64[d], offset, &s);
      else
        gpurng_init(in.v64 + 64 * d, offset, &s);
    } else {
      if constexpr (Scrambled)
        gpurng_init(in.v32s + 32 * d, in.c32[d], static_cast<unsigned>(offset), &s);
      else
        gpurng_init(in.v32 + 32 * d, static_cast<unsigned>(offset), &s);
    }
    int k = 0;
    o.put(k++, gpurng_next(&s));
    o.put(k++, bits_of(gpurng_uniform(&s)));
    o.put(k++, bits_of(gpurng_uniform_double(&s)));
    for (int i = 0; i < 4; ++i) o.put(k++, bits_of(gpurng_normal(&s)));
    for (int i = 0; i < 4; ++i) o.put(k++, bits_of(gpurng_normal_double(&s)));
    o.put(k++, bits_of(gpurng_log_normal(&s, 0.5f, 1.25f)));
    o.put(k++, bits_of(gpurng_log_normal_double(&s, -0.25, 0.75)));
    gpurng_skipahead(t, &s);
    o.put(k++, gpurng_next(&s));
  }
};

struct HybridTausScript {
  GPURNG_HD void operator()(unsigned t, const Inputs&, Out o) const {
    gpurngStateHybridTaus_t s;
    gpurng_init(0xC0FFEEull, t, t * 31ull, &s);
    int k = 0;
    o.put(k++, gpurng_next(&s));
    o.put(k++, bits_of(gpurng_uniform(&s)));
    o.put(k++, bits_of(gpurng_uniform_double(&s)));
    for (int i = 0; i < 3; ++i) o.put(k++, bits_of(gpurng_normal(&s)));
    for (int i = 0; i < 3; ++i) o.put(k++, bits_of(gpurng_normal_double(&s)));
    o.put(k++, bits_of(gpurng_log_normal(&s, 0.5f, 1.25f)));
    gpurng_skipahead(1ull << 40, &s);
    o.put(k++, gpurng_next(&s));
  }
};

struct ParkMillerScript {
  GPURNG_HD void operator()(unsigned t, const Inputs&, Out o) const {
    gpurngStateParkMiller_t s;
    gpurng_init_park_miller(t % 2 ? 48271u : 16807u, 1ull + t, t * 1000003ull, &s);
    int k = 0;
    for (int i = 0; i < 3; ++i) o.put(k++, gpurng_next(&s));
    o.put(k++, bits_of(gpurng_uniform(&s)));
    o.put(k++, bits_of(gpurng_uniform_double(&s)));
  }
};

template <class State>
struct RanmarScript {
  GPURNG_HD void operator()(unsigned t, const Inputs&, Out o) const {
    State s;
    gpurng_init(54217137u + t % 5, t / 5, t * 1234567ull, &s);
    int k = 0;
    for (int i = 0; i < 4; ++i) o.put(k++, static_cast<uint64_t>(gpurng_next(&s)));
    o.put(k++, bits_of(gpurng_uniform(&s)));
    o.put(k++, bits_of(gpurng_uniform_double(&s)));
    gpurng_skipahead(t * 97ull + 5, &s);
    o.put(k++, static_cast<uint64_t>(gpurng_next(&s)));
  }
};

struct HaltonScript {
  GPURNG_HD void operator()(unsigned t, const Inputs& in, Out o) const {
    gpurngStateHaltonRasrap_t s;
    const unsigned d = t % in.halton->dimensions;
    gpurng_init(in.halton, d, t * 12345ull, &s);
    int k = 0;
    o.put(k++, gpurng_next_word(&s));
    o.put(k++, gpurng_next(&s));
    o.put(k++, bits_of(gpurng_uniform(&s)));
    o.put(k++, bits_of(gpurng_uniform_double(&s)));
    o.put(k++, bits_of(gpurng_normal(&s)));
    o.put(k++, bits_of(gpurng_normal_double(&s)));
    o.put(k++, bits_of(gpurng_log_normal(&s, 0.5f, 1.25f)));
    o.put(k++, gpurng_halton_rasrap_word(in.halton, d, ~0ull - t));
  }
};

// Lambdas across curand_poisson's three methods (and both sides of each switch).
GPURNG_HD double poisson_lambda(int i) {
  const double l[8] = {0.5, 10.0, 63.9, 64.0, 500.0, 3999.0, 4000.5, 1e6};
  return l[i % 8];
}

template <class State>
struct PoissonScript {
  GPURNG_HD void operator()(unsigned t, const Inputs&, Out o) const {
    State s;
    gpurng_init(777ull, t, 0, &s);
    for (int k = 0; k < 16; ++k) o.put(k, gpurng_poisson(&s, poisson_lambda(k + static_cast<int>(t))));
  }
};

// ---- running a script on both sides ----

template <class Script>
__global__ void run_kernel(Script f, Inputs in, uint64_t* slots, unsigned threads) {
  const unsigned t = blockIdx.x * blockDim.x + threadIdx.x;
  if (t < threads) f(t, in, Out{slots + size_t(t) * kSlots});
}

// The library's tables and a Halton table, host copies and device copies.
struct Fixture {
  Inputs host{}, dev{};
  std::vector<unsigned long long> halton_host;
  std::vector<void*> allocations;
  template <class T>
  const T* upload(const T* p, size_t n) {
    void* d = nullptr;
    EXPECT_EQ(cudaSuccess, cudaMalloc(&d, n * sizeof(T)));
    EXPECT_EQ(cudaSuccess, cudaMemcpy(d, p, n * sizeof(T), cudaMemcpyHostToDevice));
    allocations.push_back(d);
    return static_cast<const T*>(d);
  }
  Fixture() {
    gpurngDirectionVectors32_t *v32, *v32s;
    gpurngDirectionVectors64_t *v64, *v64s;
    unsigned* c32;
    unsigned long long* c64;
    EXPECT_EQ(GPURNG_STATUS_SUCCESS, gpurngGetDirectionVectors32(&v32, GPURNG_DIRECTION_VECTORS_32_JOEKUO6));
    EXPECT_EQ(GPURNG_STATUS_SUCCESS, gpurngGetDirectionVectors32(&v32s, GPURNG_SCRAMBLED_DIRECTION_VECTORS_32_JOEKUO6));
    EXPECT_EQ(GPURNG_STATUS_SUCCESS, gpurngGetDirectionVectors64(&v64, GPURNG_DIRECTION_VECTORS_64_JOEKUO6));
    EXPECT_EQ(GPURNG_STATUS_SUCCESS, gpurngGetDirectionVectors64(&v64s, GPURNG_SCRAMBLED_DIRECTION_VECTORS_64_JOEKUO6));
    EXPECT_EQ(GPURNG_STATUS_SUCCESS, gpurngGetScrambleConstants32(&c32));
    EXPECT_EQ(GPURNG_STATUS_SUCCESS, gpurngGetScrambleConstants64(&c64));
    const unsigned dims = 16;
    host.v32 = v32[0];
    host.v32s = v32s[0];
    host.c32 = c32;
    host.v64 = v64[0];
    host.v64s = v64s[0];
    host.c64 = c64;
    const size_t hb = gpurng_halton_rasrap_table_bytes(24);
    halton_host.resize((hb + 7) / 8);
    EXPECT_EQ(0, gpurng_halton_rasrap_make_table(99, 24, halton_host.data(), hb));
    host.halton = reinterpret_cast<const gpurngHaltonRasrapTable_t*>(halton_host.data());
    dev.v32 = upload(host.v32, 32 * dims);
    dev.v32s = upload(host.v32s, 32 * dims);
    dev.c32 = upload(host.c32, dims);
    dev.v64 = upload(host.v64, 64 * dims);
    dev.v64s = upload(host.v64s, 64 * dims);
    dev.c64 = upload(host.c64, dims);
    dev.halton = reinterpret_cast<const gpurngHaltonRasrapTable_t*>(upload(halton_host.data(), halton_host.size()));
  }
  ~Fixture() {
    for (void* p : allocations) cudaFree(p);
  }
};

// Runs `f` for `threads` threads on the GPU; returns the slots (unused ones stay 0).
template <class Script>
std::vector<uint64_t> on_gpu(const Script& f, const Inputs& in, unsigned threads) {
  uint64_t* d = nullptr;
  EXPECT_EQ(cudaSuccess, cudaMalloc(&d, size_t(threads) * kSlots * 8));
  EXPECT_EQ(cudaSuccess, cudaMemset(d, 0, size_t(threads) * kSlots * 8));
  run_kernel<<<(threads + 127) / 128, 128>>>(f, in, d, threads);
  EXPECT_EQ(cudaSuccess, cudaGetLastError());
  EXPECT_EQ(cudaSuccess, cudaDeviceSynchronize());
  std::vector<uint64_t> h(size_t(threads) * kSlots);
  EXPECT_EQ(cudaSuccess, cudaMemcpy(h.data(), d, h.size() * 8, cudaMemcpyDeviceToHost));
  cudaFree(d);
  return h;
}
template <class Script>
std::vector<uint64_t> on_host(const Script& f, const Inputs& in, unsigned threads) {
  std::vector<uint64_t> h(size_t(threads) * kSlots, 0);
  for (unsigned t = 0; t < threads; ++t) f(t, in, Out{h.data() + size_t(t) * kSlots});
  return h;
}

inline void expect_same(const char* what, const std::vector<uint64_t>& a, const std::vector<uint64_t>& b) {
  ASSERT_EQ(a.size(), b.size());
  size_t bad = 0, first = 0;
  for (size_t i = 0; i < a.size(); ++i)
    if (a[i] != b[i] && bad++ == 0) first = i;
  EXPECT_EQ(0u, bad) << what << ": " << bad << " of " << a.size() << " slots differ; first: thread " << first / kSlots
                     << " slot " << first % kSlots << std::hex << " 0x" << a[first] << " vs 0x" << b[first];
}

}  // namespace engines_gpu
