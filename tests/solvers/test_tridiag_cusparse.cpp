// SPDX-License-Identifier: BSD-3-Clause
// On the GPU machine (label gpu): the GPU solvers and cuSPARSE (gtsv2StridedBatch, gtsvInterleavedBatch with
// each of its algorithms) on the same systems: both within the residual bound of the long-double reference,
// and within a few ulps of each other. Skips (77) without a GPU.
#include <cuda_runtime.h>
#include <cusparse.h>
#include <gtest/gtest.h>

#include <cmath>
#include <vector>

#include "cusparse_gtsv.hpp"
#include "gpurng_tridiag.h"
#include "tridiag_problem.hpp"

using namespace gpurng_test;

namespace {

template <typename T>
T* upload(const std::vector<T>& v) {
  T* p = nullptr;
  EXPECT_EQ(cudaMalloc(&p, v.size() * sizeof(T)), cudaSuccess);
  EXPECT_EQ(cudaMemcpy(p, v.data(), v.size() * sizeof(T), cudaMemcpyHostToDevice), cudaSuccess);
  return p;
}
template <typename T>
std::vector<T> download(const T* p, size_t n) {
  std::vector<T> v(n);
  EXPECT_EQ(cudaMemcpy(v.data(), p, n * sizeof(T), cudaMemcpyDeviceToHost), cudaSuccess);
  return v;
}

gpurngStatus_t ours(gpurngSolver_t s, int sd, const int* dims, const float* a, const float* b, const float* c,
                    float* x) {
  return gpurngSgtsvBatch(s, 2, sd, dims, nullptr, a, b, c, x, nullptr);
}
gpurngStatus_t ours(gpurngSolver_t s, int sd, const int* dims, const double* a, const double* b, const double* c,
                    double* x) {
  return gpurngDgtsvBatch(s, 2, sd, dims, nullptr, a, b, c, x, nullptr);
}

template <typename T>
void compare(int m, int batch, bool interleaved) {
  auto p = interleaved ? make_problem<T>(2, 1, {batch, m, 1}, {batch, m, 1}, 5)
                       : make_problem<T>(2, 0, {m, batch, 1}, {m, batch, 1}, 5);
  // cuSPARSE requires dl[0] = 0 and du[m-1] = 0 in every system.
  for (int64_t k = 0; k < p.systems(); ++k) {
    p.a[p.index(k, 0)] = T(0);
    p.c[p.index(k, m - 1)] = T(0);
  }
  const size_t n = p.size();
  cusparseHandle_t h;
  ASSERT_EQ(cusparseCreate(&h), CUSPARSE_STATUS_SUCCESS);
  gpurngSolver_t s;
  ASSERT_EQ(gpurngCreateSolver(&s), GPURNG_STATUS_SUCCESS);
  const int dims[2] = {p.dims[0], p.dims[1]};
  std::vector<std::vector<T>> solutions;
  for (auto alg : {GPURNG_TRIDIAG_AUTO, GPURNG_TRIDIAG_THOMAS, GPURNG_TRIDIAG_PCR, GPURNG_TRIDIAG_THOMAS_PCR}) {
    T *a = upload(p.a), *b = upload(p.b), *c = upload(p.c), *x = upload(p.d);
    ASSERT_EQ(gpurngSolverSetAlgorithm(s, alg), GPURNG_STATUS_SUCCESS);
    ASSERT_EQ(ours(s, interleaved ? 1 : 0, dims, a, b, c, x), GPURNG_STATUS_SUCCESS);
    ASSERT_EQ(cudaDeviceSynchronize(), cudaSuccess);
    solutions.push_back(download(x, n));
    for (T* q : {a, b, c, x}) cudaFree(q);
  }
  std::vector<std::vector<T>> theirs;
  for (int algo = 0; algo < (interleaved ? 3 : 1); ++algo) {
    T *a = upload(p.a), *b = upload(p.b), *c = upload(p.c), *x = upload(p.d);
    size_t bytes = 0;
    void* w = nullptr;
    if (interleaved) {
      ASSERT_EQ(cusparse_gtsv::interleaved_buffer_size(h, algo, m, a, b, c, x, batch, &bytes), CUSPARSE_STATUS_SUCCESS);
      ASSERT_EQ(cudaMalloc(&w, bytes + 128), cudaSuccess);
      ASSERT_EQ(cusparse_gtsv::interleaved(h, algo, m, a, b, c, x, batch, w), CUSPARSE_STATUS_SUCCESS);
    } else {
      ASSERT_EQ(cusparse_gtsv::strided_buffer_size(h, m, a, b, c, x, batch, m, &bytes), CUSPARSE_STATUS_SUCCESS);
      ASSERT_EQ(cudaMalloc(&w, bytes + 128), cudaSuccess);
      ASSERT_EQ(cusparse_gtsv::strided(h, m, a, b, c, x, batch, m, w), CUSPARSE_STATUS_SUCCESS);
    }
    ASSERT_EQ(cudaDeviceSynchronize(), cudaSuccess);
    theirs.push_back(download(x, n));
    for (T* q : {a, b, c, x}) cudaFree(q);
    cudaFree(w);
  }
  const long double eps = std::numeric_limits<T>::epsilon();
  for (const auto& x : solutions)
    for (int64_t k = 0; k < p.systems(); ++k) ASSERT_LE(residual_of(p, x, k), 16 * eps);
  for (const auto& y : theirs) {
    for (int64_t k = 0; k < p.systems(); ++k) ASSERT_LE(residual_of(p, y, k), 64 * eps) << "cuSPARSE";
    for (const auto& x : solutions) {
      long double scale = 0, diff = 0;
      for (size_t e = 0; e < n; ++e) {
        scale = std::max(scale, std::fabs((long double)y[e]));
        diff = std::max(diff, std::fabs((long double)x[e] - (long double)y[e]));
      }
      // cuSPARSE's interleaved LU-with-pivoting and QR algorithms round differently from elimination without
      // pivoting: measured differences reach ~120 eps of max |x| (m = 1000); both pass the residual bound.
      EXPECT_LE(diff, 256 * eps * scale) << "m=" << m << " batch=" << batch
                                         << (interleaved ? " interleaved" : " strided");
    }
  }
  gpurngDestroySolver(s);
  cusparseDestroy(h);
}

bool gpu() {
  int n = 0;
  return cudaGetDeviceCount(&n) == cudaSuccess && n > 0;
}

}  // namespace

TEST(TridiagCusparse, SameSystemsSameSolutions) {
  if (!gpu()) GTEST_SKIP() << "no GPU";
  for (bool inter : {false, true})
    for (int m : {3, 31, 256, 1000})
      for (int batch : {1, 33, 1024}) {
        compare<float>(m, batch, inter);
        compare<double>(m, batch, inter);
      }
}
