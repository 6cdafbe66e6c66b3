// SPDX-License-Identifier: BSD-3-Clause
// Which backend a new generator gets: GPURNG_BACKEND=cpu|cuda|auto (default auto).
#pragma once

#include "gpurng.h"

namespace gpurng {
namespace core {

// Sets *backend for a generator made by gpurngCreateGenerator. Returns GPURNG_STATUS_INVALID_VALUE for an
// unknown GPURNG_BACKEND and GPURNG_STATUS_INITIALIZATION_FAILED for "cuda" with no usable GPU.
gpurngStatus_t choose_backend(gpurngBackend_t* backend);

}  // namespace core
}  // namespace gpurng
