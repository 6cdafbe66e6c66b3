! SPDX-License-Identifier: BSD-3-Clause
! CERNLIB V113 RMMAQ 'RV'/'SV' vectors in memory (103 words: IJKL, NTOT, NTOT2,
! U(1..97) and C as float32 bit patterns, I97, J97): round trips, copying a state
! into another sequence, 'VS', crafted counters (one carry per call, also from an
! NTOT already above 10**9), and crafted states whose next raw output is exactly 0:
! on sequence 2 (-> 2**-24 * U(2) of sequence 1), with sequence 1's U(2) = 0
! (-> 2**-48), and on sequence 1 on the step that rewrites its own U(2).
program rmmaq_vectors
  implicit none
  external rmmar, rmmaq
  integer :: jseq, iu(103*4)
  common /ranma2/ jseq, iu
  integer :: is(103), v(103), w(103), x(103), iseq, k
  real :: a(10), b(10), y, cp
  character(len=40) :: t

  is(1:3) = [20240601, 0, 0]
  call rmmaq(is, 1, 'S')
  is(1:3) = [31415926, 17, 0]
  call rmmaq(is, 2, 'S')
  call rmmar(a, 123, 2)
  call rmmar(a, 50, 1)
  iseq = 0
  v = -9
  call rmmaq(v, iseq, 'RV')
  call puti('RV.iseq.written.back', iseq)
  do k = 1, 103
    write(t, '(A,I0)') 'RV.seq1.w', k - 1
    call putz(trim(t), v(k))
  end do
  iseq = 2
  call rmmaq(v, iseq, 'RV')
  do k = 1, 103
    write(t, '(A,I0)') 'RV.seq2.w', k - 1
    call putz(trim(t), v(k))
  end do
  call check('RV.counters', v(1) == 31415926 .and. v(2) == 17 + 123 .and. v(3) == 0)
  call rmmar(a, 10, 2)
  call putrv('seq2.A', a, 10, 10)
  call rmmaq(v, 2, 'SV')
  call rmmar(b, 10, 2)
  call putrv('seq2.B', b, 10, 10)
  call check('RV.SV.roundtrip', all(transfer(a, 0, 10) == transfer(b, 0, 10)))
  call rmmaq(v, 3, 'VS')
  call rmmar(b, 10, 3)
  call putrv('seq3.copy', b, 10, 10)
  call check('SV.copy.to.seq3', all(transfer(a, 0, 10) == transfer(b, 0, 10)))
  is = 0
  call rmmaq(is, 3, 'R')
  call puti('seq3.R.ntot', is(2))

  ! crafted counters
  w = v
  w(2) = 999999995
  w(3) = 4
  call rmmaq(w, 2, 'SV')
  call rmmar(a, 10, 2)
  call putrv('carry.draw', a, 10, 10)
  call rmmaq(is, 2, 'R')
  call puti('carry.ntot', is(2)); call puti('carry.ntot2', is(3))
  call check('carry', is(2) == 5 .and. is(3) == 5)
  w(2) = 1999999999
  w(3) = 0
  call rmmaq(w, 2, 'SV')
  call rmmar(a, 1, 2)
  call rmmaq(is, 2, 'R')
  call puti('carry.once.ntot', is(2)); call puti('carry.once.ntot2', is(3))
  call check('carry.once.per.call', is(2) == 1000000000 .and. is(3) == 1)
  call rmmar(a, 1, 2)
  call rmmaq(is, 2, 'R')
  call puti('carry.again.ntot', is(2)); call puti('carry.again.ntot2', is(3))

  ! crafted zero on sequence 2: I97 = 97, J97 = 33, C = 0.5, U(97) = U(33) + C - CD
  cp = 0.5 - 7654321.0 / 16777216.0
  x = v
  y = transfer(x(3 + 33), 0.0)
  x(101) = transfer(0.5, 0)
  x(102) = 97
  x(103) = 33
  x(3 + 97) = transfer(wrap(y + cp), 0)
  call rmmaq(x, 2, 'SV')
  call rmmar(a, 3, 2)
  call putrv('zero.seq2', a, 3, 3)
  call putz('zero.seq2.seq1.u2', iu(5))
  call check('zero.seq2.uses.seq1.u2', a(1) == 2.0**(-24) * transfer(iu(5), 0.0))
  ! the same with sequence 1's U(2) = 0: 2**-48
  iseq = 1
  call rmmaq(w, iseq, 'RV')
  w(5) = 0
  call rmmaq(w, 1, 'SV')
  call rmmaq(x, 2, 'SV')
  call rmmar(a, 3, 2)
  call putrv('zero.seq2.u2zero', a, 3, 3)
  call check('zero.seq2.u2zero.twom48', a(1) == 2.0**(-48))
  ! and on sequence 3 (sequence 1 still has U(2) = 0)
  call rmmaq(x, 3, 'SV')
  call rmmar(a, 2, 3)
  call putrv('zero.seq3.u2zero', a, 2, 2)
  ! crafted zero on sequence 1 on the step that rewrites U(2): I97 = 2, J97 = 35
  x = w
  y = transfer(x(3 + 35), 0.0)
  x(101) = transfer(0.5, 0)
  x(102) = 2
  x(103) = 35
  x(3 + 2) = transfer(wrap(y + cp), 0)
  call rmmaq(x, 1, 'SV')
  call rmmar(a, 3, 1)
  call putrv('zero.seq1.rewrites.u2', a, 3, 3)
  call putz('zero.seq1.u2.after', iu(5))
  call check('zero.seq1.new.u2', a(1) == 2.0**(-24) * cp)
  ! a zero on sequence 2 now uses sequence 1's new U(2)
  x = v
  y = transfer(x(3 + 33), 0.0)
  x(101) = transfer(0.5, 0)
  x(102) = 97
  x(103) = 33
  x(3 + 97) = transfer(wrap(y + cp), 0)
  call rmmaq(x, 2, 'SV')
  call rmmar(a, 1, 2)
  call putr('zero.seq2.again', a(1))
  do k = 1, 4
    write(t, '(A,I0)') 'final.rec.ntot.seq', k
    call puti(trim(t), iu((k - 1) * 103 + 2))
  end do
  call puti('final.jseq', jseq)

contains
  real function wrap(z)
    real, intent(in) :: z
    wrap = z
    if (wrap >= 1.0) wrap = wrap - 1.0
  end function wrap
end program rmmaq_vectors
