// SPDX-License-Identifier: BSD-3-Clause
#include "engine_info.hpp"

namespace gpurng {
namespace core {

namespace {
constexpr EngineInfo kRanmar24{GPURNG_RANMAR_DEFAULT_SEED, GPURNG_RANMAR_MAX_SEED, true, false, true};
constexpr EngineInfo kRanmar48{GPURNG_RANMAR_DEFAULT_SEED, GPURNG_RANMAR_MAX_SEED, false, true, true};
constexpr EngineInfo kMinstd{1, UINT64_MAX, true, false, false};
constexpr EngineInfo kDrand48{0, (uint64_t(1) << 48) - 1, true, true, false};
constexpr EngineInfo kGlibcRandom{1, 0xFFFFFFFFull, true, false, false};
// cuRAND-style engines (style_engine.hpp): seed 0 by default, any 64-bit seed; their own checks decide
// which outputs a call may ask for.
constexpr EngineInfo kStyle{0, UINT64_MAX, true, true, false};
}  // namespace

const EngineInfo* engine_info(gpurngRngType_t type) {
  switch (type) {
    case GPURNG_RNG_PSEUDO_RANMAR:
      return &kRanmar24;
    case GPURNG_RNG_PSEUDO_RANMAR48:
    case GPURNG_RNG_PSEUDO_RANMAR48X:
      return &kRanmar48;
    case GPURNG_RNG_PSEUDO_MINSTD:
    case GPURNG_RNG_PSEUDO_MINSTD48271:
      return &kMinstd;
    case GPURNG_RNG_PSEUDO_DRAND48:
      return &kDrand48;
    case GPURNG_RNG_PSEUDO_GLIBC_RANDOM_TYPE0:
    case GPURNG_RNG_PSEUDO_GLIBC_RANDOM_TYPE1:
    case GPURNG_RNG_PSEUDO_GLIBC_RANDOM_TYPE2:
    case GPURNG_RNG_PSEUDO_GLIBC_RANDOM_TYPE3:
    case GPURNG_RNG_PSEUDO_GLIBC_RANDOM_TYPE4:
      return &kGlibcRandom;
    case GPURNG_RNG_PSEUDO_DEFAULT:
    case GPURNG_RNG_PSEUDO_XORWOW:
    case GPURNG_RNG_PSEUDO_MRG32K3A:
    case GPURNG_RNG_PSEUDO_PHILOX4_32_10:
    case GPURNG_RNG_QUASI_DEFAULT:
    case GPURNG_RNG_QUASI_SOBOL32:
    case GPURNG_RNG_QUASI_SCRAMBLED_SOBOL32:
    case GPURNG_RNG_QUASI_SOBOL64:
    case GPURNG_RNG_QUASI_SCRAMBLED_SOBOL64:
    case GPURNG_RNG_PSEUDO_HYBRID_TAUS:
    case GPURNG_RNG_QUASI_HALTON_RASRAP:
      return &kStyle;
  }
  return nullptr;
}

}  // namespace core
}  // namespace gpurng
