// SPDX-License-Identifier: BSD-3-Clause
// The device API's Philox against its strongest peer, NVIDIA's cuRANDDx (MathDx: header-only, Philox4x32 with 10
// or 7 rounds, PCG), and the RANMAR48 device state against Philox, in the fused kernels of fused_kernels.cuh
// (2^20 threads, each initialising subsequence i, then 1024 uniforms or 256 normals summed), same run, same device.
// cuRANDDx is compiled in only when GPURNG_MATHDX_DIR names its headers (the `nvidia-mathdx` wheel's include/;
// they are never part of this repository); without it the RANMAR48 / Philox rows are still measured.
// Usage: peers_bench [out.json]   (exits 77 without a GPU)
#include <cuda_runtime.h>

#include <cstdio>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "bench_report.hpp"
#include "fused_kernels.cuh"
#include "gpu_timing.cuh"
#include "gpurng/device/ranmar.hpp"
#include "gpurng_kernel.h"
#if defined(GPURNG_BENCH_HAVE_MATHDX)
#include <curanddx.hpp>
#endif

namespace {

using namespace bench_dapi;

struct Ours {
  template <class S>
  static __device__ void init(unsigned long long seed, unsigned long long sub, unsigned long long off, S* s) {
    gpurng_init(static_cast<unsigned>(seed), sub, off, s);
  }
  static __device__ void init(unsigned long long seed, unsigned long long sub, unsigned long long off,
                              gpurngStatePhilox4_32_10_t* s) {
    gpurng_init(seed, sub, off, s);
  }
  template <class S>
  static __device__ float uniform(S* s) {
    return gpurng_uniform(s);
  }
  template <class S>
  static __device__ auto uniform4(S* s) {
    return gpurng_uniform4(s);
  }
  template <class S>
  static __device__ auto normal4(S* s) {
    return gpurng_normal4(s);
  }
};

#if defined(GPURNG_BENCH_HAVE_MATHDX)
// cuRANDDx descriptors: thread execution, SM 9.0 (the H100/H200 of the GPU machine).
using DxPhilox10 = decltype(curanddx::Generator<curanddx::philox4_32>() + curanddx::PhiloxRounds<10>() +
                            curanddx::SM<900>() + curanddx::Thread());
using DxPhilox7 = decltype(curanddx::Generator<curanddx::philox4_32>() + curanddx::PhiloxRounds<7>() +
                           curanddx::SM<900>() + curanddx::Thread());
using DxPcg = decltype(curanddx::Generator<curanddx::pcg>() + curanddx::SM<900>() + curanddx::Thread());

struct Dx {
  template <class S>
  static __device__ void init(unsigned long long seed, unsigned long long sub, unsigned long long off, S* s) {
    s->init(seed, sub, off);
  }
  template <class S>
  static __device__ float uniform(S* s) {
    curanddx::uniform<float> d;
    return d.generate(*s);
  }
  template <class S>
  static __device__ float4 uniform4(S* s) {
    curanddx::uniform<float> d;
    return d.generate4(*s);
  }
  template <class S>
  static __device__ float4 normal4(S* s) {
    curanddx::normal<float, curanddx::box_muller> d;
    return d.generate4(*s);
  }
};
#endif

struct Row {
  std::string what;
  double ms, gnums;
};

template <class Api, class S, Draw D>
Row time_fused(const char* what, float* out, int per, cudaStream_t st) {
  const dim3 grid(kThreads / kBlock), block(kBlock);
  const double ms = bench::median_ms(
      st, [&] { fused<Api, S, D><<<grid, block, 0, st>>>(out, 1234ull, per); }, 15);
  BENCH_CHECK_CUDA(cudaGetLastError());
  return {what, ms, double(kThreads) * per / (ms * 1e-3) / 1e9};
}

}  // namespace

int main(int argc, char** argv) {
  int n = 0;
  if (cudaGetDeviceCount(&n) != cudaSuccess || n == 0) {
    std::fprintf(stderr, "peers_bench: no GPU\n");
    return 77;
  }
  cudaDeviceProp prop;
  BENCH_CHECK_CUDA(cudaGetDeviceProperties(&prop, 0));
  cudaStream_t st;
  BENCH_CHECK_CUDA(cudaStreamCreate(&st));
  float* out = nullptr;
  BENCH_CHECK_CUDA(cudaMalloc(&out, sizeof(float) * kThreads));
  const int U = kUniformsPerThread, N = kNormalsPerThread;
  std::vector<Row> rows;
  rows.push_back(
      time_fused<Ours, gpurngStatePhilox4_32_10_t, Draw::uniform4>("ours Philox4_32_10 uniform4", out, U, st));
  rows.push_back(time_fused<Ours, gpurngStatePhilox4_32_10_t, Draw::uniform>("ours Philox4_32_10 uniform", out, U, st));
  rows.push_back(
      time_fused<Ours, gpurngStatePhilox4_32_10_t, Draw::normal4>("ours Philox4_32_10 normal4 (portable)", out, N, st));
#if defined(GPURNG_BENCH_HAVE_MATHDX)
  rows.push_back(time_fused<Dx, DxPhilox10, Draw::uniform4>("cuRANDDx Philox-10 uniform4", out, U, st));
  rows.push_back(time_fused<Dx, DxPhilox10, Draw::normal4>("cuRANDDx Philox-10 normal4", out, N, st));
  rows.push_back(time_fused<Dx, DxPhilox7, Draw::uniform4>("cuRANDDx Philox-7 uniform4", out, U, st));
  rows.push_back(time_fused<Dx, DxPhilox7, Draw::normal4>("cuRANDDx Philox-7 normal4", out, N, st));
  rows.push_back(time_fused<Dx, DxPcg, Draw::uniform>("cuRANDDx PCG uniform", out, U, st));
#endif
  // RANMAR48: a 792-byte state in local memory, initialised by a jump of i * 2^64 positions per thread.
  rows.push_back(time_fused<Ours, gpurngStateRanmar48_t, Draw::uniform>("ours RANMAR48 uniform", out, U, st));
  rows.push_back(time_fused<Ours, gpurngStateRanmar_t, Draw::uniform>("ours RANMAR uniform", out, U, st));
  BENCH_CHECK_CUDA(cudaFree(out));
  std::ostringstream js;
  js << "{\n  \"benchmark\": \"peers_bench\",\n  \"device\": \"" << bench::json_escape(prop.name)
     << "\",\n  \"host_cpu\": \"" << bench::json_escape(bench::host_cpu()) << "\",\n  \"command\": \""
     << bench::json_escape(bench::command_line(argc, argv))
     << "\",\n  \"kernel\": \"2^20 threads, init(seed, thread, 0) + 1024 uniforms or 256 normals summed; median of 15\""
     << ",\n  \"rows\": [\n";
  for (size_t i = 0; i < rows.size(); ++i) {
    std::printf("%-44s %9.4f ms %8.1f G/s\n", rows[i].what.c_str(), rows[i].ms, rows[i].gnums);
    js << "    {\"case\": \"" << rows[i].what << "\", \"ms\": " << rows[i].ms << ", \"G_per_s\": " << rows[i].gnums
       << "}" << (i + 1 < rows.size() ? ",\n" : "\n");
  }
  js << "  ]\n}\n";
  if (argc > 1) std::ofstream(argv[1]) << js.str();
  return 0;
}
