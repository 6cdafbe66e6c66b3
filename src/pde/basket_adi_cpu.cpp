// SPDX-License-Identifier: BSD-3-Clause
// The CPU backend of gpurngBlackScholesAdi*: basket_adi_cpu_kernels.inc compiled for the x86-64 baseline, AVX2 with
// FMA and AVX-512, chosen at run time (cpu_isa.hpp). The fused multiply-adds are explicit, so every copy gives the
// same bits (the baseline copy runs them in software). Options run one after the other, each step's node and line
// loops over the threads.
#include <algorithm>
#include <cmath>
#include <limits>
#include <new>
#include <vector>

#include "../backends/cpu/host_memory.hpp"
#include "../backends/cpu/isa_dispatch.hpp"
#include "../backends/cpu/thread_pool.hpp"
#include "basket_call.hpp"
#include "bs1d_scheme.hpp"  // kInfoRejected

namespace gpurng {
namespace pde {
namespace cpu {

using gpurng::cpu::configured_threads;
using gpurng::cpu::parallel_for;
using solvers::lu_backward_row;
using solvers::lu_forward_row;

#define GPURNG_ISA_KERNELS "../../pde/basket_adi_cpu_kernels.inc"
#include "../backends/cpu/isa_copies.inc"
#undef GPURNG_ISA_KERNELS

namespace {

template <typename T>
int option(const BasketCall<T>& call, int64_t k, T* u, T* fu, T* y, T* fac) {
  GPURNG_ISA_DISPATCH(basket_option_any, call, k, u, fu, y, fac);
}

}  // namespace

template <typename T>
gpurngStatus_t run_basket_adi(const BasketCall<T>& call) {
  const size_t nodes = call.nodes();
  size_t rows = 0;
  for (int i = 0; i < call.ndim; ++i) rows += size_t(call.J[i]) + 1;
  std::vector<T> own_u, fu, y, fac;
  const size_t grids = call.grid ? 2 : 3;
  if (!gpurng::cpu::fits_in_host_memory(grids * nodes * sizeof(T))) return GPURNG_STATUS_ALLOCATION_FAILED;
  try {
    if (!call.grid) own_u.resize(nodes);
    fu.resize(nodes);
    y.resize(nodes);
    fac.resize(3 * rows);
  } catch (const std::bad_alloc&) {
    return GPURNG_STATUS_ALLOCATION_FAILED;
  }
  const T nan = std::numeric_limits<T>::quiet_NaN();
  bool pivot = false, rejected = false;
  for (int64_t k = 0; k < call.count; ++k) {
    T* u = call.grid ? call.grid + size_t(k) * nodes : own_u.data();
    const int code = option(call, k, u, fu.data(), y.data(), fac.data());
    if (call.info) call.info[k] = code;
    if (code == 0) continue;
    pivot = pivot || code > 0;
    rejected = rejected || code == kInfoRejected;
    call.price[k] = nan;
    if (call.delta)
      for (int i = 0; i < call.ndim; ++i) call.delta[k * call.ndim + i] = nan;
    if (call.grid) std::fill(u, u + nodes, nan);
  }
  if (pivot) return GPURNG_STATUS_ZERO_PIVOT;
  return rejected ? GPURNG_STATUS_RESULT_OUT_OF_BOUNDS : GPURNG_STATUS_SUCCESS;
}

template gpurngStatus_t run_basket_adi<float>(const BasketCall<float>&);
template gpurngStatus_t run_basket_adi<double>(const BasketCall<double>&);

}  // namespace cpu
}  // namespace pde
}  // namespace gpurng
