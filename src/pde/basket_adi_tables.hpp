// SPDX-License-Identifier: BSD-3-Clause
// One step's operator coefficients of the multi-asset ADI stepper (basket_adi_scheme.hpp), computed once on the host
// by the definition's own functions (asset_stencil, mixed_weight, basket_factor) and read by both steppers: the CPU's
// (basket_adi_cpu_kernels.inc) from host memory, the GPU's (basket_adi_cuda.cu) from a device copy. Since every
// coefficient is the definition's value and every node operation below is the definition's, in its order, both
// steppers give the definition's bits.
#pragma once

#include <stddef.h>

#include <vector>

#include "basket_adi_scheme.hpp"

namespace gpurng {
namespace pde {

// Where a step's coefficients are (host or device memory): per asset i the stencils at its J_i + 1 nodes (three
// arrays, so that a row's loop reads them contiguously) and the LU factors of I - theta F_i; per pair i < k the mixed
// weights at [j_k (J_i + 1) + j_i].
template <typename T, int D>
struct BasketTables {
  int J[D];
  size_t s[D];  // strides: asset 0 contiguous
  const T *sa[D], *sb[D], *sc[D];
  const T* weight[D][D];
  const T *l[D], *inv[D], *c[D];
  T pc[D][D];  // the pairs' constants (a pair whose constant is 0 has every weight 0)
};

template <typename T, int D>
GPURNG_HD Stencil<T> stencil_of(const BasketTables<T, D>& w, int i, int j) {
  return Stencil<T>{w.sa[i][j], w.sb[i][j], w.sc[i][j]};
}

// directional_at with the tables.
template <typename T, int D>
GPURNG_HD T directional_tab(const BasketTables<T, D>& w, int i, const T* u, size_t e, int j) {
  return apply_stencil(stencil_of(w, i, j), j > 0 ? u[e - w.s[i]] : T(0), u[e], j < w.J[i] ? u[e + w.s[i]] : T(0));
}

// full_at with the tables: F_0 (pairs in order, weight-0 pairs skipped), then each F_i added in asset order.
template <typename T, int D>
GPURNG_HD T full_tab(const BasketTables<T, D>& w, const T* u, const NodeAt<D>& n) {
  T acc = T(0);
  for (int i = 0; i < D; ++i)
    for (int k = i + 1; k < D; ++k) {
      const T wt = w.weight[i][k][size_t(n.idx[k]) * (size_t(w.J[i]) + 1) + size_t(n.idx[i])];
      if (wt == T(0)) continue;
      const size_t e = n.e, si = w.s[i], sk = w.s[k];
      const T cross = (u[e + si + sk] - u[e + si - sk]) - (u[e - si + sk] - u[e - si - sk]);
      acc = fma_hd(wt, cross, acc);
    }
  for (int i = 0; i < D; ++i) acc = acc + directional_tab(w, i, u, n.e, n.idx[i]);
  return acc;
}

// The host's store of a step's coefficients, one contiguous array (sizes() values) so that a device copy is one copy.
template <typename T, int D>
class BasketTableStore {
 public:
  explicit BasketTableStore(const int* J) {  // J_i intervals of each asset
    size_t at = 0;
    for (int i = 0; i < D; ++i) {
      J_[i] = J[i];
      rows_ += size_t(J[i]) + 1;
    }
    for (int i = 0; i < D; ++i)
      for (int k = i + 1; k < D; ++k) at += (size_t(J[i]) + 1) * (size_t(J[k]) + 1);
    values_.resize(6 * rows_ + at);
  }
  size_t size() const { return values_.size(); }
  const T* data() const { return values_.data(); }

  // Fills the coefficients of step size dt and weight theta; returns 0 or 1 + the row of a tiny pivot (the first
  // asset's that has one).
  int fill(T dt, const T (&sigma)[D], const T (&rho)[D][D], T rate, T theta) {
    c_ = basket_consts<T, D>(dt, sigma, rho, rate);
    T* p = values_.data();
    int fail = 0;
    for (int i = 0; i < D; ++i) {
      T *a = p, *b = a + rows_, *c = b + rows_;
      for (int j = 0; j <= J_[i]; ++j) {
        const Stencil<T> st = asset_stencil(c_.k[i], j, J_[i]);
        a[j] = st.a;
        b[j] = st.b;
        c[j] = st.c;
      }
      T *l = c + rows_, *inv = l + rows_, *cc = inv + rows_;
      const int f = basket_factor(c_.k[i], J_[i], theta, l, inv, cc);
      if (f && !fail) fail = f;
      p += size_t(J_[i]) + 1;
    }
    T* wt = values_.data() + 6 * rows_;
    for (int i = 0; i < D; ++i)
      for (int k = i + 1; k < D; ++k)
        for (int b = 0; b <= J_[k]; ++b)
          for (int a = 0; a <= J_[i]; ++a) *wt++ = mixed_weight(c_.pc[i][k], a, J_[i], b, J_[k]);
    return fail;
  }

  // The tables at `base` (this store's data(), or a copy of it elsewhere: device memory).
  BasketTables<T, D> at(const T* base) const {
    BasketTables<T, D> w;
    size_t off = 0, wt = 6 * rows_;
    for (int i = 0; i < D; ++i) {
      w.J[i] = J_[i];
      w.s[i] = i == 0 ? 1 : w.s[i - 1] * (size_t(J_[i - 1]) + 1);
      w.sa[i] = base + off;
      w.sb[i] = base + rows_ + off;
      w.sc[i] = base + 2 * rows_ + off;
      w.l[i] = base + 3 * rows_ + off;
      w.inv[i] = base + 4 * rows_ + off;
      w.c[i] = base + 5 * rows_ + off;
      off += size_t(J_[i]) + 1;
      for (int k = 0; k < D; ++k) {
        w.weight[i][k] = nullptr;
        w.pc[i][k] = c_.pc[i][k];
      }
    }
    for (int i = 0; i < D; ++i)
      for (int k = i + 1; k < D; ++k) {
        w.weight[i][k] = base + wt;
        wt += (size_t(J_[i]) + 1) * (size_t(J_[k]) + 1);
      }
    return w;
  }

 private:
  int J_[D];
  size_t rows_ = 0;
  BasketConsts<T, D> c_{};
  std::vector<T> values_;
};

}  // namespace pde
}  // namespace gpurng
