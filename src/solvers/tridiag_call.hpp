// SPDX-License-Identifier: BSD-3-Clause
// One checked tridiagonal call as the backends receive it from the C boundary (tridiag_api.cpp): the layout,
// the algorithm (never AUTO here) and the arrays. Which arrays mean what depends on the operation:
//   solve           a, b, c, x: per-system coefficients, right-hand sides -> solutions
//   constant        a, b, c hold one matrix of m rows; x as solve; info is one int
//   factor          a, b, c are overwritten by LU factors (l, 1/p, c); x unused
//   factored solve  a, b, c are LU factors; x as solve; info unused
#pragma once

#include "gpurng_tridiag.h"
#include "layout.hpp"

namespace gpurng {
namespace solvers {

enum class TridiagOp { solve, constant, factor, factored_solve };

template <typename T>
struct TridiagCall {
  TridiagOp op = TridiagOp::solve;
  Layout layout;
  gpurngTridiagAlgorithm_t algorithm = GPURNG_TRIDIAG_THOMAS;
  T* a = nullptr;
  T* b = nullptr;
  T* c = nullptr;
  T* x = nullptr;
  int* info = nullptr;
};

namespace cpu {
// Runs the call on the CPU threads. Returns true when every system (or the constant matrix) was solved,
// false when a tiny pivot stopped at least one (info says which, where given).
template <typename T>
bool run_tridiag(const TridiagCall<T>& call);
}  // namespace cpu

}  // namespace solvers
}  // namespace gpurng
