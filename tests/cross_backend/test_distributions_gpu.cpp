// SPDX-License-Identifier: BSD-3-Clause
// The CUDA distributions against the host ones, bit for bit (CTest label gpu): the Poisson transform
// (src/backends/cuda/poisson_kernels.cu vs poisson_transform_cpu) and the Wallace generator
// (src/backends/cuda/wallace_kernels.cu vs wallace_generator): device seeding, chunked fills, skips, and
// state moved between host and device. Exits with 77 (CTest: skipped) where no GPU is usable.
#include <gtest/gtest.h>

#include <cstdio>
#include <cstring>
#include <vector>

#include "../../src/backends/cuda/poisson_device.hpp"
#include "../../src/backends/cuda/wallace_device.hpp"
#include "../../src/distributions/poisson_cpu.hpp"
#include "../../src/distributions/wallace_cpu.hpp"

#if GPURNG_TEST_HAVE_CUDA
#include <cuda_runtime.h>
#endif

namespace {

#if GPURNG_TEST_HAVE_CUDA
using gpurng::poisson::poisson_table;
namespace w = gpurng::wallace;
namespace cu = gpurng::cuda;

template <typename T>
struct DeviceBuffer {
  T* p = nullptr;
  explicit DeviceBuffer(size_t n) {
    if (cudaMalloc(reinterpret_cast<void**>(&p), (n ? n : 1) * sizeof(T)) != cudaSuccess) p = nullptr;
  }
  ~DeviceBuffer() { cudaFree(p); }
};

uint64_t splitmix64(uint64_t& s) {
  uint64_t z = (s += 0x9e3779b97f4a7c15ull);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
  return z ^ (z >> 31);
}

template <typename T>
bool same_bits(const T* a, const T* b, size_t n) {
  return std::memcmp(a, b, n * sizeof(T)) == 0;
}

TEST(DistributionsGpu, PoissonTransformEqualsHost) {
  const size_t n = (size_t(3) << 20) + 7;
  std::vector<unsigned> words(n);
  uint64_t s = 12345;
  for (auto& v : words) v = static_cast<unsigned>(splitmix64(s) >> 32);
  words[0] = 0;
  words[1] = 0xffffffffu;
  DeviceBuffer<unsigned> d(n);
  ASSERT_NE(d.p, nullptr);
  cudaStream_t stream = nullptr;
  ASSERT_EQ(cudaStreamCreateWithFlags(&stream, cudaStreamNonBlocking), cudaSuccess);
  // Lambdas alternate so that the cached device table is replaced and reused.
  const double lambdas[] = {4, 0.5, 1000, 1000, 2000.5, 4e5, 1e-6, 4, 1e5};
  int round = 0;
  for (double lambda : lambdas) {
    SCOPED_TRACE(lambda);
    poisson_table t;
    ASSERT_EQ(poisson_table::build(lambda, &t), GPURNG_STATUS_SUCCESS);
    std::vector<unsigned> host = words;
    gpurng::poisson::poisson_transform_cpu(t, host.data(), n);
    ASSERT_EQ(cudaMemcpy(d.p, words.data(), n * sizeof(unsigned), cudaMemcpyHostToDevice), cudaSuccess);
    const bool async = (round++ % 2) == 1;
    ASSERT_EQ(cu::poisson_transform(t, d.p, n, async ? stream : nullptr), GPURNG_STATUS_SUCCESS);
    if (async) ASSERT_EQ(cudaStreamSynchronize(stream), cudaSuccess);
    std::vector<unsigned> dev(n);
    ASSERT_EQ(cudaMemcpy(dev.data(), d.p, n * sizeof(unsigned), cudaMemcpyDeviceToHost), cudaSuccess);
    EXPECT_TRUE(same_bits(dev.data(), host.data(), n));
  }
  cudaStreamDestroy(stream);
  EXPECT_EQ(cu::poisson_transform(poisson_table(), d.p, 0, nullptr), GPURNG_STATUS_SUCCESS);  // n = 0: nothing
  cu::poisson_release_cache();
}

std::vector<float> device_fill(cu::WallaceDevice* dev, size_t n) {
  DeviceBuffer<float> d(n);
  EXPECT_NE(d.p, nullptr);
  EXPECT_EQ(cu::wallace_fill(dev, d.p, n, nullptr), GPURNG_STATUS_SUCCESS);
  std::vector<float> v(n);
  if (n) EXPECT_EQ(cudaMemcpy(v.data(), d.p, n * sizeof(float), cudaMemcpyDeviceToHost), cudaSuccess);
  return v;
}

TEST(DistributionsGpu, WallaceEqualsHost) {
  const size_t pass = w::kPassOutputs;
  for (uint64_t seed : {0ull, 987654321ull}) {
    SCOPED_TRACE(seed);
    w::wallace_generator host(seed);
    cu::WallaceDevice* dev = nullptr;
    ASSERT_EQ(cu::wallace_create(&dev), GPURNG_STATUS_SUCCESS);
    ASSERT_EQ(cu::wallace_seed(dev, seed, nullptr), GPURNG_STATUS_SUCCESS);
    // Device seeding = host seeding (pools after the warm-up).
    w::wallace_state ds;
    ASSERT_EQ(cu::wallace_download(dev, &ds), GPURNG_STATUS_SUCCESS);
    ASSERT_TRUE(same_bits(ds.pools.data(), host.state().pools.data(), pass));
    // Chunked fills, a skip, and sizes across pool and pass boundaries and several passes in one call.
    const size_t sizes[] = {1, 1023, 1024, 777777, 0, pass, 3 * pass + 5, 12345, 200000};
    for (size_t n : sizes) {
      SCOPED_TRACE(n);
      std::vector<float> h(n);
      host.fill(n, h.data());
      const std::vector<float> d = device_fill(dev, n);
      ASSERT_TRUE(same_bits(h.data(), d.data(), n));
      ASSERT_EQ(cu::wallace_position(dev), host.position());
    }
    host.skip(pass + 99);
    ASSERT_EQ(cu::wallace_fill(dev, nullptr, pass + 99, nullptr), GPURNG_STATUS_SUCCESS);
    {
      std::vector<float> h(50000);
      host.fill(h.size(), h.data());
      ASSERT_TRUE(same_bits(h.data(), device_fill(dev, h.size()).data(), h.size()));
    }
    // State round trip: device -> host generator, host -> device.
    ASSERT_EQ(cu::wallace_download(dev, &ds), GPURNG_STATUS_SUCCESS);
    EXPECT_EQ(ds.pos, host.state().pos);
    EXPECT_EQ(ds.done, host.state().done);
    ASSERT_TRUE(same_bits(ds.pools.data(), host.state().pools.data(), pass));
    w::wallace_generator moved(1);
    moved.set_state(ds);
    std::vector<float> a(300000), b(300000);
    moved.fill(a.size(), a.data());
    host.fill(b.size(), b.data());
    ASSERT_TRUE(same_bits(a.data(), b.data(), a.size()));
    ASSERT_EQ(cu::wallace_upload(dev, moved.state()), GPURNG_STATUS_SUCCESS);
    std::vector<float> h(2 * pass + 1);
    host.fill(h.size(), h.data());
    ASSERT_TRUE(same_bits(h.data(), device_fill(dev, h.size()).data(), h.size()));
    cu::wallace_destroy(dev);
  }
}

bool gpu_usable() {
  int n = 0;
  return cudaGetDeviceCount(&n) == cudaSuccess && n > 0;
}
#else
bool gpu_usable() { return false; }
#endif

}  // namespace

int main(int argc, char** argv) {
  if (!gpu_usable()) {
    std::printf("no usable GPU: skipping the CUDA distribution tests\n");
    return 77;
  }
  ::testing::InitGoogleTest(&argc, argv);
  return RUN_ALL_TESTS();
}
