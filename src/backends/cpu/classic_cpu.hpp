// SPDX-License-Identifier: BSD-3-Clause
// CPU backend of the classic engines (Park-Miller, drand48, glibc random): state at any position by
// jump-ahead, and fills on the host thread pool (each thread jumps to its own piece).
#pragma once

#include <stddef.h>
#include <stdint.h>

#include "../../common/output.hpp"
#include "gpurng/distributions/classic_outputs.hpp"

namespace gpurng {
namespace cpu {

using ClassicParams = classic::Params;

// The state (window words) at stream position `position` for `seed`.
void classic_window_at(const ClassicParams& p, uint64_t seed, uint64_t position, uint64_t* window);
// Advance a state by n numbers in O(log n).
void classic_jump(const ClassicParams& p, uint64_t* window, uint64_t n);
// Write n outputs of `kind` from the state in `window` into host memory; the state advances by n.
void classic_fill(const ClassicParams& p, Output kind, uint64_t* window, void* out, size_t n, int threads);

}  // namespace cpu
}  // namespace gpurng
