// SPDX-License-Identifier: BSD-3-Clause
// What the reduced PCR solve of the PDE's cluster form (src/pde/bs1d_segments_kernel.cuh, ClusterBlocks) costs a time
// step, as the library does it and with fewer cluster barriers. A cluster of C blocks of NT threads holds an option's
// n = 2 NT C reduced rows, M = 2 NT a block, and solves them by S = log2(n) PCR steps (h = 1, 2, 4, ...):
//   cluster  every step: rows to shared memory, cluster barrier, rows k -/+ h from this block or another (the library)
//   halo     the steps with h < M (log2 M of them) on the block alone: one cluster barrier, the block gathers its
//            rows and the M - 1 rows either side that those steps reach (mapa + ld.shared::cluster), then repeats
//            the steps on the shrinking range with block barriers (rows outside its own computed again, by the same
//            operations, so the same values); the steps with h >= M as in `cluster` (log2 C barriers)
//   halo2    as halo, the block steps in two parts (h < 2^cut, then the rest), each after its own gather: less
//            repeated work, one barrier more
//   push     as cluster, but each block stores its rows into the shared memory of the blocks that read them
//            (st.shared::cluster before the barrier) instead of those blocks loading them after it
//   halopush as halo with the gather by pushes: each block stores its rows into its neighbours' work buffers before
//            the barrier; the steps with h >= M as in push
// Each PCR row update is pcr_apply's arithmetic (two FMAs, one multiply) with its factors read from shared memory, as
// the library keeps them for float chunks of 32 nodes. The values are not checked (the factors are made up): this
// times the exchange, not the solve. Timed as one kernel of `iters` time steps with as many clusters as the GPU
// holds at once; prints ns a time step of the whole GPU (each resident cluster one reduced solve).
// Build and run (sm_90): nvcc -O3 -arch=sm_90 -std=c++17 bench/probes/cluster_halo_probe.cu -o probe && ./probe
// Results on an H100: bench/results/cluster_halo_probe_h100.txt (docs/PERFORMANCE.md). The library took the halo
// form (src/pde/bs1d_segments_halo.cuh); pushed cluster-wide steps were slower in its kernel.
#include <cooperative_groups.h>
#include <cuda_runtime.h>

#include <cstdio>
#include <cstdlib>

#include "cluster_probe.cuh"

namespace cg = cooperative_groups;

__device__ __forceinline__ float apply(float A, float C, float r, float D, float Dl, float Dr) {
  return __fmul_rn(__fmaf_rn(-C, Dr, __fmaf_rn(-A, Dl, D)), r);
}

// Rows [lo, hi) of the option's n from the cluster's exchange buffers (x: this block's M rows) into w[0 ..).
__device__ void gather(float* w, const float* x, int lo, int hi, int n, int M, int shift, int rank) {
  for (int i = lo + int(threadIdx.x); i < hi; i += blockDim.x) {
    float v = 0.0f;
    if (i >= 0 && i < n) {
      const int owner = i >> shift, off = i & (M - 1);
      v = owner == rank ? x[off] : remote(x + off, owner);
    }
    w[i - lo] = v;
  }
}

// Block steps [s0, s1) on rows gathered with halo G = 2^s1 - 2^s0 (w0, ping-pong with w1); f: factors, 3 floats a row
// of each step's range. Returns the buffer holding the result (this block's rows at offset G).
__device__ float* block_steps(float* w0, float* w1, const float* f, int s0, int s1, int L, int M, int n) {
  const int G = (1 << s1) - (1 << s0);
  float* in = w0;
  float* out = w1;
  for (int s = s0; s < s1; ++s) {
    const int h = 1 << s, g = (1 << s1) - (2 << s);  // rows either side still needed after this step
    const int first = G - g, count = M + 2 * g;
    for (int j = int(threadIdx.x); j < count; j += blockDim.x) {
      const int i = first + j, k = L - G + i;
      float v = 0.0f;
      if (k >= 0 && k < n) v = apply(f[3 * j], f[3 * j + 1], f[3 * j + 2], in[i], in[i - h], in[i + h]);
      out[i] = v;
    }
    f += 3 * count;
    __syncthreads();
    float* t = in;
    in = out;
    out = t;
  }
  return in;
}

enum Form { kCluster, kHalo, kHalo2, kPush, kHaloPush };
const char* const kFormNames[] = {"cluster", "halo", "halo2", "push", "halopush"};

// Shared memory: exchange [2][M], work [2][M + 2 (M - 1)], factors (3 floats a row a step, up to the halo form's).
__host__ __device__ inline int factor_rows(int M, int b, int S) {
  int rows = 0;
  for (int s = 0; s < b; ++s) rows += M + 2 * ((1 << b) - (2 << s));
  return rows + (S - b) * M;
}

template <int F>
__global__ void solve_probe(float* out, int iters, int S, int cut) {
  extern __shared__ float smem[];
  const cg::cluster_group cl = cg::this_cluster();
  const int rank = int(cl.block_rank()), C = int(cl.num_blocks());
  const int NT = blockDim.x, M = 2 * NT, shift = __ffs(M) - 1, b = shift, n = M * C, L = rank * M;
  float* const xch = smem;        // [2][M] (push: [2 parities][left, right][M])
  float* const w0 = xch + 4 * M;  // [M + 2 (M - 1)]
  float* const w1 = w0 + 3 * M;   // same
  float* const fac = w1 + 3 * M;  // factors
  const int nf = 3 * factor_rows(M, b, S);
  for (int i = int(threadIdx.x); i < nf; i += NT) fac[i] = i % 3 == 2 ? 0.5f : 1e-3f * float(i % 7);
  for (int i = int(threadIdx.x); i < 6 * M; i += NT) w0[i] = 0.0f;  // the halo outside the system stays 0
  cl.sync();
  const int tl = int(threadIdx.x), k = L + 2 * tl;
  float DS = 1.0f + 1e-3f * float(k), DE = 2.0f - 1e-3f * float(k);
  int phase = 0;
  for (int it = 0; it < iters; ++it) {
    int s = 0;
    const float* f = fac;
    if (F != kCluster) {
      const int parts = F == kHalo2 ? 2 : 1;
      for (int p = 0; p < parts; ++p) {
        const int s0 = p == 0 ? 0 : cut, s1 = parts == 2 && p == 0 ? cut : b;
        const int G = (1 << s1) - (1 << s0);
        if (F == kHaloPush) {  // rows to this block's w0 and, within G of an edge, the neighbours' (same place)
          for (int e = 0; e < 2; ++e) {
            const int i = 2 * tl + e;
            const float v = k + e < n ? (e ? DE : DS) : 0.0f;
            w0[G + i] = v;
            if (i < G && rank > 0) store(w0 + G + M + i, rank - 1, rank, v);
            if (i >= M - G && rank + 1 < C) store(w0 + G - M + i, rank + 1, rank, v);
          }
          cl.sync();
        } else {
          float* x = xch + (phase++ & 1) * M;
          x[2 * tl] = DS;
          x[2 * tl + 1] = DE;
          cl.sync();
          gather(w0, x, L - G, L + M + G, n, M, shift, rank);
          __syncthreads();
        }
        const float* r = block_steps(w0, w1, f, s0, s1, L, M, n);
        for (int q = s0; q < s1; ++q) f += 3 * (M + 2 * ((1 << s1) - (2 << q)));
        DS = r[G + 2 * tl];
        DE = r[G + 2 * tl + 1];
      }
      s = b;
    }
    for (; s < S && (F == kPush || F == kHaloPush); ++s, f += 3 * M) {
      const int h = 1 << s;
      float* lb = xch + (phase++ & 1) * 2 * M;  // [left values][right values]
      for (int e = 0; e < 2; ++e) {
        const int kk = k + e;
        const float v = e ? DE : DS;
        if (kk + h < n) store(lb + ((kk + h) & (M - 1)), (kk + h) >> shift, rank, v);
        if (kk - h >= 0 && kk < n) store(lb + M + ((kk - h) & (M - 1)), (kk - h) >> shift, rank, v);
      }
      cl.sync();
      const float v0 = k - h >= 0 ? lb[2 * tl] : 0.0f, v1 = k + h < n ? lb[M + 2 * tl] : 0.0f;
      const float v2 = k + 1 - h >= 0 ? lb[2 * tl + 1] : 0.0f, v3 = k + 1 + h < n ? lb[M + 2 * tl + 1] : 0.0f;
      const float* fs = f + 6 * tl;
      DS = apply(fs[0], fs[1], fs[2], DS, v0, v1);
      DE = apply(fs[3], fs[4], fs[5], DE, v2, v3);
    }
    for (; s < S; ++s, f += 3 * M) {
      const int h = 1 << s;
      float* x = xch + (phase++ & 1) * M;
      x[2 * tl] = DS;
      x[2 * tl + 1] = DE;
      cl.sync();
      float v[4];
      const int idx[4] = {k - h, k + h, k + 1 - h, k + 1 + h};
#pragma unroll
      for (int e = 0; e < 4; ++e) {
        const int i = idx[e];
        v[e] = 0.0f;
        if (i >= 0 && i < n) {
          const int owner = i >> shift, off = i & (M - 1);
          v[e] = owner == rank ? x[off] : remote(x + off, owner);
        }
      }
      const float* fs = f + 6 * tl;
      DS = apply(fs[0], fs[1], fs[2], DS, v[0], v[1]);
      DE = apply(fs[3], fs[4], fs[5], DE, v[2], v[3]);
    }
  }
  cl.sync();  // no block leaves while another may read its shared memory
  out[blockIdx.x * NT + threadIdx.x] = DS + DE;
}

template <int F>
void run(int cluster, int threads, int cut, float* out) {
  auto kernel = solve_probe<F>;
  const int M = 2 * threads, b = 31 - __builtin_clz(unsigned(M)), S = b + (31 - __builtin_clz(unsigned(cluster)));
  const size_t smem = (size_t(4) * M + size_t(6) * M + size_t(3) * factor_rows(M, b, S)) * sizeof(float);
  BENCH_CHECK_CUDA(cudaFuncSetAttribute(kernel, cudaFuncAttributeMaxDynamicSharedMemorySize, int(smem)));
  cudaLaunchConfig_t cfg{};
  cudaLaunchAttribute attr{};
  attr.id = cudaLaunchAttributeClusterDimension;
  attr.val.clusterDim.x = unsigned(cluster);
  attr.val.clusterDim.y = attr.val.clusterDim.z = 1;
  cfg.blockDim = dim3(unsigned(threads));
  cfg.dynamicSmemBytes = smem;
  cfg.attrs = &attr;
  cfg.numAttrs = 1;
  cfg.gridDim = dim3(unsigned(cluster));
  int groups = 0;
  BENCH_CHECK_CUDA(cudaOccupancyMaxActiveClusters(&groups, kernel, &cfg));
  cfg.gridDim = dim3(unsigned(groups * cluster));
  const int iters = 2000;
  BENCH_CHECK_CUDA(cudaLaunchKernelEx(&cfg, kernel, out, 50, S, cut));  // warm-up
  const float best = best_of_five_ms([&] { BENCH_CHECK_CUDA(cudaLaunchKernelEx(&cfg, kernel, out, iters, S, cut)); });
  std::printf(
      "%-9s cluster %d x %3d threads, %2d PCR steps, cut %d, %6zu B shared: %3d clusters resident, %7.1f ns "
      "a time step\n",
      kFormNames[F], cluster, threads, S, F == kHalo2 ? cut : 0, smem, groups, 1e6 * best / iters);
}

int main() {
  float* out;
  BENCH_CHECK_CUDA(cudaMalloc(&out, sizeof(float) << 22));
  for (int threads : {256, 128}) {
    for (int cluster : {2, 4, 8}) {
      run<kCluster>(cluster, threads, 0, out);
      run<kPush>(cluster, threads, 0, out);
      run<kHalo>(cluster, threads, 0, out);
      run<kHaloPush>(cluster, threads, 0, out);
      const int b = 31 - __builtin_clz(unsigned(2 * threads));
      for (int cut : {b - 3, b - 2, b - 1}) run<kHalo2>(cluster, threads, cut, out);
    }
  }
  BENCH_CHECK_CUDA(cudaFree(out));
  return 0;
}
