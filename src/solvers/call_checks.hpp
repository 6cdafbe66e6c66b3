// SPDX-License-Identifier: BSD-3-Clause
// Checks the solver entry points share: where the arrays of a call live, and whether two arrays overlap.
#pragma once

#include <stddef.h>

#include <initializer_list>

#include "gpurng.h"

namespace gpurng {
namespace solvers {

// *device = true when every non-NULL pointer is device memory, false when every one is host memory;
// MIXED_MEMORY otherwise. NULL pointers are skipped (the caller checks the required ones first).
gpurngStatus_t memory_kind(std::initializer_list<const void*> pointers, bool* device);

// True when [p, p + p_bytes) and [q, q + q_bytes) share a byte (NULL or empty ranges never overlap).
bool overlaps(const void* p, size_t p_bytes, const void* q, size_t q_bytes);

}  // namespace solvers
}  // namespace gpurng
