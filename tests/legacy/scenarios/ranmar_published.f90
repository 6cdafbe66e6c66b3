! SPDX-License-Identifier: BSD-3-Clause
! CERNLIB V113 RANMAR after RMARIN: published vectors P1 (IJKL 54217137, draws
! 20001..20006) and P2 (IJKL 1, draw 10000), checked here against the published
! integers; the same draws in different vector lengths; RMARUT counters.
program ranmar_published
  implicit none
  external ranmar, rmarin, rmarut
  integer, parameter :: p1(6) = [6533892, 14220222, 7275067, 6172232, 8354498, 10633180]
  real, allocatable :: r(:)
  real :: v(6), w(6)
  integer :: k, n1, n2, n3, done, lenv, st
  logical :: ok
  integer, external :: nextlen

  allocate(r(20000))
  call rmarin(54217137, 0, 0)
  call rmarut(n1, n2, n3)
  call puti('p1.rmarut.ijkl', n1); call puti('p1.rmarut.ntot', n2); call puti('p1.rmarut.ntot2', n3)
  call ranmar(r, 20000)
  call putrv('p1.first20000', r, 20000, 0)
  call ranmar(v, 6)
  call putrv('p1.v', v, 6, 6)
  ok = .true.
  do k = 1, 6
    call puti('p1.int', int(v(k) * 16777216.0))
    ok = ok .and. int(v(k) * 16777216.0) == p1(k) .and. real(p1(k)) / 16777216.0 == v(k)
  end do
  call check('P1.ranmar', ok)
  call rmarut(n1, n2, n3)
  call puti('p1.rmarut.ijkl', n1); call puti('p1.rmarut.ntot', n2); call puti('p1.rmarut.ntot2', n3)
  call check('P1.rmarut', n1 == 54217137 .and. n2 == 20006 .and. n3 == 0)

  ! the same 20006 draws in a schedule of vector lengths (including LENV = 0)
  call rmarin(54217137, 0, 0)
  done = 0
  st = 7
  do while (done < 20000)
    lenv = min(nextlen(st), 20000 - done)
    if (mod(st, 13) == 0) lenv = 0
    call ranmar(r(done + 1), lenv)
    done = done + lenv
  end do
  call putrv('p1.sched', r, 20000, 0)
  do k = 1, 6
    call ranmar(w(k), 1)
  end do
  call putrv('p1.sched.v', w, 6, 6)
  call check('P1.schedule', all(transfer(w, 0, 6) == transfer(v, 0, 6)))
  call rmarut(n1, n2, n3)
  call puti('p1.sched.rmarut.ntot', n2)

  ! P2: IJKL = 1, the 10000th output
  call rmarin(1, 0, 0)
  call ranmar(r, 9999)
  call ranmar(v, 1)
  call putr('p2.v10000', v(1))
  call puti('p2.int', int(v(1) * 16777216.0))
  call check('P2.ranmar', int(v(1) * 16777216.0) == 14428370)
  call rmarut(n1, n2, n3)
  call puti('p2.rmarut.ijkl', n1); call puti('p2.rmarut.ntot', n2); call puti('p2.rmarut.ntot2', n3)
end program ranmar_published
