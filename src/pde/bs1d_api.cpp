// SPDX-License-Identifier: BSD-3-Clause
// The C boundary of gpurng_pde.h: argument checks in the documented order, then the hand-over to the CPU
// loops (host memory) or the GPU launcher (device memory). Nothing throws across it.
#include <atomic>
#include <cmath>
#include <initializer_list>
#include <vector>

#include "../backends/cpu/split_range.hpp"
#include "../backends/cpu/thread_pool.hpp"
#include "../core/abi_guard.hpp"
#include "../scale/split.hpp"
#include "../scale/split_batch.hpp"
#include "../solvers/call_checks.hpp"
#include "../solvers/solver_handle.hpp"
#include "bs1d_call.hpp"
#include "bs1d_scheme.hpp"
#include "gpurng_pde.h"
#if GPURNG_WITH_CUDA
#include "bs1d_cuda.hpp"
#endif

using gpurng::core::guarded;
using gpurng::solvers::memory_kind;
using gpurng::solvers::overlaps;
using namespace gpurng::pde;

namespace {

template <typename T>
bool finite_at_least_zero(T v) {
  return v >= T(0) && std::isfinite(v);
}

// Host memory: kinds valid, parameters in range (INVALID_VALUE before OUT_OF_RANGE before UNSTABLE_SCHEME,
// each over the whole batch).
template <typename T>
gpurngStatus_t check_host_options(const Bs1dCall<T>& c) {
  // On the pool's threads: a serial pass took 0.3 ms of 65536 options, 5 % of a split call on 4 GPUs. Which option
  // fails does not matter, only which check: a bad kind anywhere first, then a value out of range, then instability.
  std::atomic<bool> bad_kind{false}, out_of_range{false}, unstable{false};
  gpurng::cpu::split_range(
      size_t(c.count), gpurng::cpu::configured_threads(),
      [&](size_t first, size_t n) {
        bool kind = false, range = false, stable = true;
        for (size_t k = first; k < first + n; ++k) {
          kind = kind || !kind_valid(c.kind[k]);
          range = range || !finite_at_least_zero(c.S0[k]) || !(c.S0[k] <= c.Smax) ||
                  !finite_at_least_zero(c.strike[k]) || !finite_at_least_zero(c.rate[k]) ||
                  !finite_at_least_zero(c.sigma[k]) || !finite_at_least_zero(c.maturity[k]);
          if (c.scheme == kExplicit && !range)
            stable =
                stable && !explicit_unstable(double(c.maturity[k]), double(c.sigma[k]), double(c.rate[k]), c.J, c.N);
        }
        if (kind) bad_kind = true;
        if (range) out_of_range = true;
        if (!stable) unstable = true;
      },
      size_t(1) << 13);
  if (bad_kind) return GPURNG_STATUS_INVALID_VALUE;
  if (out_of_range) return GPURNG_STATUS_OUT_OF_RANGE;
  return unstable ? GPURNG_STATUS_UNSTABLE_SCHEME : GPURNG_STATUS_SUCCESS;
}

template <typename T>
gpurngStatus_t run(gpurngSolver_t solver, gpurngPdeScheme_t scheme, int J, int N, T Smax, int count, const int* kind,
                   const T* S0, const T* strike, const T* rate, const T* sigma, const T* maturity, T* price, T* delta,
                   T* gamma, T* grid, int* info);

// A checked host-memory batch split by options over the solver's workers (split_batch.hpp): each slice is the same
// call on its options, and the status is the one host call's, from the slices' info entries.
template <typename T>
gpurngStatus_t split_bs1d(gpurngSolver_t solver, const Bs1dCall<T>& c) {
  gpurng::scale::SplitSolver& s = *solver->split;
  const size_t W = s.workers.devices.size();
  std::vector<std::vector<int>> own(W);  // info of the slices whose caller passed none
  const size_t nodes = size_t(c.J) + 1;
  auto slice = [&](int w, size_t a, size_t b) {
    const size_t n = b - a, vb = n * sizeof(T);
    int* part_info = c.info ? c.info + a : nullptr;
    if (!part_info) {
      own[size_t(w)].assign(n, 0);
      part_info = own[size_t(w)].data();
    }
    return std::vector<gpurng::scale::SliceArray>{{c.kind + a, nullptr, n * sizeof(int)},
                                                  {c.S0 + a, nullptr, vb},
                                                  {c.strike + a, nullptr, vb},
                                                  {c.rate + a, nullptr, vb},
                                                  {c.sigma + a, nullptr, vb},
                                                  {c.maturity + a, nullptr, vb},
                                                  {nullptr, c.price + a, vb},
                                                  {nullptr, c.delta ? c.delta + a : nullptr, vb},
                                                  {nullptr, c.gamma ? c.gamma + a : nullptr, vb},
                                                  {nullptr, c.grid ? c.grid + a * nodes : nullptr, vb * nodes},
                                                  {nullptr, part_info, n * sizeof(int)}};
  };
  auto call = [&](gpurngSolver_st& h, size_t a, size_t b, const std::vector<void*>& p) {
    return run<T>(&h, static_cast<gpurngPdeScheme_t>(c.scheme), c.J, c.N, c.Smax, int(b - a),
                  static_cast<const int*>(p[0]), static_cast<const T*>(p[1]), static_cast<const T*>(p[2]),
                  static_cast<const T*>(p[3]), static_cast<const T*>(p[4]), static_cast<const T*>(p[5]),
                  static_cast<T*>(p[6]), static_cast<T*>(p[7]), static_cast<T*>(p[8]), static_cast<T*>(p[9]),
                  static_cast<int*>(p[10]));
  };
  std::vector<gpurngStatus_t> st = gpurng::scale::run_slices(s, size_t(c.count), slice, call);
  for (size_t w = 0; w < W; ++w) {  // device launchers leave pivots and rejections to info alone
    const size_t a = gpurng::scale::part_begin(size_t(c.count), int(W), int(w));
    const size_t b = gpurng::scale::part_begin(size_t(c.count), int(W), int(w) + 1);
    const int* got = c.info ? c.info + a : own[w].data();
    if (st[w] != GPURNG_STATUS_SUCCESS || a == b) continue;
    bool pivot = false, rejected = false;
    for (size_t k = 0; k < b - a; ++k) {
      pivot = pivot || got[k] > 0;
      rejected = rejected || got[k] == kInfoRejected;
    }
    st[w] = pivot ? GPURNG_STATUS_ZERO_PIVOT : rejected ? GPURNG_STATUS_RESULT_OUT_OF_BOUNDS : GPURNG_STATUS_SUCCESS;
  }
  return gpurng::scale::batch_status(st);
}

template <typename T>
gpurngStatus_t run(gpurngSolver_t solver, gpurngPdeScheme_t scheme, int J, int N, T Smax, int count, const int* kind,
                   const T* S0, const T* strike, const T* rate, const T* sigma, const T* maturity, T* price, T* delta,
                   T* gamma, T* grid, int* info) {
  if (!solver) return GPURNG_STATUS_NOT_INITIALIZED;
  const int s = static_cast<int>(scheme);
  if (s != kExplicit && s != kImplicit && s != kCrankNicolson) return GPURNG_STATUS_INVALID_VALUE;
  if (J < 3 || J > kMaxIntervals || N < 1 || count < 0 || !(Smax > T(0)) || !std::isfinite(Smax))
    return GPURNG_STATUS_OUT_OF_RANGE;
  if (count == 0) return GPURNG_STATUS_SUCCESS;
  if (!kind || !S0 || !strike || !rate || !sigma || !maturity || !price) return GPURNG_STATUS_NULL_POINTER;
  bool device = false;
  gpurngStatus_t st = memory_kind({kind, S0, strike, rate, sigma, maturity, price, delta, gamma, grid, info}, &device);
  if (st != GPURNG_STATUS_SUCCESS) return st;
  // Every output against every other array (inputs and the other outputs).
  const size_t n = size_t(count);
  const size_t vb = n * sizeof(T), ib = n * sizeof(int), gb = n * size_t(J + 1) * sizeof(T);
  struct Range {
    const void* p;
    size_t bytes;
  };
  const Range all[] = {{kind, ib},  {S0, vb},    {strike, vb}, {rate, vb}, {sigma, vb}, {maturity, vb},
                       {price, vb}, {delta, vb}, {gamma, vb},  {grid, gb}, {info, ib}};
  constexpr int kFirstOutput = 6;
  for (int o = kFirstOutput; o < int(sizeof(all) / sizeof(all[0])); ++o)
    for (int q = 0; q < int(sizeof(all) / sizeof(all[0])); ++q)
      if (q != o && overlaps(all[o].p, all[o].bytes, all[q].p, all[q].bytes)) return GPURNG_STATUS_OVERLAPPING_ARRAYS;
  Bs1dCall<T> call;
  call.scheme = s;
  call.J = J;
  call.N = N;
  call.Smax = Smax;
  call.count = count;
  call.kind = kind;
  call.S0 = S0;
  call.strike = strike;
  call.rate = rate;
  call.sigma = sigma;
  call.maturity = maturity;
  call.price = price;
  call.delta = delta;
  call.gamma = gamma;
  call.grid = grid;
  call.info = info;
  if (solver->split) {  // host arrays only: a slice of options is then a pointer offset of each array
    if (device) return GPURNG_STATUS_INVALID_VALUE;
    if (gpurng::cpu::configured_threads() == 0) return GPURNG_STATUS_INVALID_VALUE;
    st = check_host_options(call);
    if (st != GPURNG_STATUS_SUCCESS) return st;
    return split_bs1d(solver, call);
  }
  if (device) {
#if GPURNG_WITH_CUDA
    return cuda::run_bs1d(call, solver->scratch, solver->stream);
#else
    return GPURNG_STATUS_INTERNAL_ERROR;  // no device memory exists without the CUDA backend
#endif
  }
  if (gpurng::cpu::configured_threads() == 0) return GPURNG_STATUS_INVALID_VALUE;
  st = check_host_options(call);
  if (st != GPURNG_STATUS_SUCCESS) return st;
  // The status sums up the info codes: the caller's array, or one of our own when it passed NULL.
  std::vector<int> own_info;
  if (!call.info) {
    own_info.resize(n);
    call.info = own_info.data();
  }
  cpu::run_bs1d(call);
  bool pivot = false, rejected = false;
  for (int k = 0; k < count; ++k) {
    pivot = pivot || call.info[k] > 0;
    rejected = rejected || call.info[k] == kInfoRejected;
  }
  if (pivot) return GPURNG_STATUS_ZERO_PIVOT;
  return rejected ? GPURNG_STATUS_RESULT_OUT_OF_BOUNDS : GPURNG_STATUS_SUCCESS;
}

}  // namespace

extern "C" {

gpurngStatus_t gpurngBlackScholesPde1dDouble(gpurngSolver_t solver, gpurngPdeScheme_t scheme, int J, int N, double Smax,
                                             int count, const int* kind, const double* S0, const double* strike,
                                             const double* rate, const double* sigma, const double* maturity,
                                             double* price, double* delta, double* gamma, double* grid, int* info) {
  return guarded([&] {
    return run<double>(solver, scheme, J, N, Smax, count, kind, S0, strike, rate, sigma, maturity, price, delta, gamma,
                       grid, info);
  });
}

gpurngStatus_t gpurngBlackScholesPde1dFloat(gpurngSolver_t solver, gpurngPdeScheme_t scheme, int J, int N, float Smax,
                                            int count, const int* kind, const float* S0, const float* strike,
                                            const float* rate, const float* sigma, const float* maturity, float* price,
                                            float* delta, float* gamma, float* grid, int* info) {
  return guarded([&] {
    return run<float>(solver, scheme, J, N, Smax, count, kind, S0, strike, rate, sigma, maturity, price, delta, gamma,
                      grid, info);
  });
}

}  // extern "C"
