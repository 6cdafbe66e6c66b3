// SPDX-License-Identifier: BSD-3-Clause
// Device fills of the GPU Gems-era engines (src/backends/cuda/gems_kernels.cu, compiled into this test)
// against the host fills of include/gpurng/engines/halton_rasrap.hpp and hybrid_taus.hpp, bit for bit: every output
// kind, several seeds, dimension counts and positions (up to 10^15), chunked calls, streams. Exits with
// 77 (CTest: skipped) where no GPU is usable.
#include <cuda_runtime.h>
#include <gtest/gtest.h>

#include <cstdio>
#include <cstring>
#include <vector>

#include "../../src/backends/cuda/gems_device.hpp"

namespace hr = gpurng::halton_rasrap;
namespace ht = gpurng::hybrid_taus;
using gpurng::cuda::HaltonOutput;
using gpurng::cuda::TausOutput;

namespace {

bool gpu_usable() {
  int n = 0;
  return cudaGetDeviceCount(&n) == cudaSuccess && n > 0;
}

template <typename T>
struct device_buffer {
  T* p = nullptr;
  size_t n;
  explicit device_buffer(size_t count) : n(count) {
    EXPECT_EQ(cudaMalloc(&p, (count ? count : 1) * sizeof(T)), cudaSuccess);
    cudaMemset(p, 0xA5, (count ? count : 1) * sizeof(T));
  }
  ~device_buffer() { cudaFree(p); }
  std::vector<T> get() const {
    std::vector<T> h(n);
    EXPECT_EQ(cudaMemcpy(h.data(), p, n * sizeof(T), cudaMemcpyDeviceToHost), cudaSuccess);
    return h;
  }
};

// Bitwise equality (normals: -0 vs +0 and NaN patterns count as differences).
template <typename T>
::testing::AssertionResult same_bits(const std::vector<T>& a, const std::vector<T>& b) {
  if (a.size() != b.size()) return ::testing::AssertionFailure() << "sizes " << a.size() << " " << b.size();
  for (size_t i = 0; i < a.size(); ++i)
    if (std::memcmp(&a[i], &b[i], sizeof(T)) != 0)
      return ::testing::AssertionFailure() << "first difference at " << i << ": " << a[i] << " vs " << b[i];
  return ::testing::AssertionSuccess();
}

template <typename T, typename HostFill>
void check_halton(const hr::params& p, unsigned dims, uint64_t off, size_t n, HaltonOutput o, HostFill host,
                  double mean = 0.0, double stddev = 1.0) {
  device_buffer<T> d(n);
  ASSERT_EQ(gpurng::cuda::halton_fill(p, dims, off, n, o, d.p, mean, stddev, nullptr), GPURNG_STATUS_SUCCESS);
  std::vector<T> h(n);
  ASSERT_TRUE(host(h.data()));
  EXPECT_TRUE(same_bits(d.get(), h)) << "seed " << p.seed << " dims " << dims << " offset " << off << " n " << n
                                     << " output " << static_cast<int>(o);
}

TEST(GemsGpu, HaltonAllOutputs) {
  for (uint64_t seed : {uint64_t{0}, uint64_t{42}, uint64_t{0xDEADBEEFCAFEF00Dull}}) {
    const hr::params p = hr::make_params(seed, hr::kMaxDimensions);
    const hr::view v = p.get();
    struct call {
      unsigned dims;
      uint64_t off;
      size_t points;
    };
    for (const call c : {call{1, 0, 1000003}, call{7, 1000000000000ull, 10007}, call{360, 123456789, 2048},
                         call{1000, ~0ull - 1000, 300}, call{1000, 0, 1}}) {
      const size_t n = c.dims * c.points;
      check_halton<uint32_t>(p, c.dims, c.off, n, HaltonOutput::bits32,
                             [&](uint32_t* o) { return hr::fill(v, c.dims, c.off, n, o); });
      check_halton<unsigned long long>(p, c.dims, c.off, n, HaltonOutput::bits64, [&](unsigned long long* o) {
        return hr::fill(v, c.dims, c.off, n, reinterpret_cast<uint64_t*>(o));
      });
      check_halton<float>(p, c.dims, c.off, n, HaltonOutput::uniform_f32,
                          [&](float* o) { return hr::fill(v, c.dims, c.off, n, o); });
      check_halton<double>(p, c.dims, c.off, n, HaltonOutput::uniform_f64,
                           [&](double* o) { return hr::fill(v, c.dims, c.off, n, o); });
    }
  }
}

// Normals go through libm-style functions (log, erf, exp): the device's differ from glibc's in the last
// bits, so the normals are compared to a few ulp, the words underneath them exactly (above).
TEST(GemsGpu, HaltonNormalsClose) {
  const hr::params p = hr::make_params(7, 50);
  const size_t n = 50 * 4096;
  for (HaltonOutput o : {HaltonOutput::normal_f64, HaltonOutput::lognormal_f64}) {
    device_buffer<double> d(n);
    ASSERT_EQ(gpurng::cuda::halton_fill(p, 50, 99, n, o, d.p, 0.5, 2.0, nullptr), GPURNG_STATUS_SUCCESS);
    std::vector<double> h(n);
    ASSERT_TRUE(hr::fill_normal(p.get(), 50, 99, n, h.data(), 0.5, 2.0));
    if (o == HaltonOutput::lognormal_f64)
      for (double& x : h) x = exp(x);
    const std::vector<double> g = d.get();
    for (size_t i = 0; i < n; ++i) ASSERT_NEAR(g[i], h[i], 1e-12 * (1 + std::fabs(h[i]))) << i;
  }
  for (HaltonOutput o : {HaltonOutput::normal_f32, HaltonOutput::lognormal_f32}) {
    device_buffer<float> d(n);
    ASSERT_EQ(gpurng::cuda::halton_fill(p, 50, 99, n, o, d.p, 0.5, 2.0, nullptr), GPURNG_STATUS_SUCCESS);
    std::vector<float> h(n);
    ASSERT_TRUE(hr::fill_normal(p.get(), 50, 99, n, h.data(), 0.5f, 2.0f));
    if (o == HaltonOutput::lognormal_f32)
      for (float& x : h) x = expf(x);
    const std::vector<float> g = d.get();
    for (size_t i = 0; i < n; ++i) ASSERT_NEAR(g[i], h[i], 1e-5 * (1 + std::fabs(h[i]))) << i;
  }
}

// Options, a cache of several parameter sets used in turn, and a call on a stream.
TEST(GemsGpu, HaltonParameterSetsAndStreams) {
  std::vector<hr::params> sets;
  for (int i = 0; i < 6; ++i) sets.push_back(hr::make_params(100 + i, 20 + i, {i % 2 == 0, i % 3 != 0}));
  cudaStream_t s;
  ASSERT_EQ(cudaStreamCreate(&s), cudaSuccess);
  for (int round = 0; round < 3; ++round)
    for (const hr::params& p : sets) {
      const unsigned dims = p.dimensions();
      const size_t n = dims * 3001;
      device_buffer<double> d(n);
      ASSERT_EQ(gpurng::cuda::halton_fill(p, dims, 5000 * round, n, HaltonOutput::uniform_f64, d.p, 0, 1, s),
                GPURNG_STATUS_SUCCESS);
      ASSERT_EQ(cudaStreamSynchronize(s), cudaSuccess);
      std::vector<double> h(n);
      ASSERT_TRUE(hr::fill(p.get(), dims, 5000 * round, n, h.data()));
      EXPECT_TRUE(same_bits(d.get(), h));
    }
  cudaStreamDestroy(s);
  const hr::params p = hr::make_params(1, 4);
  device_buffer<float> d(12);
  EXPECT_EQ(gpurng::cuda::halton_fill(p, 5, 0, 10, HaltonOutput::uniform_f32, d.p, 0, 1, nullptr),
            GPURNG_STATUS_OUT_OF_RANGE);
  EXPECT_EQ(gpurng::cuda::halton_fill(p, 3, 0, 10, HaltonOutput::uniform_f32, d.p, 0, 1, nullptr),
            GPURNG_STATUS_OUT_OF_RANGE);
}

template <typename T>
void check_taus(uint64_t seed, uint64_t pos, size_t n, TausOutput o, uint64_t first_subsequence = 0) {
  device_buffer<T> d(n);
  ASSERT_EQ(gpurng::cuda::hybrid_taus_fill(seed, first_subsequence, pos, n, o, d.p, nullptr), GPURNG_STATUS_SUCCESS);
  std::vector<T> h(n);
  ht::fill(seed, pos, n, h.data(), first_subsequence);
  EXPECT_TRUE(same_bits(d.get(), h)) << "seed " << seed << " pos " << pos << " n " << n << " first "
                                     << first_subsequence;
}

TEST(GemsGpu, HybridTausAllOutputs) {
  for (uint64_t seed : {uint64_t{0}, uint64_t{42}, uint64_t{0xDEADBEEFCAFEF00Dull}}) {
    for (uint64_t pos : {uint64_t{0}, uint64_t{12345}, uint64_t{1000000000000000ull}, uint64_t(~0ull - 3000000)}) {
      for (size_t n : {size_t{1}, size_t{1000}, size_t{65536}, size_t{65537}, size_t{2999999}}) {
        check_taus<uint32_t>(seed, pos, n, TausOutput::bits32);
        check_taus<float>(seed, pos, n, TausOutput::uniform_f32);
        check_taus<double>(seed, pos, n, TausOutput::uniform_f64);
      }
    }
  }
  // Streams of the host API (gpurngSetGeneratorStream): subsequences k T + t.
  for (uint64_t first : {uint64_t{65536}, uint64_t{65536} << 20, ~uint64_t{0} - 65535})
    check_taus<uint32_t>(5, 123457, 70001, TausOutput::bits32, first);
}

// Consecutive device calls = one host fill.
TEST(GemsGpu, HybridTausChunked) {
  const size_t n = 1000000;
  device_buffer<uint32_t> d(n);
  size_t first = 0, step = 1;
  while (first < n) {
    const size_t count = std::min(n - first, step);
    ASSERT_EQ(gpurng::cuda::hybrid_taus_fill(9, 0, 77 + first, count, TausOutput::bits32, d.p + first, nullptr),
              GPURNG_STATUS_SUCCESS);
    first += count;
    step = step * 3 + 1;
  }
  std::vector<uint32_t> h(n);
  ht::fill(9, 77, n, h.data());
  EXPECT_TRUE(same_bits(d.get(), h));
}

}  // namespace

int main(int argc, char** argv) {
  if (!gpu_usable()) {
    std::printf("no usable GPU: skipping the GPU Gems engine device tests\n");
    return 77;
  }
  ::testing::InitGoogleTest(&argc, argv);
  return RUN_ALL_TESTS();
}
