! SPDX-License-Identifier: BSD-3-Clause
! CERNLIB V116 RM48 after RM48IN(54217137,0,0): published 48-bit vector P3 (draws
! 1..5), checked here; RM48UT counters; a longer stream in varying vector lengths;
! the unit-6 line ' RM48 INITIALIZED:' is part of the compared output.
program rm48_published
  implicit none
  external rm48, rm48in, rm48ut
  integer(8), parameter :: p3(5) = [int(z'7974F0955BF5', 8), int(z'CCFD0915CD3C', 8), &
    int(z'842FC48EE04D', 8), int(z'4D76475F803E', 8), int(z'04DE467DA9ED', 8)]
  double precision :: d(5), a(30000), b(30000)
  integer :: k, n1, n2, n3, done, lenv, st
  logical :: ok
  integer, external :: nextlen

  call rm48in(54217137, 0, 0)
  call rm48(d, 5)
  call putdv('p3', d, 5, 5)
  ok = .true.
  do k = 1, 5
    ok = ok .and. d(k) == dble(p3(k)) * 2.0d0**(-48)
  end do
  call check('P3.rm48', ok)
  call rm48ut(n1, n2, n3)
  call puti('rm48ut.ijkl', n1); call puti('rm48ut.ntot', n2); call puti('rm48ut.ntot2', n3)
  call check('rm48ut', n1 == 54217137 .and. n2 == 5 .and. n3 == 0)
  call rm48(a, 30000)
  call putdv('next30000', a, 30000, 0)
  call rm48in(54217137, 0, 0)
  call rm48(d, 5)
  done = 0
  st = 3
  do while (done < 30000)
    lenv = min(nextlen(st), 30000 - done)
    call rm48(b(done + 1), lenv)
    done = done + lenv
  end do
  call putdv('sched30000', b, 30000, 0)
  call check('schedule.same', all(transfer(a, 0_8, 30000) == transfer(b, 0_8, 30000)))
  call rm48ut(n1, n2, n3)
  call puti('rm48ut.end.ntot', n2)
end program rm48_published
