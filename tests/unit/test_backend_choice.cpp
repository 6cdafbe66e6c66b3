// SPDX-License-Identifier: BSD-3-Clause
// GPURNG_BACKEND: auto picks CUDA only when a GPU is usable and the CPU otherwise, with the same numbers;
// cpu forces the CPU; cuda without a GPU is refused with INITIALIZATION_FAILED.
#include <gtest/gtest.h>

#include <cstdlib>

#include "targets.hpp"

namespace {

using namespace gpurng_test;

gpurngStatus_t create_with(const char* backend, gpurngGenerator_t* g) {
  if (backend)
    setenv("GPURNG_BACKEND", backend, 1);
  else
    unsetenv("GPURNG_BACKEND");
  const gpurngStatus_t st = gpurngCreateGenerator(g, GPURNG_RNG_PSEUDO_RANMAR48);
  unsetenv("GPURNG_BACKEND");
  return st;
}

TEST(BackendChoice, AutoFollowsGpuAvailability) {
  for (const char* setting : {static_cast<const char*>(nullptr), "auto"}) {
    gpurngGenerator_t g = nullptr;
    ASSERT_EQ(create_with(setting, &g), GPURNG_STATUS_SUCCESS);
    gpurngBackend_t b;
    ASSERT_EQ(gpurngGetBackend(g, &b), GPURNG_STATUS_SUCCESS);
    EXPECT_EQ(b, gpu_usable() ? GPURNG_BACKEND_CUDA : GPURNG_BACKEND_CPU);
    gpurngDestroyGenerator(g);
  }
}

TEST(BackendChoice, ForcedCpuAndForcedCuda) {
  gpurngGenerator_t g = nullptr;
  ASSERT_EQ(create_with("cpu", &g), GPURNG_STATUS_SUCCESS);
  gpurngBackend_t b;
  gpurngGetBackend(g, &b);
  EXPECT_EQ(b, GPURNG_BACKEND_CPU);
  gpurngDestroyGenerator(g);
  g = nullptr;
  if (gpu_usable()) {
    ASSERT_EQ(create_with("cuda", &g), GPURNG_STATUS_SUCCESS);
    gpurngGetBackend(g, &b);
    EXPECT_EQ(b, GPURNG_BACKEND_CUDA);
    gpurngDestroyGenerator(g);
  } else {
    EXPECT_EQ(create_with("cuda", &g), GPURNG_STATUS_INITIALIZATION_FAILED);
    EXPECT_EQ(g, nullptr);
  }
}

TEST(BackendChoice, HostGeneratorIsAlwaysCpuAndAgreesWithDefault) {
  gpurngGenerator_t host = nullptr, dflt = nullptr;
  ASSERT_EQ(gpurngCreateGeneratorHost(&host, GPURNG_RNG_PSEUDO_RANMAR48), GPURNG_STATUS_SUCCESS);
  ASSERT_EQ(create_with(nullptr, &dflt), GPURNG_STATUS_SUCCESS);
  gpurngBackend_t b;
  gpurngGetBackend(host, &b);
  EXPECT_EQ(b, GPURNG_BACKEND_CPU);
  std::vector<double> x(3000000), y(3000000);
  ASSERT_EQ(gpurngGenerateUniformDouble(host, x.data(), x.size()), GPURNG_STATUS_SUCCESS);
  ASSERT_EQ(gpurngGenerateUniformDouble(dflt, y.data(), y.size()), GPURNG_STATUS_SUCCESS);
  EXPECT_TRUE(same_stream(x, y));
  gpurngDestroyGenerator(host);
  gpurngDestroyGenerator(dflt);
}

}  // namespace
