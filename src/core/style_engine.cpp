// SPDX-License-Identifier: BSD-3-Clause
#include "style_engine.hpp"

namespace gpurng {
namespace core {

std::unique_ptr<StyleEngine> make_layout_engine(gpurngRngType_t type);  // style_layout_engine.cpp
std::unique_ptr<StyleEngine> make_sobol_engine(gpurngRngType_t type);   // style_sobol_engine.cpp
std::unique_ptr<StyleEngine> make_gems_engine(gpurngRngType_t type);    // style_gems_engines.cpp

std::unique_ptr<StyleEngine> make_style_engine(gpurngRngType_t type) {
  if (auto e = make_layout_engine(type)) return e;
  if (auto e = make_sobol_engine(type)) return e;
  if (auto e = make_gems_engine(type)) return e;
  return nullptr;
}

bool is_style_engine(gpurngRngType_t type) {
  switch (type) {
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
      return true;
    default:
      return false;
  }
}

}  // namespace core
}  // namespace gpurng
