# SPDX-License-Identifier: BSD-3-Clause
# Builds examples/fortran/api_example.f90 (the `gpurng` Fortran module on the published RM48 vector) as
# target fortran_api_example. Included by tests/fortran/CMakeLists.txt, which runs it as the ctest
# test_fortran_api_example; including it a second time (e.g. from examples/) keeps the one target.
if(TARGET gpurng_fortran AND NOT TARGET fortran_api_example)
  add_executable(fortran_api_example ${CMAKE_CURRENT_LIST_DIR}/api_example.f90)
  target_link_libraries(fortran_api_example PRIVATE gpurng_fortran gpurng::gpurng)
  target_compile_options(fortran_api_example PRIVATE $<$<Fortran_COMPILER_ID:GNU>:-std=f2018 -Wall -pedantic>)
endif()
