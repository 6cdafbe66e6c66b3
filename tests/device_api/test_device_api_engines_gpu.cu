// SPDX-License-Identifier: BSD-3-Clause
// Label gpu (skips without a GPU): the device API of Sobol', hybrid Taus, Park-Miller, the RANMAR family, Halton
// Rasrap and gpurng_poisson, compiled with nvcc's default flags in the default (portable) normal mode, gives on the
// GPU the same bits as the same header compiled for the host, for every call (the host-compiled header is checked
// against the host API and naive references by the CPU tests test_device_api_{sobol,classic,ranmar,halton,poisson}).
#include "engines_gpu_scripts.cuh"

namespace {

using namespace engines_gpu;

class DeviceApiEnginesGpu : public testing::Test {
 protected:
  void SetUp() override {
    if (!gpu_usable()) GTEST_SKIP() << "no GPU";
  }
};

template <class Script>
void same_on_both(const char* what, unsigned threads) {
  Fixture fx;
  const Script f{};
  expect_same(what, on_gpu(f, fx.dev, threads), on_host(f, fx.host, threads));
}

TEST_F(DeviceApiEnginesGpu, Sobol) {
  same_on_both<SobolScript<gpurngStateSobol32_t, false>>("Sobol32", 4096);
  same_on_both<SobolScript<gpurngStateScrambledSobol32_t, true>>("scrambled Sobol32", 4096);
  same_on_both<SobolScript<gpurngStateSobol64_t, false>>("Sobol64", 4096);
  same_on_both<SobolScript<gpurngStateScrambledSobol64_t, true>>("scrambled Sobol64", 4096);
}
TEST_F(DeviceApiEnginesGpu, HybridTaus) { same_on_both<HybridTausScript>("hybrid Taus", 4096); }
TEST_F(DeviceApiEnginesGpu, ParkMiller) { same_on_both<ParkMillerScript>("Park-Miller", 4096); }
TEST_F(DeviceApiEnginesGpu, Ranmar) {
  same_on_both<RanmarScript<gpurngStateRanmar_t>>("RANMAR", 512);
  same_on_both<RanmarScript<gpurngStateRanmar48_t>>("RANMAR48", 512);
  same_on_both<RanmarScript<gpurngStateRanmar48X_t>>("RANMAR48X", 512);
}
TEST_F(DeviceApiEnginesGpu, HaltonRasrap) { same_on_both<HaltonScript>("Halton Rasrap", 4096); }
TEST_F(DeviceApiEnginesGpu, PoissonPortable) {
  same_on_both<PoissonScript<gpurngStateXORWOW_t>>("Poisson XORWOW", 2048);
  same_on_both<PoissonScript<gpurngStateMRG32k3a_t>>("Poisson MRG32k3a", 2048);
  same_on_both<PoissonScript<gpurngStatePhilox4_32_10_t>>("Poisson Philox", 2048);
}

}  // namespace
