// SPDX-License-Identifier: BSD-3-Clause
// A worker's part failing (GPURNG_FAULT=part:1: the first part the process runs fails with LAUNCH_FAILURE before
// writing, as a GPU error would): a split fill, pricer or solver batch returns that status instead of hanging, the
// failed part's outputs are untouched, the generator's position does not move, and the next call works. Each test
// runs in a process of its own (ctest sets GPURNG_FAULT; without it they skip). Three workers: device 0 named three
// times on a GPU machine, three CPU workers otherwise.
#include <gtest/gtest.h>

#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include "gpurng.h"
#include "gpurng_pricing.h"
#include "gpurng_tridiag.h"
#include "targets.hpp"

#if GPURNG_TEST_HAVE_CUDA
#include <cuda_runtime.h>
#endif

namespace {

bool fault_set() {
  const char* f = std::getenv("GPURNG_FAULT");
  return f && std::string(f) == "part:1";
}

bool on_gpu() { return gpurng_test::gpu_usable(); }

gpurngWorkers_t three_workers() {
  gpurngWorkers_t w = nullptr;
  const int devices[3] = {0, 0, 0};
  EXPECT_EQ(GPURNG_STATUS_SUCCESS,
            gpurngCreateWorkers(&w, on_gpu() ? GPURNG_BACKEND_CUDA : GPURNG_BACKEND_CPU, devices, 3));
  return w;
}

TEST(SplitFaults, FillReportsAndKeepsItsPosition) {
  if (!fault_set()) GTEST_SKIP() << "needs GPURNG_FAULT=part:1";
  gpurngWorkers_t w = three_workers();
  gpurngGenerator_t g = nullptr, one = nullptr;
  ASSERT_EQ(GPURNG_STATUS_SUCCESS, gpurngCreateGenerator(&g, GPURNG_RNG_PSEUDO_RANMAR));
  ASSERT_EQ(GPURNG_STATUS_SUCCESS, gpurngCreateGeneratorHost(&one, GPURNG_RNG_PSEUDO_RANMAR));
  const size_t n = 1 << 20, counts[3] = {n, n, n};
  std::vector<unsigned> want(3 * n);
  ASSERT_EQ(GPURNG_STATUS_SUCCESS, gpurngGenerate(one, want.data(), want.size()));
  std::vector<std::vector<unsigned>> got(3, std::vector<unsigned>(n, 0xDEADBEEFu));
  unsigned* bufs[3] = {got[0].data(), got[1].data(), got[2].data()};
#if GPURNG_TEST_HAVE_CUDA
  if (on_gpu())
    for (int i = 0; i < 3; ++i) {
      ASSERT_EQ(cudaSuccess, cudaMalloc(&bufs[i], n * 4));
      ASSERT_EQ(cudaSuccess, cudaMemcpy(bufs[i], got[size_t(i)].data(), n * 4, cudaMemcpyHostToDevice));
    }
#endif
  EXPECT_EQ(GPURNG_STATUS_LAUNCH_FAILURE, gpurngGenerateParts(g, w, bufs, counts));
  unsigned long long at = 1;
  ASSERT_EQ(GPURNG_STATUS_SUCCESS, gpurngGetGeneratorOffset(g, &at));
  EXPECT_EQ(at, 0u);
  auto read = [&] {
#if GPURNG_TEST_HAVE_CUDA
    if (on_gpu())
      for (int i = 0; i < 3; ++i) cudaMemcpy(got[size_t(i)].data(), bufs[i], n * 4, cudaMemcpyDeviceToHost);
#endif
  };
  read();
  int untouched = 0;
  for (int i = 0; i < 3; ++i) {
    const bool sentinel = got[size_t(i)][0] == 0xDEADBEEFu && got[size_t(i)][n - 1] == 0xDEADBEEFu;
    const bool right = std::memcmp(got[size_t(i)].data(), want.data() + size_t(i) * n, n * 4) == 0;
    untouched += sentinel;
    EXPECT_TRUE(sentinel || right) << "part " << i << " holds neither its numbers nor what it held";
  }
  EXPECT_EQ(untouched, 1);                                                    // exactly the failed part
  ASSERT_EQ(GPURNG_STATUS_SUCCESS, gpurngGenerateParts(g, w, bufs, counts));  // the fault fired once
  read();
  for (int i = 0; i < 3; ++i)
    EXPECT_EQ(0, std::memcmp(got[size_t(i)].data(), want.data() + size_t(i) * n, n * 4)) << "part " << i;
#if GPURNG_TEST_HAVE_CUDA
  if (on_gpu())
    for (unsigned* b : bufs) cudaFree(b);
#endif
  gpurngDestroyGenerator(g);
  gpurngDestroyGenerator(one);
  gpurngDestroyWorkers(w);
}

TEST(SplitFaults, PricerReports) {
  if (!fault_set()) GTEST_SKIP() << "needs GPURNG_FAULT=part:1";
  gpurngWorkers_t w = three_workers();
  gpurngPricer_t p = nullptr;
  ASSERT_EQ(GPURNG_STATUS_SUCCESS, gpurngCreatePricerOnWorkers(&p, w));
  gpurngPricingOptions_t o;
  gpurngPricingOptionsDefault(&o);
  const gpurngAsianBasketParams_t params = {1.5, 1.2, 0.001, 0.002, 0.02, 0.01, 0.015};
  gpurngPricingResult_t r = {-1.0, -1.0};
  EXPECT_EQ(GPURNG_STATUS_LAUNCH_FAILURE, gpurngPriceAsianBasket(p, &o, 16, 1, &params, &r));
  EXPECT_EQ(r.mean, -1.0);  // nothing written
  EXPECT_EQ(GPURNG_STATUS_SUCCESS, gpurngPriceAsianBasket(p, &o, 16, 1, &params, &r));
  EXPECT_GT(r.mean, 0.0);
  gpurngDestroyPricer(p);
  gpurngDestroyWorkers(w);
}

TEST(SplitFaults, SolverReportsAndLeavesItsSliceAlone) {
  if (!fault_set()) GTEST_SKIP() << "needs GPURNG_FAULT=part:1";
  gpurngWorkers_t w = three_workers();
  gpurngSolver_t s = nullptr;
  ASSERT_EQ(GPURNG_STATUS_SUCCESS, gpurngCreateSolverOnWorkers(&s, w));
  const int m = 64, batch = 30;
  std::vector<float> dl(size_t(m) * batch, -1.0f), d(size_t(m) * batch, 4.0f), du(size_t(m) * batch, -1.0f),
      x(size_t(m) * batch, 1.0f);
  EXPECT_EQ(GPURNG_STATUS_LAUNCH_FAILURE,
            gpurngSgtsvStridedBatch(s, m, dl.data(), d.data(), du.data(), x.data(), batch, m, nullptr));
  int untouched = 0;
  for (int k = 0; k < batch; k += 10) {  // the three slices: systems 0-9, 10-19, 20-29
    bool all_ones = true;
    for (int k2 = k; k2 < k + 10; ++k2)
      for (int i = 0; i < m; ++i) all_ones = all_ones && x[size_t(k2) * m + size_t(i)] == 1.0f;
    untouched += all_ones;
  }
  EXPECT_EQ(untouched, 1);
  gpurngDestroySolver(s);
  gpurngDestroyWorkers(w);
}

}  // namespace
