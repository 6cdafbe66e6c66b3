// SPDX-License-Identifier: BSD-3-Clause
// What the API needs to know about each engine: seeds it accepts, the integer outputs it offers, and
// whether its GPU state stays on the device between fills (RANMAR's window) or is given by the host on
// every fill (the classic engines, whose state is a few words a jump recomputes in O(log n)).
#pragma once

#include <stdint.h>

#include "gpurng.h"

namespace gpurng {
namespace core {

struct EngineInfo {
  uint64_t default_seed;
  uint64_t max_seed;
  bool has_u32;  // gpurngGenerate
  bool has_u64;  // gpurngGenerateLongLong
  bool device_resident_state;
};

// NULL for a value that is not an engine.
const EngineInfo* engine_info(gpurngRngType_t type);

}  // namespace core
}  // namespace gpurng
