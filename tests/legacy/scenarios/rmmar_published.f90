! SPDX-License-Identifier: BSD-3-Clause
! CERNLIB V113 RMMAQ blank + RMMAR on sequence 1: published vector P1, checked
! here. Blank writes 54217137,0,0 into the caller's array and selects sequence 1;
! blank with ISEQ = 3 initialises sequence 3 (P1 again there). The state lives in
! the program's /RANMA2/ (1 + 103*4 words here), printed word by word.
program rmmar_published
  implicit none
  external rmmar, rmmaq
  integer, parameter :: p1(6) = [6533892, 14220222, 7275067, 6172232, 8354498, 10633180]
  integer :: jseq, iu(103*4)
  common /ranma2/ jseq, iu
  real :: r(20000), v(6)
  integer :: is(103), iseq, k
  logical :: ok

  is = -9
  iseq = 0
  call rmmaq(is, iseq, ' ')
  call puti('blank.iseed1', is(1)); call puti('blank.iseed2', is(2)); call puti('blank.iseed3', is(3))
  call puti('blank.iseed4.untouched', is(4))
  call puti('blank.iseq', iseq)
  call puti('blank.jseq', jseq)
  call check('blank.writes.default', is(1) == 54217137 .and. is(2) == 0 .and. is(3) == 0)
  call dumprec(1)
  call rmmar(r, 20000, 1)
  call putrv('seq1.first20000', r, 20000, 0)
  call rmmar(v, 6, 1)
  call putrv('seq1.p1', v, 6, 6)
  ok = .true.
  do k = 1, 6
    ok = ok .and. int(v(k) * 16777216.0) == p1(k)
  end do
  call check('P1.rmmar.seq1', ok)
  iseq = 0
  call rmmaq(is, iseq, 'R')
  call puti('R.iseq.written.back', iseq)
  call puti('R.ijkl', is(1)); call puti('R.ntot', is(2)); call puti('R.ntot2', is(3))
  call check('R.counters', is(1) == 54217137 .and. is(2) == 20006 .and. is(3) == 0 .and. iseq == 1)
  call dumprec(1)

  ! blank with ISEQ = 3: sequence 3, despite the write-up
  is = -9
  iseq = 3
  call rmmaq(is, iseq, ' ')
  call puti('blank3.jseq', jseq)
  call puti('blank3.iseq', iseq)
  call dumprec(3)
  call rmmar(r, 20000, 0)
  call rmmar(v, 6, 0)
  call putrv('seq3.p1', v, 6, 6)
  ok = .true.
  do k = 1, 6
    ok = ok .and. int(v(k) * 16777216.0) == p1(k)
  end do
  call check('P1.rmmar.seq3.blank.iseq3', ok)
  call dumprec(3)
  call dumprec(1)

contains
  subroutine dumprec(ks)
    integer, intent(in) :: ks
    integer :: b, w
    character(len=40) :: t
    b = (ks - 1) * 103
    do w = 1, 103
      write(t, '(A,I0,A,I0)') 'ranma2.seq', ks, '.w', w - 1
      call putz(trim(t), iu(b + w))
    end do
  end subroutine dumprec
end program rmmar_published
