! SPDX-License-Identifier: BSD-3-Clause
!
! libgpurng's pricers from Fortran through the `gpurng` module (fortran/gpurng.f90): the caplets of a LIBOR
! market model (gpurng_pricing.h, gpurngPriceLiborCaplets) against Black's formula.
!
! The model: 40 forward rates on the tenor T_j = j delta, delta = 0.25, all starting flat at 5 %, one factor
! with a 20 % volatility for every forward, simulated under the spot measure with 4 log-Euler steps per
! accrual period on 2**14 paths, twice: Philox, then GPU Gems 3's hybrid Tausworthe with Wallace's pool
! normals (options%normal_method). Caplet j (strike 5 %) fixes at T_j and pays delta (L_j(T_j) - K)^+ at
! T_{j+1}. With a constant volatility each caplet's exact value is Black's formula,
!   delta P(0, T_{j+1}) (L Phi(d1) - K Phi(d2)),  P(0, T_{j+1}) = (1 + delta L)**-(j+1),
!   d1,2 = (log(L / K) +- sigma**2 T_j / 2) / (sigma sqrt(T_j)),
! which the program evaluates beside the published values it checks against (QuantLib's blackFormula).
!
! The structs of gpurng_pricing.h are BIND(C) derived types of the same names: options are filled by
! gpurngPricingOptionsDefault and then changed, and the two arrays of gpurngLiborParams_t (const double * in C)
! are type(c_ptr) components set to c_loc of arrays with the TARGET attribute. results(j + 1) is C's caplet j.
! The pricer runs where GPURNG_BACKEND says (cpu, cuda or auto); the estimates are the same bits on either.
! Prints "pricing_libor: ok" at the end; stops with a nonzero code on any unexpected status, or if a caplet is
! more than 5 standard errors from Black's value.
program pricing_libor
  use, intrinsic :: iso_c_binding, only: c_ptr, c_loc, c_associated, c_int, c_long_long, c_double
  use gpurng
  implicit none

  integer(c_int), parameter :: n = 40, factors = 1
  real(c_double), parameter :: delta = 0.25_c_double, L0 = 0.05_c_double, strike = 0.05_c_double, &
                               vol = 0.2_c_double
  ! The caplets shown (C's numbering, from 0) and their values by Black's formula.
  integer, parameter :: shown(5) = [1, 4, 8, 20, 39]
  real(c_double), parameter :: black(5) = [4.86238215842035e-4_c_double, 9.35732197493623e-4_c_double, &
                                           1.25708332632615e-3_c_double, 1.70385381457786e-3_c_double, &
                                           1.86440196173416e-3_c_double]

  real(c_double), target :: initial(n), loadings(factors * n)
  type(gpurngPricingOptions_t) :: options
  type(gpurngLiborParams_t) :: params
  type(gpurngPricingResult_t) :: results(n)
  type(c_ptr) :: pricer
  integer(c_int) :: backend
  integer :: failures

  call check(gpurngCreatePricer(pricer), 'gpurngCreatePricer')
  if (.not. c_associated(pricer)) call fail('gpurngCreatePricer returned a null handle')
  call check(gpurngPricerGetBackend(pricer, backend), 'gpurngPricerGetBackend')
  if (backend == GPURNG_BACKEND_CUDA) then
    print '(a)', 'pricer backend: cuda'
  else
    print '(a)', 'pricer backend: cpu'
  end if

  ! Monte Carlo on 2**14 Philox paths, double-precision paths, no Brownian bridge (the defaults otherwise).
  call check(gpurngPricingOptionsDefault(options), 'gpurngPricingOptionsDefault')
  options%engine = GPURNG_RNG_PSEUDO_PHILOX4_32_10
  options%seed = 1234_c_long_long
  options%paths = 2_c_long_long**14
  options%precision = GPURNG_PATHS_DOUBLE

  ! Flat forwards, one factor: loadings(f*n + j + 1) is factor f's loading of forward j (both from 0).
  initial = L0
  loadings = vol
  params%forwards = n
  params%factors = factors
  params%steps_per_period = 4
  params%delta = delta
  params%strike = strike
  params%initial = c_loc(initial)
  params%loadings = c_loc(loadings)

  failures = 0
  call check(gpurngPriceLiborCaplets(pricer, options, params, results), 'gpurngPriceLiborCaplets')
  call compare('Philox')

  ! The same caplets on GPU Gems 3's hybrid Tausworthe engine with Wallace's pool normals (a pool per 256 paths).
  options%engine = GPURNG_RNG_PSEUDO_HYBRID_TAUS
  options%normal_method = GPURNG_NORMAL_METHOD_WALLACE
  call check(gpurngPriceLiborCaplets(pricer, options, params, results), 'gpurngPriceLiborCaplets (Wallace)')
  call compare('hybrid Taus + Wallace')

  call check(gpurngDestroyPricer(pricer), 'gpurngDestroyPricer')
  if (failures > 0) error stop 3
  print '(a)', 'pricing_libor: ok'

contains

  ! Every shown caplet against Black's formula; counts those more than 5 standard errors away in failures.
  subroutine compare(engine)
    character(len=*), intent(in) :: engine
    real(c_double) :: formula, z
    integer :: i, j
    print '(a, i0, a, i0, 2a)', 'LIBOR market model: ', n, ' forwards flat 5 %, K 5 %, sigma 20 %, delta 0.25, ', &
      options%paths, ' paths, ', engine
    print '(a)', 'caplet  Monte Carlo            std. error    Black                  distance'

    ! Caplet 0 fixes today at L_0 = K: worth exactly nothing, returned exactly.
    if (results(1)%mean /= 0 .or. results(1)%std_error /= 0) call fail('caplet 0 is not exactly 0')
    do i = 1, size(shown)
      j = shown(i)
      formula = black_caplet(j)
      if (abs(formula - black(i)) > 1.0e-12_c_double * black(i)) call fail('Black''s formula off its published value')
      z = (results(j + 1)%mean - black(i)) / results(j + 1)%std_error
      print '(i6, 2x, es21.14, 2x, es12.6, 2x, es21.14, 2x, sp, f6.2, a)', j, results(j + 1)%mean, &
        results(j + 1)%std_error, black(i), z, ' s.e.'
      if (.not. (abs(z) <= 5)) then ! also catches NaN
        print '(a, i0, a)', 'FAIL: caplet ', j, ' is more than 5 standard errors from Black''s value'
        failures = failures + 1
      end if
    end do
  end subroutine compare

  ! Black's formula for caplet j (fixing T_j = j delta, paid at T_{j+1}) on the flat curve.
  function black_caplet(j) result(price)
    integer, intent(in) :: j
    real(c_double) :: price, t, sd, d1, d2
    t = j * delta
    sd = vol * sqrt(t)
    d1 = (log(L0 / strike) + sd**2 / 2) / sd
    d2 = d1 - sd
    price = delta * (1 + delta * L0)**(-(j + 1)) * &
            (L0 * erfc(-d1 / sqrt(2.0_c_double)) / 2 - strike * erfc(-d2 / sqrt(2.0_c_double)) / 2)
  end function black_caplet

  ! Stop with the library's message unless status is GPURNG_STATUS_SUCCESS.
  subroutine check(status, what)
    integer(c_int), intent(in) :: status
    character(len=*), intent(in) :: what
    if (status /= GPURNG_STATUS_SUCCESS) then
      print '(3a, i0, 2a)', 'FAIL: ', what, ' returned ', status, ': ', gpurng_error_string(status)
      error stop 1
    end if
  end subroutine check

  subroutine fail(what)
    character(len=*), intent(in) :: what
    print '(2a)', 'FAIL: ', what
    error stop 2
  end subroutine fail

end program pricing_libor
