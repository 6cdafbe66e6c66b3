// SPDX-License-Identifier: BSD-3-Clause
// The four output types of a flat stream (gpurngGenerate, gpurngGenerateLongLong, gpurngGenerateUniform,
// gpurngGenerateUniformDouble and their Acquire forms), as every layer names them: the C boundary, the
// engines, the prefetch ring and both backends. Plain enum class, so host and device code can use it.
#pragma once

#include <stddef.h>

namespace gpurng {

enum class Output { u32, u64, f32, f64 };

// Bytes per output.
constexpr size_t element_size(Output kind) { return kind == Output::u32 || kind == Output::f32 ? 4 : 8; }

// f(T{}) with T the C type of `kind` (unsigned int, unsigned long long, float, double), for code written once
// over the four.
template <class F>
decltype(auto) visit_output(Output kind, F&& f) {
  switch (kind) {
    case Output::u32:
      return f(0u);
    case Output::u64:
      return f(0ull);
    case Output::f32:
      return f(0.0f);
    default:
      return f(0.0);
  }
}

}  // namespace gpurng
