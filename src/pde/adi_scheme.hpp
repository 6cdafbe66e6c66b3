// SPDX-License-Identifier: BSD-3-Clause
// The arithmetic of the ADI steppers (issue 35: multi-factor PDEs), written once for both backends as
// bs1d_scheme.hpp is for the one-factor PDE, and its scalar composition, the definition the CPU and GPU steppers
// are to be checked against bit for bit.
//
// The Douglas scheme (Douglas and Rachford 1956; the theta form of In 't Hout and Welfert, Appl. Numer. Math. 57,
// 2007) for u_t = sum_j A_j u on a box of D dimensions, A_j the central second difference along dimension j over
// h_j^2, on n_j interior nodes a dimension with zero values outside them (Dirichlet). With r_j = dt / h_j^2 and
// q_j = theta r_j, each rounded once, and D_j u_i = u_{i-1} - 2 u_i + u_{i+1} along j, in its increment (delta)
// form: with Y_j = U + Z_j, the theta form's (I - q_j D_j) Y_{j+1} = Y_j - q_j D_j U is (I - q_j D_j) Z_{j+1} = Z_j,
// so every directional solve has one grid as its right-hand side and U is read only by the first and last passes:
//   Z_0 = sum_j r_j D_j U                             (in dimension order, one fused multiply-add each)
//   (I - q_j D_j) Z_{next} = Z,  j = 1, .., D-1, then j = 0
//   U' = U + Z_D
// The contiguous dimension goes last so that the update U + Z_D is made as its solutions are stored, along rows.
// The directional operators commute (each acts along its own dimension with constant coefficients), so the order
// changes only rounding. Each directional system is the same on every line along j (-q_j off the diagonal,
// 1 + 2 q_j on it): solved by Thomas with that matrix's LU factors (thomas.hpp's lu_factor_row, lu_forward_row,
// lu_backward_row), the arithmetic of gpurng?gtsvConstantBatch with THOMAS. The amplification of the mode whose D_j
// eigenvalue is mu_j = -4 sin^2(k_j pi / (2 (n_j + 1))), z_j = r_j mu_j, is g = 1 + sum_j z_j / prod_j
// (1 - theta z_j): for theta >= 1/2 every |g| <= 1 (unconditionally stable), and for theta = 1/2 without mixed
// derivatives the scheme is of second order in dt.
#pragma once

#include <stddef.h>

#include <vector>

#include "../solvers/solver_math.hpp"
#include "../solvers/thomas.hpp"

namespace gpurng {
namespace pde {

using solvers::fma_hd;

// D u at a node from its neighbours along one dimension (0 outside the interior).
template <typename T>
GPURNG_HD T second_difference(T left, T mid, T right) {
  return fma_hd(T(-2), mid, left + right);
}

// A step's constants: r_j = dt / h_j^2 and q_j = theta r_j, each rounded once.
template <typename T, int D>
struct DouglasConsts {
  T r[D], q[D];
};

template <typename T, int D>
GPURNG_HD DouglasConsts<T, D> douglas_consts(T dt, const T (&h)[D], T theta) {
  DouglasConsts<T, D> k;
  for (int j = 0; j < D; ++j) {
    k.r[j] = dt / (h[j] * h[j]);
    k.q[j] = theta * k.r[j];
  }
  return k;
}

// Z_0 at a node from its second differences along each dimension.
template <typename T, int D>
GPURNG_HD T douglas_increment(const T (&diff)[D], const DouglasConsts<T, D>& k) {
  T z = T(0);
  for (int j = 0; j < D; ++j) z = fma_hd(k.r[j], diff[j], z);
  return z;
}

// The order of the directional solves: dimensions 1 .. D-1, then 0 (the last solve makes U' along rows).
GPURNG_HD int douglas_direction(int D, int s) { return s + 1 < D ? s + 1 : 0; }

// U' at a node from U and the last solve's Z.
template <typename T>
GPURNG_HD T douglas_update(T u, T z) {
  return u + z;
}

// The diagonal of I - q_j D_j.
template <typename T>
GPURNG_HD T douglas_diagonal(T q) {
  return fma_hd(T(2), q, T(1));
}

// The LU factors (thomas.hpp's lu_factor_row) of a directional matrix of m rows: -q off the diagonal,
// douglas_diagonal(q) on it. Returns 0, or 1 + the row of the first tiny pivot.
template <typename T>
GPURNG_HD int douglas_factor(int m, T q, T* l, T* inv, T* c) {
  T inv_p = T(0), c_prev = T(0);
  int fail = 0;
  for (int i = 0; i < m; ++i) {
    const T a = i > 0 ? -q : T(0), cc = i + 1 < m ? -q : T(0);
    if (!solvers::lu_factor_row(a, douglas_diagonal(q), cc, c_prev, inv_p, l[i]) && !fail) fail = i + 1;
    inv[i] = inv_p;
    c[i] = cc;
    c_prev = cc;
  }
  return fail;
}

// A D-dimensional grid of interior nodes, dimension 0 contiguous: node (i_0, .., i_{D-1}) at
// i_0 + n_0 (i_1 + n_1 (i_2 ...)).
template <int D>
struct AdiGrid {
  int n[D];
  size_t size() const {
    size_t s = 1;
    for (int j = 0; j < D; ++j) s *= size_t(n[j]);
    return s;
  }
  size_t stride(int j) const {
    size_t s = 1;
    for (int i = 0; i < j; ++i) s *= size_t(n[i]);
    return s;
  }
};

// D_j U at node e of the grid (its index i along j given).
template <typename T, int D>
T second_difference_at(const AdiGrid<D>& g, const T* u, size_t e, int j, int i) {
  const size_t s = g.stride(j);
  const T left = i > 0 ? u[e - s] : T(0);
  const T right = i + 1 < g.n[j] ? u[e + s] : T(0);
  return second_difference(left, u[e], right);
}

// The definition, one node and one line after the other: `steps` Douglas steps of size dt on u (in place).
// Returns 0, or 1 + the row of the first tiny pivot of a directional matrix (then before any step: u unchanged).
template <typename T, int D>
int douglas_heat_steps(const AdiGrid<D>& g, const T (&h)[D], T dt, T theta, int steps, T* u) {
  const DouglasConsts<T, D> k = douglas_consts(dt, h, theta);
  const size_t N = g.size();
  std::vector<T> z(N);
  // The LU factors of each dimension's matrix, once.
  std::vector<T> l[D], inv[D], c[D];
  for (int j = 0; j < D; ++j) {
    const int m = g.n[j];
    l[j].resize(m);
    inv[j].resize(m);
    c[j].resize(m);
    const int fail = douglas_factor(m, k.q[j], l[j].data(), inv[j].data(), c[j].data());
    if (fail) return fail;
  }
  for (int step = 0; step < steps; ++step) {
    for (size_t e = 0; e < N; ++e) {
      T d[D];
      size_t rest = e;
      for (int j = 0; j < D; ++j) {
        const int i = int(rest % size_t(g.n[j]));
        rest /= size_t(g.n[j]);
        d[j] = second_difference_at(g, u, e, j, i);
      }
      z[e] = douglas_increment(d, k);
    }
    for (int o = 0; o < D; ++o) {
      const int j = douglas_direction(D, o);
      // Every line along j: its first node e0 has i_j = 0.
      const size_t s = g.stride(j), m = size_t(g.n[j]);
      for (size_t e0 = 0; e0 < N; ++e0) {
        if ((e0 / s) % m != 0) continue;
        T prev = T(0);
        for (size_t i = 0; i < m; ++i) {
          prev = solvers::lu_forward_row(l[j][i], z[e0 + i * s], prev);
          z[e0 + i * s] = prev;
        }
        T next = T(0);
        for (size_t i = m; i-- > 0;) {
          next = solvers::lu_backward_row(inv[j][i], c[j][i], z[e0 + i * s], next);
          z[e0 + i * s] = next;
        }
      }
    }
    for (size_t e = 0; e < N; ++e) u[e] = douglas_update(u[e], z[e]);
  }
  return 0;
}

}  // namespace pde
}  // namespace gpurng
