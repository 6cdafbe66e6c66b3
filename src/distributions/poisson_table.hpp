// SPDX-License-Identifier: BSD-3-Clause
// gpurngGeneratePoisson for every engine that offers it: each output is the inverse Poisson CDF of the 32-bit word
// that gpurngGenerate would have written at its place (include/gpurng/distributions/poisson.hpp), so a Poisson call
// follows the engine's 32-bit layout and moves its position as a gpurngGenerate call of the same length.
// Tables are built once per lambda on the host and shared between generators.
#pragma once

#include <stddef.h>
#include <stdint.h>

#include <memory>

#include "gpurng.h"

namespace gpurng {
namespace core {

struct PoissonTable;

// cuRAND's range: 0 < lambda <= 400000 (OUT_OF_RANGE otherwise, NaN included).
gpurngStatus_t check_poisson_lambda(double lambda);
// The table for lambda (checked); throws std::bad_alloc.
std::shared_ptr<const PoissonTable> poisson_table_for(double lambda);
// Replace each 32-bit word of buf (host memory) by its Poisson value.
void poisson_host(const PoissonTable& table, uint32_t* buf, size_t n);
// The same on device memory, queued on `stream` (NULL: wait for it).
gpurngStatus_t poisson_device(const PoissonTable& table, uint32_t* buf, size_t n, void* stream);

}  // namespace core
}  // namespace gpurng
