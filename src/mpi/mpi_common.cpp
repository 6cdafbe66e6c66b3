// SPDX-License-Identifier: BSD-3-Clause
#include "mpi_common.hpp"

namespace gpurng {
namespace mpi {

bool usable(int handle, MPI_Comm* comm) {
  int up = 0, down = 0;
  MPI_Initialized(&up);
  MPI_Finalized(&down);
  if (!up || down) return false;
  *comm = MPI_Comm_f2c(static_cast<MPI_Fint>(handle));
  return *comm != MPI_COMM_NULL;
}

bool same_everywhere(MPI_Comm comm, const unsigned long long* v, int n) {
  unsigned long long mine[16], top[16];
  for (int i = 0; i < n; ++i) {
    mine[i] = v[i];
    mine[n + i] = ~v[i];  // the maximum of ~v is ~(the minimum of v)
  }
  if (MPI_Allreduce(mine, top, 2 * n, MPI_UNSIGNED_LONG_LONG, MPI_MAX, comm) != MPI_SUCCESS) return false;
  for (int i = 0; i < n; ++i)
    if (top[i] != ~top[n + i]) return false;
  return true;
}

gpurngStatus_t agree(MPI_Comm comm, gpurngStatus_t mine) {
  int st = static_cast<int>(mine), all = 0;
  if (MPI_Allreduce(&st, &all, 1, MPI_INT, MPI_MAX, comm) != MPI_SUCCESS) return GPURNG_STATUS_INTERNAL_ERROR;
  return static_cast<gpurngStatus_t>(all);
}

gpurngStatus_t agree_batch(MPI_Comm comm, gpurngStatus_t mine) {
  // [hard error code or 0, a pivot, a rejected output] over the ranks
  const bool soft =
      mine == GPURNG_STATUS_SUCCESS || mine == GPURNG_STATUS_ZERO_PIVOT || mine == GPURNG_STATUS_RESULT_OUT_OF_BOUNDS;
  int v[3] = {soft ? 0 : static_cast<int>(mine), mine == GPURNG_STATUS_ZERO_PIVOT,
              mine == GPURNG_STATUS_RESULT_OUT_OF_BOUNDS},
      all[3] = {0, 0, 0};
  if (MPI_Allreduce(v, all, 3, MPI_INT, MPI_MAX, comm) != MPI_SUCCESS) return GPURNG_STATUS_INTERNAL_ERROR;
  if (all[0]) return static_cast<gpurngStatus_t>(all[0]);
  if (all[1]) return GPURNG_STATUS_ZERO_PIVOT;
  return all[2] ? GPURNG_STATUS_RESULT_OUT_OF_BOUNDS : GPURNG_STATUS_SUCCESS;
}

Slice slice_of(size_t n, int rank, int ranks) {
  const unsigned __int128 t = n;
  const size_t a = static_cast<size_t>(t * unsigned(rank) / unsigned(ranks));
  const size_t b = static_cast<size_t>(t * unsigned(rank + 1) / unsigned(ranks));
  return {a, b - a};
}

}  // namespace mpi
}  // namespace gpurng
