// SPDX-License-Identifier: BSD-3-Clause
// Thomas' algorithm (LU without pivoting) for a_i x_{i-1} + b_i x_i + c_i x_{i+1} = d_i, one row at a time, so
// that the CPU (SIMD lanes over systems) and the GPU (one thread per system) run the same text. Rows are
// handed in with a_0 = 0 and c_{m-1} = 0 already applied: row 0 then needs no special case (fma(-0, 0, b) = b).
//   forward:  p_i = b_i - a_i c'_{i-1},  c'_i = c_i / p_i,  d'_i = (d_i - a_i d'_{i-1}) / p_i
//   backward: x_{m-1} = d'_{m-1},  x_i = d'_i - c'_i x_{i+1}
// (with 1/p_i computed once and multiplied). The factor-once form (LAPACK ?gttrf's factors) stores
// l_i = a_i / p_{i-1}, 1/p_i and c_i and solves y_i = d_i - l_i y_{i-1}, x_i = (y_i - c_i x_{i+1}) / p_i.
#pragma once

#include "solver_math.hpp"

namespace gpurng {
namespace solvers {

template <typename T>
struct ThomasCarry {
  T cp;  // c'_{i-1}
  T dp;  // d'_{i-1}
};

// One forward row. Returns false (and leaves the carry meaningless) when the pivot is tiny: a bool for
// scalars, a per-lane mask for the CPU's lane vectors (whose pivot_ok, found by argument-dependent lookup,
// computes solver_math.hpp's test lane by lane).
template <typename T>
GPURNG_HD auto thomas_forward_row(T a, T b, T c, T d, ThomasCarry<T>& carry) {
  const T p = fma_hd(-a, carry.cp, b);
  const auto ok = pivot_ok(p, row_magnitude(a, b, c));
  const T r = T(1) / p;
  carry.cp = c * r;
  carry.dp = fma_hd(-a, carry.dp, d) * r;
  return ok;
}

// One backward row: x_i from x_{i+1} and the row's stored c'_i, d'_i.
template <typename T>
GPURNG_HD T thomas_backward_row(T cp, T dp, T x_next) {
  return fma_hd(-cp, x_next, dp);
}

// LU factors of one row from the previous row's pivot inverse and c_{i-1}: l_i = a_i / p_{i-1} (computed as
// a_i * (1/p_{i-1})), p_i = b_i - l_i c_{i-1}. `inv_p` carries 1/p_{i-1} in and 1/p_i out; c, the row's own
// super-diagonal, only scales the pivot test (row_magnitude).
template <typename T>
GPURNG_HD bool lu_factor_row(T a, T b, T c, T c_prev, T& inv_p, T& l) {
  l = a * inv_p;
  const T p = fma_hd(-l, c_prev, b);
  const bool ok = pivot_ok(p, row_magnitude(a, b, c));
  inv_p = T(1) / p;
  return ok;
}

// Forward and backward rows of the factored solve.
template <typename T>
GPURNG_HD T lu_forward_row(T l, T d, T y_prev) {
  return fma_hd(-l, y_prev, d);
}
template <typename T>
GPURNG_HD T lu_backward_row(T inv_p, T c, T y, T x_next) {
  return fma_hd(-c, x_next, y) * inv_p;
}

}  // namespace solvers
}  // namespace gpurng
