! SPDX-License-Identifier: BSD-3-Clause
! The legacy entry points' Fortran I/O, done by the Fortran runtime so that it lands in the same units,
! buffers and formats as the caller's own I/O: RM48IN's messages on unit 6 and RMMAQD's 'RV'/'SV' state
! records on unit 11 (formats of CORSIKA's RMMAQD).
module gpurng_legacy_io
  use, intrinsic :: iso_c_binding
  implicit none
  private
contains

  subroutine rm48_say_initialized(ijkl, ntot, ntot2) bind(C, name="gpurng_legacy_rm48_say_initialized")
    integer(c_int), value :: ijkl, ntot, ntot2
    write (6, '(A,I10,2X,2I10)') ' RM48 INITIALIZED:', ijkl, ntot, ntot2
  end subroutine

  subroutine rm48_say_skipping(now) bind(C, name="gpurng_legacy_rm48_say_skipping")
    integer(c_int), value :: now
    write (6, '(A,I15)') ' RM48IN SKIPPING OVER ', now
  end subroutine

  ! 'RV': the JSEQ record's seed and counters, its indices and carry, then U of every sequence.
  subroutine unit11_write(ijkl, ntot, ntot2, i97, j97, c, u, nu) bind(C, name="gpurng_legacy_unit11_write")
    integer(c_int), value :: ijkl, ntot, ntot2, i97, j97, nu
    real(c_double), value :: c
    real(c_double), intent(in) :: u(nu)
    write (11, '(3Z8)') ijkl, ntot, ntot2
    write (11, '(2Z8,Z16)') i97, j97, c
    write (11, '(24(4Z16,/),Z16)') u
  end subroutine

  ! 'SV': the same records read back. Returns the I/O status (0: read completely); on failure nothing
  ! is stored by the caller.
  function unit11_read(ijkl, ntot, ntot2, i97, j97, c, u, nu) bind(C, name="gpurng_legacy_unit11_read") result(ios)
    integer(c_int), intent(out) :: ijkl, ntot, ntot2, i97, j97
    real(c_double), intent(out) :: c
    integer(c_int), value :: nu
    real(c_double), intent(out) :: u(nu)
    integer(c_int) :: ios
    read (11, '(3Z8)', iostat=ios) ijkl, ntot, ntot2
    if (ios /= 0) return
    read (11, '(2Z8,Z16)', iostat=ios) i97, j97, c
    if (ios /= 0) return
    read (11, '(24(4Z16,/),Z16)', iostat=ios) u
  end function

end module
