# SPDX-License-Identifier: BSD-3-Clause
# Builds examples/fortran/bs_pde.f90 (the solver headers, gpurng_pde.h and gpurng_tridiag.h, through the
# `gpurng` Fortran module: Black-Scholes PDE prices, a strided batch of tridiagonal systems, two assets and the heat
# equation by ADI) as target fortran_bs_pde. Included by tests/fortran/CMakeLists.txt, which runs it as the ctest
# test_fortran_bs_pde; including it a second time (e.g. from examples/) keeps the one target.
if(TARGET gpurng_fortran AND NOT TARGET fortran_bs_pde)
  add_executable(fortran_bs_pde ${CMAKE_CURRENT_LIST_DIR}/bs_pde.f90)
  target_link_libraries(fortran_bs_pde PRIVATE gpurng_fortran gpurng::gpurng)
  target_compile_options(fortran_bs_pde PRIVATE $<$<Fortran_COMPILER_ID:GNU>:-std=f2018 -Wall -pedantic>)
endif()
