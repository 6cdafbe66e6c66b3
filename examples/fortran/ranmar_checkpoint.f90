! SPDX-License-Identifier: BSD-3-Clause
! A checkpoint the way old codes take it: CERNLIB's RANMAR keeps its whole state in COMMON /RANMA1/, so a program
! that declares the block saves the state by copying it and restarts by copying it back (here to memory; a code
! would write it to its restart file). Relinked against libgpurng_legacy the program does not change: the library
! keeps the state in the program's block when the program declares one (docs/LEGACY.md), and the restored run
! gives the same numbers. Built twice, against the library and against a straight Fortran RANMAR (tests/legacy
! reference), and ctest requires the same output from both.
program ranmar_checkpoint
  implicit none
  external ranmar, rmarin
  integer :: ijkl, ntot, ntot2, i97, j97
  real :: c, u(97)
  common /ranma1/ ijkl, ntot, ntot2, i97, j97, c, u
  integer :: saved_ints(5)
  real :: saved_c, saved_u(97)
  real :: first(1000), again(1000), v(7)
  integer :: k

  call rmarin(19780503, 0, 0)
  do k = 1, 100                       ! some work before the checkpoint, in calls of 7
    call ranmar(v, 7)
  end do
  saved_ints = [ijkl, ntot, ntot2, i97, j97]   ! the checkpoint: the block as it stands
  saved_c = c
  saved_u = u
  call ranmar(first, 1000)
  print '(a, 3(1x, z8.8))', 'after the checkpoint:', first(1), first(500), first(1000)
  print '(a, 3i12)', 'counters at the checkpoint (IJKL, NTOT, NTOT2):', saved_ints(1:3)

  call rmarin(1, 0, 0)                 ! something else in between
  call ranmar(v, 7)

  ijkl = saved_ints(1); ntot = saved_ints(2); ntot2 = saved_ints(3)   ! the restart
  i97 = saved_ints(4); j97 = saved_ints(5)
  c = saved_c
  u = saved_u
  call ranmar(again, 1000)
  print '(a, 3(1x, z8.8))', 'after the restart:   ', again(1), again(500), again(1000)
  if (all(transfer(first, 0, 1000) == transfer(again, 0, 1000))) then
    print '(a)', 'restart from the saved /RANMA1/: same numbers'
  else
    print '(a)', 'restart from the saved /RANMA1/: DIFFERENT numbers'
    stop 1
  end if
end program ranmar_checkpoint
