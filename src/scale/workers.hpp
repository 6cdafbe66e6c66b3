// SPDX-License-Identifier: BSD-3-Clause
// The object behind gpurngWorkers_t and the executor every split call runs its parts on (split.hpp cuts them).
//
// CUDA workers run their parts at the same time, one host thread each (the list's parked threads, executor.hpp; the
// last part on the calling thread), with the worker's device made current there; the calling thread's device is
// restored afterwards. CPU workers run their
// parts one after another on the calling thread, each on the thread pool's cores (the pool serves one job at a
// time anyway): the split and join are the same code, so CI without a GPU tests them.
#pragma once

#include <functional>
#include <memory>
#include <vector>

#include "executor.hpp"
#include "gpurng.h"

struct gpurngWorkers_st {
  gpurngBackend_t backend;
  std::vector<int> devices;  // CUDA: the device of each worker; CPU: -1 each
  // CUDA: the list's parked host threads (executor.hpp), shared by the pricers and solvers that copy the list.
  std::shared_ptr<gpurng::scale::Executor> executor;
};

namespace gpurng {
namespace scale {

constexpr int kMaxWorkers = 1024;

gpurngStatus_t create_workers(gpurngWorkers_t* out, gpurngBackend_t backend, const int* devices, int count);

// Runs part(i) for every worker i as above and returns the statuses in part order; a part that throws counts as
// ALLOCATION_FAILED (std::bad_alloc) or INTERNAL_ERROR. A CUDA worker whose device cannot be made current gets
// INITIALIZATION_FAILED without running its part.
std::vector<gpurngStatus_t> run_parts(const gpurngWorkers_st& w, const std::function<gpurngStatus_t(int)>& part);

// The first status in part order that is not SUCCESS (SUCCESS if none).
gpurngStatus_t first_failure(const std::vector<gpurngStatus_t>& statuses);

}  // namespace scale
}  // namespace gpurng
