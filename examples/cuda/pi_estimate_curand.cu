// SPDX-License-Identifier: BSD-3-Clause
// Monte Carlo estimate of pi in a user's kernel, on the device API of curand_kernel.h (XORWOW states).
//
// The run is split into batches, as long simulations are: each batch launches the same kernel, and every thread
// initialises its state once per batch at its own subsequence and jumps it past the numbers the earlier batches
// drew, rather than keeping states between launches. Each thread counts points of the unit square that fall in
// the quarter disc; pi ~ 4 * inside / points. Prints the estimate and checks it against pi within five standard
// errors (returns 1 if not; 77 without a GPU).
//
// The libgpurng version, pi_estimate.cu, is the cuRAND version after the renaming of examples/cuda/README.md and
// nothing else (a test checks it); both print the same line.
#include <cuda_runtime.h>
#include <curand_kernel.h>
#include <math.h>
#include <stdio.h>

#define THREADS (1 << 16)
#define BLOCK 256
#define POINTS_PER_BATCH 1024 /* per thread */
#define BATCHES 4

__global__ void count_inside(unsigned long long seed, int batch, unsigned long long *inside) {
  const int tid = blockIdx.x * blockDim.x + threadIdx.x;
  curandStateXORWOW_t state;
  curand_init(seed, tid, 0, &state);
  skipahead(2ull * POINTS_PER_BATCH * batch, &state); /* two numbers per point in every earlier batch */
  unsigned int count = 0;
  for (int i = 0; i < POINTS_PER_BATCH; ++i) {
    const float x = curand_uniform(&state);
    const float y = curand_uniform(&state);
    count += x * x + y * y <= 1.0f;
  }
  for (int o = 16; o > 0; o >>= 1) count += __shfl_down_sync(0xffffffffu, count, o);
  if ((threadIdx.x & 31) == 0) atomicAdd(inside, (unsigned long long)count);
}

int main(void) {
  int devices = 0;
  if (cudaGetDeviceCount(&devices) != cudaSuccess || devices == 0) {
    printf("pi_estimate: no GPU\n");
    return 77;
  }
  unsigned long long *d_inside = NULL, inside = 0;
  if (cudaMalloc(&d_inside, sizeof inside) != cudaSuccess) return 1;
  cudaMemset(d_inside, 0, sizeof inside);
  for (int batch = 0; batch < BATCHES; ++batch) count_inside<<<THREADS / BLOCK, BLOCK>>>(1234ull, batch, d_inside);
  if (cudaMemcpy(&inside, d_inside, sizeof inside, cudaMemcpyDeviceToHost) != cudaSuccess) return 1;
  cudaFree(d_inside);
  const double points = (double)THREADS * POINTS_PER_BATCH * BATCHES;
  const double p = inside / points, pi = 4.0 * p;
  const double stderror = 4.0 * sqrt(p * (1.0 - p) / points);
  const double pi_exact = 3.14159265358979323846;
  printf("pi_estimate: %.8f from %.0f points (%llu inside), standard error %.2e, off by %.2f standard errors\n", pi,
         points, inside, stderror, fabs(pi - pi_exact) / stderror);
  return fabs(pi - pi_exact) <= 5.0 * stderror ? 0 : 1;
}
