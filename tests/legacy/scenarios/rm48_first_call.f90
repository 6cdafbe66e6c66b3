! SPDX-License-Identifier: BSD-3-Clause
! CERNLIB V116: RM48UT before anything (the original's DATA gives IJKL, NTOT, NTOT2
! = 0, -1, 0), then RM48 without RM48IN: default seed 54217137 with its unit-6
! ' RM48 INITIALIZED:' line, P3 on draws 1..5, counters.
program rm48_first_call
  implicit none
  external rm48, rm48in, rm48ut
  integer(8), parameter :: p3(5) = [int(z'7974F0955BF5', 8), int(z'CCFD0915CD3C', 8), &
    int(z'842FC48EE04D', 8), int(z'4D76475F803E', 8), int(z'04DE467DA9ED', 8)]
  double precision :: d(5)
  integer :: k, n1, n2, n3
  logical :: ok

  n1 = 77; n2 = 77; n3 = 77
  call rm48ut(n1, n2, n3)
  call puti('before.rm48ut.ijkl', n1); call puti('before.rm48ut.ntot', n2)
  call puti('before.rm48ut.ntot2', n3)
  call puts('-- first RM48 call follows')
  call rm48(d, 1)
  call puts('-- first RM48 call done')
  call rm48(d(2), 4)
  call putdv('p3', d, 5, 5)
  ok = .true.
  do k = 1, 5
    ok = ok .and. d(k) == dble(p3(k)) * 2.0d0**(-48)
  end do
  call check('P3.rm48.default.first.call', ok)
  call rm48ut(n1, n2, n3)
  call puti('rm48ut.ijkl', n1); call puti('rm48ut.ntot', n2); call puti('rm48ut.ntot2', n3)
  call check('rm48ut.default', n1 == 54217137 .and. n2 == 5 .and. n3 == 0)
end program rm48_first_call
