// SPDX-License-Identifier: BSD-3-Clause
// CUDA fills of the classic engines (include/gpurng/distributions/classic_outputs.hpp).
//
// One-word engines (Park-Miller, drand48, glibc TYPE_0) use leapfrogging, as in Langdon's GPU Park-Miller:
// with T threads, thread t writes outputs t, t+T, t+2T, ...; it starts with a jump of t+1 steps and then
// steps by the T-step map (a^T mod m, or the affine map of T steps), one multiply per output, and a warp's
// stores are contiguous. glibc TYPE_1..4 are lagged Fibonacci generators with a 7..63-word state: each thread
// runs one chunk from a window it builds with jump matrices (glibc_lanes_kernel).
#include <cuda_runtime.h>

#include <mutex>
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
constexpr size_t kMaxChunks = size_t(1) << 16;           // glibc TYPE_1..4: lanes of a large call
constexpr size_t kMinChunk = 256;                        // and the fewest outputs a lane makes

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

// glibc TYPE_1..4 in lanes. The call's n outputs are cut into chunks of L outputs, L a multiple of 32; chunk c
// starts from the window W_c = J^c W_0, J the L-step jump matrix, of which the host uploads the powers J^(2^k).
// A block runs 64 consecutive chunks. Its first window is W_0 moved by the powers of the block's set bits (64
// threads share each product, a row each); the other 63 follow by doubling in shared memory (W_{i + 2^k} =
// J^(2^k) W_i, k < 6). So each window costs about one matrix-vector product, where the host used to spend one
// per chunk on its own (10 ms a call for 16384 chunks). Lane l of warp w then runs chunk 64 b + 32 w + l with
// its window in registers: the recurrence is unrolled DEG steps at a time, so every slot index is a constant.
// Every Q outputs the warp stages them in shared memory and writes them chunk by chunk, 32 consecutive outputs
// of one chunk per store instruction, where one chunk per thread wrote 32 scattered words. Each chunk gets a run of
// kGlibcRunBytes per flush: on an H100, 1 GiB of TYPE_3 floats took 0.57-0.64 ms with 256-byte runs (Q = 64) and
// 2^16 chunks, 0.69-0.82 ms with 128-byte runs or 2^17 chunks, 0.74 ms with 2^15 (store floor 0.34 ms); the
// scattered runs, not the arithmetic, bound it.
constexpr int kGlibcRunBytes = 256;
constexpr int kGlibcWarps = 2;
constexpr int kGlibcLanes = 32 * kGlibcWarps;  // chunks per block
constexpr int kGlibcDoublings = 6;             // 2^6 = kGlibcLanes

template <int DEG, typename T, int Q>
struct GlibcShared {
  static constexpr int kRow = DEG + 2;  // odd: threads reading different windows hit different banks
  static constexpr size_t kWindows = (kGlibcLanes * kRow + DEG * DEG) * sizeof(uint32_t);
  static constexpr size_t kStage = kGlibcWarps * 32 * (Q + 1) * sizeof(T);
  static constexpr size_t kBytes = kWindows > kStage ? kWindows : kStage;
};

template <int DEG, int SEP, typename T, int Q>
__global__ void __launch_bounds__(kGlibcLanes)
    glibc_lanes_kernel(const uint32_t* __restrict__ jumps, int K, const uint32_t* __restrict__ w0, size_t L,
                       T* __restrict__ out, size_t n) {
  static_assert(Q % 32 == 0, "whole lines of 32 outputs");
  using S = GlibcShared<DEG, T, Q>;
  __shared__ __align__(16) unsigned char shared[S::kBytes];
  const size_t block_first = size_t(blockIdx.x) * kGlibcLanes * L;
  if (block_first >= n) return;                               // the whole block is past the call (block-uniform)
  uint32_t* const win = reinterpret_cast<uint32_t*>(shared);  // kGlibcLanes rows of kRow
  uint32_t* const mat = win + kGlibcLanes * S::kRow;          // one DEG x DEG power
  const int tid = threadIdx.x;
  const auto load_power = [&](int k) {
    __syncthreads();
    for (int e = tid; e < DEG * DEG; e += kGlibcLanes) mat[e] = jumps[size_t(k) * DEG * DEG + e];
    __syncthreads();
  };
  // The block's first window: W_0 moved by J^(2^k) for each set bit k of the first chunk's number.
  if (tid < DEG) win[tid] = w0[tid];
  const size_t c0 = size_t(blockIdx.x) * kGlibcLanes;
  for (int k = kGlibcDoublings; k < K; ++k) {
    if (!((c0 >> k) & 1u)) continue;
    load_power(k);
    uint32_t v = 0;
    if (tid < DEG)
      for (int j = 0; j < DEG; ++j) v += mat[tid * DEG + j] * win[j];
    __syncthreads();
    if (tid < DEG) win[tid] = v;
  }
  // The others by doubling: windows [2^k, 2^(k+1)) from [0, 2^k).
  for (int k = 0; k < kGlibcDoublings; ++k) {
    load_power(k);
    if (tid >= (1 << k) && tid < (2 << k)) {
      const uint32_t* from = win + (tid - (1 << k)) * S::kRow;
      for (int t = 0; t < DEG; ++t) {
        uint32_t v = 0;
        for (int j = 0; j < DEG; ++j) v += mat[t * DEG + j] * from[j];
        win[tid * S::kRow + t] = v;
      }
    }
  }
  __syncthreads();
  uint32_t r[DEG];
#pragma unroll
  for (int j = 0; j < DEG; ++j) r[j] = win[tid * S::kRow + j];
  __syncthreads();  // the windows' memory becomes the staging area
  const unsigned lane = tid & 31, warp = tid >> 5;
  const size_t warp_first = block_first + size_t(warp) * 32 * L;  // the warp's first chunk starts here
  if (warp_first >= n) return;                                    // warp-uniform
  T(*const stage)[Q + 1] = reinterpret_cast<T(*)[Q + 1]>(shared + size_t(warp) * 32 * (Q + 1) * sizeof(T));
  // The warp's chunks are all L long but the last of the call: lane 0's length bounds everyone's.
  const size_t warp_len = n - warp_first < L ? n - warp_first : L;
  size_t staged_from = 0;  // output number (within each chunk) of stage column 0
  int q = 0;               // outputs staged
  // Write the first `count` staged outputs of each of the warp's 32 chunks: Q / 32 stores of consecutive
  // lines per chunk, lane l writing its outputs staged_from + l + 32 h.
  const auto flush = [&](int count) {
    __syncwarp();
#pragma unroll 1
    for (int j = 0; j < 32; ++j) {
#pragma unroll
      for (int h = 0; h < Q / 32; ++h) {
        const int k = static_cast<int>(lane) + 32 * h;
        const size_t pos = staged_from + k;
        const size_t idx = warp_first + size_t(j) * L + pos;
        if (k < count && pos < L && idx < n) out[idx] = stage[j][k];
      }
    }
    __syncwarp();
  };
  for (size_t base = 0; base < warp_len; base += DEG) {
#pragma unroll
    for (int g = 0; g < DEG; ++g) {  // slot g holds x_{i-DEG}; slot (g - SEP) mod DEG is x_{i-SEP}, updated
      r[g] += r[(g + DEG - SEP) % DEG];
      stage[lane][q] = classic::convert<T>::glibc(r[g] >> 1);
      if (++q == Q) {
        flush(Q);
        staged_from += Q;
        q = 0;
      }
    }
  }
  if (q > 0) flush(q);  // the call's last chunk can end inside a group of Q
}

unsigned blocks_for(size_t threads) {
  return static_cast<unsigned>((threads + kThreadsPerBlock - 1) / kThreadsPerBlock);
}

// The jump powers J^(2^k), k < K, for L-step chunks of one type, with room for the call's window after them;
// the last call's are kept, since a program's calls tend to repeat their size.
template <int DEG, int SEP>
std::vector<uint32_t> glibc_jumps(size_t L, int K) {
  static std::mutex m;
  static size_t cached_L = 0;
  static int cached_K = 0;
  static std::vector<uint32_t> cached;
  std::lock_guard<std::mutex> lock(m);
  if (cached_L != L || cached_K < K) {
    cached.assign(size_t(K) * DEG * DEG, 0);
    for (int k = 0; k < K; ++k) gr::jump_matrix(DEG, SEP, uint64_t(L) << k, &cached[size_t(k) * DEG * DEG]);
    cached_L = L;
    cached_K = K;
  }
  std::vector<uint32_t> out(cached.begin(), cached.begin() + size_t(K) * DEG * DEG);
  out.resize(out.size() + DEG);
  return out;
}

template <int DEG, int SEP, typename T>
gpurngStatus_t launch_glibc_type(const uint64_t* window, T* out, size_t n, cudaStream_t s) {
  // About kMaxChunks chunks for large calls (enough lanes to fill the GPU), kMinChunk outputs at least.
  size_t L = (n + kMaxChunks - 1) / kMaxChunks;
  if (L < kMinChunk) L = kMinChunk;
  L = (L + 31) / 32 * 32;
  const size_t chunks = (n + L - 1) / L;
  int K = kGlibcDoublings;  // the block's doublings need those powers whatever the chunk count
  while ((size_t(1) << K) < chunks) ++K;
  std::vector<uint32_t> host = glibc_jumps<DEG, SEP>(L, K);
  for (int j = 0; j < DEG; ++j) host[size_t(K) * DEG * DEG + j] = static_cast<uint32_t>(window[j]);
  void* dev = nullptr;
  const size_t bytes = host.size() * sizeof(uint32_t);
  gpurngStatus_t st = status_of(cudaMallocAsync(&dev, bytes, s));
  if (st != GPURNG_STATUS_SUCCESS) return st;
  // From pageable memory the copy is staged before the call returns, so `host` may go out of scope.
  st = status_of(cudaMemcpyAsync(dev, host.data(), bytes, cudaMemcpyHostToDevice, s));
  if (st == GPURNG_STATUS_SUCCESS) {
    const uint32_t* d = static_cast<const uint32_t*>(dev);
    const unsigned blocks = static_cast<unsigned>((chunks + kGlibcLanes - 1) / kGlibcLanes);
    constexpr int Q = kGlibcRunBytes / static_cast<int>(sizeof(T));
    glibc_lanes_kernel<DEG, SEP, T, Q><<<blocks, kGlibcLanes, 0, s>>>(d, K, d + size_t(K) * DEG * DEG, L, out, n);
    st = status_of(cudaGetLastError());
  }
  cudaFreeAsync(dev, s);
  return st;
}

template <typename T>
gpurngStatus_t launch_glibc(const classic::Params& p, const uint64_t* window, T* out, size_t n, cudaStream_t s) {
  static_assert(gr::kDegree[1] == 7 && gr::kSeparation[1] == 3 && gr::kDegree[2] == 15 && gr::kSeparation[2] == 1 &&
                    gr::kDegree[3] == 31 && gr::kSeparation[3] == 3 && gr::kDegree[4] == 63 && gr::kSeparation[4] == 1,
                "glibc's TYPE_1..4");
  switch (p.glibc_type) {
    case 1:
      return launch_glibc_type<7, 3>(window, out, n, s);
    case 2:
      return launch_glibc_type<15, 1>(window, out, n, s);
    case 3:
      return launch_glibc_type<31, 3>(window, out, n, s);
    case 4:
      return launch_glibc_type<63, 1>(window, out, n, s);
  }
  return GPURNG_STATUS_INTERNAL_ERROR;
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
