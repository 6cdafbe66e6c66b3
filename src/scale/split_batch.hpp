// SPDX-License-Identifier: BSD-3-Clause
// Batches split over a solver's workers (gpurngCreateSolverOnWorkers): the strided tridiagonal batch by systems and
// the PDE batch by options. The caller's arrays are host memory; each CUDA worker stages its slice to its device
// (one block, copied in, solved by the device launcher, copied back; the small arrays together through pinned memory),
// each CPU worker solves its slice in place.
// A slice is a pointer offset of every array, so the parts are the one call's systems, and since the device and host
// launchers give the same bits, so is every number; statuses are summed up as one host call sums them up.
#pragma once

#include <stddef.h>

#include <functional>
#include <memory>
#include <vector>

#include "../solvers/solver_handle.hpp"
#include "workers.hpp"

namespace gpurng {
namespace scale {

struct SplitSolver {
  gpurngWorkers_st workers;
  std::vector<std::unique_ptr<gpurngSolver_st>> parts;  // one handle a worker: its scratch lives on its device
  std::vector<solvers::DeviceScratch> staging;          // CUDA workers: each one's slice block, grown, kept
  std::vector<solvers::DeviceScratch> pinned;           // CUDA workers: the pinned host copy of its small arrays
  ~SplitSolver();
};

// One array of a worker's slice: `in` is copied to the device before the call (NULL: not read), `out` back after
// it (NULL: not written), `bytes` long; the call gets the device copy's address (or the host pointer, CPU workers).
struct SliceArray {
  const void* in;
  void* out;
  size_t bytes;
};

// Runs call(worker handle, arrays) on worker i's slice for every i (items [begin_i, end_i) of `items`, as
// part_begin), after `slice(i, begin, end)` named its arrays; returns the statuses in part order.
using SliceOf = std::function<std::vector<SliceArray>(int worker, size_t begin, size_t end)>;
using SliceCall =
    std::function<gpurngStatus_t(gpurngSolver_st& handle, size_t begin, size_t end, const std::vector<void*>& arrays)>;
std::vector<gpurngStatus_t> run_slices(SplitSolver& s, size_t items, const SliceOf& slice, const SliceCall& call);

// The statuses of the parts of one batch as one host call reports them: a hard error first (in part order), then
// ZERO_PIVOT if any part met one, then RESULT_OUT_OF_BOUNDS, else SUCCESS.
gpurngStatus_t batch_status(const std::vector<gpurngStatus_t>& parts);

}  // namespace scale
}  // namespace gpurng
