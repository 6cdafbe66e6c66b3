// SPDX-License-Identifier: BSD-3-Clause
// GPURNG_NORMAL_METHOD_CURAND_DEVICE: the normals and log-normals of XORWOW, MRG32k3a, Philox and the four Sobol'
// generators equal cuRAND's GPU generators', bit for bit, in the same process (label gpu; those tests skip
// without a GPU), into device and into host memory; and on the CPU backend the mode's normal calls return
// GPURNG_STATUS_ARCH_MISMATCH while its other outputs stay the default method's (label cpu).
#include <gtest/gtest.h>

#include <cstring>
#include <string>
#include <vector>

#include "gpurng.h"

#if GPURNG_TEST_HAVE_CUDA
#include <cuda_runtime.h>
#include <curand.h>
#endif

namespace {

struct Engine {
  gpurngRngType_t g;
  int c;  // curandRngType_t
  const char* name;
};
constexpr Engine kEngines[] = {{GPURNG_RNG_PSEUDO_XORWOW, 101, "XORWOW"},
                               {GPURNG_RNG_PSEUDO_MRG32K3A, 121, "MRG32K3A"},
                               {GPURNG_RNG_PSEUDO_PHILOX4_32_10, 161, "PHILOX4_32_10"},
                               {GPURNG_RNG_QUASI_SOBOL32, 201, "SOBOL32"},
                               {GPURNG_RNG_QUASI_SCRAMBLED_SOBOL32, 202, "SCRAMBLED_SOBOL32"},
                               {GPURNG_RNG_QUASI_SOBOL64, 203, "SOBOL64"},
                               {GPURNG_RNG_QUASI_SCRAMBLED_SOBOL64, 204, "SCRAMBLED_SOBOL64"}};
bool is_quasi(const Engine& e) { return e.c >= 200; }

TEST(CurandDeviceNormalsCpu, NormalCallsRefusedOtherOutputsUnchanged) {
  for (const Engine& e : kEngines) {
    gpurngGenerator_t g = nullptr, plain = nullptr;
    ASSERT_EQ(gpurngCreateGeneratorHost(&g, e.g), GPURNG_STATUS_SUCCESS);
    ASSERT_EQ(gpurngCreateGeneratorHost(&plain, e.g), GPURNG_STATUS_SUCCESS);
    ASSERT_EQ(gpurngSetNormalMethod(g, GPURNG_NORMAL_METHOD_CURAND_DEVICE), GPURNG_STATUS_SUCCESS) << e.name;
    if (is_quasi(e)) {  // 64 values of one dimension
      ASSERT_EQ(gpurngSetQuasiRandomGeneratorDimensions(g, 1), GPURNG_STATUS_SUCCESS);
      ASSERT_EQ(gpurngSetQuasiRandomGeneratorDimensions(plain, 1), GPURNG_STATUS_SUCCESS);
    }
    std::vector<float> f(64);
    std::vector<double> d(64);
    EXPECT_EQ(gpurngGenerateNormal(g, f.data(), 64, 0, 1), GPURNG_STATUS_ARCH_MISMATCH) << e.name;
    EXPECT_EQ(gpurngGenerateNormalDouble(g, d.data(), 64, 0, 1), GPURNG_STATUS_ARCH_MISMATCH) << e.name;
    EXPECT_EQ(gpurngGenerateLogNormal(g, f.data(), 64, 0, 1), GPURNG_STATUS_ARCH_MISMATCH) << e.name;
    EXPECT_EQ(gpurngGenerateLogNormalDouble(g, d.data(), 64, 0, 1), GPURNG_STATUS_ARCH_MISMATCH) << e.name;
    // A refused call draws nothing: the uniforms that follow are the plain generator's first ones.
    std::vector<float> a(1000), b(1000);
    ASSERT_EQ(gpurngGenerateUniform(g, a.data(), a.size()), GPURNG_STATUS_SUCCESS);
    ASSERT_EQ(gpurngGenerateUniform(plain, b.data(), b.size()), GPURNG_STATUS_SUCCESS);
    EXPECT_EQ(std::memcmp(a.data(), b.data(), a.size() * sizeof(float)), 0) << e.name;
    // Back to the default method, normals are made again, and equal the plain generator's.
    ASSERT_EQ(gpurngSetNormalMethod(g, is_quasi(e) ? GPURNG_NORMAL_METHOD_INVERSE_CDF : GPURNG_NORMAL_METHOD_DEFAULT),
              GPURNG_STATUS_SUCCESS);
    std::vector<double> x(64), y(64);
    ASSERT_EQ(gpurngGenerateNormalDouble(g, x.data(), 64, 1, 2), GPURNG_STATUS_SUCCESS);
    ASSERT_EQ(gpurngGenerateNormalDouble(plain, y.data(), 64, 1, 2), GPURNG_STATUS_SUCCESS);
    EXPECT_EQ(std::memcmp(x.data(), y.data(), x.size() * sizeof(double)), 0) << e.name;
    gpurngDestroyGenerator(g);
    gpurngDestroyGenerator(plain);
  }
  // Engines that are not cuRAND's do not offer the mode.
  for (gpurngRngType_t t :
       {GPURNG_RNG_QUASI_HALTON_RASRAP, GPURNG_RNG_PSEUDO_RANMAR48, GPURNG_RNG_PSEUDO_HYBRID_TAUS}) {
    gpurngGenerator_t g = nullptr;
    ASSERT_EQ(gpurngCreateGeneratorHost(&g, t), GPURNG_STATUS_SUCCESS);
    EXPECT_EQ(gpurngSetNormalMethod(g, GPURNG_NORMAL_METHOD_CURAND_DEVICE), GPURNG_STATUS_OUT_OF_RANGE) << t;
    gpurngDestroyGenerator(g);
  }
}

#if GPURNG_TEST_HAVE_CUDA

bool gpu_usable() {
  int n = 0;
  return cudaGetDeviceCount(&n) == cudaSuccess && n > 0;
}

enum class Kind { uniform_f32, normal_f32, normal_f64, lognormal_f32, lognormal_f64 };
struct Step {
  Kind kind;
  size_t n;
  double mean, stddev;
  long long offset;  // >= 0: SetGeneratorOffset first
};
// Calls of every normal type, in several sizes, with uniforms between them (calls of another width move
// the layout's threads to a cursor) and an offset change (a rebuild).
const std::vector<Step> kScript = {
    {Kind::normal_f32, 1 << 20, 0.0, 1.0, -1},     {Kind::normal_f64, 4098, 1.5, 2.5, -1},
    {Kind::lognormal_f32, 100002, 0.25, 0.5, -1},  {Kind::uniform_f32, 1001, 0, 0, -1},
    {Kind::lognormal_f64, 65536, -0.5, 0.75, -1},  {Kind::normal_f32, 2, 3.0, 0.125, -1},
    {Kind::normal_f64, 1 << 19, 0.0, 1.0, 123457}, {Kind::lognormal_f32, 8192, 0.0, 1.0, -1},
};
// The quasi-random engines' calls: multiples of their 3 dimensions.
const std::vector<Step> kQuasiScript = {
    {Kind::normal_f32, 3 << 18, 0.0, 1.0, -1},      {Kind::lognormal_f64, 3 * 1000, 0.25, 0.5, -1},
    {Kind::uniform_f32, 3 * 7, 0, 0, -1},           {Kind::normal_f64, 3 << 12, 1.5, 2.5, -1},
    {Kind::lognormal_f32, 3 * 333, 0.0, 1.0, 1001}, {Kind::normal_f32, 3 * 4096, -1.0, 0.5, -1},
};
size_t size_of(Kind k) { return k == Kind::normal_f64 || k == Kind::lognormal_f64 ? 8 : 4; }

gpurngStatus_t ours(gpurngGenerator_t g, const Step& s, void* out) {
  switch (s.kind) {
    case Kind::uniform_f32:
      return gpurngGenerateUniform(g, static_cast<float*>(out), s.n);
    case Kind::normal_f32:
      return gpurngGenerateNormal(g, static_cast<float*>(out), s.n, float(s.mean), float(s.stddev));
    case Kind::normal_f64:
      return gpurngGenerateNormalDouble(g, static_cast<double*>(out), s.n, s.mean, s.stddev);
    case Kind::lognormal_f32:
      return gpurngGenerateLogNormal(g, static_cast<float*>(out), s.n, float(s.mean), float(s.stddev));
    case Kind::lognormal_f64:
      return gpurngGenerateLogNormalDouble(g, static_cast<double*>(out), s.n, s.mean, s.stddev);
  }
  return GPURNG_STATUS_INTERNAL_ERROR;
}
curandStatus_t theirs(curandGenerator_t g, const Step& s, void* out) {
  switch (s.kind) {
    case Kind::uniform_f32:
      return curandGenerateUniform(g, static_cast<float*>(out), s.n);
    case Kind::normal_f32:
      return curandGenerateNormal(g, static_cast<float*>(out), s.n, float(s.mean), float(s.stddev));
    case Kind::normal_f64:
      return curandGenerateNormalDouble(g, static_cast<double*>(out), s.n, s.mean, s.stddev);
    case Kind::lognormal_f32:
      return curandGenerateLogNormal(g, static_cast<float*>(out), s.n, float(s.mean), float(s.stddev));
    case Kind::lognormal_f64:
      return curandGenerateLogNormalDouble(g, static_cast<double*>(out), s.n, s.mean, s.stddev);
  }
  return CURAND_STATUS_INTERNAL_ERROR;
}

// The script on cuRAND's GPU generator and on ours (device memory, and a second one into host memory), for
// one engine, ordering and seed; every value compared bit for bit.
void same_as_curand(const Engine& e, int ordering) {
  const std::string what = std::string(e.name) + " ordering " + std::to_string(ordering);
  gpurngGenerator_t dev = nullptr, host = nullptr;
  ASSERT_EQ(gpurngCreateGenerator(&dev, e.g), GPURNG_STATUS_SUCCESS);
  ASSERT_EQ(gpurngCreateGenerator(&host, e.g), GPURNG_STATUS_SUCCESS);
  gpurngBackend_t backend;
  ASSERT_EQ(gpurngGetBackend(dev, &backend), GPURNG_STATUS_SUCCESS);
  if (backend != GPURNG_BACKEND_CUDA) GTEST_SKIP() << "the library chose the CPU backend";
  curandGenerator_t c = nullptr;
  ASSERT_EQ(curandCreateGenerator(&c, static_cast<curandRngType_t>(e.c)), CURAND_STATUS_SUCCESS);
  const bool quasi = is_quasi(e);
  for (gpurngGenerator_t g : {dev, host}) {
    if (quasi) {
      ASSERT_EQ(gpurngSetQuasiRandomGeneratorDimensions(g, 3), GPURNG_STATUS_SUCCESS);
    } else {
      ASSERT_EQ(gpurngSetPseudoRandomGeneratorSeed(g, 20261126), GPURNG_STATUS_SUCCESS);
      ASSERT_EQ(gpurngSetGeneratorOrdering(g, static_cast<gpurngOrdering_t>(ordering)), GPURNG_STATUS_SUCCESS);
    }
    ASSERT_EQ(gpurngSetNormalMethod(g, GPURNG_NORMAL_METHOD_CURAND_DEVICE), GPURNG_STATUS_SUCCESS);
  }
  if (quasi) {
    ASSERT_EQ(curandSetQuasiRandomGeneratorDimensions(c, 3), CURAND_STATUS_SUCCESS);
  } else {
    ASSERT_EQ(curandSetPseudoRandomGeneratorSeed(c, 20261126), CURAND_STATUS_SUCCESS);
    ASSERT_EQ(curandSetGeneratorOrdering(c, static_cast<curandOrdering_t>(ordering)), CURAND_STATUS_SUCCESS);
  }
  const std::vector<Step>& script = quasi ? kQuasiScript : kScript;
  size_t most = 0;
  for (const Step& s : script) most = std::max(most, s.n * size_of(s.kind));
  void *a = nullptr, *b = nullptr;
  ASSERT_EQ(cudaMalloc(&a, most), cudaSuccess);
  ASSERT_EQ(cudaMalloc(&b, most), cudaSuccess);
  std::vector<char> ha(most), hb(most), hh(most);
  for (size_t k = 0; k < script.size(); ++k) {
    const Step& s = script[k];
    if (s.offset >= 0) {
      ASSERT_EQ(gpurngSetGeneratorOffset(dev, s.offset), GPURNG_STATUS_SUCCESS);
      ASSERT_EQ(gpurngSetGeneratorOffset(host, s.offset), GPURNG_STATUS_SUCCESS);
      ASSERT_EQ(curandSetGeneratorOffset(c, s.offset), CURAND_STATUS_SUCCESS);
    }
    const size_t bytes = s.n * size_of(s.kind);
    ASSERT_EQ(ours(dev, s, a), GPURNG_STATUS_SUCCESS) << what << " call " << k;
    ASSERT_EQ(theirs(c, s, b), CURAND_STATUS_SUCCESS) << what << " call " << k;
    ASSERT_EQ(ours(host, s, hh.data()), GPURNG_STATUS_SUCCESS) << what << " call " << k;
    ASSERT_EQ(cudaMemcpy(ha.data(), a, bytes, cudaMemcpyDeviceToHost), cudaSuccess);
    ASSERT_EQ(cudaMemcpy(hb.data(), b, bytes, cudaMemcpyDeviceToHost), cudaSuccess);
    const size_t w = size_of(s.kind);
    size_t differ = 0, first = s.n;
    for (size_t i = 0; i < s.n; ++i)
      if (std::memcmp(ha.data() + i * w, hb.data() + i * w, w) != 0 && differ++ == 0) first = i;
    EXPECT_EQ(differ, 0u) << what << " call " << k << ": " << differ << " of " << s.n
                          << " values differ from cuRAND's GPU output, the first at " << first;
    EXPECT_EQ(std::memcmp(ha.data(), hh.data(), bytes), 0) << what << " call " << k << ": host memory differs";
  }
  cudaFree(a);
  cudaFree(b);
  curandDestroyGenerator(c);
  gpurngDestroyGenerator(dev);
  gpurngDestroyGenerator(host);
}

class CurandDeviceNormalsGpu : public testing::Test {
 protected:
  void SetUp() override {
    if (!gpu_usable()) GTEST_SKIP() << "no GPU";
  }
};

TEST_F(CurandDeviceNormalsGpu, XORWOW) { same_as_curand(kEngines[0], GPURNG_ORDERING_PSEUDO_DEFAULT); }
TEST_F(CurandDeviceNormalsGpu, MRG32k3a) { same_as_curand(kEngines[1], GPURNG_ORDERING_PSEUDO_DEFAULT); }
TEST_F(CurandDeviceNormalsGpu, MRG32k3aLegacy) { same_as_curand(kEngines[1], GPURNG_ORDERING_PSEUDO_LEGACY); }
TEST_F(CurandDeviceNormalsGpu, Philox4_32_10) { same_as_curand(kEngines[2], GPURNG_ORDERING_PSEUDO_DEFAULT); }
TEST_F(CurandDeviceNormalsGpu, Sobol32) { same_as_curand(kEngines[3], GPURNG_ORDERING_QUASI_DEFAULT); }
TEST_F(CurandDeviceNormalsGpu, ScrambledSobol32) { same_as_curand(kEngines[4], GPURNG_ORDERING_QUASI_DEFAULT); }
TEST_F(CurandDeviceNormalsGpu, Sobol64) { same_as_curand(kEngines[5], GPURNG_ORDERING_QUASI_DEFAULT); }
TEST_F(CurandDeviceNormalsGpu, ScrambledSobol64) { same_as_curand(kEngines[6], GPURNG_ORDERING_QUASI_DEFAULT); }

#endif

}  // namespace
