// SPDX-License-Identifier: BSD-3-Clause
// The CPU backend of the ADI steppers: adi_cpu_kernels.inc compiled for the x86-64 baseline, AVX2 with FMA and
// AVX-512, chosen at run time as the tridiagonal solvers are (cpu_isa.hpp). The fused multiply-adds are explicit,
// so every copy gives the same bits (the baseline copy runs them in software).
#include <algorithm>
#include <cmath>
#include <new>
#include <vector>

#include "../backends/cpu/host_memory.hpp"
#include "../backends/cpu/isa_dispatch.hpp"
#include "../backends/cpu/thread_pool.hpp"
#include "adi_call.hpp"

namespace gpurng {
namespace pde {
namespace cpu {

using gpurng::cpu::configured_threads;
using gpurng::cpu::parallel_for;
using solvers::lu_backward_row;
using solvers::lu_forward_row;

#define GPURNG_ISA_KERNELS "../../pde/adi_cpu_kernels.inc"
#include "../backends/cpu/isa_copies.inc"
#undef GPURNG_ISA_KERNELS

namespace {

template <typename T>
void dispatch(const AdiHeatCall<T>& call, const T* const* l, const T* const* inv, const T* const* c, T* z) {
  GPURNG_ISA_DISPATCH(run_heat_call, call, l, inv, c, z);
}

}  // namespace

template <typename T>
gpurngStatus_t run_heat_adi(const AdiHeatCall<T>& call) {
  const int D = call.ndim;
  std::vector<T> z, l[3], inv[3], c[3];
  if (!gpurng::cpu::fits_in_host_memory(2 * call.nodes() * sizeof(T)))  // the caller's grid and ours
    return GPURNG_STATUS_ALLOCATION_FAILED;
  try {
    z.resize(call.nodes());
    for (int j = 0; j < D; ++j) {
      l[j].resize(size_t(call.n[j]));
      inv[j].resize(size_t(call.n[j]));
      c[j].resize(size_t(call.n[j]));
    }
  } catch (const std::bad_alloc&) {
    return GPURNG_STATUS_ALLOCATION_FAILED;
  }
  const T* lp[3] = {};
  const T* ip[3] = {};
  const T* cp[3] = {};
  const DouglasConsts<T, 3> k = call.template consts<3>();  // (a 2-D call's third entry unused)
  for (int j = 0; j < D; ++j) {
    // The matrices are strictly diagonally dominant for every accepted input: the factoring cannot fail.
    douglas_factor(call.n[j], k.q[j], l[j].data(), inv[j].data(), c[j].data());
    lp[j] = l[j].data();
    ip[j] = inv[j].data();
    cp[j] = c[j].data();
  }
  dispatch(call, lp, ip, cp, z.data());
  return GPURNG_STATUS_SUCCESS;
}

template gpurngStatus_t run_heat_adi<float>(const AdiHeatCall<float>&);
template gpurngStatus_t run_heat_adi<double>(const AdiHeatCall<double>&);

}  // namespace cpu
}  // namespace pde
}  // namespace gpurng
