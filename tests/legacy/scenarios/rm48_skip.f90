! SPDX-License-Identifier: BSD-3-Clause
! CERNLIB V116 RM48IN skip bug and counters: every pass whose length NOW (10**9, the
! last one NTOT) is > 0 prints ' RM48IN SKIPPING OVER' NOW and then takes NTOT
! steps, so the skip is (NTOT2+1)*NTOT, or 0 when NTOT = 0; RM48IN(s,5,1) = (s,10,0);
! negative inputs become 0; counters are cumulative; a restart from RM48UT with
! NTOT2 = 0 continues exactly, one with NTOT2 > 0 does not.
program rm48_skip
  implicit none
  external rm48, rm48in, rm48ut
  integer, parameter :: s = 7777777
  double precision :: a(100), v(5)
  integer :: n1, n2, n3

  call rm48in(s, 0, 0)
  call rm48(a, 100)
  call putdv('fresh', a, 100, 0)

  call rm48in(s, 5, 1)
  call rm48(v, 5)
  call putdv('s.5.1', v, 5, 5)
  call check('5.1.is.10.0', all(transfer(v, 0_8, 5) == transfer(a(11:15), 0_8, 5)))
  call rm48ut(n1, n2, n3)
  call puti('s.5.1.ut.ijkl', n1); call puti('s.5.1.ut.ntot', n2); call puti('s.5.1.ut.ntot2', n3)
  call check('5.1.counters', n2 == 10 .and. n3 == 1)
  ! restart from (s,10,1): skips 2*10 = 20, not the 10**9+10 it stands for
  call rm48in(n1, n2, n3)
  call rm48(v, 5)
  call putdv('restart.10.1', v, 5, 5)
  call check('restart.10.1.is.20', all(transfer(v, 0_8, 5) == transfer(a(21:25), 0_8, 5)))

  call rm48in(s, 3, 2)
  call rm48(v, 5)
  call putdv('s.3.2', v, 5, 5)
  call check('3.2.is.9', all(transfer(v, 0_8, 5) == transfer(a(10:14), 0_8, 5)))

  call rm48in(s, 0, 3)
  call rm48(v, 5)
  call putdv('s.0.3', v, 5, 5)
  call check('0.3.is.0', all(transfer(v, 0_8, 5) == transfer(a(1:5), 0_8, 5)))
  call rm48ut(n1, n2, n3)
  call puti('s.0.3.ut.ntot', n2); call puti('s.0.3.ut.ntot2', n3)

  call rm48in(s, -4, -2)
  call rm48(v, 5)
  call putdv('s.neg', v, 5, 5)
  call check('neg.is.0', all(transfer(v, 0_8, 5) == transfer(a(1:5), 0_8, 5)))
  call rm48ut(n1, n2, n3)
  call puti('s.neg.ut.ntot', n2); call puti('s.neg.ut.ntot2', n3)

  call rm48in(s, 7, -1)
  call rm48(v, 5)
  call putdv('s.7.neg', v, 5, 5)
  call check('7.neg.is.7', all(transfer(v, 0_8, 5) == transfer(a(8:12), 0_8, 5)))

  ! NTOT2 = 0: restart from RM48UT continues exactly
  call rm48in(s, 0, 0)
  call rm48(a, 37)
  call rm48ut(n1, n2, n3)
  call puti('cont.ut.ntot', n2)
  call rm48in(n1, n2, n3)
  call rm48(v, 5)
  call putdv('cont.v', v, 5, 5)
  call rm48ut(n1, n2, n3)
  call puti('cont.ut.ntot.after', n2)
  call check('cont.equals.fresh38', all(transfer(v, 0_8, 5) == transfer(a(38:42), 0_8, 5)))
  ! a 10**6-step skip (prints its pass)
  call rm48in(s, 1000000, 0)
  call rm48(v, 5)
  call putdv('skip1e6', v, 5, 5)
  call rm48ut(n1, n2, n3)
  call puti('skip1e6.ut.ntot', n2)
end program rm48_skip
