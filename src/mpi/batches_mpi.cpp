// SPDX-License-Identifier: BSD-3-Clause
// gpurng_mpi.h's batches over a communicator: each rank solves its slice of the batch by position (a pointer offset of
// every host array), then the outputs are all-gathered, so every rank holds what one process's call writes. The
// ranks' statuses are summed up as one host call sums up its systems' (src/scale/split_batch.hpp's rule).
#include <stdint.h>

#include <vector>

#include "gpurng_mpi.h"
#include "mpi_common.hpp"

namespace {

using gpurng::mpi::agree_batch;
using gpurng::mpi::same_everywhere;
using gpurng::mpi::slice_of;
using gpurng::mpi::usable;

// Every rank's slice [first_r, first_r + n_r) of an array of `per` elements an item, gathered into `a` in place.
template <typename T>
int allgather_slices(MPI_Comm comm, T* a, size_t items, size_t per, size_t last_extent) {
  int size = 1;
  MPI_Comm_size(comm, &size);
  std::vector<int> counts(static_cast<size_t>(size)), displs(static_cast<size_t>(size));
  for (int r = 0; r < size; ++r) {
    const gpurng::mpi::Slice s = slice_of(items, r, size);
    size_t bytes = s.count * per * sizeof(T);
    if (s.count > 0 && s.first + s.count == items) bytes -= (per - last_extent) * sizeof(T);  // the array ends early
    counts[size_t(r)] = static_cast<int>(bytes);
    displs[size_t(r)] = static_cast<int>(s.first * per * sizeof(T));
  }
  return MPI_Allgatherv(MPI_IN_PLACE, 0, MPI_DATATYPE_NULL, a, counts.data(), displs.data(), MPI_BYTE, comm);
}

// Every item's info entry, for the status and the all-gather: the caller's array, or `own` sized for n items.
int* info_entries(int* info, size_t n, std::vector<int>* own) {
  if (info) return info;
  own->assign(n, 0);
  return own->data();
}

template <typename T, typename Pde>
gpurngStatus_t pde_over_ranks(Pde pde, gpurngSolver_t solver, int handle, gpurngPdeScheme_t scheme, int J, int N,
                              T Smax, int count, const int* kind, const T* S0, const T* strike, const T* rate,
                              const T* sigma, const T* maturity, T* price, T* delta, T* gamma, T* grid, int* info) {
  MPI_Comm comm;
  if (!usable(handle, &comm)) return GPURNG_STATUS_NOT_INITIALIZED;
  const unsigned long long args[5] = {static_cast<unsigned long long>(scheme), static_cast<unsigned long long>(J),
                                      static_cast<unsigned long long>(N), static_cast<unsigned long long>(count),
                                      (delta ? 1u : 0u) | (gamma ? 2u : 0u) | (grid ? 4u : 0u) | (info ? 8u : 0u)};
  if (!same_everywhere(comm, args, 5)) return GPURNG_STATUS_INVALID_VALUE;
  if (count < 0 || J < 3 || J > (1 << 20)) return GPURNG_STATUS_OUT_OF_RANGE;  // before any slice arithmetic
  int rank = 0, size = 1;
  MPI_Comm_rank(comm, &rank);
  MPI_Comm_size(comm, &size);
  const gpurng::mpi::Slice s = slice_of(size_t(count), rank, size);
  const size_t a = s.first, nodes = size_t(J) + 1;
  std::vector<int> own;
  int* inf = info_entries(info, size_t(count), &own);
  gpurngStatus_t st = GPURNG_STATUS_SUCCESS;
  if (s.count > 0)
    st = pde(solver, scheme, J, N, Smax, int(s.count), kind + a, S0 + a, strike + a, rate + a, sigma + a, maturity + a,
             price + a, delta ? delta + a : nullptr, gamma ? gamma + a : nullptr, grid ? grid + a * nodes : nullptr,
             inf + a);
  st = agree_batch(comm, st);
  if (st != GPURNG_STATUS_SUCCESS && st != GPURNG_STATUS_ZERO_PIVOT && st != GPURNG_STATUS_RESULT_OUT_OF_BOUNDS)
    return st;
  const size_t n = size_t(count);
  int mpi = allgather_slices(comm, price, n, 1, 1);
  if (mpi == MPI_SUCCESS && delta) mpi = allgather_slices(comm, delta, n, 1, 1);
  if (mpi == MPI_SUCCESS && gamma) mpi = allgather_slices(comm, gamma, n, 1, 1);
  if (mpi == MPI_SUCCESS && grid) mpi = allgather_slices(comm, grid, n, nodes, nodes);
  if (mpi == MPI_SUCCESS) mpi = allgather_slices(comm, inf, n, 1, 1);
  return mpi == MPI_SUCCESS ? st : GPURNG_STATUS_INTERNAL_ERROR;
}

// A strided batch (gpurng_tridiag.h) split by systems over the ranks, every rank then holding every x and info.
template <typename T, typename Solve>
gpurngStatus_t strided_over_ranks(Solve solve, gpurngSolver_t solver, int handle, int m, const T* dl, const T* d,
                                  const T* du, T* x, int batchCount, int batchStride, int* info) {
  MPI_Comm comm;
  if (!usable(handle, &comm)) return GPURNG_STATUS_NOT_INITIALIZED;
  const unsigned long long args[4] = {static_cast<unsigned long long>(m), static_cast<unsigned long long>(batchCount),
                                      static_cast<unsigned long long>(batchStride), info ? 1ull : 0ull};
  if (!same_everywhere(comm, args, 4)) return GPURNG_STATUS_INVALID_VALUE;
  if (m < 1 || batchCount < 0 || batchStride < m) return GPURNG_STATUS_OUT_OF_RANGE;
  int rank = 0, size = 1;
  MPI_Comm_rank(comm, &rank);
  MPI_Comm_size(comm, &size);
  const gpurng::mpi::Slice s = slice_of(size_t(batchCount), rank, size);
  const size_t at = s.first * size_t(batchStride);
  std::vector<int> own;
  int* inf = info_entries(info, size_t(batchCount), &own);
  gpurngStatus_t st = GPURNG_STATUS_SUCCESS;
  if (s.count > 0) st = solve(solver, m, dl + at, d + at, du + at, x + at, int(s.count), batchStride, inf + s.first);
  st = agree_batch(comm, st);
  if (st != GPURNG_STATUS_SUCCESS && st != GPURNG_STATUS_ZERO_PIVOT) return st;
  int mpi = allgather_slices(comm, x, size_t(batchCount), size_t(batchStride), size_t(m));
  if (mpi == MPI_SUCCESS) mpi = allgather_slices(comm, inf, size_t(batchCount), 1, 1);
  return mpi == MPI_SUCCESS ? st : GPURNG_STATUS_INTERNAL_ERROR;
}

}  // namespace

extern "C" {

gpurngStatus_t gpurngMpiBlackScholesPde1dDouble(gpurngSolver_t solver, int handle, gpurngPdeScheme_t scheme, int J,
                                                int N, double Smax, int count, const int* kind, const double* S0,
                                                const double* strike, const double* rate, const double* sigma,
                                                const double* maturity, double* price, double* delta, double* gamma,
                                                double* grid, int* info) {
  return pde_over_ranks<double>(gpurngBlackScholesPde1dDouble, solver, handle, scheme, J, N, Smax, count, kind, S0,
                                strike, rate, sigma, maturity, price, delta, gamma, grid, info);
}

gpurngStatus_t gpurngMpiBlackScholesPde1dFloat(gpurngSolver_t solver, int handle, gpurngPdeScheme_t scheme, int J,
                                               int N, float Smax, int count, const int* kind, const float* S0,
                                               const float* strike, const float* rate, const float* sigma,
                                               const float* maturity, float* price, float* delta, float* gamma,
                                               float* grid, int* info) {
  return pde_over_ranks<float>(gpurngBlackScholesPde1dFloat, solver, handle, scheme, J, N, Smax, count, kind, S0,
                               strike, rate, sigma, maturity, price, delta, gamma, grid, info);
}

gpurngStatus_t gpurngMpiDgtsvStridedBatch(gpurngSolver_t solver, int handle, int m, const double* dl, const double* d,
                                          const double* du, double* x, int batchCount, int batchStride, int* info) {
  return strided_over_ranks<double>(gpurngDgtsvStridedBatch, solver, handle, m, dl, d, du, x, batchCount, batchStride,
                                    info);
}

gpurngStatus_t gpurngMpiSgtsvStridedBatch(gpurngSolver_t solver, int handle, int m, const float* dl, const float* d,
                                          const float* du, float* x, int batchCount, int batchStride, int* info) {
  return strided_over_ranks<float>(gpurngSgtsvStridedBatch, solver, handle, m, dl, d, du, x, batchCount, batchStride,
                                   info);
}

}  // extern "C"
