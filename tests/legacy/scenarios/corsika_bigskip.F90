! SPDX-License-Identifier: BSD-3-Clause
! CORSIKA RMMAQD 'S' with NTOT2 = 1: the single 10**9 + 12345-step skip of the suite
! (the oracle loops; CI time is dominated by this). 'R' keeps the triple; ten draws.
#ifndef GRK
#error "compile with -DGRK=<KSEQ>"
#endif
program corsika_bigskip
  implicit none
  external rmmard, rmmaqd
  integer :: is(3)
  double precision :: d(10)
  is = [777, 0, 0]
  call rmmaqd(is, 2, 'S')
  call rmmard(d, 3, 2)
  call putdv('fresh', d, 3, 3)
  is = [777, 12345, 1]
  call rmmaqd(is, 3, 'S')
  is = -9
  call rmmaqd(is, 3, 'R')
  call puti('R.ijkl', is(1)); call puti('R.ntot', is(2)); call puti('R.ntot2', is(3))
  call rmmard(d, 10, 3)
  call putdv('skip.1e9.plus.12345', d, 10, 10)
  call rmmaqd(is, 3, 'R')
  call puti('R.after.ntot', is(2)); call puti('R.after.ntot2', is(3))
  call rmmard(d, 3, 2)
  call putdv('seq2.continues', d, 3, 3)
end program corsika_bigskip
