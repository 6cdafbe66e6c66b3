! SPDX-License-Identifier: BSD-3-Clause
!
! Every interface of gpurng_pricing.h in the `gpurng` module called from Fortran against the real library (CPU
! backend), the run-time half of what check_module.py verifies on paper: by-value versus by-reference, the
! handle out-argument, and above all the BIND(C) derived types' layouts. Each struct is passed with values that
! give an exactly known answer, so a component out of place, of the wrong kind or a wrong array stride cannot
! pass by chance:
!   - gpurngPricingOptionsDefault must give every documented default in its own component;
!   - zero-volatility Asian baskets (two parameter sets in one call: the params(*)/results(*) stride), a GARCH
!     lookback with A0 = A1 = A2 = 0, the MBS annuity (sigma 0, no prepayment), and LIBOR caplets with zero
!     loadings are deterministic: their closed forms, standard error 0;
!   - first_path, paths, seed and antithetic are read where C reads them (paths fixed by their index);
!   - the documented statuses of bad input.
! Prints one line per failed check and exits with status 1 if any failed.
program test_pricing_calls
  use, intrinsic :: iso_c_binding, only: c_ptr, c_null_ptr, c_associated, c_loc, c_int, c_long_long, c_double
  use gpurng
  implicit none

  type(c_ptr) :: pricer
  type(gpurngPricingOptions_t) :: o
  type(gpurngAsianBasketParams_t) :: asian(2)
  type(gpurngGarchLookbackParams_t) :: garch(1)
  type(gpurngMbsParams_t) :: mbs
  type(gpurngLiborParams_t) :: libor
  type(gpurngPricingResult_t) :: r(8), whole(1), lo(1), hi(1)
  integer, parameter :: n = 5
  real(c_double), target :: initial(n), loadings(2 * n)
  real(c_double) :: expected, h
  integer(c_int) :: backend
  integer :: failures = 0, t, j, k

  ! ---- handles ----
  pricer = c_null_ptr
  call expect(gpurngCreatePricerOnBackend(pricer, 99_c_int), GPURNG_STATUS_INVALID_VALUE, 'an unknown backend')
  call expect(gpurngDestroyPricer(c_null_ptr), GPURNG_STATUS_SUCCESS, 'destroy a null pricer')
  call expect(gpurngPricerGetBackend(c_null_ptr, backend), GPURNG_STATUS_NOT_INITIALIZED, 'backend of a null pricer')
  call expect(gpurngCreatePricer(pricer), GPURNG_STATUS_SUCCESS, 'gpurngCreatePricer')
  call truth(c_associated(pricer), 'gpurngCreatePricer returns a handle')
  call expect(gpurngDestroyPricer(pricer), GPURNG_STATUS_SUCCESS, 'gpurngDestroyPricer')
  call expect(gpurngCreatePricerOnBackend(pricer, GPURNG_BACKEND_CPU), GPURNG_STATUS_SUCCESS, 'create on the CPU')
  call expect(gpurngPricerGetBackend(pricer, backend), GPURNG_STATUS_SUCCESS, 'gpurngPricerGetBackend')
  call truth(backend == GPURNG_BACKEND_CPU, 'the pricer runs on the CPU backend')
  call expect(gpurngPricerSetStream(pricer, c_null_ptr), GPURNG_STATUS_SUCCESS, 'gpurngPricerSetStream(default)')

  ! ---- the options' defaults, each in its component ----
  o%engine = -1
  o%seed = -1
  o%first_path = -1
  o%paths = -1
  o%precision = -1
  o%antithetic = -1
  o%replications = -1
  o%brownian_bridge = -1
  call expect(gpurngPricingOptionsDefault(o), GPURNG_STATUS_SUCCESS, 'gpurngPricingOptionsDefault')
  call truth(o%engine == GPURNG_RNG_PSEUDO_PHILOX4_32_10, 'default engine Philox')
  call truth(o%seed == 0 .and. o%first_path == 0, 'default seed and first_path 0')
  call truth(o%paths == 65536_c_long_long, 'default paths 65536')
  call truth(o%precision == GPURNG_PATHS_DOUBLE, 'default precision double')
  call truth(o%antithetic == 0 .and. o%brownian_bridge == 0, 'default antithetic and brownian_bridge 0')
  call truth(o%replications == 32, 'default replications 32')
  o%paths = 1000
  o%seed = 1234

  ! ---- Asian basket, no volatility: two parameter sets in one call (a dominates in the first, b in the second) ----
  asian(1) = gpurngAsianBasketParams_t(1.5_c_double, 1.2_c_double, -0.001_c_double, -0.001_c_double, 0, 0, 0)
  asian(2) = gpurngAsianBasketParams_t(1.0_c_double, 1.3_c_double, -0.0005_c_double, -0.002_c_double, 0, 0, 0)
  r%mean = -1
  call expect(gpurngPriceAsianBasket(pricer, o, 256_c_int, 2_c_int, asian, r), GPURNG_STATUS_SUCCESS, &
              'gpurngPriceAsianBasket')
  do k = 1, 2
    call truth(near(r(k)%mean, asian_closed_form(asian(k), 256), 1.0e-11_c_double) .and. r(k)%std_error < 1.0e-15, &
               'deterministic Asian basket, parameter set ' // char(ichar('0') + k))
  end do
  call truth(r(3)%mean == -1, 'gpurngPriceAsianBasket writes count results only')

  ! ---- GARCH lookback with A0 = A1 = A2 = 0: s_t = s0 exp(mu t), payoff sum_t (s_t - s_T)^+ ----
  garch(1) = gpurngGarchLookbackParams_t(0, 0, 0, 0.3_c_double, 0.2_c_double, 1.5_c_double, -0.01_c_double)
  call expect(gpurngPriceGarchLookback(pricer, o, 15_c_int, 1_c_int, garch, r), GPURNG_STATUS_SUCCESS, &
              'gpurngPriceGarchLookback')
  expected = 0
  do t = 0, 14
    expected = expected + max(1.5_c_double * exp(-0.01_c_double * t) - 1.5_c_double * exp(-0.01_c_double * 15), 0.0_c_double)
  end do
  call truth(near(r(1)%mean, expected, 1.0e-12_c_double) .and. r(1)%std_error < 1.0e-15, &
             'deterministic GARCH lookback')

  ! ---- MBS, sigma 0 and no prepayment: the annuity (tests/pricing/test_pricers.cpp) ----
  mbs = gpurngMbsParams_t(0.007_c_double, 0, 0, 10, 0.5_c_double, 0, 360_c_int)
  call expect(gpurngPriceMbs(pricer, o, mbs, r(1)), GPURNG_STATUS_SUCCESS, 'gpurngPriceMbs')
  call truth(abs(r(1)%mean - 131.2615606100_c_double) < 1.0e-9_c_double, 'the MBS annuity')

  ! ---- LIBOR caplets with zero loadings (two factors): forwards stay L_j, caplet j = delta (L_j - K)^+ B^-1 ----
  do j = 1, n
    initial(j) = 0.04_c_double + 0.002_c_double * j
  end do
  loadings = 0
  libor = gpurngLiborParams_t(n, 2_c_int, 3_c_int, 0.5_c_double, 0.045_c_double, c_loc(initial), c_loc(loadings))
  r%mean = -1
  call expect(gpurngPriceLiborCaplets(pricer, o, libor, r), GPURNG_STATUS_SUCCESS, 'gpurngPriceLiborCaplets')
  h = 1
  do j = 1, n
    h = h * (1 + 0.5_c_double * initial(j)) ! B(T_{j}) in C's numbering j - 1
    expected = 0.5_c_double * max(initial(j) - 0.045_c_double, 0.0_c_double) / h
    call truth(near(r(j)%mean, expected, 1.0e-12_c_double) .and. r(j)%std_error < 1.0e-15, &
               'deterministic LIBOR caplet ' // char(ichar('0') + j - 1))
  end do
  call truth(r(n + 1)%mean == -1, 'gpurngPriceLiborCaplets writes forwards results only')

  ! ---- paths fixed by their index: [0, 512) combines [0, 256) and [256, 512); the seed and antithetic read ----
  garch(1) = gpurngGarchLookbackParams_t(0.05_c_double, 0.1_c_double, 0.1_c_double, 0.2_c_double, 0.1_c_double, &
                                         1.5_c_double, 0)
  o%paths = 512
  call expect(gpurngPriceGarchLookback(pricer, o, 15_c_int, 1_c_int, garch, whole), GPURNG_STATUS_SUCCESS, 'whole')
  o%paths = 256
  call expect(gpurngPriceGarchLookback(pricer, o, 15_c_int, 1_c_int, garch, lo), GPURNG_STATUS_SUCCESS, 'low half')
  o%first_path = 256
  call expect(gpurngPriceGarchLookback(pricer, o, 15_c_int, 1_c_int, garch, hi), GPURNG_STATUS_SUCCESS, 'high half')
  call truth(near(whole(1)%mean, (lo(1)%mean + hi(1)%mean) / 2, 1.0e-14_c_double) .and. lo(1)%mean /= hi(1)%mean, &
             'first_path and paths: two halves make the whole')
  o%seed = 4321
  call expect(gpurngPriceGarchLookback(pricer, o, 15_c_int, 1_c_int, garch, r), GPURNG_STATUS_SUCCESS, 'new seed')
  call truth(r(1)%mean /= hi(1)%mean, 'the seed changes the paths')
  o%antithetic = 1
  call expect(gpurngPriceGarchLookback(pricer, o, 15_c_int, 1_c_int, garch, lo), GPURNG_STATUS_SUCCESS, 'antithetic')
  call truth(lo(1)%mean /= r(1)%mean, 'antithetic changes the estimate')
  o%first_path = 0
  o%antithetic = 0

  ! ---- statuses of bad input ----
  call expect(gpurngPriceMbs(c_null_ptr, o, mbs, r(1)), GPURNG_STATUS_NOT_INITIALIZED, 'a null pricer')
  call expect(gpurngPriceAsianBasket(pricer, o, 0_c_int, 1_c_int, asian, r), GPURNG_STATUS_OUT_OF_RANGE, 'steps 0')
  o%antithetic = 2
  call expect(gpurngPriceMbs(pricer, o, mbs, r(1)), GPURNG_STATUS_INVALID_VALUE, 'antithetic 2')
  o%antithetic = 0
  o%engine = GPURNG_RNG_QUASI_SCRAMBLED_SOBOL32
  o%replications = 1
  call expect(gpurngPriceMbs(pricer, o, mbs, r(1)), GPURNG_STATUS_OUT_OF_RANGE, 'one RQMC replication')
  o%engine = GPURNG_RNG_PSEUDO_DRAND48
  call expect(gpurngPriceMbs(pricer, o, mbs, r(1)), GPURNG_STATUS_TYPE_ERROR, 'an engine the pricers do not take')

  call expect(gpurngDestroyPricer(pricer), GPURNG_STATUS_SUCCESS, 'gpurngDestroyPricer')
  if (failures > 0) then
    print '(i0, a)', failures, ' check(s) failed'
    error stop 1
  end if
  print '(a)', 'test_pricing_calls: all checks passed'

contains

  ! The Asian basket's payoff with every volatility 0: a_t = A0 exp(muA)^t, b_t = B0 exp(muB)^t.
  function asian_closed_form(p, steps) result(payoff)
    type(gpurngAsianBasketParams_t), intent(in) :: p
    integer, intent(in) :: steps
    real(c_double) :: payoff, a, b, total
    integer :: t
    a = p%A0
    b = p%B0
    total = 0
    do t = 1, steps
      a = a * exp(p%muA)
      b = b * exp(p%muB)
      total = total + max(a, b)
    end do
    payoff = max(total / steps - max(a, b), 0.0_c_double)
  end function asian_closed_form

  logical function near(x, y, rel)
    real(c_double), intent(in) :: x, y, rel
    near = abs(x - y) <= rel * abs(y)
  end function near

  subroutine expect(status, want, what)
    integer(c_int), intent(in) :: status, want
    character(len=*), intent(in) :: what
    if (status /= want) then
      print '(3a, i0, a, i0, 2a)', 'FAIL: ', what, ': status ', status, ', expected ', want, ': ', &
        gpurng_error_string(status)
      failures = failures + 1
    end if
  end subroutine expect

  subroutine truth(ok, what)
    logical, intent(in) :: ok
    character(len=*), intent(in) :: what
    if (.not. ok) then
      print '(2a)', 'FAIL: ', what
      failures = failures + 1
    end if
  end subroutine truth

end program test_pricing_calls
