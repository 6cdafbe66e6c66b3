! SPDX-License-Identifier: BSD-3-Clause
! CERNLIB V113 RMARIN skips and RMARUT counters: RMARIN(s,N,0) skips N steps and
! then resets the counters, so RMARUT reports draws since RMARIN and a restart from
! RMARUT's triple loses the earlier skip; a restart after RMARIN(s,0,0) continues
! exactly; negative NTOT / NTOT2 skip nothing; LENV = 0; a 10**7-step skip; edge seeds.
program ranmar_skip_counters
  implicit none
  external ranmar, rmarin, rmarut
  integer, parameter :: s = 12345678
  real :: a(2000), b(2000), v(10)
  integer :: n1, n2, n3, k, seeds(5)

  ! fresh reference stream of seed s
  call rmarin(s, 0, 0)
  call ranmar(a, 2000)
  call putrv('fresh', a, 2000, 0)

  ! RMARIN(s,1000,0): skip 1000, counters reset
  call rmarin(s, 1000, 0)
  call rmarut(n1, n2, n3)
  call puti('skip1000.rmarut.ijkl', n1); call puti('skip1000.rmarut.ntot', n2)
  call puti('skip1000.rmarut.ntot2', n3)
  call check('rmarin.resets.counters', n1 == s .and. n2 == 0 .and. n3 == 0)
  call ranmar(v, 10)
  call putrv('skip1000.v', v, 10, 10)
  call check('skip1000.equals.fresh1001', all(transfer(v, 0, 10) == transfer(a(1001:1010), 0, 10)))
  call rmarut(n1, n2, n3)
  call puti('skip1000.after10.ntot', n2)
  call check('rmarut.counts.since.rmarin', n2 == 10 .and. n3 == 0)
  ! restart from RMARUT's triple (s,10,0): lands at fresh draw 11, not at 1011
  call rmarin(n1, n2, n3)
  call ranmar(v, 5)
  call putrv('restart.lost.skip', v, 5, 5)
  call check('restart.loses.skip', all(transfer(v(1:5), 0, 5) == transfer(a(11:15), 0, 5)))

  ! RMARIN(s,0,0), 37 draws in pieces, RMARUT, restart: exact continuation
  call rmarin(s, 0, 0)
  call ranmar(b, 30)
  call ranmar(b(31), 0)
  call ranmar(b(31), 7)
  call rmarut(n1, n2, n3)
  call puti('cont.rmarut.ntot', n2)
  call rmarin(n1, n2, n3)
  call ranmar(v, 5)
  call putrv('cont.v', v, 5, 5)
  call check('restart.continues', all(transfer(v(1:5), 0, 5) == transfer(a(38:42), 0, 5)))
  call rmarut(n1, n2, n3)
  call puti('cont.rmarut.ntot.after', n2)

  ! negative counts skip nothing; counters still reset to 0
  call rmarin(s, -5, 0)
  call ranmar(v, 3)
  call putrv('neg.ntot.v', v, 3, 3)
  call check('neg.ntot.noskip', all(transfer(v(1:3), 0, 3) == transfer(a(1:3), 0, 3)))
  call rmarut(n1, n2, n3)
  call puti('neg.ntot.rmarut.ntot', n2); call puti('neg.ntot.rmarut.ntot2', n3)
  call rmarin(s, 5, -1)
  call ranmar(v, 3)
  call putrv('neg.ntot2.v', v, 3, 3)
  call check('neg.ntot2.noskip', all(transfer(v(1:3), 0, 3) == transfer(a(1:3), 0, 3)))
  call rmarut(n1, n2, n3)
  call puti('neg.ntot2.rmarut.ntot', n2); call puti('neg.ntot2.rmarut.ntot2', n3)

  ! a 10**7-step skip
  call rmarin(s, 10000000, 0)
  call ranmar(v, 10)
  call putrv('skip1e7.v', v, 10, 10)
  call rmarut(n1, n2, n3)
  call puti('skip1e7.rmarut.ijkl', n1); call puti('skip1e7.rmarut.ntot', n2)
  call puti('skip1e7.rmarut.ntot2', n3)

  ! edge seeds (0 works, 900000000 is the documented maximum)
  seeds = [0, 1, 30081, 30082, 900000000]
  do k = 1, 5
    call rmarin(seeds(k), 0, 0)
    call ranmar(v, 4)
    call puti('seed', seeds(k))
    call putrv('seed.v', v, 4, 4)
    call ranmar(b, 2000)
    call putrv('seed.more', b, 2000, 0)
  end do
end program ranmar_skip_counters
