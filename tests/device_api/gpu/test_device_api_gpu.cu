// SPDX-License-Identifier: BSD-3-Clause
// The device API on the GPU in its default (portable) normal mode, compiled with nvcc's default flags (label gpu;
// skips without a GPU):
//   - side by side with cuRAND's device API in the same kernel, every call of side_by_side.cuh's script (init,
//     integers, uniforms, doubles, normals, log-normals, the 2- and 4-wide forms, skipahead, skipahead_sequence,
//     MRG32k3a's skipahead_subsequence) at special and random seeds, subsequences, offsets and skips: integers
//     and uniforms equal cuRAND's; everything, normals included, equals the header compiled for the host;
//   - per-thread draws at cuRAND's host-API layout positions (docs/DEVICE_API.md, The host API's positions) equal this
//     library's host API fills, from a host generator and from a GPU generator, for every output type;
//   - gpurngInitStates* on device memory equals a per-thread gpurng_init kernel, field by field, and draws the
//     numbers of cuRAND's curand_init(seed, first + i, offset).
#include <cuda_runtime.h>
#include <curand_kernel.h>
#include <gtest/gtest.h>

#include <type_traits>
#include <vector>

#include "gpurng.h"
#include "side_by_side.cuh"
#include "state_compare.hpp"

namespace {

using namespace dapi_test;

class DeviceApiGpu : public testing::Test {
 protected:
  void SetUp() override {
    if (!gpu_usable()) GTEST_SKIP() << "no GPU";
  }
};

TEST_F(DeviceApiGpu, CompiledWithDefaultContraction) { EXPECT_TRUE(default_contraction_on()); }

// ---- side by side with cuRAND ----

template <Engine E, class SO, class SC>
void portable_side_by_side() {
  const std::vector<Params> params = make_params(4096, max_subsequence(E));
  Outcome o;
  run_side_by_side<E, SO, SC>(params, o);
  if (testing::Test::HasFatalFailure()) return;
  expect_equal_slots("integers and uniforms, GPU vs cuRAND", o, o.ours, o.curand, kExact, params);
  expect_equal_slots("integers and uniforms, GPU vs host-compiled header", o, o.ours, o.host, kExact, params);
  expect_equal_slots("portable normals, GPU vs host-compiled header", o, o.ours, o.host, kNormal, params);
}

TEST_F(DeviceApiGpu, XORWOWSideBySide) {
  portable_side_by_side<Engine::xorwow, gpurngStateXORWOW_t, curandStateXORWOW_t>();
}
TEST_F(DeviceApiGpu, MRG32k3aSideBySide) {
  portable_side_by_side<Engine::mrg32k3a, gpurngStateMRG32k3a_t, curandStateMRG32k3a_t>();
}
TEST_F(DeviceApiGpu, Philox4_32_10SideBySide) {
  portable_side_by_side<Engine::philox, gpurngStatePhilox4_32_10_t, curandStatePhilox4_32_10_t>();
}

// ---- the host API's fills at cuRAND's layout positions ----

enum Out { kU32, kF32, kF64, kN32, kN64, kLN32, kLN64 };
const char* const kOutNames[] = {"u32",           "uniform",    "uniform double",   "normal",
                                 "normal double", "log-normal", "log-normal double"};
template <Out O>
using out_t =
    std::conditional_t<O == kU32, unsigned, std::conditional_t<O == kF32 || O == kN32 || O == kLN32, float, double>>;
constexpr float kLnMean = 0.3f, kLnStddev = 0.6f;

template <Out O, class S>
__device__ out_t<O> draw(S* s) {
  if constexpr (O == kU32) return gpurng(s);
  if constexpr (O == kF32) return gpurng_uniform(s);
  if constexpr (O == kF64) return gpurng_uniform_double(s);
  if constexpr (O == kN32) return gpurng_normal(s);
  if constexpr (O == kN64) return gpurng_normal_double(s);
  if constexpr (O == kLN32) return gpurng_log_normal(s, kLnMean, kLnStddev);
  if constexpr (O == kLN64) return gpurng_log_normal_double(s, double(kLnMean), double(kLnStddev));
}

// Thread t = subsequence t of the seed, at `offset`, draws `per` values of one type.
template <Out O, class S>
__global__ void per_thread_draws(unsigned long long seed, unsigned long long offset, int threads, int per,
                                 out_t<O>* out) {
  const int t = blockIdx.x * blockDim.x + threadIdx.x;
  if (t >= threads) return;
  S s;
  gpurng_init(seed, t, offset, &s);
  if constexpr (O == kF64 && std::is_same_v<S, gpurngStatePhilox4_32_10_t>) {
    // The host API's Philox doubles are hq(lanes 0, 1), hq(lanes 2, 3) of each counter: curand_uniform2_double.
    // (curand_uniform_double on Philox converts one 32-bit word: not a host API output.)
    for (int j = 0; j < per; j += 2) {
      const auto v = gpurng_uniform2_double(&s);
      out[size_t(t) * per + j] = v.x;
      out[size_t(t) * per + j + 1] = v.y;
    }
  } else {
    for (int j = 0; j < per; ++j) out[size_t(t) * per + j] = draw<O>(&s);
  }
}

template <Out O>
gpurngStatus_t host_fill(gpurngGenerator_t g, out_t<O>* out, size_t n) {
  if constexpr (O == kU32) return gpurngGenerate(g, out, n);
  if constexpr (O == kF32) return gpurngGenerateUniform(g, out, n);
  if constexpr (O == kF64) return gpurngGenerateUniformDouble(g, out, n);
  if constexpr (O == kN32) return gpurngGenerateNormal(g, out, n, 0.0f, 1.0f);  // z * 1 + 0 = z
  if constexpr (O == kN64) return gpurngGenerateNormalDouble(g, out, n, 0.0, 1.0);
  if constexpr (O == kLN32) return gpurngGenerateLogNormal(g, out, n, kLnMean, kLnStddev);
  if constexpr (O == kLN64) return gpurngGenerateLogNormalDouble(g, out, n, double(kLnMean), double(kLnStddev));
}

// cuRAND's host layouts (src/fill/curand_layout.hpp, docs/DEVICE_API.md): T threads, thread t
// is the device state gpurng_init(seed, t, 0); the outputs of a call come in units of G (a Box-Muller pair for
// XORWOW and MRG32k3a normals; four outputs for Philox), unit v from thread v mod T, its (v / T)-th unit. A host
// offset of K * T units (XORWOW, MRG32k3a) or 4 * T * K outputs (Philox) puts every thread K words (Philox: K
// counters, 4K outputs) in, which is gpurng_init's offset K (4K).
struct Layout {
  gpurngRngType_t type;
  int threads;
  bool philox;
  int per;  // values each device thread draws (a multiple of G)
  int units_of(Out o) const { return philox ? 4 : (o >= kN32 ? 2 : 1); }
  unsigned long long host_offset(unsigned long long k) const { return (philox ? 4ull : 1ull) * threads * k; }
  unsigned long long device_offset(unsigned long long k) const { return philox ? 4 * k : k; }
};

template <Out O, class S>
void check_host_api(const Layout& L, unsigned long long seed, unsigned long long k, bool gpu_generator) {
  using T = out_t<O>;
  SCOPED_TRACE(testing::Message() << kOutNames[O] << " seed " << seed << " K " << k
                                  << (gpu_generator ? " GPU generator" : " host generator"));
  const size_t n = size_t(L.threads) * L.per;
  T* d_dev = nullptr;
  DAPI_CHECK_CUDA(cudaMalloc(&d_dev, n * sizeof(T)));
  per_thread_draws<O, S><<<(L.threads + 255) / 256, 256>>>(seed, L.device_offset(k), L.threads, L.per, d_dev);
  DAPI_CHECK_CUDA(cudaGetLastError());
  std::vector<T> dev(n), host(n);
  DAPI_CHECK_CUDA(cudaMemcpy(dev.data(), d_dev, n * sizeof(T), cudaMemcpyDeviceToHost));
  gpurngGenerator_t g = nullptr;
  ASSERT_EQ(gpu_generator ? gpurngCreateGenerator(&g, L.type) : gpurngCreateGeneratorHost(&g, L.type),
            GPURNG_STATUS_SUCCESS);
  ASSERT_EQ(gpurngSetPseudoRandomGeneratorSeed(g, seed), GPURNG_STATUS_SUCCESS);
  ASSERT_EQ(gpurngSetGeneratorOffset(g, L.host_offset(k)), GPURNG_STATUS_SUCCESS);
  if (gpu_generator) {  // the generator writes device memory (d_dev is reused)
    ASSERT_EQ(host_fill<O>(g, d_dev, n), GPURNG_STATUS_SUCCESS);
    DAPI_CHECK_CUDA(cudaMemcpy(host.data(), d_dev, n * sizeof(T), cudaMemcpyDeviceToHost));
  } else {
    ASSERT_EQ(host_fill<O>(g, host.data(), n), GPURNG_STATUS_SUCCESS);
  }
  gpurngDestroyGenerator(g);
  cudaFree(d_dev);
  const int G = L.units_of(O);
  size_t bad = 0;
  for (size_t i = 0; i < n; ++i) {
    const size_t v = i / G, t = v % L.threads, j = (v / L.threads) * G + i % G;
    if (bits_of(host[i]) != bits_of(dev[t * L.per + j]) && ++bad <= 5)
      ADD_FAILURE() << "host output " << i << " = thread " << t << " draw " << j << ": " << host[i] << " vs "
                    << dev[t * L.per + j];
  }
  EXPECT_EQ(bad, 0u);
}

template <class S>
void check_host_api_all(const Layout& L) {
  for (unsigned long long seed : {0ull, 1234ull, ~0ull})
    for (unsigned long long k : {0ull, 5ull, 1ull << 32})
      for (bool gpu_generator : {false, true}) {
        check_host_api<kU32, S>(L, seed, k, gpu_generator);
        check_host_api<kF32, S>(L, seed, k, gpu_generator);
        check_host_api<kF64, S>(L, seed, k, gpu_generator);
        check_host_api<kN32, S>(L, seed, k, gpu_generator);
        check_host_api<kN64, S>(L, seed, k, gpu_generator);
        check_host_api<kLN32, S>(L, seed, k, gpu_generator);
        check_host_api<kLN64, S>(L, seed, k, gpu_generator);
      }
}

TEST_F(DeviceApiGpu, XORWOWEqualsHostApi) {
  check_host_api_all<gpurngStateXORWOW_t>({GPURNG_RNG_PSEUDO_XORWOW, 4096, false, 8});
}
TEST_F(DeviceApiGpu, MRG32k3aEqualsHostApi) {  // DEFAULT ordering: 81920 threads
  check_host_api_all<gpurngStateMRG32k3a_t>({GPURNG_RNG_PSEUDO_MRG32K3A, 81920, false, 4});
}
TEST_F(DeviceApiGpu, Philox4_32_10EqualsHostApi) {
  check_host_api_all<gpurngStatePhilox4_32_10_t>({GPURNG_RNG_PSEUDO_PHILOX4_32_10, 65536, true, 8});
}

// ---- gpurngInitStates* on device memory ----

gpurngStatus_t init_states(gpurngStateXORWOW_t* s, size_t n, unsigned long long seed, unsigned long long first,
                           unsigned long long offset, cudaStream_t st) {
  return gpurngInitStatesXORWOW(s, n, seed, first, offset, reinterpret_cast<gpurngCudaStream_t>(st));
}
gpurngStatus_t init_states(gpurngStateMRG32k3a_t* s, size_t n, unsigned long long seed, unsigned long long first,
                           unsigned long long offset, cudaStream_t st) {
  return gpurngInitStatesMRG32k3a(s, n, seed, first, offset, reinterpret_cast<gpurngCudaStream_t>(st));
}
gpurngStatus_t init_states(gpurngStatePhilox4_32_10_t* s, size_t n, unsigned long long seed, unsigned long long first,
                           unsigned long long offset, cudaStream_t st) {
  return gpurngInitStatesPhilox4_32_10(s, n, seed, first, offset, reinterpret_cast<gpurngCudaStream_t>(st));
}

template <class S>
__global__ void per_thread_init(S* out, size_t count, unsigned long long seed, unsigned long long first,
                                unsigned long long offset) {
  const size_t i = size_t(blockIdx.x) * blockDim.x + threadIdx.x;
  if (i < count) gpurng_init(seed, first + i, offset, &out[i]);
}

// Each state draws what cuRAND's curand_init(seed, first + i, offset) draws: integers, uniforms, doubles. (Run only
// where cuRAND's init is defined: MRG32k3a subsequences below 2^51.)
template <class S, class SC>
__global__ void draws_vs_curand(const S* states, size_t count, unsigned long long seed, unsigned long long first,
                                unsigned long long offset, unsigned long long* mismatches) {
  const size_t i = size_t(blockIdx.x) * blockDim.x + threadIdx.x;
  if (i >= count) return;
  S a = states[i];
  SC c;
  curand_init(seed, first + i, offset, &c);
  bool same = true;
  for (int k = 0; k < 5; ++k) same &= gpurng(&a) == curand(&c);
  same &= gpurng_uniform(&a) == curand_uniform(&c);
  same &= gpurng_uniform_double(&a) == curand_uniform_double(&c);
  if (!same) atomicAdd(mismatches, 1ull);
}

template <class S, class SC>
void check_init_states(const char* name, unsigned long long curand_max_subsequence) {
  cudaStream_t stream;
  DAPI_CHECK_CUDA(cudaStreamCreateWithFlags(&stream, cudaStreamNonBlocking));
  unsigned long long* d_bad = nullptr;
  DAPI_CHECK_CUDA(cudaMalloc(&d_bad, sizeof(unsigned long long)));
  int round = 0;
  // count 0 on a device pointer: nothing to do.
  S* d_any = nullptr;
  DAPI_CHECK_CUDA(cudaMalloc(&d_any, sizeof(S)));
  EXPECT_EQ(init_states(d_any, 0, 1, 0, 0, stream), GPURNG_STATUS_SUCCESS);
  EXPECT_EQ(init_states(d_any, 2, 1, ~0ull, 0, stream), GPURNG_STATUS_OUT_OF_RANGE);
  cudaFree(d_any);
  {
    // An array that is 8- but not 16-byte aligned (the kernels then move states field by field).
    const size_t count = 3000;
    char* raw = nullptr;
    S* d_ref = nullptr;
    DAPI_CHECK_CUDA(cudaMalloc(&raw, count * sizeof(S) + 16));
    DAPI_CHECK_CUDA(cudaMalloc(&d_ref, count * sizeof(S)));
    S* d_states = reinterpret_cast<S*>(raw + 8);
    ASSERT_EQ(init_states(d_states, count, 99, 12345, 77, stream), GPURNG_STATUS_SUCCESS);
    per_thread_init<S><<<unsigned((count + 255) / 256), 256, 0, stream>>>(d_ref, count, 99, 12345, 77);
    DAPI_CHECK_CUDA(cudaStreamSynchronize(stream));
    std::vector<S> got(count), want(count);
    DAPI_CHECK_CUDA(cudaMemcpy(got.data(), d_states, count * sizeof(S), cudaMemcpyDeviceToHost));
    DAPI_CHECK_CUDA(cudaMemcpy(want.data(), d_ref, count * sizeof(S), cudaMemcpyDeviceToHost));
    cudaFree(raw);
    cudaFree(d_ref);
    size_t bad = 0;
    for (size_t i = 0; i < count; ++i) bad += !same_state(got[i], want[i]);
    EXPECT_EQ(bad, 0u) << name << ": states of an 8-byte aligned array";
  }
  for (size_t count :
       {size_t{1}, size_t{2}, size_t{3}, size_t{1000}, size_t{2049}, size_t{4097}, (size_t{1} << 20) + 5})
    for (unsigned long long seed : {0ull, ~0ull, 1234ull}) {
      if (count > 5000 && seed != 1234ull) continue;
      for (unsigned long long first : {0ull, 1ull, 1ull << 32, 0ull - count})
        for (unsigned long long offset : {0ull, 7ull, 1ull << 40, ~0ull}) {
          SCOPED_TRACE(testing::Message()
                       << name << " count " << count << " seed " << seed << " first " << first << " offset " << offset);
          const cudaStream_t st = (round++ % 2) ? stream : nullptr;  // the caller's stream and the default one
          S *d_states = nullptr, *d_ref = nullptr;
          DAPI_CHECK_CUDA(cudaMalloc(&d_states, (count + 1) * sizeof(S)));
          DAPI_CHECK_CUDA(cudaMalloc(&d_ref, count * sizeof(S)));
          DAPI_CHECK_CUDA(cudaMemsetAsync(d_states, 0xA5, (count + 1) * sizeof(S), st));
          ASSERT_EQ(init_states(d_states, count, seed, first, offset, st), GPURNG_STATUS_SUCCESS);
          per_thread_init<S><<<unsigned((count + 255) / 256), 256, 0, st>>>(d_ref, count, seed, first, offset);
          DAPI_CHECK_CUDA(cudaMemsetAsync(d_bad, 0, sizeof(unsigned long long), st));
          if (first + (count - 1) <= curand_max_subsequence)
            draws_vs_curand<S, SC>
                <<<unsigned((count + 255) / 256), 256, 0, st>>>(d_states, count, seed, first, offset, d_bad);
          DAPI_CHECK_CUDA(cudaGetLastError());
          DAPI_CHECK_CUDA(cudaStreamSynchronize(st));
          std::vector<S> got(count + 1), want(count);
          unsigned long long bad_draws = 0;
          DAPI_CHECK_CUDA(cudaMemcpy(got.data(), d_states, (count + 1) * sizeof(S), cudaMemcpyDeviceToHost));
          DAPI_CHECK_CUDA(cudaMemcpy(want.data(), d_ref, count * sizeof(S), cudaMemcpyDeviceToHost));
          DAPI_CHECK_CUDA(cudaMemcpy(&bad_draws, d_bad, sizeof bad_draws, cudaMemcpyDeviceToHost));
          cudaFree(d_states);
          cudaFree(d_ref);
          size_t bad = 0;
          for (size_t i = 0; i < count; ++i)
            if (!same_state(got[i], want[i]) && ++bad <= 3)
              ADD_FAILURE() << "state " << i << ": " << describe(got[i]) << " want " << describe(want[i]);
          EXPECT_EQ(bad, 0u);
          EXPECT_EQ(bad_draws, 0u) << "states whose draws differ from cuRAND's";
          std::vector<unsigned char> sentinel(sizeof(S), 0xA5);
          EXPECT_EQ(memcmp(&got[count], sentinel.data(), sizeof(S)), 0) << "wrote past the end";
          if (testing::Test::HasFailure()) return;
        }
    }
  cudaFree(d_bad);
  cudaStreamDestroy(stream);
}

TEST_F(DeviceApiGpu, InitStatesXORWOW) { check_init_states<gpurngStateXORWOW_t, curandStateXORWOW_t>("XORWOW", ~0ull); }
TEST_F(DeviceApiGpu, InitStatesMRG32k3a) {
  check_init_states<gpurngStateMRG32k3a_t, curandStateMRG32k3a_t>("MRG32k3a", max_subsequence(Engine::mrg32k3a));
}
TEST_F(DeviceApiGpu, InitStatesPhilox4_32_10) {
  check_init_states<gpurngStatePhilox4_32_10_t, curandStatePhilox4_32_10_t>("Philox4_32_10", ~0ull);
}

}  // namespace
