# SPDX-License-Identifier: BSD-3-Clause
# cmake -DPROGRAM=<fortran_bs_pde> -P check_bs_pde.cmake
# Passes when examples/fortran/bs_pde.f90 exits with status 0, prints "bs_pde: ok" (the program checks its grid
# against Giles' published implicit value itself), and prints the explicit scheme's price of the European call
# S0 = K = 100 (r 0.05, sigma 0.2, T 1; Smax 200, J 255, N 50000) within 1e-4 of the Black-Scholes formula's
# 10.450583572185565 (the cubic readout of that grid is 5.6e-5 below it; Giles' mean-of-two-nodes readout gives
# 10.45197062362595, 1.4e-3 above).
# (PASS_REGULAR_EXPRESSION alone would ignore the exit status, hence this script.)
execute_process(COMMAND ${PROGRAM} RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE out
                ECHO_OUTPUT_VARIABLE ECHO_ERROR_VARIABLE)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "fortran_bs_pde exited with '${rc}', expected 0")
endif()
if(NOT out MATCHES "(^|\n)bs_pde: ok(\n|$)")
  message(FATAL_ERROR "fortran_bs_pde did not print 'bs_pde: ok'")
endif()
# The line is "explicit        call K= 100.0  price 10.45197062362595  delta ...", 14 decimals (f17.14).
if(NOT out MATCHES "(^|\n)explicit +call +K= *100\\.0 +price +([0-9]+)\\.([0-9][0-9][0-9][0-9][0-9][0-9][0-9][0-9][0-9][0-9][0-9][0-9][0-9][0-9]) ")
  message(FATAL_ERROR "fortran_bs_pde printed no explicit price for K=100 with 14 decimals")
endif()
# Compare in units of 1e-14 with CMake's 64-bit integer arithmetic (leading zeros of the fraction stripped so
# that math(EXPR) does not read them as octal).
set(whole "${CMAKE_MATCH_2}")
set(digits "${CMAKE_MATCH_3}")
string(REGEX REPLACE "^0+([0-9])" "\\1" fraction "${digits}")
string(REGEX REPLACE "^0+([0-9])" "\\1" whole "${whole}")
math(EXPR scaled "${whole} * 100000000000000 + ${fraction}")
math(EXPR diff "${scaled} - 1045058357218557")
if(diff LESS -10000000000 OR diff GREATER 10000000000)
  message(FATAL_ERROR "explicit price ${whole}.${digits} is not within 1e-4 of 10.450583572185565 "
                      "(difference ${diff}e-14)")
endif()
message(STATUS "fortran_bs_pde: exit status 0, 'bs_pde: ok', explicit price ${whole}.${digits} "
               "within 1e-4 of Black-Scholes 10.450583572185565 (difference ${diff}e-14)")
