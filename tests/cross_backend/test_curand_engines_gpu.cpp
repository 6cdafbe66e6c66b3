// SPDX-License-Identifier: BSD-3-Clause
// Every cuRAND-style engine through the public API: a CUDA generator writing device memory must give the
// same bits as a host generator for the same sequence of calls (seeds, offsets, orderings, dimensions,
// every output type, normals and Poisson included, some calls into host memory), and asynchronous calls on a
// gpurngSetStream stream the same as synchronous ones. Label gpu; exits 77 (skipped) without a usable GPU.
#include <cuda_runtime.h>
#include <gtest/gtest.h>

#include <cstring>
#include <random>
#include <string>
#include <vector>

#include "gpurng.h"
#include "targets.hpp"

namespace {

struct Case {
  const char* name;
  gpurngRngType_t type;
  bool quasi;
  bool wide;          // 64-bit words offered by gpurngGenerateLongLong
  bool even_normals;  // normals need even lengths
  gpurngOrdering_t ordering;
  gpurngNormalMethod_t method;
};

const Case kCases[] = {
    {"XORWOW", GPURNG_RNG_PSEUDO_XORWOW, false, false, true, GPURNG_ORDERING_PSEUDO_DEFAULT,
     GPURNG_NORMAL_METHOD_DEFAULT},
    {"MRG32K3A", GPURNG_RNG_PSEUDO_MRG32K3A, false, false, true, GPURNG_ORDERING_PSEUDO_DEFAULT,
     GPURNG_NORMAL_METHOD_DEFAULT},
    {"MRG32K3A_LEGACY", GPURNG_RNG_PSEUDO_MRG32K3A, false, false, true, GPURNG_ORDERING_PSEUDO_LEGACY,
     GPURNG_NORMAL_METHOD_DEFAULT},
    {"PHILOX", GPURNG_RNG_PSEUDO_PHILOX4_32_10, false, false, false, GPURNG_ORDERING_PSEUDO_DEFAULT,
     GPURNG_NORMAL_METHOD_DEFAULT},
    {"SOBOL32", GPURNG_RNG_QUASI_SOBOL32, true, false, false, GPURNG_ORDERING_QUASI_DEFAULT,
     GPURNG_NORMAL_METHOD_DEFAULT},
    {"SCRAMBLED_SOBOL32", GPURNG_RNG_QUASI_SCRAMBLED_SOBOL32, true, false, false, GPURNG_ORDERING_QUASI_DEFAULT,
     GPURNG_NORMAL_METHOD_DEFAULT},
    {"SOBOL64", GPURNG_RNG_QUASI_SOBOL64, true, true, false, GPURNG_ORDERING_QUASI_DEFAULT,
     GPURNG_NORMAL_METHOD_DEFAULT},
    {"SCRAMBLED_SOBOL64", GPURNG_RNG_QUASI_SCRAMBLED_SOBOL64, true, true, false, GPURNG_ORDERING_QUASI_DEFAULT,
     GPURNG_NORMAL_METHOD_DEFAULT},
    {"HALTON_RASRAP", GPURNG_RNG_QUASI_HALTON_RASRAP, true, true, false, GPURNG_ORDERING_QUASI_DEFAULT,
     GPURNG_NORMAL_METHOD_DEFAULT},
    {"HYBRID_TAUS", GPURNG_RNG_PSEUDO_HYBRID_TAUS, false, false, true, GPURNG_ORDERING_PSEUDO_DEFAULT,
     GPURNG_NORMAL_METHOD_DEFAULT},
    {"HYBRID_TAUS_WALLACE", GPURNG_RNG_PSEUDO_HYBRID_TAUS, false, false, false, GPURNG_ORDERING_PSEUDO_DEFAULT,
     GPURNG_NORMAL_METHOD_WALLACE},
};

enum Kind { kU32, kU64, kF32, kF64, kN32, kN64, kLN32, kLN64, kPoisson, kKinds };

size_t elem_size(int k) { return k == kU32 || k == kF32 || k == kN32 || k == kLN32 || k == kPoisson ? 4 : 8; }

gpurngStatus_t call(gpurngGenerator_t g, int kind, void* p, size_t n) {
  switch (kind) {
    case kU32:
      return gpurngGenerate(g, static_cast<unsigned*>(p), n);
    case kU64:
      return gpurngGenerateLongLong(g, static_cast<unsigned long long*>(p), n);
    case kF32:
      return gpurngGenerateUniform(g, static_cast<float*>(p), n);
    case kF64:
      return gpurngGenerateUniformDouble(g, static_cast<double*>(p), n);
    case kN32:
      return gpurngGenerateNormal(g, static_cast<float*>(p), n, 0.5f, 2.0f);
    case kN64:
      return gpurngGenerateNormalDouble(g, static_cast<double*>(p), n, -1.0, 0.25);
    case kLN32:
      return gpurngGenerateLogNormal(g, static_cast<float*>(p), n, 0.1f, 0.7f);
    case kLN64:
      return gpurngGenerateLogNormalDouble(g, static_cast<double*>(p), n, 0.2, 0.3);
    default:
      return gpurngGeneratePoisson(g, static_cast<unsigned*>(p), n, 17.5);
  }
}

class StyleGpu : public ::testing::TestWithParam<Case> {};

void run_session(const Case& c, bool with_stream, uint64_t rng_seed) {
  gpurngGenerator_t host = nullptr, dev = nullptr;
  ASSERT_EQ(gpurngCreateGeneratorHost(&host, c.type), GPURNG_STATUS_SUCCESS);
  setenv("GPURNG_BACKEND", "cuda", 1);
  ASSERT_EQ(gpurngCreateGenerator(&dev, c.type), GPURNG_STATUS_SUCCESS);
  unsetenv("GPURNG_BACKEND");
  cudaStream_t stream = nullptr;
  if (with_stream) {
    ASSERT_EQ(cudaStreamCreateWithFlags(&stream, cudaStreamNonBlocking), cudaSuccess);
    ASSERT_EQ(gpurngSetStream(dev, reinterpret_cast<gpurngCudaStream_t>(stream)), GPURNG_STATUS_SUCCESS);
  }
  for (gpurngGenerator_t g : {host, dev}) {
    ASSERT_EQ(gpurngSetGeneratorOrdering(g, c.ordering), GPURNG_STATUS_SUCCESS);
    ASSERT_EQ(gpurngSetNormalMethod(g, c.method), GPURNG_STATUS_SUCCESS);
  }
  std::mt19937_64 rng(rng_seed);
  const unsigned dims_choices[] = {1, 3, 64, 999};
  const unsigned long long offsets[] = {0, 1, 4095, 4097, 81921, 262145, (1ull << 32) - 2, 1000000000003ull};
  unsigned dims = 1;
  void* d_buf = nullptr;
  const size_t max_n = size_t(3) << 20;
  ASSERT_EQ(cudaMalloc(&d_buf, max_n * 8), cudaSuccess);
  std::vector<char> a(max_n * 8), b(max_n * 8);
  std::string history;  // the calls so far, printed with a failure
  for (int step = 0; step < 60; ++step) {
    const std::string ctx = std::string(c.name) + (with_stream ? " stream" : "") + " step " + std::to_string(step) +
                            " after [" + history + "]";
    const unsigned r = rng() % 10;
    if (r == 0 && c.quasi) {
      dims = dims_choices[rng() % 4];
      history += " dims" + std::to_string(dims);
      if (c.type != GPURNG_RNG_QUASI_HALTON_RASRAP || dims <= 1000)
        for (gpurngGenerator_t g : {host, dev})
          ASSERT_EQ(gpurngSetQuasiRandomGeneratorDimensions(g, dims), GPURNG_STATUS_SUCCESS);
    } else if (r == 1) {
      const unsigned long long o = offsets[rng() % 8];
      history += " offset" + std::to_string(o);
      for (gpurngGenerator_t g : {host, dev}) ASSERT_EQ(gpurngSetGeneratorOffset(g, o), GPURNG_STATUS_SUCCESS);
    } else if (r == 2 && (!c.quasi || c.type == GPURNG_RNG_QUASI_HALTON_RASRAP)) {
      const unsigned long long s = rng() % 3 == 0 ? ~0ull : rng() % 1000;
      history += " seed" + std::to_string(s);
      for (gpurngGenerator_t g : {host, dev})
        ASSERT_EQ(gpurngSetPseudoRandomGeneratorSeed(g, s), GPURNG_STATUS_SUCCESS);
    } else {
      int kind = static_cast<int>(rng() % kKinds);
      if (kind == kU64 && !c.wide) kind = kU32;
      if (kind == kU32 && c.wide && c.type != GPURNG_RNG_QUASI_HALTON_RASRAP) kind = kU64;
      size_t n = 1 + rng() % (rng() % 3 == 0 ? (size_t(1) << 20) : 20000);
      const bool normal = kind >= kN32 && kind <= kLN64;
      if (normal && c.even_normals) n += n % 2;
      if (c.quasi) n = std::max<size_t>(1, n / dims) * dims;
      if (n > max_n) n = max_n / dims * dims;
      const size_t bytes = n * elem_size(kind);
      // About one call in seven writes host memory on the CUDA generator too (made on CPU threads, or on the GPU and
      // copied back): it moves the positions that XORWOW and MRG32k3a keep on the device for device calls.
      const bool dev_host_memory = r == 3;
      history += std::string(dev_host_memory ? " hk" : " k") + std::to_string(kind) + "n" + std::to_string(n);
      const gpurngStatus_t hs = call(host, kind, a.data(), n);
      const gpurngStatus_t ds = call(dev, kind, dev_host_memory ? static_cast<void*>(b.data()) : d_buf, n);
      ASSERT_EQ(hs, ds) << ctx;
      ASSERT_EQ(hs, GPURNG_STATUS_SUCCESS) << ctx << " kind " << kind << " n " << n;
      if (with_stream) ASSERT_EQ(cudaStreamSynchronize(stream), cudaSuccess);
      if (!dev_host_memory) ASSERT_EQ(cudaMemcpy(b.data(), d_buf, bytes, cudaMemcpyDeviceToHost), cudaSuccess);
      if (std::memcmp(a.data(), b.data(), bytes) != 0) {
        size_t i = 0;
        while (std::memcmp(a.data() + i * elem_size(kind), b.data() + i * elem_size(kind), elem_size(kind)) == 0) ++i;
        size_t count = 0;
        for (size_t j = 0; j < n; ++j)
          count += std::memcmp(a.data() + j * elem_size(kind), b.data() + j * elem_size(kind), elem_size(kind)) != 0;
        unsigned ha = 0, hb = 0;
        std::memcpy(&ha, a.data() + i * elem_size(kind), 4);
        std::memcpy(&hb, b.data() + i * elem_size(kind), 4);
        FAIL() << ctx << " kind " << kind << " n " << n << ": first difference at element " << i << " (host word " << ha
               << ", device word " << hb << "), " << count << " elements differ";
      }
      unsigned long long ph = 0, pd = 0;
      gpurngGetGeneratorOffset(host, &ph);
      gpurngGetGeneratorOffset(dev, &pd);
      ASSERT_EQ(ph, pd) << ctx;
    }
  }
  cudaFree(d_buf);
  gpurngDestroyGenerator(host);
  gpurngDestroyGenerator(dev);
  if (stream) cudaStreamDestroy(stream);
}

TEST_P(StyleGpu, DeviceEqualsHost) { run_session(GetParam(), false, 11); }
TEST_P(StyleGpu, StreamEqualsHost) { run_session(GetParam(), true, 12); }

INSTANTIATE_TEST_SUITE_P(Engines, StyleGpu, ::testing::ValuesIn(kCases),
                         [](const ::testing::TestParamInfo<Case>& i) { return std::string(i.param.name); });

}  // namespace

int main(int argc, char** argv) {
  ::testing::InitGoogleTest(&argc, argv);
  if (!gpurng_test::gpu_usable()) {
    std::printf("no usable GPU: skipped\n");
    return 77;
  }
  return RUN_ALL_TESTS();
}
