! SPDX-License-Identifier: BSD-3-Clause
! CORSIKA RMMARD before any RMMAQD (-DGRK, -DGRDECL as in corsika_general): the
! original runs with /CRRANMA3/ still zero (CD = CM = TWOM48 = 0, MODCNS = 0) and
! JSEQ = 1 from RMMAQD's DATA: two single draws (ISEQ 0, then 1) give exact 0.0,
! walk I97 / J97 to -2 inside the common (U(0,1), U(-1,1) are C(KSEQ), C(KSEQ-1)),
! and, with MODCNS = 0, count NTOT2 up once per call. Then 'R' (the first RMMAQD
! call: fills /CRRANMA3/) reports that, and a blank initialisation recovers P3.
#ifndef GRK
#error "compile with -DGRK=<KSEQ>"
#endif
program corsika_before_init
  implicit none
  external rmmard, rmmaqd
  integer, parameter :: kseq = GRK
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
  double precision :: d(5)
  integer :: q(3), iq, k
  logical :: ok

#ifdef GRDECL
  call puti('start.jseq', jseq)
#endif
  d = -1.0d0                 ! sentinel: shows whether RMMARD wrote RVEC at all
  call rmmard(d, 1, 0)
  call rmmard(d(2), 1, 1)
  call putdv('pre', d, 2, 2)
#ifdef GRDECL
  call puti('pre.jseq', jseq)
  call puti('pre.i97', i97(1)); call puti('pre.j97', j97(1))
  call puti('pre.ntot', ntot(1)); call puti('pre.ntot2', ntot2(1))
  call putd('pre.c1', c(1)); call putd('pre.ckseq', c(kseq))
  call putd('pre.cd', cd); call puti('pre.modcns', modcns)
#endif
  q = -9
  iq = 0
  call rmmaqd(q, iq, 'R')
  call puti('R.jseq', iq)
  call puti('R.ijkl', q(1)); call puti('R.ntot', q(2)); call puti('R.ntot2', q(3))
#ifdef GRDECL
  call putd('R.cd', cd); call putd('R.cm', cm); call putd('R.cint', cint)
  call putd('R.twom24', twom24); call putd('R.twom48', twom48); call puti('R.modcns', modcns)
#endif
  iq = 0
  call rmmaqd(q, iq, ' ')
  call rmmard(d, 5, 0)
  call putdv('p3', d, 5, 5)
  ok = .true.
  do k = 1, 5
    ok = ok .and. d(k) == dble(p3(k)) * 2.0d0**(-48)
  end do
  call check('P3.after.late.init', ok)
  call rmmaqd(q, 1, 'R')
  call puti('end.ntot', q(2)); call puti('end.ntot2', q(3))
end program corsika_before_init
