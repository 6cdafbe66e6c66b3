// SPDX-License-Identifier: BSD-3-Clause
// The GPU's Black-Scholes PDE (implicit and Crank-Nicolson) from 1025 to 65536 nodes in the register form
// (bs1d_segments_kernel.cuh): which shape takes a grid, and the kernels of one block an option (up to 12288 nodes,
// 4096 in double); the cluster kernels (float grids of 12289 to 65536 nodes) are compiled in bs1d_clusters_cuda.cu.
// The block kernel (bs1d_long_cuda.cu), which keeps the factors and reduced rows in shared memory and loops its
// threads over the rows, stays for the explicit scheme, implicit doubles of 32-node chunks, doubles past 4096 nodes,
// every grid past 65536 and devices without clusters; this form ran the implicit float
// step 2.1x faster at 1025 nodes (H100, docs/PERFORMANCE.md).
#include <cuda_runtime.h>

#include "bs1d_segments_cuda.hpp"
#include "bs1d_segments_kernel.cuh"

namespace gpurng {
namespace pde {
namespace cuda {
namespace segments {
namespace {

constexpr int kMaxClusterBlocks = 8;  // the portable cluster size

// The grid's segments of 32 chunks (long_rows_per_chunk's S for grids apart in memory).
int segment_warps(int nodes) { return (nodes + 32 * kLongBaseRowsApart - 1) / (32 * kLongBaseRowsApart); }

// The segments up to which the register form runs on one block (H100, pde_scan_bench against the block kernel,
// docs/PERFORMANCE.md): float to 12 (12288 nodes; implicit 1.3-4.2x the block kernel from 1025 nodes, Crank-Nicolson
// 0.96-2.7x; 9 to 12 warps on the kernel held to 168 registers, which ran 9217-12288 nodes at 3.8-4.2x implicit and
// 3.0-3.6x Crank-Nicolson the cluster), double to 4 (4096 nodes), where chunks of 20 .. 28 nodes ran 1.0-1.8x and,
// past that, the chunk's factors alone outgrow a lane's registers.
constexpr int kFloatMaxWarps = kMaxOneBlockWarps, kDoubleMaxWarps = 4;

// An option's blocks: one block of a warp a segment up to kMaxOneBlockWarps segments; past that (floats, chunks of 32
// nodes, up to 65536 nodes) a cluster of up to 8 blocks. Up to 512 chunks (16384 nodes), blocks of 2, 4 or 8 warps,
// the shape with the fewest padding lanes, the larger blocks on a tie: 7 blocks of 2 warps (12289-14336 nodes) or 2
// of 8; past 512 chunks, blocks of 12 warps (2 to 6 of them). Blocks of 2 and 12 warps run the kernel held to 168
// registers. H100, pde_scan_bench, two runs (docs/PERFORMANCE.md, "The PDE's float clusters of 2 and 12 warps held to
// 168 registers"): 2 x 7 held ran 1.14-1.15x implicit and 1.34-1.37x Crank-Nicolson the unrestricted 2 x 7 before,
// 12-warp blocks 1.17-1.64x implicit and 1.24-1.73x Crank-Nicolson the blocks of 4 and 8 before from 20001 to 50000
// nodes and 1.00x / 1.08x at 65536, where 8 x 2 at 16384 nodes ran 1.14x 12 x 2. {0, 0}: no shape (past 65536
// nodes). Clusters start at 13 segments (12289 nodes): one block held to 168 registers ran 10 to 12 segments at
// 3.0-4.2x the cluster.
Shape segment_shape(int nodes) {
  const int W = segment_warps(nodes);
  if (W <= kMaxOneBlockWarps) return {W, 1};
  const int P = hybrid_chunk_count(nodes, kGridChunksAdjacent);
  if (P > 32 * kMaxSegmentWarps * 2) {
    const int C = (P + 32 * kMaxOneBlockWarps - 1) / (32 * kMaxOneBlockWarps);
    return C <= kMaxClusterBlocks ? Shape{kMaxOneBlockWarps, C} : Shape{0, 0};
  }
  Shape best{0, 0};
  for (int w = kMaxSegmentWarps; w >= 2; w /= 2) {
    const int C = (P + 32 * w - 1) / (32 * w);
    if (C <= kMaxClusterBlocks && (best.blocks == 0 || C * w < best.blocks * best.warps)) best = {w, C};
  }
  return best;
}

// segments_act for the call if the register form takes it, else false.
template <typename T>
bool act(const Bs1dCall<T>& call, cudaStream_t stream, bool run) {
  const int m = call.J + 1;
  if (m <= kRegisterNodes || call.scheme == kExplicit) return false;
  const Shape shape = segment_shape(m);
  if (shape.blocks == 0 || (shape.blocks == 1 && shape.warps > (sizeof(T) == 8 ? kDoubleMaxWarps : kFloatMaxWarps)))
    return false;
  const int steps = pcr_step_count(2 * hybrid_chunk_count(m, kGridChunksAdjacent));
  return with_long_rows(m, kGridChunksAdjacent, [&](auto rows) -> bool {
    constexpr int R = decltype(rows)::value;
    if (shape.blocks == 1) {
      if (steps != steps_of(shape.warps)) return false;
      switch (steps) {
        case 7:
          return act_scheme<T, R, 7, OneBlock>(call, shape, stream, run);
        case 8:
          return act_scheme<T, R, 8, OneBlock>(call, shape, stream, run);
        case 9:  // five to eight segments: float only, chunks of 28 or 32 nodes
          if constexpr (sizeof(T) == 4 && R >= 28) return act_scheme<T, R, 9, OneBlock>(call, shape, stream, run);
          return false;
        default:  // nine to twelve segments: float only, chunks of 32 nodes
          if constexpr (sizeof(T) == 4 && R == 32) return act_scheme<T, R, 10, OneBlock>(call, shape, stream, run);
          return false;
      }
    }
    if constexpr (sizeof(T) == 4) return cluster_act(call, shape, R, steps, stream, run);
    return false;
  });
}

}  // namespace
}  // namespace segments

using segments::act;

template <typename T>
bool segments_take(const Bs1dCall<T>& call) {
  return act(call, nullptr, false);
}

template <typename T>
gpurngStatus_t run_segments_bs1d(const Bs1dCall<T>& call, cudaStream_t stream) {
  cudaGetLastError();  // a stale error of earlier work is not this call's
  act(call, stream, true);
  return cudaGetLastError() == cudaSuccess ? GPURNG_STATUS_SUCCESS : GPURNG_STATUS_LAUNCH_FAILURE;
}

template bool segments_take<float>(const Bs1dCall<float>&);
template bool segments_take<double>(const Bs1dCall<double>&);
template gpurngStatus_t run_segments_bs1d<float>(const Bs1dCall<float>&, cudaStream_t);
template gpurngStatus_t run_segments_bs1d<double>(const Bs1dCall<double>&, cudaStream_t);

}  // namespace cuda
}  // namespace pde
}  // namespace gpurng
