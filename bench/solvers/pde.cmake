# SPDX-License-Identifier: BSD-3-Clause
# The Black-Scholes PDE benchmarks (gpurng_pde.h), included from bench/solvers/CMakeLists.txt:
#   pde_cpu_bench  the CPU backend (host memory) against QuantLib's FdBlackScholesVanillaEngine in the same run
#                  (QuantLib through gpurng_solver_oracles, which exists only when the tests are configured)
#   pde_bench      the GPU kernels against a one-launch-per-step explicit kernel and cuSPARSE gtsv2StridedBatch
#                  per implicit step (CUDA builds only)
#   pde_scan_bench the GPU kernels across grid sizes, 64 .. 65536 nodes, against one grid pass a step
#   pde_cpu_long_bench the CPU backend past 1024 nodes against a textbook implicit stepper on one thread
add_executable(pde_cpu_long_bench ${CMAKE_CURRENT_LIST_DIR}/pde_cpu_long_bench.cpp)
target_link_libraries(pde_cpu_long_bench PRIVATE gpurng::gpurng)
add_executable(pde_cpu_bench ${CMAKE_CURRENT_LIST_DIR}/pde_cpu_bench.cpp)
target_link_libraries(pde_cpu_bench PRIVATE gpurng::gpurng)
if(TARGET gpurng_solver_oracles)
  target_link_libraries(pde_cpu_bench PRIVATE gpurng_solver_oracles)
  target_compile_definitions(pde_cpu_bench PRIVATE PDE_BENCH_HAVE_QUANTLIB=1)
endif()

if(GPURNG_HAVE_CUDA)
  if(NOT TARGET CUDA::cusparse)
    find_package(CUDAToolkit QUIET)
  endif()
  if(TARGET CUDA::cusparse)
    add_executable(pde_bench ${CMAKE_CURRENT_LIST_DIR}/pde_bench.cu)
    set_target_properties(pde_bench PROPERTIES CUDA_RUNTIME_LIBRARY Shared)
    target_include_directories(pde_bench PRIVATE ${PROJECT_SOURCE_DIR}/tests/solvers/oracles)  # cuSPARSE by precision
    target_link_libraries(pde_bench PRIVATE gpurng::gpurng CUDA::cudart CUDA::cusparse)
    # The PDE across grid sizes (issue 31), against the bandwidth floor of one grid pass a step.
    add_executable(pde_scan_bench ${CMAKE_CURRENT_LIST_DIR}/pde_scan_bench.cu)
    target_link_libraries(pde_scan_bench PRIVATE gpurng::gpurng CUDA::cudart)
  else()
    message(STATUS "pde_bench not built: cuSPARSE not found")
  endif()
endif()
