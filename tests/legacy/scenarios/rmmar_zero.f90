! SPDX-License-Identifier: BSD-3-Clause
! CERNLIB V113 RMMAR zero policy on real zeros of the 24-bit stream (positions from
! tests/legacy/tools/zscan): a raw zero on ANY sequence becomes 2**-24 * U(2) of
! sequence 1 (record 1), so the replacement depends on where sequence 1 stands
! (its U(2) is rewritten on its steps 96, 193, ...). Zero positions used:
!   seed 4471: draw 298; seed 2477: draw 9336; seed 4748: draw 6618;
!   seed 15247: draw 16004 (a step that rewrites U(2)).
! First, with sequence 1 never initialised (record all zero): 2**-48.
program rmmar_zero
  implicit none
  external rmmar, rmmaq
  integer :: jseq, iu(103*3)
  common /ranma2/ jseq, iu
  integer :: is(3), k, n, pos(8)
  real :: a(20000), v(10)
  character(len=40) :: t

  ! sequence 1 untouched: the replacement falls through to 2**-48
  is = [4471, 0, 0]
  call rmmaq(is, 2, 'S')
  call rmmar(a, 297, 2)
  call rmmar(v, 3, 2)
  call putrv('seq1.uninit.seq2.z298', v, 3, 3)
  call check('seq1.uninit.twom48', v(1) == 2.0**(-48))

  ! sequence 1 at several positions; sequence 2 re-initialised by an 'S' skip to 297
  call rmmaq(is, 1, ' ')
  pos = [0, 95, 1, 96, 1, 500, 100000, 3]
  do k = 1, 8
    n = pos(k)
    do while (n > 0)
      call rmmar(a, min(n, 20000), 1)
      n = n - min(n, 20000)
    end do
    is = [4471, 297, 0]
    call rmmaq(is, 2, 'S')
    call rmmar(v, 2, 2)
    write(t, '(A,I0)') 'seq2.z298.step', k
    call putrv(trim(t), v, 2, 2)
    call check(trim(t)//'.is.seq1.u2', v(1) == 2.0**(-24) * transfer(iu(5), 0.0))
    call putz(trim(t)//'.seq1.u2', iu(5))
    call puti(trim(t)//'.seq1.ntot', iu(2))
  end do

  ! sequence 3 (seed 2477, zero at 9336) drawn in one long vector across the zero,
  ! interleaved with sequence 1 and sequence 2 draws
  is = [2477, 0, 0]
  call rmmaq(is, 3, 'S')
  call rmmar(a, 9000, 3)
  call rmmar(v, 7, 1)
  call rmmar(v, 4, 2)
  call rmmar(v, 1, 3)
  call rmmar(a, 1000, 0)
  call putrv('seq3.across.z9336', a, 1000, 0)
  call putr('seq3.z9336', a(335))
  call check('seq3.z9336.is.seq1.u2', a(335) == 2.0**(-24) * transfer(iu(5), 0.0))

  ! sequence 2 = seed 4748 (zero at 6618) as the last element of a vector
  is = [4748, 0, 0]
  call rmmaq(is, 2, 'S')
  call rmmar(a, 6610, 2)
  call rmmar(v, 8, 2)
  call putrv('seq2.z6618.last', v, 8, 8)
  call check('seq2.z6618', v(8) == 2.0**(-24) * transfer(iu(5), 0.0))

  ! a zero on sequence 1 itself, on the step that rewrites U(2) (seed 15247, 16004):
  ! the replacement is the NEW U(2) (recorded value 00774CEE)
  is = [15247, 16000, 0]
  call rmmaq(is, 1, 'S')
  call rmmar(v, 10, 1)
  call putrv('seq1.z16004', v, 10, 10)
  call check('seq1.z16004.new.u2', v(4) == real(int(z'00774CEE')) * 2.0**(-48))
  ! ... which is what a zero on sequence 3 now gets too: re-run sequence 3 to its zero
  is = [2477, 9335, 0]
  call rmmaq(is, 3, 'S')
  call rmmar(v, 1, 3)
  call putr('seq3.z9336.after.seq1.zero', v(1))
  do k = 1, 3
    write(t, '(A,I0)') 'final.ntot.seq', k
    call puti(trim(t), iu((k - 1) * 103 + 2))
  end do
end program rmmar_zero
