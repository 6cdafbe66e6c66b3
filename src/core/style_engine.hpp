// SPDX-License-Identifier: BSD-3-Clause
// Engines whose calls follow cuRAND's host API rather than one flat stream: XORWOW, MRG32k3a and
// Philox4_32_10 (per-thread layouts in which a call's output type decides which words it takes), cuRAND's
// four Sobol' generators (dimension-major points), Halton Rasrap and hybrid Taus. The generator object
// holds one of these instead of the RANMAR window when its type is one of them; the C API forwards
// seed, offset, ordering, dimension and generation calls here.
//
// Positions are the engine's own, as cuRAND defines them: units for XORWOW and MRG32k3a (a normal pair is
// one unit), outputs for Philox and hybrid Taus, points for the quasi-random engines. They live on the
// host; a device fill is given everything it needs with each call, so the backends never disagree about
// where a stream stands.
#pragma once

#include <stddef.h>
#include <stdint.h>

#include <memory>

#include "gpurng.h"

namespace gpurng {
namespace core {

// What one generation call asks for.
enum class Dist { u32, u64, uniform_f32, uniform_f64, normal_f32, normal_f64, lognormal_f32, lognormal_f64, poisson };

struct Call {
  Dist dist;
  void* out;
  size_t n;
  double mean, stddev;  // (log-)normals
  double lambda;        // Poisson
};

// Where a call runs, from the generator.
struct Where {
  bool cuda_backend;  // the generator runs on the GPU
  bool device_out;    // `out` is device memory
  int threads;        // CPU threads for host fills
  void* stream;       // cudaStream_t for device work (NULL: the default stream)
};

class StyleEngine {
 public:
  virtual ~StyleEngine() = default;

  // SetPseudoRandomGeneratorSeed: TYPE_ERROR on quasi-random engines without a seed.
  virtual gpurngStatus_t set_seed(uint64_t seed) = 0;
  virtual void set_offset(uint64_t offset) = 0;
  virtual uint64_t offset() const = 0;
  // SetGeneratorOrdering: OUT_OF_RANGE for orderings the engine does not have (host_only: as cuRAND's host
  // generator, which refuses DYNAMIC).
  virtual gpurngStatus_t set_ordering(gpurngOrdering_t ordering, bool host_only) = 0;
  // SetQuasiRandomGeneratorDimensions: TYPE_ERROR on pseudo-random engines, OUT_OF_RANGE outside 1..max.
  virtual gpurngStatus_t set_dimensions(unsigned dimensions) = 0;
  // SetNormalMethod: OUT_OF_RANGE for a method the engine does not offer.
  virtual gpurngStatus_t set_normal_method(gpurngNormalMethod_t method) = 0;

  // cuRAND's refusals for a call, before anything is written: TYPE_ERROR for an output the engine does
  // not have, LENGTH_NOT_MULTIPLE for a length it refuses, OUT_OF_RANGE for a bad Poisson lambda.
  virtual gpurngStatus_t check(const Call& call) const = 0;
  // Write the call's outputs (already checked, n > 0) and move the position on.
  virtual gpurngStatus_t generate(const Call& call, const Where& where) = 0;
};

// The engine object for `type`, or NULL when `type` is not one of these engines. Throws std::bad_alloc.
std::unique_ptr<StyleEngine> make_style_engine(gpurngRngType_t type);

}  // namespace core
}  // namespace gpurng
