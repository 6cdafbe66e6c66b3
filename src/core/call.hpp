// SPDX-License-Identifier: BSD-3-Clause
// One generation call as the C boundary hands it to an engine (what it asks for), and where it runs (from
// the generator).
#pragma once

#include <stddef.h>

#include "../common/output.hpp"

namespace gpurng {
namespace core {

// What a call asks for: the four flat outputs, the (log-)normals and Poisson.
enum class Dist { u32, u64, uniform_f32, uniform_f64, normal_f32, normal_f64, lognormal_f32, lognormal_f64, poisson };

struct Call {
  Dist dist;
  void* out;
  size_t n;
  double mean, stddev;  // (log-)normals
  double lambda;        // Poisson
};

// Where a call runs.
// Device memory a generator keeps for host-memory calls made on the GPU (route.hpp), so that such calls do not
// pay a cudaMalloc and cudaFree each (a 1 Mi call measured 80-250 us slower than cuRAND and its copy with them).
struct DeviceStaging {
  void* ptr = nullptr;
  size_t bytes = 0;
};

struct Where {
  bool cuda_backend;                 // the generator runs on the GPU
  bool device_out;                   // `out` is device memory
  int threads;                       // CPU threads for host fills
  void* stream;                      // cudaStream_t for device work (NULL: the default stream)
  DeviceStaging* staging = nullptr;  // the generator's staging buffer (NULL: one per call)
};

constexpr Dist dist_of(Output kind) {
  return kind == Output::u32   ? Dist::u32
         : kind == Output::u64 ? Dist::u64
         : kind == Output::f32 ? Dist::uniform_f32
                               : Dist::uniform_f64;
}

// The flat output a call asks for; false for (log-)normals and Poisson.
constexpr bool output_of(Dist d, Output* kind) {
  switch (d) {
    case Dist::u32:
      *kind = Output::u32;
      return true;
    case Dist::u64:
      *kind = Output::u64;
      return true;
    case Dist::uniform_f32:
      *kind = Output::f32;
      return true;
    case Dist::uniform_f64:
      *kind = Output::f64;
      return true;
    default:
      return false;
  }
}

// The (log-)normal outputs.
constexpr bool is_normal(Dist d) {
  return d == Dist::normal_f32 || d == Dist::normal_f64 || d == Dist::lognormal_f32 || d == Dist::lognormal_f64;
}

// Bytes per output of a call.
constexpr size_t dist_size(Dist d) {
  return d == Dist::u32 || d == Dist::uniform_f32 || d == Dist::normal_f32 || d == Dist::lognormal_f32 ||
                 d == Dist::poisson
             ? 4
             : 8;
}

}  // namespace core
}  // namespace gpurng
