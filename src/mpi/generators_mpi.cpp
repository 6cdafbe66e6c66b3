// SPDX-License-Identifier: BSD-3-Clause
// gpurng_mpi.h: the generators over a communicator, on the core library's public C API alone (streams, and the part
// of a call: gpurngGenerate*Part). The ranks' arguments are compared by one all-reduce of their minima and maxima,
// so every rank returns the same status.
#include <stdint.h>

#include <new>

#include "gpurng_mpi.h"

namespace {

// MPI usable on this communicator, without any collective.
bool usable(MPI_Comm comm) {
  int up = 0, down = 0;
  MPI_Initialized(&up);
  MPI_Finalized(&down);
  return up && !down && comm != MPI_COMM_NULL;
}

// The same status on every rank: the worst (largest code) one, so a rank's refusal is every rank's.
gpurngStatus_t agree(MPI_Comm comm, gpurngStatus_t mine) {
  int st = static_cast<int>(mine), all = 0;
  if (MPI_Allreduce(&st, &all, 1, MPI_INT, MPI_MAX, comm) != MPI_SUCCESS) return GPURNG_STATUS_INTERNAL_ERROR;
  return static_cast<gpurngStatus_t>(all);
}

// True when every rank passed the same values (one all-reduce of the values and their negations, as maxima).
bool same_everywhere(MPI_Comm comm, const unsigned long long* v, int n) {
  unsigned long long mine[8], top[8];
  for (int i = 0; i < n; ++i) {
    mine[i] = v[i];
    mine[n + i] = ~v[i];  // max of ~v is ~(min of v)
  }
  if (MPI_Allreduce(mine, top, 2 * n, MPI_UNSIGNED_LONG_LONG, MPI_MAX, comm) != MPI_SUCCESS) return false;
  for (int i = 0; i < n; ++i)
    if (top[i] != ~top[n + i]) return false;
  return true;
}

template <typename T, typename Part>
gpurngStatus_t block_fill(gpurngGenerator_t g, MPI_Comm comm, size_t total, T* output, size_t* count, Part part) {
  if (!usable(comm)) return GPURNG_STATUS_NOT_INITIALIZED;
  int rank = 0, size = 1;
  MPI_Comm_rank(comm, &rank);
  MPI_Comm_size(comm, &size);
  const unsigned long long args[2] = {total, g ? 1ull : 0ull};
  if (!same_everywhere(comm, args, 2)) return GPURNG_STATUS_INVALID_VALUE;
  if (!g) return GPURNG_STATUS_NOT_INITIALIZED;
  const unsigned __int128 t = total;
  const size_t a = static_cast<size_t>(t * unsigned(rank) / unsigned(size));
  const size_t b = static_cast<size_t>(t * unsigned(rank + 1) / unsigned(size));
  if (count) *count = b - a;
  return agree(comm, part(g, total, a, b - a, output));
}

}  // namespace

extern "C" {

gpurngStatus_t gpurngMpiCreateGenerator(gpurngGenerator_t* generator, MPI_Comm comm, gpurngRngType_t rng_type,
                                        unsigned long long seed, gpurngMpiPolicy_t policy,
                                        unsigned long long first_stream) {
  if (generator) *generator = nullptr;
  if (!usable(comm)) return GPURNG_STATUS_NOT_INITIALIZED;
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

gpurngStatus_t gpurngMpiGenerateUniform(gpurngGenerator_t generator, MPI_Comm comm, size_t total, float* output,
                                        size_t* count) {
  return block_fill(generator, comm, total, output, count, gpurngGenerateUniformPart);
}

gpurngStatus_t gpurngMpiGenerateUniformDouble(gpurngGenerator_t generator, MPI_Comm comm, size_t total, double* output,
                                              size_t* count) {
  return block_fill(generator, comm, total, output, count, gpurngGenerateUniformDoublePart);
}

gpurngStatus_t gpurngMpiGenerate(gpurngGenerator_t generator, MPI_Comm comm, size_t total, unsigned int* output,
                                 size_t* count) {
  return block_fill(generator, comm, total, output, count, gpurngGeneratePart);
}

gpurngStatus_t gpurngMpiGenerateLongLong(gpurngGenerator_t generator, MPI_Comm comm, size_t total,
                                         unsigned long long* output, size_t* count) {
  return block_fill(generator, comm, total, output, count, gpurngGenerateLongLongPart);
}

}  // extern "C"
