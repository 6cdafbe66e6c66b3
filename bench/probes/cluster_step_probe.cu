// SPDX-License-Identifier: BSD-3-Clause
// What one PCR step of the PDE's cluster form costs (src/pde/bs1d_segments_kernel.cuh, ClusterBlocks), apart from
// the chunk work: every thread writes its two reduced rows to its block's shared memory, the blocks meet at a barrier,
// and every thread reads the rows k -/+ h of the option-wide array (h = 1, 2, 4, ... as PCR steps), from its own
// block or another's, and combines them. Timed as a whole kernel of `iters` steps with as many clusters as the GPU
// holds at once, per step, in several forms:
//   block      one block an option, __syncthreads, the rows wrapped into the block (the one-block form's exchange)
//   cluster    the library's form: cluster barrier, local rows by ld.shared, remote rows by mapa + ld.shared::cluster
//   mapa_all   cluster barrier, every row by mapa + ld.shared::cluster (no branch on the owner)
//   sync_only  cluster barrier, the rows wrapped into the block (what the barrier alone costs)
//   no_sync    no barrier, rows wrapped into the block (the arithmetic and loads alone; racy values, timing only)
// Build and run (sm_90): nvcc -O3 -arch=sm_90 -std=c++17 bench/probes/cluster_step_probe.cu -o probe && ./probe
// Prints one line per form and shape: ns a step of the whole GPU, and per resident option (cluster or block).
// bench/scripts/cluster_probe_session.sh runs it with Nsight Compute on the PDE kernel. Results on an H100:
// bench/results/cluster_step_probe_h100.txt (docs/PERFORMANCE.md, the cluster form's near steps over a halo).
#include <cooperative_groups.h>
#include <cuda_runtime.h>

#include <cstdio>
#include <cstdlib>

#include "cluster_probe.cuh"

namespace cg = cooperative_groups;

enum Form { kBlock, kCluster, kMapaAll, kSyncOnly, kNoSync };
const char* const kFormNames[] = {"block", "cluster", "mapa_all", "sync_only", "no_sync"};

template <int F>
__global__ void step_probe(float* out, int iters, int steps) {
  extern __shared__ float buf[];  // [parity][2 NT]
  const int NT = blockDim.x, rows = 2 * NT;
  int rank = 0, size = 1;
  if (F != kBlock) {
    const cg::cluster_group cl = cg::this_cluster();
    rank = int(cl.block_rank());
    size = int(cl.num_blocks());
  }
  const int shift = __ffs(rows) - 1, n = rows * size;
  const int t = rank * NT + int(threadIdx.x);
  float DS = 1.0f + 1e-3f * float(t), DE = 2.0f - 1e-3f * float(t);
  for (int it = 0; it < iters; ++it) {
    const int s = it % steps, h = 1 << s;
    float* d = buf + (it & 1) * rows;
    d[2 * threadIdx.x] = DS;
    d[2 * threadIdx.x + 1] = DE;
    if (F == kBlock)
      __syncthreads();
    else if (F != kNoSync)
      cg::this_cluster().sync();
    const int k = 2 * t;
    float v[4];
    const int idx[4] = {k - h, k + h, k + 1 - h, k + 1 + h};
#pragma unroll
    for (int e = 0; e < 4; ++e) {
      const int i = idx[e];
      if (i < 0 || i >= n) {
        v[e] = 0.0f;
      } else if (F == kCluster || F == kMapaAll) {
        const int owner = i >> shift, off = i & (rows - 1);
        v[e] = (F == kCluster && owner == rank) ? d[off] : remote(d + off, owner);
      } else {
        v[e] = d[i & (rows - 1)];
      }
    }
    DS = fmaf(-0.25f, v[0] + v[1], DS);
    DE = fmaf(-0.25f, v[2] + v[3], DE);
  }
  out[blockIdx.x * NT + threadIdx.x] = DS + DE;
}

template <int F>
void run(int cluster, int threads, int steps, float* out) {
  auto kernel = step_probe<F>;
  const size_t smem = size_t(2) * 2 * threads * sizeof(float);
  cudaLaunchConfig_t cfg{};
  cudaLaunchAttribute attr{};
  attr.id = cudaLaunchAttributeClusterDimension;
  attr.val.clusterDim.x = unsigned(F == kBlock ? 1 : cluster);
  attr.val.clusterDim.y = attr.val.clusterDim.z = 1;
  cfg.blockDim = dim3(unsigned(threads));
  cfg.dynamicSmemBytes = smem;
  cfg.attrs = &attr;
  cfg.numAttrs = 1;
  int groups = 0;  // resident clusters (or blocks) at once
  cfg.gridDim = dim3(unsigned(attr.val.clusterDim.x));
  BENCH_CHECK_CUDA(cudaOccupancyMaxActiveClusters(&groups, kernel, &cfg));
  const int blocks = groups * int(attr.val.clusterDim.x);
  cfg.gridDim = dim3(unsigned(blocks));
  const int iters = 12000;
  for (int rep = 0; rep < 2; ++rep) BENCH_CHECK_CUDA(cudaLaunchKernelEx(&cfg, kernel, out, 120, steps));  // warm-up
  const float best = best_of_five_ms([&] { BENCH_CHECK_CUDA(cudaLaunchKernelEx(&cfg, kernel, out, iters, steps)); });
  const double ns_step = 1e6 * best / iters;
  std::printf(
      "%-9s cluster %d x %3d threads, %2d PCR steps: %3d groups resident, %7.1f ns a step, %6.2f ns a step "
      "per group\n",
      kFormNames[F], int(attr.val.clusterDim.x), threads, steps, groups, ns_step, ns_step / groups);
}

int main() {
  float* out;
  BENCH_CHECK_CUDA(cudaMalloc(&out, sizeof(float) << 20));
  for (int threads : {256, 128, 64}) {
    const int block_steps = 31 - __builtin_clz(unsigned(2 * threads));  // log2 of a block's rows
    run<kBlock>(1, threads, block_steps, out);
    for (int cluster : {2, 4, 8}) {
      const int steps = block_steps + (31 - __builtin_clz(unsigned(cluster)));
      run<kCluster>(cluster, threads, steps, out);
      run<kMapaAll>(cluster, threads, steps, out);
      run<kSyncOnly>(cluster, threads, steps, out);
      run<kNoSync>(cluster, threads, steps, out);
    }
  }
  BENCH_CHECK_CUDA(cudaFree(out));
  return 0;
}
