# SPDX-License-Identifier: BSD-3-Clause
# cmake -DPROGRAM=<fortran_api_example> -P check_api_example.cmake
# Passes when the example exits with status 0 and prints the published RM48/RMMARD vector (draws 1-5
# times 2**48, P3 of tests/kat/ranmar_published.txt), draw 1 as a decimal, and status 101 for the
# null-generator call.
# (PASS_REGULAR_EXPRESSION alone would ignore the exit status, hence this script.)
execute_process(COMMAND ${PROGRAM} RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE out
                ECHO_OUTPUT_VARIABLE ECHO_ERROR_VARIABLE)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "fortran_api_example exited with '${rc}', expected 0")
endif()
set(i 0)
foreach(hex 7974F0955BF5 CCFD0915CD3C 842FC48EE04D 4D76475F803E 04DE467DA9ED)
  math(EXPR i "${i} + 1")
  if(NOT out MATCHES "\n *${i} +${hex} ")
    message(FATAL_ERROR "fortran_api_example did not print value ${i} as ${hex}")
  endif()
endforeach()
foreach(pattern " 1 +7974F0955BF5 +0\\.474440609421396" "null generator: status 101 ")
  if(NOT out MATCHES "${pattern}")
    message(FATAL_ERROR "fortran_api_example output lacks '${pattern}'")
  endif()
endforeach()
message(STATUS "fortran_api_example: exit status 0, the five published values and status 101 found")
