// SPDX-License-Identifier: BSD-3-Clause
// The C boundary of gpurngBlackScholesAdi* (gpurng_pde.h): argument checks in the documented order, then the CPU
// stepper (host memory) or the GPU's (device memory). Nothing throws across it.
#include <cmath>
#include <cstdint>
#include <new>
#include <vector>

#include "../backends/cpu/thread_pool.hpp"
#include "../core/abi_guard.hpp"
#include "../solvers/call_checks.hpp"
#include "../solvers/solver_handle.hpp"
#include "basket_call.hpp"
#if GPURNG_WITH_CUDA
#include "../backends/cuda/cuda_backend.hpp"
#include "basket_adi_cuda.hpp"
#endif
#include "gpurng_pde.h"

using gpurng::core::guarded;
using gpurng::solvers::memory_kind;
using gpurng::solvers::overlaps;
using namespace gpurng::pde;

namespace {

template <typename T>
bool in_range(T v, T lo, T hi) {
  return v >= lo && v <= hi;  // false for NaN
}

// The correlation matrix of option k (d = 2 or 3) is a correlation matrix: entries in [-1, 1] and positive
// semi-definite (for d = 3: 1 + 2 r01 r02 r12 - r01^2 - r02^2 - r12^2 >= 0, with a rounding slack).
template <typename T>
bool correlations_valid(const T* r, int d) {
  for (int p = 0; p < d * (d - 1) / 2; ++p)
    if (!in_range(r[p], T(-1), T(1))) return false;
  if (d == 2) return true;
  const double a = r[0], b = r[1], c = r[2];
  return 1 + 2 * a * b * c - a * a - b * b - c * c >= -1e-12;
}

template <typename T>
gpurngStatus_t check_options(const BasketCall<T>& c) {
  const int d = c.ndim;
  for (int k = 0; k < c.count; ++k) {
    for (int i = 0; i < d; ++i)
      if (!in_range(c.S0[k * d + i], T(0), c.Smax[i]) || !(c.sigma[k * d + i] >= T(0)) ||
          !std::isfinite(c.sigma[k * d + i]))
        return GPURNG_STATUS_OUT_OF_RANGE;
    const bool strike_ok = c.payoff == kBasketUserGrid || (c.strike[k] >= T(0) && std::isfinite(c.strike[k]));
    if (!strike_ok || !(c.rate[k] >= T(0)) || !std::isfinite(c.rate[k]) || !(c.maturity[k] >= T(0)) ||
        !std::isfinite(c.maturity[k]) || !correlations_valid(c.rho + size_t(k) * c.pairs(), d))
      return GPURNG_STATUS_OUT_OF_RANGE;
  }
  if (c.payoff == kBasketUserGrid)
    for (size_t e = 0; e < c.nodes(); ++e)
      if (!std::isfinite(c.payoff_grid[e])) return GPURNG_STATUS_OUT_OF_RANGE;
  return GPURNG_STATUS_SUCCESS;
}

#if GPURNG_WITH_CUDA
// `count` values of a device array into `host`.
template <typename T>
gpurngStatus_t download(const T* device, size_t count, std::vector<T>& host) {
  try {
    host.resize(count);
  } catch (const std::bad_alloc&) {
    return GPURNG_STATUS_ALLOCATION_FAILED;
  }
  return count == 0 ? GPURNG_STATUS_SUCCESS : gpurng::cuda::copy_to_host(host.data(), device, count * sizeof(T));
}
#endif

template <typename T>
gpurngStatus_t basket_adi(gpurngSolver_t solver, gpurngAdiScheme_t scheme, int ndim, const int* J, const T* Smax, int N,
                          gpurngBasketPayoff_t payoff, const T* payoff_grid, int count, const T* S0, const T* strike,
                          const T* rate, const T* sigma, const T* rho, const T* maturity, T* price, T* delta, T* grid,
                          int* info) {
  if (!solver) return GPURNG_STATUS_NOT_INITIALIZED;
  if (scheme != GPURNG_ADI_DOUGLAS && scheme != GPURNG_ADI_HUNDSDORFER_VERWER) return GPURNG_STATUS_INVALID_VALUE;
  const int pk = static_cast<int>(payoff);
  if (pk < kBasketArithmetic || pk > kBasketUserGrid) return GPURNG_STATUS_INVALID_VALUE;
  if (!J || !Smax) return GPURNG_STATUS_NULL_POINTER;
  if (ndim < 2 || ndim > 3 || N < 1 || count < 0) return GPURNG_STATUS_OUT_OF_RANGE;
  BasketCall<T> c;
  c.hv = scheme == GPURNG_ADI_HUNDSDORFER_VERWER;
  c.ndim = ndim;
  int64_t nodes = 1;
  for (int i = 0; i < ndim; ++i) {
    if (J[i] < 3 || J[i] > (1 << 15) || !(Smax[i] > T(0)) || !std::isfinite(Smax[i])) return GPURNG_STATUS_OUT_OF_RANGE;
    nodes *= int64_t(J[i]) + 1;
    if (nodes > INT32_MAX) return GPURNG_STATUS_OUT_OF_RANGE;
    c.J[i] = J[i];
    c.Smax[i] = Smax[i];
  }
  if (count == 0) return GPURNG_STATUS_SUCCESS;
  const bool user = pk == kBasketUserGrid;
  if (!S0 || !rate || !sigma || !rho || !maturity || !price || (user ? !payoff_grid : !strike))
    return GPURNG_STATUS_NULL_POINTER;
  c.N = N;
  c.payoff = pk;
  c.payoff_grid = user ? payoff_grid : nullptr;
  c.count = count;
  c.S0 = S0;
  c.strike = user ? nullptr : strike;
  c.rate = rate;
  c.sigma = sigma;
  c.rho = rho;
  c.maturity = maturity;
  c.price = price;
  c.delta = delta;
  c.grid = grid;
  c.info = info;
  if (solver->split) return GPURNG_STATUS_INVALID_VALUE;
  bool device = false;
  gpurngStatus_t st =
      memory_kind({S0, strike, rate, sigma, rho, maturity, price, delta, grid, info, payoff_grid}, &device);
  if (st != GPURNG_STATUS_SUCCESS) return st;
  if (!device && gpurng::cpu::configured_threads() == 0) return GPURNG_STATUS_INVALID_VALUE;
  // Every output against every other array.
  const size_t n = size_t(count), d = size_t(ndim), vb = sizeof(T);
  struct Range {
    const void* p;
    size_t bytes;
  };
  const Range all[] = {{S0, n * d * vb},
                       {strike, user ? 0 : n * vb},
                       {rate, n * vb},
                       {sigma, n * d * vb},
                       {rho, n * size_t(c.pairs()) * vb},
                       {maturity, n * vb},
                       {payoff_grid, user ? size_t(nodes) * vb : 0},
                       {price, n * vb},
                       {delta, n * d * vb},
                       {grid, n * size_t(nodes) * vb},
                       {info, n * sizeof(int)}};
  constexpr int kFirstOutput = 7;
  for (int o = kFirstOutput; o < int(sizeof(all) / sizeof(all[0])); ++o)
    for (int q = 0; q < int(sizeof(all) / sizeof(all[0])); ++q)
      if (q != o && overlaps(all[o].p, all[o].bytes, all[q].p, all[q].bytes)) return GPURNG_STATUS_OVERLAPPING_ARRAYS;
  if (!device) {
    st = check_options(c);
    return st == GPURNG_STATUS_SUCCESS ? cpu::run_basket_adi(c) : st;
  }
#if GPURNG_WITH_CUDA
  // Device memory: the inputs are read on the host (each option's coefficient tables are made there, as for the
  // CPU stepper), checked, and the GPU stepper writes the outputs.
  std::vector<T> hS0, hstrike, hrate, hsigma, hrho, hmat, hgrid;
  st = download(S0, n * d, hS0);
  if (st == GPURNG_STATUS_SUCCESS && !user) st = download(strike, n, hstrike);
  if (st == GPURNG_STATUS_SUCCESS) st = download(rate, n, hrate);
  if (st == GPURNG_STATUS_SUCCESS) st = download(sigma, n * d, hsigma);
  if (st == GPURNG_STATUS_SUCCESS) st = download(rho, n * size_t(c.pairs()), hrho);
  if (st == GPURNG_STATUS_SUCCESS) st = download(maturity, n, hmat);
  if (st == GPURNG_STATUS_SUCCESS && user) st = download(payoff_grid, size_t(nodes), hgrid);
  if (st != GPURNG_STATUS_SUCCESS) return st;
  BasketCall<T> h = c;
  h.S0 = hS0.data();
  h.strike = user ? nullptr : hstrike.data();
  h.rate = hrate.data();
  h.sigma = hsigma.data();
  h.rho = hrho.data();
  h.maturity = hmat.data();
  h.payoff_grid = user ? hgrid.data() : nullptr;
  st = check_options(h);
  if (st != GPURNG_STATUS_SUCCESS) return st;
  const gpurng::pde::cuda::BasketDeviceArrays<T> out{user ? payoff_grid : nullptr, price, delta, grid, info};
  return gpurng::pde::cuda::run_basket_adi(h, out, solver->scratch, solver->stream);
#else
  return GPURNG_STATUS_INTERNAL_ERROR;  // no device memory exists without the CUDA backend
#endif
}

}  // namespace

extern "C" {

gpurngStatus_t gpurngBlackScholesAdiDouble(gpurngSolver_t solver, gpurngAdiScheme_t scheme, int ndim, const int* J,
                                           const double* Smax, int N, gpurngBasketPayoff_t payoff,
                                           const double* payoff_grid, int count, const double* S0, const double* strike,
                                           const double* rate, const double* sigma, const double* rho,
                                           const double* maturity, double* price, double* delta, double* grid,
                                           int* info) {
  return guarded([&] {
    return basket_adi<double>(solver, scheme, ndim, J, Smax, N, payoff, payoff_grid, count, S0, strike, rate, sigma,
                              rho, maturity, price, delta, grid, info);
  });
}

gpurngStatus_t gpurngBlackScholesAdiFloat(gpurngSolver_t solver, gpurngAdiScheme_t scheme, int ndim, const int* J,
                                          const float* Smax, int N, gpurngBasketPayoff_t payoff,
                                          const float* payoff_grid, int count, const float* S0, const float* strike,
                                          const float* rate, const float* sigma, const float* rho,
                                          const float* maturity, float* price, float* delta, float* grid, int* info) {
  return guarded([&] {
    return basket_adi<float>(solver, scheme, ndim, J, Smax, N, payoff, payoff_grid, count, S0, strike, rate, sigma, rho,
                             maturity, price, delta, grid, info);
  });
}

}  // extern "C"
