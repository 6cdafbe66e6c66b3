// SPDX-License-Identifier: BSD-3-Clause
// The pricers on CPU threads: pricing_cpu_kernels.inc compiled for the x86-64 baseline, AVX2 with FMA and AVX-512,
// chosen at run time as the RANMAR and tridiagonal loops are (cpu_isa.hpp). The models' fused multiply-adds are
// explicit, so every copy gives the same bits; the baseline copy calls libm's fma for them.
#include <algorithm>
#include <vector>

#include "../backends/cpu/isa_dispatch.hpp"
#include "../backends/cpu/thread_pool.hpp"
#include "pricing_launch.hpp"
#include "source_dispatch.hpp"

namespace gpurng {
namespace pricing {
namespace cpu {

#define GPURNG_PRICING_CHUNK_ATTR  // the baseline copy calls libm's fma anyway: no need to inline everything
namespace baseline {
#include "pricing_cpu_kernels.inc"
}  // namespace baseline
#undef GPURNG_PRICING_CHUNK_ATTR
#define GPURNG_PRICING_CHUNK_ATTR __attribute__((flatten))

#if GPURNG_HAVE_ISA_COPIES
#pragma GCC push_options
#pragma GCC target("avx2,fma")
namespace avx2 {
#include "pricing_cpu_kernels.inc"
}  // namespace avx2
#pragma GCC pop_options
#pragma GCC push_options
#pragma GCC target("avx512f,avx512vl,avx512dq,avx512bw,fma")
namespace avx512 {
#include "pricing_cpu_kernels.inc"
}  // namespace avx512
#pragma GCC pop_options
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
