// SPDX-License-Identifier: BSD-3-Clause
#include <cuda_runtime.h>
#include <stdint.h>

#include <algorithm>

#include "box_muller_device.hpp"
#include "gpurng/distributions/curand_outputs.hpp"

namespace gpurng {
namespace cuda {
namespace {

namespace co = curand_out;

template <bool Log>
__global__ void box_muller_f32(uint32_t* words, size_t pairs, float mean, float stddev) {
  for (size_t p = blockIdx.x * size_t(blockDim.x) + threadIdx.x; p < pairs; p += size_t(gridDim.x) * blockDim.x) {
    const uint2 w = reinterpret_cast<const uint2*>(words)[p];
    const co::f32x2 z = co::box_muller_f32(w.x, w.y);
    float2 o;
    o.x = Log ? co::lognormal(z.s, mean, stddev) : co::scale(z.s, mean, stddev);
    o.y = Log ? co::lognormal(z.c, mean, stddev) : co::scale(z.c, mean, stddev);
    reinterpret_cast<float2*>(words)[p] = o;
  }
}

template <bool Log>
__global__ void box_muller_f64(uint32_t* words, size_t pairs, double mean, double stddev) {
  for (size_t p = blockIdx.x * size_t(blockDim.x) + threadIdx.x; p < pairs; p += size_t(gridDim.x) * blockDim.x) {
    const uint4 w = reinterpret_cast<const uint4*>(words)[p];
    const co::f64x2 z = co::box_muller_f64(w.x, w.y, w.z, w.w);
    double2 o;
    o.x = Log ? co::lognormal(z.s, mean, stddev) : co::scale(z.s, mean, stddev);
    o.y = Log ? co::lognormal(z.c, mean, stddev) : co::scale(z.c, mean, stddev);
    reinterpret_cast<double2*>(words)[p] = o;
  }
}

template <typename T, bool Log>
__global__ void scale_normals_kernel(const float* z, T* out, size_t n, T mean, T stddev) {
  for (size_t i = blockIdx.x * size_t(blockDim.x) + threadIdx.x; i < n; i += size_t(gridDim.x) * blockDim.x) {
    const T v = static_cast<T>(z[i]);
    out[i] = Log ? co::lognormal(v, mean, stddev) : co::scale(v, mean, stddev);
  }
}

}  // namespace

gpurngStatus_t scale_normals(const float* z, void* out, size_t n, bool dbl, bool log_normal, double mean, double stddev,
                             void* stream) {
  if (n == 0) return GPURNG_STATUS_SUCCESS;
  cudaStream_t s = static_cast<cudaStream_t>(stream);
  const unsigned threads = 256;
  const unsigned blocks = static_cast<unsigned>(std::min<size_t>((n + threads - 1) / threads, 132 * 64));
  const float mf = static_cast<float>(mean), sf = static_cast<float>(stddev);
  if (dbl) {
    if (log_normal)
      scale_normals_kernel<double, true><<<blocks, threads, 0, s>>>(z, static_cast<double*>(out), n, mean, stddev);
    else
      scale_normals_kernel<double, false><<<blocks, threads, 0, s>>>(z, static_cast<double*>(out), n, mean, stddev);
  } else {
    if (log_normal)
      scale_normals_kernel<float, true><<<blocks, threads, 0, s>>>(z, static_cast<float*>(out), n, mf, sf);
    else
      scale_normals_kernel<float, false><<<blocks, threads, 0, s>>>(z, static_cast<float*>(out), n, mf, sf);
  }
  if (cudaGetLastError() != cudaSuccess) return GPURNG_STATUS_LAUNCH_FAILURE;
  if (!stream && cudaStreamSynchronize(nullptr) != cudaSuccess) return GPURNG_STATUS_LAUNCH_FAILURE;
  return GPURNG_STATUS_SUCCESS;
}

gpurngStatus_t box_muller_in_place(void* buf, size_t outputs, bool dbl, bool log_normal, double mean, double stddev,
                                   void* stream) {
  const size_t pairs = outputs / 2;
  if (pairs == 0) return GPURNG_STATUS_SUCCESS;
  cudaStream_t s = static_cast<cudaStream_t>(stream);
  const unsigned threads = 256;
  const unsigned blocks = static_cast<unsigned>(std::min<size_t>((pairs + threads - 1) / threads, 132 * 64));
  uint32_t* w = static_cast<uint32_t*>(buf);
  const float mf = static_cast<float>(mean), sf = static_cast<float>(stddev);
  if (dbl) {
    if (log_normal)
      box_muller_f64<true><<<blocks, threads, 0, s>>>(w, pairs, mean, stddev);
    else
      box_muller_f64<false><<<blocks, threads, 0, s>>>(w, pairs, mean, stddev);
  } else {
    if (log_normal)
      box_muller_f32<true><<<blocks, threads, 0, s>>>(w, pairs, mf, sf);
    else
      box_muller_f32<false><<<blocks, threads, 0, s>>>(w, pairs, mf, sf);
  }
  if (cudaGetLastError() != cudaSuccess) return GPURNG_STATUS_LAUNCH_FAILURE;
  if (!stream && cudaStreamSynchronize(nullptr) != cudaSuccess) return GPURNG_STATUS_LAUNCH_FAILURE;
  return GPURNG_STATUS_SUCCESS;
}

}  // namespace cuda
}  // namespace gpurng
