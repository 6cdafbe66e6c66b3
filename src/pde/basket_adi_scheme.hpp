// SPDX-License-Identifier: BSD-3-Clause
// The multi-asset Black-Scholes PDE by ADI (issue 35): its operators, written once for both backends (GPURNG_HD, as
// bs1d_scheme.hpp is for one asset), and the scalar composition of the schemes, the definition the CPU and GPU
// steppers are to be checked against bit for bit.
//
// The PDE in time to maturity tau, D = 2 or 3 assets, correlations rho_ik:
//   u_tau = sum_i sigma_i^2 S_i^2 u_{S_i S_i} / 2 + sum_{i<k} rho_ik sigma_i sigma_k S_i S_k u_{S_i S_k}
//           + r sum_i S_i u_{S_i} - r u,                        u(S, 0) = payoff(S).
// Grid: per asset J_i intervals of [0, Smax_i], nodes S = j h_i (j = 0 .. J_i), every node an unknown (no boundary
// values: at S_i = 0 the asset's terms vanish with S_i; at Smax_i u is taken linear, u_SS = 0 with a one-sided
// u_S, as on Giles' BS_1D grid). The operator splits as F = F_0 + sum_i F_i, each F a time step dt times the
// operator:
//   F_i (along asset i; the discount shared equally, r / D each): at node j of a line along i, with
//     lambda = dt sigma_i^2 j^2 / 2 and g = dt r j / 2 (computed as (q sigma_i) sigma_i j^2 and q r j, q = dt / 2),
//     and rd = dt r / D:
//       0 < j < J:  F_i u_j = (lambda - g) u_{j-1} - (2 lambda + rd) u_j + (lambda + g) u_{j+1}
//       j = 0:      F_i u_0 = -rd u_0
//       j = J:      F_i u_J = -2 g u_{J-1} + (2 g - rd) u_J
//   F_0 (the mixed derivatives, explicit in every scheme): at a node interior in both assets i and k,
//     dt rho_ik sigma_i sigma_k j_i j_k (u_{++} - u_{+-} - u_{-+} + u_{--}) / 4, summed over i < k; 0 on the faces
//     S_i = 0 (where it vanishes) and S_i = Smax_i (where the linear boundary is taken to hold).
// Schemes (In 't Hout and Welfert, Appl. Numer. Math. 57, 2007; In 't Hout and Foulon, IJNAM 7, 2010), each
// directional solve (I - theta F_i) Y = rhs along every line of asset i:
//   Douglas:  Y_0 = U + F(U);  Y_i: (I - theta F_i) Y_i = Y_{i-1} - theta F_i(U);  U' = Y_D.
//             Second order for theta = 1/2 without correlation, first order with it.
//   Hundsdorfer-Verwer (theta = 1/2 + sqrt(3)/6): the Douglas stage, then
//             Z_0 = Y_0 + (F(Y_D) - F(U)) / 2;  Z_i: (I - theta F_i) Z_i = Z_{i-1} - theta F_i(Y_D);  U' = Z_D.
//             Second order with correlation; unconditionally stable for the convection-diffusion case studied there.
// Damped start (Rannacher): the first step is two Douglas half-steps with theta = 1 (backward Euler per direction),
// which damps the payoff's kink so that the scheme keeps its order.
#pragma once

#include <stddef.h>

#include <cmath>
#include <vector>

#include "../solvers/solver_math.hpp"
#include "../solvers/thomas.hpp"

namespace gpurng {
namespace pde {

using solvers::fma_hd;

constexpr double kHundsdorferVerwerTheta = 0.78867513459481288225;  // 1/2 + sqrt(3)/6

// One asset's step constants: q = dt / 2, hs = (q sigma) sigma, hr = q r, rd = dt r / D.
template <typename T>
struct AssetConsts {
  T hs, hr, rd;
};

template <typename T>
GPURNG_HD AssetConsts<T> asset_consts(T dt, T sigma, T rate, int D) {
  const T q = T(0.5) * dt;
  AssetConsts<T> k;
  k.hs = (q * sigma) * sigma;
  k.hr = q * rate;
  k.rd = (dt * rate) / T(D);
  return k;
}

// F_i's three coefficients at node j of a line of J intervals: F_i u_j = a u_{j-1} + b u_j + c u_{j+1}.
template <typename T>
struct Stencil {
  T a, b, c;
};

template <typename T>
GPURNG_HD Stencil<T> asset_stencil(const AssetConsts<T>& k, int j, int J) {
  const T jt = T(j);
  Stencil<T> s;
  if (j == 0) {
    s.a = T(0);
    s.b = -k.rd;
    s.c = T(0);
  } else if (j == J) {
    const T g = k.hr * jt;
    s.a = -(g + g);
    s.b = (g + g) - k.rd;
    s.c = T(0);
  } else {
    const T lam = k.hs * (jt * jt);
    const T g = k.hr * jt;
    s.a = lam - g;
    s.b = -fma_hd(T(2), lam, k.rd);
    s.c = lam + g;
  }
  return s;
}

// F_i u at a node from its neighbours along i.
template <typename T>
GPURNG_HD T apply_stencil(const Stencil<T>& s, T left, T mid, T right) {
  return fma_hd(s.a, left, fma_hd(s.b, mid, s.c * right));
}

// The row of I - theta F_i: a' = -theta a, b' = 1 - theta b, c' = -theta c.
template <typename T>
GPURNG_HD Stencil<T> implicit_row(const Stencil<T>& s, T theta) {
  return Stencil<T>{-(theta * s.a), fma_hd(-theta, s.b, T(1)), -(theta * s.c)};
}

// F_0's weight of the pair (i, k) at a node: dt rho_ik sigma_i sigma_k j_i j_k / 4 (0 on either asset's faces).
template <typename T>
GPURNG_HD T mixed_weight(T pair_const, int ji, int Ji, int jk, int Jk) {
  if (ji == 0 || ji == Ji || jk == 0 || jk == Jk) return T(0);
  return pair_const * (T(ji) * T(jk));
}

// The step's constants: each asset's, and the mixed pairs' dt rho_ik sigma_i sigma_k / 4 (i < k).
template <typename T, int D>
struct BasketConsts {
  AssetConsts<T> k[D];
  T pc[D][D];
};

template <typename T, int D>
GPURNG_HD BasketConsts<T, D> basket_consts(T dt, const T (&sigma)[D], const T (&rho)[D][D], T rate) {
  BasketConsts<T, D> c;
  for (int i = 0; i < D; ++i) {
    c.k[i] = asset_consts(dt, sigma[i], rate, D);
    for (int j = 0; j < D; ++j) c.pc[i][j] = T(0);
  }
  for (int i = 0; i < D; ++i)
    for (int j = i + 1; j < D; ++j) c.pc[i][j] = (((dt * rho[i][j]) * sigma[i]) * sigma[j]) / T(4);
  return c;
}

// A node of the grid: its index along each asset, the lines' strides and lengths (J_i intervals).
template <int D>
struct NodeAt {
  size_t e;
  int idx[D];
};

// F_i u at node n (stride s along asset i).
template <typename T, int D>
GPURNG_HD T directional_at(const AssetConsts<T>& k, int i, const int (&J)[D], const size_t (&s)[D], const T* u,
                           const NodeAt<D>& n) {
  const int j = n.idx[i];
  const Stencil<T> st = asset_stencil(k, j, J[i]);
  return apply_stencil(st, j > 0 ? u[n.e - s[i]] : T(0), u[n.e], j < J[i] ? u[n.e + s[i]] : T(0));
}

// F_0 u at node n: the pairs in order (0,1), (0,2), (1,2), each fma(w, cross, acc), pairs of weight 0 skipped.
template <typename T, int D>
GPURNG_HD T mixed_at(const T (&pc)[D][D], const int (&J)[D], const size_t (&s)[D], const T* u, const NodeAt<D>& n) {
  T acc = T(0);
  for (int i = 0; i < D; ++i)
    for (int k = i + 1; k < D; ++k) {
      const T w = mixed_weight(pc[i][k], n.idx[i], J[i], n.idx[k], J[k]);
      if (w == T(0)) continue;
      const size_t e = n.e, si = s[i], sk = s[k];
      const T cross = (u[e + si + sk] - u[e + si - sk]) - (u[e - si + sk] - u[e - si - sk]);
      acc = fma_hd(w, cross, acc);
    }
  return acc;
}

// F u at node n: F_0 u, then each F_i u added in asset order.
template <typename T, int D>
GPURNG_HD T full_at(const BasketConsts<T, D>& c, const int (&J)[D], const size_t (&s)[D], const T* u,
                    const NodeAt<D>& n) {
  T acc = mixed_at(c.pc, J, s, u, n);
  for (int i = 0; i < D; ++i) acc = acc + directional_at(c.k[i], i, J, s, u, n);
  return acc;
}

// Hundsdorfer-Verwer's corrector start: Z_0 = Y_0 + (F(Y_D) - F(U)) / 2 with Y_0 = U + F(U).
template <typename T>
GPURNG_HD T hv_corrector(T u, T fu, T fy) {
  return (u + fu) + T(0.5) * (fy - fu);
}

// The LU factors of I - theta F_i along asset i (J + 1 rows), as thomas.hpp's lu_factor_row leaves them. Returns 0
// or 1 + the row of the first tiny pivot.
template <typename T>
GPURNG_HD int basket_factor(const AssetConsts<T>& k, int J, T theta, T* l, T* inv, T* c) {
  T inv_p = T(0), c_prev = T(0);
  int fail = 0;
  for (int j = 0; j <= J; ++j) {
    const Stencil<T> row = implicit_row(asset_stencil(k, j, J), theta);
    if (!solvers::lu_factor_row(row.a, row.b, row.c, c_prev, inv_p, l[j]) && !fail) fail = j + 1;
    inv[j] = inv_p;
    c[j] = row.c;
    c_prev = row.c;
  }
  return fail;
}

// The model of one call: D assets on one grid.
template <typename T, int D>
struct BasketModel {
  int J[D];
  T Smax[D], sigma[D], rho[D][D];
  T rate, maturity;
  int N;  // time steps
};

// A grid of prod (J_i + 1) nodes, asset 0 contiguous.
template <int D>
struct BasketGrid {
  int m[D];  // J_i + 1
  size_t size() const {
    size_t s = 1;
    for (int j = 0; j < D; ++j) s *= size_t(m[j]);
    return s;
  }
  size_t stride(int j) const {
    size_t s = 1;
    for (int i = 0; i < j; ++i) s *= size_t(m[i]);
    return s;
  }
  void index(size_t e, int (&idx)[D]) const {
    for (int j = 0; j < D; ++j) {
      idx[j] = int(e % size_t(m[j]));
      e /= size_t(m[j]);
    }
  }
};

// The scalar definition: the operators at every node, one line after the other.
template <typename T, int D>
class BasketDefinition {
 public:
  BasketDefinition(const BasketModel<T, D>& model) : mod_(model) {
    for (int j = 0; j < D; ++j) {
      g_.m[j] = model.J[j] + 1;
      J_[j] = model.J[j];
    }
    for (int j = 0; j < D; ++j) s_[j] = g_.stride(j);
  }
  const BasketGrid<D>& grid() const { return g_; }

  NodeAt<D> node(size_t e) const {
    NodeAt<D> n;
    n.e = e;
    g_.index(e, n.idx);
    return n;
  }

  // Solves (I - theta F_i) y = rhs along every line of asset i, in place on y (rhs in, solution out), by Thomas
  // with basket_factor's rows. Returns 0 or 1 + the line-local row of a tiny pivot.
  int solve(const AssetConsts<T>& k, int i, T theta, T* y) const {
    const size_t s = s_[i], m = size_t(g_.m[i]);
    std::vector<T> l(m), inv(m), c(m);
    if (int f = basket_factor(k, J_[i], theta, l.data(), inv.data(), c.data())) return f;
    for (size_t e0 = 0; e0 < g_.size(); ++e0) {
      if ((e0 / s) % m != 0) continue;
      T prev = T(0);
      for (size_t j = 0; j < m; ++j) prev = y[e0 + j * s] = solvers::lu_forward_row(l[j], y[e0 + j * s], prev);
      T next = T(0);
      for (size_t j = m; j-- > 0;) next = y[e0 + j * s] = solvers::lu_backward_row(inv[j], c[j], y[e0 + j * s], next);
    }
    return 0;
  }

  // One step of size dt: Douglas (hv false) or Hundsdorfer-Verwer, with weight theta. Returns 0 or a pivot's row.
  int step(T dt, T theta, bool hv, T* u) const {
    const BasketConsts<T, D> c = basket_consts<T, D>(dt, mod_.sigma, mod_.rho, mod_.rate);
    const size_t n = g_.size();
    std::vector<T> FU(n), y(n), z(n);
    for (size_t e = 0; e < n; ++e) {
      FU[e] = full_at(c, J_, s_, u, node(e));
      y[e] = u[e] + FU[e];
    }
    for (int i = 0; i < D; ++i) {
      for (size_t e = 0; e < n; ++e) y[e] = fma_hd(-theta, directional_at(c.k[i], i, J_, s_, u, node(e)), y[e]);
      if (int f = solve(c.k[i], i, theta, y.data())) return f;
    }
    if (!hv) {
      for (size_t e = 0; e < n; ++e) u[e] = y[e];
      return 0;
    }
    for (size_t e = 0; e < n; ++e) z[e] = hv_corrector(u[e], FU[e], full_at(c, J_, s_, y.data(), node(e)));
    for (int i = 0; i < D; ++i) {
      for (size_t e = 0; e < n; ++e) z[e] = fma_hd(-theta, directional_at(c.k[i], i, J_, s_, y.data(), node(e)), z[e]);
      if (int f = solve(c.k[i], i, theta, z.data())) return f;
    }
    for (size_t e = 0; e < n; ++e) u[e] = z[e];
    return 0;
  }

  // N steps from the payoff grid u (in place): the first as two Douglas half-steps with theta = 1, then the
  // scheme's (Hundsdorfer-Verwer with its theta, or Douglas with theta).
  int solve_all(bool hv, T theta, T* u) const {
    const T dt = mod_.maturity / T(mod_.N);
    if (int f = step(T(0.5) * dt, T(1), false, u)) return f;
    if (int f = step(T(0.5) * dt, T(1), false, u)) return f;
    for (int s = 1; s < mod_.N; ++s)
      if (int f = step(dt, theta, hv, u)) return f;
    return 0;
  }

 private:
  BasketModel<T, D> mod_;
  BasketGrid<D> g_;
  int J_[D];
  size_t s_[D];
};

// Cubic Lagrange weights through nodes j-1 .. j+2 at x = w (in node spacings from j), and their derivatives.
template <typename T>
GPURNG_HD void cubic_weights(T w, T (&v)[4], T (&dv)[4]) {
  const T a = w + T(1), b = w, c = w - T(1), d = w - T(2);
  v[0] = -(b * c * d) / T(6);
  v[1] = (a * c * d) / T(2);
  v[2] = -(a * b * d) / T(2);
  v[3] = (a * b * c) / T(6);
  dv[0] = -(c * d + b * d + b * c) / T(6);
  dv[1] = (c * d + a * d + a * c) / T(2);
  dv[2] = -(b * d + a * d + a * b) / T(2);
  dv[3] = (b * c + a * c + a * b) / T(6);
}

// Price and deltas at S0 by the tensor-product cubic through the 4^D nodes around it (the base node clamped to
// 1 .. J_i - 2 as in the one-factor readout), in two parts so that a GPU grid need give only those nodes:
// readout_nodes finds them (base[i] - 1 .. base[i] + 2 along asset i) and the weights, readout_combine sums the
// 4^D values, taken with asset 0's offset varying fastest.
template <typename T, int D>
struct BasketReadout {
  int base[D];
  T v[D][4], dv[D][4];
};

template <typename T, int D>
BasketReadout<T, D> readout_nodes(const int (&J)[D], const T (&h)[D], const T (&S0)[D]) {
  BasketReadout<T, D> r;
  for (int i = 0; i < D; ++i) {
    int j = int(S0[i] / h[i]);
    j = j < 1 ? 1 : j > J[i] - 2 ? J[i] - 2 : j;
    r.base[i] = j;
    cubic_weights(S0[i] / h[i] - T(j), r.v[i], r.dv[i]);
  }
  return r;
}

template <typename T, int D>
void readout_combine(const BasketReadout<T, D>& r, const T (&h)[D], const T* values, T& price, T (&delta)[D]) {
  price = T(0);
  for (int i = 0; i < D; ++i) delta[i] = T(0);
  int total = 1;
  for (int i = 0; i < D; ++i) total *= 4;
  for (int t = 0; t < total; ++t) {
    int off[D], rest = t;
    for (int i = 0; i < D; ++i) {
      off[i] = rest % 4;
      rest /= 4;
    }
    T w = T(1);
    for (int i = 0; i < D; ++i) w *= r.v[i][off[i]];
    price += w * values[t];
    for (int i = 0; i < D; ++i) {
      T wd = r.dv[i][off[i]] / h[i];
      for (int k = 0; k < D; ++k)
        if (k != i) wd *= r.v[k][off[k]];
      delta[i] += wd * values[t];
    }
  }
}

// The grid node of readout value t (readout_combine's order).
template <int D>
GPURNG_HD size_t readout_node(const int (&base)[D], const size_t (&stride)[D], int t) {
  size_t e = 0;
  for (int i = 0; i < D; ++i) {
    e += size_t(base[i] - 1 + t % 4) * stride[i];
    t /= 4;
  }
  return e;
}

// Both parts on a host grid.
template <typename T, int D>
void basket_readout(const BasketGrid<D>& g, const T (&h)[D], const T (&S0)[D], const T* u, T& price, T (&delta)[D]) {
  int J[D];
  size_t stride[D];
  for (int i = 0; i < D; ++i) {
    J[i] = g.m[i] - 1;
    stride[i] = g.stride(i);
  }
  const BasketReadout<T, D> r = readout_nodes<T, D>(J, h, S0);
  T values[D == 2 ? 16 : 64];
  for (int t = 0; t < (D == 2 ? 16 : 64); ++t) values[t] = u[readout_node<D>(r.base, stride, t)];
  readout_combine<T, D>(r, h, values, price, delta);
}

}  // namespace pde
}  // namespace gpurng
