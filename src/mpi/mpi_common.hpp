// SPDX-License-Identifier: BSD-3-Clause
// What libgpurng_mpi's calls share: whether MPI can be used on a communicator, the comparison of the ranks'
// arguments (one all-reduce), the statuses every rank returns alike, and rank r's slice of n items by position
// (src/scale/split.hpp's rule: from floor(n r / P)).
#pragma once

#include <mpi.h>
#include <stddef.h>

#include "gpurng.h"

namespace gpurng {
namespace mpi {

// MPI usable on the communicator whose Fortran handle is `handle` (gpurng_mpi.h passes communicators so), without any
// collective: then *comm is it.
bool usable(int handle, MPI_Comm* comm);

// True when every rank passed the same n values (n <= 8).
bool same_everywhere(MPI_Comm comm, const unsigned long long* v, int n);

// The same status on every rank: the largest code (a rank's refusal is every rank's).
gpurngStatus_t agree(MPI_Comm comm, gpurngStatus_t mine);

// A batch's status on every rank as one host call reports it: a rank's hard error (the largest), else ZERO_PIVOT if
// any rank met one, else RESULT_OUT_OF_BOUNDS if any, else SUCCESS.
gpurngStatus_t agree_batch(MPI_Comm comm, gpurngStatus_t mine);

struct Slice {
  size_t first, count;
};
Slice slice_of(size_t n, int rank, int ranks);

}  // namespace mpi
}  // namespace gpurng
