# SPDX-License-Identifier: BSD-3-Clause
# cmake -DPROGRAM=<fortran_pricing_libor> -P check_pricing_libor.cmake
# Passes when examples/fortran/pricing_libor.f90 exits with status 0, prints "pricing_libor: ok", and prints a
# line for each of the caplets 1, 4, 8, 20 and 39 with Black's value (the program itself stops with a nonzero
# code if a caplet is more than 5 standard errors from it, or on any status but GPURNG_STATUS_SUCCESS).
# (PASS_REGULAR_EXPRESSION alone would ignore the exit status, hence this script.)
execute_process(COMMAND ${PROGRAM} RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE out
                ECHO_OUTPUT_VARIABLE ECHO_ERROR_VARIABLE)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "fortran_pricing_libor exited with '${rc}', expected 0")
endif()
if(NOT out MATCHES "(^|\n)pricing_libor: ok(\n|$)")
  message(FATAL_ERROR "fortran_pricing_libor did not print 'pricing_libor: ok'")
endif()
foreach(caplet "1 .*4\\.86238215842035E-04" "4 .*9\\.35732197493623E-04" "8 .*1\\.25708332632615E-03"
               "20 .*1\\.70385381457786E-03" "39 .*1\\.86440196173416E-03")
  if(NOT out MATCHES "\n *${caplet} +[-+][0-9]+\\.[0-9][0-9] s\\.e\\.")
    message(FATAL_ERROR "fortran_pricing_libor printed no line for caplet '${caplet}'")
  endif()
endforeach()
message(STATUS "fortran_pricing_libor: exit status 0, 'pricing_libor: ok', caplets 1, 4, 8, 20, 39 within 5 s.e. "
               "of Black's values")
