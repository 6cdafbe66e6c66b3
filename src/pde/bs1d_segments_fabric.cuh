// SPDX-License-Identifier: BSD-3-Clause
// Where the blocks of one option of the PDE's register form meet (bs1d_segments_kernel.cuh): one block, or a
// thread-block cluster whose blocks read each other's shared memory.
#pragma once

#include <cooperative_groups.h>
#include <cuda_runtime.h>

#include "bs1d_block_divisor.hpp"
#include "bs1d_cuda_common.cuh"

namespace gpurng {
namespace pde {
namespace cuda {
namespace segments {

// Where an option's blocks meet. OneBlock: the option's lanes are one block's, its rows and warps' edges that
// block's shared memory, its barrier __syncthreads. ClusterBlocks: the lanes of a cluster of `size` blocks (lane t of
// the option is thread t mod NT of block rank t / NT), row i of the reduced system in the shared memory of block
// i / rows.d (at i mod rows.d there), warp w's edges in block w / warps.d's, the barrier the cluster's
// (barrier.cluster arrive and wait, which order shared memory across the cluster). Needs sm_90; the launcher asks
// the device before it launches one.
struct OneBlock {
  static constexpr bool kCluster = false;
  int rank = 0, size = 1;
  BlockDivisor rows{}, warps{};
  __device__ void sync() const { __syncthreads(); }
  template <typename T>
  __device__ T load(const T* local, int i, const BlockDivisor&) const {
    return local[i];
  }
  template <typename T>
  __device__ T* in_rank(T* local, int) const {
    return local;
  }
  __device__ int per_step(int v) const { return v; }
};

// A value from the shared memory of block `owner` of the cluster: the 32-bit shared::cluster address (mapa) and
// ld.shared::cluster, lighter in registers than a generic 64-bit pointer.
template <typename T>
__device__ __forceinline__ T load_remote(const T* local, int owner) {
  T v{};
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 900
  const unsigned a = unsigned(__cvta_generic_to_shared(local));
  unsigned r;
  asm volatile("mapa.shared::cluster.u32 %0, %1, %2;" : "=r"(r) : "r"(a), "r"(owner));
  if constexpr (sizeof(T) == 4)
    asm volatile("ld.shared::cluster.f32 %0, [%1];" : "=f"(v) : "r"(r) : "memory");
  else
    asm volatile("ld.shared::cluster.f64 %0, [%1];" : "=d"(v) : "r"(r) : "memory");
#else
  (void)local;
  (void)owner;
#endif
  return v;
}

// A value into the shared memory of block `owner` of the cluster (mapa and st.shared::cluster); seen there after
// the cluster barrier that follows.
template <typename T>
__device__ __forceinline__ void store_remote(T* local, int owner, T v) {
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 900
  const unsigned a = unsigned(__cvta_generic_to_shared(local));
  unsigned r;
  asm volatile("mapa.shared::cluster.u32 %0, %1, %2;" : "=r"(r) : "r"(a), "r"(owner));
  if constexpr (sizeof(T) == 4)
    asm volatile("st.shared::cluster.f32 [%0], %1;" ::"r"(r), "f"(v) : "memory");
  else
    asm volatile("st.shared::cluster.f64 [%0], %1;" ::"r"(r), "d"(v) : "memory");
#else
  (void)local;
  (void)owner;
  (void)v;
#endif
}

struct ClusterBlocks {
  static constexpr bool kCluster = true;
  int rank, size;
  BlockDivisor rows, warps;
  __device__ void sync() const {
#if defined(_CG_HAS_CLUSTER_GROUP)
    cooperative_groups::this_cluster().sync();
#endif
  }
  template <typename T>
  __device__ T* in_rank(T* local, int r) const {
#if defined(_CG_HAS_CLUSTER_GROUP)
    return cooperative_groups::this_cluster().map_shared_rank(local, unsigned(r));
#else
    return local;
#endif
  }
  // Element i of the option-wide array spread over the blocks by.d elements each, `local` this block's part.
  template <typename T>
  __device__ T load(const T* local, int i, const BlockDivisor& by) const {
    const int owner = by.quotient(i), off = i - owner * by.d;
    return owner == rank ? local[off] : load_remote(local + off, owner);
  }
  // Through opaque(): the rows' owners and places are worked out in each step instead of hoisted out of the time
  // loop into registers.
  __device__ int per_step(int v) const { return opaque(v); }
};

// This block's place: rank and size of its option's cluster and the divisors of a block's rows and warps.
template <typename Fabric>
__device__ Fabric fabric_here();
template <>
__device__ inline OneBlock fabric_here<OneBlock>() {
  return OneBlock{};
}
template <>
__device__ inline ClusterBlocks fabric_here<ClusterBlocks>() {
  int size = 1, rank = 0;
#if defined(_CG_HAS_CLUSTER_GROUP)
  const cooperative_groups::cluster_group cl = cooperative_groups::this_cluster();
  size = int(cl.num_blocks());
  rank = int(cl.block_rank());
#endif
  const int warps = int(blockDim.x >> 5);
  return ClusterBlocks{rank, size, BlockDivisor::of(64 * warps), BlockDivisor::of(warps)};
}

}  // namespace segments
}  // namespace cuda
}  // namespace pde
}  // namespace gpurng
