// SPDX-License-Identifier: BSD-3-Clause
// The pricers on the GPU. Per-path engines: a block of kChunkPaths threads is one chunk, a thread one path, and
// the block merges its samples level by level in shared memory (neighbours first, the tree PairwiseMoments
// builds on the CPU). Stream engines (RANMAR, Park-Miller): a thread walks a whole chunk with run_chunk, as a CPU
// task does. A last kernel merges each (set, replication, output)'s chunks in order. Same bits as the CPU.
#include <cuda_runtime.h>
#include <stdint.h>

#include "pricing_launch.hpp"
#include "source_dispatch.hpp"

namespace gpurng {
namespace pricing {
namespace cuda {

namespace {

gpurngStatus_t status_of(cudaError_t err) {
  if (err == cudaSuccess) return GPURNG_STATUS_SUCCESS;
  cudaGetLastError();
  return err == cudaErrorMemoryAllocation ? GPURNG_STATUS_ALLOCATION_FAILED : GPURNG_STATUS_LAUNCH_FAILURE;
}

// Block b is chunk b % chunks of (set, replication) group b / chunks.
template <typename T, typename Model, typename Src>
__global__ void __launch_bounds__(kChunkPaths) path_kernel(PricingPlan plan, Model model, Moments* chunk_out) {
  __shared__ Moments tree[kChunkPaths];
  const uint64_t chunks = plan.chunks();
  const uint64_t group = blockIdx.x / chunks, chunk = blockIdx.x % chunks;
  const int set = int(group / uint64_t(plan.replications));
  const int replication = int(group % uint64_t(plan.replications));
  const int i = threadIdx.x;
  const uint64_t index = chunk * kChunkPaths + uint64_t(i);
  const bool live = index < plan.paths;
  double out[Model::kMaxOutputs];
  if (live) {
    const uint64_t path = plan.first_path + index;
    Src src = NormalsMaker<Src>::make(plan.params, replication);
    src.start_chunk(path);
    path_samples<T>(model, plan.params, set, src, path, plan.antithetic, out);
  }
  for (int j = 0; j < model.outputs(); ++j) {
    tree[i] = live ? moments_of(out[j]) : no_moments();
    __syncthreads();
    for (int w = 1; w < kChunkPaths; w <<= 1) {
      if ((i & (2 * w - 1)) == 0) tree[i] = merge(tree[i], tree[i + w]);
      __syncthreads();
    }
    if (i == 0) chunk_out[uint64_t(blockIdx.x) * uint64_t(model.outputs()) + uint64_t(j)] = tree[0];
    __syncthreads();
  }
}

template <typename T, typename Model, typename Src>
__global__ void stream_kernel(PricingPlan plan, Model model, Moments* chunk_out, uint64_t tasks) {
  const uint64_t t = uint64_t(blockIdx.x) * blockDim.x + threadIdx.x;
  if (t >= tasks) return;
  const uint64_t chunks = plan.chunks();
  const uint64_t group = t / chunks, chunk = t % chunks;
  const int set = int(group / uint64_t(plan.replications));
  const int replication = int(group % uint64_t(plan.replications));
  const uint64_t first = plan.first_path + chunk * kChunkPaths;
  const int count = int(plan.paths - chunk * kChunkPaths < uint64_t(kChunkPaths) ? plan.paths - chunk * kChunkPaths
                                                                                 : uint64_t(kChunkPaths));
  PairwiseMoments acc[Model::kMaxOutputs];
  for (int j = 0; j < model.outputs(); ++j) acc[j].count = 0;
  Src src = NormalsMaker<Src>::make(plan.params, replication);
  run_chunk<T>(model, plan.params, set, src, first, count, plan.antithetic, acc);
  for (int j = 0; j < model.outputs(); ++j) chunk_out[t * uint64_t(model.outputs()) + uint64_t(j)] = acc[j].finish();
}

__global__ void merge_kernel(const Moments* chunk_out, uint64_t chunks, int outputs, uint64_t rows, Moments* out) {
  const uint64_t r = uint64_t(blockIdx.x) * blockDim.x + threadIdx.x;  // (group, output)
  if (r >= rows) return;
  const uint64_t group = r / uint64_t(outputs), j = r % uint64_t(outputs);
  out[r] = merge_chunks(chunk_out + group * chunks * uint64_t(outputs) + j, chunks, outputs);
}

template <typename P>
P moved(P p, uintptr_t from, uintptr_t to) {
  return p ? reinterpret_cast<P>(reinterpret_cast<uintptr_t>(p) - from + to) : p;
}

}  // namespace

template <typename T, typename Model>
gpurngStatus_t run(const PricingPlan& host_plan, const Model& host_model, const void* blob, size_t blob_bytes,
                   void* stream_ptr, Moments* out) {
  cudaStream_t stream = static_cast<cudaStream_t>(stream_ptr);
  const int outputs = host_model.outputs();
  const uint64_t chunks = host_plan.chunks();
  const uint64_t groups = uint64_t(host_plan.sets) * uint64_t(host_plan.replications);
  const uint64_t tasks = groups * chunks;
  const uint64_t rows = groups * uint64_t(outputs);
  if (tasks > uint64_t(0x7fffffff)) return GPURNG_STATUS_OUT_OF_RANGE;
  const size_t blob_space = (blob_bytes + 255) / 256 * 256;
  const size_t chunk_bytes = size_t(tasks) * size_t(outputs) * sizeof(Moments);
  const size_t out_bytes = size_t(rows) * sizeof(Moments);
  unsigned char* base = nullptr;
  gpurngStatus_t st = status_of(cudaMalloc(&base, blob_space + chunk_bytes + out_bytes));
  if (st != GPURNG_STATUS_SUCCESS) return st;
  Moments* chunk_out = reinterpret_cast<Moments*>(base + blob_space);
  Moments* dev_out = reinterpret_cast<Moments*>(base + blob_space + chunk_bytes);
  // The model's and the sources' pointers point into the host block: move them into its device copy.
  const uintptr_t from = reinterpret_cast<uintptr_t>(blob), to = reinterpret_cast<uintptr_t>(base);
  Model model = host_model;
  model.rebase([&](auto p) { return moved(p, from, to); });
  PricingPlan plan = host_plan;
  plan.params.directions = moved(plan.params.directions, from, to);
  plan.params.scramble = moved(plan.params.scramble, from, to);
  plan.params.shifts = moved(plan.params.shifts, from, to);
  plan.params.halton = moved(plan.params.halton, from, to);
  plan.params.bridge_ints = moved(plan.params.bridge_ints, from, to);
  plan.params.bridge_weights = moved(plan.params.bridge_weights, from, to);
  st = status_of(cudaMemcpyAsync(base, blob, blob_bytes, cudaMemcpyHostToDevice, stream));
  if (st == GPURNG_STATUS_SUCCESS) {
    with_normals(plan.source, [&](auto tag) {
      using Src = decltype(tag);
      if (walks_stream(plan.source)) {
        constexpr int kThreads = 64;
        stream_kernel<T, Model, Src>
            <<<unsigned((tasks + kThreads - 1) / kThreads), kThreads, 0, stream>>>(plan, model, chunk_out, tasks);
      } else {
        path_kernel<T, Model, Src><<<unsigned(tasks), kChunkPaths, 0, stream>>>(plan, model, chunk_out);
      }
      return 0;
    });
    st = status_of(cudaGetLastError());
  }
  if (st == GPURNG_STATUS_SUCCESS) {
    merge_kernel<<<unsigned((rows + 127) / 128), 128, 0, stream>>>(chunk_out, chunks, outputs, rows, dev_out);
    st = status_of(cudaGetLastError());
  }
  if (st == GPURNG_STATUS_SUCCESS)
    st = status_of(cudaMemcpyAsync(out, dev_out, out_bytes, cudaMemcpyDeviceToHost, stream));
  if (st == GPURNG_STATUS_SUCCESS) st = status_of(cudaStreamSynchronize(stream));
  const gpurngStatus_t freed = status_of(cudaFree(base));
  return st != GPURNG_STATUS_SUCCESS ? st : freed;
}

#define GPURNG_PRICING_CUDA(Model)                                                                                  \
  template gpurngStatus_t run<float, Model<float>>(const PricingPlan&, const Model<float>&, const void*, size_t,    \
                                                   void*, Moments*);                                                \
  template gpurngStatus_t run<double, Model<double>>(const PricingPlan&, const Model<double>&, const void*, size_t, \
                                                     void*, Moments*);
GPURNG_PRICING_CUDA(AsianBasketModel)
GPURNG_PRICING_CUDA(GarchLookbackModel)
GPURNG_PRICING_CUDA(LiborModel)
GPURNG_PRICING_CUDA(MbsModel)

}  // namespace cuda
}  // namespace pricing
}  // namespace gpurng
