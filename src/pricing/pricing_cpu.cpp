// SPDX-License-Identifier: BSD-3-Clause
// The pricers on CPU threads: pricing_cpu_kernels.inc compiled for the x86-64 baseline, AVX2 with FMA and AVX-512,
// chosen at run time as the RANMAR and tridiagonal loops are (cpu_isa.hpp). The models' fused multiply-adds are
// explicit, so every copy gives the same bits; the baseline copy calls libm's fma for them.
#include <algorithm>
#include <cstring>
#include <type_traits>
#include <vector>

#if defined(__x86_64__)
// GCC 12's _mm512_sqrt_pd and _mm512_mul_epu32 pass a self-initialised "undefined" vector that its own
// -Wmaybe-uninitialized then reports where they are inlined (the lane loops); the pragma must precede the header.
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
#include <immintrin.h>  // the lane vectors' FMA, sqrt and multiply intrinsics (AVX2 and AVX-512 copies)
#endif

#include "../backends/cpu/isa_dispatch.hpp"
#include "../backends/cpu/thread_pool.hpp"
#include "pricing_launch.hpp"
#include "source_dispatch.hpp"

namespace gpurng {
namespace pricing {
namespace cpu {

#define GPURNG_PRICING_CHUNK_ATTR  // the baseline copy calls libm's fma anyway: no need to inline everything
#define GPURNG_PRICING_LANES 0     // one path at a time: libm's fma calls would cost lanes more than they save
namespace baseline {
#include "pricing_cpu_kernels.inc"
}  // namespace baseline
#undef GPURNG_PRICING_LANES
#undef GPURNG_PRICING_CHUNK_ATTR
#define GPURNG_PRICING_CHUNK_ATTR __attribute__((flatten))

#if GPURNG_HAVE_ISA_COPIES
// 64-byte lane vectors passed by reference everywhere (lane_vector.inc); GCC's note on their ABI does not apply.
#pragma GCC diagnostic ignored "-Wpsabi"
#define GPURNG_PRICING_LANES 1
#pragma GCC push_options
#pragma GCC target("avx2,fma")
#define GPURNG_CPU_NATIVE_BYTES 32
namespace avx2 {
#include "pricing_cpu_kernels.inc"
}  // namespace avx2
#undef GPURNG_CPU_NATIVE_BYTES
#pragma GCC pop_options
#pragma GCC push_options
#pragma GCC target("avx512f,avx512vl,avx512dq,avx512bw,fma,prefer-vector-width=512")
#define GPURNG_CPU_NATIVE_BYTES 64
namespace avx512 {
#include "pricing_cpu_kernels.inc"
}  // namespace avx512
#undef GPURNG_CPU_NATIVE_BYTES
#pragma GCC pop_options
#undef GPURNG_PRICING_LANES
#endif

template <typename T, typename Model>
void run(const PricingPlan& plan, const Model& model, Moments* out) {
#if GPURNG_HAVE_ISA_COPIES
  switch (gpurng::cpu::selected_isa()) {
    case gpurng::cpu::Isa::avx512:
      return avx512::run<T>(plan, model, out);
    case gpurng::cpu::Isa::avx2:
      return avx2::run<T>(plan, model, out);
    case gpurng::cpu::Isa::baseline:
      break;
  }
#endif
  baseline::run<T>(plan, model, out);
}

#define GPURNG_PRICING_CPU(Model)                                                            \
  template void run<float, Model<float>>(const PricingPlan&, const Model<float>&, Moments*); \
  template void run<double, Model<double>>(const PricingPlan&, const Model<double>&, Moments*);
GPURNG_PRICING_CPU(AsianBasketModel)
GPURNG_PRICING_CPU(GarchLookbackModel)
GPURNG_PRICING_CPU(LiborModel)
GPURNG_PRICING_CPU(MbsModel)

}  // namespace cpu
}  // namespace pricing
}  // namespace gpurng
