// SPDX-License-Identifier: BSD-3-Clause
// Whether a working set fits the host's physical memory. Linux lets a single allocation larger than the free memory
// succeed and kills the process when its pages are touched (a std::vector zero-fills them at once), so the CPU
// steppers ask before they allocate grids whose size the caller chooses, and return ALLOCATION_FAILED instead.
#pragma once

#include <stddef.h>
#include <unistd.h>

namespace gpurng {
namespace cpu {

inline bool fits_in_host_memory(size_t bytes) {
  const long pages = sysconf(_SC_PHYS_PAGES), page = sysconf(_SC_PAGE_SIZE);
  if (pages <= 0 || page <= 0) return true;  // unknown: let the allocation decide
  return bytes <= size_t(pages) * size_t(page);
}

}  // namespace cpu
}  // namespace gpurng
