# SPDX-License-Identifier: BSD-3-Clause
# cmake -DMPIRUN=<mpiexec> "-DFLAGS=<extra mpirun flags>" -DPROGRAM=<corsika_mpi> -P check_corsika_mpi.cmake
# Runs the program on 1, 2 and 3 ranks: each run must print "corsika_mpi: ok", and the sub-showers' checksums must be
# the same for every rank count.
set(first "")
separate_arguments(flags UNIX_COMMAND "${FLAGS}")
foreach(n 1 2 3)
  execute_process(COMMAND ${MPIRUN} -n ${n} ${flags} ${PROGRAM} RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
  message("${n} ranks:\n${out}${err}")
  if(NOT rc EQUAL 0 OR NOT out MATCHES "corsika_mpi: ok")
    message(FATAL_ERROR "corsika_mpi on ${n} ranks failed (exit ${rc})")
  endif()
  string(REGEX MATCHALL "sub-shower +[0-9]+ checksum [0-9A-F]+" sums "${out}")
  if(n EQUAL 1)
    set(first "${sums}")
  elseif(NOT sums STREQUAL first)
    message(FATAL_ERROR "the checksums on ${n} ranks differ from those on 1 rank")
  endif()
endforeach()
