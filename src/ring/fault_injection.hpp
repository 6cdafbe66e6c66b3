// SPDX-License-Identifier: BSD-3-Clause
// A test hook: GPURNG_FAULT=<what>:<N> makes the ring's producer fail at its N-th slab (counted from 1
// over the process), as a GPU error would: what = alloc (the ring's memory), launch (the fill kernel),
// copy (the copy to pinned memory), or fill (any slab, also on the CPU producer, so CI without a GPU
// exercises the recovery). what = part fails the N-th part a worker runs (src/scale/workers.hpp: split fills,
// pricers and solver batches, on CPU or CUDA workers) with LAUNCH_FAILURE before it writes anything. Each fault
// fires once.
#pragma once

#include <stdint.h>

namespace gpurng {
namespace ring {

enum class Fault { alloc, launch, copy, fill, part };

// True once, when the configured fault is `what` and this is its N-th occasion.
bool inject(Fault what);

}  // namespace ring
}  // namespace gpurng
