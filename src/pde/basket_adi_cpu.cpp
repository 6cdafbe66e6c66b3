// SPDX-License-Identifier: BSD-3-Clause
// The CPU backend of gpurngBlackScholesAdi*: basket_adi_cpu_kernels.inc compiled for the x86-64 baseline, AVX2 with
// FMA and AVX-512, chosen at run time (cpu_isa.hpp). The fused multiply-adds are explicit, so every copy gives the
// same bits (the baseline copy runs them in software). Options on small grids run side by side on the threads; on
// larger grids one after the other, each step's node and line loops over the threads.
#include <algorithm>
#include <cmath>
#include <limits>
#include <new>
#include <vector>

#include "../backends/cpu/host_memory.hpp"
#include "../backends/cpu/isa_dispatch.hpp"
#include "../backends/cpu/thread_pool.hpp"
#include "basket_adi_tables.hpp"
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
int option(const BasketCall<T>& call, int64_t k, T* u, T* fu, T* y) {
  GPURNG_ISA_DISPATCH(basket_option_any, call, k, u, fu, y);
}

}  // namespace

template <typename T>
gpurngStatus_t run_basket_adi(const BasketCall<T>& call) {
  const size_t nodes = call.nodes();
  const size_t grids = call.grid ? 2 : 3;
  // Small grids: the options side by side, a task's own working grids each (their loops stay on one thread);
  // larger ones: one option after the other, each step's loops over the threads. Either way each option's
  // operations are the same: the same bits.
  const int threads = std::max(1, configured_threads());
  const int tasks = nodes < kBasketSerialNodes ? int(std::min<int64_t>(call.count, int64_t(threads) * 4)) : 1;
  if (!gpurng::cpu::fits_in_host_memory(size_t(tasks) * grids * nodes * sizeof(T)))
    return GPURNG_STATUS_ALLOCATION_FAILED;
  const size_t nt = size_t(tasks);
  std::vector<std::vector<T>> own_u(nt), fu(nt), y(nt);
  try {
    for (int t = 0; t < tasks; ++t) {
      if (!call.grid) own_u[size_t(t)].resize(nodes);
      fu[size_t(t)].resize(nodes);
      y[size_t(t)].resize(nodes);
    }
  } catch (const std::bad_alloc&) {
    return GPURNG_STATUS_ALLOCATION_FAILED;
  }
  std::vector<int> codes(size_t(call.count), 0);
  auto task = [&](int t) {
    const int64_t k0 = call.count * int64_t(t) / tasks, k1 = call.count * int64_t(t + 1) / tasks;
    for (int64_t k = k0; k < k1; ++k) {
      T* u = call.grid ? call.grid + size_t(k) * nodes : own_u[size_t(t)].data();
      codes[size_t(k)] = option(call, k, u, fu[size_t(t)].data(), y[size_t(t)].data());
    }
  };
  if (tasks > 1)
    parallel_for(tasks, task);
  else
    task(0);
  const T nan = std::numeric_limits<T>::quiet_NaN();
  bool pivot = false, rejected = false;
  for (int64_t k = 0; k < call.count; ++k) {
    T* u = call.grid ? call.grid + size_t(k) * nodes : nullptr;
    const int code = codes[size_t(k)];
    if (call.info) call.info[k] = code;
    if (code == 0) continue;
    pivot = pivot || code > 0;
    rejected = rejected || code == kInfoRejected;
    call.price[k] = nan;
    if (call.delta)
      for (int i = 0; i < call.ndim; ++i) call.delta[k * call.ndim + i] = nan;
    if (u) std::fill(u, u + nodes, nan);
  }
  if (pivot) return GPURNG_STATUS_ZERO_PIVOT;
  return rejected ? GPURNG_STATUS_RESULT_OUT_OF_BOUNDS : GPURNG_STATUS_SUCCESS;
}

template gpurngStatus_t run_basket_adi<float>(const BasketCall<float>&);
template gpurngStatus_t run_basket_adi<double>(const BasketCall<double>&);

}  // namespace cpu
}  // namespace pde
}  // namespace gpurng
