! SPDX-License-Identifier: BSD-3-Clause
! CORSIKA RMMAQD 'R' with ISEQ = KSEQ+1 (CORSIKA's RMMAQD source; docs/LEGACY.md, Messages
! and bad input: 'R' sets JSEQ for any ISEQ > 0, no upper-bound check). With the program's
! /CRRANMA4/ of KSEQ = GRK the original then reads IJKL(KSEQ+1), NTOT(KSEQ+1),
! NTOT2(KSEQ+1), which are I97(1), NTOT2(1) and JSEQ itself (already KSEQ+1): all inside
! the block. A following RMMARD with a valid ISEQ selects a proper sequence again. Kept
! apart: it pins the original's memory-layout behaviour, which a library may deliberately
! refuse.
#ifndef GRK
#error "compile with -DGRK=<KSEQ>"
#endif
program corsika_r_oob
  implicit none
  external rmmard, rmmaqd
  integer, parameter :: kseq = GRK
  double precision :: c(kseq), u(97, kseq)
  integer :: ijkl(kseq), i97(kseq), j97(kseq), ntot(kseq), ntot2(kseq), jseq
  common /crranma4/ c, u, ijkl, i97, j97, ntot, ntot2, jseq
  integer :: is(3), iseq
  double precision :: d(3)

  is = [4242, 0, 0]
  call rmmaqd(is, 1, 'S')
  is = [4343, 0, 0]
  call rmmaqd(is, 2, 'S')
  call rmmard(d, 3, 1)
  call rmmard(d, 2, 2)
  call puti('before.jseq', jseq)
  is = -9
  iseq = kseq + 1
  call rmmaqd(is, iseq, 'R')
  call puti('R.oob.iseq', iseq)
  call puti('R.oob.iseed1', is(1)); call puti('R.oob.iseed2', is(2)); call puti('R.oob.iseed3', is(3))
  call puti('R.oob.jseq', jseq)
  call rmmard(d, 3, 1)
  call putdv('after.seq1', d, 3, 3)
  call puti('after.jseq', jseq)
  call puti('after.ntot1', ntot(1))
end program corsika_r_oob
