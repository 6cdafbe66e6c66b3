! SPDX-License-Identifier: BSD-3-Clause
! CERNLIB V116 RM48 state read and written directly in COMMON /R48ST1/ (U(97), C, I97,
! J97; CERNLIB V116 rm48.F, docs/LEGACY.md). Only meaningful if the library keeps RM48's
! live state in the program's /R48ST1/; kept apart from the stream tests. A 48-bit exact
! zero cannot be found by scanning (about one per 2**48 draws), so this is the only way
! to check RM48's replacement 2**-49.
program rm48_live_common
  implicit none
  external rm48, rm48in, rm48ut
  double precision :: u(97), c
  integer :: i97, j97
  common /r48st1/ u, c, i97, j97
  double precision :: d(10), cn
  integer :: k
  integer(8) :: h

  call rm48in(8675309, 0, 0)
  call rm48(d, 10)
  call putdv('d', d, 10, 10)
  call puti('r48st1.i97', i97); call puti('r48st1.j97', j97); call putd('r48st1.c', c)
  h = 0
  do k = 1, 97
    call hashd(h, u(k))
  end do
  call putz('r48st1.uhash', int(h, 4))
  cn = c - 7654321.0d0 / 16777216.0d0
  if (cn < 0.0d0) cn = cn + 16777213.0d0 / 16777216.0d0
  u(i97) = u(j97) + cn
  if (u(i97) >= 1.0d0) u(i97) = u(i97) - 1.0d0
  call rm48(d, 3)
  call putdv('zero', d, 3, 3)
  call check('zero.twom49', d(1) == 2.0d0**(-49))
end program rm48_live_common
