! SPDX-License-Identifier: BSD-3-Clause
! Linked into the *_in_common variants of the RANMAR and RM48 scenarios: the program then has its own COMMON
! /RANMA1/ and /R48ST1/ (the originals' layouts, V113 ranmar.F and V116 rm48.F), so the library keeps V113's
! and V116's state in them instead of in its generator, and every scenario's numbers must come out the same
! that way too. Never called: the declaration alone gives the program the blocks.
subroutine declares_ranma1_r48st1()
  implicit none
  integer :: ijkl, ntot, ntot2, i97, j97
  real :: c, u(97)
  common /ranma1/ ijkl, ntot, ntot2, i97, j97, c, u
  double precision :: u48(97), c48
  integer :: i48, j48
  common /r48st1/ u48, c48, i48, j48
  save /ranma1/, /r48st1/
end subroutine declares_ranma1_r48st1
