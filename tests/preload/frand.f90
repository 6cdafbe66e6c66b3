! SPDX-License-Identifier: BSD-3-Clause
! frand.f90: gfortran's RAND/RAN/IRAND/SRAND (libgfortran _gfortran_rand/_gfortran_irand/_gfortran_srand)
! through their flag and seed corners, for the preload comparison. Each live value is also checked
! against the naive C reference (frand_ref.c); a difference prints MISMATCH and stops with status 1.
! REAL results are printed as bit patterns (Z8.8) and in decimal.
module frand_check
  use, intrinsic :: iso_c_binding, only: c_int32_t, c_float
  implicit none
  interface
    integer(c_int32_t) function frand_ref_irand(flag) bind(c)
      import :: c_int32_t
      integer(c_int32_t), value :: flag
    end function
    real(c_float) function frand_ref_rand(flag) bind(c)
      import :: c_int32_t, c_float
      integer(c_int32_t), value :: flag
    end function
    subroutine frand_ref_srand(seed) bind(c)
      import :: c_int32_t
      integer(c_int32_t), value :: seed
    end subroutine
  end interface
  integer :: nbad = 0
contains
  subroutine chk_i(what, got, want)
    character(*), intent(in) :: what
    integer, intent(in) :: got, want
    write (*, '(A, ": ", I0)') what, got
    if (got /= want) then
      write (*, '("MISMATCH ", A, ": reference ", I0)') what, want
      nbad = nbad + 1
    end if
  end subroutine
  subroutine chk_r(what, got, want)
    character(*), intent(in) :: what
    real, intent(in) :: got, want
    write (*, '(A, ": ", Z8.8, 1X, ES16.9)') what, transfer(got, 0), got
    if (transfer(got, 0) /= transfer(want, 0)) then
      write (*, '("MISMATCH ", A, ": reference ", Z8.8)') what, transfer(want, 0)
      nbad = nbad + 1
    end if
  end subroutine
end module

program frand
  use frand_check
  implicit none
  integer :: i, k, v
  character(len=40) :: label
  integer, parameter :: flags(6) = [2, -3, 2147483647, -2147483647 - 1, 65536, -1]

  ! default seed 1
  call chk_r('RAND()', rand(), frand_ref_rand(0))
  call chk_r('RAND(0)', rand(0), frand_ref_rand(0))
  call chk_i('IRAND()', irand(), frand_ref_irand(0))
  call chk_i('IRAND(0)', irand(0), frand_ref_irand(0))
  call chk_r('RAN()', ran(), frand_ref_rand(0))
  call chk_i('IRAND(1)', irand(1), frand_ref_irand(1))
  call chk_i('IRAND()', irand(), frand_ref_irand(0))
  call chk_i('IRAND(5)', irand(5), frand_ref_irand(5))
  call chk_r('RAND(1)', rand(1), frand_ref_rand(1))
  call chk_r('RAN(0)', ran(0), frand_ref_rand(0))
  call chk_r('RAND(7)', rand(7), frand_ref_rand(7))

  ! SRAND(0) seeds 123459876; negative seeds are sign-extended to 64 bits and wrap
  call srand(0)
  call frand_ref_srand(0)
  call chk_i('SRAND(0) IRAND()', irand(), frand_ref_irand(0))
  call chk_r('SRAND(0) RAND()', rand(), frand_ref_rand(0))
  call srand(12345)
  call frand_ref_srand(12345)
  call chk_r('SRAND(12345) RAND()', rand(), frand_ref_rand(0))
  call chk_i('SRAND(12345) IRAND()', irand(), frand_ref_irand(0))
  do k = -7, -5
    call srand(k)
    call frand_ref_srand(k)
    write (label, '("SRAND(", I0, ")")') k
    do i = 1, 4
      call chk_i(trim(label) // ' IRAND()', irand(), frand_ref_irand(0))
      call chk_r(trim(label) // ' RAND()', rand(), frand_ref_rand(0))
    end do
  end do

  ! other flags reseed with the flag itself: 2^31-1 gives seed 0 forever (RAND then returns ~2.0)
  do k = 1, size(flags)
    write (label, '("IRAND(", I0, ")")') flags(k)
    call chk_i(trim(label), irand(flags(k)), frand_ref_irand(flags(k)))
    call chk_i(trim(label) // ' then IRAND()', irand(), frand_ref_irand(0))
    call chk_r(trim(label) // ' then RAND()', rand(), frand_ref_rand(0))
    write (label, '("RAND(", I0, ")")') flags(k)
    call chk_r(trim(label), rand(flags(k)), frand_ref_rand(flags(k)))
  end do

  ! SRAND(1) then the 10000th IRAND: Park-Miller's 1043618065
  call srand(1)
  call frand_ref_srand(1)
  do i = 1, 10000
    v = irand()
    if (v /= frand_ref_irand(0)) nbad = nbad + 1
  end do
  call chk_i('SRAND(1) 10000th IRAND', v, 1043618065)

  write (*, '("mismatches: ", I0)') nbad
  if (nbad /= 0) error stop 1
end program
