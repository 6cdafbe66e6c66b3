# SPDX-License-Identifier: BSD-3-Clause
# Sources of the one-factor Black-Scholes PDE (gpurng_pde.h), added to target gpurng by src/CMakeLists.txt.
#   bs1d_scheme.hpp        every numerical step, GPURNG_HD, shared by both backends
#   bs1d_api.cpp           the C boundary (checks, host or device)
#   bs1d_cpu.cpp           CPU threads x SIMD lanes (bs1d_cpu_kernels.inc per ISA)
#   bs1d_cuda.cu           GPU: one warp per option, grid in registers (J + 1 <= 1024), else one thread per option
target_sources(gpurng_objects PRIVATE pde/bs1d_api.cpp pde/bs1d_cpu.cpp)
if(GPURNG_HAVE_CUDA)
  target_sources(gpurng_objects PRIVATE pde/bs1d_cuda.cu)
endif()
