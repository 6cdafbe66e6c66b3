// SPDX-License-Identifier: BSD-3-Clause
// Parallel cyclic reduction on rows normalised to a unit diagonal, A_k x_{k-h} + x_k + C_k x_{k+h} = D_k.
// One step at distance h eliminates x_{k-h} and x_{k+h} from row k with rows k-h and k+h:
//   r = 1 / (1 - A_k C_{k-h} - C_k A_{k+h}),  A'_k = -A_k A_{k-h} r,  C'_k = -C_k C_{k+h} r,
//   D'_k = (D_k - A_k D_{k-h} - C_k D_{k+h}) r,
// after which row k couples x_{k-2h} and x_{k+2h}. Rows outside the system are identity rows (A = C = D = 0).
// After steps h = 1, 2, 4, ... up to at least half the (padded) length, x_k = D_k. The step is split in its
// matrix part (A, C, r: the same for every right-hand side of a constant matrix) and its right-hand-side part.
#pragma once

#include "solver_math.hpp"

namespace gpurng {
namespace solvers {

template <typename T>
struct PcrRow {
  T A, C, D;
};

// Matrix part of one step for row k: its new A, C and the r that the right-hand side part needs. Returns the pivot
// test's verdict: a bool for scalars, a per-lane mask for the CPU's lane vectors.
template <typename T>
GPURNG_HD auto pcr_factor(T A, T C, T A_left, T C_left, T A_right, T C_right, T& A_new, T& C_new, T& r) {
  const T den = fma_hd(-A, C_left, fma_hd(-C, A_right, T(1)));
  const auto ok = pivot_ok(den, T(1));
  r = T(1) / den;
  A_new = -(A * A_left) * r;
  C_new = -(C * C_right) * r;
  return ok;
}

// Right-hand-side part of one step for row k, with A, C the row's coefficients before the step.
template <typename T>
GPURNG_HD T pcr_apply(T A, T C, T r, T D, T D_left, T D_right) {
  return fma_hd(-C, D_right, fma_hd(-A, D_left, D)) * r;
}

// Normalise an original row a x_{i-1} + b x_i + c x_{i+1} = d to a unit diagonal.
template <typename T>
GPURNG_HD bool pcr_normalise(T a, T b, T c, T d, PcrRow<T>& row) {
  const bool ok = pivot_ok(b, b);
  const T r = T(1) / b;
  row.A = a * r;
  row.C = c * r;
  row.D = d * r;
  return ok;
}

}  // namespace solvers
}  // namespace gpurng
