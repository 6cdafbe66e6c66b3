// SPDX-License-Identifier: BSD-3-Clause
// The elementary functions of the models' path steps, overloaded on the path precision: the library's portable
// functions (include/gpurng/distributions/portable_math.hpp), which give the same bits on the CPU and the GPU.
// The pricing sources are compiled without contraction (-ffp-contract=off, --fmad=false), so a model's plain
// expressions round alike on both backends too.
#pragma once

#include "gpurng/distributions/portable_math.hpp"
#include "gpurng/hd.hpp"

namespace gpurng {
namespace pricing {

// fast_mode's GPU kernels (pricing_cuda_fast.cu) take CUDA's functions instead; their host side stays portable.
#if defined(GPURNG_PRICING_FAST) && defined(__CUDA_ARCH__)
#define GPURNG_PRICING_FAST_DEVICE 1
GPURNG_HD float path_exp(float x) { return __expf(x); }
GPURNG_HD double path_exp(double x) { return ::exp(x); }
GPURNG_HD float path_sqrt(float x) { return ::sqrtf(x); }
GPURNG_HD double path_sqrt(double x) { return ::sqrt(x); }
GPURNG_HD float path_atan(float x) { return ::atanf(x); }
GPURNG_HD double path_atan(double x) { return ::atan(x); }
#else
#define GPURNG_PRICING_FAST_DEVICE 0
GPURNG_HD float path_exp(float x) { return pmath::expf(x); }
GPURNG_HD double path_exp(double x) { return pmath::exp(x); }
GPURNG_HD float path_sqrt(float x) { return pmath::detail::sqrt(x); }
GPURNG_HD double path_sqrt(double x) { return pmath::detail::sqrt(x); }
GPURNG_HD float path_atan(float x) { return pmath::atanf(x); }
GPURNG_HD double path_atan(double x) { return pmath::atan(x); }
#endif
template <typename T>
GPURNG_HD T path_max(T a, T b) {
  return a > b ? a : b;
}

}  // namespace pricing
}  // namespace gpurng
