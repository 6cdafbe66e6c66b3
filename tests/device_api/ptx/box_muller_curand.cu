// SPDX-License-Identifier: BSD-3-Clause
// cuRAND's device Box-Muller (float and double) and log-normal scaling, as curand_normal.h / curand_lognormal.h
// compute them (check_curand_mode_ptx.py compares this kernel's PTX with box_muller_gpurng.cu's).
#include <curand_kernel.h>

__global__ void box_muller_kernel(const unsigned* w, float* f, double* d, float m, float s, double md, double sd) {
  const unsigned i = threadIdx.x;
  const float2 a = _curand_box_muller(w[4 * i], w[4 * i + 1]);
  const double2 b = _curand_box_muller_double(w[4 * i], w[4 * i + 1], w[4 * i + 2], w[4 * i + 3]);
  f[2 * i] = expf(m + (s * a.x));
  f[2 * i + 1] = a.y;
  d[2 * i] = exp(md + (sd * b.x));
  d[2 * i + 1] = b.y;
}
