// SPDX-License-Identifier: BSD-3-Clause
// CPU backend of the RANMAR engines: fills a piece of the stream on the host thread pool.
#pragma once

#include <stddef.h>
#include <stdint.h>

#include "gpurng/engines/ranmar.hpp"

namespace gpurng {
namespace cpu {

// Write n outputs of the stream starting at position `pos` into `out` (host memory), given the window at
// `pos`; on return `window` holds the window at pos + n. T is uint32_t, unsigned long long, float or
// double, as output_rule<K, T> allows. Uses up to `threads` host threads (jump-ahead splits the range).
template <ranmar::Kind K, typename T>
void ranmar_fill(typename ranmar::traits<K>::word* window, uint64_t pos, T* out, size_t n, int threads);

}  // namespace cpu
}  // namespace gpurng
