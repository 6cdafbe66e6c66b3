// SPDX-License-Identifier: BSD-3-Clause
// Label gpu (skips without a GPU): in the cuRAND-device normal mode (GPURNG_NORMALS_CURAND_DEVICE defined before
// the headers), compiled with nvcc's default flags, the Sobol' calls and gpurng_poisson give on the GPU the bits of
// cuRAND's device functions (curand_init with the same direction numbers, curand, curand_uniform(_double),
// curand_normal(_double), curand_log_normal(_double), skipahead; curand_poisson), each script run side by side
// with its cuRAND twin in the same kernel shape.
#define GPURNG_NORMALS_CURAND_DEVICE 1

#include <curand_kernel.h>

#include "engines_gpu_scripts.cuh"

namespace {

using namespace engines_gpu;

template <class State, bool Scrambled>
struct CurandSobolScript {
  __device__ void operator()(unsigned t, const Inputs& in, Out o) const {
    constexpr bool wide = sizeof(State{}.x) == 8;
    const unsigned d = t % 16;
    const unsigned long long offset = (t / 16) * 977ull + (t % 3 == 0 ? (1ull << 31) - 5 : 0);
    State s;
    if constexpr (wide) {
      if constexpr (Scrambled)
        curand_init(const_cast<unsigned long long*>(in.v64s + 64 * d), in.c64[d], offset, &s);
      else
        curand_init(const_cast<unsigned long long*>(in.v64 + 64 * d), offset, &s);
    } else {
      if constexpr (Scrambled)
        curand_init(const_cast<unsigned*>(in.v32s + 32 * d), in.c32[d], static_cast<unsigned>(offset), &s);
      else
        curand_init(const_cast<unsigned*>(in.v32 + 32 * d), static_cast<unsigned>(offset), &s);
    }
    int k = 0;
    o.put(k++, curand(&s));
    o.put(k++, bits_of(curand_uniform(&s)));
    o.put(k++, bits_of(curand_uniform_double(&s)));
    for (int i = 0; i < 4; ++i) o.put(k++, bits_of(curand_normal(&s)));
    for (int i = 0; i < 4; ++i) o.put(k++, bits_of(curand_normal_double(&s)));
    o.put(k++, bits_of(curand_log_normal(&s, 0.5f, 1.25f)));
    o.put(k++, bits_of(curand_log_normal_double(&s, -0.25, 0.75)));
    skipahead(t, &s);
    o.put(k++, curand(&s));
  }
};

template <class State>
struct CurandPoissonScript {
  __device__ void operator()(unsigned t, const Inputs&, Out o) const {
    State s;
    curand_init(777ull, t, 0, &s);
    for (int k = 0; k < 16; ++k) o.put(k, curand_poisson(&s, poisson_lambda(k + static_cast<int>(t))));
  }
};

class DeviceApiEnginesCurandMode : public testing::Test {
 protected:
  void SetUp() override {
    if (!gpu_usable()) GTEST_SKIP() << "no GPU";
  }
};

template <class Ours, class Theirs>
void same_as_curand(const char* what, unsigned threads) {
  Fixture fx;
  expect_same(what, on_gpu(Ours{}, fx.dev, threads), on_gpu(Theirs{}, fx.dev, threads));
}

TEST_F(DeviceApiEnginesCurandMode, SobolEqualsCurand) {
  same_as_curand<SobolScript<gpurngStateSobol32_t, false>, CurandSobolScript<curandStateSobol32_t, false>>("Sobol32",
                                                                                                           4096);
  same_as_curand<SobolScript<gpurngStateScrambledSobol32_t, true>,
                 CurandSobolScript<curandStateScrambledSobol32_t, true>>("scrambled Sobol32", 4096);
  same_as_curand<SobolScript<gpurngStateSobol64_t, false>, CurandSobolScript<curandStateSobol64_t, false>>("Sobol64",
                                                                                                           4096);
  same_as_curand<SobolScript<gpurngStateScrambledSobol64_t, true>,
                 CurandSobolScript<curandStateScrambledSobol64_t, true>>("scrambled Sobol64", 4096);
}
TEST_F(DeviceApiEnginesCurandMode, PoissonEqualsCurand) {
  same_as_curand<PoissonScript<gpurngStateXORWOW_t>, CurandPoissonScript<curandStateXORWOW_t>>("Poisson XORWOW", 2048);
  same_as_curand<PoissonScript<gpurngStateMRG32k3a_t>, CurandPoissonScript<curandStateMRG32k3a_t>>("Poisson MRG32k3a",
                                                                                                   2048);
  same_as_curand<PoissonScript<gpurngStatePhilox4_32_10_t>, CurandPoissonScript<curandStatePhilox4_32_10_t>>(
      "Poisson Philox", 2048);
}

}  // namespace
