// SPDX-License-Identifier: BSD-3-Clause
// The device API's Box-Muller (float and double) and log-normal in the cuRAND-device mode: the same kernel as
// box_muller_curand.cu on gpurng::device's functions (check_curand_mode_ptx.py compares the PTX).
#define GPURNG_NORMALS_CURAND_DEVICE 1
#include "gpurng_kernel.h"

__global__ void box_muller_kernel(const unsigned* w, float* f, double* d, float m, float s, double md, double sd) {
  const unsigned i = threadIdx.x;
  const gpurng::device::f32x2 a = gpurng::device::box_muller(w[4 * i], w[4 * i + 1]);
  const gpurng::device::f64x2 b = gpurng::device::box_muller(w[4 * i], w[4 * i + 1], w[4 * i + 2], w[4 * i + 3]);
  f[2 * i] = gpurng::device::log_normal(a.s, m, s);
  f[2 * i + 1] = a.c;
  d[2 * i] = gpurng::device::log_normal(b.s, md, sd);
  d[2 * i + 1] = b.c;
}
