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

// A generation call from the C API on g->style (g not NULL): cuRAND's refusals even for n == 0, then
// NULL output and size checks, then style_generate; never throws. elem: bytes per output.
gpurngStatus_t style_call(gpurngGenerator_t g, const Call& call, size_t elem) noexcept;

}  // namespace core
}  // namespace gpurng
