// SPDX-License-Identifier: BSD-3-Clause
// Pricers and solver batches on worker lists (gpurngCreatePricerOnWorkers, gpurngCreateSolverOnWorkers): the price
// and standard error, the solutions, prices, info entries and statuses are bit for bit those of one call on the
// workers' backend, whatever the worker count (CPU lists of 1, 2, 3 and 7; on a GPU machine device 0 named 1, 2 and
// 3 times, and every device under the multigpu label). The reference is an ordinary pricer or solver handle.
#include <gtest/gtest.h>

#include <cmath>
#include <condition_variable>
#include <cstdint>
#include <cstring>
#include <functional>
#include <mutex>
#include <string>
#include <thread>
#include <type_traits>
#include <utility>
#include <vector>

#include "gpurng.h"
#include "gpurng_pde.h"
#include "gpurng_pricing.h"
#include "gpurng_tridiag.h"

#if GPURNG_TEST_HAVE_CUDA
#include <cuda_runtime.h>
#endif

namespace {

uint64_t bits(double x) {
  uint64_t u;
  std::memcpy(&u, &x, 8);
  return u;
}

struct WorkerList {
  gpurngBackend_t backend;
  std::vector<int> devices;
  int count;
  std::string name;
};

std::vector<WorkerList> cpu_lists() {
  std::vector<WorkerList> out;
  for (int n : {1, 2, 3, 7}) out.push_back({GPURNG_BACKEND_CPU, {}, n, std::to_string(n) + " CPU workers"});
  return out;
}

gpurngWorkers_t make_workers(const WorkerList& l) {
  gpurngWorkers_t w = nullptr;
  EXPECT_EQ(GPURNG_STATUS_SUCCESS,
            gpurngCreateWorkers(&w, l.backend, l.devices.empty() ? nullptr : l.devices.data(), l.count));
  return w;
}

// ---- pricers ----

struct PricingCase {
  std::string name;
  gpurngPricingOptions_t o;
  int model;  // 0 Asian basket, 1 GARCH lookback, 2 LIBOR, 3 MBS
};

std::vector<PricingCase> pricing_cases() {
  std::vector<PricingCase> cases;
  auto base = [] {
    gpurngPricingOptions_t o;
    gpurngPricingOptionsDefault(&o);
    return o;
  };
  gpurngPricingOptions_t o = base();
  o.paths = 100003;
  o.first_path = 77;
  cases.push_back({"Asian Philox double, 100003 paths from 77", o, 0});
  o = base();
  o.paths = 65536 * 3 + 5;
  o.precision = GPURNG_PATHS_FLOAT;
  o.engine = GPURNG_RNG_PSEUDO_RANMAR;
  cases.push_back({"Asian RANMAR float", o, 0});
  o = base();
  o.paths = 40000;
  o.antithetic = 1;
  o.engine = GPURNG_RNG_PSEUDO_MRG32K3A;
  cases.push_back({"GARCH MRG32k3a antithetic", o, 1});
  o = base();
  o.engine = GPURNG_RNG_QUASI_SCRAMBLED_SOBOL32;
  o.paths = 20000;
  o.replications = 8;
  o.brownian_bridge = 1;
  cases.push_back({"LIBOR scrambled Sobol' RQMC, bridge", o, 2});
  o = base();
  o.engine = GPURNG_RNG_QUASI_HALTON_RASRAP;
  o.paths = 3000;
  o.replications = 4;
  cases.push_back({"MBS Halton RQMC", o, 3});
  // Two parameter sets: by replication on 2 and 3 workers, by points on 7 (docs/SCALING.md), each set's replications
  // placed apart.
  o = base();
  o.engine = GPURNG_RNG_QUASI_SOBOL32;
  o.paths = 5000;
  o.first_path = 3;
  o.replications = 5;
  cases.push_back({"Asian Sobol' RQMC, two sets", o, 0});
  o = base();
  o.engine = GPURNG_RNG_PSEUDO_HYBRID_TAUS;
  o.normal_method = GPURNG_NORMAL_METHOD_WALLACE;
  o.paths = 256 * 37;
  o.first_path = 512;
  cases.push_back({"Asian Wallace", o, 0});
  return cases;
}

std::vector<gpurngPricingResult_t> price(gpurngPricer_t p, const PricingCase& c) {
  const gpurngAsianBasketParams_t asian[2] = {{1.5, 1.2, 0.001, 0.002, 0.02, 0.01, 0.015},
                                              {1.0, 1.1, 0.0005, 0.001, 0.03, 0.0, 0.02}};
  const gpurngGarchLookbackParams_t garch = {0.05, 0.1, 0.1, 0.2, 0.1, 1.5, 0.0};
  const gpurngMbsParams_t mbs = {0.007, 0.01, -0.005, 10.0, 0.5, 0.02, 120};
  double initial[6], loadings[12];
  for (int j = 0; j < 6; ++j) {
    initial[j] = 0.04 + 0.002 * j;
    loadings[j] = 0.2;
    loadings[6 + j] = 0.05 - 0.02 * j;
  }
  const gpurngLiborParams_t libor = {6, 2, 2, 0.25, 0.045, initial, loadings};
  std::vector<gpurngPricingResult_t> r(6);
  gpurngStatus_t st = GPURNG_STATUS_INTERNAL_ERROR;
  switch (c.model) {
    case 0:
      st = gpurngPriceAsianBasket(p, &c.o, 16, 2, asian, r.data());
      r.resize(2);
      break;
    case 1:
      st = gpurngPriceGarchLookback(p, &c.o, 15, 1, &garch, r.data());
      r.resize(1);
      break;
    case 2:
      st = gpurngPriceLiborCaplets(p, &c.o, &libor, r.data());
      break;
    default:
      st = gpurngPriceMbs(p, &c.o, &mbs, r.data());
      r.resize(1);
  }
  EXPECT_EQ(GPURNG_STATUS_SUCCESS, st) << c.name;
  return r;
}

void expect_same_results(const std::vector<gpurngPricingResult_t>& a, const std::vector<gpurngPricingResult_t>& b,
                         const std::string& what) {
  ASSERT_EQ(a.size(), b.size());
  for (size_t i = 0; i < a.size(); ++i) {
    EXPECT_EQ(bits(a[i].mean), bits(b[i].mean)) << what << " output " << i << ": " << a[i].mean << " vs " << b[i].mean;
    EXPECT_EQ(bits(a[i].std_error), bits(b[i].std_error)) << what << " output " << i;
  }
}

void check_pricers(gpurngBackend_t one_backend, const std::vector<WorkerList>& lists) {
  gpurngPricer_t one = nullptr;
  ASSERT_EQ(GPURNG_STATUS_SUCCESS, gpurngCreatePricerOnBackend(&one, one_backend));
  for (const PricingCase& c : pricing_cases()) {
    const std::vector<gpurngPricingResult_t> want = price(one, c);
    for (const WorkerList& l : lists) {
      gpurngWorkers_t w = make_workers(l);
      gpurngPricer_t split = nullptr;
      ASSERT_EQ(GPURNG_STATUS_SUCCESS, gpurngCreatePricerOnWorkers(&split, w));
      gpurngDestroyWorkers(w);  // the pricer keeps a copy of the list
      expect_same_results(price(split, c), want, c.name + ", " + l.name);
      gpurngDestroyPricer(split);
    }
  }
  gpurngDestroyPricer(one);
}

TEST(SplitPricers, CpuWorkerListsGiveOneCallsBits) { check_pricers(GPURNG_BACKEND_CPU, cpu_lists()); }

// Part pricers (gpurngCreatePricerOnPart) on threads of this process, meeting through an in-process all-gather: each
// part returns one pricer's bits, as MPI ranks do through gpurng_mpi.h.
struct LocalExchange {
  std::mutex m;
  std::condition_variable cv;
  std::vector<std::vector<double>> bufs;
  int arrived = 0, readers = 0;
  bool reading = false;
};
struct PartContext {
  LocalExchange* x;
  int part;
};
int local_allgather(const double* mine, size_t count, double* all, const size_t* counts, int parts, void* context) {
  PartContext& c = *static_cast<PartContext*>(context);
  LocalExchange& x = *c.x;
  std::unique_lock<std::mutex> lock(x.m);
  x.cv.wait(lock, [&] { return !x.reading; });  // the last round has been read by every part
  x.bufs[size_t(c.part)].assign(mine, mine + count);
  if (++x.arrived == parts) {
    x.reading = true;
    x.readers = parts;
    x.cv.notify_all();
  } else {
    x.cv.wait(lock, [&] { return x.reading; });
  }
  size_t at = 0;
  for (int r = 0; r < parts; ++r) {
    if (x.bufs[size_t(r)].size() != counts[r]) return 1;
    std::copy(x.bufs[size_t(r)].begin(), x.bufs[size_t(r)].end(), all + at);
    at += counts[r];
  }
  if (--x.readers == 0) {
    x.reading = false;
    x.arrived = 0;
    x.cv.notify_all();
  }
  return 0;
}

TEST(SplitPricers, PartPricersGiveOneCallsBits) {
  gpurngPricer_t one = nullptr;
  ASSERT_EQ(GPURNG_STATUS_SUCCESS, gpurngCreatePricerOnBackend(&one, GPURNG_BACKEND_CPU));
  const std::vector<PricingCase> cases = pricing_cases();
  std::vector<std::vector<gpurngPricingResult_t>> want;
  for (const PricingCase& c : cases) want.push_back(price(one, c));
  gpurngDestroyPricer(one);
  for (int parts : {1, 2, 3, 7}) {
    LocalExchange x;
    x.bufs.resize(size_t(parts));
    std::vector<std::vector<std::vector<gpurngPricingResult_t>>> got(static_cast<size_t>(parts));
    std::vector<std::thread> threads;
    for (int r = 0; r < parts; ++r)
      threads.emplace_back([&, r] {
        PartContext context{&x, r};
        gpurngPricer_t p = nullptr;
        if (gpurngCreatePricerOnPart(&p, GPURNG_BACKEND_CPU, r, parts, local_allgather, &context) !=
            GPURNG_STATUS_SUCCESS)
          return;
        for (const PricingCase& c : cases) got[size_t(r)].push_back(price(p, c));
        gpurngDestroyPricer(p);
      });
    for (std::thread& t : threads) t.join();
    for (int r = 0; r < parts; ++r) {
      ASSERT_EQ(got[size_t(r)].size(), cases.size());
      for (size_t i = 0; i < cases.size(); ++i)
        expect_same_results(got[size_t(r)][i], want[i],
                            cases[i].name + ", part " + std::to_string(r) + " of " + std::to_string(parts));
    }
  }
  gpurngPricer_t p = nullptr;
  EXPECT_EQ(GPURNG_STATUS_OUT_OF_RANGE,
            gpurngCreatePricerOnPart(&p, GPURNG_BACKEND_CPU, 3, 3, local_allgather, nullptr));
  EXPECT_EQ(GPURNG_STATUS_NULL_POINTER, gpurngCreatePricerOnPart(&p, GPURNG_BACKEND_CPU, 0, 1, nullptr, nullptr));
}

TEST(SplitPricers, BadInput) {
  gpurngPricer_t p = nullptr;
  EXPECT_EQ(GPURNG_STATUS_NULL_POINTER, gpurngCreatePricerOnWorkers(nullptr, nullptr));
  EXPECT_EQ(GPURNG_STATUS_NOT_INITIALIZED, gpurngCreatePricerOnWorkers(&p, nullptr));
  EXPECT_EQ(p, nullptr);
}

// ---- solvers ----

template <typename T>
struct StridedBatch {
  int m, batch, stride;
  std::vector<T> dl, d, du, x;
  StridedBatch(int m_, int batch_, int stride_, int bad_system) : m(m_), batch(batch_), stride(stride_) {
    const size_t n = size_t(batch) * size_t(stride);
    dl.assign(n, T(0)), d.assign(n, T(0)), du.assign(n, T(0)), x.assign(n, T(0));
    uint64_t s = 12345;
    auto next = [&] {
      s = s * 6364136223846793005ull + 1442695040888963407ull;
      return double(s >> 11) * 0x1p-53;
    };
    for (int k = 0; k < batch; ++k)
      for (int i = 0; i < m; ++i) {
        const size_t at = size_t(k) * size_t(stride) + size_t(i);
        dl[at] = T(next() - 0.5), du[at] = T(next() - 0.5), d[at] = T(2.5 + next()), x[at] = T(next() - 0.5);
        if (k == bad_system && i == 0) d[at] = T(0);  // a zero pivot in this system
      }
  }
};

template <typename T>
gpurngStatus_t solve_strided(gpurngSolver_t s, StridedBatch<T>& b, int* info);
template <>
gpurngStatus_t solve_strided<float>(gpurngSolver_t s, StridedBatch<float>& b, int* info) {
  return gpurngSgtsvStridedBatch(s, b.m, b.dl.data(), b.d.data(), b.du.data(), b.x.data(), b.batch, b.stride, info);
}
template <>
gpurngStatus_t solve_strided<double>(gpurngSolver_t s, StridedBatch<double>& b, int* info) {
  return gpurngDgtsvStridedBatch(s, b.m, b.dl.data(), b.d.data(), b.du.data(), b.x.data(), b.batch, b.stride, info);
}

// `solve_one` gives the reference (one call on the workers' backend) for a batch.
// On the CPU THOMAS stops at the zero first diagonal entry; on the GPU AUTO's THOMAS_PCR solves such a system
// (docs/SOLVERS.md), so there only the equality with the one call is checked.
template <typename T>
void check_strided(const std::vector<WorkerList>& lists,
                   const std::function<gpurngStatus_t(StridedBatch<T>&, int*)>& solve_one, bool cpu_reference) {
  for (int m : {100, 2000}) {
    for (int bad : {-1, 30}) {
      StridedBatch<T> ref(m, 37, m + 3, bad);
      std::vector<int> ref_info(37, -7);
      const gpurngStatus_t want = solve_one(ref, ref_info.data());
      if (cpu_reference) EXPECT_EQ(want, bad < 0 ? GPURNG_STATUS_SUCCESS : GPURNG_STATUS_ZERO_PIVOT);
      for (const WorkerList& l : lists) {
        gpurngWorkers_t w = make_workers(l);
        gpurngSolver_t s = nullptr;
        ASSERT_EQ(GPURNG_STATUS_SUCCESS, gpurngCreateSolverOnWorkers(&s, w));
        gpurngDestroyWorkers(w);
        StridedBatch<T> got(m, 37, m + 3, bad);
        std::vector<int> info(37, -7);
        const std::string what = l.name + ", m " + std::to_string(m) + (bad < 0 ? "" : ", a zero pivot");
        EXPECT_EQ(want, solve_strided<T>(s, got, info.data())) << what;
        EXPECT_EQ(0, std::memcmp(got.x.data(), ref.x.data(), ref.x.size() * sizeof(T))) << what;
        EXPECT_EQ(info, ref_info) << what;
        StridedBatch<T> again(m, 37, m + 3, bad);  // without info: the same status
        EXPECT_EQ(want, solve_strided<T>(s, again, nullptr)) << what;
        gpurngDestroySolver(s);
      }
    }
  }
}

TEST(SplitSolvers, StridedCpuWorkerLists) {
  gpurngSolver_t one = nullptr;
  ASSERT_EQ(GPURNG_STATUS_SUCCESS, gpurngCreateSolver(&one));
  check_strided<float>(
      cpu_lists(), [&](StridedBatch<float>& b, int* info) { return solve_strided<float>(one, b, info); }, true);
  check_strided<double>(
      cpu_lists(), [&](StridedBatch<double>& b, int* info) { return solve_strided<double>(one, b, info); }, true);
  gpurngDestroySolver(one);
}

template <typename T>
struct PdeBatch {
  int count;
  std::vector<int> kind;
  std::vector<T> S0, strike, rate, sigma, maturity, price, delta, gamma, grid;
  std::vector<int> info;
  PdeBatch(int n, int J) : count(n) {
    for (int k = 0; k < n; ++k) {
      kind.push_back(k % 4 == 3 ? GPURNG_OPTION_PUT | GPURNG_OPTION_AMERICAN
                                : (k % 2 ? GPURNG_OPTION_PUT : GPURNG_OPTION_CALL));
      S0.push_back(T(60 + (k * 7) % 80));
      strike.push_back(T(100));
      rate.push_back(T(k == 5 ? 1e6 : 0.05));  // option 5: r = 1e6, reported through info and the status
      sigma.push_back(T(0.2 + 0.001 * k));
      maturity.push_back(T(1.0));
    }
    price.assign(size_t(n), T(-1)), delta.assign(size_t(n), T(-1)), gamma.assign(size_t(n), T(-1));
    grid.assign(size_t(n) * size_t(J + 1), T(-1));
    info.assign(size_t(n), -7);
  }
};

gpurngStatus_t pde(gpurngSolver_t s, gpurngPdeScheme_t scheme, int J, int N, PdeBatch<double>& b) {
  return gpurngBlackScholesPde1dDouble(s, scheme, J, N, 400.0, b.count, b.kind.data(), b.S0.data(), b.strike.data(),
                                       b.rate.data(), b.sigma.data(), b.maturity.data(), b.price.data(), b.delta.data(),
                                       b.gamma.data(), b.grid.data(), b.info.data());
}
gpurngStatus_t pde(gpurngSolver_t s, gpurngPdeScheme_t scheme, int J, int N, PdeBatch<float>& b) {
  return gpurngBlackScholesPde1dFloat(s, scheme, J, N, 400.0f, b.count, b.kind.data(), b.S0.data(), b.strike.data(),
                                      b.rate.data(), b.sigma.data(), b.maturity.data(), b.price.data(), b.delta.data(),
                                      b.gamma.data(), b.grid.data(), b.info.data());
}

template <typename T>
void check_pde(const std::vector<WorkerList>& lists) {
  gpurngSolver_t one = nullptr;
  ASSERT_EQ(GPURNG_STATUS_SUCCESS, gpurngCreateSolver(&one));
  for (gpurngPdeScheme_t scheme : {GPURNG_PDE_IMPLICIT, GPURNG_PDE_CRANK_NICOLSON}) {
    for (int J : {255, 1500}) {
      PdeBatch<T> ref(41, J);
      const gpurngStatus_t want = pde(one, scheme, J, 50, ref);
      // Option 5 (r = 1e6) fails the output check or meets a tiny pivot, depending on the grid: whichever status
      // one call gives, the split gives.
      for (const WorkerList& l : lists) {
        gpurngWorkers_t w = make_workers(l);
        gpurngSolver_t s = nullptr;
        ASSERT_EQ(GPURNG_STATUS_SUCCESS, gpurngCreateSolverOnWorkers(&s, w));
        gpurngDestroyWorkers(w);
        PdeBatch<T> got(41, J);
        const std::string what = l.name + ", J " + std::to_string(J);
        EXPECT_EQ(want, pde(s, scheme, J, 50, got)) << what;
        for (auto pair : {std::make_pair(&got.price, &ref.price), std::make_pair(&got.delta, &ref.delta),
                          std::make_pair(&got.gamma, &ref.gamma), std::make_pair(&got.grid, &ref.grid)})
          EXPECT_EQ(0, std::memcmp(pair.first->data(), pair.second->data(), pair.second->size() * sizeof(T))) << what;
        EXPECT_EQ(got.info, ref.info) << what;
        gpurngDestroySolver(s);
      }
    }
  }
  gpurngDestroySolver(one);
}

TEST(SplitSolvers, PdeCpuWorkerLists) {
  check_pde<double>(cpu_lists());
  check_pde<float>(cpu_lists());
}

TEST(SplitSolvers, RefusedForms) {
  gpurngWorkers_t w = make_workers({GPURNG_BACKEND_CPU, {}, 2, ""});
  gpurngSolver_t s = nullptr;
  ASSERT_EQ(GPURNG_STATUS_SUCCESS, gpurngCreateSolverOnWorkers(&s, w));
  StridedBatch<float> b(8, 4, 8, -1);
  EXPECT_EQ(GPURNG_STATUS_INVALID_VALUE,
            gpurngSgtsvInterleavedBatch(s, 8, b.dl.data(), b.d.data(), b.du.data(), b.x.data(), 4, nullptr));
  EXPECT_EQ(GPURNG_STATUS_NULL_POINTER, gpurngCreateSolverOnWorkers(nullptr, w));
  gpurngSolver_t none = nullptr;
  EXPECT_EQ(GPURNG_STATUS_NOT_INITIALIZED, gpurngCreateSolverOnWorkers(&none, nullptr));
  gpurngDestroySolver(s);
  gpurngDestroyWorkers(w);
}

#if GPURNG_TEST_HAVE_CUDA
int gpus() {
  int n = 0;
  return cudaGetDeviceCount(&n) == cudaSuccess ? n : 0;
}

std::vector<WorkerList> one_gpu_lists() {
  std::vector<WorkerList> out;
  for (int n : {1, 2, 3})
    out.push_back({GPURNG_BACKEND_CUDA, std::vector<int>(size_t(n), 0), n, "device 0 x" + std::to_string(n)});
  return out;
}
std::vector<WorkerList> every_gpu_lists() {
  std::vector<WorkerList> out;
  for (int n : {1, 2, gpus()}) {
    std::vector<int> d;
    for (int i = 0; i < n; ++i) d.push_back(i);
    out.push_back({GPURNG_BACKEND_CUDA, d, n, std::to_string(n) + " GPUs"});
  }
  return out;
}

// The one-GPU reference of a strided batch: one device-memory call.
template <typename T>
gpurngStatus_t strided_on_device(gpurngSolver_t one, StridedBatch<T>& b, int* info) {
  const size_t n = b.x.size() * sizeof(T);
  T *dl, *d, *du, *x;
  int* dinfo;
  cudaMalloc(&dl, n), cudaMalloc(&d, n), cudaMalloc(&du, n), cudaMalloc(&x, n), cudaMalloc(&dinfo, 37 * sizeof(int));
  cudaMemcpy(dl, b.dl.data(), n, cudaMemcpyHostToDevice);
  cudaMemcpy(d, b.d.data(), n, cudaMemcpyHostToDevice);
  cudaMemcpy(du, b.du.data(), n, cudaMemcpyHostToDevice);
  cudaMemcpy(x, b.x.data(), n, cudaMemcpyHostToDevice);
  gpurngStatus_t st = std::is_same<T, float>::value
                          ? gpurngSgtsvStridedBatch(one, b.m, (const float*)dl, (const float*)d, (const float*)du,
                                                    (float*)x, b.batch, b.stride, dinfo)
                          : gpurngDgtsvStridedBatch(one, b.m, (const double*)dl, (const double*)d, (const double*)du,
                                                    (double*)x, b.batch, b.stride, dinfo);
  cudaMemcpy(b.x.data(), x, n, cudaMemcpyDeviceToHost);
  cudaMemcpy(info, dinfo, 37 * sizeof(int), cudaMemcpyDeviceToHost);
  for (int k = 0; k < 37; ++k)
    if (st == GPURNG_STATUS_SUCCESS && info[k] != 0) st = GPURNG_STATUS_ZERO_PIVOT;  // a host call's status
  cudaFree(dl), cudaFree(d), cudaFree(du), cudaFree(x), cudaFree(dinfo);
  return st;
}

void check_gpu_lists(const std::vector<WorkerList>& lists) {
  check_pricers(GPURNG_BACKEND_CUDA, lists);
  gpurngSolver_t one = nullptr;
  ASSERT_EQ(GPURNG_STATUS_SUCCESS, gpurngCreateSolver(&one));
  check_strided<float>(
      lists, [&](StridedBatch<float>& b, int* info) { return strided_on_device<float>(one, b, info); }, false);
  check_strided<double>(
      lists, [&](StridedBatch<double>& b, int* info) { return strided_on_device<double>(one, b, info); }, false);
  gpurngDestroySolver(one);
  check_pde<double>(lists);  // the GPU gives the CPU's bits: the reference is the host call
  check_pde<float>(lists);
}

TEST(SplitBatchesGpu, OneDeviceNamedSeveralTimes) {
  if (gpus() < 1) GTEST_SKIP() << "no GPU";
  check_gpu_lists(one_gpu_lists());
}

TEST(SplitBatchesGpu, EveryDevice) {
  if (gpus() < 2) GTEST_SKIP() << "fewer than two GPUs";
  check_gpu_lists(every_gpu_lists());
}
#endif

}  // namespace
