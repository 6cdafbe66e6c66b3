// SPDX-License-Identifier: BSD-3-Clause
// The solver handle behind gpurngSolver_t: the stream and algorithm of later calls and the device scratch
// that the GPU launchers grow on first use at a size (and never in a call that fits), so that calls after the
// first can be captured in a CUDA graph.
#pragma once

#include <stddef.h>

#include "gpurng_tridiag.h"

namespace gpurng {
namespace solvers {

struct DeviceScratch {
  void* ptr = nullptr;
  size_t bytes = 0;
};

}  // namespace solvers
}  // namespace gpurng

namespace gpurng {
namespace scale {
struct SplitSolver;  // split_batch.hpp
}  // namespace scale
}  // namespace gpurng

struct gpurngSolver_st {
  gpurng::scale::SplitSolver* split = nullptr;  // gpurngCreateSolverOnWorkers: batches split over workers (owned)
  void* stream = nullptr;                       // cudaStream_t
  gpurngTridiagAlgorithm_t algorithm = GPURNG_TRIDIAG_AUTO;
  gpurngTridiagAlgorithm_t last_algorithm = GPURNG_TRIDIAG_AUTO;
  gpurng::solvers::DeviceScratch scratch;
};
