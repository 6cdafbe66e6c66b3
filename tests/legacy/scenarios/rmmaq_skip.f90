! SPDX-License-Identifier: BSD-3-Clause
! CERNLIB V113 RMMAQ 'S' skips and cumulative counters (unlike RMARIN): 'S' with
! (s,N,0) lands on fresh draw N+1 and 'R' then reports N+n; a restart from 'R'
! continues exactly; negative NTOT / NTOT2 skip nothing and are kept as given;
! a 10**7-step skip; LENV = 0 leaves the counters alone.
program rmmaq_skip
  implicit none
  external rmmar, rmmaq
  integer :: jseq, iu(103*2)
  common /ranma2/ jseq, iu
  integer :: is(3)
  real :: a(3000), v(10)

  is = [12345678, 0, 0]
  call rmmaq(is, 1, 'S')
  call rmmar(a, 3000, 1)
  call putrv('fresh', a, 3000, 0)

  is = [12345678, 1000, 0]
  call rmmaq(is, 2, 'S')
  call rmmaq(is, 2, 'R')
  call puti('skip1000.R.ntot', is(2))
  call rmmar(v, 10, 2)
  call putrv('skip1000.v', v, 10, 10)
  call check('skip1000', all(transfer(v, 0, 10) == transfer(a(1001:1010), 0, 10)))
  call rmmar(v, 0, 2)
  call rmmaq(is, 2, 'R')
  call puti('skip1000.after.ijkl', is(1)); call puti('skip1000.after.ntot', is(2))
  call puti('skip1000.after.ntot2', is(3))
  call check('cumulative.counter', is(2) == 1010 .and. is(3) == 0)
  call rmmaq(is, 2, 'S')
  call rmmar(v, 5, 2)
  call putrv('restart.v', v, 5, 5)
  call check('restart.continues', all(transfer(v(1:5), 0, 5) == transfer(a(1011:1015), 0, 5)))

  is = [12345678, -5, 0]
  call rmmaq(is, 2, 'S')
  call rmmar(v, 3, 2)
  call putrv('neg.ntot.v', v, 3, 3)
  call check('neg.ntot.noskip', all(transfer(v(1:3), 0, 3) == transfer(a(1:3), 0, 3)))
  call rmmaq(is, 2, 'R')
  call puti('neg.ntot.R.ntot', is(2)); call puti('neg.ntot.R.ntot2', is(3))
  is = [12345678, 5, -1]
  call rmmaq(is, 2, 'S')
  call rmmar(v, 3, 2)
  call putrv('neg.ntot2.v', v, 3, 3)
  call check('neg.ntot2.noskip', all(transfer(v(1:3), 0, 3) == transfer(a(1:3), 0, 3)))
  call rmmaq(is, 2, 'R')
  call puti('neg.ntot2.R.ntot', is(2)); call puti('neg.ntot2.R.ntot2', is(3))

  is = [12345678, 10000000, 0]
  call rmmaq(is, 2, 'S')
  call rmmar(v, 10, 2)
  call putrv('skip1e7.v', v, 10, 10)
  call rmmaq(is, 2, 'R')
  call puti('skip1e7.R.ntot', is(2)); call puti('skip1e7.R.ntot2', is(3))
  ! sequence 1 was not disturbed by any of this
  call rmmar(v, 3, 1)
  call putrv('seq1.continues', v, 3, 3)
end program rmmaq_skip
