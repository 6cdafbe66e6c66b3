! SPDX-License-Identifier: BSD-3-Clause
! Code that works on /CRRANMA4/ directly, as CORSIKA's inline QGRAN (and RANF) and
! EPOS's ranfgt / ranfst do (CORSIKA source, EPOS epos-random.f; docs/LEGACY.md),
! interleaved with RMMARD on several sequences. The program declares /CRRANMA3/ and
! /CRRANMA4/ with KSEQ = GRK.
!  - QGRAN: one RMMARD step on sequence 1 inside the common (CD, CM, TWOM48 from
!    /CRRANMA3/), sets JSEQ = 1 (so a following RMMARD(...,0) draws sequence 1),
!    counts NTOT(1) / NTOT2(1);
!  - ranfgt / ranfst: save and restore sequence 1's C, U, I97, J97, IJKL, NTOT, NTOT2
!    through /EPORANSTO/; after a restore, sequence 1 repeats itself (self-check);
!  - direct writes: NTOT(1) near 10**9 (carry through QGRAN and through RMMARD), and
!    a table entry that makes the next raw output exactly 0 (-> 2**-48) on sequence 1
!    (drawn by RMMARD and by QGRAN) and on sequence 2.
#ifndef GRK
#error "compile with -DGRK=<KSEQ>"
#endif
program corsika_qgran_epos
  implicit none
  external rmmard, rmmaqd
  integer, parameter :: kseq = GRK
  integer, parameter :: nseq = min(kseq, 4)
  double precision :: cd, cint, cm, twom24, twom48
  integer :: modcns
  common /crranma3/ cd, cint, cm, twom24, twom48, modcns
  double precision :: c(kseq), u(97, kseq)
  integer :: ijkl(kseq), i97(kseq), j97(kseq), ntot(kseq), ntot2(kseq), jseq
  common /crranma4/ c, u, ijkl, i97, j97, ntot, ntot2, jseq
  double precision, external :: qgran
  double precision, allocatable :: r(:)
  double precision :: s1(40), s2(40), d(10), b10
  integer :: is(3), k, it, st, lenv, act, iseq, n1, n2, m
  integer, external :: nextlen
  character(len=60) :: t

  allocate(r(100000))
  call rmmaqd(is, 0, ' ')
  do k = 2, nseq
    is = [50000 + k, 3 * k, 0]
    call rmmaqd(is, k, 'S')
  end do
  call putd('crranma3.cd', cd); call putd('crranma3.cm', cm); call putd('crranma3.twom48', twom48)
  call puti('crranma3.modcns', modcns)

  ! mixed traffic
  st = 2718
  b10 = 0.0d0
  do it = 1, 150
    act = mod(st / 11, 5)
    lenv = nextlen(st)
    write(t, '(A,I0,A,I0,A,I0)') 'mix', it, '.act', act, '.len', lenv
    select case (act)
    case (0, 1)
      m = min(lenv, 10)
      do k = 1, m
        d(k) = qgran(b10)
      end do
      call putdv(trim(t)//'.qgran', d, m, 10)
    case (2)
      iseq = 1 + mod(st / 3, nseq)
      call rmmard(r, lenv, iseq)
      call putdv(trim(t)//'.rmmard.seq'//char(48 + iseq), r, lenv, 10)
    case (3)
      call rmmard(r, lenv, 0)
      call putdv(trim(t)//'.rmmard.iseq0', r, lenv, 10)
    case default
      call rmmard(r, min(lenv, 7), 1)
      d(1) = qgran(b10)
      call rmmard(r(8), 2, 0)
      call putdv(trim(t)//'.r1', r, min(lenv, 7), 10)
      call putd(trim(t)//'.q', d(1))
      call putdv(trim(t)//'.r0', r(8), 2, 2)
    end select
    call puti(trim(t)//'.jseq', jseq)
    call puti(trim(t)//'.ntot1', ntot(1))
  end do
  call digest('after.mix')

  ! EPOS save / restore of sequence 1
  call ranfgt()
  call block(s1, 'blockA')
  call digest('after.blockA')
  call ranfst()
  call digest('after.ranfst')
  call block(s2, 'blockB')
  call check('ranfst.repeats.seq1', all(transfer(s1, 0_8, 40) == transfer(s2, 0_8, 40)))

  ! counters written directly
  ntot(1) = 999999995
  n2 = ntot2(1)
  do k = 1, 10
    d(k) = qgran(b10)
  end do
  call putdv('carry.qgran', d, 10, 10)
  call puti('carry.qgran.ntot', ntot(1)); call puti('carry.qgran.ntot2', ntot2(1))
  call check('carry.qgran', ntot(1) == 5 .and. ntot2(1) == n2 + 1)
  ntot(1) = 999999999
  call rmmard(d, 3, 1)
  call puti('carry.rmmard.ntot', ntot(1)); call puti('carry.rmmard.ntot2', ntot2(1))
  is = -9
  call rmmaqd(is, 1, 'R')
  call puti('carry.R.ntot', is(2)); call puti('carry.R.ntot2', is(3))

  ! next raw output exactly 0, written into the table
  call makezero(1)
  call rmmard(d, 2, 1)
  call putdv('zero.rmmard.seq1', d, 2, 2)
  call check('zero.rmmard.seq1', d(1) == 2.0d0**(-48))
  call makezero(1)
  d(1) = qgran(b10)
  call putd('zero.qgran', d(1))
  call check('zero.qgran', d(1) == 2.0d0**(-48))
  call makezero(2)
  call rmmard(d, 2, 2)
  call putdv('zero.rmmard.seq2', d, 2, 2)
  call check('zero.rmmard.seq2', d(1) == 2.0d0**(-48))
  ! QGRAN after a draw on sequence 2 leaves JSEQ = 1
  d(1) = qgran(b10)
  call rmmard(d(2), 1, 0)
  call puti('qgran.jseq', jseq)
  call putdv('qgran.then.iseq0', d, 2, 2)
  do k = 1, nseq
    is = -9
    n1 = k
    call rmmaqd(is, n1, 'R')
    write(t, '(A,I0)') 'final.R.seq', k
    call puti(trim(t)//'.ijkl', is(1)); call puti(trim(t)//'.ntot', is(2)); call puti(trim(t)//'.ntot2', is(3))
  end do
  call digest('final')

contains
  ! a fixed block of sequence-1 traffic (QGRAN, RMMARD on 1 and on 0 after QGRAN)
  ! mixed with draws on the other sequences; sequence-1 outputs go to s
  subroutine block(s, tag)
    double precision, intent(out) :: s(40)
    character(len=*), intent(in) :: tag
    integer :: j
    do j = 1, 10
      s(j) = qgran(b10)
    end do
    call rmmard(s(11), 7, 1)
    call rmmard(r, 5, nseq)
    do j = 18, 20
      s(j) = qgran(b10)
    end do
    call rmmard(s(21), 10, 0)
    call rmmard(r, 100, 2)
    call rmmard(s(31), 10, 1)
    call putdv(tag, s, 40, 40)
  end subroutine block

  subroutine makezero(ks)
    integer, intent(in) :: ks
    double precision :: cn
    cn = c(ks) - cd
    if (cn < 0.0d0) cn = cn + cm
    u(i97(ks), ks) = u(j97(ks), ks) + cn
    if (u(i97(ks), ks) >= 1.0d0) u(i97(ks), ks) = u(i97(ks), ks) - 1.0d0
  end subroutine makezero

  subroutine digest(tag)
    character(len=*), intent(in) :: tag
    integer :: ks, w
    integer(8) :: h
    character(len=60) :: tg
    call puti(tag//'.jseq', jseq)
    do ks = 1, nseq
      write(tg, '(A,A,I0)') tag, '.seq', ks
      call puti(trim(tg)//'.ijkl', ijkl(ks)); call puti(trim(tg)//'.ntot', ntot(ks))
      call puti(trim(tg)//'.ntot2', ntot2(ks)); call puti(trim(tg)//'.i97', i97(ks))
      call puti(trim(tg)//'.j97', j97(ks)); call putd(trim(tg)//'.c', c(ks))
      h = 0
      do w = 1, 97
        call hashd(h, u(w, ks))
      end do
      call putz(trim(tg)//'.uhash', int(h, 4))
    end do
  end subroutine digest
end program corsika_qgran_epos

! CORSIKA-style QGRAN: one RMMARD step on sequence 1, inline in the common.
double precision function qgran(b10)
  implicit none
  double precision, intent(in) :: b10
  integer, parameter :: kseq = GRK
  double precision :: cd, cint, cm, twom24, twom48
  integer :: modcns
  common /crranma3/ cd, cint, cm, twom24, twom48, modcns
  double precision :: c(kseq), u(97, kseq)
  integer :: ijkl(kseq), i97(kseq), j97(kseq), ntot(kseq), ntot2(kseq), jseq
  common /crranma4/ c, u, ijkl, i97, j97, ntot, ntot2, jseq
  double precision :: uni
  if (b10 /= b10) stop 'unreachable'
  jseq = 1
  uni = u(i97(1), 1) - u(j97(1), 1)
  if (uni < 0.0d0) uni = uni + 1.0d0
  u(i97(1), 1) = uni
  i97(1) = i97(1) - 1
  if (i97(1) == 0) i97(1) = 97
  j97(1) = j97(1) - 1
  if (j97(1) == 0) j97(1) = 97
  c(1) = c(1) - cd
  if (c(1) < 0.0d0) c(1) = c(1) + cm
  uni = uni - c(1)
  if (uni < 0.0d0) uni = uni + 1.0d0
  if (uni == 0.0d0) uni = twom48
  ntot(1) = ntot(1) + 1
  if (ntot(1) >= modcns) then
    ntot2(1) = ntot2(1) + 1
    ntot(1) = ntot(1) - modcns
  end if
  qgran = uni
end function qgran

! EPOS-style ranfgt / ranfst: sequence 1 to and from /EPORANSTO/.
subroutine ranfgt()
  implicit none
  integer, parameter :: kseq = GRK
  double precision :: c(kseq), u(97, kseq)
  integer :: ijkl(kseq), i97(kseq), j97(kseq), ntot(kseq), ntot2(kseq), jseq
  common /crranma4/ c, u, ijkl, i97, j97, ntot, ntot2, jseq
  double precision :: diu0(100)
  integer :: iiseed(3)
  common /eporansto/ diu0, iiseed
  integer :: i
  iiseed(1) = ijkl(1)
  iiseed(2) = ntot(1)
  iiseed(3) = ntot2(1)
  diu0(1) = c(1)
  do i = 1, 97
    diu0(i + 1) = u(i, 1)
  end do
  diu0(99) = dble(i97(1))
  diu0(100) = dble(j97(1))
end subroutine ranfgt

subroutine ranfst()
  implicit none
  integer, parameter :: kseq = GRK
  double precision :: c(kseq), u(97, kseq)
  integer :: ijkl(kseq), i97(kseq), j97(kseq), ntot(kseq), ntot2(kseq), jseq
  common /crranma4/ c, u, ijkl, i97, j97, ntot, ntot2, jseq
  double precision :: diu0(100)
  integer :: iiseed(3)
  common /eporansto/ diu0, iiseed
  integer :: i
  ijkl(1) = iiseed(1)
  ntot(1) = iiseed(2)
  ntot2(1) = iiseed(3)
  c(1) = diu0(1)
  do i = 1, 97
    u(i, 1) = diu0(i + 1)
  end do
  i97(1) = nint(diu0(99))
  j97(1) = nint(diu0(100))
end subroutine ranfst
