// SPDX-License-Identifier: BSD-3-Clause
// Geometric Brownian motion paths in a user's kernel on the device API (gpurng_kernel.h), with the states made by
// the library: gpurngInitStatesPhilox4_32_10 fills one state per path in device memory (path i = subsequence i)
// with one call on the program's stream, instead of a per-thread gpurng_init kernel. A kernel then walks each path
// over STEPS steps of
//   S <- S exp((r - sigma^2 / 2) dt + sigma sqrt(dt) Z),  Z = gpurng_normal (exact for GBM: no discretisation bias),
// stores the state back (a later kernel would continue each stream where this one stopped) and sums the discounted
// call payoff, the discounted terminal price, and their squares.
// Prints the Monte Carlo price of a European call and checks it, and the mean discounted terminal price (S0 under
// the risk-neutral measure), within four standard errors (returns 1 if not; 77 without a GPU).
#include <cuda_runtime.h>
#include <gpurng_kernel.h>
#include <math.h>
#include <stdio.h>

#define PATHS (1 << 20)
#define BLOCK 256
#define STEPS 64

struct Market {
  float s0, strike, rate, sigma, maturity;
};

// sums[0..3]: discounted payoff, its square, discounted terminal price, its square.
__global__ void walk_paths(gpurngStatePhilox4_32_10_t *states, Market m, double *sums) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  gpurngStatePhilox4_32_10_t state = states[i];
  const float dt = m.maturity / STEPS;
  const float drift = (m.rate - 0.5f * m.sigma * m.sigma) * dt, vol = m.sigma * sqrtf(dt);
  float log_s = logf(m.s0);
  for (int k = 0; k < STEPS; ++k) log_s += drift + vol * gpurng_normal(&state);
  states[i] = state;
  const double discount = exp(-(double)m.rate * m.maturity);
  const double s_t = exp((double)log_s);
  const double payoff = discount * fmax(s_t - m.strike, 0.0), price = discount * s_t;
  double v[4] = {payoff, payoff * payoff, price, price * price};
  for (int j = 0; j < 4; ++j) {
    for (int o = 16; o > 0; o >>= 1) v[j] += __shfl_down_sync(0xffffffffu, v[j], o);
    if ((threadIdx.x & 31) == 0) atomicAdd(&sums[j], v[j]);
  }
}

static double normal_cdf(double x) { return 0.5 * erfc(-x / sqrt(2.0)); }

static double black_scholes_call(const struct Market *m) {
  const double sd = m->sigma * sqrt((double)m->maturity);
  const double d1 = (log((double)m->s0 / m->strike) + ((double)m->rate + 0.5 * m->sigma * m->sigma) * m->maturity) / sd;
  return m->s0 * normal_cdf(d1) - m->strike * exp(-(double)m->rate * m->maturity) * normal_cdf(d1 - sd);
}

int main(void) {
  int devices = 0;
  if (cudaGetDeviceCount(&devices) != cudaSuccess || devices == 0) {
    printf("gbm_paths: no GPU\n");
    return 77;
  }
  const struct Market m = {100.0f, 105.0f, 0.03f, 0.2f, 1.0f};
  cudaStream_t stream;
  gpurngStatePhilox4_32_10_t *states = NULL;
  double *d_sums = NULL, sums[4];
  if (cudaStreamCreate(&stream) != cudaSuccess || cudaMalloc(&states, sizeof *states * PATHS) != cudaSuccess ||
      cudaMalloc(&d_sums, sizeof sums) != cudaSuccess)
    return 1;
  cudaMemsetAsync(d_sums, 0, sizeof sums, stream);
  const gpurngStatus_t st = gpurngInitStatesPhilox4_32_10(states, PATHS, 20240615ull, 0, 0, (gpurngCudaStream_t)stream);
  if (st != GPURNG_STATUS_SUCCESS) {
    printf("gbm_paths: gpurngInitStatesPhilox4_32_10 failed (%d)\n", (int)st);
    return 1;
  }
  walk_paths<<<PATHS / BLOCK, BLOCK, 0, stream>>>(states, m, d_sums);
  if (cudaMemcpyAsync(sums, d_sums, sizeof sums, cudaMemcpyDeviceToHost, stream) != cudaSuccess ||
      cudaStreamSynchronize(stream) != cudaSuccess)
    return 1;
  cudaFree(states);
  cudaFree(d_sums);
  cudaStreamDestroy(stream);
  const double n = PATHS;
  const double price = sums[0] / n, price_se = sqrt((sums[1] / n - price * price) / n);
  const double mean_s = sums[2] / n, mean_s_se = sqrt((sums[3] / n - mean_s * mean_s) / n);
  const double exact = black_scholes_call(&m);
  printf("gbm_paths: call %.5f (Black-Scholes %.5f, standard error %.5f); discounted E[S_T] %.5f (S0 %.1f, se %.5f)\n",
         price, exact, price_se, mean_s, (double)m.s0, mean_s_se);
  const int ok = fabs(price - exact) <= 4 * price_se && fabs(mean_s - m.s0) <= 4 * mean_s_se;
  return ok ? 0 : 1;
}
