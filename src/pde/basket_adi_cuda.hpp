// SPDX-License-Identifier: BSD-3-Clause
// The GPU's multi-asset Black-Scholes ADI stepper (basket_adi_cuda.cu), called by basket_adi_api.cpp for device
// memory.
#pragma once

#include "../solvers/solver_handle.hpp"
#include "basket_call.hpp"

namespace gpurng {
namespace pde {
namespace cuda {

// The caller's device arrays of a call whose inputs the host has read (BasketCall's input pointers then point at
// host copies; its output pointers are unused).
template <typename T>
struct BasketDeviceArrays {
  const T* payoff_grid;  // the user's payoff grid (kBasketUserGrid), or NULL
  T *price, *delta, *grid;
  int* info;
};

// Device memory for the working grids of a batch of options at most this large (at least one option's): options
// beyond it run in further batches.
constexpr size_t kBasketBatchBytes = size_t(1) << 30;

// Prices call.count options on the current device, `stream` a cudaStream_t, in batches of options side by side;
// the working grids and coefficient tables in the solver's scratch (grown first if needed). Writes price, delta,
// grid and info as the CPU stepper does (NaN outputs for a rejected option) and returns its status summary, or
// ALLOCATION_FAILED / LAUNCH_FAILURE on CUDA errors (outputs then unspecified). Waits for its work.
template <typename T>
gpurngStatus_t run_basket_adi(const BasketCall<T>& host_inputs, const BasketDeviceArrays<T>& out,
                              solvers::DeviceScratch& scratch, void* stream);

}  // namespace cuda
}  // namespace pde
}  // namespace gpurng
