! SPDX-License-Identifier: BSD-3-Clause
!
! Every interface and convenience of the `gpurng` module called once from Fortran against the real
! library. check_module.py verifies that the module follows the C header on paper; this verifies that
! the mapping itself is right at run time (by-value versus by-reference, kinds, the handle out-argument,
! the zero-copy pointers), using published RANMAR vectors so wrong arguments cannot pass by chance.
! Prints one line per failed check and exits with status 1 if any failed.
program test_module_calls
  use, intrinsic :: iso_c_binding, only: c_ptr, c_null_ptr, c_associated, c_f_pointer, c_int, &
                                         c_long_long, c_size_t, c_float, c_double
  use gpurng
  implicit none

  ! P3 (ranmar.md): RM48 / RMMARD, IJKL 54217137, draws 1-5 * 2**48.
  integer(c_long_long), parameter :: rm48(5) = [int(z'7974F0955BF5', c_long_long), &
                                                int(z'CCFD0915CD3C', c_long_long), &
                                                int(z'842FC48EE04D', c_long_long), &
                                                int(z'4D76475F803E', c_long_long), &
                                                int(z'04DE467DA9ED', c_long_long)]
  ! P1 (ranmar.md): 24-bit RANMAR, IJKL 54217137, after 20000 draws the next six * 2**24.
  integer(c_int), parameter :: ranmar24(6) = [6533892, 14220222, 7275067, 6172232, 8354498, 10633180]
  real(c_double), parameter :: two48 = 2.0_c_double**48

  type(c_ptr) :: gen, p
  integer(c_int) :: version, backend, i32(6)
  integer(c_long_long) :: offset, i64(5)
  real(c_float) :: f(5), g(5)
  real(c_double) :: d(5)
  real(c_double), pointer :: dview(:)
  real(c_float), pointer :: fview(:)
  integer(c_long_long), pointer :: i64view(:)
  integer(c_int), pointer :: i32view(:)
  integer :: failures = 0
  integer(c_int) :: pm_seed, pm_values(10000)
  real(c_double) :: pm_uniform, pm_doubles(3)

  ! ---- Park-Miller on a caller-held seed: the 10000th value from seed 1 is 1043618065 (Park & Miller) ----
  pm_seed = 1
  call expect(gpurngParkMillerFill(16807_c_int, pm_seed, pm_values, 10000_c_size_t), GPURNG_STATUS_SUCCESS, &
              'gpurngParkMillerFill')
  call truth(pm_values(10000) == 1043618065 .and. pm_seed == 1043618065, 'Park-Miller 10000th from seed 1')
  pm_seed = 1
  call expect(gpurngParkMillerNext(16807_c_int, pm_seed, pm_uniform), GPURNG_STATUS_SUCCESS, 'gpurngParkMillerNext')
  call truth(pm_seed == 16807 .and. pm_uniform == 16807.0_c_double / 2147483647.0_c_double, 'Park-Miller first step')
  call expect(gpurngParkMillerFillUniformDouble(48271_c_int, pm_seed, pm_doubles, 3_c_size_t), GPURNG_STATUS_SUCCESS, &
              'gpurngParkMillerFillUniformDouble')
  pm_seed = 0
  call expect(gpurngParkMillerNext(16807_c_int, pm_seed, pm_uniform), GPURNG_STATUS_OUT_OF_RANGE, &
              'gpurngParkMillerNext with seed 0')

  ! ---- library-wide calls ----
  call expect(gpurngGetVersion(version), GPURNG_STATUS_SUCCESS, 'gpurngGetVersion')
  call truth(version > 0, 'gpurngGetVersion gives a positive version')
  call truth(gpurng_error_string(GPURNG_STATUS_SUCCESS) /= '', 'gpurng_error_string(SUCCESS) is not empty')
  call truth(gpurng_error_string(12345_c_int) == 'unknown status', 'gpurng_error_string of an unknown status')

  ! ---- creation failures: the handle comes back null ----
  gen = c_null_ptr
  call expect(gpurngCreateGeneratorHost(gen, 4242_c_int), GPURNG_STATUS_TYPE_ERROR, 'create with a bad engine')
  call truth(.not. c_associated(gen), 'a failed create returns a null handle')
  call expect(gpurngDestroyGenerator(c_null_ptr), GPURNG_STATUS_NOT_INITIALIZED, 'destroy a null handle')

  ! ---- RANMAR48 on the CPU backend ----
  call expect(gpurngCreateGeneratorHost(gen, GPURNG_RNG_PSEUDO_RANMAR48), GPURNG_STATUS_SUCCESS, 'create RANMAR48')
  call truth(c_associated(gen), 'create returns a handle')
  call expect(gpurngGetBackend(gen, backend), GPURNG_STATUS_SUCCESS, 'gpurngGetBackend')
  call truth(backend == GPURNG_BACKEND_CPU, 'a host generator runs on GPURNG_BACKEND_CPU')
  call expect(gpurngSetPseudoRandomGeneratorSeed(gen, GPURNG_RANMAR_DEFAULT_SEED), GPURNG_STATUS_SUCCESS, 'seed')
  call expect(gpurngSetPseudoRandomGeneratorSeed(gen, GPURNG_RANMAR_MAX_SEED + 1), GPURNG_STATUS_OUT_OF_RANGE, &
              'seed above GPURNG_RANMAR_MAX_SEED')
  call expect(gpurngGenerateLongLong(gen, i64, 5_c_size_t), GPURNG_STATUS_SUCCESS, 'gpurngGenerateLongLong')
  call truth(all(i64 == rm48), 'gpurngGenerateLongLong gives the published RM48 vector')
  call expect(gpurngGetGeneratorOffset(gen, offset), GPURNG_STATUS_SUCCESS, 'gpurngGetGeneratorOffset')
  call truth(offset == 5, 'the offset is 5 after 5 numbers')
  call expect(gpurngGenerate(gen, i32, 1_c_size_t), GPURNG_STATUS_TYPE_ERROR, '32-bit integers from a 48-bit engine')

  call expect(gpurngSetGeneratorOffset(gen, 0_c_long_long), GPURNG_STATUS_SUCCESS, 'gpurngSetGeneratorOffset')
  call expect(gpurngGenerateUniformDouble(gen, d, 5_c_size_t), GPURNG_STATUS_SUCCESS, 'gpurngGenerateUniformDouble')
  call truth(all(int(d * two48, c_long_long) == rm48), 'gpurngGenerateUniformDouble gives the RM48 vector')
  call expect(gpurngSetGeneratorOffset(gen, 2_c_long_long), GPURNG_STATUS_SUCCESS, 'offset 2')
  d = 0
  call expect(gpurng_generate_uniform_double(gen, d(1:3)), GPURNG_STATUS_SUCCESS, 'gpurng_generate_uniform_double')
  call truth(all(int(d(1:3) * two48, c_long_long) == rm48(3:5)) .and. all(d(4:5) == 0), &
             'gpurng_generate_uniform_double fills exactly its array section')
  call expect(gpurngSetGeneratorOffset(gen, 0_c_long_long), GPURNG_STATUS_SUCCESS, 'offset 0')
  call expect(gpurng_generate_long_long(gen, i64), GPURNG_STATUS_SUCCESS, 'gpurng_generate_long_long')
  call truth(all(i64 == rm48), 'gpurng_generate_long_long gives the RM48 vector')

  ! Floats: gpurng.h defines them as the double truncated toward zero.
  call expect(gpurngSetGeneratorOffset(gen, 0_c_long_long), GPURNG_STATUS_SUCCESS, 'offset 0')
  call expect(gpurngGenerateUniform(gen, f, 5_c_size_t), GPURNG_STATUS_SUCCESS, 'gpurngGenerateUniform')
  call expect(gpurngSetGeneratorOffset(gen, 0_c_long_long), GPURNG_STATUS_SUCCESS, 'offset 0')
  call expect(gpurng_generate_uniform(gen, g), GPURNG_STATUS_SUCCESS, 'gpurng_generate_uniform')
  call truth(all(f == g), 'gpurngGenerateUniform and gpurng_generate_uniform agree')
  call truth(all(real(f, c_double) <= rm48 / two48 .and. rm48 / two48 - real(f, c_double) < spacing(f)), &
             'floats are the RM48 doubles truncated toward zero')

  ! Zero-copy, through the raw interfaces and through the Fortran-pointer conveniences.
  call expect(gpurngSetPrefetch(gen, 10_c_size_t, 2_c_int), GPURNG_STATUS_OUT_OF_RANGE, 'a too small prefetch slab')
  call expect(gpurngSetPrefetch(gen, 1024_c_size_t, 2_c_int), GPURNG_STATUS_SUCCESS, 'gpurngSetPrefetch')
  call expect(gpurngSetGeneratorOffset(gen, 0_c_long_long), GPURNG_STATUS_SUCCESS, 'offset 0')
  p = c_null_ptr
  call expect(gpurngAcquireLongLong(gen, 2_c_size_t, p), GPURNG_STATUS_SUCCESS, 'gpurngAcquireLongLong')
  call truth(c_associated(p), 'gpurngAcquireLongLong returns a pointer')
  if (c_associated(p)) then
    call c_f_pointer(p, i64view, [2])
    call truth(all(i64view == rm48(1:2)), 'gpurngAcquireLongLong points at draws 1-2')
  end if
  call expect(gpurng_acquire_uniform_double(gen, 3_c_size_t, dview), GPURNG_STATUS_SUCCESS, &
              'gpurng_acquire_uniform_double')
  call truth(associated(dview), 'gpurng_acquire_uniform_double associates its pointer')
  if (associated(dview)) then
    call truth(size(dview) == 3, 'the pointer has num elements')
    call truth(all(int(dview * two48, c_long_long) == rm48(3:5)), 'gpurng_acquire_uniform_double points at draws 3-5')
  end if
  call expect(gpurngAcquireUniformDouble(gen, 1_c_size_t, p), GPURNG_STATUS_SUCCESS, 'gpurngAcquireUniformDouble')
  call expect(gpurngAcquireUniform(gen, 1_c_size_t, p), GPURNG_STATUS_SUCCESS, 'gpurngAcquireUniform')
  call expect(gpurng_acquire_uniform(gen, 2_c_size_t, fview), GPURNG_STATUS_SUCCESS, 'gpurng_acquire_uniform')
  call truth(associated(fview), 'gpurng_acquire_uniform associates its pointer')
  call expect(gpurng_acquire_long_long(gen, 1_c_size_t, i64view), GPURNG_STATUS_SUCCESS, 'gpurng_acquire_long_long')
  call expect(gpurngGetGeneratorOffset(gen, offset), GPURNG_STATUS_SUCCESS, 'gpurngGetGeneratorOffset')
  call truth(offset == 10, 'zero-copy numbers count as consumed (offset 10)')
  call expect(gpurng_acquire(gen, 1_c_size_t, i32view), GPURNG_STATUS_TYPE_ERROR, 'gpurng_acquire on a 48-bit engine')
  call truth(.not. associated(i32view), 'a failed acquire leaves the pointer disassociated')
  call expect(gpurngAcquire(gen, 1_c_size_t, p), GPURNG_STATUS_TYPE_ERROR, 'gpurngAcquire on a 48-bit engine')
  call expect(gpurngSetPrefetch(gen, 0_c_size_t, 0_c_int), GPURNG_STATUS_SUCCESS, 'gpurngSetPrefetch off')
  call expect(gpurngDestroyGenerator(gen), GPURNG_STATUS_SUCCESS, 'destroy RANMAR48')

  ! ---- 24-bit RANMAR: the Marsaglia-Zaman-James vector after 20000 draws ----
  call expect(gpurngCreateGeneratorHost(gen, GPURNG_RNG_PSEUDO_RANMAR), GPURNG_STATUS_SUCCESS, 'create RANMAR')
  call expect(gpurngSetGeneratorOffset(gen, 20000_c_long_long), GPURNG_STATUS_SUCCESS, 'offset 20000')
  call expect(gpurngGenerate(gen, i32, 6_c_size_t), GPURNG_STATUS_SUCCESS, 'gpurngGenerate')
  call truth(all(i32 == ranmar24), 'gpurngGenerate gives the published RANMAR vector')
  call expect(gpurngSetGeneratorOffset(gen, 20000_c_long_long), GPURNG_STATUS_SUCCESS, 'offset 20000')
  i32 = -1
  call expect(gpurng_generate(gen, i32(1:6:1)), GPURNG_STATUS_SUCCESS, 'gpurng_generate')
  call truth(all(i32 == ranmar24), 'gpurng_generate gives the published RANMAR vector')
  call expect(gpurng_acquire(gen, 4_c_size_t, i32view), GPURNG_STATUS_SUCCESS, 'gpurng_acquire')
  call truth(associated(i32view), 'gpurng_acquire associates its pointer')
  if (associated(i32view)) call truth(all(i32view >= 0 .and. i32view < 2**24), 'RANMAR integers are 24-bit')
  call expect(gpurngGenerateLongLong(gen, i64, 1_c_size_t), GPURNG_STATUS_TYPE_ERROR, &
              '64-bit integers from the 24-bit engine')
  call expect(gpurngDestroyGenerator(gen), GPURNG_STATUS_SUCCESS, 'destroy RANMAR')

  ! ---- the default backend: whichever it picks, the same numbers ----
  call expect(gpurngCreateGenerator(gen, GPURNG_RNG_PSEUDO_RANMAR48X), GPURNG_STATUS_SUCCESS, 'create RANMAR48X')
  call expect(gpurngGetBackend(gen, backend), GPURNG_STATUS_SUCCESS, 'gpurngGetBackend')
  call truth(backend == GPURNG_BACKEND_CPU .or. backend == GPURNG_BACKEND_CUDA, 'the backend is CPU or CUDA')
  call expect(gpurngGenerateUniformDouble(gen, d, 5_c_size_t), GPURNG_STATUS_SUCCESS, 'RANMAR48X doubles')
  call truth(all(d > 0 .and. d < 1), 'RANMAR48X doubles lie in (0,1)')
  call expect(gpurngDestroyGenerator(gen), GPURNG_STATUS_SUCCESS, 'destroy RANMAR48X')

  if (failures /= 0) then
    print '(i0, a)', failures, ' check(s) failed'
    error stop 1
  end if
  print '(a)', 'all module calls behave as gpurng.h says'

contains

  subroutine expect(status, wanted, what)
    integer(c_int), intent(in) :: status, wanted
    character(len=*), intent(in) :: what
    if (status /= wanted) then
      print '(3a, i0, 3a, i0)', 'FAIL ', what, ': status ', status, ' (', gpurng_error_string(status), &
        '), expected ', wanted
      failures = failures + 1
    end if
  end subroutine expect

  subroutine truth(condition, what)
    logical, intent(in) :: condition
    character(len=*), intent(in) :: what
    if (.not. condition) then
      print '(2a)', 'FAIL ', what
      failures = failures + 1
    end if
  end subroutine truth

end program test_module_calls
