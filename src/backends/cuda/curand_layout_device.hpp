// SPDX-License-Identifier: BSD-3-Clause
// The CUDA side of the cuRAND-layout engines (XORWOW, MRG32k3a, Philox4_32_10) and of cuRAND's Sobol'
// generators: device fills that write exactly what the host fills in src/fill/curand_layout.hpp and
// include/gpurng/engines/sobol.hpp write, into device memory. curand_layout_kernels.cu implements it when CUDA is
// built; the stub generated from cuda_entry_points.list otherwise (INITIALIZATION_FAILED).
//
// The engines (src/engines/curand_layout_engines.cpp, sobol_engine.cpp) keep every position on the host. For a
// pseudo-random engine a call is described by a curand_layout::detail::call_origin plus T per-thread base states: the
// seed's start states (right after a rebuild: uploaded once per seed and ordering) or a call_cursor's live states
// (after calls of different widths: uploaded before the call). XORWOW and MRG32k3a may also keep their positions on
// the device between whole device calls (layout_live_*), as cuRAND does.
#pragma once

#include <stddef.h>
#include <stdint.h>

#include "../../fill/curand_layout.hpp"
#include "gpurng.h"
#include "gpurng/engines/sobol.hpp"

namespace gpurng {
namespace cuda {

// T states of one engine in device memory (xorwow::state, mrg32k3a::state or
// curand_layout::detail::philox_thread, as the host lays them out).
struct LayoutStates;

// Copy `count` host states of engine e into *states (allocated on first use, reused while the size fits).
gpurngStatus_t layout_states_upload(curand_layout::engine e, const void* host_states, uint32_t count,
                                    LayoutStates** states);
void layout_states_free(LayoutStates* states);

// Write outputs [pos, pos + n) of a call with origin `c` over the base states `states` into device memory
// `out`: the same values as curand_layout::detail::fill_call with the same arguments on the host. `mean`
// and `stddev` are used by the (log-)normal outputs (converted to float for the float ones). With `stream`
// NULL the call waits for the result; otherwise it is queued on that cudaStream_t. curand_device_normals:
// the (log-)normals by cuRAND's GPU formulas (GPURNG_NORMAL_METHOD_CURAND_DEVICE), which no host fill has.
gpurngStatus_t layout_fill(curand_layout::engine e, const curand_layout::detail::call_origin& c, LayoutStates* states,
                           uint64_t pos, size_t n, curand_layout::output o, void* out, double mean, double stddev,
                           void* stream, bool curand_device_normals = false);

// ---- Device-resident thread positions (XORWOW, MRG32k3a) ----
// cuRAND keeps its threads' states on the GPU from one call to the next. An engine that rebuilt them from its
// base states for every call would pay a jump per thread per call (for XORWOW a set-up kernel of up to 64
// matrix-vector products per thread): most of a small call's time. `live` holds, for every thread t, its state
// where its next unit starts.
//
// layout_live_init: *live[t] = thread t's state at output `pos` of a call of type o with origin c over `base`
//   (as layout_fill of that call would start it); *t_next = the thread of that output's unit. Allocates *live
//   on first use. c.shift must be 0 (XORWOW, MRG32k3a).
// layout_live_fill: a whole call of n outputs of type o whose first unit is thread t_origin's, from the live
//   positions, which it moves past the call: the same values as layout_fill of that call, and afterwards the
//   positions a layout_live_init after the call would give. Returns INTERNAL_ERROR for Philox (its positions
//   are counters: nothing to keep).
gpurngStatus_t layout_live_init(curand_layout::engine e, const curand_layout::detail::call_origin& c,
                                LayoutStates* base, uint64_t pos, curand_layout::output o, LayoutStates** live,
                                uint32_t* t_next, void* stream);
gpurngStatus_t layout_live_fill(curand_layout::engine e, uint32_t t_origin, LayoutStates* live, size_t n,
                                curand_layout::output o, void* out, double mean, double stddev, void* stream,
                                bool curand_device_normals = false);

// What a Sobol' call writes (gpurngGenerate: u32 of the 32-bit sets; gpurngGenerateLongLong: u64 of the
// 64-bit sets).
enum class SobolOutput { bits, uniform_f32, uniform_f64, normal_f32, normal_f64, lognormal_f32, lognormal_f64 };

// One Sobol' call: as sobol::fill/fill_normal/fill_log_normal with the same arguments (dims dimensions,
// n a multiple of dims, dimension-major), into device memory. The direction tables go to the device
// on first use of each set and stay there. curand_device_normals: the (log-)normals by cuRAND's GPU formulas.
gpurngStatus_t sobol_fill(sobol::Kind k, unsigned dims, uint64_t point_offset, size_t n, SobolOutput o, void* out,
                          double mean, double stddev, void* stream, bool curand_device_normals = false);

}  // namespace cuda
}  // namespace gpurng
