// SPDX-License-Identifier: BSD-3-Clause
// Every device-API call compiled by nvcc for the GPU in the cuRAND-device normal mode, with nvcc's default flags
// (compile only; compile_device_calls.cuh).
#define GPURNG_NORMALS_CURAND_DEVICE 1
#include "compile_device_calls.cuh"
