// SPDX-License-Identifier: BSD-3-Clause
// Test oracle: LAPACK's general tridiagonal solver ?gtsv (Gaussian elimination with partial pivoting),
// an algorithm independent of Thomas, for comparison with the library's solvers.
// Header-only; link LAPACK (CMake target gpurng_lapack_oracle does).
#pragma once

#include <cstddef>
#include <stdexcept>
#include <string>
#include <vector>

extern "C" {
// Fortran ABI: everything by pointer; no CHARACTER arguments, so no hidden string-length parameters.
void sgtsv_(int* n, int* nrhs, float* dl, float* d, float* du, float* b, int* ldb, int* info);
void dgtsv_(int* n, int* nrhs, double* dl, double* d, double* du, double* b, int* ldb, int* info);
}

namespace gpurng_test {

namespace detail {
inline void gtsv(int* n, int* nrhs, float* dl, float* d, float* du, float* b, int* ldb, int* info) {
  sgtsv_(n, nrhs, dl, d, du, b, ldb, info);
}
inline void gtsv(int* n, int* nrhs, double* dl, double* d, double* du, double* b, int* ldb, int* info) {
  dgtsv_(n, nrhs, dl, d, du, b, ldb, info);
}
}  // namespace detail

// Solves a_i x_{i-1} + b_i x_i + c_i x_{i+1} = d_i (a[0], c[n-1] ignored) with T = float or double.
// The arguments are taken by value because gtsv overwrites all four arrays.
template <class T>
std::vector<T> lapack_gtsv(int n, std::vector<T> a, std::vector<T> b, std::vector<T> c, std::vector<T> d) {
  if (n < 1 || a.size() != static_cast<std::size_t>(n) || b.size() != a.size() || c.size() != a.size() ||
      d.size() != a.size())
    throw std::invalid_argument("lapack_gtsv: a, b, c, d must all have size n >= 1");
  // LAPACK's DL holds the n-1 sub-diagonal entries of rows 1..n-1 and DU the n-1 super-diagonal entries
  // of rows 0..n-2.  Keep at least one element so the pointers are valid when n = 1 (never read then).
  std::vector<T> dl(a.begin() + 1, a.end()), du(c.begin(), c.end() - 1);
  dl.push_back(T(0));
  du.push_back(T(0));
  int nrhs = 1, ldb = n, info = 0;
  detail::gtsv(&n, &nrhs, dl.data(), b.data(), du.data(), d.data(), &ldb, &info);
  if (info != 0)  // info > 0: U(info,info) is exactly zero, i.e. A is singular
    throw std::runtime_error("lapack_gtsv: ?gtsv returned info = " + std::to_string(info));
  return d;  // gtsv leaves the solution in B
}

}  // namespace gpurng_test
