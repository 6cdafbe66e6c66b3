! SPDX-License-Identifier: BSD-3-Clause
! CERNLIB V113 RANMAR state read and written directly in COMMON /RANMA1/ (IJKL, NTOT,
! NTOT2, I97, J97, C, U(97); CERNLIB V113 ranmar.F, docs/LEGACY.md). Only meaningful if
! the library keeps RANMAR's live state in the program's /RANMA1/; kept apart from the
! stream tests. It is the only way to reach the second half of the V113 zero policy: a
! raw zero while U(2) = 0 gives 2**-48. Also: a counter carry (NTOT near 10**9), which
! would otherwise need 10**9 draws.
program ranmar_live_common
  implicit none
  external ranmar, rmarin, rmarut
  integer :: ijkl, ntot, ntot2, i97, j97
  real :: c, u(97)
  common /ranma1/ ijkl, ntot, ntot2, i97, j97, c, u
  real :: v(10), cn
  integer :: n1, n2, n3, k
  integer(8) :: h

  call rmarin(8675309, 0, 0)
  call ranmar(v, 10)
  call putrv('v', v, 10, 10)
  call puti('ranma1.ijkl', ijkl); call puti('ranma1.ntot', ntot); call puti('ranma1.ntot2', ntot2)
  call puti('ranma1.i97', i97); call puti('ranma1.j97', j97); call putr('ranma1.c', c)
  h = 0
  do k = 1, 97
    call hashr(h, u(k))
  end do
  call putz('ranma1.uhash', int(h, 4))
  ! counter carry
  ntot = 999999995
  call ranmar(v, 10)
  call rmarut(n1, n2, n3)
  call puti('carry.ntot', n2); call puti('carry.ntot2', n3)
  call check('carry', n2 == 5 .and. n3 == 1)
  ! next raw output 0 with the natural U(2): 2**-24*U(2)
  call ranmar(v, 3)            ! now I97 = 97 - 23 = 74, away from 2
  cn = c - 7654321.0 / 16777216.0
  if (cn < 0.0) cn = cn + 16777213.0 / 16777216.0
  u(i97) = u(j97) + cn
  if (u(i97) >= 1.0) u(i97) = u(i97) - 1.0
  call ranmar(v, 2)
  call putrv('zero.natural.u2', v, 2, 2)
  call check('zero.natural.u2', v(1) == 2.0**(-24) * u(2))
  ! the same with U(2) = 0: 2**-48
  cn = c - 7654321.0 / 16777216.0
  if (cn < 0.0) cn = cn + 16777213.0 / 16777216.0
  u(i97) = u(j97) + cn
  if (u(i97) >= 1.0) u(i97) = u(i97) - 1.0
  u(2) = 0.0
  call ranmar(v, 2)
  call putrv('zero.u2zero', v, 2, 2)
  call check('zero.u2zero.twom48', v(1) == 2.0**(-48))
  call rmarut(n1, n2, n3)
  call puti('end.ntot', n2); call puti('end.ntot2', n3)
end program ranmar_live_common
