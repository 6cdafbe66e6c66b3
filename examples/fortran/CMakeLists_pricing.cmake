# SPDX-License-Identifier: BSD-3-Clause
# Builds examples/fortran/pricing_libor.f90 (gpurng_pricing.h through the `gpurng` Fortran module: LIBOR market
# model caplets against Black's formula) as target fortran_pricing_libor. Included by examples/CMakeLists.txt and
# by tests/fortran/CMakeLists.txt, which runs it as the ctest test_fortran_pricing_libor; including it a second
# time keeps the one target.
if(TARGET gpurng_fortran AND NOT TARGET fortran_pricing_libor)
  add_executable(fortran_pricing_libor ${CMAKE_CURRENT_LIST_DIR}/pricing_libor.f90)
  target_link_libraries(fortran_pricing_libor PRIVATE gpurng_fortran gpurng::gpurng)
  target_compile_options(fortran_pricing_libor PRIVATE $<$<Fortran_COMPILER_ID:GNU>:-std=f2018 -Wall -pedantic>)
endif()
