// SPDX-License-Identifier: BSD-3-Clause
// Every device-API call in a __global__ kernel, for the compile-only targets compile_device.cu (portable normals)
// and compile_device_curand_mode.cu (GPURNG_NORMALS_CURAND_DEVICE). Built with nvcc's default flags, as a user
// builds: contraction on, no --expt-relaxed-constexpr. Nothing runs; the build is the test.
#pragma once

#include "gpurng_kernel.h"

namespace compile_device {

// The calls every engine has; results are summed into out[] so nothing is optimised away.
template <class State>
__device__ void common_calls(State* st, unsigned* u, float* f, double* d) {
  *u += gpurng(st);
  *u += gpurng_next(st);
  *f += gpurng_uniform(st);
  *d += gpurng_uniform_double(st);
  *f += gpurng_normal(st);
  const float2 n2 = gpurng_normal2(st);  // the conversions to CUDA's vector types
  *f += n2.x + n2.y;
  *d += gpurng_normal_double(st);
  const double2 nd2 = gpurng_normal2_double(st);
  *d += nd2.x + nd2.y;
  *f += gpurng_log_normal(st, 0.5f, 2.0f);
  const float2 l2 = gpurng_log_normal2(st, 0.5f, 2.0f);
  *f += l2.x + l2.y;
  *d += gpurng_log_normal_double(st, 0.5, 2.0);
  const double2 ld2 = gpurng_log_normal2_double(st, 0.5, 2.0);
  *d += ld2.x + ld2.y;
  gpurng_skipahead(static_cast<unsigned long long>(*u), st);
  gpurng_skipahead_sequence(static_cast<unsigned long long>(*u) >> 3, st);
}

__global__ void every_call(unsigned long long seed, unsigned* out_u, float* out_f, double* out_d) {
  const unsigned long long id = blockIdx.x * blockDim.x + threadIdx.x;
  unsigned u = 0;
  float f = 0;
  double d = 0;

  gpurngStateXORWOW_t x;
  gpurng_init(seed, id, 0, &x);
  common_calls(&x, &u, &f, &d);

  gpurngStateMRG32k3a_t m;
  gpurng_init(seed, id, 0, &m);
  common_calls(&m, &u, &f, &d);
  gpurng_skipahead_subsequence(u & 7u, &m);

  gpurngStatePhilox4_32_10_t p;
  gpurng_init(seed, id, 0, &p);
  common_calls(&p, &u, &f, &d);
  const uint4 q = gpurng4(&p);
  u += q.x ^ q.y ^ q.z ^ q.w;
  const float4 u4 = gpurng_uniform4(&p);
  const float4 n4 = gpurng_normal4(&p);
  const float4 l4 = gpurng_log_normal4(&p, 0.5f, 2.0f);
  f += u4.x + u4.w + n4.y + n4.z + l4.x + l4.w;
  const double2 ud2 = gpurng_uniform2_double(&p);
  d += ud2.x + ud2.y;

  out_u[id] = u;
  out_f[id] = f;
  out_d[id] = d;
}

// The states in device memory, as users keep them (and gpurngInitStates* writes them): a state array in, draws out.
__global__ void from_state_arrays(gpurngStateXORWOW_t* xs, gpurngStateMRG32k3a_t* ms, gpurngStatePhilox4_32_10_t* ps,
                                  float* out) {
  const unsigned id = blockIdx.x * blockDim.x + threadIdx.x;
  gpurngStateXORWOW_t x = xs[id];
  gpurngStateMRG32k3a_t m = ms[id];
  gpurngStatePhilox4_32_10_t p = ps[id];
  float s = 0;
  for (int i = 0; i < 64; ++i) s += gpurng_uniform(&x) + gpurng_normal(&m) + gpurng_normal(&p);
  xs[id] = x;
  ms[id] = m;
  ps[id] = p;
  out[id] = s;
}

}  // namespace compile_device
