// SPDX-License-Identifier: BSD-3-Clause
// The C boundary of gpurng_pde.h's ADI steppers: argument checks in the documented order, then the hand-over to
// the CPU stepper (host memory) or the GPU's (device memory). Nothing throws across it.
#include <cmath>
#include <cstdint>

#include "../backends/cpu/thread_pool.hpp"
#include "../core/abi_guard.hpp"
#include "../solvers/call_checks.hpp"
#include "../solvers/solver_handle.hpp"
#include "adi_call.hpp"
#include "gpurng_pde.h"
#if GPURNG_WITH_CUDA
#include "adi_cuda.hpp"
#endif

using gpurng::core::guarded;
using gpurng::solvers::memory_kind;
using namespace gpurng::pde;

namespace {

template <typename T>
bool positive_finite(T v) {
  return v > T(0) && std::isfinite(v);
}

template <typename T>
gpurngStatus_t heat_adi(gpurngSolver_t solver, gpurngAdiScheme_t scheme, int ndim, const int* n, const T* h, T dt,
                        T theta, int steps, T* u) {
  if (!solver) return GPURNG_STATUS_NOT_INITIALIZED;
  if (scheme != GPURNG_ADI_DOUGLAS) return GPURNG_STATUS_INVALID_VALUE;
  if (!n || !h) return GPURNG_STATUS_NULL_POINTER;
  if (ndim < 2 || ndim > 3) return GPURNG_STATUS_OUT_OF_RANGE;
  AdiHeatCall<T> call;
  call.ndim = ndim;
  int64_t nodes = 1;
  for (int j = 0; j < ndim; ++j) {
    if (n[j] < 1 || !positive_finite(h[j]) || !positive_finite(dt / (h[j] * h[j]))) return GPURNG_STATUS_OUT_OF_RANGE;
    nodes *= n[j];
    if (nodes > INT32_MAX) return GPURNG_STATUS_OUT_OF_RANGE;
    call.n[j] = n[j];
    call.h[j] = h[j];
  }
  if (!positive_finite(dt) || !(theta >= T(0.5) && theta <= T(1)) || steps < 0) return GPURNG_STATUS_OUT_OF_RANGE;
  if (steps == 0) return GPURNG_STATUS_SUCCESS;
  if (!u) return GPURNG_STATUS_NULL_POINTER;
  call.dt = dt;
  call.theta = theta;
  call.steps = steps;
  call.u = u;
  if (solver->split) return GPURNG_STATUS_INVALID_VALUE;  // a grid is not split over workers
  bool device = false;
  const gpurngStatus_t st = memory_kind({u}, &device);
  if (st != GPURNG_STATUS_SUCCESS) return st;
  if (device) {
#if GPURNG_WITH_CUDA
    return cuda::run_heat_adi(call, solver->scratch, solver->stream);
#else
    return GPURNG_STATUS_INTERNAL_ERROR;  // no device memory exists without the CUDA backend
#endif
  }
  if (gpurng::cpu::configured_threads() == 0) return GPURNG_STATUS_INVALID_VALUE;
  return cpu::run_heat_adi(call);
}

}  // namespace

extern "C" {

gpurngStatus_t gpurngHeatAdiDouble(gpurngSolver_t solver, gpurngAdiScheme_t scheme, int ndim, const int* n,
                                   const double* h, double dt, double theta, int steps, double* u) {
  return guarded([&] { return heat_adi<double>(solver, scheme, ndim, n, h, dt, theta, steps, u); });
}

gpurngStatus_t gpurngHeatAdiFloat(gpurngSolver_t solver, gpurngAdiScheme_t scheme, int ndim, const int* n,
                                  const float* h, float dt, float theta, int steps, float* u) {
  return guarded([&] { return heat_adi<float>(solver, scheme, ndim, n, h, dt, theta, steps, u); });
}

}  // extern "C"
