// SPDX-License-Identifier: BSD-3-Clause
// CPU and CUDA give identical numbers for every engine and output type (CTest label gpu). Sizes cross
// both chunk tables of the CUDA backend and a multi-launch request; every request starts at an odd
// position. Exits with 77 (CTest: skipped) where no GPU is usable.
#include <gtest/gtest.h>

#include <cstdio>
#include <random>

#include "targets.hpp"

namespace {

using namespace gpurng_test;

template <typename T>
void compare_backends(gpurngRngType_t type, size_t n, unsigned long long start) {
  SCOPED_TRACE(std::string(type_name(type)) + " " + typeid(T).name() + " n=" + std::to_string(n));
  const Target cuda{"cuda-device-memory", true, true, false};
  const Target cpu{"cpu-host-generator", false, false, true};
  gpurngGenerator_t g = make_generator(cuda, type), h = make_generator(cpu, type);
  for (gpurngGenerator_t x : {g, h}) {
    ASSERT_EQ(gpurngSetPseudoRandomGeneratorSeed(x, 314159265), GPURNG_STATUS_SUCCESS);
    ASSERT_EQ(gpurngSetGeneratorOffset(x, start), GPURNG_STATUS_SUCCESS);
  }
  // Two consecutive requests: the second starts from the window the first left on the device.
  for (int round = 0; round < 2; ++round) {
    const std::vector<T> a = draw<T>(cuda, g, n), b = draw<T>(cpu, h, n);
    EXPECT_TRUE(same_stream(a, b)) << "round " << round;
  }
  gpurngDestroyGenerator(g);
  gpurngDestroyGenerator(h);
}

TEST(CpuVsCuda, EveryEngineAndOutputType) {
  for (size_t n :
       {size_t(1), size_t(31), size_t(1000), size_t(1) << 20, (size_t(1) << 24) + 3, (size_t(1) << 26) + 12345}) {
    compare_backends<unsigned>(GPURNG_RNG_PSEUDO_RANMAR, n, 7);
    compare_backends<float>(GPURNG_RNG_PSEUDO_RANMAR, n, 1001);
    compare_backends<double>(GPURNG_RNG_PSEUDO_RANMAR, n, 99);
    for (gpurngRngType_t type : {GPURNG_RNG_PSEUDO_RANMAR48, GPURNG_RNG_PSEUDO_RANMAR48X}) {
      compare_backends<unsigned long long>(type, n, 3);
      compare_backends<float>(type, n, 12345);
      compare_backends<double>(type, n, 1000000007ull);
    }
  }
}

TEST(CpuVsCuda, MultiLaunchRequest) {
  // Longer than one launch of the large chunk table (65664 numbers a resident warp: 3.5e8 on a 132-multiprocessor
  // H100 or H200), so the second launch starts from the window the first left, a whole number of chunks on.
  compare_backends<float>(GPURNG_RNG_PSEUDO_RANMAR, (size_t(1) << 29) + 777, 5);
}

TEST(CpuVsCuda, ZerosOnTheGpu) {
  // Seed 1's first exact 24-bit zero (at 619286) inside a GPU request: U(2) replacement on the device.
  compare_backends<float>(GPURNG_RNG_PSEUDO_RANMAR, 700000, 0);
  const Target cuda{"cuda-device-memory", true, true, false};
  gpurngGenerator_t g = make_generator(cuda, GPURNG_RNG_PSEUDO_RANMAR),
                    h = make_generator(all_targets().front(), GPURNG_RNG_PSEUDO_RANMAR);
  for (gpurngGenerator_t x : {g, h}) gpurngSetPseudoRandomGeneratorSeed(x, 1);
  EXPECT_TRUE(same_stream(draw<double>(cuda, g, 2000000), draw<double>(all_targets().front(), h, 2000000)));
  gpurngDestroyGenerator(g);
  gpurngDestroyGenerator(h);
}

}  // namespace

int main(int argc, char** argv) {
  if (!gpu_usable()) {
    std::printf("no usable GPU: skipping the CPU-vs-CUDA tests\n");
    return 77;
  }
  ::testing::InitGoogleTest(&argc, argv);
  return RUN_ALL_TESTS();
}
