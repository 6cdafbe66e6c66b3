! SPDX-License-Identifier: BSD-3-Clause
! Seeds outside the documented range 0..900000000 (the V113/V116 writeups give
! 1..900000000 and say nothing of negative seeds; docs/LEGACY.md, Messages and bad
! input): the decomposition is plain Fortran integer arithmetic (truncating
! division, MOD with the dividend's sign), so the stream is still defined.
! Kept apart so that a library rejecting such seeds fails only here.
program ranmar_odd_seeds
  implicit none
  external ranmar, rmarin, rmarut, rmmaq, rmmar, rm48in, rm48, rmmaqd, rmmard
  real :: v(4)
  double precision :: d(4)
  integer :: n1, n2, n3, k, is(3), seeds(4)
  integer :: jseq, iu(103*2)
  common /ranma2/ jseq, iu

  seeds = [-12345, -1, 900000001, 2147483647]
  do k = 1, 4
    call puti('seed', seeds(k))
    call rmarin(seeds(k), 0, 0)
    call ranmar(v, 4)
    call putrv('ranmar', v, 4, 4)
    call rmarut(n1, n2, n3)
    call puti('rmarut.ijkl', n1)
    is = [seeds(k), 0, 0]
    call rmmaq(is, 2, 'S')
    call rmmar(v, 4, 2)
    call putrv('rmmar', v, 4, 4)
    call rm48in(seeds(k), 0, 0)
    call rm48(d, 4)
    call putdv('rm48', d, 4, 4)
    is = [seeds(k), 0, 0]
    call rmmaqd(is, 2, 'S')
    call rmmard(d, 4, 2)
    call putdv('rmmard', d, 4, 4)
  end do
end program ranmar_odd_seeds
