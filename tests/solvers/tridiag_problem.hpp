// SPDX-License-Identifier: BSD-3-Clause
// Test problems for gpurng_tridiag.h in every layout, with the layout arithmetic written again here (not taken
// from the library): a padded ndim-D array, element (i0, i1, i2) at i0 + p0 (i1 + p1 i2), each line along
// `solvedim` one system, systems numbered by the other indices, lowest first. Padding holds NaN, so a solver
// that reads padding spoils a solution and one that writes it is caught.
#pragma once

#include <array>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>
#include <vector>

#include "naive_thomas.hpp"

namespace gpurng_test {

template <typename T>
struct TridiagProblem {
  int ndim = 2, solvedim = 0;
  std::array<int, 3> dims{1, 1, 1}, pads{1, 1, 1};
  std::vector<T> a, b, c, d;  // padded arrays

  int m() const { return dims[solvedim]; }
  int64_t size() const { return int64_t(pads[0]) * pads[1] * pads[2]; }
  int64_t systems() const {
    int64_t s = 1;
    for (int i = 0; i < 3; ++i)
      if (i != solvedim) s *= dims[i];
    return s;
  }
  // Element index of row i of system k.
  int64_t index(int64_t k, int i) const {
    int idx[3] = {0, 0, 0}, o[2], n = 0;
    for (int j = 0; j < 3; ++j)
      if (j != solvedim) o[n++] = j;
    idx[o[0]] = int(k % dims[o[0]]);
    idx[o[1]] = int(k / dims[o[0]]);
    idx[solvedim] = i;
    return idx[0] + int64_t(pads[0]) * (idx[1] + int64_t(pads[1]) * idx[2]);
  }
  template <typename V>
  std::vector<V> system(const std::vector<V>& arr, int64_t k) const {
    std::vector<V> s(m());
    for (int i = 0; i < m(); ++i) s[i] = arr[index(k, i)];
    return s;
  }
};

// A random diagonally dominant system per line; the API's pads argument gives pads for dims below ndim-1.
template <typename T>
TridiagProblem<T> make_problem(int ndim, int solvedim, std::array<int, 3> dims, std::array<int, 3> pads,
                               uint64_t seed) {
  TridiagProblem<T> p;
  p.ndim = ndim;
  p.solvedim = solvedim;
  p.dims = dims;
  p.pads = pads;
  for (int i = ndim; i < 3; ++i) p.dims[i] = p.pads[i] = 1;
  p.pads[ndim - 1] = p.dims[ndim - 1];
  const T nan = std::numeric_limits<T>::quiet_NaN();
  p.a.assign(p.size(), nan);
  p.b.assign(p.size(), nan);
  p.c.assign(p.size(), nan);
  p.d.assign(p.size(), nan);
  std::vector<T> a, b, c, d;
  for (int64_t k = 0; k < p.systems(); ++k) {
    random_dominant_system<T>(seed * 1000003u + uint64_t(k), p.m(), a, b, c, d);
    // The first a and last c are "not read": give them garbage that would show if they were.
    a[0] = T(1e3);
    c[p.m() - 1] = T(-1e3);
    for (int i = 0; i < p.m(); ++i) {
      const int64_t e = p.index(k, i);
      p.a[e] = a[i];
      p.b[e] = b[i];
      p.c[e] = c[i];
      p.d[e] = d[i];
    }
  }
  return p;
}

template <typename T>
bool same_bits(T x, T y) {
  return std::memcmp(&x, &y, sizeof(T)) == 0;
}

template <typename T>
long double residual_of(const TridiagProblem<T>& p, const std::vector<T>& x, int64_t k) {
  auto a = p.system(p.a, k), c = p.system(p.c, k);
  a[0] = T(0);
  c[p.m() - 1] = T(0);
  return relative_residual(a, p.system(p.b, k), c, p.system(p.d, k), p.system(x, k));
}

template <typename T>
std::vector<long double> reference_of(const TridiagProblem<T>& p, int64_t k) {
  auto a = p.system(p.a, k), c = p.system(p.c, k);
  a[0] = T(0);
  c[p.m() - 1] = T(0);
  return naive_thomas(a, p.system(p.b, k), c, p.system(p.d, k));
}

}  // namespace gpurng_test
