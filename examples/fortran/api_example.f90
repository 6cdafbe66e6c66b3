! SPDX-License-Identifier: BSD-3-Clause
!
! libgpurng from Fortran through the `gpurng` module (fortran/gpurng.f90): the published CERNLIB
! RM48 / CORSIKA RMMARD test vector, and what an error status looks like.
!
! A RANMAR48 generator seeded with IJKL 54217137 (the CERNLIB default) must give, as value * 2**48,
! 7974F0955BF5 CCFD0915CD3C 842FC48EE04D 4D76475F803E 04DE467DA9ED (draw 1 = 0.4744406094213964).
! Streams by work item (docs/SCALING.md): stream 0 is the same published vector, and a shower's stream gives its
! numbers again after another shower's.
! Exits with status 0 only when every value and every status is as expected.
program api_example
  use, intrinsic :: iso_c_binding, only: c_ptr, c_null_ptr, c_int, c_long_long, c_size_t, c_double
  use gpurng
  implicit none

  integer, parameter :: n = 5
  ! The published values as 48-bit integers (BOZ constants converted by INT, standard since F2008).
  integer(c_long_long), parameter :: expected(n) = [int(z'7974F0955BF5', c_long_long), &
                                                    int(z'CCFD0915CD3C', c_long_long), &
                                                    int(z'842FC48EE04D', c_long_long), &
                                                    int(z'4D76475F803E', c_long_long), &
                                                    int(z'04DE467DA9ED', c_long_long)]
  type(c_ptr) :: generator
  real(c_double) :: x(n), first(n), again(n)
  integer(c_long_long) :: scaled, last_stream, per_stream
  integer(c_int) :: status, backend
  integer :: i, mismatches

  call check(gpurngCreateGenerator(generator, GPURNG_RNG_PSEUDO_RANMAR48), 'gpurngCreateGenerator')
  call check(gpurngGetBackend(generator, backend), 'gpurngGetBackend')
  if (backend == GPURNG_BACKEND_CUDA) then
    print '(a)', 'backend: CUDA'
  else
    print '(a)', 'backend: CPU'
  end if
  call check(gpurngSetPseudoRandomGeneratorSeed(generator, GPURNG_RANMAR_DEFAULT_SEED), &
             'gpurngSetPseudoRandomGeneratorSeed')
  call check(gpurngGenerateUniformDouble(generator, x, int(n, c_size_t)), 'gpurngGenerateUniformDouble')

  ! RANMAR48 doubles are r * 2**-48 with r a 48-bit integer, so x * 2**48 is exact.
  print '(a)', ' i     x * 2**48   x'
  mismatches = 0
  do i = 1, n
    scaled = int(x(i) * 2.0_c_double**48, c_long_long)
    print '(i2, 1x, z16.12, 3x, f18.16)', i, scaled, x(i)
    if (scaled /= expected(i)) mismatches = mismatches + 1
  end do

  ! Streams: stream 0 starts where the sequence does; shower 3's numbers are the same after shower 5's.
  call check(gpurngSetGeneratorStream(generator, 0_c_long_long), 'gpurngSetGeneratorStream')
  call check(gpurngGenerateUniformDouble(generator, first, int(n, c_size_t)), 'gpurngGenerateUniformDouble')
  if (any(first /= x)) then
    print '(a)', 'FAIL: stream 0 is not the sequence'
    error stop 1
  end if
  call check(gpurngSetGeneratorStream(generator, 3_c_long_long), 'gpurngSetGeneratorStream')
  call check(gpurngGenerateUniformDouble(generator, first, int(n, c_size_t)), 'gpurngGenerateUniformDouble')
  call check(gpurngSetGeneratorStream(generator, 5_c_long_long), 'gpurngSetGeneratorStream')
  call check(gpurngGenerateUniformDouble(generator, again, int(n, c_size_t)), 'gpurngGenerateUniformDouble')
  call check(gpurngSetGeneratorStream(generator, 3_c_long_long), 'gpurngSetGeneratorStream')
  call check(gpurngGenerateUniformDouble(generator, again, int(n, c_size_t)), 'gpurngGenerateUniformDouble')
  call check(gpurngGetStreamLimits(generator, last_stream, per_stream), 'gpurngGetStreamLimits')
  print '(a, f18.16, a, i0, a)', 'stream 3 draw 1 = ', again(1), ' (last stream ', last_stream, &
    ' as a signed integer: 2**64 - 1)'
  if (any(first /= again) .or. last_stream /= -1_c_long_long) then
    print '(a)', 'FAIL: stream 3 changed, or the stream limits are not RANMAR48''s'
    error stop 1
  end if
  call check(gpurngDestroyGenerator(generator), 'gpurngDestroyGenerator')

  ! An error status: generating with no generator returns NOT_INITIALIZED (101) and writes nothing.
  status = gpurngGenerateUniformDouble(c_null_ptr, x, int(n, c_size_t))
  print '(a, i0, 2a)', 'null generator: status ', status, ' = ', gpurng_error_string(status)
  if (status /= GPURNG_STATUS_NOT_INITIALIZED) then
    print '(a, i0)', 'FAIL: expected GPURNG_STATUS_NOT_INITIALIZED = ', GPURNG_STATUS_NOT_INITIALIZED
    error stop 1
  end if

  if (mismatches /= 0) then
    print '(a, i0, a)', 'FAIL: ', mismatches, ' value(s) differ from the published RM48 vector'
    error stop 1
  end if
  print '(a)', 'all 5 values match the published RM48/RMMARD vector'

contains

  ! Stop with the library's message unless status is GPURNG_STATUS_SUCCESS.
  subroutine check(status, what)
    integer(c_int), intent(in) :: status
    character(len=*), intent(in) :: what
    if (status /= GPURNG_STATUS_SUCCESS) then
      print '(3a, i0, 2a)', 'FAIL: ', what, ' returned ', status, ': ', gpurng_error_string(status)
      error stop 1
    end if
  end subroutine check

end program api_example
