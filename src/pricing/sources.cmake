# SPDX-License-Identifier: BSD-3-Clause
# Sources of the Monte Carlo / RQMC pricers (gpurng_pricing.h), added to target gpurng by src/CMakeLists.txt.
#   asian_basket.hpp, garch_lookback.hpp, libor_caplets.hpp, mbs.hpp   one model each: path step and payoff,
#                                                                       GPURNG_HD, shared by both backends
#   path_normals.hpp, pricing_plan.hpp, sample_statistics.hpp           the paths' normals and how samples combine
#   pricing_api.cpp        the C boundary (checks, the host block of the model's arrays, replications)
#   plan_from_options.cpp  the options' engine, paths and quasi-random tables as the backends' plan
#   pricing_cpu_<model>.cpp  CPU threads, one chunk of 256 paths a task (pricing_cpu_copies.inc: pricing_cpu_kernels.inc
#                            per instruction set), a file a model so that they compile in parallel
#   pricing_cuda.cu        GPU, exact: a thread a path (a chunk a block), or a thread a chunk for stream engines
#   pricing_cuda_fast.cu   GPU, fast_mode: the same launcher (pricing_cuda_launch.inc) on CUDA's fast functions
target_sources(
  gpurng_objects PRIVATE pricing/pricing_api.cpp pricing/plan_from_options.cpp pricing/pricing_cpu_asian_basket.cpp
                 pricing/pricing_cpu_garch_lookback.cpp pricing/pricing_cpu_libor_caplets.cpp pricing/pricing_cpu_mbs.cpp)
if(GPURNG_HAVE_CUDA)
  target_sources(gpurng_objects PRIVATE pricing/pricing_cuda.cu pricing/pricing_cuda_fast.cu)
endif()
if(NOT GPURNG_PRICING_CPU_LANES)
  target_compile_definitions(gpurng_objects PRIVATE GPURNG_PRICING_CPU_NO_LANES=1)
endif()
