// SPDX-License-Identifier: BSD-3-Clause
// gpurngInitStates* into device memory: kernels queued on the caller's stream, never waited for.
//
// Philox and MRG32k3a: one thread per state calling the header's gpurng_init (Philox's init is counter
// arithmetic; MRG32k3a's walks the header's windowed jump tables).
//
// XORWOW: the doubling scheme of xorwow_doubling.hpp.
//   1. xorwow_first_block, one block of 1024 threads: warp 0 builds state(0) = gpurng_init(seed, first, offset)
//      cooperatively from the header's generated column tables (xorwow_jump_tables.hpp), each jump matrix applied
//      by 32 lanes, 5 columns each, XOR-reduced by shuffles (one global load round trip per set bit of first and
//      offset instead of up to 160 dependent column loads on one thread); then passes 0 .. 10 run inside the
//      block, __syncthreads between them (states [0, 2048)).
//   2. one launch of xorwow_pass per further pass p = 11, 12, ...: thread j writes state 2^p + j from state j.
//      2^20 states: 10 launches in all.
// Every state of a pass goes through the same matrix J^(2^p), applied by table lookups from shared memory: for each
// of the 40 nibbles of the 160-bit state, the 16 XOR-combinations of the matrix's 4 columns (40 x 16 x 5 words =
// 12.5 KB a matrix, loaded once per block). Why nibbles and not bytes (20 lookups, 100 KB): a warp's 32 lookups
// land on 32 random rows, and with 16 rows of 5 words per nibble the rows fall on 16 distinct banks (5 x mod 32 is
// distinct for x < 16), so every lookup is one conflict-free shared-memory access; byte rows hit random banks (and,
// read through L1, 32 distinct cache lines per warp instruction), which made the passes lookup-bound on an H100.
// The tables of J^(2^p), p < 64, are built on the host from the generated column tables and uploaded on the first
// XORWOW call on each device (800 KB; the only allocation and the only synchronous copy this file makes; kept for
// the process).
// States move as 16-byte words when the array is 16-byte aligned (cudaMalloc's always is), else as 8-byte words.
#include <cuda_runtime.h>

#include <algorithm>
#include <mutex>
#include <vector>

#include "init_states.hpp"
#include "xorwow_doubling.hpp"

namespace gpurng {
namespace device_api {

namespace {

using xorwow_doubling::pass_size;
using xorwow_doubling::passes;

constexpr int kBlock = 256;                  // threads of the per-state kernels and of xorwow_pass
constexpr int kPassBlocksPerSM = 8;          // xorwow_pass: resident blocks per SM (2048 threads), each loads a table
constexpr int kFirstBlock = 1024;            // threads of xorwow_first_block: its passes have at most 1024 states each
constexpr int kFirstBlockPasses = 11;        // passes 0 .. 10 (2^10 = 1024 states written by the last)
constexpr int kNibbles = xorwow::kBits / 4;  // 40
constexpr int kTableWords = kNibbles * 16 * xorwow::kWords;  // 3200 words, one matrix
static_assert(kTableWords % 4 == 0, "tables are copied as 16-byte words");

// ---- moving states ----

template <class State>
__device__ __forceinline__ State load_state(const State* p, bool vec) {
  static_assert(sizeof(State) % 16 == 0, "states are whole 16-byte words");
  State s;
  if (vec) {
    uint4 w[sizeof(State) / 16];
#pragma unroll
    for (int k = 0; k < int(sizeof(State) / 16); ++k) w[k] = reinterpret_cast<const uint4*>(p)[k];
    memcpy(&s, w, sizeof(State));
  } else {  // 8-byte words: a plain copy of the struct may use 16-byte accesses (Philox's state is 16-aligned)
    uint2 w[sizeof(State) / 8];
#pragma unroll
    for (int k = 0; k < int(sizeof(State) / 8); ++k) w[k] = reinterpret_cast<const uint2*>(p)[k];
    memcpy(&s, w, sizeof(State));
  }
  return s;
}

template <class State>
__device__ __forceinline__ void store_state(State* p, const State& s, bool vec) {
  if (vec) {
    uint4 w[sizeof(State) / 16];
    memcpy(w, &s, sizeof(State));
#pragma unroll
    for (int k = 0; k < int(sizeof(State) / 16); ++k) reinterpret_cast<uint4*>(p)[k] = w[k];
  } else {
    uint2 w[sizeof(State) / 8];
    memcpy(w, &s, sizeof(State));
#pragma unroll
    for (int k = 0; k < int(sizeof(State) / 8); ++k) reinterpret_cast<uint2*>(p)[k] = w[k];
  }
}

// ---- XORWOW kernels ----

// v <- m v for the column matrix m, by the 32 lanes of a warp: lane l takes bit l of each word (columns l,
// l + 32, ..., l + 128: 32 lanes read 32 consecutive columns, coalesced), then the partial sums are XORed
// across the warp. Every lane ends with the result.
__device__ void warp_mat_vec(const uint32_t (*__restrict__ m)[xorwow::kWords], uint32_t v[xorwow::kWords], int lane) {
  uint32_t r[xorwow::kWords] = {0, 0, 0, 0, 0};
#pragma unroll
  for (int k = 0; k < xorwow::kWords; ++k) {
    if ((v[k] >> lane) & 1u) {
      const uint32_t* c = m[32 * k + lane];
#pragma unroll
      for (int w = 0; w < xorwow::kWords; ++w) r[w] ^= __ldg(c + w);
    }
  }
#pragma unroll
  for (int off = 16; off; off >>= 1)
#pragma unroll
    for (int w = 0; w < xorwow::kWords; ++w) r[w] ^= __shfl_xor_sync(0xFFFFFFFFu, r[w], off);
#pragma unroll
  for (int w = 0; w < xorwow::kWords; ++w) v[w] = r[w];
}

// Copies one matrix's nibble table from global to shared memory, all threads of the block taking part.
__device__ __forceinline__ void load_table(uint32_t* __restrict__ shared, const uint32_t* __restrict__ global) {
  for (int i = threadIdx.x; i < kTableWords / 4; i += blockDim.x)
    reinterpret_cast<uint4*>(shared)[i] = __ldg(reinterpret_cast<const uint4*>(global) + i);
}

// v <- m v through m's nibble table t (shared memory): row (n, x) = m * (x placed in nibble n of the state).
__device__ __forceinline__ void table_mat_vec(const uint32_t* t, uint32_t v[xorwow::kWords]) {
  uint32_t r[xorwow::kWords] = {0, 0, 0, 0, 0};
#pragma unroll
  for (int n = 0; n < kNibbles; ++n) {
    const uint32_t x = (v[n >> 3] >> (4 * (n & 7))) & 0xFu;
    const uint32_t* row = t + (n * 16 + x) * xorwow::kWords;
#pragma unroll
    for (int w = 0; w < xorwow::kWords; ++w) r[w] ^= row[w];
  }
#pragma unroll
  for (int w = 0; w < xorwow::kWords; ++w) v[w] = r[w];
}

// states[half + j] = J^(2^p) states[j]. Everything but the xorshift words is the same in every state.
__device__ __forceinline__ void pass_step(gpurngStateXORWOW_t* states, size_t half, size_t j, const uint32_t* t,
                                          bool vec) {
  gpurngStateXORWOW_t s = load_state(states + j, vec);
  table_mat_vec(t, s.v);
  store_state(states + half + j, s, vec);
}

__global__ void __launch_bounds__(kFirstBlock)
    xorwow_first_block(gpurngStateXORWOW_t* states, size_t count, unsigned long long seed, unsigned long long first,
                       unsigned long long offset, const uint32_t* __restrict__ tables, bool vec) {
  __shared__ __align__(16) uint32_t t[2][kTableWords];  // pass p uses t[p & 1] while t[(p + 1) & 1] is filled
  const int tid = threadIdx.x;
  load_table(t[0], tables);
  if (tid < 32) {
    // gpurng_init(seed, first, offset): start from the seeded state (which also sets every other field as the
    // header does), jump the xorshift words by first * 2^67 and offset steps, move the Weyl counter by offset.
    gpurngStateXORWOW_t s;
    gpurng_init(seed, 0ull, 0ull, &s);
    for (unsigned long long bits = first; bits; bits &= bits - 1)
      warp_mat_vec(xorwow::GPURNG_TABLE(kJumpSubsequence)[__ffsll(static_cast<long long>(bits)) - 1], s.v, tid);
    for (unsigned long long bits = offset; bits; bits &= bits - 1)
      warp_mat_vec(xorwow::GPURNG_TABLE(kJumpOffset)[__ffsll(static_cast<long long>(bits)) - 1], s.v, tid);
    s.d += xorwow::kWeyl * static_cast<uint32_t>(offset);
    if (tid == 0) store_state(states, s, vec);
  }
  __syncthreads();
  for (int p = 0; p < kFirstBlockPasses && (size_t{1} << p) < count; ++p) {
    if (p + 1 < kFirstBlockPasses && (size_t{2} << p) < count)
      load_table(t[(p + 1) & 1], tables + (p + 1) * kTableWords);
    if (static_cast<size_t>(tid) < pass_size(p, count)) pass_step(states, size_t{1} << p, tid, t[p & 1], vec);
    // The next pass reads the states this one wrote (global writes of the block are visible to it now) and the
    // table just loaded; the one after overwrites this pass's table.
    __syncthreads();
  }
}

__global__ void __launch_bounds__(kBlock)
    xorwow_pass(gpurngStateXORWOW_t* states, size_t half, size_t n, const uint32_t* __restrict__ table, bool vec) {
  __shared__ __align__(16) uint32_t t[kTableWords];
  load_table(t, table);
  __syncthreads();
  const size_t stride = static_cast<size_t>(gridDim.x) * blockDim.x;
  for (size_t j = static_cast<size_t>(blockIdx.x) * blockDim.x + threadIdx.x; j < n; j += stride)
    pass_step(states, half, j, t, vec);
}

// ---- Philox, MRG32k3a: one thread per state ----

template <class State>
__global__ void __launch_bounds__(kBlock) init_each(State* states, size_t count, unsigned long long seed,
                                                    unsigned long long first, unsigned long long offset, bool vec) {
  const size_t stride = static_cast<size_t>(gridDim.x) * blockDim.x;
  for (size_t i = static_cast<size_t>(blockIdx.x) * blockDim.x + threadIdx.x; i < count; i += stride) {
    State s;
    gpurng_init(seed, first + i, offset, &s);
    store_state(states + i, s, vec);
  }
}

unsigned grid_for(size_t n) {
  const size_t blocks = (n + kBlock - 1) / kBlock;
  return static_cast<unsigned>(blocks < (size_t{1} << 30) ? blocks : (size_t{1} << 30));  // grid-stride beyond
}

bool aligned16(const void* p) { return (reinterpret_cast<uintptr_t>(p) & 15u) == 0; }

gpurngStatus_t launched() {
  return cudaGetLastError() == cudaSuccess ? GPURNG_STATUS_SUCCESS : GPURNG_STATUS_LAUNCH_FAILURE;
}

// ---- XORWOW's per-device tables ----

struct DeviceTables {
  std::once_flag once;
  uint32_t* tables = nullptr;  // kMaxPasses nibble tables
  int sms = 0;
  gpurngStatus_t status = GPURNG_STATUS_SUCCESS;
};

constexpr int kMaxDevices = 64;
DeviceTables g_devices[kMaxDevices];

// The nibble tables of J^(2^p), p < kMaxPasses: row (n, x) of a table is the XOR of the matrix's columns 4n + k for
// the set bits k of x, each row from a smaller one (lowest set bit removed) and one column.
std::vector<uint32_t> nibble_tables() {
  std::vector<uint32_t> host(size_t{xorwow_doubling::kMaxPasses} * kTableWords, 0u);
  xorwow::matrix m;
  for (int p = 0; p < xorwow_doubling::kMaxPasses; ++p) {
    xorwow_doubling::pass_matrix(p, m);
    uint32_t* t = host.data() + size_t(p) * kTableWords;
    for (int n = 0; n < kNibbles; ++n)
      for (int x = 1; x < 16; ++x) {
        const uint32_t* prev = t + (n * 16 + (x & (x - 1))) * xorwow::kWords;
        const uint32_t* col = m.col[4 * n + xorwow::lowest_bit(static_cast<uint32_t>(x))];
        for (int w = 0; w < xorwow::kWords; ++w) t[(n * 16 + x) * xorwow::kWords + w] = prev[w] ^ col[w];
      }
  }
  return host;
}

void build_tables(DeviceTables& d) {
  int dev = 0;
  if (cudaGetDevice(&dev) != cudaSuccess ||
      cudaDeviceGetAttribute(&d.sms, cudaDevAttrMultiProcessorCount, dev) != cudaSuccess) {
    cudaGetLastError();
    d.status = GPURNG_STATUS_LAUNCH_FAILURE;
    return;
  }
  const std::vector<uint32_t> host = nibble_tables();
  if (cudaMalloc(&d.tables, host.size() * sizeof(uint32_t)) != cudaSuccess) {
    cudaGetLastError();
    d.status = GPURNG_STATUS_ALLOCATION_FAILED;
  } else if (cudaMemcpy(d.tables, host.data(), host.size() * sizeof(uint32_t), cudaMemcpyHostToDevice) != cudaSuccess) {
    cudaGetLastError();
    d.status = GPURNG_STATUS_LAUNCH_FAILURE;
  }
}

gpurngStatus_t device_tables(const DeviceTables** out) {
  int dev = 0;
  if (cudaGetDevice(&dev) != cudaSuccess) {
    cudaGetLastError();
    return GPURNG_STATUS_LAUNCH_FAILURE;
  }
  if (dev < 0 || dev >= kMaxDevices) return GPURNG_STATUS_INTERNAL_ERROR;
  DeviceTables& d = g_devices[dev];
  std::call_once(d.once, [&] { build_tables(d); });
  *out = &d;
  return d.status;
}

}  // namespace

gpurngStatus_t init_states_cuda(gpurngStateXORWOW_t* states, size_t count, uint64_t seed, uint64_t first,
                                uint64_t offset, void* stream) {
  cudaGetLastError();  // an earlier, unrelated error of this runtime is not this call's
  const DeviceTables* d = nullptr;
  const gpurngStatus_t st = device_tables(&d);
  if (st != GPURNG_STATUS_SUCCESS) return st;
  const cudaStream_t s = static_cast<cudaStream_t>(stream);
  const bool vec = aligned16(states);
  xorwow_first_block<<<1, kFirstBlock, 0, s>>>(states, count, seed, first, offset, d->tables, vec);
  for (int p = kFirstBlockPasses; p < passes(count); ++p) {
    const size_t n = pass_size(p, count);
    const unsigned blocks = std::min<unsigned>(grid_for(n), unsigned(d->sms) * kPassBlocksPerSM);
    xorwow_pass<<<blocks, kBlock, 0, s>>>(states, size_t{1} << p, n, d->tables + size_t(p) * kTableWords, vec);
  }
  return launched();
}

gpurngStatus_t init_states_cuda(gpurngStateMRG32k3a_t* states, size_t count, uint64_t seed, uint64_t first,
                                uint64_t offset, void* stream) {
  cudaGetLastError();
  init_each<<<grid_for(count), kBlock, 0, static_cast<cudaStream_t>(stream)>>>(states, count, seed, first, offset,
                                                                               aligned16(states));
  return launched();
}

gpurngStatus_t init_states_cuda(gpurngStatePhilox4_32_10_t* states, size_t count, uint64_t seed, uint64_t first,
                                uint64_t offset, void* stream) {
  cudaGetLastError();
  init_each<<<grid_for(count), kBlock, 0, static_cast<cudaStream_t>(stream)>>>(states, count, seed, first, offset,
                                                                               aligned16(states));
  return launched();
}

}  // namespace device_api
}  // namespace gpurng
