// SPDX-License-Identifier: BSD-3-Clause
// The pricers' GPU launcher in fast_mode (gpurng_pricing.h): the device API's cuRAND-device normals (cuRAND's own
// formulas and intrinsics) and, through GPURNG_PRICING_FAST, CUDA's expf / exp / atanf / atan in the models and
// the Asian basket in log prices. A translation unit of its own, so that the exact kernels keep their functions.
#define GPURNG_NORMALS_CURAND_DEVICE 1
#define GPURNG_PRICING_FAST 1
#include <cuda_runtime.h>
#include <stdint.h>

#include <type_traits>

#include "../backends/cuda/cuda_runtime.hpp"
#include "../solvers/tridiag_cuda.hpp"
#include "pricing_launch.hpp"
#include "source_dispatch.hpp"

#define GPURNG_PRICING_CUDA_NS cuda_fast
#include "pricing_cuda_launch.inc"
