// SPDX-License-Identifier: BSD-3-Clause
#include "cpu_isa.hpp"

#include <cstdlib>
#include <cstring>

namespace gpurng {
namespace cpu {

namespace {

Isa best_supported() {
#if defined(__x86_64__) && defined(__GNUC__)
  if (__builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512vl") && __builtin_cpu_supports("avx512dq") &&
      __builtin_cpu_supports("avx512bw"))
    return Isa::avx512;
  if (__builtin_cpu_supports("avx2")) return Isa::avx2;
#endif
  return Isa::baseline;
}

// 0 = unset or "auto", 1 = a valid name stored in *isa, -1 = unknown text.
int requested(Isa* isa) {
  const char* env = std::getenv("GPURNG_CPU_ISA");
  if (!env || !*env || std::strcmp(env, "auto") == 0) return 0;
  if (std::strcmp(env, "baseline") == 0)
    *isa = Isa::baseline;
  else if (std::strcmp(env, "avx2") == 0)
    *isa = Isa::avx2;
  else if (std::strcmp(env, "avx512") == 0)
    *isa = Isa::avx512;
  else
    return -1;
  return 1;
}

}  // namespace

bool isa_setting_valid() {
  Isa unused;
  return requested(&unused) >= 0;
}

Isa selected_isa() {
  static const Isa isa = [] {
    const Isa best = best_supported();
    Isa want = best;
    if (requested(&want) != 1) return best;
    return static_cast<int>(want) < static_cast<int>(best) ? want : best;
  }();
  return isa;
}

}  // namespace cpu
}  // namespace gpurng
