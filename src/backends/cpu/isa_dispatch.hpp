// SPDX-License-Identifier: BSD-3-Clause
// Calling the instruction-set copy that cpu_isa.hpp selected. A file that compiles its loops three times, into
// namespaces baseline, avx2 and avx512 (under #pragma GCC target, defining GPURNG_HAVE_ISA_COPIES where the two
// vector copies exist), calls `GPURNG_ISA_DISPATCH(fn, args)` to return baseline::fn(args), avx2::fn(args) or
// avx512::fn(args) as the processor and GPURNG_CPU_ISA say.
#pragma once

#include "cpu_isa.hpp"

#if defined(__x86_64__) && defined(__GNUC__)
#define GPURNG_HAVE_ISA_COPIES 1
#define GPURNG_ISA_DISPATCH(fn, ...)       \
  do {                                     \
    switch (gpurng::cpu::selected_isa()) { \
      case gpurng::cpu::Isa::avx512:       \
        return avx512::fn(__VA_ARGS__);    \
      case gpurng::cpu::Isa::avx2:         \
        return avx2::fn(__VA_ARGS__);      \
      case gpurng::cpu::Isa::baseline:     \
        break;                             \
    }                                      \
    return baseline::fn(__VA_ARGS__);      \
  } while (0)
#else
#define GPURNG_ISA_DISPATCH(fn, ...) return baseline::fn(__VA_ARGS__)
#endif
