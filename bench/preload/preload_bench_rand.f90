! SPDX-License-Identifier: BSD-3-Clause
! Per-call cost of gfortran's RAND() and IRAND() in an unmodified program (see preload_bench.c): prints
! name, calls, ns per call (best of 5 passes) and a checksum of the values.
program preload_bench_rand
  implicit none
  integer, parameter :: passes = 5
  integer(8) :: calls, i, t0, t1, rate, best
  integer :: pass
  character(len=32) :: arg
  real :: x
  integer :: k
  integer(8) :: sum
  calls = 20000000_8
  if (command_argument_count() > 0) then
    call get_command_argument(1, arg)
    read (arg, *) calls
  end if
  best = huge(best)
  do pass = 1, passes
    call srand(1)
    sum = 0
    call system_clock(t0, rate)
    do i = 1, calls
      x = rand()
      sum = sum + transfer(x, k)
    end do
    call system_clock(t1)
    best = min(best, t1 - t0)
  end do
  write (*, '(a,1x,i0,1x,f0.3,1x,z16.16)') 'RAND', calls, real(best, 8) / rate * 1d9 / calls, sum
  best = huge(best)
  do pass = 1, passes
    call srand(1)
    sum = 0
    call system_clock(t0, rate)
    do i = 1, calls
      k = irand()
      sum = sum + k
    end do
    call system_clock(t1)
    best = min(best, t1 - t0)
  end do
  write (*, '(a,1x,i0,1x,f0.3,1x,z16.16)') 'IRAND', calls, real(best, 8) / rate * 1d9 / calls, sum
end program preload_bench_rand
