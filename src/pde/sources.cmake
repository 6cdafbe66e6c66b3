# SPDX-License-Identifier: BSD-3-Clause
# Sources of gpurng_pde.h (the one-factor Black-Scholes PDE, the ADI steppers), added to target gpurng by
# src/CMakeLists.txt.
#   bs1d_scheme.hpp        every numerical step, GPURNG_HD, shared by both backends
#   bs1d_api.cpp           the C boundary (checks, host or device)
#   bs1d_cpu.cpp           CPU threads x SIMD lanes (bs1d_cpu_kernels.inc per ISA)
#   bs1d_cuda.cu           GPU: one warp per option, grid in registers (J + 1 <= 1024)
#   bs1d_segments_cuda.cu  GPU: implicit and Crank-Nicolson past 1024 nodes in registers, a warp a segment of 32
#                          chunks: which shape takes a grid, and one block an option (to 8192 nodes)
#   bs1d_clusters_cuda.cu  GPU: the same on a thread-block cluster an option (float, 12289 .. 65536 nodes)
#   bs1d_segments_kernel.cuh, bs1d_segments_fabric.cuh  GPU: that kernel, and where an option's blocks meet
#   bs1d_long_cuda.cu      GPU: one block per option, a thread per chunk of 20 .. 32 nodes (the other J + 1 > 1024)
#   bs1d_lane_steps.cuh    GPU: what the register kernels share (coefficients, exercise floor, the time loop)
# and of the ADI steppers:
#   adi_scheme.hpp         the Douglas scheme's arithmetic, GPURNG_HD, and its scalar definition
#   adi_api.cpp            the C boundary (checks, host or device)
#   adi_cpu.cpp            CPU threads (adi_cpu_kernels.inc per ISA)
#   adi_cuda.cu            GPU: a thread per node, then dimension 0's rows in shared tiles, a thread per line of the others
#   adi_sweep.cuh          GPU: one line's LU sweeps in a shared tile (the heat and basket steppers' tiles)
#   basket_adi_scheme.hpp  the multi-asset Black-Scholes PDE's operators and schemes, and their scalar definition
#   basket_adi_tables.hpp  a step's coefficients, made once on the host and read by both steppers
#   basket_adi_api.cpp     its C boundary; basket_adi_cpu.cpp its CPU stepper (basket_adi_cpu_kernels.inc per ISA)
#   basket_adi_cuda.cu     GPU: options side by side, a thread per node, asset 0's lines in shared tiles, a thread per
#                          line of the other assets
target_sources(gpurng_objects PRIVATE pde/bs1d_api.cpp pde/bs1d_cpu.cpp pde/adi_api.cpp pde/adi_cpu.cpp
                                      pde/basket_adi_api.cpp pde/basket_adi_cpu.cpp)
if(GPURNG_HAVE_CUDA)
  target_sources(gpurng_objects PRIVATE pde/bs1d_cuda.cu pde/bs1d_long_cuda.cu pde/bs1d_segments_cuda.cu
                                        pde/bs1d_clusters_cuda.cu pde/adi_cuda.cu pde/basket_adi_cuda.cu)
endif()
