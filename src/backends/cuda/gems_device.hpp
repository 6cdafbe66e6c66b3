// SPDX-License-Identifier: BSD-3-Clause
// The CUDA side of the GPU Gems-era engines: the random-start randomly permuted Halton sequence
// (include/gpurng/engines/halton_rasrap.hpp) and GPU Gems 3's hybrid Taus (include/gpurng/engines/hybrid_taus.hpp).
// Device fills that write exactly what the host fills of those headers write, into device memory, from the same
// GPURNG_HD per-element evaluators. gems_kernels.cu implements it when CUDA is built; the generated stub
// (cuda_entry_points.list) otherwise (every call returns GPURNG_STATUS_INITIALIZATION_FAILED).
//
// Positions stay on the host: each call names its own position, so the device keeps no state but
// tables: a Halton parameter set's dimension records and permutations (uploaded on the first call with
// that seed/options/dimension count on the current device; a few recent sets stay cached), and the
// seed-independent Taus jump table (uploaded once per device, 24 KB of constant memory).
#pragma once

#include <stddef.h>
#include <stdint.h>

#include "gpurng.h"
#include "gpurng/engines/halton_rasrap.hpp"
#include "gpurng/engines/hybrid_taus.hpp"

namespace gpurng {
namespace cuda {

// What a Halton call writes: bits32 = the words' top halves (gpurngGenerate), bits64 = the raw words
// (gpurngGenerateLongLong), then uniforms and inverse-CDF (log-)normals as halton_rasrap::to_* define them.
enum class HaltonOutput {
  bits32,
  bits64,
  uniform_f32,
  uniform_f64,
  normal_f32,
  normal_f64,
  lognormal_f32,
  lognormal_f64
};

// One Halton call: the same values as halton_rasrap::fill / fill_normal with p.get(), dims, point_offset
// and n (dims <= p.dimensions(), n a multiple of dims, dimension-major), into device memory `out`. Normals
// use mean and stddev (as floats for the float outputs); lognormals are exp of those normals. With
// `stream` NULL the call waits for the result; otherwise it is queued on that cudaStream_t.
// GPURNG_STATUS_OUT_OF_RANGE for bad dims/n.
gpurngStatus_t halton_fill(const halton_rasrap::params& p, unsigned dims, uint64_t point_offset, size_t n,
                           HaltonOutput o, void* out, double mean, double stddev, void* stream);

// What a hybrid Taus call writes: the 32-bit outputs (gpurngGenerate) or their uniforms.
enum class TausOutput { bits32, uniform_f32, uniform_f64 };

// Outputs [pos, pos + n) of the generator of `seed` with its T streams on subsequences first_subsequence ..
// first_subsequence + T - 1 (hybrid_taus::fill_range_seeded with the same arguments), into device memory `out`.
// Thread k of the launch serves outputs pos + k, pos + k + T, ... (T = 65536 or n if smaller): it seeds its
// stream and jumps it once, then steps.
gpurngStatus_t hybrid_taus_fill(uint64_t seed, uint64_t first_subsequence, uint64_t pos, size_t n, TausOutput o,
                                void* out, void* stream);

}  // namespace cuda
}  // namespace gpurng
