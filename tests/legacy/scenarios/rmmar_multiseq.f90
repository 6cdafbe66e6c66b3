! SPDX-License-Identifier: BSD-3-Clause
! CERNLIB V113 RMMAR with five sequences interleaved, vector lengths mostly 1..10,
! some up to 300, a few 100000; ISEQ 0 and negative reuse the last sequence.
! 'S' with skips (up to 10**6) and negative counts; mid-way, every sequence is saved
! ('R' triples for 1..3, 'RV' vectors for 4..5), 60 more calls are made, then all are
! restored ('S' from the triples: cumulative counters, so the skip lands exactly;
! 'SV' from the vectors) and the 60 calls are repeated: identical draws required.
program rmmar_multiseq
  implicit none
  external rmmar, rmmaq
  integer, parameter :: ns = 5
  integer :: jseq, iu(103*ns)
  common /ranma2/ jseq, iu
  integer :: is(103), sv(103, ns), st, st0, call_no, k, iseq, lenv, n
  integer(8) :: h1, h2
  real, allocatable :: r(:)
  integer, external :: nextlen
  character(len=40) :: t

  allocate(r(100000))
  is(1:3) = [54217137, 0, 0];  call rmmaq(is, 1, 'S')
  is(1:3) = [1, 1000000, 0];   call rmmaq(is, 2, 'S')
  is(1:3) = [900000000, 7, 0]; call rmmaq(is, 3, 'S')
  is(1:3) = [4711, -3, 0];     call rmmaq(is, 4, 'S')
  is(1:3) = [271828, 99, -1];  call rmmaq(is, 5, 'S')
  do k = 1, ns
    call rmmaq(is, k, 'R')
    write(t, '(A,I0)') 'init.seq', k
    call puti(trim(t)//'.ijkl', is(1)); call puti(trim(t)//'.ntot', is(2))
    call puti(trim(t)//'.ntot2', is(3))
  end do

  st = 99
  do call_no = 1, 200
    call one(call_no, 'a', h1)
  end do

  ! save everything
  do k = 1, 3
    call rmmaq(sv(1, k), k, 'R')
  end do
  do k = 4, ns
    call rmmaq(sv(1, k), k, 'RV')
  end do
  st0 = st
  h1 = 0
  do call_no = 1, 60
    call one(call_no, 'b', h1)
  end do
  ! restore and repeat
  do k = 1, 3
    call rmmaq(sv(1, k), k, 'S')
  end do
  do k = 4, ns
    call rmmaq(sv(1, k), k, 'SV')
  end do
  st = st0
  h2 = 0
  do call_no = 1, 60
    call one(call_no, 'c', h2)
  end do
  call check('restore.repeats', h1 == h2)
  do k = 1, ns
    call rmmaq(is, k, 'R')
    write(t, '(A,I0)') 'final.seq', k
    call puti(trim(t)//'.ntot', is(2)); call puti(trim(t)//'.ntot2', is(3))
  end do
  iseq = 0
  call rmmaq(is, iseq, 'R')
  call puti('final.R.iseq0', iseq)

contains
  subroutine one(no, phase, h)
    integer, intent(in) :: no
    character(len=1), intent(in) :: phase
    integer(8), intent(inout) :: h
    character(len=40) :: tg
    lenv = nextlen(st)
    iseq = mod(st / 7, ns + 2) - 1     ! -1, 0 (reuse) or 1..ns
    call rmmar(r, lenv, iseq)
    write(tg, '(A,A,I0,A,I0,A,I0)') phase, '.call', no, '.iseq', iseq, '.len', lenv
    call putrv(trim(tg), r, lenv, 10)
    call puti(trim(tg)//'.jseq', jseq)
    do n = 1, lenv
      call hashr(h, r(n))
    end do
  end subroutine one
end program rmmar_multiseq
