// SPDX-License-Identifier: BSD-3-Clause
// One checked Black-Scholes PDE call as the backends receive it from the C boundary (bs1d_api.cpp).
#pragma once

#include <stdint.h>

#include "gpurng_pde.h"

namespace gpurng {
namespace pde {

template <typename T>
struct Bs1dCall {
  int scheme = 0;  // kExplicit, kImplicit, kCrankNicolson
  int J = 0, N = 0;
  T Smax = T(0);
  int count = 0;
  const int* kind = nullptr;
  const T* S0 = nullptr;
  const T* strike = nullptr;
  const T* rate = nullptr;
  const T* sigma = nullptr;
  const T* maturity = nullptr;
  T* price = nullptr;
  T* delta = nullptr;   // may be NULL
  T* gamma = nullptr;   // may be NULL
  T* grid = nullptr;    // may be NULL; count * (J + 1), option-major
  int* info = nullptr;  // may be NULL
};

namespace cpu {
// Runs the call on the CPU threads (host memory, arguments checked; call.info not NULL for the status to be
// known). Returns the number of options whose implicit factorisation met a tiny pivot (their outputs are NaN,
// info says where); options whose outputs failed the check (kInfoRejected) are not counted.
template <typename T>
int64_t run_bs1d(const Bs1dCall<T>& call);
}  // namespace cpu

}  // namespace pde
}  // namespace gpurng
