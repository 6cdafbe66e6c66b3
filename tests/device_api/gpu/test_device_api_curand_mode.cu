// SPDX-License-Identifier: BSD-3-Clause
// The device API in its cuRAND-device normal mode (GPURNG_NORMALS_CURAND_DEVICE defined before gpurng_kernel.h),
// compiled with nvcc's default flags (label gpu; skips without a GPU): side by side with cuRAND's device API in
// the same kernel, every call of side_by_side.cuh's script gives cuRAND's bits, normals and log-normals included.
// Integers and uniforms also equal the host-compiled header (which computes portable normals in this mode, so
// normals are not compared with it).
#define GPURNG_NORMALS_CURAND_DEVICE 1

#include <curand_kernel.h>
#include <gtest/gtest.h>

#include "side_by_side.cuh"

namespace {

using namespace dapi_test;

class DeviceApiCurandMode : public testing::Test {
 protected:
  void SetUp() override {
    if (!gpu_usable()) GTEST_SKIP() << "no GPU";
  }
};

TEST_F(DeviceApiCurandMode, CompiledWithDefaultContraction) { EXPECT_TRUE(default_contraction_on()); }

template <Engine E, class SO, class SC>
void curand_mode_side_by_side() {
  const std::vector<Params> params = make_params(4096, max_subsequence(E));
  Outcome o;
  run_side_by_side<E, SO, SC>(params, o);
  if (testing::Test::HasFatalFailure()) return;
  expect_equal_slots("integers and uniforms, GPU vs cuRAND", o, o.ours, o.curand, kExact, params);
  expect_equal_slots("normals and log-normals, GPU vs cuRAND", o, o.ours, o.curand, kNormal, params);
  expect_equal_slots("integers and uniforms, GPU vs host-compiled header", o, o.ours, o.host, kExact, params);
}

TEST_F(DeviceApiCurandMode, XORWOW) {
  curand_mode_side_by_side<Engine::xorwow, gpurngStateXORWOW_t, curandStateXORWOW_t>();
}
TEST_F(DeviceApiCurandMode, MRG32k3a) {
  curand_mode_side_by_side<Engine::mrg32k3a, gpurngStateMRG32k3a_t, curandStateMRG32k3a_t>();
}
TEST_F(DeviceApiCurandMode, Philox4_32_10) {
  curand_mode_side_by_side<Engine::philox, gpurngStatePhilox4_32_10_t, curandStatePhilox4_32_10_t>();
}

}  // namespace
