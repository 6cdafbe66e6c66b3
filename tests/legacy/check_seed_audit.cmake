# SPDX-License-Identifier: BSD-3-Clause
# cmake -DTOOL=<seed_audit_tool> -DDIR=<scratch directory> [-DPYTHON=<python3> -DSCRIPT=<tools/seed_audit.py>]
#       -P check_seed_audit.cmake
# The seeding audit (docs/LEGACY.md): two "ranks" (OMPI_COMM_WORLD_RANK 0 and 1, GPURNG_SEED_AUDIT=DIR) seed their
# RMMAQD sequences; a planted duplicate (IJKL 222222 on both ranks) must be reported with both ranks, and nothing
# when the seeds differ. The library function and the script must give the same report.
function(run_ranks seeds0 seeds1)
  file(REMOVE_RECURSE ${DIR})
  file(MAKE_DIRECTORY ${DIR})
  separate_arguments(a0 UNIX_COMMAND "${seeds0}")
  separate_arguments(a1 UNIX_COMMAND "${seeds1}")
  execute_process(COMMAND ${CMAKE_COMMAND} -E env OMPI_COMM_WORLD_RANK=0 GPURNG_SEED_AUDIT=${DIR} ${TOOL} seed ${a0}
                  RESULT_VARIABLE rc0)
  execute_process(COMMAND ${CMAKE_COMMAND} -E env OMPI_COMM_WORLD_RANK=1 GPURNG_SEED_AUDIT=${DIR} ${TOOL} seed ${a1}
                  RESULT_VARIABLE rc1)
  if(NOT rc0 EQUAL 0 OR NOT rc1 EQUAL 0)
    message(FATAL_ERROR "seed_audit_tool seed failed (${rc0}, ${rc1})")
  endif()
endfunction()

function(expect_report pattern)
  execute_process(COMMAND ${TOOL} report ${DIR} RESULT_VARIABLE rc OUTPUT_VARIABLE out)
  message("${out}")
  if(NOT rc EQUAL 0 OR NOT out MATCHES "${pattern}")
    message(FATAL_ERROR "library report does not match '${pattern}'")
  endif()
  if(PYTHON)
    execute_process(COMMAND ${PYTHON} ${SCRIPT} ${DIR} RESULT_VARIABLE prc OUTPUT_VARIABLE pout)
    message("${pout}")
    if(NOT pout MATCHES "${pattern}")
      message(FATAL_ERROR "tools/seed_audit.py's report does not match '${pattern}'")
    endif()
  endif()
endfunction()

run_ranks("111111 222222 333333" "444444 222222 555555")
expect_report("seed IJKL=222222 NTOT=0 NTOT2=0 \\(RMMAQD\\) seeded 2 times: rank 0 x1 rank 1 x1\n1 seed\\(s\\) used more than once in 8 seedings from 2 file\\(s\\)")
run_ranks("111111 222222 333333" "444444 666666 555555")
expect_report("(^|\n)0 seed\\(s\\) used more than once in 8 seedings from 2 file\\(s\\)")
