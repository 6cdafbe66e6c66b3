// SPDX-License-Identifier: BSD-3-Clause
// gpurng_mpi.h: the generators over a communicator, on the core library's public C API alone (streams, and the part
// of a call: gpurngGenerate*Part). The ranks' arguments are compared by one all-reduce of their minima and maxima,
// so every rank returns the same status.
#include <stdint.h>

#include "gpurng_mpi.h"
#include "mpi_common.hpp"

namespace {

using gpurng::mpi::agree;
using gpurng::mpi::same_everywhere;
using gpurng::mpi::usable;

template <typename T, typename Part>
gpurngStatus_t block_fill(gpurngGenerator_t g, int handle, size_t total, T* output, size_t* count, Part part) {
  MPI_Comm comm;
  if (!usable(handle, &comm)) return GPURNG_STATUS_NOT_INITIALIZED;
  int rank = 0, size = 1;
  MPI_Comm_rank(comm, &rank);
  MPI_Comm_size(comm, &size);
  const unsigned long long args[2] = {total, g ? 1ull : 0ull};
  if (!same_everywhere(comm, args, 2)) return GPURNG_STATUS_INVALID_VALUE;
  if (!g) return GPURNG_STATUS_NOT_INITIALIZED;
  const gpurng::mpi::Slice s = gpurng::mpi::slice_of(total, rank, size);
  if (count) *count = s.count;
  return agree(comm, part(g, total, s.first, s.count, output));
}

}  // namespace

extern "C" {

gpurngStatus_t gpurngMpiCreateGenerator(gpurngGenerator_t* generator, int handle, gpurngRngType_t rng_type,
                                        unsigned long long seed, gpurngMpiPolicy_t policy,
                                        unsigned long long first_stream) {
  if (generator) *generator = nullptr;
  MPI_Comm comm;
  if (!usable(handle, &comm)) return GPURNG_STATUS_NOT_INITIALIZED;
  int rank = 0, size = 1;
  MPI_Comm_rank(comm, &rank);
  MPI_Comm_size(comm, &size);
  const unsigned long long args[4] = {static_cast<unsigned long long>(rng_type), seed,
                                      static_cast<unsigned long long>(policy), first_stream};
  if (!same_everywhere(comm, args, 4)) return GPURNG_STATUS_INVALID_VALUE;
  gpurngStatus_t st = GPURNG_STATUS_SUCCESS;
  if (!generator)
    st = GPURNG_STATUS_NULL_POINTER;
  else if (policy != GPURNG_MPI_STREAMS && policy != GPURNG_MPI_BLOCKS)
    st = GPURNG_STATUS_INVALID_VALUE;
  gpurngGenerator_t g = nullptr;
  if (st == GPURNG_STATUS_SUCCESS) st = gpurngCreateGenerator(&g, rng_type);
  if (st == GPURNG_STATUS_SUCCESS) st = gpurngSetPseudoRandomGeneratorSeed(g, seed);
  if (st == GPURNG_STATUS_TYPE_ERROR && seed == 0) st = GPURNG_STATUS_SUCCESS;  // quasi-random engines: no seed
  if (st == GPURNG_STATUS_SUCCESS) {
    const unsigned long long stream = policy == GPURNG_MPI_STREAMS ? first_stream + unsigned(rank) : first_stream;
    st = stream < first_stream ? GPURNG_STATUS_OUT_OF_RANGE : gpurngSetGeneratorStream(g, stream);
  }
  // A NULL generator on one rank is that rank's NULL_POINTER; the others report INVALID_VALUE (a mismatch).
  st = agree(comm, st);
  if (st != GPURNG_STATUS_SUCCESS) {
    if (g) gpurngDestroyGenerator(g);
    return generator ? (st == GPURNG_STATUS_NULL_POINTER ? GPURNG_STATUS_INVALID_VALUE : st)
                     : GPURNG_STATUS_NULL_POINTER;
  }
  *generator = g;
  return GPURNG_STATUS_SUCCESS;
}

gpurngStatus_t gpurngMpiGenerateUniform(gpurngGenerator_t generator, int handle, size_t total, float* output,
                                        size_t* count) {
  return block_fill(generator, handle, total, output, count, gpurngGenerateUniformPart);
}

gpurngStatus_t gpurngMpiGenerateUniformDouble(gpurngGenerator_t generator, int handle, size_t total, double* output,
                                              size_t* count) {
  return block_fill(generator, handle, total, output, count, gpurngGenerateUniformDoublePart);
}

gpurngStatus_t gpurngMpiGenerate(gpurngGenerator_t generator, int handle, size_t total, unsigned int* output,
                                 size_t* count) {
  return block_fill(generator, handle, total, output, count, gpurngGeneratePart);
}

gpurngStatus_t gpurngMpiGenerateLongLong(gpurngGenerator_t generator, int handle, size_t total,
                                         unsigned long long* output, size_t* count) {
  return block_fill(generator, handle, total, output, count, gpurngGenerateLongLongPart);
}

}  // extern "C"
