// SPDX-License-Identifier: BSD-3-Clause
// The GPU's Black-Scholes PDE past 1024 nodes on a block of a warp a segment of 32 chunks per option (to 12288 nodes),
// or a thread-block cluster of such blocks (floats of 12289 to 65536 nodes), the grid in registers
// (bs1d_segments_cuda.cu, bs1d_clusters_cuda.cu): the long hybrid's operations, so the bits of bs1d_long_cuda.cu and
// the CPU's.
#pragma once

#include <cuda_runtime.h>

#include "bs1d_call.hpp"

namespace gpurng {
namespace pde {
namespace cuda {

namespace segments {

// An option's blocks: `warps` warps each, `blocks` of them (a thread-block cluster when more than one).
struct Shape {
  int warps, blocks;
};

// The cluster kernels (bs1d_clusters_cuda.cu): float chunks of R = 32 nodes, `steps` PCR steps (10 .. 12). With
// run false, whether the device holds a cluster of this shape (sm_90 and up, and room on one GPC); with run true, the
// call queued on `stream`. False for shapes it has no kernel for.
bool cluster_act(const Bs1dCall<float>& call, Shape shape, int R, int steps, cudaStream_t stream, bool run);

}  // namespace segments

// Whether the register form takes the call: implicit or Crank-Nicolson, 1024 < J + 1 <= 12288 in float, <= 4096 in
// double (implicit doubles of 32-node chunks excepted; floats past 8192 where the device has a block's shared memory),
// and floats of 12289 to 65536 nodes where the device has room for the cluster.
template <typename T>
bool segments_take(const Bs1dCall<T>& call);

// Queues the call on `stream`. Returns LAUNCH_FAILURE on CUDA errors.
template <typename T>
gpurngStatus_t run_segments_bs1d(const Bs1dCall<T>& call, cudaStream_t stream);

}  // namespace cuda
}  // namespace pde
}  // namespace gpurng
