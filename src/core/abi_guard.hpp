// SPDX-License-Identifier: BSD-3-Clause
// What every extern "C" entry point shares: no exception crosses the ABI (std::bad_alloc becomes
// ALLOCATION_FAILED, anything else INTERNAL_ERROR), and the output size no real request can reach.
#pragma once

#include <new>

#include "gpurng.h"

namespace gpurng {
namespace core {

template <typename Body>
gpurngStatus_t guarded(Body&& body) noexcept {
  try {
    return body();
  } catch (const std::bad_alloc&) {
    return GPURNG_STATUS_ALLOCATION_FAILED;
  } catch (...) {
    return GPURNG_STATUS_INTERNAL_ERROR;
  }
}

// No process can address 2^47 bytes of output on today's CPUs; larger requests are certainly wrong.
constexpr unsigned long long kMaxOutputBytes = 1ull << 47;

}  // namespace core
}  // namespace gpurng
