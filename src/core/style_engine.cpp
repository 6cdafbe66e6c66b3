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

}  // namespace core
}  // namespace gpurng
