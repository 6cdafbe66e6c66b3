! SPDX-License-Identifier: BSD-3-Clause
! CERNLIB V113: RMARUT before anything (zeros), then RANMAR without RMARIN
! (default seed 54217137, counters from 0): P1 at draws 20001..20006.
program ranmar_first_call
  implicit none
  external ranmar, rmarin, rmarut
  integer, parameter :: p1(6) = [6533892, 14220222, 7275067, 6172232, 8354498, 10633180]
  real :: r(20000), v(6)
  integer :: k, n1, n2, n3
  logical :: ok

  n1 = -7; n2 = -7; n3 = -7
  call rmarut(n1, n2, n3)
  call puti('before.rmarut.ijkl', n1); call puti('before.rmarut.ntot', n2)
  call puti('before.rmarut.ntot2', n3)
  call check('rmarut.zeros.before.init', n1 == 0 .and. n2 == 0 .and. n3 == 0)
  call ranmar(r, 1)
  call putr('first.1', r(1))
  call rmarut(n1, n2, n3)
  call puti('after1.rmarut.ijkl', n1); call puti('after1.rmarut.ntot', n2)
  call puti('after1.rmarut.ntot2', n3)
  call ranmar(r(2), 19999)
  call putrv('first20000', r, 20000, 0)
  call ranmar(v, 6)
  call putrv('p1.v', v, 6, 6)
  ok = .true.
  do k = 1, 6
    ok = ok .and. int(v(k) * 16777216.0) == p1(k)
  end do
  call check('P1.default.first.call', ok)
  call rmarut(n1, n2, n3)
  call puti('rmarut.ijkl', n1); call puti('rmarut.ntot', n2); call puti('rmarut.ntot2', n3)
  call check('rmarut.default', n1 == 54217137 .and. n2 == 20006 .and. n3 == 0)
  ! an explicit RMARIN afterwards restarts (and the next RANMAR does not re-initialise)
  call rmarin(54217137, 0, 0)
  call ranmar(v, 3)
  call putrv('restart.v', v, 3, 3)
  call check('restart.first', transfer(v(1), 0) == transfer(r(1), 0))
end program ranmar_first_call
