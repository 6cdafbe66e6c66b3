// SPDX-License-Identifier: BSD-3-Clause
// Every device-API call compiled by nvcc for the GPU in the default (portable) normal mode, with nvcc's default
// flags (compile only; compile_device_calls.cuh).
#include "compile_device_calls.cuh"
