// SPDX-License-Identifier: BSD-3-Clause
// A checked gpurngHeatAdi* call (adi_api.cpp), handed to the CPU stepper (adi_cpu.cpp) or the GPU's (adi_cuda.cu).
#pragma once

#include <stddef.h>

#include "adi_scheme.hpp"
#include "gpurng.h"

namespace gpurng {
namespace pde {

// The grid as up to three dimensions (a 2-D call has n[2] = 1); D = ndim.
template <typename T>
struct AdiHeatCall {
  int ndim = 0;
  int n[3] = {1, 1, 1};
  T h[3] = {T(1), T(1), T(1)};
  T dt = T(0), theta = T(0);
  int steps = 0;
  T* u = nullptr;

  size_t nodes() const { return size_t(n[0]) * size_t(n[1]) * size_t(n[2]); }
  // The step's constants in the definition's form (adi_scheme.hpp's douglas_consts).
  template <int D>
  DouglasConsts<T, D> consts() const {
    T hh[D];
    for (int j = 0; j < D; ++j) hh[j] = h[j];
    return douglas_consts<T, D>(dt, hh, theta);
  }
};

namespace cpu {
// Steps call.steps Douglas steps on CPU threads. Returns GPURNG_STATUS_SUCCESS or ALLOCATION_FAILED.
template <typename T>
gpurngStatus_t run_heat_adi(const AdiHeatCall<T>& call);
}  // namespace cpu

}  // namespace pde
}  // namespace gpurng
