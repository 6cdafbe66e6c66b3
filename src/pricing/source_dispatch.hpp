// SPDX-License-Identifier: BSD-3-Clause
// From a call's SourceKind to the normals type its paths use (path_normals.hpp), for the launchers' templates.
#pragma once

#include "pricing_plan.hpp"

namespace gpurng {
namespace pricing {

template <typename F>
auto with_normals(SourceKind kind, F&& f) {
  switch (kind) {
    case SourceKind::xorwow:
      return f(SubsequenceNormals<gpurngStateXORWOW_t>{});
    case SourceKind::mrg32k3a:
      return f(SubsequenceNormals<gpurngStateMRG32k3a_t>{});
    case SourceKind::hybrid_taus:
      return f(SubsequenceNormals<gpurngStateHybridTaus_t>{});
    case SourceKind::ranmar:
      return f(StreamNormals<gpurngStateRanmar_t>{});
    case SourceKind::ranmar48:
      return f(StreamNormals<gpurngStateRanmar48_t>{});
    case SourceKind::ranmar48x:
      return f(StreamNormals<gpurngStateRanmar48X_t>{});
    case SourceKind::park_miller:
      return f(StreamNormals<gpurngStateParkMiller_t>{});
    case SourceKind::sobol:
      return f(SobolNormals{});
    case SourceKind::halton:
      return f(HaltonNormals{});
    case SourceKind::wallace:
      return f(WallaceNormals{});
    case SourceKind::philox:
    default:
      return f(SubsequenceNormals<gpurngStatePhilox4_32_10_t>{});
  }
}

}  // namespace pricing
}  // namespace gpurng
