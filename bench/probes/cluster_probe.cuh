// SPDX-License-Identifier: BSD-3-Clause
// What the cluster probes (cluster_step_probe.cu, cluster_halo_probe.cu) share: a float in another block's shared
// memory, read or written through its 32-bit shared::cluster address (mapa), as src/pde/bs1d_segments_fabric.cuh
// does; the best of five event-timed launches; and BENCH_CHECK_CUDA (bench/solvers/gpu_timing.cuh). sm_90.
#pragma once

#include <cuda_runtime.h>

#include "../solvers/gpu_timing.cuh"

__device__ __forceinline__ unsigned cluster_address(const float* local, int owner) {
  const unsigned a = unsigned(__cvta_generic_to_shared(local));
  unsigned r;
  asm volatile("mapa.shared::cluster.u32 %0, %1, %2;" : "=r"(r) : "r"(a), "r"(owner));
  return r;
}

__device__ __forceinline__ float remote(const float* local, int owner) {
  float v;
  asm volatile("ld.shared::cluster.f32 %0, [%1];" : "=f"(v) : "r"(cluster_address(local, owner)) : "memory");
  return v;
}

// Into this block's shared memory when owner is rank, else through the cluster.
__device__ __forceinline__ void store(float* local, int owner, int rank, float v) {
  if (owner == rank) {
    *local = v;
    return;
  }
  asm volatile("st.shared::cluster.f32 [%0], %1;" ::"r"(cluster_address(local, owner)), "f"(v) : "memory");
}

// The shortest of five timings (ms) of launch() on the default stream, each between two events.
template <typename Launch>
float best_of_five_ms(Launch launch) {
  cudaEvent_t a, b;
  BENCH_CHECK_CUDA(cudaEventCreate(&a));
  BENCH_CHECK_CUDA(cudaEventCreate(&b));
  float best = 1e30f;
  for (int rep = 0; rep < 5; ++rep) {
    BENCH_CHECK_CUDA(cudaEventRecord(a));
    launch();
    BENCH_CHECK_CUDA(cudaEventRecord(b));
    BENCH_CHECK_CUDA(cudaEventSynchronize(b));
    float ms = 0;
    BENCH_CHECK_CUDA(cudaEventElapsedTime(&ms, a, b));
    if (ms < best) best = ms;
  }
  BENCH_CHECK_CUDA(cudaGetLastError());
  BENCH_CHECK_CUDA(cudaEventDestroy(a));
  BENCH_CHECK_CUDA(cudaEventDestroy(b));
  return best;
}
