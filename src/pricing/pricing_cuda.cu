// SPDX-License-Identifier: BSD-3-Clause
// The pricers' GPU launcher in the exact mode: the models' portable functions and the device API's portable
// normals, the same bits as the CPU backend (pricing_cuda_launch.inc has the launcher).
#include <cuda_runtime.h>
#include <stdint.h>

#include <type_traits>

#include "../backends/cuda/cuda_runtime.hpp"
#include "../solvers/tridiag_cuda.hpp"
#include "pricing_launch.hpp"
#include "source_dispatch.hpp"

#define GPURNG_PRICING_CUDA_NS cuda
#include "pricing_cuda_launch.inc"
