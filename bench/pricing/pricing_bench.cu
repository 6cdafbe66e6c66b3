// SPDX-License-Identifier: BSD-3-Clause
// The pricers (gpurng_pricing.h) on the GPU against a straightforward cuRAND device-API kernel per model, in the
// same run: one thread a path, curandStatePhilox4_32_10_t from curand_init(seed, path, 0), curand_normal(_double)
// per draw, the model as anchor_paths.hpp writes it (CUDA's expf/exp, atanf/atan), each block's sums of payoff
// and payoff^2 added to the totals in double. Nothing in the anchors is tuned: they are what a user writes first.
//   Asian basket: docs/PRICING.md's P1 replicated into 4096 sets (A0 = 1.5 + 1e-4 k), T 256, 2^16 paths a set, float;
//                 ours with Philox, XORWOW and hybrid Taus.
//   MBS: CMO's nearly linear set, 360 months, 2^20 paths, double and float.
//   LIBOR caplets: delta 0.25, 40 forwards flat 5%, K 5%, sigma 20% one factor, 4 steps a period, 2^20 paths.
// Each figure is the best of 5 wall times of one synchronous call after a warm-up call. Ours is the library call
// (upload, kernels, combination, copy back); the anchor's call uploads its parameters, zeroes the sums, runs the
// kernel and copies the sums back. Each estimate is printed beside the anchor's, with z = difference / the two
// standard errors combined (the engines' normals differ, so |z| of a few is agreement).
// The Asian basket also has the anchor's kernel with NVIDIA cuRANDDx's Philox4x32-10 (MathDx, headers only)
// drawing the normals instead of curand_kernel.h, timed the same way ("anchor_curanddx"). It is compiled in only
// when GPURNG_MATHDX_DIR names the headers (the `nvidia-mathdx` wheel's include/, as for peers_bench; they are
// never part of this repository); without it that row is left out and the JSON says so.
// Usage: pricing_bench [out.json]   (exits 77 without a GPU)
#include <cuda_runtime.h>
#include <curand_kernel.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <fstream>
#include <functional>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include "anchor_paths.hpp"
#include "bench_report.hpp"
#include "estimates.hpp"
#include "gpu_timing.cuh"
#include "gpurng_pricing.h"
#if defined(GPURNG_BENCH_HAVE_MATHDX)
#include <curanddx.hpp>
#endif

#define CHECK_OK(x)                                                               \
  do {                                                                            \
    const int s_ = int(x);                                                        \
    if (s_ != 0) {                                                                \
      std::fprintf(stderr, "%s:%d %s returned %d\n", __FILE__, __LINE__, #x, s_); \
      std::exit(1);                                                               \
    }                                                                             \
  } while (0)

namespace {

constexpr int kBlock = 256;  // every path count below is a multiple: every thread of a block is a live path
constexpr unsigned long long kSeed = 1234;

// ---------------------------------------------------------------------------------------------------------------
// The anchors' kernels.

// Adds x of every thread of the block to *dst: warp shuffles, one partial a warp in shared memory, one atomicAdd a
// block. Every thread of the block calls it.
__device__ void block_add(double x, double* dst) {
  __shared__ double part[kBlock / 32];
  for (int o = 16; o > 0; o >>= 1) x += __shfl_down_sync(0xffffffffu, x, o);
  if (threadIdx.x % 32 == 0) part[threadIdx.x / 32] = x;
  __syncthreads();
  if (threadIdx.x == 0) {
    double s = 0;
    for (int w = 0; w < kBlock / 32; ++w) s += part[w];
    atomicAdd(dst, s);
  }
  __syncthreads();  // part is reused by the next call
}

// Path p (the thread's index in the grid's x dimension) is Philox subsequence p.
__device__ curandStatePhilox4_32_10_t path_state() {
  curandStatePhilox4_32_10_t s;
  curand_init(kSeed, static_cast<unsigned long long>(blockIdx.x) * kBlock + threadIdx.x, 0, &s);
  return s;
}

template <typename T>
__device__ T normal(curandStatePhilox4_32_10_t* s);
template <>
__device__ float normal<float>(curandStatePhilox4_32_10_t* s) {
  return curand_normal(s);
}
template <>
__device__ double normal<double>(curandStatePhilox4_32_10_t* s) {
  return curand_normal_double(s);
}

// Block (x, y): 256 paths of set y; a path draws the same normals in every set (common random numbers, as ours).
__global__ void __launch_bounds__(kBlock) asian_kernel(const anchor::AsianSet<float>* sets, int steps, double* sums) {
  curandStatePhilox4_32_10_t s = path_state();
  const double x = anchor::asian_path(sets[blockIdx.y], steps, [&] { return curand_normal(&s); });
  block_add(x, sums + 2 * blockIdx.y);
  block_add(x * x, sums + 2 * blockIdx.y + 1);
}

#if defined(GPURNG_BENCH_HAVE_MATHDX)
// cuRANDDx's Philox4x32-10, as peers_bench's DxPhilox10: thread execution, SM 9.0 (the H100/H200 of the GPU
// machine).
using DxPhilox10 = decltype(curanddx::Generator<curanddx::philox4_32>() + curanddx::PhiloxRounds<10>() +
                            curanddx::SM<900>() + curanddx::Thread());

// asian_kernel with cuRANDDx's normals: path p is init(kSeed, subsequence p, offset 0), the normals come four at a
// time from normal<float, box_muller>::generate4 (cuRANDDx's only float normal draw for Philox) and are handed to
// asian_path one by one. The order is curand_normal's: curand_normal on a Philox state takes the 32-bit outputs
// x, y of the block and returns Box-Muller's (x, y) first and second normals, then does the same with z, w, then
// the next block; generate4 returns Box-Muller(a, b) then Box-Muller(c, d) of one block (a, b, c, d), and both
// build the same counter and key from (seed, subsequence, offset 0). So each path draws the same normals as in
// asian_kernel and the estimates should agree to rounding (z about 0; the z printed is against the cuRAND anchor).
__global__ void __launch_bounds__(kBlock)
    asian_kernel_curanddx(const anchor::AsianSet<float>* sets, int steps, double* sums) {
  DxPhilox10 s;
  s.init(kSeed, static_cast<unsigned long long>(blockIdx.x) * kBlock + threadIdx.x, 0);
  curanddx::normal<float, curanddx::box_muller> dist;
  float4 z = {};
  int used = 4;  // normals of z already handed out
  const double x = anchor::asian_path(sets[blockIdx.y], steps, [&] {
    if (used == 4) {
      z = dist.generate4(s);
      used = 0;
    }
    const int i = used++;
    return i == 0 ? z.x : i == 1 ? z.y : i == 2 ? z.z : z.w;
  });
  block_add(x, sums + 2 * blockIdx.y);
  block_add(x * x, sums + 2 * blockIdx.y + 1);
}
#endif

template <typename T>
__global__ void __launch_bounds__(kBlock) mbs_kernel(anchor::Mbs<T> m, double* sums) {
  curandStatePhilox4_32_10_t s = path_state();
  const double x = anchor::mbs_path(m, [&] { return normal<T>(&s); });
  block_add(x, sums);
  block_add(x * x, sums + 1);
}

template <typename T>
__global__ void __launch_bounds__(kBlock) libor_kernel(anchor::Libor<T> p, double* sums) {
  curandStatePhilox4_32_10_t s = path_state();
  anchor::libor_path(
      p, [&] { return normal<T>(&s); },
      [&](int j, double x) {
        block_add(x, sums + 2 * j);
        block_add(x * x, sums + 2 * j + 1);
      });
}

// ---------------------------------------------------------------------------------------------------------------
// Host side.

// Best of 5 wall times of a synchronous call, after one untimed call (module loading, first allocations).
double best_ms(const std::function<void()>& call) {
  call();
  double best = 1e300;
  for (int r = 0; r < 5; ++r) {
    const auto t0 = std::chrono::steady_clock::now();
    call();
    BENCH_CHECK_CUDA(cudaDeviceSynchronize());
    best = std::min(best, std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count());
  }
  return best;
}

// An anchor's totals: 2 doubles (sum of payoffs, sum of squares) per output, zeroed before each launch.
struct Sums {
  int outputs;
  double* dev = nullptr;
  std::vector<double> host;
  explicit Sums(int n) : outputs(n), host(2 * size_t(n)) { BENCH_CHECK_CUDA(cudaMalloc(&dev, sizeof(double) * 2 * n)); }
  Sums(const Sums&) = delete;
  ~Sums() { cudaFree(dev); }
  void run(const std::function<void()>& launch) {
    BENCH_CHECK_CUDA(cudaMemset(dev, 0, sizeof(double) * 2 * outputs));
    launch();
    BENCH_CHECK_CUDA(cudaGetLastError());
    BENCH_CHECK_CUDA(cudaMemcpy(host.data(), dev, sizeof(double) * 2 * outputs, cudaMemcpyDeviceToHost));
  }
  // Mean and standard error (sample standard deviation / sqrt(paths)) of output j.
  gpurngPricingResult_t estimate(int j, double paths) const {
    const double mean = host[2 * j] / paths;
    const double var = std::max(0.0, (host[2 * j + 1] - host[2 * j] * mean) / (paths - 1));
    return {mean, std::sqrt(var / paths)};
  }
};

using pricing_bench::est_json;
using pricing_bench::z_of;

gpurngPricingOptions_t options(gpurngRngType_t engine, unsigned long long paths, gpurngPathPrecision_t precision) {
  gpurngPricingOptions_t o;
  CHECK_OK(gpurngPricingOptionsDefault(&o));
  o.engine = engine;
  o.seed = kSeed;
  o.paths = paths;
  o.precision = precision;
  return o;
}

const char* prec_name(gpurngPathPrecision_t p) { return p == GPURNG_PATHS_FLOAT ? "float" : "double"; }

std::string asian(gpurngPricer_t pricer) {
  const int sets = 4096, steps = 256;
  const unsigned long long paths = 1ull << 16;
  std::vector<gpurngAsianBasketParams_t> params(sets, {1.5, 1.2, 0.001, 0.002, 0.02, 0.01, 0.015});
  std::vector<anchor::AsianSet<float>> host_sets(sets);
  for (int k = 0; k < sets; ++k) {
    params[k].A0 = 1.5 + 1e-4 * k;
    host_sets[k] = anchor::asian_set<float>(params[k]);
  }
  anchor::AsianSet<float>* dev_sets;
  BENCH_CHECK_CUDA(cudaMalloc(&dev_sets, sizeof(host_sets[0]) * sets));
  Sums sums(sets);
  const double anchor_ms = best_ms([&] {
    BENCH_CHECK_CUDA(cudaMemcpy(dev_sets, host_sets.data(), sizeof(host_sets[0]) * sets, cudaMemcpyHostToDevice));
    sums.run([&] { asian_kernel<<<dim3(unsigned(paths / kBlock), sets), kBlock>>>(dev_sets, steps, sums.dev); });
  });
  const double path_steps = double(sets) * double(paths) * steps;
  const double anchor_g = path_steps / (anchor_ms * 1e6);
  const gpurngPricingResult_t anchor0 = sums.estimate(0, double(paths));
  std::printf("asian  anchor (cuRAND Philox)      %9.2f ms %8.2f G path-steps/s  set 0 %.6f +- %.6f\n", anchor_ms,
              anchor_g, anchor0.mean, anchor0.std_error);
  std::ostringstream js;
  js << "{\"sets\": " << sets << ", \"steps\": " << steps << ", \"paths_per_set\": " << paths
     << ", \"precision\": \"float\", \"path_steps\": " << path_steps << ",\n    \"anchor\": {\"ms\": " << anchor_ms
     << ", \"G_path_steps_per_s\": " << anchor_g << ", \"set0\": " << est_json(anchor0) << "},\n    ";
#if defined(GPURNG_BENCH_HAVE_MATHDX)
  // The same kernel on cuRANDDx's Philox4x32-10, timed as the anchor (upload, zeroing, kernel, sums copied back).
  Sums dx_sums(sets);
  const double dx_ms = best_ms([&] {
    BENCH_CHECK_CUDA(cudaMemcpy(dev_sets, host_sets.data(), sizeof(host_sets[0]) * sets, cudaMemcpyHostToDevice));
    dx_sums.run(
        [&] { asian_kernel_curanddx<<<dim3(unsigned(paths / kBlock), sets), kBlock>>>(dev_sets, steps, dx_sums.dev); });
  });
  const double dx_g = path_steps / (dx_ms * 1e6);
  const gpurngPricingResult_t dx0 = dx_sums.estimate(0, double(paths));
  double dx_max_z = 0;
  for (int k = 0; k < sets; ++k)
    dx_max_z = std::max(dx_max_z, std::abs(z_of(dx_sums.estimate(k, double(paths)), sums.estimate(k, double(paths)))));
  std::printf(
      "asian  anchor (cuRANDDx Philox-10) %9.2f ms %8.2f G path-steps/s  set 0 %.6f +- %.6f  x%.2f vs cuRAND  "
      "z %.3g  max|z| %.3g\n",
      dx_ms, dx_g, dx0.mean, dx0.std_error, anchor_ms / dx_ms, z_of(dx0, anchor0), dx_max_z);
  js << "\"anchor_curanddx\": {\"generator\": \"cuRANDDx " << CURANDDX_VERSION_MAJOR << "." << CURANDDX_VERSION_MINOR
     << "." << CURANDDX_VERSION_PATCH
     << " Philox4x32-10 (SM<900>, Thread), init(seed, path, 0), normal<float, box_muller>::generate4 handed out one "
        "at a time (curand_normal's order)\", \"ms\": "
     << dx_ms << ", \"G_path_steps_per_s\": " << dx_g << ", \"set0\": " << est_json(dx0)
     << ", \"ratio_vs_anchor\": " << anchor_ms / dx_ms << ", \"z_set0_vs_anchor\": " << z_of(dx0, anchor0)
     << ", \"max_abs_z_vs_anchor_over_sets\": " << dx_max_z << "},\n    \"ours\": [";
#else
  js << "\"anchor_curanddx\": null, \"anchor_curanddx_note\": \"not built: cuRANDDx (MathDx) headers not given; "
        "configure with -DGPURNG_MATHDX_DIR=<include/ of the nvidia-mathdx wheel>\",\n    \"ours\": [";
#endif
  cudaFree(dev_sets);
  const std::pair<gpurngRngType_t, const char*> engines[] = {{GPURNG_RNG_PSEUDO_PHILOX4_32_10, "PHILOX4_32_10"},
                                                             {GPURNG_RNG_PSEUDO_XORWOW, "XORWOW"},
                                                             {GPURNG_RNG_PSEUDO_HYBRID_TAUS, "HYBRID_TAUS"}};
  std::vector<gpurngPricingResult_t> res(sets);
  bool first = true;
  for (const auto& e : engines)
    for (int fast : {0, 1}) {
      gpurngPricingOptions_t o = options(e.first, paths, GPURNG_PATHS_FLOAT);
      o.fast_mode = fast;
      const double ms =
          best_ms([&] { CHECK_OK(gpurngPriceAsianBasket(pricer, &o, steps, sets, params.data(), res.data())); });
      double max_z = 0;
      for (int k = 0; k < sets; ++k) max_z = std::max(max_z, std::abs(z_of(res[k], sums.estimate(k, double(paths)))));
      const double g = path_steps / (ms * 1e6);
      std::printf("asian  ours %-15s %-5s %9.2f ms %8.2f G path-steps/s  set 0 %.6f +- %.6f  x%.2f  max|z| %.2f",
                  e.second, fast ? "fast" : "exact", ms, g, res[0].mean, res[0].std_error, anchor_ms / ms, max_z);
      js << (first ? "\n" : ",\n") << "      {\"engine\": \"" << e.second << "\", \"mode\": \""
         << (fast ? "fast" : "exact") << "\", \"ms\": " << ms << ", \"G_path_steps_per_s\": " << g
         << ", \"ratio_vs_anchor\": " << anchor_ms / ms;
#if defined(GPURNG_BENCH_HAVE_MATHDX)
      std::printf("  x%.2f vs cuRANDDx", dx_ms / ms);
      js << ", \"ratio_vs_anchor_curanddx\": " << dx_ms / ms;
#endif
      std::printf("\n");
      js << ", \"set0\": " << est_json(res[0]) << ", \"max_abs_z_vs_anchor_over_sets\": " << max_z << "}";
      first = false;
    }
  js << "]}";
  return js.str();
}

template <typename T>
std::string mbs_row(gpurngPricer_t pricer, gpurngPathPrecision_t precision) {
  const gpurngMbsParams_t p = {0.007, 0.01, -0.005, 10, 0.5, 0.02, 360};
  const unsigned long long paths = 1ull << 20;
  std::vector<double> annuity(p.months);  // a_k = sum_{j=0}^{M-k} (1 + i0)^-j
  double acc = 0;
  for (int j = 0; j < p.months; ++j) annuity[p.months - 1 - j] = acc += std::pow(1.0 + p.i0, -double(j));
  double* dev_annuity;
  BENCH_CHECK_CUDA(cudaMalloc(&dev_annuity, sizeof(double) * p.months));
  const T sigma = T(p.sigma);
  const anchor::Mbs<T> m = {
      T(p.i0),    T(std::exp(-double(sigma) * double(sigma) / 2)), T(p.K1), T(p.K2), T(p.K3), T(p.K4), sigma, p.months,
      dev_annuity};
  Sums sums(1);
  const double anchor_ms = best_ms([&] {
    BENCH_CHECK_CUDA(cudaMemcpy(dev_annuity, annuity.data(), sizeof(double) * p.months, cudaMemcpyHostToDevice));
    sums.run([&] { mbs_kernel<T><<<unsigned(paths / kBlock), kBlock>>>(m, sums.dev); });
  });
  cudaFree(dev_annuity);
  const gpurngPricingResult_t a = sums.estimate(0, double(paths));
  const gpurngPricingOptions_t o = options(GPURNG_RNG_PSEUDO_PHILOX4_32_10, paths, precision);
  gpurngPricingResult_t r, rf;
  const double ms = best_ms([&] { CHECK_OK(gpurngPriceMbs(pricer, &o, &p, &r)); });
  gpurngPricingOptions_t of = o;
  of.fast_mode = 1;
  const double fast_ms = best_ms([&] { CHECK_OK(gpurngPriceMbs(pricer, &of, &p, &rf)); });
  std::printf("mbs    %-6s ours fast %9.3f ms  x%.2f  ours fast %.6f +- %.6f\n", prec_name(precision), fast_ms,
              anchor_ms / fast_ms, rf.mean, rf.std_error);
  std::printf("mbs    %-6s ours %9.3f ms  anchor %9.3f ms  x%.2f  ours %.6f +- %.6f  anchor %.6f +- %.6f  z %.2f\n",
              prec_name(precision), ms, anchor_ms, anchor_ms / ms, r.mean, r.std_error, a.mean, a.std_error,
              z_of(r, a));
  std::ostringstream js;
  js << "{\"precision\": \"" << prec_name(precision) << "\", \"paths\": " << paths << ", \"months\": " << p.months
     << ", \"ours_ms\": " << ms << ", \"anchor_ms\": " << anchor_ms << ", \"ours_paths_per_s\": " << paths / (ms * 1e-3)
     << ", \"anchor_paths_per_s\": " << paths / (anchor_ms * 1e-3) << ", \"ratio_vs_anchor\": " << anchor_ms / ms
     << ", \"ours_fast_ms\": " << fast_ms << ", \"fast_ratio_vs_anchor\": " << anchor_ms / fast_ms
     << ",\n      \"ours\": " << est_json(r) << ", \"ours_fast\": " << est_json(rf) << ", \"anchor\": " << est_json(a)
     << ", \"z\": " << z_of(r, a) << "}";
  return js.str();
}

template <typename T>
std::string libor_row(gpurngPricer_t pricer, gpurngPathPrecision_t precision) {
  const int n = 40;
  const unsigned long long paths = 1ull << 20;
  const std::vector<double> initial(n, 0.05), loadings(n, 0.2);
  const gpurngLiborParams_t p = {n, 1, 4, 0.25, 0.05, initial.data(), loadings.data()};
  const anchor::Libor<T> ap = {n, 4, T(0.25), T(0.05), T(0.05), T(0.2)};
  Sums sums(n);
  const double anchor_ms =
      best_ms([&] { sums.run([&] { libor_kernel<T><<<unsigned(paths / kBlock), kBlock>>>(ap, sums.dev); }); });
  const gpurngPricingOptions_t o = options(GPURNG_RNG_PSEUDO_PHILOX4_32_10, paths, precision);
  std::vector<gpurngPricingResult_t> r(n), rf(n);
  const double ms = best_ms([&] { CHECK_OK(gpurngPriceLiborCaplets(pricer, &o, &p, r.data())); });
  gpurngPricingOptions_t of = o;
  of.fast_mode = 1;
  const double fast_ms = best_ms([&] { CHECK_OK(gpurngPriceLiborCaplets(pricer, &of, &p, rf.data())); });
  std::printf("libor  %-6s ours fast %9.3f ms  x%.2f  caplet 39 ours fast %.4e\n", prec_name(precision), fast_ms,
              anchor_ms / fast_ms, rf[39].mean);
  double max_z = 0;
  for (int j = 0; j < n; ++j) max_z = std::max(max_z, std::abs(z_of(r[j], sums.estimate(j, double(paths)))));
  std::printf("libor  %-6s ours %9.3f ms  anchor %9.3f ms  x%.2f  caplet 39 ours %.4e anchor %.4e  max|z| %.2f\n",
              prec_name(precision), ms, anchor_ms, anchor_ms / ms, r[39].mean, sums.estimate(39, double(paths)).mean,
              max_z);
  std::ostringstream js;
  js << "{\"precision\": \"" << prec_name(precision) << "\", \"paths\": " << paths << ", \"forwards\": " << n
     << ", \"steps_per_period\": 4, \"ours_ms\": " << ms << ", \"anchor_ms\": " << anchor_ms
     << ", \"ratio_vs_anchor\": " << anchor_ms / ms << ", \"ours_fast_ms\": " << fast_ms
     << ", \"fast_ratio_vs_anchor\": " << anchor_ms / fast_ms << ", \"max_abs_z_vs_anchor_over_caplets\": " << max_z
     << ",\n      \"caplets\": [";
  const int shown[] = {1, 4, 8, 20, 39};  // the caplets of docs/PRICING.md's Reference values
  for (int j : shown)
    js << (j == 1 ? "" : ", ") << "\n        {\"n\": " << j << ", \"ours\": " << est_json(r[j])
       << ", \"anchor\": " << est_json(sums.estimate(j, double(paths))) << "}";
  js << "]}";
  return js.str();
}

}  // namespace

int main(int argc, char** argv) {
  int devices = 0;
  if (cudaGetDeviceCount(&devices) != cudaSuccess || devices == 0) {
    std::fprintf(stderr, "pricing_bench: no GPU\n");
    return 77;
  }
  cudaDeviceProp prop;
  BENCH_CHECK_CUDA(cudaGetDeviceProperties(&prop, 0));
  gpurngPricer_t pricer;
  CHECK_OK(gpurngCreatePricerOnBackend(&pricer, GPURNG_BACKEND_CUDA));
  // Each section prints its table lines as it runs, in this order.
  const std::string asian_js = asian(pricer);
  const std::string mbs_js[] = {mbs_row<double>(pricer, GPURNG_PATHS_DOUBLE),
                                mbs_row<float>(pricer, GPURNG_PATHS_FLOAT)};
  const std::string libor_js[] = {libor_row<float>(pricer, GPURNG_PATHS_FLOAT),
                                  libor_row<double>(pricer, GPURNG_PATHS_DOUBLE)};
  CHECK_OK(gpurngDestroyPricer(pricer));
  std::ostringstream js;
  js << "{\n  \"benchmark\": \"pricing_bench\",\n  \"device\": \"" << bench::json_escape(prop.name)
     << "\",\n  \"host_cpu\": \"" << bench::json_escape(bench::host_cpu()) << "\",\n  \"command\": \""
     << bench::json_escape(bench::command_line(argc, argv))
     << "\",\n  \"timing\": \"best of 5 wall times (std::chrono) of one synchronous call after a warm-up; ours: the "
        "gpurngPrice* call on GPURNG_BACKEND_CUDA; anchor: parameter upload, zeroing, kernel, sums copied back; "
        "ratio_vs_anchor = anchor ms / ours ms (> 1: ours faster); asian_basket's ratio_vs_anchor_curanddx = "
        "anchor_curanddx ms / ours ms, and its anchor_curanddx.ratio_vs_anchor = anchor ms / anchor_curanddx ms\",\n  "
        "\"anchor\": \"cuRAND device API, one thread "
        "a path, curandStatePhilox4_32_10_t curand_init(seed, path, 0), curand_normal / curand_normal_double per "
        "draw, expf/exp and atanf/atan, block sums of payoff and payoff^2 in double (atomicAdd)\",\n  \"seed\": "
     << kSeed << ",\n  \"asian_basket\": " << asian_js << ",\n  \"mbs\": [\n    " << mbs_js[0] << ",\n    " << mbs_js[1]
     << "\n  ],\n  \"libor_caplets\": [\n    " << libor_js[0] << ",\n    " << libor_js[1] << "\n  ]\n}\n";
  if (argc > 1) std::ofstream(argv[1]) << js.str();
  return 0;
}
