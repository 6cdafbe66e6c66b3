// SPDX-License-Identifier: BSD-3-Clause
// Host-side fill of any (engine, output kind) pair, for the generator's direct path and the prefetch
// ring's CPU producer alike.
#pragma once

#include <stddef.h>
#include <stdint.h>

#include "../backends/cuda/cuda_backend.hpp"
#include "gpurng.h"

namespace gpurng {
namespace core {

// Write n outputs of the stream at `pos` into host memory `out`; `window` (97 words) is the window at
// `pos` on entry and at pos + n on return (97 words for RANMAR; the classic engines use fewer). The pair (type, kind)
// must be one the API allows.
void host_fill_any(gpurngRngType_t type, cuda::Output kind, uint64_t* window, uint64_t pos, void* out, size_t n,
                   int threads);

// The window at `position` of the stream seeded with `seed`, from the seed by jump-ahead (O(log position)).
void window_at(gpurngRngType_t type, uint64_t seed, uint64_t position, uint64_t* window);

// Move `window`, the state at `from`, on by n numbers (O(log n)).
void advance_window(gpurngRngType_t type, uint64_t seed, uint64_t* window, uint64_t from, uint64_t n);

// The element size of an output kind.
inline size_t element_size(cuda::Output kind) { return kind == cuda::Output::u32 || kind == cuda::Output::f32 ? 4 : 8; }

}  // namespace core
}  // namespace gpurng
