// SPDX-License-Identifier: BSD-3-Clause
// THOMAS_PCR on the GPU for systems longer than 1024 rows: hybrid_system.hpp's long_hybrid_solve, P chunks of R
// rows (R = long_rows_per_chunk(m, adjacent), P = hybrid_chunk_count(m, adjacent)) and a reduced system of 2P rows
// solved by PCR. One lane owns one chunk, a warp 32 consecutive chunks (a segment of 32 R rows); the operations are the
// GPURNG_HD text the CPU runs, so the bits are the CPU's. Two shapes, by the number of segments:
//   fused   (up to FusedLimit<T>::segments: 12 float, 4 double): one block per system, a warp per segment; chunks in
//           registers while the block solves the reduced system in shared memory. 5 words per unknown moved.
//   staged  (longer systems, and systems adjacent in memory): three kernels. reduce: every chunk is eliminated
//           and its two reduced rows written to the scratch; reduced: one block per system runs the PCR steps in
//           shared memory (or, past its size, in the scratch); back: every chunk is read and eliminated again,
//           from the same inputs, and back-substituted. 9 words per unknown: a 65536-row system does not fit in
//           one multiprocessor's registers and shared memory, and keeping the chunks' factors in the scratch
//           would move more (5 R values a chunk written and read) than reading the 4 R inputs again.
// Rows are read coalesced as the short kernels read them: contiguous systems through a warp's shared buffer
// (load_chunk), adjacent systems (solvedim != 0) by 8 systems x 32 chunks a block, each row load reading 8
// consecutive elements.
#include <cuda_runtime.h>

#include <algorithm>

#include "../backends/cuda/cuda_runtime.hpp"
#include "block_pcr.cuh"
#include "chunk_io.cuh"
#include "cuda_launch.cuh"
#include "hybrid_system.hpp"
#include "tridiag_long_cuda.hpp"

namespace gpurng {
namespace solvers {
namespace cuda {

namespace {

constexpr int kStagedWarps = 4;          // warps a block in the staged chunk kernels (contiguous systems)
constexpr int kAdjacentSystemsLong = 8;  // systems a block in the staged chunk kernels (adjacent systems)

// Up to this many segments a system runs fused, one warp a segment. The chunk registers (about 250 a thread
// for floats at R = 32) allow at most 8 warps a block; floats of 9 to 12 segments (chunks of 32 rows, 8193-12288
// rows) run a copy held to 168 registers (fused_kernel_12_warps) where the device has its shared memory.
template <typename T>
struct FusedLimit;
template <>
struct FusedLimit<float> {
  static constexpr int segments = 12;
};
template <>
struct FusedLimit<double> {
  static constexpr int segments = 4;
};

// Which chunk a thread owns: chunk `lane` (0 .. 31) of segment blockIdx.y of system k.
struct ChunkSlot {
  int64_t k;
  int lane;
  int warp;  // the thread's warp in the block (its shared buffer), contiguous mapping only
};

template <bool kAdjacent>
__device__ ChunkSlot slot_of() {
  ChunkSlot s;
  if (kAdjacent) {
    s.lane = threadIdx.x / kAdjacentSystemsLong;
    s.k = int64_t(blockIdx.x) * kAdjacentSystemsLong + threadIdx.x % kAdjacentSystemsLong;
    s.warp = 0;
  } else {
    s.lane = threadIdx.x & 31;
    s.warp = threadIdx.x >> 5;
    s.k = int64_t(blockIdx.x) * (blockDim.x >> 5) + s.warp;
  }
  return s;
}

// The chunk's rows of segment `seg`, the system's ends cleared (a_0 = 0, c_{m-1} = 0), padding rows identity.
// `shared_matrix` (gpurng?gtsvConstantBatch): a, b, c hold one system's m contiguous rows, read by every system (from
// the L2 cache after the first: a solve then moves 2 words per unknown to and from memory).
template <typename T, int R>
__device__ void load_long_chunk(const Layout& L, bool shared_matrix, const T* a, const T* b, const T* c, const T* x,
                                int64_t base, int seg, int lane, T* buf, T (&ra)[R], T (&rb)[R], T (&rc)[R],
                                T (&rd)[R]) {
  const int row0 = seg * 32 * R;
  const int64_t off = base + int64_t(row0) * L.row_stride;
  const int64_t moff = shared_matrix ? int64_t(row0) : off, mstride = shared_matrix ? 1 : L.row_stride;
  const int left = L.m - row0;
  load_chunk<T, R>(a + moff, mstride, left, lane, ra, T(0), buf);
  load_chunk<T, R>(b + moff, mstride, left, lane, rb, T(1), buf);
  load_chunk<T, R>(c + moff, mstride, left, lane, rc, T(0), buf);
  load_chunk<T, R>(x + off, L.row_stride, left, lane, rd, T(0), buf);
  GPURNG_UNROLL
  for (int j = 0; j < R; ++j) {
    const int i = row0 + lane * R + j;
    if (i == 0) ra[j] = T(0);
    if (i == L.m - 1) rc[j] = T(0);
  }
}

// Fused: one block per system, warp w eliminating segment w; the reduced rows (2P) and their PCR in shared memory.
template <typename T, int R>
__device__ void fused_solve(const Layout& L, bool shared_matrix, int P, const T* __restrict__ a,
                            const T* __restrict__ b, const T* __restrict__ c, T* __restrict__ x,
                            int* __restrict__ info) {
  extern __shared__ unsigned char smem_raw[];
  __shared__ int first;
  const int lane = threadIdx.x & 31, seg = threadIdx.x >> 5;
  const int64_t k = blockIdx.x;
  const int n = 2 * P;
  PcrRow<T>* rows = reinterpret_cast<PcrRow<T>*>(smem_raw);
  PcrRow<T>* spare = rows + n;
  T* buf = reinterpret_cast<T*>(spare + n) + size_t(seg) * 33 * R;
  const int64_t base = L.base(k);
  T ra[R], rb[R], rc[R], rd[R];
  load_long_chunk(L, shared_matrix, a, b, c, x, base, seg, lane, buf, ra, rb, rc, rd);
  ChunkFactors<T, R> f;
  const int local = chunk_factor(ra, rb, rc, f);
  const int p = seg * 32 + lane;
  int fail = local && p < P ? p * R + local : 0;
  T DS, DE;
  chunk_apply(f, rd, DS, DE);
  if (p < P) {
    rows[2 * p] = PcrRow<T>{f.S.A, f.S.C, DS};
    rows[2 * p + 1] = PcrRow<T>{f.E.A, f.E.C, DE};
  }
  __syncthreads();
  const PcrRow<T>* solved = block_pcr(rows, spare, n, R, fail, int(threadIdx.x), int(blockDim.x), NoRecord());
  fail = block_first_failure(fail, &first, threadIdx.x == 0);
  if (info && threadIdx.x == 0 && (!shared_matrix || k == 0)) info[k] = fail;
  if (fail) return;
  DS = p < P ? solved[2 * p].D : T(0);
  DE = p < P ? solved[2 * p + 1].D : T(0);
  chunk_back(f, rd, DS, DE);
  const int row0 = seg * 32 * R;
  store_chunk<T, R>(x + base + int64_t(row0) * L.row_stride, L.row_stride, L.m - row0, lane, rd, buf);
}

template <typename T, int R>
__global__ void fused_kernel(Layout L, bool shared_matrix, int P, const T* __restrict__ a, const T* __restrict__ b,
                             const T* __restrict__ c, T* __restrict__ x, int* __restrict__ info) {
  fused_solve<T, R>(L, shared_matrix, P, a, b, c, x, info);
}

// Fused float blocks of 2 to 6 warps with chunks of 28 or 32 rows (1537-6144 rows), held to 168 registers. A
// multiprocessor's four schedulers hold 16384 registers each and its warps are dealt among them, so past 168 registers
// a thread (these chunks take 190 and 208) a scheduler holds two warps and the multiprocessor 8: one block of 5 or 6
// warps, two of 3 or 4, four of 2. One block of 5 ran at 27-29 % of DRAM bandwidth against 45 % for two blocks of 4 at
// 4096 rows (Nsight Compute, H100). At 168 registers (104-260 bytes of spill stores) a scheduler holds three warps, and
// these sizes ran 1.11-1.46x faster (H100, 2 warps 1.12-1.19x, 3 warps 1.27-1.36x, 4 warps 1.11-1.20x, 5 and 6 warps
// 1.36-1.46x; docs/PERFORMANCE.md). Chunks of 20 and 24 rows take 148 and 164 registers as they are.
template <typename T, int R>
__global__ void __launch_bounds__(6 * 32, 2)
    fused_kernel_168_registers(Layout L, bool shared_matrix, int P, const T* __restrict__ a, const T* __restrict__ b,
                               const T* __restrict__ c, T* __restrict__ x, int* __restrict__ info) {
  fused_solve<T, R>(L, shared_matrix, P, a, b, c, x, info);
}

// Fused float blocks of 9 to 12 warps (chunks of 32 rows, 8193-12288 rows), which the unrestricted kernel's
// registers do not allow: held to 168 registers, one block a multiprocessor (12 x 32 x 168 = 64512 of its 65536
// registers). They ran 1.30-1.56x the staged form, at 42-54 % of the floor against 33-35 % (H100, two runs,
// docs/PERFORMANCE.md).
template <typename T, int R>
__global__ void __launch_bounds__(12 * 32, 1)
    fused_kernel_12_warps(Layout L, bool shared_matrix, int P, const T* __restrict__ a, const T* __restrict__ b,
                          const T* __restrict__ c, T* __restrict__ x, int* __restrict__ info) {
  fused_solve<T, R>(L, shared_matrix, P, a, b, c, x, info);
}

// Staged, step 1: every chunk's reduced rows (with its right-hand side part) and local failure into the scratch.
template <typename T, bool kAdjacent, int R>
__global__ void reduce_kernel(Layout L, bool shared_matrix, int P, const T* __restrict__ a, const T* __restrict__ b,
                              const T* __restrict__ c, const T* __restrict__ x, PcrRow<T>* __restrict__ red,
                              int* __restrict__ chunk_fail) {
  extern __shared__ unsigned char smem_raw[];
  const ChunkSlot s = slot_of<kAdjacent>();
  const int seg = blockIdx.y;
  // Whole warps leave together where they share a buffer; a thread of its own leaves a padding chunk too.
  if (s.k >= L.systems || (kAdjacent && seg * 32 + s.lane >= P)) return;
  T* buf = kAdjacent ? nullptr : reinterpret_cast<T*>(smem_raw) + size_t(s.warp) * 33 * R;
  T ra[R], rb[R], rc[R], rd[R];
  load_long_chunk(L, shared_matrix, a, b, c, x, L.base(s.k), seg, s.lane, buf, ra, rb, rc, rd);
  ChunkFactors<T, R> f;
  const int local = chunk_factor(ra, rb, rc, f);
  T DS, DE;
  chunk_apply(f, rd, DS, DE);
  const int p = seg * 32 + s.lane;
  if (p >= P) return;
  PcrRow<T>* mine = red + s.k * 2 * P;
  mine[2 * p] = PcrRow<T>{f.S.A, f.S.C, DS};
  mine[2 * p + 1] = PcrRow<T>{f.E.A, f.E.C, DE};
  chunk_fail[s.k * P + p] = local ? p * R + local : 0;
}

// Staged, step 2: one block per system solves its 2P reduced rows, in shared memory (spare NULL) or in the
// scratch (rows and spare), and leaves the solution in the rows' D; sys_fail and info get the first failure.
template <typename T>
__global__ void reduced_kernel(bool shared_matrix, int P, int R, PcrRow<T>* __restrict__ red,
                               PcrRow<T>* __restrict__ spare_rows, const int* __restrict__ chunk_fail,
                               int* __restrict__ sys_fail, int* __restrict__ info) {
  extern __shared__ unsigned char smem_raw[];
  __shared__ int first;
  const int64_t k = blockIdx.x;
  const int n = 2 * P;
  PcrRow<T>* mine = red + k * n;
  PcrRow<T>* src = mine;
  PcrRow<T>* dst = spare_rows ? spare_rows + k * n : nullptr;
  if (!spare_rows) {
    src = reinterpret_cast<PcrRow<T>*>(smem_raw);
    dst = src + n;
    for (int i = threadIdx.x; i < n; i += blockDim.x) src[i] = mine[i];
  }
  int fail = 0;
  for (int p = threadIdx.x; p < P; p += blockDim.x) fail = first_failure(fail, chunk_fail[k * P + p]);
  __syncthreads();
  const PcrRow<T>* solved = block_pcr(src, dst, n, R, fail, int(threadIdx.x), int(blockDim.x), NoRecord());
  fail = block_first_failure(fail, &first, threadIdx.x == 0);
  if (threadIdx.x == 0) {
    sys_fail[k] = fail;
    if (info && (!shared_matrix || k == 0)) info[k] = fail;
  }
  if (fail || solved == mine) return;
  for (int i = threadIdx.x; i < n; i += blockDim.x) mine[i].D = solved[i].D;
}

// Staged, step 3: every chunk eliminated again from its inputs and back-substituted with its x_s, x_e.
template <typename T, bool kAdjacent, int R>
__global__ void back_kernel(Layout L, bool shared_matrix, int P, const T* __restrict__ a, const T* __restrict__ b,
                            const T* __restrict__ c, T* __restrict__ x, const PcrRow<T>* __restrict__ red,
                            const int* __restrict__ sys_fail) {
  extern __shared__ unsigned char smem_raw[];
  const ChunkSlot s = slot_of<kAdjacent>();
  const int seg = blockIdx.y;
  // As in reduce_kernel; a failed system's x stays as it was.
  if (s.k >= L.systems || (kAdjacent && seg * 32 + s.lane >= P) || sys_fail[s.k]) return;
  T* buf = kAdjacent ? nullptr : reinterpret_cast<T*>(smem_raw) + size_t(s.warp) * 33 * R;
  const int64_t base = L.base(s.k);
  T ra[R], rb[R], rc[R], rd[R];
  load_long_chunk(L, shared_matrix, a, b, c, x, base, seg, s.lane, buf, ra, rb, rc, rd);
  ChunkFactors<T, R> f;
  chunk_factor(ra, rb, rc, f);
  T DS, DE;
  chunk_apply(f, rd, DS, DE);
  const int p = seg * 32 + s.lane;
  const PcrRow<T>* mine = red + s.k * 2 * P;
  DS = p < P ? mine[2 * p].D : T(0);
  DE = p < P ? mine[2 * p + 1].D : T(0);
  chunk_back(f, rd, DS, DE);
  const int row0 = seg * 32 * R;
  store_chunk<T, R>(x + base + int64_t(row0) * L.row_stride, L.row_stride, L.m - row0, s.lane, rd, buf);
}

template <typename T, bool kAdjacent, int R>
gpurngStatus_t launch_staged(const TridiagCall<T>& call, DeviceScratch& scratch, cudaStream_t st) {
  const Layout& L = call.layout;
  const bool shared = call.op == TridiagOp::constant;
  const int P = hybrid_chunk_count(L.m, kAdjacent), n = 2 * P, segs = (P + 31) / 32;
  const size_t red_bytes = align256(sizeof(PcrRow<T>) * size_t(n) * size_t(L.systems));
  const size_t fail_bytes = align256(sizeof(int) * size_t(P) * size_t(L.systems));
  const size_t sys_bytes = align256(sizeof(int) * size_t(L.systems));
  const size_t pcr_smem = 2 * sizeof(PcrRow<T>) * size_t(n);
  const bool pcr_in_shared = pcr_smem + 1024 <= size_t(max_shared_per_block());  // 1 KiB: static and reserved
  gpurngStatus_t s = reserve(scratch, red_bytes * (pcr_in_shared ? 1 : 2) + fail_bytes + sys_bytes);
  if (s != GPURNG_STATUS_SUCCESS) return s;
  auto* p = static_cast<unsigned char*>(scratch.ptr);
  auto* red = reinterpret_cast<PcrRow<T>*>(p);
  auto* chunk_fail = reinterpret_cast<int*>(p + red_bytes);
  auto* sys_fail = reinterpret_cast<int*>(p + red_bytes + fail_bytes);
  auto* spare = pcr_in_shared ? nullptr : reinterpret_cast<PcrRow<T>*>(p + red_bytes + fail_bytes + sys_bytes);

  const int per_block = kAdjacent ? kAdjacentSystemsLong : kStagedWarps;
  const dim3 grid(unsigned((L.systems + per_block - 1) / per_block), unsigned(segs));
  const unsigned threads = kAdjacent ? kAdjacentSystemsLong * 32 : kStagedWarps * 32;
  const size_t buf_smem = kAdjacent ? 0 : size_t(kStagedWarps) * 33 * R * sizeof(T);
  reduce_kernel<T, kAdjacent, R>
      <<<grid, threads, buf_smem, st>>>(L, shared, P, call.a, call.b, call.c, call.x, red, chunk_fail);
  if (launched() != GPURNG_STATUS_SUCCESS) return GPURNG_STATUS_LAUNCH_FAILURE;
  const unsigned pcr_threads = unsigned(std::min(1024, (n + 31) / 32 * 32));
  const size_t smem = pcr_in_shared ? pcr_smem : 0;
  allow_shared(reduced_kernel<T>, smem);
  reduced_kernel<T>
      <<<unsigned(L.systems), pcr_threads, smem, st>>>(shared, P, R, red, spare, chunk_fail, sys_fail, call.info);
  if (launched() != GPURNG_STATUS_SUCCESS) return GPURNG_STATUS_LAUNCH_FAILURE;
  back_kernel<T, kAdjacent, R>
      <<<grid, threads, buf_smem, st>>>(L, shared, P, call.a, call.b, call.c, call.x, red, sys_fail);
  return launched();
}

template <typename T, int R>
gpurngStatus_t launch_long_rows(const TridiagCall<T>& call, DeviceScratch& scratch, cudaStream_t st) {
  const Layout& L = call.layout;
  const int P = hybrid_chunk_count(L.m, L.systems_adjacent()), segs = (P + 31) / 32;
  if (L.systems_adjacent()) return launch_staged<T, true, R>(call, scratch, st);
  if (segs > FusedLimit<T>::segments) return launch_staged<T, false, R>(call, scratch, st);
  const size_t smem = 2 * sizeof(PcrRow<T>) * size_t(2 * P) + size_t(segs) * 33 * R * sizeof(T);
  auto kernel = fused_kernel<T, R>;
  if constexpr (sizeof(T) == 4 && R >= 28)
    if (segs <= 6) kernel = fused_kernel_168_registers<T, R>;
  if (segs > 8) {  // floats of chunks of 32 rows (past 8192 rows): 9 to 12 warps, if the device has their shared memory
    if constexpr (sizeof(T) == 4 && R == 32) kernel = fused_kernel_12_warps<T, R>;
    if (!(sizeof(T) == 4 && R == 32) || !block_fits(kernel, segs * 32, smem))
      return launch_staged<T, false, R>(call, scratch, st);
  } else {
    allow_shared(kernel, smem);
  }
  kernel<<<unsigned(L.systems), unsigned(segs * 32), smem, st>>>(L, call.op == TridiagOp::constant, P, call.a, call.b,
                                                                 call.c, call.x, call.info);
  return launched();
}

}  // namespace

template <typename T>
gpurngStatus_t launch_long_hybrid(const TridiagCall<T>& call, DeviceScratch& scratch, cudaStream_t st) {
  return with_long_rows(call.layout.m, call.layout.systems_adjacent(),
                        [&](auto rows) { return launch_long_rows<T, decltype(rows)::value>(call, scratch, st); });
}

template gpurngStatus_t launch_long_hybrid<float>(const TridiagCall<float>&, DeviceScratch&, cudaStream_t);
template gpurngStatus_t launch_long_hybrid<double>(const TridiagCall<double>&, DeviceScratch&, cudaStream_t);

}  // namespace cuda
}  // namespace solvers
}  // namespace gpurng
