// SPDX-License-Identifier: BSD-3-Clause
// Fault injection (GPURNG_FAULT, set per test run by CTest): the producer fails at a chosen slab, the
// ring recovers at the first unpublished slab, and the caller's stream has no gap, repeat or reordering.
// On the GPU the failure moves the generator to the CPU backend.
#include <gtest/gtest.h>

#include <cstdlib>
#include <random>
#include <string>

#include "ring_checker.hpp"
#include "targets.hpp"

namespace {

using namespace gpurng_test;

TEST(RingFaults, StreamSurvivesTheInjectedFault) {
  const char* fault = std::getenv("GPURNG_FAULT");
  ASSERT_NE(fault, nullptr) << "run through CTest, which sets GPURNG_FAULT";
  const bool gpu_fault = std::string(fault).rfind("fill", 0) != 0;
  if (gpu_fault && !gpu_usable()) GTEST_SKIP() << "a GPU fault needs a GPU";
  const Target t = gpu_fault ? Target{"cuda-host-memory", true, false, false} : all_targets().front();
  gpurngGenerator_t g = make_generator(t, GPURNG_RNG_PSEUDO_RANMAR48);
  ASSERT_EQ(gpurngSetPrefetch(g, 4096, 4), GPURNG_STATUS_SUCCESS);  // many slabs in a short run
  StreamChecker<double> ref(GPURNG_RNG_PSEUDO_RANMAR48, GPURNG_RANMAR_DEFAULT_SEED);
  std::mt19937_64 rng(3);
  std::vector<double> x(100000);
  while (ref.checked() < 3000000) {
    const size_t n = legacy_request_size(rng);
    ASSERT_EQ(gpurngGenerateUniformDouble(g, x.data(), n), GPURNG_STATUS_SUCCESS);
    ASSERT_TRUE(ref.check(x.data(), n));
  }
  if (gpu_fault) {
    gpurngBackend_t b;
    ASSERT_EQ(gpurngGetBackend(g, &b), GPURNG_STATUS_SUCCESS);
    EXPECT_EQ(b, GPURNG_BACKEND_CPU) << "after a GPU fault the generator continues on the CPU";
  }
  gpurngDestroyGenerator(g);
}

}  // namespace
