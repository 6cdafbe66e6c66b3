// SPDX-License-Identifier: BSD-3-Clause
// Private to the CUDA cuRAND-layout fills: what curand_layout_host.cpp (host logic: call geometry, tables,
// the interface of curand_layout_device.hpp) hands to curand_layout_kernels.cu (kernels and launches).
// Nothing here needs the host-only parts of the layouts (curand_layout.hpp), which nvcc's device pass cannot see.
#pragma once

#include <stddef.h>
#include <stdint.h>

#include "../../fill/curand_layout_units.hpp"
#include "gpurng.h"

namespace gpurng {
namespace cuda {
namespace layout_launch {

// The engines, output types and units are curand_layout's own (curand_layout_units.hpp), shared with the host.
using Eng = curand_layout::engine;
using Out = curand_layout::output;

constexpr int kBlock = 256;                  // threads per block of the fill kernels
constexpr unsigned kXorwowMaxChunkBits = 7;  // XORWOW: at most 128 chunks (7 staged matrices per block)
constexpr unsigned kMaxChunkBits = 16;

// One call as the kernels see it. Slot i (i < slots) is relative thread first + i (mod T) of the host
// fill; its m-th unit is unit u = i + m T of the call, whose outputs are elements G u + j - lead. Slot i
// starts `common` + extra_i words past its thread's base state (extra_i = [t < r_base] + W [wrapped]);
// GPU thread (i, c) makes units m in [c R, (c + 1) R) of slot i, R = 2^log2_rounds.
struct Plan {
  uint64_t units;
  uint64_t n;
  uint64_t common;
  uint32_t T;
  uint32_t t_origin;
  uint32_t r_base;
  uint32_t first;
  uint32_t slots;
  uint32_t lead;
  uint32_t log2_rounds;
  uint32_t chunks;
  uint32_t slot_blocks;
  uint32_t philox_k0[10], philox_k1[10];  // Philox: the round keys of the key every state shares
};

// GPU threads a fill aims for in all: multiprocessors x per_sm (the engine's default, measured on an H200:
// fewer chunks pay for XORWOW's matrix jumps, more threads for MRG32k3a's latency) unless overridden.
uint64_t target_threads(unsigned per_sm);
constexpr unsigned kThreadsPerSm[3] = {1024, 4096, 2048};  // XORWOW, MRG32k3a, Philox (Sobol': 4096)
// Shortest chunk (2^k units) worth its jump, for integers and uniforms / for (log-)normals, whose units
// cost far more: XORWOW, MRG32k3a, Philox.
constexpr unsigned kMinLog2Rounds[3][2] = {{8, 4}, {6, 3}, {0, 0}};
// Tuning hook for benchmarks: threads per multiprocessor for every engine (0: the engines' defaults).
void set_threads_per_sm(unsigned threads);

// Queue the fill kernel(s) of one call on `stream` (a cudaStream_t). states: T device states of engine e.
// xorwow_powers: M^(2^e), e < xorwow::kPowers, in device memory; scratch: room for p.slots states, which
// the call overwrites (XORWOW and MRG32k3a: the slots' states after the call's common jump). curand_device:
// normals by cuRAND's GPU formulas (gpurng/distributions/curand_device_formulas.hpp), not the portable ones.
// live_out (XORWOW, MRG32k3a; null for none): room for T states; each slot's state after the call goes to
// live_out[t]. It may equal `states` when p.chunks == 1 (each thread reads and writes only its own slot's).
gpurngStatus_t fill(Eng e, Out o, bool curand_device, const Plan& p, const void* states, const uint32_t* xorwow_powers,
                    void* scratch, void* out, double mean, double stddev, void* live_out, void* stream);

// Device-resident positions (XORWOW, MRG32k3a): live[t] = thread t's state at its first unit (of W words) in
// the call that plan p describes, which must have a slot for every thread (p.slots == p.T).
gpurngStatus_t live_init(Eng e, int W, const Plan& p, const void* base, void* live, const uint32_t* xorwow_powers,
                         void* stream);

// Sobol': dims dimensions of `per` points each from point index `start`, dimension-major; vectors and
// constants are the set's device tables (32 or 64 words per dimension; one constant per dimension).
enum class SobolOut : int { bits, uniform_f32, uniform_f64, normal_f32, normal_f64, lognormal_f32, lognormal_f64 };
gpurngStatus_t sobol(bool is64, const void* vectors, const void* constants, unsigned dims, uint64_t start, uint64_t per,
                     SobolOut o, bool curand_device, void* out, double mean, double stddev, void* stream);

}  // namespace layout_launch
}  // namespace cuda
}  // namespace gpurng
