// SPDX-License-Identifier: BSD-3-Clause
// CUDA fills of the classic engines (include/gpurng/distributions/classic_outputs.hpp).
//
// One-word engines (Park-Miller, drand48, glibc TYPE_0) use leapfrogging, as in Langdon's GPU Park-Miller:
// with T threads, thread t writes outputs t, t+T, t+2T, ...; it starts with a jump of t+1 steps and then
// steps by the T-step map (a^T mod m, or the affine map of T steps), one multiply per output, and a warp's
// stores are contiguous. glibc TYPE_1..4 are lagged Fibonacci generators with a 7..63-word state: the host
// computes the state at the start of each chunk with a jump matrix, and each thread runs one chunk.
#include <cuda_runtime.h>

#include <vector>

#include "cuda_backend.hpp"
#include "cuda_runtime.hpp"

namespace gpurng {
namespace cuda {

using classic::Family;
namespace gr = glibc_random;

namespace {

constexpr int kThreadsPerBlock = 256;
constexpr size_t kMaxLeapfrogThreads = size_t(1) << 19;  // enough to fill an H100/H200 several times over
constexpr size_t kMaxChunks = 16384;                     // glibc TYPE_1..4: host work is chunks * deg^2
constexpr size_t kMinChunk = 1024;

template <typename T>
__global__ void minstd_kernel(uint32_t a, uint32_t x0, uint32_t stride_a, T* out, size_t n) {
  const size_t threads = size_t(gridDim.x) * blockDim.x;
  const size_t t = size_t(blockIdx.x) * blockDim.x + threadIdx.x;
  if (t >= n) return;
  uint32_t x = minstd::jump(a, x0, t + 1);
  for (size_t i = t; i < n; i += threads) {
    out[i] = classic::convert<T>::minstd(x);
    x = minstd::mulmod(stride_a, x);
  }
}

// X' = A X + C masked: drand48 (48 bits, 64-bit arithmetic) and glibc TYPE_0 (31 bits; its constants are
// taken mod 2^32, which does not change a result reduced mod 2^31).
template <typename T, bool Lcg48>
__global__ void affine_kernel(uint64_t x0, uint64_t start_a, uint64_t start_c, uint64_t stride_a, uint64_t stride_c,
                              T* out, size_t n) {
  const size_t threads = size_t(gridDim.x) * blockDim.x;
  const size_t t = size_t(blockIdx.x) * blockDim.x + threadIdx.x;
  if (t >= n) return;
  const uint64_t mask = Lcg48 ? lcg48::kMask : uint64_t(gr::kLcgMask);
  // The jump to output t: the map of t+1 steps, by squaring (mod 2^48, which 2^31 divides).
  const lcg48::Affine m = lcg48::power(start_a, start_c, t + 1);
  uint64_t x = (m.a * x0 + m.c) & mask;
  for (size_t i = t; i < n; i += threads) {
    if (Lcg48)
      out[i] = classic::convert<T>::lcg48(x);
    else
      out[i] = classic::convert<T>::glibc(static_cast<uint32_t>(x));
    x = (stride_a * x + stride_c) & mask;
  }
}

template <typename T>
__global__ void glibc_chunk_kernel(const uint32_t* windows, int deg, int sep, size_t chunk, T* out, size_t n) {
  const size_t c = size_t(blockIdx.x) * blockDim.x + threadIdx.x;
  const size_t begin = c * chunk;
  if (begin >= n) return;
  const size_t len = n - begin < chunk ? n - begin : chunk;
  uint32_t ring[64];
  for (int j = 0; j < deg; ++j) ring[j] = windows[c * deg + j];
  size_t i = static_cast<size_t>(deg);
  for (size_t k = 0; k < len; ++k, ++i) {
    const uint32_t v = ring[(i - deg) & 63] + ring[(i - sep) & 63];
    ring[i & 63] = v;
    out[begin + k] = classic::convert<T>::glibc(v >> 1);
  }
}

unsigned blocks_for(size_t threads) {
  return static_cast<unsigned>((threads + kThreadsPerBlock - 1) / kThreadsPerBlock);
}

template <typename T>
gpurngStatus_t launch_glibc(const classic::Params& p, const uint64_t* window, T* out, size_t n, cudaStream_t s) {
  const int deg = gr::kDegree[p.glibc_type], sep = gr::kSeparation[p.glibc_type];
  size_t chunk = (n + kMaxChunks - 1) / kMaxChunks;
  if (chunk < kMinChunk) chunk = kMinChunk;
  const size_t chunks = (n + chunk - 1) / chunk;
  std::vector<uint32_t> matrix(size_t(deg) * deg), windows(chunks * deg);
  gr::jump_matrix(deg, sep, chunk, matrix.data());
  for (int j = 0; j < deg; ++j) windows[j] = static_cast<uint32_t>(window[j]);
  for (size_t c = 1; c < chunks; ++c) gr::apply_matrix(matrix.data(), deg, &windows[(c - 1) * deg], &windows[c * deg]);
  void* dwin = nullptr;
  const size_t bytes = windows.size() * sizeof(uint32_t);
  gpurngStatus_t st = status_of(cudaMallocAsync(&dwin, bytes, s));
  if (st != GPURNG_STATUS_SUCCESS) return st;
  // From pageable memory the copy is staged before the call returns, so `windows` may go out of scope.
  st = status_of(cudaMemcpyAsync(dwin, windows.data(), bytes, cudaMemcpyHostToDevice, s));
  if (st == GPURNG_STATUS_SUCCESS) {
    glibc_chunk_kernel<T>
        <<<blocks_for(chunks), kThreadsPerBlock, 0, s>>>(static_cast<const uint32_t*>(dwin), deg, sep, chunk, out, n);
    st = status_of(cudaGetLastError());
  }
  cudaFreeAsync(dwin, s);
  return st;
}

template <typename T>
gpurngStatus_t launch(const classic::Params& p, const uint64_t* window, T* out, size_t n, cudaStream_t s) {
  const size_t threads = n < kMaxLeapfrogThreads ? n : kMaxLeapfrogThreads;
  switch (p.family) {
    case Family::minstd: {
      const uint32_t stride_a = minstd::powmod(p.multiplier, threads);
      minstd_kernel<T><<<blocks_for(threads), kThreadsPerBlock, 0, s>>>(p.multiplier, static_cast<uint32_t>(window[0]),
                                                                        stride_a, out, n);
      break;
    }
    case Family::lcg48: {
      const lcg48::Affine stride = lcg48::power(lcg48::kDefaultA, lcg48::kDefaultC, threads);
      affine_kernel<T, true><<<blocks_for(threads), kThreadsPerBlock, 0, s>>>(
          window[0], lcg48::kDefaultA, lcg48::kDefaultC, stride.a, stride.c, out, n);
      break;
    }
    case Family::glibc: {
      if (p.glibc_type != 0) return launch_glibc(p, window, out, n, s);
      // The T-step map of the 31-bit LCG, mod 2^48, masked to 31 bits.
      const lcg48::Affine stride = lcg48::power(gr::kLcgA, gr::kLcgC, threads);
      affine_kernel<T, false><<<blocks_for(threads), kThreadsPerBlock, 0, s>>>(
          window[0], gr::kLcgA, gr::kLcgC, stride.a & gr::kLcgMask, stride.c & gr::kLcgMask, out, n);
      break;
    }
    case Family::none:
      return GPURNG_STATUS_INTERNAL_ERROR;
  }
  return status_of(cudaGetLastError());
}

}  // namespace

gpurngStatus_t classic_fill(const classic::Params& p, Output kind, const uint64_t* window, void* out, size_t n,
                            void* stream) {
  if (n == 0) return GPURNG_STATUS_SUCCESS;
  const cudaStream_t s = stream ? static_cast<cudaStream_t>(stream) : cudaStreamLegacy;
  gpurngStatus_t st = GPURNG_STATUS_SUCCESS;
  switch (kind) {
    case Output::u32:
      st = launch(p, window, static_cast<uint32_t*>(out), n, s);
      break;
    case Output::u64:
      st = launch(p, window, static_cast<unsigned long long*>(out), n, s);
      break;
    case Output::f32:
      st = launch(p, window, static_cast<float*>(out), n, s);
      break;
    case Output::f64:
      st = launch(p, window, static_cast<double*>(out), n, s);
      break;
  }
  if (st != GPURNG_STATUS_SUCCESS || stream) return st;
  return status_of(cudaStreamSynchronize(s));
}

}  // namespace cuda
}  // namespace gpurng
