// SPDX-License-Identifier: BSD-3-Clause
// The generator object behind gpurngGenerator_t, and the operations the C API forwards to.
//
// State: engine, seed, position (numbers consumed) and the RANMAR window at that position. On the CUDA
// backend the window may live on the device after a device fill; `host_window_current` says whether the
// host copy is up to date, and the host fetches the device copy only when a host-side fill needs it.
#pragma once

#include <stddef.h>
#include <stdint.h>

#include "../backends/cuda/cuda_backend.hpp"
#include "../engines/ranmar.hpp"
#include "gpurng.h"

struct gpurngGenerator_st {
  gpurngRngType_t type;
  gpurngBackend_t backend;
  bool host_only;  // created by gpurngCreateGeneratorHost: output pointers are host memory by contract
  int threads;     // CPU threads for host-side fills
  uint64_t seed;
  uint64_t position;
  uint64_t window[gpurng::ranmar::kLag];
  bool host_window_current;
  gpurng::cuda::RanmarDevice* device;  // NULL on the CPU backend
};

namespace gpurng {
namespace core {

bool is_known_type(gpurngRngType_t type);
ranmar::Kind kind_of(gpurngRngType_t type);

gpurngStatus_t create(gpurngGenerator_t* out, gpurngRngType_t type, bool host_only);
void destroy(gpurngGenerator_t g);

// Re-derive the window at the current position from the seed (O(log position)).
void reset_window(gpurngGenerator_t g);

// Fill n outputs of element type T (validated by the caller) at the generator's position and advance it.
template <typename T>
gpurngStatus_t generate(gpurngGenerator_t g, T* out, size_t n, cuda::Output kind);

}  // namespace core
}  // namespace gpurng
