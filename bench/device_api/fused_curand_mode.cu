// SPDX-License-Identifier: BSD-3-Clause
// device_api_bench's fused kernels with the device API in its cuRAND-device normal mode. A translation unit of its
// own: the mode is read when gpurng_kernel.h is included. (Device code of separate translation units is compiled
// separately without -rdc; host-compiled, both modes give the portable numbers.)
#define GPURNG_NORMALS_CURAND_DEVICE 1

#include "ours_api.cuh"

namespace bench_dapi {

void launch_fused_ours_curand_mode(Engine e, Draw d, float* out, unsigned long long seed, int per, cudaStream_t st) {
  launch_ours(e, d, out, seed, per, st);
}

}  // namespace bench_dapi
