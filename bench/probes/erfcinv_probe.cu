// SPDX-License-Identifier: BSD-3-Clause
// What the portable inverse CDF costs on the GPU, without the library: 1 GiB of float normals
// (sobol::detail::normal_float32, through pmath::erfcinv_to_float) and of double normals (normal_double32, through
// pmath::erfcinv) from Sobol'-like arguments (the bit-reversed index), against cuRAND's SOBOL32 normals and a plain
// store of the same size, in one run (CUDA events, best of 5), and the costs the design weighed (peak fused
// multiply-adds, the first guess's table loads, double-to-float conversions). The library's kernel spreads a
// warp's lanes wider than this pattern does (bench/results/issue18_h100/sobol_normals/README.md). Evidence for the
// design of portable_erfcinv.hpp; not part of the build.
// Build and run on the GPU machine:
//   nvcc -O3 -std=c++17 -arch=sm_90 --fmad=false -I include bench/probes/erfcinv_probe.cu -lcurand -o /tmp/p && /tmp/p
#include <cuda_runtime.h>
#include <curand.h>

#include <cstdio>

#include "gpurng/distributions/portable_erfcinv.hpp"
#include "gpurng/engines/sobol.hpp"

namespace {

constexpr size_t kBytes = size_t{1} << 30;

__device__ float normal_float(uint32_t x) { return gpurng::sobol::detail::normal_float32(x); }
__device__ double normal_double(uint32_t x) { return gpurng::sobol::detail::normal_double32(x); }

// Four float values a thread per step, as the library's Sobol' kernel makes them (one 16-byte store).
__global__ void fill_float(float* out, size_t n) {
  for (size_t i = blockIdx.x * size_t{blockDim.x} + threadIdx.x; i < n / 4; i += size_t{gridDim.x} * blockDim.x) {
    const uint32_t x0 = __brev(static_cast<uint32_t>(4 * i));
    float4 o;
    o.x = normal_float(x0);
    o.y = normal_float(x0 ^ 0x80000000u);
    o.z = normal_float(x0 ^ 0xC0000000u);
    o.w = normal_float(x0 ^ 0x40000000u);
    reinterpret_cast<float4*>(out)[i] = o;
  }
}
// G double values a thread per step, each store coalesced across the warp (value j at i + j n / G).
template <int G>
__global__ void fill_double(double* out, size_t n) {
  const size_t part = n / G;
  for (size_t i = blockIdx.x * size_t{blockDim.x} + threadIdx.x; i < part; i += size_t{gridDim.x} * blockDim.x) {
    double y[G];
#pragma unroll
    for (int j = 0; j < G; ++j) y[j] = normal_double(__brev(static_cast<uint32_t>(i + j * part)));
#pragma unroll
    for (int j = 0; j < G; ++j) out[i + j * part] = y[j];
  }
}
template <typename T>
__global__ void store(T* out, size_t n) {
  for (size_t i = blockIdx.x * size_t{blockDim.x} + threadIdx.x; i < n; i += size_t{gridDim.x} * blockDim.x)
    out[i] = static_cast<T>(i);
}

// Calibration: dependent fused multiply-adds in four chains per thread, in double and in float; the float
// path's table loads alone (pieces as the Sobol' arguments fall); double-to-float conversions.
template <typename T>
__global__ void fma_chains(T* out, int iters) {
  T a = static_cast<T>(threadIdx.x) * T(1e-3), b = a + T(1), c = a + T(2), d = a + T(3);
  const T m = T(0.999), k = T(1e-7);
  for (int i = 0; i < iters; ++i) {
    a = fma(a, m, k);
    b = fma(b, m, k);
    c = fma(c, m, k);
    d = fma(d, m, k);
  }
  out[blockIdx.x * blockDim.x + threadIdx.x] = a + b + c + d;
}
__global__ void table_loads(double* out, size_t n) {
  namespace ep = gpurng::pmath::erfcinv_poly;
  double acc = 0;
  float accf = 0;
  for (size_t i = blockIdx.x * size_t{blockDim.x} + threadIdx.x; i < n; i += size_t{gridDim.x} * blockDim.x) {
    const uint32_t x = __brev(static_cast<uint32_t>(i));
    const float p = static_cast<float>(x > 0x80000000u ? 0xFFFFFFFFu - x : x) * 0x1p-32f + 0x1p-33f;
    const uint32_t b = __float_as_uint(2.0f * p);
    const int k = static_cast<int>(b >> 23) - 127;
    const int piece = k == 0 ? 0 : ((-1 - k) << ep::kFloatSplitBits) + static_cast<int>((b >> 20) & 7u);
    for (int j = 0; j < ep::kFloatDoubles; ++j) acc += ep::kFloatADevice[j * ep::kFloatPieces + piece];
    for (int j = 0; j <= ep::kFloatDegree - ep::kFloatDoubles; ++j)
      accf += ep::kFloatBDevice[j * ep::kFloatPieces + piece];
  }
  out[blockIdx.x * blockDim.x + threadIdx.x] = acc + accf;
}
__global__ void to_float_conv(float* out, int iters) {
  double a = threadIdx.x * 1e-3, b = a + 1, c = a + 2, d = a + 3;
  float s = 0;
  for (int i = 0; i < iters; ++i) {
    s += __double2float_rn(a) + __double2float_rn(b) + __double2float_rn(c) + __double2float_rn(d);
    a += 1e-9;
    b += 1e-9;
    c += 1e-9;
    d += 1e-9;
  }
  out[blockIdx.x * blockDim.x + threadIdx.x] = s;
}

template <class F>
float best_ms(F f) {
  cudaEvent_t a, b;
  cudaEventCreate(&a);
  cudaEventCreate(&b);
  f();
  float best = 1e30f;
  for (int r = 0; r < 5; ++r) {
    cudaEventRecord(a);
    f();
    cudaEventRecord(b);
    cudaEventSynchronize(b);
    float ms;
    cudaEventElapsedTime(&ms, a, b);
    best = ms < best ? ms : best;
  }
  return best;
}

}  // namespace

int main() {
  int sms = 0;
  if (cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, 0) != cudaSuccess) return 77;
  void* buf;
  cudaMalloc(&buf, kBytes);
  curandGenerator_t g;
  curandCreateGenerator(&g, CURAND_RNG_QUASI_SOBOL32);
  const size_t nf = kBytes / 4, nd = kBytes / 8;
  const unsigned grid = static_cast<unsigned>(sms) * 16;
  const float cf = best_ms([&] { curandGenerateNormal(g, static_cast<float*>(buf), nf, 0.0f, 1.0f); });
  const float cd = best_ms([&] { curandGenerateNormalDouble(g, static_cast<double*>(buf), nd, 0.0, 1.0); });
  const float sf = best_ms([&] { store<<<grid, 256>>>(static_cast<float*>(buf), nf); });
  const float pf = best_ms([&] { fill_float<<<grid, 256>>>(static_cast<float*>(buf), nf); });
  const float pd = best_ms([&] { fill_double<1><<<grid, 256>>>(static_cast<double*>(buf), nd); });
  const float pd2 = best_ms([&] { fill_double<2><<<grid, 256>>>(static_cast<double*>(buf), nd); });
  const float pd4 = best_ms([&] { fill_double<4><<<grid, 256>>>(static_cast<double*>(buf), nd); });
  printf("double with 2 / 4 values a thread: %.3f / %.3f ms\n", pd2, pd4);
  printf("1 GiB, best of 5 (ms): cuRAND SOBOL32 normal f32 %.3f, f64 %.3f; store %.3f\n", cf, cd, sf);
  printf("portable float %.3f (%.2fx cuRAND), double %.3f (%.2fx cuRAND)\n", pf, cf / pf, pd, cd / pd);
  const int iters = 4096;
  const unsigned cgrid = static_cast<unsigned>(sms) * 8;
  const double ops = double(cgrid) * 256 * iters * 4;
  int clk = 0;
  cudaDeviceGetAttribute(&clk, cudaDevAttrClockRate, 0);
  const double per_sm_clk = double(sms) * clk * 1e3 * 1e-3;  // per ms
  const float td = best_ms([&] { fma_chains<<<cgrid, 256>>>(static_cast<double*>(buf), iters); });
  const float tf = best_ms([&] { fma_chains<<<cgrid, 256>>>(static_cast<float*>(buf), iters); });
  const float tl = best_ms([&] { table_loads<<<grid, 256>>>(static_cast<double*>(buf), nf); });
  const float tc = best_ms([&] { to_float_conv<<<cgrid, 256>>>(static_cast<float*>(buf), iters); });
  printf(
      "per SM per clock at %d MHz: DFMA %.1f, FFMA %.1f, F2F.F32.F64 %.1f; the guess's table loads (3 doubles, 4 "
      "floats) for %zu values: %.3f ms\n",
      clk / 1000, ops / td / per_sm_clk, ops / tf / per_sm_clk, ops / tc / per_sm_clk, nf, tl);
  printf("%s\n", cudaGetErrorString(cudaGetLastError()));
  return 0;
}
