// SPDX-License-Identifier: BSD-3-Clause
// The PDE's register form on a thread-block cluster per option (bs1d_segments_kernel.cuh with ClusterBlocks): float
// grids of 12289 to 65536 nodes (385 to 2048 chunks of 32 nodes, 10 to 12 PCR steps), in a file of their own so that
// they compile beside the one-block kernels of bs1d_segments_cuda.cu.
#include <cuda_runtime.h>

#include "bs1d_segments_cuda.hpp"
#include "bs1d_segments_kernel.cuh"

namespace gpurng {
namespace pde {
namespace cuda {
namespace segments {

bool cluster_act(const Bs1dCall<float>& call, Shape shape, int R, int steps, cudaStream_t stream, bool run) {
  if (R != 32) return false;
  switch (steps) {
    case 10:
      return act_scheme<float, 32, 10, ClusterBlocks>(call, shape, stream, run);
    case 11:
      return act_scheme<float, 32, 11, ClusterBlocks>(call, shape, stream, run);
    case 12:
      return act_scheme<float, 32, 12, ClusterBlocks>(call, shape, stream, run);
    default:
      return false;
  }
}

}  // namespace segments
}  // namespace cuda
}  // namespace pde
}  // namespace gpurng
