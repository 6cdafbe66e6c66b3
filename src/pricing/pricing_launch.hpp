// SPDX-License-Identifier: BSD-3-Clause
// The backends' entry points: each prices a checked plan for one model and writes, for every (set, replication,
// output), the moments of its paths' samples at out[(set * replications + replication) * outputs + output].
#pragma once

#include "../solvers/solver_handle.hpp"
#include "asian_basket.hpp"
#include "garch_lookback.hpp"
#include "gpurng.h"
#include "libor_caplets.hpp"
#include "mbs.hpp"
#include "pricing_plan.hpp"

namespace gpurng {
namespace pricing {

// A (set, replication, output)'s chunks, neighbours paired as inside a chunk: the last stage of the fixed
// combination tree (sample_statistics.hpp). The GPU's merge kernel builds the same tree in parallel.
inline Moments merge_chunks(const Moments* first, uint64_t chunks, int stride) {
  ChunkTree t;
  for (uint64_t c = 0; c < chunks; ++c) t.push(first[c * uint64_t(stride)]);
  return t.finish();
}

namespace cpu {
template <typename T, typename Model>
void run(const PricingPlan& plan, const Model& model, Moments* out);
}  // namespace cpu

namespace cuda {
// The model's arrays are copied to the device (`blob`, `blob_bytes` bytes holding every array the model points
// to, rebased by Model::rebase) in `scratch`, the pricer's device block (grown on first use at a size). Synchronous
// on `stream`.
template <typename T, typename Model>
gpurngStatus_t run(const PricingPlan& plan, const Model& model, const void* blob, size_t blob_bytes,
                   solvers::DeviceScratch& scratch, void* stream, Moments* out);
}  // namespace cuda

// The same launcher compiled with the GPU's fast functions (pricing_cuda_fast.cu; gpurng_pricing.h's fast_mode).
namespace cuda_fast {
template <typename T, typename Model>
gpurngStatus_t run(const PricingPlan& plan, const Model& model, const void* blob, size_t blob_bytes,
                   solvers::DeviceScratch& scratch, void* stream, Moments* out);
}  // namespace cuda_fast

}  // namespace pricing
}  // namespace gpurng
