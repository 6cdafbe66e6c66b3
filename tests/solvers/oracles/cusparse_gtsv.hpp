// SPDX-License-Identifier: BSD-3-Clause
// cuSPARSE's batched tridiagonal solvers by precision (overloads on float and double), as the GPU tests and the
// benchmarks call them: gtsv2StridedBatch (system k at k * stride) and gtsvInterleavedBatch (element i of system k at
// i * batch + k; algorithm 0 Thomas, 1 LU with pivoting, 2 QR; it clobbers dl, d, du).
#pragma once

#include <cusparse.h>

namespace cusparse_gtsv {

inline cusparseStatus_t strided_buffer_size(cusparseHandle_t h, int m, const float* dl, const float* d, const float* du,
                                            const float* x, int batch, int stride, size_t* bytes) {
  return cusparseSgtsv2StridedBatch_bufferSizeExt(h, m, dl, d, du, x, batch, stride, bytes);
}
inline cusparseStatus_t strided_buffer_size(cusparseHandle_t h, int m, const double* dl, const double* d,
                                            const double* du, const double* x, int batch, int stride, size_t* bytes) {
  return cusparseDgtsv2StridedBatch_bufferSizeExt(h, m, dl, d, du, x, batch, stride, bytes);
}
inline cusparseStatus_t strided(cusparseHandle_t h, int m, const float* dl, const float* d, const float* du, float* x,
                                int batch, int stride, void* buffer) {
  return cusparseSgtsv2StridedBatch(h, m, dl, d, du, x, batch, stride, buffer);
}
inline cusparseStatus_t strided(cusparseHandle_t h, int m, const double* dl, const double* d, const double* du,
                                double* x, int batch, int stride, void* buffer) {
  return cusparseDgtsv2StridedBatch(h, m, dl, d, du, x, batch, stride, buffer);
}
inline cusparseStatus_t interleaved_buffer_size(cusparseHandle_t h, int algo, int m, const float* dl, const float* d,
                                                const float* du, const float* x, int batch, size_t* bytes) {
  return cusparseSgtsvInterleavedBatch_bufferSizeExt(h, algo, m, dl, d, du, x, batch, bytes);
}
inline cusparseStatus_t interleaved_buffer_size(cusparseHandle_t h, int algo, int m, const double* dl, const double* d,
                                                const double* du, const double* x, int batch, size_t* bytes) {
  return cusparseDgtsvInterleavedBatch_bufferSizeExt(h, algo, m, dl, d, du, x, batch, bytes);
}
inline cusparseStatus_t interleaved(cusparseHandle_t h, int algo, int m, float* dl, float* d, float* du, float* x,
                                    int batch, void* buffer) {
  return cusparseSgtsvInterleavedBatch(h, algo, m, dl, d, du, x, batch, buffer);
}
inline cusparseStatus_t interleaved(cusparseHandle_t h, int algo, int m, double* dl, double* d, double* du, double* x,
                                    int batch, void* buffer) {
  return cusparseDgtsvInterleavedBatch(h, algo, m, dl, d, du, x, batch, buffer);
}

}  // namespace cusparse_gtsv
