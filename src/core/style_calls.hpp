// SPDX-License-Identifier: BSD-3-Clause
// The generation path of the cuRAND-style engines, shared by api.cpp's existing calls (gpurngGenerate,
// gpurngGenerateUniform, ...) and style_api.cpp's new ones.
#pragma once

#include "generator.hpp"
#include "style_engine.hpp"

namespace gpurng {
namespace core {

// Check and run `call` on g->style (g and call.out already validated as non-NULL, n > 0).
gpurngStatus_t style_generate(gpurngGenerator_t g, const Call& call);

}  // namespace core
}  // namespace gpurng
