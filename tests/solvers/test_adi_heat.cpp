// SPDX-License-Identifier: BSD-3-Clause
// gpurngHeatAdiDouble / Float (gpurng_pde.h, issue 35): the CPU stepper and, where there is a GPU, the device one,
// bit for bit against the scalar definition (src/pde/adi_scheme.hpp's douglas_heat_steps, itself checked against the
// scheme's exact amplification in test_adi_definition); a sine mode's decay through the API against the exact
// discrete amplification and the continuous solution; the documented statuses.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <cstring>
#include <random>
#include <string>
#include <vector>

#include "adi_scheme.hpp"
#include "gpurng_pde.h"
#if GPURNG_TEST_HAVE_CUDA
#include <cuda_runtime.h>
#endif

namespace {

using gpurng::pde::AdiGrid;
using gpurng::pde::douglas_heat_steps;

struct Solver {
  gpurngSolver_t s = nullptr;
  Solver() { EXPECT_EQ(gpurngCreateSolver(&s), GPURNG_STATUS_SUCCESS); }
  ~Solver() { gpurngDestroySolver(s); }
};

gpurngStatus_t heat(gpurngSolver_t s, int ndim, const int* n, const double* h, double dt, double theta, int steps,
                    double* u) {
  return gpurngHeatAdiDouble(s, GPURNG_ADI_DOUGLAS, ndim, n, h, dt, theta, steps, u);
}
gpurngStatus_t heat(gpurngSolver_t s, int ndim, const int* n, const float* h, float dt, float theta, int steps,
                    float* u) {
  return gpurngHeatAdiFloat(s, GPURNG_ADI_DOUGLAS, ndim, n, h, dt, theta, steps, u);
}

template <typename T>
bool same_bits(T a, T b) {
  return std::memcmp(&a, &b, sizeof(T)) == 0;
}

template <typename T>
std::vector<T> random_grid(size_t size, uint32_t seed) {
  std::mt19937 rng(seed);
  std::uniform_real_distribution<double> dist(-1.0, 1.0);
  std::vector<T> u(size);
  for (T& v : u) v = T(dist(rng));
  return u;
}

struct Case {
  int ndim;
  int n[3];
  double h[3];
  double dt, theta;
  int steps;
};

// Grids with a dimension of one node, odd sizes, unequal spacings; 40 x 33 x 29 (38280 nodes) splits over threads.
const Case kCases[] = {
    {2, {17, 13, 1}, {0.05, 0.07, 0}, 0.01, 0.5, 5},   {2, {1, 9, 1}, {0.1, 0.1, 0}, 0.02, 1.0, 3},
    {3, {9, 7, 11}, {0.1, 0.12, 0.09}, 0.004, 0.5, 4}, {3, {40, 33, 29}, {0.025, 0.03, 0.035}, 0.001, 0.5, 3},
    {3, {5, 1, 6}, {0.2, 0.2, 0.2}, 0.05, 0.75, 2},    {2, {300, 200, 1}, {0.003, 0.005, 0}, 1e-4, 0.5, 2},
    // Rows longer than the GPU's shared tile (adi_cuda.cu: 96 KiB for 32 rows) in both precisions; a short
    // dimension 0 with long lines along dimension 1. ({300, 200}: a tile past 48 KiB in double.)
    {2, {1000, 5, 1}, {0.001, 0.2, 0}, 2e-5, 0.5, 2},  {2, {7, 600, 1}, {0.15, 0.0017, 0}, 1e-5, 0.5, 2},
};

template <typename T, int D>
std::vector<T> by_definition(const Case& c, std::vector<T> u) {
  AdiGrid<D> g;
  T h[D];
  for (int j = 0; j < D; ++j) {
    g.n[j] = c.n[j];
    h[j] = T(c.h[j]);
  }
  EXPECT_EQ((douglas_heat_steps<T, D>)(g, h, T(c.dt), T(c.theta), c.steps, u.data()), 0);
  return u;
}

template <typename T>
std::vector<T> definition_of(const Case& c, const std::vector<T>& u) {
  return c.ndim == 2 ? by_definition<T, 2>(c, u) : by_definition<T, 3>(c, u);
}

template <typename T>
size_t nodes_of(const Case& c) {
  size_t n = 1;
  for (int j = 0; j < c.ndim; ++j) n *= size_t(c.n[j]);
  return n;
}

template <typename T>
void host_is_the_definition() {
  Solver s;
  for (const Case& c : kCases) {
    const std::string what = std::to_string(c.ndim) + "-D " + std::to_string(c.n[0]) + "x" + std::to_string(c.n[1]) +
                             "x" + std::to_string(c.n[2]) + (sizeof(T) == 4 ? " float" : " double");
    const std::vector<T> u0 = random_grid<T>(nodes_of<T>(c), 7u + uint32_t(c.n[0]));
    const std::vector<T> expect = definition_of(c, u0);
    std::vector<T> u = u0;
    const T h[3] = {T(c.h[0]), T(c.h[1]), T(c.h[2])};
    ASSERT_EQ(heat(s.s, c.ndim, c.n, h, T(c.dt), T(c.theta), c.steps, u.data()), GPURNG_STATUS_SUCCESS) << what;
    int64_t differ = 0;
    for (size_t e = 0; e < u.size(); ++e) differ += !same_bits(u[e], expect[e]);
    EXPECT_EQ(differ, 0) << what;
    EXPECT_NE(u, u0) << what;  // it did step
  }
}

TEST(HeatAdi, HostIsTheDefinitionDouble) { host_is_the_definition<double>(); }
TEST(HeatAdi, HostIsTheDefinitionFloat) { host_is_the_definition<float>(); }

// The mode sin(pi x / L) sin(2 pi y / L) on [0, 1]^2 (n = 63 interior nodes a side, h = 1/64), 40 steps of
// dt = 1e-4 at theta = 1/2: every node within 1e-12 (relative to the mode's peak) of g^40 times its start, g the
// scheme's exact amplification (test_adi_definition's formula, from the rounded r), and within the discretisation
// error (5e-4 of the peak: h^2 pi^2 (1 + 4) / 12 t-scaled, and dt^2) of the continuous exp(-5 pi^2 t) decay.
TEST(HeatAdi, SineModeDecays) {
  Solver s;
  const int n[2] = {63, 63};
  const double h[2] = {1.0 / 64, 1.0 / 64}, dt = 1e-4, pi = 3.14159265358979323846;
  const int steps = 40;
  std::vector<double> u(63 * 63);
  for (int j = 0; j < 63; ++j)
    for (int i = 0; i < 63; ++i) u[i + 63 * j] = std::sin(pi * (i + 1) / 64) * std::sin(2 * pi * (j + 1) / 64);
  const std::vector<double> u0 = u;
  ASSERT_EQ(heat(s.s, 2, n, h, dt, 0.5, steps, u.data()), GPURNG_STATUS_SUCCESS);
  const double r = dt / (h[0] * h[0]);
  const long double z0 = -4.0L * std::pow(std::sin(pi / 128.0L), 2) * r,
                    z1 = -4.0L * std::pow(std::sin(2 * pi / 128.0L), 2) * r;
  const long double g = 1 + (z0 + z1) / ((1 - 0.5L * z0) * (1 - 0.5L * z1));
  const double gN = double(std::pow(g, steps)), exact = std::exp(-5 * pi * pi * dt * steps);
  double worst_discrete = 0, worst_continuous = 0;
  for (size_t e = 0; e < u.size(); ++e) {
    worst_discrete = std::max(worst_discrete, std::fabs(u[e] - gN * u0[e]));
    worst_continuous = std::max(worst_continuous, std::fabs(u[e] - exact * u0[e]));
  }
  EXPECT_LT(worst_discrete, 1e-12);
  EXPECT_LT(worst_continuous, 5e-4);
  EXPECT_GT(worst_continuous, 1e-7);  // the two references differ: the check above is not the same one twice
}

TEST(HeatAdi, Statuses) {
  Solver s;
  const int n[3] = {4, 5, 6}, zero[3] = {4, 0, 6};
  const double h[3] = {0.1, 0.1, 0.1}, bad_h[3] = {0.1, -0.1, 0.1};
  std::vector<double> u(120, 1.0);
  EXPECT_EQ(gpurngHeatAdiDouble(nullptr, GPURNG_ADI_DOUGLAS, 3, n, h, 0.01, 0.5, 1, u.data()),
            GPURNG_STATUS_NOT_INITIALIZED);
  EXPECT_EQ(gpurngHeatAdiDouble(s.s, static_cast<gpurngAdiScheme_t>(7), 3, n, h, 0.01, 0.5, 1, u.data()),
            GPURNG_STATUS_INVALID_VALUE);
  EXPECT_EQ(heat(s.s, 3, nullptr, h, 0.01, 0.5, 1, u.data()), GPURNG_STATUS_NULL_POINTER);
  EXPECT_EQ(heat(s.s, 3, n, static_cast<const double*>(nullptr), 0.01, 0.5, 1, u.data()), GPURNG_STATUS_NULL_POINTER);
  EXPECT_EQ(heat(s.s, 3, n, h, 0.01, 0.5, 1, static_cast<double*>(nullptr)), GPURNG_STATUS_NULL_POINTER);
  EXPECT_EQ(heat(s.s, 3, n, h, 0.01, 0.5, 0, static_cast<double*>(nullptr)), GPURNG_STATUS_SUCCESS);  // no steps
  EXPECT_EQ(heat(s.s, 1, n, h, 0.01, 0.5, 1, u.data()), GPURNG_STATUS_OUT_OF_RANGE);
  EXPECT_EQ(heat(s.s, 4, n, h, 0.01, 0.5, 1, u.data()), GPURNG_STATUS_OUT_OF_RANGE);
  EXPECT_EQ(heat(s.s, 3, zero, h, 0.01, 0.5, 1, u.data()), GPURNG_STATUS_OUT_OF_RANGE);
  EXPECT_EQ(heat(s.s, 3, n, bad_h, 0.01, 0.5, 1, u.data()), GPURNG_STATUS_OUT_OF_RANGE);
  EXPECT_EQ(heat(s.s, 3, n, h, 0.0, 0.5, 1, u.data()), GPURNG_STATUS_OUT_OF_RANGE);
  EXPECT_EQ(heat(s.s, 3, n, h, NAN, 0.5, 1, u.data()), GPURNG_STATUS_OUT_OF_RANGE);
  EXPECT_EQ(heat(s.s, 3, n, h, 1e308, 0.5, 1, u.data()), GPURNG_STATUS_OUT_OF_RANGE);  // dt / h^2 overflows
  EXPECT_EQ(heat(s.s, 3, n, h, 0.01, 0.49, 1, u.data()), GPURNG_STATUS_OUT_OF_RANGE);
  EXPECT_EQ(heat(s.s, 3, n, h, 0.01, 1.01, 1, u.data()), GPURNG_STATUS_OUT_OF_RANGE);
  EXPECT_EQ(heat(s.s, 3, n, h, 0.01, NAN, 1, u.data()), GPURNG_STATUS_OUT_OF_RANGE);
  EXPECT_EQ(heat(s.s, 3, n, h, 0.01, 0.5, -1, u.data()), GPURNG_STATUS_OUT_OF_RANGE);
  const int huge[3] = {2048, 2048, 1024};  // 2^32 nodes
  EXPECT_EQ(heat(s.s, 3, huge, h, 0.01, 0.5, 1, u.data()), GPURNG_STATUS_OUT_OF_RANGE);
  for (double v : u) ASSERT_EQ(v, 1.0);  // no failed call touched the grid
  // A large step stays stable (theta >= 1/2): the grid decays, no value grows.
  ASSERT_EQ(heat(s.s, 3, n, h, 10.0, 0.5, 3, u.data()), GPURNG_STATUS_SUCCESS);
  for (double v : u) EXPECT_LE(std::fabs(v), 1.0);
}

#if GPURNG_TEST_HAVE_CUDA

bool gpu_usable() {
  int n = 0;
  return cudaGetDeviceCount(&n) == cudaSuccess && n > 0;
}

// Device memory: the host's bits, every case, both precisions (the solver's stream is the default one).
template <typename T>
void device_is_the_host() {
  Solver s;
  for (const Case& c : kCases) {
    const std::string what = std::to_string(c.ndim) + "-D " + std::to_string(c.n[0]) + "x" + std::to_string(c.n[1]) +
                             "x" + std::to_string(c.n[2]) + (sizeof(T) == 4 ? " float" : " double");
    const std::vector<T> u0 = random_grid<T>(nodes_of<T>(c), 11u + uint32_t(c.n[1]));
    std::vector<T> host = u0, dev(u0.size());
    const T h[3] = {T(c.h[0]), T(c.h[1]), T(c.h[2])};
    ASSERT_EQ(heat(s.s, c.ndim, c.n, h, T(c.dt), T(c.theta), c.steps, host.data()), GPURNG_STATUS_SUCCESS) << what;
    T* d = nullptr;
    ASSERT_EQ(cudaMalloc(&d, sizeof(T) * u0.size()), cudaSuccess);
    ASSERT_EQ(cudaMemcpy(d, u0.data(), sizeof(T) * u0.size(), cudaMemcpyHostToDevice), cudaSuccess);
    EXPECT_EQ(heat(s.s, c.ndim, c.n, h, T(c.dt), T(c.theta), c.steps, d), GPURNG_STATUS_SUCCESS) << what;
    ASSERT_EQ(cudaMemcpy(dev.data(), d, sizeof(T) * u0.size(), cudaMemcpyDeviceToHost), cudaSuccess);
    cudaFree(d);
    int64_t differ = 0;
    for (size_t e = 0; e < dev.size(); ++e) differ += !same_bits(dev[e], host[e]);
    EXPECT_EQ(differ, 0) << what;
  }
}

TEST(HeatAdiGpu, DeviceIsTheHostDouble) {
  if (!gpu_usable()) GTEST_SKIP() << "no CUDA device";
  device_is_the_host<double>();
}
TEST(HeatAdiGpu, DeviceIsTheHostFloat) {
  if (!gpu_usable()) GTEST_SKIP() << "no CUDA device";
  device_is_the_host<float>();
}

#endif

}  // namespace
