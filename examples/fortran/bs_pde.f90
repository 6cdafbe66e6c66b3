! SPDX-License-Identifier: BSD-3-Clause
!
! libgpurng's solvers from Fortran through the `gpurng` module (fortran/gpurng.f90):
!  1. gpurngBlackScholesPde1dDouble (gpurng_pde.h): a batch of European calls, S0 = 100 and strikes 90, 100
!     and 110 (r 0.05, sigma 0.2, T 1), on Giles' BS_1D grid Smax = 200, J = 255 with the explicit (N = 50000),
!     implicit (N = 2500) and Crank-Nicolson (N = 2500) schemes, then an American put beside its European
!     twin (implicit, N = 2500). Each price is compared with the Black-Scholes formula (the American put with
!     its published value 6.0904).
!  2. gpurngDgtsvStridedBatch (gpurng_tridiag.h): 4 tridiagonal systems of 10 unknowns, 12 apart in memory,
!     solved in place and compared with a hand-written Thomas loop.
!  3. gpurngBlackScholesAdiDouble: a geometric-average call on two correlated assets (S0 = K = 100, sigma 0.2,
!     rho 0.3, r 0.05, T 1) by the Hundsdorfer-Verwer ADI scheme on 129 x 129 nodes of [0, 320]^2, against its
!     closed form (a one-asset Black-Scholes price with the geometric mean's drift and variance), and the
!     arithmetic-average call beside it.
!  4. gpurngHeatAdiDouble: the heat equation's sine mode on a 31 x 31 grid, 20 Douglas steps, against the scheme's
!     exact decay factor.
! Arrays the C API allows to be NULL (delta, gamma, grid, info; pads) are type(c_ptr) arguments: pass
! c_loc(array) for an array with the TARGET attribute, or c_null_ptr to leave them out.
! Prints "bs_pde: ok" at the end; stops with a nonzero code on any unexpected status or value.
program bs_pde
  use, intrinsic :: iso_c_binding, only: c_ptr, c_null_ptr, c_loc, c_associated, c_int, c_double
  use gpurng
  implicit none

  ! ---- the options ----
  integer, parameter :: nopt = 3
  integer(c_int), parameter :: J = 255
  real(c_double), parameter :: Smax = 200, s0_value = 100, rate_value = 0.05_c_double, &
                               sigma_value = 0.2_c_double, maturity_value = 1
  real(c_double), parameter :: strikes(nopt) = [90.0_c_double, 100.0_c_double, 110.0_c_double]
  integer(c_int) :: kinds(nopt)
  real(c_double) :: S0(nopt), strike(nopt), rate(nopt), sigma(nopt), maturity(nopt)
  real(c_double), target :: price(nopt), delta(nopt), gamma(nopt)
  real(c_double), target :: grid((J + 1) * nopt)
  integer(c_int), target :: info(nopt)

  ! ---- the tridiagonal batch ----
  integer(c_int), parameter :: m = 10, batch = 4, stride = 12
  real(c_double) :: dl(stride * batch), d(stride * batch), du(stride * batch)
  real(c_double) :: x(stride * batch), rhs(stride * batch), xref(m)
  integer(c_int), target :: tinfo(batch)

  ! ---- the two-asset options (section 3) and the heat grid (section 4) ----
  integer(c_int) :: adi_J(2) = [128, 128], heat_n(2) = [31, 31]
  real(c_double) :: adi_Smax(2) = [320.0_c_double, 320.0_c_double], adi_S0(2) = [100.0_c_double, 100.0_c_double]
  real(c_double) :: adi_sigma(2) = [0.2_c_double, 0.2_c_double], adi_rho(1) = [0.3_c_double]
  real(c_double) :: adi_K(1) = [100.0_c_double], adi_r(1) = [0.05_c_double], adi_T(1) = [1.0_c_double]
  real(c_double), target :: adi_price(1), adi_delta(2)
  real(c_double) :: heat_h(2), heat_u(31 * 31), heat_u0(31 * 31), geo_mu, geo_v, geo_d1, geo_exact, factor
  real(c_double), parameter :: pi = 3.14159265358979323846_c_double

  type(c_ptr) :: solver
  integer(c_int) :: algorithm, status
  real(c_double) :: bs_price, bs_delta, bs_gamma, w, d0, d1, expected, err, maxerr, maxx
  integer :: i, k, jn, base

  call check(gpurngCreateSolver(solver), 'gpurngCreateSolver')
  if (.not. c_associated(solver)) call fail('gpurngCreateSolver returned a null handle')

  ! ================================ 1. Black-Scholes PDE ================================
  S0 = s0_value
  strike = strikes
  rate = rate_value
  sigma = sigma_value
  maturity = maturity_value
  kinds = GPURNG_OPTION_CALL + GPURNG_OPTION_EUROPEAN

  print '(a)', 'European calls, S0 = 100, r = 0.05, sigma = 0.2, T = 1; grid Smax = 200, J = 255'
  ! Explicit: stable because dt (sigma^2 J^2 + r) = 2601.05 / 50000 <= 1.
  call price_batch(GPURNG_PDE_EXPLICIT, 50000_c_int, 'explicit', 0.002_c_double)
  call price_batch(GPURNG_PDE_IMPLICIT, 2500_c_int, 'implicit', 0.002_c_double)
  call price_batch(GPURNG_PDE_CRANK_NICOLSON, 2500_c_int, 'crank-nicolson', 0.002_c_double)

  ! The implicit call again with its grid: the price is the documented readout of the grid at S0, the cubic
  ! through nodes j-1 .. j+2 (S_j <= S0 <= S_j+1, w = (S0 - S_j) / dS), so the grid comes back in the documented
  ! layout.
  call check(gpurngBlackScholesPde1dDouble(solver, GPURNG_PDE_IMPLICIT, J, 2500_c_int, Smax, int(nopt, c_int), &
                                           kinds, S0, strike, rate, sigma, maturity, price, c_null_ptr, &
                                           c_null_ptr, c_loc(grid), c_null_ptr), 'implicit with grid')
  jn = int(s0_value / (Smax / J))
  w = (s0_value - jn * (Smax / J)) / (Smax / J)
  do k = 1, nopt
    base = (k - 1) * (J + 1) + 1 ! node 0 of option k
    d0 = grid(base + jn - 1) - 2 * grid(base + jn) + grid(base + jn + 1)
    d1 = grid(base + jn) - 2 * grid(base + jn + 1) + grid(base + jn + 2)
    expected = (1 - w) * grid(base + jn) + w * grid(base + jn + 1) - w * (1 - w) * ((2 - w) * d0 + (1 + w) * d1) / 6
    if (abs(price(k) - expected) > 1.0e-12_c_double * price(k)) call fail('the grid does not give the price')
    if (grid(base) /= 0 .or. grid(base + J) < Smax - strikes(k)) call fail('grid boundary values of a call')
  end do
  ! The scheme itself against its published value (Giles' BS_1D, implicit, N = 2500): his readout is the mean of
  ! the two nodes either side of S0 = 100 (nodes 127 and 128) of the K = 100 call (option 2).
  expected = (grid(J + 1 + 128) + grid(J + 1 + 129)) / 2
  print '(a, f17.14, a)', 'implicit grid, Giles readout K= 100.0: ', expected, ' (published 10.45153022068708)'
  if (abs(expected - 10.45153022068708_c_double) > 1.0e-10_c_double) call fail('grid against the published value')

  ! An American put beside its European twin, implicit scheme.
  kinds(1:2) = [GPURNG_OPTION_PUT + GPURNG_OPTION_AMERICAN, GPURNG_OPTION_PUT + GPURNG_OPTION_EUROPEAN]
  strike = 100
  info = -1
  call check(gpurngBlackScholesPde1dDouble(solver, GPURNG_PDE_IMPLICIT, J, 2500_c_int, Smax, 2_c_int, kinds, S0, &
                                           strike, rate, sigma, maturity, price, c_loc(delta), c_loc(gamma), &
                                           c_null_ptr, c_loc(info)), 'American put')
  if (any(info(1:2) /= 0)) call fail('info of the puts is not 0')
  print '(a)', 'puts, K = 100, implicit, N = 2500'
  print '(a, f17.14, a, f17.14, a, f16.14)', 'american        put  K= 100.0  price ', price(1), '  delta ', &
    delta(1), '  gamma ', gamma(1)
  print '(a, f17.14, a, f17.14, a, f16.14)', 'european        put  K= 100.0  price ', price(2), '  delta ', &
    delta(2), '  gamma ', gamma(2)
  ! European put by put-call parity; the American put's value 6.0904 (binomial, many steps).
  call black_scholes_call(s0_value, 100.0_c_double, bs_price, bs_delta, bs_gamma)
  expected = bs_price - s0_value + 100 * exp(-rate_value * maturity_value)
  if (abs(price(2) - expected) > 0.002_c_double) call fail('the European put is off the Black-Scholes value')
  if (abs(price(1) - 6.0904_c_double) > 0.002_c_double) call fail('the American put is off 6.0904')
  if (price(1) <= price(2)) call fail('the American put is not worth more than the European one')

  ! A status, for the record: the explicit scheme beyond its stability limit is refused before any work.
  status = gpurngBlackScholesPde1dDouble(solver, GPURNG_PDE_EXPLICIT, J, 1000_c_int, Smax, 1_c_int, kinds, S0, &
                                         strike, rate, sigma, maturity, price, c_null_ptr, c_null_ptr, c_null_ptr, &
                                         c_null_ptr)
  print '(a, i0, 2a)', 'explicit with N = 1000: status ', status, ' = ', gpurng_error_string(status)
  if (status /= GPURNG_STATUS_UNSTABLE_SCHEME) call fail('expected GPURNG_STATUS_UNSTABLE_SCHEME')

  ! ============================ 2. a strided tridiagonal batch ============================
  ! System k (0-based) occupies elements k*stride + 1 .. k*stride + m; the last stride - m are padding,
  ! which the solver must leave alone (filled with -7 to check). Diagonally dominant, different per system.
  dl = -7
  d = -7
  du = -7
  rhs = -7
  do k = 0, batch - 1
    do i = 1, m
      base = k * stride + i
      dl(base) = -1 - 0.25_c_double * k + 0.01_c_double * i
      du(base) = -1 + 0.125_c_double * k - 0.02_c_double * i
      d(base) = 4 + k + 0.1_c_double * i
      rhs(base) = real(i, c_double) - 2 * k + 0.5_c_double
    end do
  end do
  x = rhs
  tinfo = -1
  call check(gpurngDgtsvStridedBatch(solver, m, dl, d, du, x, batch, stride, c_loc(tinfo)), &
             'gpurngDgtsvStridedBatch')
  if (any(tinfo /= 0)) call fail('info of the tridiagonal systems is not 0')
  call check(gpurngSolverGetLastAlgorithm(solver, algorithm), 'gpurngSolverGetLastAlgorithm')
  print '(a, i0, a, i0, a, i0, a)', 'tridiagonal: ', batch, ' systems of ', m, ' unknowns (algorithm ', &
    algorithm, ')'
  maxerr = 0
  do k = 0, batch - 1
    base = k * stride
    call thomas(dl(base + 1:base + m), d(base + 1:base + m), du(base + 1:base + m), rhs(base + 1:base + m), xref)
    maxx = maxval(abs(xref))
    err = maxval(abs(x(base + 1:base + m) - xref)) / maxx
    maxerr = max(maxerr, err)
    print '(a, i0, a, 3f18.14, a, es9.2)', '  system ', k, ': x(1:3) =', x(base + 1:base + 3), &
      '  relative difference from Thomas ', err
    if (any(x(base + m + 1:base + stride) /= -7)) call fail('the solver wrote into the padding')
  end do
  if (maxerr > 1.0e-14_c_double) call fail('the solutions differ from the Thomas loop')

  ! ============================ 3. two assets by ADI ============================
  call check(gpurngBlackScholesAdiDouble(solver, GPURNG_ADI_HUNDSDORFER_VERWER, 2_c_int, adi_J, adi_Smax, 64_c_int, &
                                         GPURNG_BASKET_GEOMETRIC_CALL, c_null_ptr, 1_c_int, adi_S0, adi_K, adi_r, &
                                         adi_sigma, adi_rho, adi_T, adi_price, c_loc(adi_delta), c_null_ptr, &
                                         c_null_ptr), 'gpurngBlackScholesAdiDouble (geometric)')
  geo_mu = log(adi_S0(1)) + (adi_r(1) - adi_sigma(1)**2 / 2) * adi_T(1)
  geo_v = adi_sigma(1)**2 * adi_T(1) * (1 + adi_rho(1)) / 2
  geo_d1 = (geo_mu - log(adi_K(1)) + geo_v) / sqrt(geo_v)
  geo_exact = exp(-adi_r(1) * adi_T(1)) * (exp(geo_mu + geo_v / 2) * normal_cdf(geo_d1) - &
                                           adi_K(1) * normal_cdf(geo_d1 - sqrt(geo_v)))
  print '(a, f10.6, a, f10.6, a, 2f8.4)', 'two assets, geometric call: ADI ', adi_price(1), ', closed form ', &
    geo_exact, '; deltas', adi_delta
  if (abs(adi_price(1) - geo_exact) > 5.0e-3_c_double) call fail('the geometric call is off its closed form')
  call check(gpurngBlackScholesAdiDouble(solver, GPURNG_ADI_HUNDSDORFER_VERWER, 2_c_int, adi_J, adi_Smax, 64_c_int, &
                                         GPURNG_BASKET_ARITHMETIC_CALL, c_null_ptr, 1_c_int, adi_S0, adi_K, adi_r, &
                                         adi_sigma, adi_rho, adi_T, adi_price, c_null_ptr, c_null_ptr, c_null_ptr), &
             'gpurngBlackScholesAdiDouble (arithmetic)')
  print '(a, f10.6)', 'two assets, arithmetic call: ADI ', adi_price(1)
  if (adi_price(1) < geo_exact) call fail('the arithmetic call is below the geometric one')

  ! ============================ 4. the heat equation by ADI ============================
  heat_h = 1.0_c_double / 32
  do k = 0, heat_n(2) - 1
    do i = 0, heat_n(1) - 1
      heat_u0(1 + i + heat_n(1) * k) = sin(pi * (i + 1) * heat_h(1)) * sin(pi * (k + 1) * heat_h(2))
    end do
  end do
  heat_u = heat_u0
  call check(gpurngHeatAdiDouble(solver, GPURNG_ADI_DOUGLAS, 2_c_int, heat_n, heat_h, 1.0e-3_c_double, &
                                 0.5_c_double, 20_c_int, heat_u), 'gpurngHeatAdiDouble')
  w = -4 * 1.0e-3_c_double / heat_h(1)**2 * sin(pi * heat_h(1) / 2)**2  ! each direction's z
  factor = (1 + 2 * w / (1 - w / 2)**2)**20
  err = maxval(abs(heat_u - factor * heat_u0))
  print '(a, f12.9, a, es9.2)', 'heat equation: 20 Douglas steps decay the mode by ', factor, &
    '; largest difference ', err
  if (err > 1.0e-12_c_double) call fail('the heat equation left the scheme''s decay')

  call check(gpurngDestroySolver(solver), 'gpurngDestroySolver')
  print '(a)', 'bs_pde: ok'

contains

  ! The standard normal distribution function.
  pure function normal_cdf(x) result(p)
    real(c_double), intent(in) :: x
    real(c_double) :: p
    p = erfc(-x / sqrt(2.0_c_double)) / 2
  end function normal_cdf

  ! Price the batch of calls with one scheme, print one line per option, compare with Black-Scholes.
  subroutine price_batch(scheme, nsteps, name, tolerance)
    integer(c_int), intent(in) :: scheme, nsteps
    character(len=*), intent(in) :: name
    real(c_double), intent(in) :: tolerance
    integer :: k
    info = -1
    call check(gpurngBlackScholesPde1dDouble(solver, scheme, J, nsteps, Smax, int(nopt, c_int), kinds, S0, strike, &
                                             rate, sigma, maturity, price, c_loc(delta), c_loc(gamma), c_null_ptr, &
                                             c_loc(info)), name)
    if (any(info /= 0)) call fail(name // ': info is not 0')
    do k = 1, nopt
      print '(a, t17, a, f5.1, a, f17.14, a, f17.14, a, f16.14)', name, 'call K= ', strike(k), '  price ', &
        price(k), '  delta ', delta(k), '  gamma ', gamma(k)
      call black_scholes_call(S0(k), strike(k), bs_price, bs_delta, bs_gamma)
      if (abs(price(k) - bs_price) > tolerance) call fail(name // ': price off the Black-Scholes formula')
      if (abs(delta(k) - bs_delta) > 0.0002_c_double) call fail(name // ': delta off the Black-Scholes formula')
      if (abs(gamma(k) - bs_gamma) > 0.00002_c_double) call fail(name // ': gamma off the Black-Scholes formula')
    end do
  end subroutine price_batch

  ! The Black-Scholes formula for a European call (r, sigma, T of the batch).
  subroutine black_scholes_call(s, k, c, dc, gc)
    real(c_double), intent(in) :: s, k
    real(c_double), intent(out) :: c, dc, gc
    real(c_double) :: d1, d2, sq
    sq = sigma_value * sqrt(maturity_value)
    d1 = (log(s / k) + (rate_value + sigma_value**2 / 2) * maturity_value) / sq
    d2 = d1 - sq
    dc = erfc(-d1 / sqrt(2.0_c_double)) / 2
    c = s * dc - k * exp(-rate_value * maturity_value) * erfc(-d2 / sqrt(2.0_c_double)) / 2
    gc = exp(-d1**2 / 2) / sqrt(8 * atan(1.0_c_double)) / (s * sq)
  end subroutine black_scholes_call

  ! Thomas' algorithm for one system a x_{i-1} + b x_i + c x_{i+1} = r (a(1), c(n) ignored).
  subroutine thomas(a, b, c, r, xs)
    real(c_double), intent(in) :: a(:), b(:), c(:), r(:)
    real(c_double), intent(out) :: xs(:)
    real(c_double) :: cp(size(b)), rp(size(b)), p
    integer :: i, n
    n = size(b)
    cp(1) = c(1) / b(1)
    rp(1) = r(1) / b(1)
    do i = 2, n
      p = b(i) - a(i) * cp(i - 1)
      cp(i) = c(i) / p
      rp(i) = (r(i) - a(i) * rp(i - 1)) / p
    end do
    xs(n) = rp(n)
    do i = n - 1, 1, -1
      xs(i) = rp(i) - cp(i) * xs(i + 1)
    end do
  end subroutine thomas

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

end program bs_pde
