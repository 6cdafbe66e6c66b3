// SPDX-License-Identifier: BSD-3-Clause
// gpurng_mpi.h's pricers: the core's part pricer (gpurngCreatePricerOnPart) with MPI_Allgatherv as its exchange. The
// communicator's Fortran handle travels in the context pointer, so nothing is allocated beside the pricer.
#include <stdint.h>

#include <vector>

#include "gpurng_mpi.h"
#include "mpi_common.hpp"

namespace {

int allgather(const double* mine, size_t count, double* all, const size_t* counts, int parts, void* context) {
  const MPI_Comm comm = MPI_Comm_f2c(static_cast<MPI_Fint>(reinterpret_cast<intptr_t>(context)));
  std::vector<int> n(static_cast<size_t>(parts)), displs(static_cast<size_t>(parts));
  int at = 0;
  for (int r = 0; r < parts; ++r) {
    n[size_t(r)] = static_cast<int>(counts[r]);
    displs[size_t(r)] = at;
    at += n[size_t(r)];
  }
  return MPI_Allgatherv(mine, static_cast<int>(count), MPI_DOUBLE, all, n.data(), displs.data(), MPI_DOUBLE, comm) ==
                 MPI_SUCCESS
             ? 0
             : 1;
}

}  // namespace

extern "C" gpurngStatus_t gpurngMpiCreatePricer(gpurngPricer_t* pricer, int handle, gpurngBackend_t backend) {
  if (pricer) *pricer = nullptr;
  MPI_Comm comm;
  if (!gpurng::mpi::usable(handle, &comm)) return GPURNG_STATUS_NOT_INITIALIZED;
  const unsigned long long args[2] = {static_cast<unsigned long long>(backend), pricer ? 1ull : 0ull};
  if (!gpurng::mpi::same_everywhere(comm, args, 2))
    return pricer ? GPURNG_STATUS_INVALID_VALUE : GPURNG_STATUS_NULL_POINTER;
  if (!pricer) return GPURNG_STATUS_NULL_POINTER;
  int rank = 0, size = 1;
  MPI_Comm_rank(comm, &rank);
  MPI_Comm_size(comm, &size);
  void* context = reinterpret_cast<void*>(static_cast<intptr_t>(handle));
  gpurngPricer_t p = nullptr;
  const gpurngStatus_t st =
      gpurng::mpi::agree(comm, gpurngCreatePricerOnPart(&p, backend, rank, size, allgather, context));
  if (st != GPURNG_STATUS_SUCCESS) {
    if (p) gpurngDestroyPricer(p);
    return st;
  }
  *pricer = p;
  return GPURNG_STATUS_SUCCESS;
}
