! SPDX-License-Identifier: BSD-3-Clause
!
! Every interface and convenience of the `gpurng` module called once from Fortran against the real
! library. check_module.py verifies that the module follows the C header on paper; this verifies that
! the mapping itself is right at run time (by-value versus by-reference, kinds, the handle out-argument,
! the zero-copy pointers), using published RANMAR vectors so wrong arguments cannot pass by chance.
! The cuRAND-style calls are checked on Philox, XORWOW and Sobol' generators through properties a wrong
! argument would break: normal moments, log-normals = exp(normals), Sobol' points = Gray-code XORs of the
! direction-vector table (seen through c_f_pointer), and the statuses of bad arguments.
! The solver calls (gpurng_tridiag.h, gpurng_pde.h) solve small systems whose solutions and LU factors are
! worked out by hand below, in every layout (general with and without pads, strided, interleaved, one
! matrix for the batch, factor then solve), with info and pads passed as c_loc(...) or c_null_ptr.
! Prints one line per failed check and exits with status 1 if any failed.
program test_module_calls
  use, intrinsic :: iso_c_binding, only: c_ptr, c_null_ptr, c_associated, c_f_pointer, c_loc, c_int, &
                                         c_long_long, c_size_t, c_float, c_double
  use gpurng
  implicit none

  ! P3 (tests/kat/ranmar_published.txt): RM48 / RMMARD, IJKL 54217137, draws 1-5 * 2**48.
  integer(c_long_long), parameter :: rm48(5) = [int(z'7974F0955BF5', c_long_long), &
                                                int(z'CCFD0915CD3C', c_long_long), &
                                                int(z'842FC48EE04D', c_long_long), &
                                                int(z'4D76475F803E', c_long_long), &
                                                int(z'04DE467DA9ED', c_long_long)]
  ! P1 (tests/kat/ranmar_published.txt; James 1990): 24-bit RANMAR, IJKL 54217137, after 20000 draws
  ! the next six * 2**24.
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

  ! ---- the solver handle, the tridiagonal solvers and the Black-Scholes PDE ----
  call solver_calls()

  if (failures /= 0) then
    print '(i0, a)', failures, ' check(s) failed'
    error stop 1
  end if
  print '(a)', 'all module calls behave as the headers say'

contains

  ! Every interface of gpurng_tridiag.h and gpurng_pde.h, on host memory (CPU threads).
  ! Two 3x3 systems, A1 = tridiag(1, 2, 1) with x1 = (1, 2, 3): A1 x1 = (4, 8, 8); A2 = tridiag(-1, 4, -1)
  ! with x2 = (-1, 0.5, 2): A2 x2 = (-4.5, 1, 7.5). For the one-matrix call also x3 = (0.5, -1, 2):
  ! A1 x3 = (0, 0.5, 3). LU without pivoting (LAPACK ?gttrf, the layout gpurng?gtsvFactorBatch writes):
  ! A1: p = (2, 3/2, 4/3), l = (-, 1/2, 2/3), so d becomes 1/p = (1/2, 2/3, 3/4);
  ! A2: p = (4, 15/4, 56/15), l = (-, -1/4, -4/15), so d becomes (1/4, 4/15, 15/56). du is unchanged.
  subroutine solver_calls()
    real(c_float), parameter :: dl1(3) = [0, 1, 1], d1(3) = [2, 2, 2], du1(3) = [1, 1, 0]
    real(c_float), parameter :: dl2(3) = [0, -1, -1], d2(3) = [4, 4, 4], du2(3) = [-1, -1, 0]
    real(c_float), parameter :: x1(3) = [1.0, 2.0, 3.0], r1(3) = [4.0, 8.0, 8.0]
    real(c_float), parameter :: x2(3) = [-1.0, 0.5, 2.0], r2(3) = [-4.5, 1.0, 7.5]
    real(c_float), parameter :: x3(3) = [0.5, -1.0, 2.0], r3(3) = [0.0, 0.5, 3.0]
    real(c_float), parameter :: lfac(4) = [0.5, 2.0 / 3, -0.25, -4.0 / 15]            ! l_2, l_3 of A1, A2
    real(c_float), parameter :: pinv(6) = [0.5, 2.0 / 3, 0.75, 0.25, 4.0 / 15, 15.0 / 56] ! 1/p of A1, A2
    type(c_ptr) :: solver
    integer(c_int) :: algorithm, status
    integer(c_int), target :: info(2), info1, pads(2)
    real(c_float) :: sl(6), sd(6), su(6), sx(6), pl(8), pd(8), pu(8), px(8)
    real(c_double) :: dl(6), dd(6), du(6), dx(6)
    real(c_float) :: fS0(1), fK(1), fr(1), fsig(1), fT(1), fprice(1)
    real(c_float), target :: fdelta(1)
    real(c_double) :: S0(1), K(1), r(1), sig(1), T(1), price(1)
    real(c_double), target :: grid(128)
    integer(c_int) :: call_kind(1)

    solver = c_null_ptr
    call expect(gpurngCreateSolver(solver), GPURNG_STATUS_SUCCESS, 'gpurngCreateSolver')
    call truth(c_associated(solver), 'gpurngCreateSolver returns a handle')
    algorithm = -1
    call expect(gpurngSolverGetLastAlgorithm(solver, algorithm), GPURNG_STATUS_SUCCESS, 'gpurngSolverGetLastAlgorithm')
    call truth(algorithm == GPURNG_TRIDIAG_AUTO, 'the last algorithm is AUTO before any call')
    call expect(gpurngSolverSetAlgorithm(solver, 99_c_int), GPURNG_STATUS_INVALID_VALUE, 'an unknown algorithm')
    call expect(gpurngSolverSetAlgorithm(solver, GPURNG_TRIDIAG_THOMAS), GPURNG_STATUS_SUCCESS, 'algorithm THOMAS')
    call expect(gpurngSolverSetStream(solver, c_null_ptr), GPURNG_STATUS_SUCCESS, 'gpurngSolverSetStream(default)')

    ! ---- general layout: x(3, 2), solvedim 0, pads NULL, info given ----
    sl = [dl1, dl2]
    sd = [d1, d2]
    su = [du1, du2]
    sx = [r1, r2]
    info = -1
    call expect(gpurngSgtsvBatch(solver, 2_c_int, 0_c_int, [3_c_int, 2_c_int], c_null_ptr, sl, sd, su, sx, &
                                 c_loc(info)), GPURNG_STATUS_SUCCESS, 'gpurngSgtsvBatch')
    call truth(near4(sx, [x1, x2]), 'gpurngSgtsvBatch solves both systems')
    call truth(all(info == 0), 'gpurngSgtsvBatch info is 0 for both systems')
    call truth(all(sd == [d1, d2]), 'gpurngSgtsvBatch leaves the coefficients alone')
    call expect(gpurngSolverGetLastAlgorithm(solver, algorithm), GPURNG_STATUS_SUCCESS, 'last algorithm')
    call truth(algorithm == GPURNG_TRIDIAG_THOMAS, 'the last algorithm is the THOMAS that was set')

    ! ---- general layout with pads (4, 2): element 4 of each column is padding, left alone; info NULL ----
    pl = [dl1, 9.0, dl2, 9.0]
    pd = [d1, 9.0, d2, 9.0]
    pu = [du1, 9.0, du2, 9.0]
    px = [r1, -5.0, r2, -5.0]
    pads = [4, 2]
    call expect(gpurngSgtsvBatch(solver, 2_c_int, 0_c_int, [3_c_int, 2_c_int], c_loc(pads), pl, pd, pu, px, &
                                 c_null_ptr), GPURNG_STATUS_SUCCESS, 'gpurngSgtsvBatch with pads')
    call truth(near4(px([1, 2, 3, 5, 6, 7]), [x1, x2]) .and. px(4) == -5 .and. px(8) == -5, &
               'gpurngSgtsvBatch with pads solves in the padded layout')

    ! ---- a zero pivot in system 1: ZERO_PIVOT, info (1, 0), system 1 unchanged, system 2 solved ----
    sd = [0.0_c_float, 2.0_c_float, 2.0_c_float, d2]
    sx = [r1, r2]
    info = -1
    call expect(gpurngSgtsvBatch(solver, 2_c_int, 0_c_int, [3_c_int, 2_c_int], c_null_ptr, sl, sd, su, sx, &
                                 c_loc(info)), GPURNG_STATUS_ZERO_PIVOT, 'gpurngSgtsvBatch with a zero pivot')
    call truth(info(1) == 1 .and. info(2) == 0, 'info says system 1 met a zero pivot in row 0 (info 1)')
    call truth(all(sx(1:3) == r1) .and. near4(sx(4:6), x2), 'the failed system is unchanged, the other solved')
    sd = [d1, d2]

    ! ---- strided: m 3, stride 4, 2 systems ----
    px = [r1, -5.0, r2, -5.0]
    info = -1
    call expect(gpurngSgtsvStridedBatch(solver, 3_c_int, pl, pd, pu, px, 2_c_int, 4_c_int, c_loc(info)), &
                GPURNG_STATUS_SUCCESS, 'gpurngSgtsvStridedBatch')
    call truth(near4(px([1, 2, 3, 5, 6, 7]), [x1, x2]) .and. px(4) == -5 .and. px(8) == -5 .and. all(info == 0), &
               'gpurngSgtsvStridedBatch solves both systems')
    call expect(gpurngSgtsvStridedBatch(solver, 3_c_int, pl, pd, pu, px, 2_c_int, 2_c_int, c_null_ptr), &
                GPURNG_STATUS_OUT_OF_RANGE, 'gpurngSgtsvStridedBatch with batchStride < m')

    ! ---- interleaved: element i of system k at (i - 1) * 2 + k ----
    sx = [r1(1), r2(1), r1(2), r2(2), r1(3), r2(3)]
    call expect(gpurngSgtsvInterleavedBatch(solver, 3_c_int, interleave4(dl1, dl2), interleave4(d1, d2), &
                                            interleave4(du1, du2), sx, 2_c_int, c_null_ptr), &
                GPURNG_STATUS_SUCCESS, 'gpurngSgtsvInterleavedBatch')
    call truth(near4(sx, interleave4(x1, x2)), 'gpurngSgtsvInterleavedBatch solves both systems')

    ! ---- one matrix (A1) for the batch: right-hand sides r1 and r3 ----
    sx = [r1, r3]
    info1 = -1
    call expect(gpurngSgtsvConstantBatch(solver, 2_c_int, 0_c_int, [3_c_int, 2_c_int], c_null_ptr, dl1, d1, du1, &
                                         sx, c_loc(info1)), GPURNG_STATUS_SUCCESS, 'gpurngSgtsvConstantBatch')
    call truth(near4(sx, [x1, x3]) .and. info1 == 0, 'gpurngSgtsvConstantBatch solves both right-hand sides')

    ! ---- factor, then solve with the factors ----
    info = -1
    call expect(gpurngSgtsvFactorBatch(solver, 2_c_int, 0_c_int, [3_c_int, 2_c_int], c_null_ptr, sl, sd, su, &
                                       c_loc(info)), GPURNG_STATUS_SUCCESS, 'gpurngSgtsvFactorBatch')
    call truth(near4(sl([2, 3, 5, 6]), lfac) .and. near4(sd, pinv) .and. all(su == [du1, du2]) .and. &
               all(info == 0), 'gpurngSgtsvFactorBatch writes the LU factors (l, 1/p, c)')
    sx = [r1, r2]
    call expect(gpurngSgtsvFactoredSolveBatch(solver, 2_c_int, 0_c_int, [3_c_int, 2_c_int], c_null_ptr, sl, sd, &
                                              su, sx), GPURNG_STATUS_SUCCESS, 'gpurngSgtsvFactoredSolveBatch')
    call truth(near4(sx, [x1, x2]), 'gpurngSgtsvFactoredSolveBatch solves with the factors')

    ! ---- the same in double precision, with AUTO (on host memory it runs THOMAS) ----
    call expect(gpurngSolverSetAlgorithm(solver, GPURNG_TRIDIAG_AUTO), GPURNG_STATUS_SUCCESS, 'algorithm AUTO')
    dl = [dl1, dl2]
    dd = [d1, d2]
    du = [du1, du2]
    dx = [r1, r2]
    info = -1
    call expect(gpurngDgtsvBatch(solver, 2_c_int, 0_c_int, [3_c_int, 2_c_int], c_null_ptr, dl, dd, du, dx, &
                                 c_loc(info)), GPURNG_STATUS_SUCCESS, 'gpurngDgtsvBatch')
    call truth(near8(dx, real([x1, x2], c_double)) .and. all(info == 0), 'gpurngDgtsvBatch solves both systems')
    call expect(gpurngSolverGetLastAlgorithm(solver, algorithm), GPURNG_STATUS_SUCCESS, 'last algorithm')
    call truth(algorithm == GPURNG_TRIDIAG_THOMAS, 'AUTO on host memory runs THOMAS')
    ! solvedim 1: the transposed layout x(2, 3), which is the interleaved one.
    dx = [r1(1), r2(1), r1(2), r2(2), r1(3), r2(3)]
    call expect(gpurngDgtsvBatch(solver, 2_c_int, 1_c_int, [2_c_int, 3_c_int], c_null_ptr, &
                                 real(interleave4(dl1, dl2), c_double), real(interleave4(d1, d2), c_double), &
                                 real(interleave4(du1, du2), c_double), dx, c_null_ptr), GPURNG_STATUS_SUCCESS, &
                'gpurngDgtsvBatch along solvedim 1')
    call truth(near8(dx, real(interleave4(x1, x2), c_double)), 'gpurngDgtsvBatch along solvedim 1 solves both')
    dx = [r1, r2]
    call expect(gpurngDgtsvStridedBatch(solver, 3_c_int, dl, dd, du, dx, 2_c_int, 3_c_int, c_null_ptr), &
                GPURNG_STATUS_SUCCESS, 'gpurngDgtsvStridedBatch')
    call truth(near8(dx, real([x1, x2], c_double)), 'gpurngDgtsvStridedBatch solves both systems')
    dx = [r1(1), r2(1), r1(2), r2(2), r1(3), r2(3)]
    info = -1
    call expect(gpurngDgtsvInterleavedBatch(solver, 3_c_int, real(interleave4(dl1, dl2), c_double), &
                                            real(interleave4(d1, d2), c_double), &
                                            real(interleave4(du1, du2), c_double), dx, 2_c_int, c_loc(info)), &
                GPURNG_STATUS_SUCCESS, 'gpurngDgtsvInterleavedBatch')
    call truth(near8(dx, real(interleave4(x1, x2), c_double)) .and. all(info == 0), &
               'gpurngDgtsvInterleavedBatch solves both systems')
    dx = [r1, r3]
    call expect(gpurngDgtsvConstantBatch(solver, 2_c_int, 0_c_int, [3_c_int, 2_c_int], c_null_ptr, &
                                         real(dl1, c_double), real(d1, c_double), real(du1, c_double), dx, &
                                         c_null_ptr), GPURNG_STATUS_SUCCESS, 'gpurngDgtsvConstantBatch')
    call truth(near8(dx, real([x1, x3], c_double)), 'gpurngDgtsvConstantBatch solves both right-hand sides')
    call expect(gpurngDgtsvFactorBatch(solver, 2_c_int, 0_c_int, [3_c_int, 2_c_int], c_null_ptr, dl, dd, du, &
                                       c_null_ptr), GPURNG_STATUS_SUCCESS, 'gpurngDgtsvFactorBatch')
    call truth(near8(dl([2, 3, 5, 6]), [0.5_c_double, 2 / 3.0_c_double, -0.25_c_double, -4 / 15.0_c_double]) .and. &
               near8(dd, [0.5_c_double, 2 / 3.0_c_double, 0.75_c_double, 0.25_c_double, 4 / 15.0_c_double, &
                          15 / 56.0_c_double]), 'gpurngDgtsvFactorBatch writes the LU factors')
    dx = [r1, r2]
    call expect(gpurngDgtsvFactoredSolveBatch(solver, 2_c_int, 0_c_int, [3_c_int, 2_c_int], c_null_ptr, dl, dd, &
                                              du, dx), GPURNG_STATUS_SUCCESS, 'gpurngDgtsvFactoredSolveBatch')
    call truth(near8(dx, real([x1, x2], c_double)), 'gpurngDgtsvFactoredSolveBatch solves with the factors')

    ! ---- bad arguments ----
    call expect(gpurngSgtsvBatch(c_null_ptr, 2_c_int, 0_c_int, [3_c_int, 2_c_int], c_null_ptr, sl, sd, su, sx, &
                                 c_null_ptr), GPURNG_STATUS_NOT_INITIALIZED, 'gpurngSgtsvBatch without a solver')
    call expect(gpurngDgtsvBatch(solver, 4_c_int, 0_c_int, [3_c_int, 2_c_int, 1_c_int, 1_c_int], c_null_ptr, dl, &
                                 dd, du, dx, c_null_ptr), GPURNG_STATUS_OUT_OF_RANGE, 'gpurngDgtsvBatch with ndim 4')

    ! ---- Black-Scholes PDE: the call S0 = K = 100 (r 0.05, sigma 0.2, T 1; Black-Scholes 10.4506, delta 0.6368)
    ! on a coarse grid (Smax 200, J 127) ----
    call_kind = GPURNG_OPTION_CALL + GPURNG_OPTION_EUROPEAN
    fS0 = 100
    fK = 100
    fr = 0.05
    fsig = 0.2
    fT = 1
    call expect(gpurngBlackScholesPde1dFloat(solver, GPURNG_PDE_IMPLICIT, 127_c_int, 200_c_int, 200.0_c_float, &
                                             1_c_int, call_kind, fS0, fK, fr, fsig, fT, fprice, c_loc(fdelta), &
                                             c_null_ptr, c_null_ptr, c_null_ptr), GPURNG_STATUS_SUCCESS, &
                'gpurngBlackScholesPde1dFloat')
    call truth(abs(fprice(1) - 10.4506) < 0.05 .and. abs(fdelta(1) - 0.6368) < 0.005, &
               'gpurngBlackScholesPde1dFloat prices the call near Black-Scholes')
    call expect(gpurngBlackScholesPde1dFloat(solver, GPURNG_PDE_EXPLICIT, 127_c_int, 10_c_int, 200.0_c_float, &
                                             1_c_int, call_kind, fS0, fK, fr, fsig, fT, fprice, c_null_ptr, &
                                             c_null_ptr, c_null_ptr, c_null_ptr), GPURNG_STATUS_UNSTABLE_SCHEME, &
                'gpurngBlackScholesPde1dFloat explicit beyond its stability limit')
    S0 = 100
    K = 100
    r = 0.05_c_double
    sig = 0.2_c_double
    T = 1
    grid = -1
    call expect(gpurngBlackScholesPde1dDouble(solver, GPURNG_PDE_CRANK_NICOLSON, 127_c_int, 200_c_int, &
                                              200.0_c_double, 1_c_int, call_kind, S0, K, r, sig, T, price, &
                                              c_null_ptr, c_null_ptr, c_loc(grid), c_null_ptr), &
                GPURNG_STATUS_SUCCESS, 'gpurngBlackScholesPde1dDouble')
    call truth(abs(price(1) - 10.4506_c_double) < 0.05_c_double .and. grid(1) == 0 .and. grid(128) > 100, &
               'gpurngBlackScholesPde1dDouble prices the call near Black-Scholes and fills its grid')
    status = gpurngBlackScholesPde1dDouble(solver, 7_c_int, 127_c_int, 200_c_int, 200.0_c_double, 1_c_int, &
                                           call_kind, S0, K, r, sig, T, price, c_null_ptr, c_null_ptr, c_null_ptr, &
                                           c_null_ptr)
    call expect(status, GPURNG_STATUS_INVALID_VALUE, 'gpurngBlackScholesPde1dDouble with an unknown scheme')

    call expect(gpurngDestroySolver(solver), GPURNG_STATUS_SUCCESS, 'gpurngDestroySolver')
    call expect(gpurngDestroySolver(c_null_ptr), GPURNG_STATUS_NOT_INITIALIZED, 'destroy a null solver')

  end subroutine solver_calls

  ! Two 3-element systems in the interleaved layout: (a1, b1, a2, b2, a3, b3).
  function interleave4(a, b) result(c)
    real(c_float), intent(in) :: a(3), b(3)
    real(c_float) :: c(6)
    c(1::2) = a
    c(2::2) = b
  end function interleave4

  ! Equal within a few float (near4) or double (near8) roundings of the largest magnitude.
  logical function near4(a, b)
    real(c_float), intent(in) :: a(:), b(:)
    near4 = size(a) == size(b)
    if (near4) near4 = all(abs(a - b) <= 8 * epsilon(1.0_c_float) * maxval(abs(b)))
  end function near4

  logical function near8(a, b)
    real(c_double), intent(in) :: a(:), b(:)
    near8 = size(a) == size(b)
    if (near8) near8 = all(abs(a - b) <= 8 * epsilon(1.0_c_double) * maxval(abs(b)))
  end function near8

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
