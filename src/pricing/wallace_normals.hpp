// SPDX-License-Identifier: BSD-3-Clause
// The pricers' Wallace normals (GPU Gems 3 ch. 37's pool method, for GPURNG_RNG_PSEUDO_HYBRID_TAUS with
// normal_method GPURNG_NORMAL_METHOD_WALLACE; include/gpurng_pricing.h and docs/PRICING.md define them): a chunk of
// kChunkPaths = 256 consecutive paths whose first path is f draws from Wallace pool b = floor(f / 256) of the seed
// (include/gpurng/distributions/wallace.hpp: its key, initial pool, warm-up, passes and corrections), path t of the
// chunk reading, as its i-th normal, element 256 (i mod 4) + t of output pass i / 4, times the pass's correction.
// Element 256 q + t of a pass is what thread t of a 256-thread pass writes (its output q), so:
//   - on the GPU a block is a chunk and its pool lives in shared memory; every 4th draw the whole block runs one
//     pass in lock-step and each thread keeps its own 4 outputs;
//   - on the CPU a task runs the chunk's passes first into host memory the launcher lends it (pool_passes), and
//     each path then reads its normals from there.
// Both give the same bits (the same wallace.hpp functions, no contraction). The numbers are fixed by the chunking
// of the call (first_path), not by thread or GPU counts.
#pragma once

#include <stddef.h>
#include <stdint.h>

#include <type_traits>

#include "gpurng/distributions/wallace.hpp"
#include "gpurng/hd.hpp"
#include "sample_statistics.hpp"

namespace gpurng {
namespace pricing {

static_assert(kChunkPaths == int(wallace::kThreads), "a chunk of paths is one Wallace pool's 256 threads");

// A GPU block's shared memory for its chunk's pool: the pool as the passes leave it, and the pool after the warm-up
// (each run of a path starts from it again: the antithetic mirror repeats the path's normals).
struct WallaceBlockMemory {
  float pool[wallace::kPoolSize];
  float start[wallace::kPoolSize];
  double scale;
};

struct WallaceNormals {
  static constexpr bool kRandomAccess = false;
  unsigned long long seed;
  uint64_t passes;       // ceil(D / 4): output passes a path reads (D normals a path)
  uint64_t key;          // the chunk's pool key
  uint64_t chunk_first;  // the chunk's first path
  unsigned t;            // the path's place in its chunk
  unsigned i;            // normals drawn on this run of the path
  // CPU: the chunk's passes (wallace::pool_passes), lent by the launcher for one task.
  float* rows;
  float* corrections;
  // GPU: the block's shared memory (bind), and the thread's outputs of the current pass still to be handed out.
  WallaceBlockMemory* block;
  float q0, q1, q2, q3;

  // Output passes a path of D normals reads: ceil(D / 4).
  GPURNG_HD static uint64_t passes_for(int normals) { return (uint64_t(normals) + 3) / 4; }
  // Host memory a CPU task lends for a chunk, in floats, for `passes` output passes.
  static size_t workspace_floats(uint64_t passes) { return size_t(passes + 1) * wallace::kPoolSize + size_t(passes); }
  void lend(float* workspace) {
    rows = workspace;
    corrections = workspace + size_t(passes + 1) * wallace::kPoolSize;
  }
  GPURNG_HD void bind(WallaceBlockMemory* memory) { block = memory; }

  // CPU: the chunk's passes into the lent memory. GPU: every thread of the block calls it (the pool after the
  // warm-up is built by the whole block).
  GPURNG_HD void start_chunk(uint64_t first) {
    chunk_first = first;
    const uint64_t b = first / uint64_t(kChunkPaths);
    key = wallace::pool_key(seed, b);
#ifdef __CUDA_ARCH__
    wallace::block_initial_pool(key, block->start, &block->scale);
#else
    wallace::pool_passes(seed, b, passes, rows, corrections);
#endif
  }
  GPURNG_HD void start_path(uint64_t path) {
    t = static_cast<unsigned>(path - chunk_first);  // the GPU thread's index in its block
    i = 0;
  }
  GPURNG_HD float next(float*) {
#ifdef __CUDA_ARCH__
    if ((i & 3u) == 0) pass();
    ++i;
    const float z = q0;
    q0 = q1;
    q1 = q2;
    q2 = q3;
    return z;
#else
    const uint64_t k = i / 4;
    const unsigned e = 256u * (i & 3u) + t;
    ++i;
    return wallace::mul_rn(rows[(k + 1) * wallace::kPoolSize + e], corrections[k]);
#endif
  }
  // Double paths: the float normal, widened exactly.
  GPURNG_HD double next(double*) { return static_cast<double>(next(static_cast<float*>(nullptr))); }

 private:
#ifdef __CUDA_ARCH__
  // Output pass i / 4 of the block's pool: this thread's 4 outputs times the pass's correction. Lock-step: every
  // model draws the same number of normals on every path in the same order (and the antithetic mirror draws them
  // again), and the threads past the last path run a path too, so all 256 threads of the block reach every pass
  // (and its __syncthreads) together.
  __device__ void pass() {
    const unsigned me = threadIdx.x;
    if (i == 0) {  // a run of the path starts from the pool after the warm-up
      for (unsigned r = 0; r < 4; ++r)
        block->pool[r * wallace::kThreads + me] = block->start[r * wallace::kThreads + me];
      __syncthreads();
    }
    const uint64_t j = wallace::kWarmup + i / 4;
    float out[4];
    wallace::block_transform(block->pool, wallace::pass_lcg_seed(key, j), out);
    const float c = wallace::pass_correction(key, j);
    q0 = wallace::mul_rn(out[0], c);
    q1 = wallace::mul_rn(out[1], c);
    q2 = wallace::mul_rn(out[2], c);
    q3 = wallace::mul_rn(out[3], c);
  }
#endif
};

// Sources whose GPU block shares one pool (the launcher gives them shared memory and runs every thread of the block).
template <typename Src>
struct UsesBlockPool : std::false_type {};
template <>
struct UsesBlockPool<WallaceNormals> : std::true_type {};

}  // namespace pricing
}  // namespace gpurng
