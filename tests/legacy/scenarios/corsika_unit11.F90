! SPDX-License-Identifier: BSD-3-Clause
! CORSIKA RMMAQD 'RV' / 'SV' through Fortran unit 11 (-DGRK=<KSEQ>, -DGRDECL as in
! corsika_general): the file text itself ((3Z8), (2Z8,Z16), (24(4Z16,/),Z16) over the
! WHOLE U array) is printed and compared; round trip; 'SV' restores every sequence's
! U table but only the chosen sequence's C, I97, J97 and counters; 'RV' with ISEQ 0
! writes JSEQ back; crafted files: a next raw output of exactly 0 (-> 2**-48) and
! counters at 999999995 and 1999999999 (one carry per call); unit 11 not opened by
! the program (gfortran's default file fort.11).
#ifndef GRK
#error "compile with -DGRK=<KSEQ>"
#endif
program corsika_unit11
  implicit none
  external rmmard, rmmaqd
  integer, parameter :: kseq = GRK
  integer, parameter :: nseq = min(kseq, 3)
#ifdef GRDECL
  double precision :: cd, cint, cm, twom24, twom48
  integer :: modcns
  common /crranma3/ cd, cint, cm, twom24, twom48, modcns
  double precision :: c(kseq), u(97, kseq)
  integer :: ijkl(kseq), i97(kseq), j97(kseq), ntot(kseq), ntot2(kseq), jseq
  common /crranma4/ c, u, ijkl, i97, j97, ntot, ntot2, jseq
#endif
  integer :: is(3), iseq, k, f1, f2, f3, fi, fj
  double precision :: a(10), b(10), x(300), fc, uall(97 * kseq), cp
  character(len=40) :: t

  open(11, file='rmmaqd_state.txt', status='replace', form='formatted')
  do k = 1, nseq
    is = [31 * k + 1000000, 10 * k, 0]
    call rmmaqd(is, k, 'S')
    call rmmard(x, 100 + k, k)
  end do
  iseq = 0
  call rmmaqd(is, iseq, 'RV')
  call puti('RV.iseq0.written.back', iseq)
  call showfile('F11.a')
  rewind 11
  iseq = nseq
  call rmmaqd(is, iseq, 'RV')
  call showfile('F11.b')
  rewind 11
  call rmmard(a, 10, nseq)
  call putdv('A', a, 10, 10)
  call rmmard(x, 5, 1)
  call putdv('seq1.between', x, 5, 5)
  iseq = nseq
  call rmmaqd(is, iseq, 'SV')
  call rmmard(b, 10, nseq)
  call putdv('B', b, 10, 10)
  call check('RV.SV.roundtrip', all(transfer(a, 0_8, 10) == transfer(b, 0_8, 10)))
  ! sequence 1: its U came back from the file, its C / I97 / J97 did not
  call rmmard(x, 5, 1)
  call putdv('seq1.mixed', x, 5, 5)
#ifdef GRDECL
  call puti('seq1.i97', i97(1)); call puti('seq1.j97', j97(1)); call putd('seq1.c', c(1))
  call putd('crranma3.cd', cd); call putd('crranma3.cm', cm)
#endif
  do k = 1, nseq
    is = -9
    call rmmaqd(is, k, 'R')
    write(t, '(A,I0)') 'R.seq', k
    call puti(trim(t)//'.ijkl', is(1)); call puti(trim(t)//'.ntot', is(2)); call puti(trim(t)//'.ntot2', is(3))
  end do

  ! crafted zero on sequence 1: I97 = 97, J97 = 33, C = 0.5, U(97) = U(33) + 0.5 - CD
  cp = 0.5d0 - 7654321.0d0 / 16777216.0d0
  call readback()
  fi = 97; fj = 33; fc = 0.5d0
  uall(97) = wrap(uall(33) + cp)
  call writeback()
  iseq = 1
  call rmmaqd(is, iseq, 'SV')
  call rmmard(a, 3, 1)
  call putdv('zero.seq1', a, 3, 3)
  call check('zero.seq1.twom48', a(1) == 2.0d0**(-48))
  ! crafted counters on the last sequence
  iseq = nseq
  rewind 11
  call rmmaqd(is, iseq, 'RV')
  call readback()
  f2 = 999999995; f3 = 4
  call writeback()
  call rmmaqd(is, iseq, 'SV')
  call rmmard(a, 10, nseq)
  call putdv('carry.draw', a, 10, 10)
  call rmmaqd(is, nseq, 'R')
  call puti('carry.ntot', is(2)); call puti('carry.ntot2', is(3))
  call check('carry', is(2) == 5 .and. is(3) == 5)
  rewind 11
  call rmmaqd(is, iseq, 'RV')
  call readback()
  f2 = 1999999999; f3 = 0
  call writeback()
  call rmmaqd(is, iseq, 'SV')
  call rmmard(a, 1, nseq)
  call rmmaqd(is, nseq, 'R')
  call puti('carry.once.ntot', is(2)); call puti('carry.once.ntot2', is(3))
  call check('carry.once', is(2) == 1000000000 .and. is(3) == 1)
  call rmmard(a, 1, nseq)
  call rmmaqd(is, nseq, 'R')
  call puti('carry.again.ntot', is(2)); call puti('carry.again.ntot2', is(3))
  close(11, status='delete')

  ! unit 11 not opened by the program: gfortran's fort.11
  iseq = 1
  call rmmaqd(is, iseq, 'RV')
  rewind 11
  call showfile('fort11')
  rewind 11
  call rmmard(a, 4, 1)
  call rmmaqd(is, iseq, 'SV')
  call rmmard(b, 4, 1)
  call putdv('fort11.A', a, 4, 4)
  call check('fort11.roundtrip', all(transfer(a(1:4), 0_8, 4) == transfer(b(1:4), 0_8, 4)))
  close(11, status='delete')

contains
  double precision function wrap(z)
    double precision, intent(in) :: z
    wrap = z
    if (wrap >= 1.0d0) wrap = wrap - 1.0d0
  end function wrap

  subroutine showfile(tag)
    character(len=*), intent(in) :: tag
    character(len=200) :: line
    integer :: ios, n
    rewind 11
    n = 0
    do
      read(11, '(A)', iostat=ios) line
      if (ios /= 0) exit
      n = n + 1
      write(*, '(A,A,I0,A,A,A)') tag, '.', n, ' [', trim(line), ']'
    end do
    call puti(tag//'.lines', n)
  end subroutine showfile

  subroutine readback()
    rewind 11
    read(11, '(3Z8)') f1, f2, f3
    read(11, '(2Z8,Z16)') fi, fj, fc
    read(11, '(24(4Z16,/),Z16)') uall
  end subroutine readback

  subroutine writeback()
    rewind 11
    write(11, '(3Z8)') f1, f2, f3
    write(11, '(2Z8,Z16)') fi, fj, fc
    write(11, '(24(4Z16,/),Z16)') uall
    rewind 11
  end subroutine writeback
end program corsika_unit11
