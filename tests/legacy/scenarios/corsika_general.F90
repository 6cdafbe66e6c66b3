! SPDX-License-Identifier: BSD-3-Clause
! CORSIKA RMMARD / RMMAQD, built per KSEQ (-DGRK=<KSEQ>); with -DGRDECL the program
! declares /CRRANMA3/ and /CRRANMA4/ itself (KSEQ taken from it) and prints their
! contents, otherwise the library's own KSEQ applies (default 16, or GPURNG_KSEQ).
! Covers: blank (ISEED written back, JSEQ = 1, P3 on sequence 1), option strings
! (case, 'S' first, 12-character copy, blank forms, 'V' alone), 'S' with ISEQ out of
! 1..KSEQ (re-initialises the CURRENT sequence), 'R' with ISEQ 0 / negative (JSEQ
! written back), RMMARD with ISEQ 0, negative and > KSEQ (last sequence reused),
! interleaved sequences with vector lengths 1..10, up to 300 and 100000, skips up to
! 10**6, negative counts, and a save ('R') / restore ('S') / repeat round.
#ifndef GRK
#error "compile with -DGRK=<KSEQ>"
#endif
program corsika_general
  implicit none
  external rmmard, rmmaqd
  integer, parameter :: kseq = GRK
  integer, parameter :: nseq = min(kseq, 6)
#ifdef GRDECL
  double precision :: cd, cint, cm, twom24, twom48
  integer :: modcns
  common /crranma3/ cd, cint, cm, twom24, twom48, modcns
  double precision :: c(kseq), u(97, kseq)
  integer :: ijkl(kseq), i97(kseq), j97(kseq), ntot(kseq), ntot2(kseq), jseq
  common /crranma4/ c, u, ijkl, i97, j97, ntot, ntot2, jseq
#endif
  integer(8), parameter :: p3(5) = [int(z'7974F0955BF5', 8), int(z'CCFD0915CD3C', 8), &
    int(z'842FC48EE04D', 8), int(z'4D76475F803E', 8), int(z'04DE467DA9ED', 8)]
  integer :: is(3), iseq, k, st, st0, call_no, lenv, n, sv(3, 6), q(3), iq
  integer(8) :: h1, h2
  double precision :: d(5)
  double precision, allocatable :: r(:)
  integer, external :: nextlen
  logical :: ok
  character(len=40) :: t

  allocate(r(100000))
  call puti('kseq', kseq)
  is = -9
  iseq = 0
  call rmmaqd(is, iseq, ' ')
  call puti('blank.iseed1', is(1)); call puti('blank.iseed2', is(2)); call puti('blank.iseed3', is(3))
  call puti('blank.iseq', iseq)
#ifdef GRDECL
  call putd('crranma3.cd', cd); call putd('crranma3.cint', cint); call putd('crranma3.cm', cm)
  call putd('crranma3.twom24', twom24); call putd('crranma3.twom48', twom48)
  call puti('crranma3.modcns', modcns)
  call puti('crranma4.jseq', jseq)
#endif
  call rmmard(d, 5, 1)
  call putdv('p3', d, 5, 5)
  ok = .true.
  do k = 1, 5
    ok = ok .and. d(k) == dble(p3(k)) * 2.0d0**(-48)
  end do
  call check('P3.rmmard', ok)
  call query('after.p3')

  ! option strings
  call step('S.seq2', [111111, 0, 0], 2, 'S')
  call step('lower.s', [333333, 0, 0], 1, 's')
  call step('lower.r', [0, 0, 0], 0, 'r')
  call step('lower.v', [0, 0, 0], 1, 'v')
  call step('lower.sv', [0, 0, 0], 1, 'sv')
  call step('lower.rv', [0, 0, 0], 0, 'rv')
  call step('V.alone', [0, 0, 0], 1, 'V')
  call step('Rv.is.R', [0, 0, 0], 1, 'Rv')
  call step('R.iseq0', [0, 0, 0], 0, 'R')
  call step('R.iseqneg', [0, 0, 0], -5, 'R')
  call step('R.iseq2', [0, 0, 0], 2, 'R')
  call step('S.iseq.too.big', [444444, 3, 0], kseq + 1, 'S')
  call step('S.iseq0', [555555, 0, 0], 0, 'S')
  call step('S.iseqneg', [565656, 2, 0], -1, 'S')
  call step('SR.seq1', [666666, 1, 0], 1, 'SR')
  call step('RS.seq2', [777777, 0, 0], 2, 'RS')
  call step('space.S.seq1', [888888, 4, 0], 1, ' S')
  call step('XYZ', [999999, 0, 0], 2, 'XYZ')
  call step('S.at.13', [121212, 0, 0], 2, 'XXXXXXXXXXXXS')
  call step('blank12.S.seq2', [131313, 7, 0], 2, '            S')
  call step('empty', [141414, 0, 0], 0, '')
  call step('blank.iseq.too.big', [1, 1, 1], kseq + 1, ' ')
  call step('long.blank.seq2', [1, 1, 1], 2, '                    ')

  ! negative counts and skips (sequence 1, then re-initialised)
  is = [2003, -3, 0]
  call rmmaqd(is, 1, 'S')
  call rmmard(d, 3, 1)
  call putdv('neg.ntot', d, 3, 3)
  call query1('neg.ntot', 1)
  is = [2003, 5, -1]
  call rmmaqd(is, 1, 'S')
  call rmmard(d, 3, 1)
  call putdv('neg.ntot2', d, 3, 3)
  call query1('neg.ntot2', 1)
  is = [2003, 0, 0]
  call rmmaqd(is, 1, 'S')
  call rmmard(r, 1000, 1)
  is = [2003, 997, 0]
  call rmmaqd(is, 1, 'S')
  call rmmard(d, 3, 1)
  call putdv('skip997', d, 3, 3)
  call check('skip997', all(transfer(d(1:3), 0_8, 3) == transfer(r(998:1000), 0_8, 3)))

  ! interleaved sequences
  do k = 1, nseq
    is = [1000 * k + 7, 0, 0]
    if (k == 2) is(2) = 1000000
    if (k == 3) is(2) = 5
    if (k == 5) is(2) = 123
    call rmmaqd(is, k, 'S')
    write(t, '(A,I0)') 'init.seq', k
    call query1(trim(t), k)
  end do
  st = 4242
  do call_no = 1, 200
    call one(call_no, 'a', h1)
  end do
  do k = 1, nseq
    call rmmaqd(sv(1, k), k, 'R')
  end do
  st0 = st
  h1 = 0
  do call_no = 1, 60
    call one(call_no, 'b', h1)
  end do
  do k = 1, nseq
    call rmmaqd(sv(1, k), k, 'S')
  end do
  st = st0
  h2 = 0
  do call_no = 1, 60
    call one(call_no, 'c', h2)
  end do
  call check('restore.repeats', h1 == h2)
  do k = 1, nseq
    write(t, '(A,I0)') 'final.seq', k
    call query1(trim(t), k)
  end do
#ifdef GRDECL
  call dumpall('final')
#endif

contains
  subroutine step(tag, seed3, iseq0, opt)
    character(len=*), intent(in) :: tag, opt
    integer, intent(in) :: seed3(3), iseq0
    is = seed3
    iseq = iseq0
    call puts('# '//tag)
    call rmmaqd(is, iseq, opt)
    call puti(tag//'.iseq', iseq)
    call puti(tag//'.iseed1', is(1)); call puti(tag//'.iseed2', is(2)); call puti(tag//'.iseed3', is(3))
#ifdef GRDECL
    call dumpall(tag)
#endif
    call query(tag)
    call rmmard(d, 2, 0)
    call putdv(tag//'.draw', d, 2, 2)
  end subroutine step

  ! 'R' with ISEQ = 0: which sequence is current, and its counters (changes nothing)
  subroutine query(tag)
    character(len=*), intent(in) :: tag
    q = -9
    iq = 0
    call rmmaqd(q, iq, 'R')
    call puti(tag//'.Q.jseq', iq)
    call puti(tag//'.Q.ijkl', q(1)); call puti(tag//'.Q.ntot', q(2)); call puti(tag//'.Q.ntot2', q(3))
  end subroutine query

  subroutine query1(tag, ks)
    character(len=*), intent(in) :: tag
    integer, intent(in) :: ks
    q = -9
    iq = ks
    call rmmaqd(q, iq, 'R')
    call puti(tag//'.R.ijkl', q(1)); call puti(tag//'.R.ntot', q(2)); call puti(tag//'.R.ntot2', q(3))
  end subroutine query1

  subroutine one(no, phase, h)
    integer, intent(in) :: no
    character(len=1), intent(in) :: phase
    integer(8), intent(inout) :: h
    character(len=48) :: tg
    integer :: sel
    lenv = nextlen(st)
    sel = mod(st / 7, nseq + 4)
    if (sel < nseq) then
      iseq = sel + 1
    else if (sel == nseq) then
      iseq = 0
    else if (sel == nseq + 1) then
      iseq = -2
    else if (sel == nseq + 2) then
      iseq = kseq + 1
    else
      iseq = kseq + 5
    end if
    call rmmard(r, lenv, iseq)
    write(tg, '(A,A,I0,A,I0,A,I0)') phase, '.call', no, '.iseq', iseq, '.len', lenv
    call putdv(trim(tg), r, lenv, 10)
#ifdef GRDECL
    call puti(trim(tg)//'.jseq', jseq)
#endif
    do n = 1, lenv
      call hashd(h, r(n))
    end do
  end subroutine one

#ifdef GRDECL
  subroutine dumpall(tag)
    character(len=*), intent(in) :: tag
    integer :: ks, w
    integer(8) :: h
    character(len=60) :: tg
    call puti(tag//'.com.jseq', jseq)
    do ks = 1, min(kseq, 6)
      write(tg, '(A,A,I0)') tag, '.com.seq', ks
      call puti(trim(tg)//'.ijkl', ijkl(ks)); call puti(trim(tg)//'.ntot', ntot(ks))
      call puti(trim(tg)//'.ntot2', ntot2(ks)); call puti(trim(tg)//'.i97', i97(ks))
      call puti(trim(tg)//'.j97', j97(ks)); call putd(trim(tg)//'.c', c(ks))
      h = 0
      do w = 1, 97
        call hashd(h, u(w, ks))
      end do
      call putz(trim(tg)//'.uhash', int(h, 4))
    end do
  end subroutine dumpall
#endif
end program corsika_general
