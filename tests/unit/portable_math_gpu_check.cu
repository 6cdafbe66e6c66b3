// SPDX-License-Identifier: BSD-3-Clause
// portable_math.hpp, box_muller_math.hpp and the cuRAND normal conversions on the GPU against the same code on the CPU,
// bit for bit, over dense samples. Run: nvcc -std=c++17 -O2 --fmad=false -Xcompiler -ffp-contract=off
//   -I src tests/unit/portable_math_gpu_check.cu -o pm_gpu_check && ./pm_gpu_check   (exit 0: identical;
//   77: no GPU). With a file argument it also writes the GPU's bit patterns there (raw uint64 per result).
#include <cuda_runtime.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <vector>

#include "gpurng/distributions/box_muller_math.hpp"
#include "gpurng/distributions/curand_outputs.hpp"
#include "gpurng/distributions/portable_erfcinv.hpp"
#include "gpurng/distributions/portable_math.hpp"

namespace {

namespace pm = gpurng::pmath;
namespace co = gpurng::curand_out;
namespace bmm = gpurng::bm_math;

constexpr int kFuncs = 19;
constexpr uint64_t kN = uint64_t{1} << 22;  // samples per function

__host__ __device__ uint32_t mix32(uint64_t i, uint32_t salt) {  // splitmix-style hash of the index
  uint64_t z = i * 0x9E3779B97F4A7C15ull + salt * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  return static_cast<uint32_t>(z ^ (z >> 31));
}
__host__ __device__ uint64_t fbits(float x) {
  uint32_t u;
  memcpy(&u, &x, 4);
  return u;
}
__host__ __device__ uint64_t dbits(double x) {
  uint64_t u;
  memcpy(&u, &x, 8);
  return u;
}
__host__ __device__ float ffrom(uint32_t u) {  // a float of any magnitude: random bits, no inf / NaN
  if ((u & 0x7f800000u) == 0x7f800000u) u ^= 0x40000000u;
  float x;
  memcpy(&x, &u, 4);
  return x;
}
__host__ __device__ double dfrom(uint64_t u) {  // a double of any magnitude: random bits, no inf / NaN
  if ((u & 0x7ff0000000000000ull) == 0x7ff0000000000000ull) u ^= 0x4000000000000000ull;
  double x;
  memcpy(&x, &u, 8);
  return x;
}

// Result f of sample i (f < kFuncs): the argument ranges the generators use, and some beyond.
__host__ __device__ uint64_t eval(int f, uint64_t i) {
  const uint32_t a = mix32(i, 1), b = mix32(i, 2), c = mix32(i, 3), d = mix32(i, 4);
  float fs, fc;
  double ds, dc;
  switch (f) {
    case 0:
      return fbits(bmm::neg2_log(co::uniform_f32(a)));
    case 1: {  // small arguments
      const float x = co::uniform_f32(a) * 0x1p-20f;
      return fbits(bmm::neg2_log(x));
    }
    case 2:
      bmm::sincos_box_muller(static_cast<float>(a) * co::k2pow32Inv2Pi + co::k2pow32Inv2Pi / 2.0f, &fs, &fc);
      return fbits(fs) << 32 | fbits(fc);
    case 3:
      return fbits(pm::expf(static_cast<float>(static_cast<int32_t>(a)) * 0x1p-31f * 100.0f));
    case 4:
      return fbits(pm::expf(static_cast<float>(static_cast<int32_t>(a)) * 0x1p-31f * 4.0f));
    case 5:
      return dbits(pm::log(co::uniform_f64_hq(a, b)));
    case 6:
      return dbits(pm::exp(static_cast<double>(static_cast<int32_t>(a)) * 0x1p-31 * 740.0 + b * 0x1p-40));
    case 7:
      return dbits(bmm::neg2_log(co::uniform_f64_hq(a, b) * 0x1p-40));
    case 8:
      bmm::sincos_pi_times_box_muller(static_cast<double>(co::hq_bits(a, b)) * 0x1p-52 + 0x1p-53, &ds, &dc);
      return dbits(ds) ^ (dbits(dc) << 1);
    case 9:
      return dbits(pm::erfcinv(2.0 * (a * 0x1p-32 + 0x1p-33)));
    case 10:
      return dbits(pm::erfcinv(2.0 * (static_cast<double>(co::hq_bits(a, b)) * 0x1p-53 + 0x1p-54)));
    case 11: {
      const co::f32x2 z = co::box_muller_f32(a, b);
      return fbits(z.s) << 32 | fbits(z.c);
    }
    case 12: {
      const co::f64x2 z = co::box_muller_f64(a, b, c, d);
      return dbits(z.s) ^ (dbits(z.c) << 1);
    }
    case 13: {
      const co::f32x2 z = co::box_muller_f32(a, b);
      return fbits(co::lognormal(z.s, 0.125f, 0.5f)) << 32 | fbits(co::lognormal(z.c, 0.125f, 2.0f));
    }
    case 14: {
      const co::f64x2 z = co::box_muller_f64(a, b, c, d);
      return dbits(co::lognormal(z.s, 0.125, 0.5)) ^ (dbits(co::lognormal(z.c, 0.125, 2.0)) << 1);
    }
    case 15:
      return dbits(pm::erf(static_cast<double>(static_cast<int32_t>(a)) * 0x1p-31 * 6.5)) ^
             dbits(pm::erfc(b * 0x1p-32 * 7.0 - 0.5));
    case 16:  // atan: every magnitude, and [-4, 4] (the reduction's intervals)
      return dbits(pm::atan(dfrom(uint64_t{a} << 32 | b))) ^
             (dbits(pm::atan(static_cast<double>(static_cast<int32_t>(c)) * 0x1p-29 + d * 0x1p-61)) << 1);
    case 17: {  // erfcinv_to_float: the Sobol' argument, and any float in (0, 2) (the double function's domain)
      const float q = 2.0f * (static_cast<float>(a >> 1) * 2.3283064e-10f + 2.3283064e-10f / 2.0f);
      return fbits(pm::erfcinv_to_float(q)) << 32 | fbits(pm::erfcinv_to_float(ffrom(b & 0x3fffffffu) * 2.0f));
    }
    default:  // atanf, likewise
      return fbits(pm::atanf(ffrom(a))) << 32 |
             fbits(pm::atanf(static_cast<float>(static_cast<int32_t>(b)) * 0x1p-29f));
  }
}

__global__ void kernel(uint64_t* out) {
  const uint64_t t = blockIdx.x * static_cast<uint64_t>(blockDim.x) + threadIdx.x;
  if (t >= kN * kFuncs) return;
  out[t] = eval(static_cast<int>(t / kN), t % kN);
}

}  // namespace

int main(int argc, char** argv) {
  int count = 0;
  if (cudaGetDeviceCount(&count) != cudaSuccess || count == 0) {
    printf("no GPU: skipped\n");
    return 77;
  }
  const size_t total = kN * kFuncs;
  uint64_t* dev = nullptr;
  if (cudaMalloc(&dev, total * 8) != cudaSuccess) return 1;
  kernel<<<static_cast<unsigned>((total + 255) / 256), 256>>>(dev);
  std::vector<uint64_t> gpu(total);
  if (cudaMemcpy(gpu.data(), dev, total * 8, cudaMemcpyDeviceToHost) != cudaSuccess) {
    printf("CUDA error: %s\n", cudaGetErrorString(cudaGetLastError()));
    return 1;
  }
  cudaFree(dev);
  if (argc > 1 && strcmp(argv[1], "--compare") != 0) {
    FILE* fp = fopen(argv[1], "wb");
    if (!fp || fwrite(gpu.data(), 8, total, fp) != total) return 1;
    fclose(fp);
  }
  size_t bad_total = 0;
  for (int f = 0; f < kFuncs; ++f) {
    size_t bad = 0;
    for (uint64_t i = 0; i < kN; ++i) {
      const uint64_t h = eval(f, i);
      if (h != gpu[f * kN + i] && bad++ < 3)
        printf("  function %d sample %llu: CPU %016llx GPU %016llx\n", f, static_cast<unsigned long long>(i),
               static_cast<unsigned long long>(h), static_cast<unsigned long long>(gpu[f * kN + i]));
    }
    printf("function %2d: %zu of %llu differ\n", f, bad, static_cast<unsigned long long>(kN));
    bad_total += bad;
  }
  printf(bad_total ? "DIFFERENT\n" : "identical on CPU and GPU\n");
  return bad_total ? 1 : 0;
}
