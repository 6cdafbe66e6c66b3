! SPDX-License-Identifier: BSD-3-Clause
!
! Every interface and convenience of the `gpurng` module called once from Fortran against the real
! library. check_module.py verifies that the module follows the C header on paper; this verifies that
! the mapping itself is right at run time (by-value versus by-reference, kinds, the handle out-argument,
! the zero-copy pointers), using published RANMAR vectors so wrong arguments cannot pass by chance.
! The cuRAND-style calls are checked on Philox, XORWOW and Sobol' generators through properties a wrong
! argument would break: normal moments, log-normals = exp(normals), Sobol' points = Gray-code XORs of the
! direction-vector table (seen through c_f_pointer), and the statuses of bad arguments.
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
  ! cuRAND-style engines
  integer, parameter :: nn = 20000
  real(c_float) :: nf(nn), lf(nn)
  real(c_double) :: nd(nn), ld(nn), m, v
  integer(c_int) :: pois(nn), sob(8), gray, x
  integer(c_int), pointer :: dv32(:, :), sc32(:)
  integer(c_long_long), pointer :: dv64(:, :), sc64(:)
  integer :: i, j, k

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

  ! ---- Philox4x32-10 (cuRAND's layout) on the CPU backend: normals, log-normals, Poisson, settings ----
  call expect(gpurngCreateGeneratorHost(gen, GPURNG_RNG_PSEUDO_PHILOX4_32_10), GPURNG_STATUS_SUCCESS, 'create PHILOX')
  call expect(gpurngSetPseudoRandomGeneratorSeed(gen, 1234_c_long_long), GPURNG_STATUS_SUCCESS, 'Philox seed')
  call expect(gpurngSetGeneratorOrdering(gen, GPURNG_ORDERING_PSEUDO_LEGACY), GPURNG_STATUS_SUCCESS, 'ordering LEGACY')
  call expect(gpurngSetGeneratorOrdering(gen, GPURNG_ORDERING_PSEUDO_DEFAULT), GPURNG_STATUS_SUCCESS, &
              'ordering DEFAULT')
  call expect(gpurngSetGeneratorOrdering(gen, GPURNG_ORDERING_PSEUDO_SEEDED), GPURNG_STATUS_OUT_OF_RANGE, &
              'ordering SEEDED is refused')
  call expect(gpurngSetGeneratorOrdering(gen, GPURNG_ORDERING_QUASI_DEFAULT), GPURNG_STATUS_OUT_OF_RANGE, &
              'a quasi ordering on a pseudo-random engine')
  call expect(gpurngSetStream(gen, c_null_ptr), GPURNG_STATUS_SUCCESS, 'gpurngSetStream(default stream)')
  call expect(gpurngSetNormalMethod(gen, GPURNG_NORMAL_METHOD_BOX_MULLER), GPURNG_STATUS_SUCCESS, 'Box-Muller')
  call expect(gpurngSetNormalMethod(gen, 77_c_int), GPURNG_STATUS_OUT_OF_RANGE, 'an unknown normal method')
  call expect(gpurngSetQuasiRandomGeneratorDimensions(gen, 2_c_int), GPURNG_STATUS_TYPE_ERROR, &
              'dimensions on a pseudo-random engine')
  ! Normals N(2, 3^2): sample mean within 5 standard errors (3/sqrt(n) = 0.021), variance within 0.5 (s.e. 0.09).
  call expect(gpurngGenerateNormal(gen, nf, int(nn, c_size_t), 2.0_c_float, 3.0_c_float), GPURNG_STATUS_SUCCESS, &
              'gpurngGenerateNormal')
  m = sum(real(nf, c_double)) / nn
  v = sum((real(nf, c_double) - m)**2) / (nn - 1)
  call truth(abs(m - 2) < 0.11_c_double .and. abs(v - 9) < 0.5_c_double, 'Philox float normals: mean 2, variance 9')
  call expect(gpurngGetGeneratorOffset(gen, offset), GPURNG_STATUS_SUCCESS, 'offset after normals')
  call truth(offset == nn, 'Philox normals move the offset by num')
  call expect(gpurngGenerateNormalDouble(gen, nd, int(nn, c_size_t), -1.0_c_double, 0.5_c_double), &
              GPURNG_STATUS_SUCCESS, 'gpurngGenerateNormalDouble')
  m = sum(nd) / nn
  v = sum((nd - m)**2) / (nn - 1)
  call truth(abs(m + 1) < 0.02_c_double .and. abs(v - 0.25_c_double) < 0.015_c_double, &
             'Philox double normals: mean -1, variance 0.25')
  ! Log-normals are exp of the normals at the same position (mean and stddev arrive by value).
  call expect(gpurngSetGeneratorOffset(gen, 0_c_long_long), GPURNG_STATUS_SUCCESS, 'offset 0')
  call expect(gpurngGenerateLogNormal(gen, lf, int(nn, c_size_t), 2.0_c_float, 3.0_c_float), GPURNG_STATUS_SUCCESS, &
              'gpurngGenerateLogNormal')
  call truth(all(abs(lf - exp(nf)) <= 1.0e-5_c_float * exp(nf)), 'log-normals are exp of the float normals')
  call expect(gpurngGenerateLogNormalDouble(gen, ld, int(nn, c_size_t), -1.0_c_double, 0.5_c_double), &
              GPURNG_STATUS_SUCCESS, 'gpurngGenerateLogNormalDouble')
  call truth(all(abs(ld - exp(nd)) <= 1.0e-13_c_double * exp(nd)), 'log-normals are exp of the double normals')
  call expect(gpurngGenerateNormal(gen, nf, 3_c_size_t, 0.0_c_float, 1.0_c_float), GPURNG_STATUS_SUCCESS, &
              'an odd number of Philox normals')
  ! Poisson(4.5): mean within 0.1 (s.e. 0.015), variance within 0.4.
  call expect(gpurngGeneratePoisson(gen, pois, int(nn, c_size_t), 4.5_c_double), GPURNG_STATUS_SUCCESS, &
              'gpurngGeneratePoisson')
  m = sum(real(pois, c_double)) / nn
  v = sum((real(pois, c_double) - m)**2) / (nn - 1)
  call truth(all(pois >= 0) .and. abs(m - 4.5_c_double) < 0.1_c_double .and. abs(v - 4.5_c_double) < 0.4_c_double, &
             'Poisson(4.5): mean and variance 4.5')
  call expect(gpurngGeneratePoisson(gen, pois, 4_c_size_t, 0.0_c_double), GPURNG_STATUS_OUT_OF_RANGE, &
              'Poisson lambda 0')
  call expect(gpurngGeneratePoisson(gen, pois, 4_c_size_t, 400001.0_c_double), GPURNG_STATUS_OUT_OF_RANGE, &
              'Poisson lambda above 400000')
  call expect(gpurngDestroyGenerator(gen), GPURNG_STATUS_SUCCESS, 'destroy PHILOX')

  ! ---- XORWOW: Box-Muller pairs, so an odd count is refused ----
  call expect(gpurngCreateGeneratorHost(gen, GPURNG_RNG_PSEUDO_XORWOW), GPURNG_STATUS_SUCCESS, 'create XORWOW')
  call expect(gpurngGenerateNormal(gen, nf, 3_c_size_t, 0.0_c_float, 1.0_c_float), GPURNG_STATUS_LENGTH_NOT_MULTIPLE, &
              'odd-length float normals on XORWOW')
  call expect(gpurngGenerateNormalDouble(gen, nd, 5_c_size_t, 0.0_c_double, 1.0_c_double), &
              GPURNG_STATUS_LENGTH_NOT_MULTIPLE, 'odd-length double normals on XORWOW')
  call expect(gpurngGenerateNormal(gen, nf, 4_c_size_t, 0.0_c_float, 1.0_c_float), GPURNG_STATUS_SUCCESS, &
              'even-length normals on XORWOW')
  call expect(gpurngDestroyGenerator(gen), GPURNG_STATUS_SUCCESS, 'destroy XORWOW')

  ! ---- direction vectors and scramble constants: static tables seen through c_f_pointer ----
  p = c_null_ptr
  call expect(gpurngGetDirectionVectors32(p, GPURNG_DIRECTION_VECTORS_32_JOEKUO6), GPURNG_STATUS_SUCCESS, &
              'gpurngGetDirectionVectors32')
  nullify (dv32)
  if (c_associated(p)) call c_f_pointer(p, dv32, [32, 20000])
  call truth(associated(dv32), 'gpurngGetDirectionVectors32 returns a table')
  if (associated(dv32)) call truth(all([(dv32(k, 1) == ibset(0_c_int, 32 - k), k=1, 32)]), &
                                   'Sobol32 dimension 1 direction numbers are 2^31, 2^30, ..., 1')
  call expect(gpurngGetDirectionVectors32(p, GPURNG_DIRECTION_VECTORS_64_JOEKUO6), GPURNG_STATUS_OUT_OF_RANGE, &
              'gpurngGetDirectionVectors32 with a 64-bit set')
  call expect(gpurngGetDirectionVectors64(p, GPURNG_DIRECTION_VECTORS_64_JOEKUO6), GPURNG_STATUS_SUCCESS, &
              'gpurngGetDirectionVectors64')
  nullify (dv64)
  if (c_associated(p)) call c_f_pointer(p, dv64, [64, 20000])
  call truth(associated(dv64), 'gpurngGetDirectionVectors64 returns a table')
  if (associated(dv64)) call truth(all([(dv64(k, 1) == ibset(0_c_long_long, 64 - k), k=1, 64)]), &
                                   'Sobol64 dimension 1 direction numbers are 2^63, 2^62, ..., 1')
  call expect(gpurngGetDirectionVectors64(p, GPURNG_SCRAMBLED_DIRECTION_VECTORS_32_JOEKUO6), &
              GPURNG_STATUS_OUT_OF_RANGE, 'gpurngGetDirectionVectors64 with a 32-bit set')
  call expect(gpurngGetScrambleConstants32(p), GPURNG_STATUS_SUCCESS, 'gpurngGetScrambleConstants32')
  nullify (sc32)
  if (c_associated(p)) call c_f_pointer(p, sc32, [20000])
  call truth(associated(sc32), 'gpurngGetScrambleConstants32 returns a table')
  call expect(gpurngGetScrambleConstants64(p), GPURNG_STATUS_SUCCESS, 'gpurngGetScrambleConstants64')
  nullify (sc64)
  if (c_associated(p)) call c_f_pointer(p, sc64, [20000])
  call truth(associated(sc64), 'gpurngGetScrambleConstants64 returns a table')

  ! ---- Sobol32 in 2 dimensions: the points are Gray-code XORs of the table's direction numbers ----
  call expect(gpurngCreateGeneratorHost(gen, GPURNG_RNG_QUASI_SOBOL32), GPURNG_STATUS_SUCCESS, 'create SOBOL32')
  call expect(gpurngSetQuasiRandomGeneratorDimensions(gen, 0_c_int), GPURNG_STATUS_OUT_OF_RANGE, 'dimensions 0')
  call expect(gpurngSetQuasiRandomGeneratorDimensions(gen, 20001_c_int), GPURNG_STATUS_OUT_OF_RANGE, 'dimensions 20001')
  call expect(gpurngSetQuasiRandomGeneratorDimensions(gen, 2_c_int), GPURNG_STATUS_SUCCESS, 'dimensions 2')
  call expect(gpurngSetGeneratorOrdering(gen, GPURNG_ORDERING_QUASI_DEFAULT), GPURNG_STATUS_SUCCESS, &
              'ordering QUASI_DEFAULT')
  call expect(gpurngSetGeneratorOrdering(gen, GPURNG_ORDERING_PSEUDO_DEFAULT), GPURNG_STATUS_OUT_OF_RANGE, &
              'a pseudo ordering on Sobol')
  call expect(gpurngGenerate(gen, sob, 8_c_size_t), GPURNG_STATUS_SUCCESS, 'gpurngGenerate on SOBOL32')
  if (associated(dv32)) then
    ! 4 points of dimension 1, then 4 of dimension 2: point i is the XOR of v(j) over the set bits j of gray(i).
    do k = 1, 2
      do i = 0, 3
        gray = ieor(i, ishft(i, -1))
        x = 0
        do j = 0, 1
          if (btest(gray, j)) x = ieor(x, dv32(j + 1, k))
        end do
        call truth(sob((k - 1) * 4 + i + 1) == x, 'Sobol32 points follow the direction vectors')
      end do
    end do
  end if
  call truth(sob(2) == ibset(0_c_int, 31) .and. sob(3) == ior(ibset(0_c_int, 31), ibset(0_c_int, 30)), &
             'Sobol32 dimension 1 starts 0, 2^31, 2^31 + 2^30')
  call expect(gpurngGetGeneratorOffset(gen, offset), GPURNG_STATUS_SUCCESS, 'Sobol offset')
  call truth(offset == 4, 'Sobol offsets count points (4)')
  call expect(gpurngGenerateNormal(gen, nf, 3_c_size_t, 0.0_c_float, 1.0_c_float), GPURNG_STATUS_LENGTH_NOT_MULTIPLE, &
              'Sobol normals not a multiple of the dimensions')
  call expect(gpurngSetNormalMethod(gen, GPURNG_NORMAL_METHOD_INVERSE_CDF), GPURNG_STATUS_SUCCESS, 'inverse CDF')
  ! Quasi-random normals by the inverse CDF: each dimension's mean and variance are close to 0 and 1.
  call expect(gpurngGenerateNormalDouble(gen, nd, int(nn, c_size_t), 0.0_c_double, 1.0_c_double), &
              GPURNG_STATUS_SUCCESS, 'gpurngGenerateNormalDouble on SOBOL32')
  do k = 0, 1
    m = sum(nd(k * nn / 2 + 1:(k + 1) * nn / 2)) / (nn / 2)
    v = sum((nd(k * nn / 2 + 1:(k + 1) * nn / 2) - m)**2) / (nn / 2 - 1)
    call truth(abs(m) < 0.01_c_double .and. abs(v - 1) < 0.02_c_double, 'Sobol normals: mean 0, variance 1')
  end do
  call expect(gpurngGeneratePoisson(gen, pois, 2_c_size_t, 0.0_c_double), GPURNG_STATUS_OUT_OF_RANGE, &
              'Poisson lambda 0 on SOBOL32')
  call expect(gpurngGenerateUniform(gen, f, 4_c_size_t), GPURNG_STATUS_SUCCESS, 'Sobol uniforms')
  call truth(all(f > 0 .and. f < 1), 'Sobol uniforms lie in (0,1)')
  call expect(gpurngDestroyGenerator(gen), GPURNG_STATUS_SUCCESS, 'destroy SOBOL32')

  ! ---- scrambled Sobol32: point 0 of dimension 1 is the first scramble constant ----
  call expect(gpurngCreateGeneratorHost(gen, GPURNG_RNG_QUASI_SCRAMBLED_SOBOL32), GPURNG_STATUS_SUCCESS, &
              'create SCRAMBLED_SOBOL32')
  call expect(gpurngGenerate(gen, sob, 1_c_size_t), GPURNG_STATUS_SUCCESS, 'gpurngGenerate on SCRAMBLED_SOBOL32')
  if (associated(sc32)) call truth(sob(1) == sc32(1), 'scrambled Sobol starts at the scramble constant')
  call expect(gpurngDestroyGenerator(gen), GPURNG_STATUS_SUCCESS, 'destroy SCRAMBLED_SOBOL32')

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
