# SPDX-License-Identifier: BSD-3-Clause
# Sources of the device API's library entry points (gpurngInitStates*, declared in gpurng_kernel.h), added to
# target gpurng by src/CMakeLists.txt. The device API itself is header-only (include/gpurng/device/).
#   init_states.cpp        the C boundary: argument checks, host or device memory, dispatch
#   memory_kind.cpp        host, device, or device memory this build or machine cannot reach
#   init_states_cpu.cpp    host memory: CPU thread pool (XORWOW by the doubling passes of xorwow_doubling.hpp)
#   init_states_cuda.cu    device memory: kernels on the caller's stream (CUDA builds only)
target_sources(gpurng_objects PRIVATE device_api/init_states.cpp device_api/memory_kind.cpp device_api/init_states_cpu.cpp)
if(GPURNG_HAVE_CUDA)
  target_sources(gpurng_objects PRIVATE device_api/init_states_cuda.cu)
endif()
# memory_kind.cpp asks an already loaded CUDA driver about foreign device pointers (dlopen RTLD_NOLOAD).
target_link_libraries(gpurng_objects PUBLIC ${CMAKE_DL_LIBS})
