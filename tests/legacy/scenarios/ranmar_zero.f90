! SPDX-License-Identifier: BSD-3-Clause
! CERNLIB V113 RANMAR zero policy on real exact zeros of the 24-bit stream, found by
! scanning with tests/legacy/tools/zscan (integer model); the U(2) values recorded
! below are that model's table word 2 after the zero step. A raw zero must come out
! as 2**-24*U(2). Zeros drawn as the first, a middle and the last element of a
! vector, as a single draw, right after an RMARIN skip, and on a step that itself
! rewrote U(2) (seeds 15247 and 10996).
!   seed 54217137: zeros at draws 4639169 (U2 00C0E3DC), 4836546 (U2 0000A861)
!   seed 4471: 298 (0017CBD8)   seed 2477: 9336 (00BEC5D8)
!   seed 15247: 16004 (00774CEE, U(2) rewritten)  seed 10996: 22697 (00E5BE8F, idem)
program ranmar_zero
  implicit none
  external ranmar, rmarin, rmarut
  real, allocatable :: big(:)
  real :: v(10)
  integer :: n1, n2, n3, done, lenv

  allocate(big(1000000))
  call rmarin(54217137, 0, 0)
  done = 0
  do while (done < 4639165)
    lenv = min(1000000, 4639165 - done)
    call ranmar(big, lenv)
    call putrv('s54217137.chunk', big, lenv, 0)
    done = done + lenv
  end do
  call ranmar(v, 7)
  call putrv('s54217137.z4639169', v, 7, 7)
  call check('zero.4639169', v(4) == zval(int(z'00C0E3DC')))
  call ranmar(big, 4836545 - 4639172)
  call putrv('s54217137.between', big, 4836545 - 4639172, 0)
  call ranmar(v, 1)
  call putr('s54217137.z4836546', v(1))
  call check('zero.4836546', v(1) == zval(int(z'0000A861')))
  call ranmar(v, 3)
  call putrv('s54217137.after', v, 3, 3)
  call rmarut(n1, n2, n3)
  call puti('s54217137.rmarut.ntot', n2)

  call rmarin(4471, 0, 0)
  call ranmar(big, 290)
  call putrv('s4471.pre', big, 290, 0)
  call ranmar(v, 8)
  call putrv('s4471.z298.last', v, 8, 8)
  call check('zero.4471.last', v(8) == zval(int(z'0017CBD8')))
  call rmarin(4471, 297, 0)
  call ranmar(v, 3)
  call putrv('s4471.skip297', v, 3, 3)
  call check('zero.4471.after.skip', v(1) == zval(int(z'0017CBD8')))
  call rmarut(n1, n2, n3)
  call puti('s4471.rmarut.ntot', n2)

  call rmarin(2477, 0, 0)
  call ranmar(big, 9335)
  call ranmar(v, 1)
  call putr('s2477.z9336', v(1))
  call check('zero.2477', v(1) == zval(int(z'00BEC5D8')))

  call rmarin(15247, 0, 0)
  call ranmar(big, 16000)
  call ranmar(v, 10)
  call putrv('s15247.z16004', v, 10, 10)
  call check('zero.15247.u2.rewritten', v(4) == zval(int(z'00774CEE')))

  call rmarin(10996, 22690, 0)
  call ranmar(v, 10)
  call putrv('s10996.z22697', v, 10, 10)
  call check('zero.10996.u2.rewritten', v(7) == zval(int(z'00E5BE8F')))

contains
  real function zval(u2)
    integer, intent(in) :: u2
    zval = real(u2) * (2.0**(-48))
  end function zval
end program ranmar_zero
