// SPDX-License-Identifier: BSD-3-Clause
// Device fills of the random-start randomly permuted Halton sequence and of GPU Gems 3's hybrid Taus
// (gems_device.hpp). The kernels call the engines' GPURNG_HD evaluators, so every value is computed by
// the same text as on the host; conversions are exact integer-to-float scalings (normals: the Sobol'
// inverse CDF with an unfused scaling), so --fmad=false is a precaution, not a need.
#include <cuda_runtime.h>

#include <mutex>

#include "cuda_runtime.hpp"
#include "gems_device.hpp"

namespace gpurng {
namespace cuda {
namespace {

constexpr int kThreads = 256;
constexpr int kMaxDevices = 64;

unsigned blocks_for(uint64_t work) {
  const uint64_t b = (work + kThreads - 1) / kThreads;
  return static_cast<unsigned>(b < 65536 ? (b == 0 ? 1 : b) : 65536);
}

// ---------------------------------------------------------------------------------------------------
// Halton: one thread per output (grid-stride), counter-based form; consecutive threads write
// consecutive elements.

struct halton_args {
  halton_rasrap::view v;
  uint64_t point_offset;
  uint64_t points_per_dim;
  uint64_t n;
  double mean, stddev;
};

template <HaltonOutput O, typename T>
__global__ void halton_kernel(halton_args a, T* out) {
  const uint64_t stride = static_cast<uint64_t>(gridDim.x) * blockDim.x;
  for (uint64_t e = static_cast<uint64_t>(blockIdx.x) * blockDim.x + threadIdx.x; e < a.n; e += stride) {
    const uint64_t w = halton_rasrap::element_word(a.v, a.point_offset, a.points_per_dim, e);
    if constexpr (O == HaltonOutput::bits32) out[e] = halton_rasrap::to_u32(w);
    if constexpr (O == HaltonOutput::bits64) out[e] = w;
    if constexpr (O == HaltonOutput::uniform_f32) out[e] = halton_rasrap::to_float(w);
    if constexpr (O == HaltonOutput::uniform_f64) out[e] = halton_rasrap::to_double(w);
    if constexpr (O == HaltonOutput::normal_f32)
      out[e] = halton_rasrap::to_normal_float(w, static_cast<float>(a.mean), static_cast<float>(a.stddev));
    if constexpr (O == HaltonOutput::normal_f64) out[e] = halton_rasrap::to_normal_double(w, a.mean, a.stddev);
    if constexpr (O == HaltonOutput::lognormal_f32)
      out[e] = pmath::expf(halton_rasrap::to_normal_float(w, static_cast<float>(a.mean), static_cast<float>(a.stddev)));
    if constexpr (O == HaltonOutput::lognormal_f64)
      out[e] = pmath::exp(halton_rasrap::to_normal_double(w, a.mean, a.stddev));
  }
}

// Device copies of recent parameter sets, keyed by what determines them.
struct halton_entry {
  int device = -1;
  uint64_t seed = 0;
  bool start = false, perm = false;
  unsigned dims = 0;
  halton_rasrap::dim_info* d_dims = nullptr;
  uint16_t* d_perms = nullptr;
  uint64_t last_use = 0;
};
constexpr int kCacheEntries = 4;
std::mutex g_halton_mutex;
halton_entry g_halton_cache[kCacheEntries];
uint64_t g_halton_clock = 0;

gpurngStatus_t halton_tables(const halton_rasrap::params& p, halton_rasrap::view* v) {
  int device = 0;
  if (cudaGetDevice(&device) != cudaSuccess) {
    cudaGetLastError();
    return GPURNG_STATUS_INITIALIZATION_FAILED;
  }
  std::lock_guard<std::mutex> lock(g_halton_mutex);
  ++g_halton_clock;
  halton_entry* victim = &g_halton_cache[0];
  for (halton_entry& e : g_halton_cache) {
    if (e.d_dims != nullptr && e.device == device && e.seed == p.seed && e.start == p.opt.random_start &&
        e.perm == p.opt.random_permutations && e.dims >= p.dimensions()) {
      e.last_use = g_halton_clock;
      *v = halton_rasrap::view{e.d_dims, e.d_perms, p.dimensions()};
      return GPURNG_STATUS_SUCCESS;
    }
    if (e.last_use < victim->last_use) victim = &e;
  }
  if (victim->d_dims != nullptr) {
    // Kernels queued on any stream may still read it: let them finish (on its device) before freeing.
    int prev = device;
    cudaSetDevice(victim->device);
    cudaDeviceSynchronize();
    cudaFree(victim->d_dims);
    cudaFree(victim->d_perms);
    cudaSetDevice(prev);
    cudaGetLastError();
    *victim = halton_entry{};
  }
  halton_entry e;
  e.device = device;
  e.seed = p.seed;
  e.start = p.opt.random_start;
  e.perm = p.opt.random_permutations;
  e.dims = p.dimensions();
  const size_t dim_bytes = p.dims.size() * sizeof(halton_rasrap::dim_info),
               perm_bytes = p.perms.size() * sizeof(uint16_t);
  cudaError_t err = cudaMalloc(&e.d_dims, dim_bytes > 0 ? dim_bytes : 1);
  if (err == cudaSuccess) err = cudaMalloc(&e.d_perms, perm_bytes > 0 ? perm_bytes : 1);
  if (err == cudaSuccess && dim_bytes) err = gpurng::cuda::copy_to_device_landed(e.d_dims, p.dims.data(), dim_bytes);
  if (err == cudaSuccess && perm_bytes)
    err = gpurng::cuda::copy_to_device_landed(e.d_perms, p.perms.data(), perm_bytes);
  if (err != cudaSuccess) {
    cudaFree(e.d_dims);
    cudaFree(e.d_perms);
    return status_of(err, GPURNG_STATUS_ALLOCATION_FAILED);
  }
  e.last_use = g_halton_clock;
  *victim = e;
  *v = halton_rasrap::view{e.d_dims, e.d_perms, p.dimensions()};
  return GPURNG_STATUS_SUCCESS;
}

template <HaltonOutput O, typename T>
void launch_halton(const halton_args& a, void* out, cudaStream_t s) {
  halton_kernel<O, T><<<blocks_for(a.n), kThreads, 0, s>>>(a, static_cast<T*>(out));
}

// ---------------------------------------------------------------------------------------------------
// Hybrid Taus: a thread seeds stream (pos + j) mod T for its first output j, jumps it to that step and
// writes outputs j, j + L, j + 2L, ... (L = min(n, T)): a warp's stores are consecutive.

__constant__ hybrid_taus::jump_table c_taus_jumps;
std::once_flag g_taus_once[kMaxDevices];
cudaError_t g_taus_error[kMaxDevices];

template <TausOutput O, typename T>
__global__ void taus_kernel(uint64_t seed, uint64_t first_subsequence, uint64_t pos, uint64_t n, uint64_t lanes,
                            uint64_t rows, T* out) {
  const uint64_t g = static_cast<uint64_t>(blockIdx.x) * blockDim.x + threadIdx.x;
  const uint64_t k = g % lanes, chunk = g / lanes;
  uint64_t j = k + chunk * rows * lanes;  // first output of this thread: row chunk * rows of lane k
  if (j >= n) return;
  hybrid_taus::state st = hybrid_taus::state_for(seed, pos + j, c_taus_jumps, first_subsequence);
  for (uint64_t r = 0; r < rows && j < n; ++r, j += lanes) {
    const uint32_t x = hybrid_taus::next(st);
    if constexpr (O == TausOutput::bits32) out[j] = x;
    if constexpr (O == TausOutput::uniform_f32) out[j] = hybrid_taus::to_float(x);
    if constexpr (O == TausOutput::uniform_f64) out[j] = hybrid_taus::to_double(x);
  }
}

}  // namespace

gpurngStatus_t halton_fill(const halton_rasrap::params& p, unsigned dims, uint64_t point_offset, size_t n,
                           HaltonOutput o, void* out, double mean, double stddev, void* stream) {
  if (dims == 0 || dims > p.dimensions() || n % dims != 0) return GPURNG_STATUS_OUT_OF_RANGE;
  if (n == 0) return GPURNG_STATUS_SUCCESS;
  if (out == nullptr) return GPURNG_STATUS_NULL_POINTER;
  halton_args a;
  gpurngStatus_t st = halton_tables(p, &a.v);
  if (st != GPURNG_STATUS_SUCCESS) return st;
  a.v.count = dims;
  a.point_offset = point_offset;
  a.points_per_dim = n / dims;
  a.n = n;
  a.mean = mean;
  a.stddev = stddev;
  cudaStream_t s = static_cast<cudaStream_t>(stream);
  switch (o) {
    case HaltonOutput::bits32:
      launch_halton<HaltonOutput::bits32, uint32_t>(a, out, s);
      break;
    case HaltonOutput::bits64:
      launch_halton<HaltonOutput::bits64, unsigned long long>(a, out, s);
      break;
    case HaltonOutput::uniform_f32:
      launch_halton<HaltonOutput::uniform_f32, float>(a, out, s);
      break;
    case HaltonOutput::uniform_f64:
      launch_halton<HaltonOutput::uniform_f64, double>(a, out, s);
      break;
    case HaltonOutput::normal_f32:
      launch_halton<HaltonOutput::normal_f32, float>(a, out, s);
      break;
    case HaltonOutput::normal_f64:
      launch_halton<HaltonOutput::normal_f64, double>(a, out, s);
      break;
    case HaltonOutput::lognormal_f32:
      launch_halton<HaltonOutput::lognormal_f32, float>(a, out, s);
      break;
    case HaltonOutput::lognormal_f64:
      launch_halton<HaltonOutput::lognormal_f64, double>(a, out, s);
      break;
    default:
      return GPURNG_STATUS_INVALID_VALUE;
  }
  return finish(s, s == nullptr);
}

gpurngStatus_t hybrid_taus_fill(uint64_t seed, uint64_t first_subsequence, uint64_t pos, size_t n, TausOutput o,
                                void* out, void* stream) {
  if (n == 0) return GPURNG_STATUS_SUCCESS;
  if (out == nullptr) return GPURNG_STATUS_NULL_POINTER;
  int device = 0;
  if (cudaGetDevice(&device) != cudaSuccess || device < 0 || device >= kMaxDevices) {
    cudaGetLastError();
    return GPURNG_STATUS_INITIALIZATION_FAILED;
  }
  std::call_once(g_taus_once[device], [device] {
    g_taus_error[device] = gpurng::cuda::landed(
        cudaMemcpyToSymbol(c_taus_jumps, &hybrid_taus::shared_jump_table(), sizeof(hybrid_taus::jump_table)));
  });
  if (g_taus_error[device] != cudaSuccess) return status_of(g_taus_error[device], GPURNG_STATUS_INITIALIZATION_FAILED);
  // Lane k serves outputs pos + k + i L (L = lanes); its rows i are split into `chunks` runs, one thread
  // each, so a large call keeps some 4 x 65536 threads busy (each run costs one seeding and one jump).
  const uint64_t lanes = n < hybrid_taus::kStreams ? n : hybrid_taus::kStreams;
  const uint64_t all_rows = (n + lanes - 1) / lanes;
  const uint64_t chunks = all_rows < 4 ? all_rows : 4;
  const uint64_t rows = (all_rows + chunks - 1) / chunks;
  const unsigned blocks = static_cast<unsigned>((lanes * chunks + kThreads - 1) / kThreads);
  cudaStream_t s = static_cast<cudaStream_t>(stream);
  switch (o) {
    case TausOutput::bits32:
      taus_kernel<TausOutput::bits32, uint32_t>
          <<<blocks, kThreads, 0, s>>>(seed, first_subsequence, pos, n, lanes, rows, static_cast<uint32_t*>(out));
      break;
    case TausOutput::uniform_f32:
      taus_kernel<TausOutput::uniform_f32, float>
          <<<blocks, kThreads, 0, s>>>(seed, first_subsequence, pos, n, lanes, rows, static_cast<float*>(out));
      break;
    case TausOutput::uniform_f64:
      taus_kernel<TausOutput::uniform_f64, double>
          <<<blocks, kThreads, 0, s>>>(seed, first_subsequence, pos, n, lanes, rows, static_cast<double*>(out));
      break;
    default:
      return GPURNG_STATUS_INVALID_VALUE;
  }
  return finish(s, s == nullptr);
}

}  // namespace cuda
}  // namespace gpurng
