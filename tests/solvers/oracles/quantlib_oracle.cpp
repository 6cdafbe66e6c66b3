// SPDX-License-Identifier: BSD-3-Clause
// QuantLib-backed oracles (see quantlib_oracle.hpp).  Only the specific QuantLib headers are included:
// ql/quantlib.hpp alone costs ~14 s of compile time.
#include "quantlib_oracle.hpp"

#include <chrono>
#include <cmath>
#include <ql/exercise.hpp>
#include <ql/instruments/payoffs.hpp>
#include <ql/instruments/vanillaoption.hpp>
#include <ql/methods/finitedifferences/solvers/fdmbackwardsolver.hpp>
#include <ql/methods/finitedifferences/tridiagonaloperator.hpp>
#include <ql/pricingengines/vanilla/analyticeuropeanengine.hpp>
#include <ql/pricingengines/vanilla/fdblackscholesvanillaengine.hpp>
#include <ql/processes/blackscholesprocess.hpp>
#include <ql/quotes/simplequote.hpp>
#include <ql/settings.hpp>
#include <ql/termstructures/volatility/equityfx/blackconstantvol.hpp>
#include <ql/termstructures/yield/flatforward.hpp>
#include <ql/time/calendars/nullcalendar.hpp>
#include <ql/time/daycounters/actual365fixed.hpp>
#include <stdexcept>

namespace gpurng_test {
namespace {

using namespace QuantLib;

// A fixed evaluation date keeps the results independent of the day the tests run.  With
// Actual365Fixed and a maturity of round(T * 365) days, T = 1 is exactly one year; a calendar "one year
// later" would be 366 days across a leap day.  NullCalendar: no business-day adjustment of anything.
const Date kToday(2, January, 2023);

Date maturity_for(double T) {
  const double days = std::round(T * 365.0);
  if (!(days >= 1.0)) throw std::invalid_argument("quantlib_oracle: T must be at least one day");
  return kToday + static_cast<Date::serial_type>(days);
}

ext::shared_ptr<BlackScholesMertonProcess> make_process(double S0, double r, double sigma) {
  Settings::instance().evaluationDate() = kToday;  // global in QuantLib: set it on every call
  const DayCounter dc = Actual365Fixed();
  const Handle<Quote> spot(ext::make_shared<SimpleQuote>(S0));
  const Handle<YieldTermStructure> rate(ext::make_shared<FlatForward>(kToday, r, dc));
  const Handle<YieldTermStructure> dividend(ext::make_shared<FlatForward>(kToday, 0.0, dc));
  const Handle<BlackVolTermStructure> vol(ext::make_shared<BlackConstantVol>(kToday, NullCalendar(), sigma, dc));
  return ext::make_shared<BlackScholesMertonProcess>(spot, dividend, rate, vol);
}

VanillaOption make_option(bool call, bool american, double K, double T) {
  const Date maturity = maturity_for(T);
  ext::shared_ptr<Exercise> exercise;
  if (american)
    exercise = ext::make_shared<AmericanExercise>(kToday, maturity);
  else
    exercise = ext::make_shared<EuropeanExercise>(maturity);
  return VanillaOption(ext::make_shared<PlainVanillaPayoff>(call ? Option::Call : Option::Put, K), exercise);
}

FdmSchemeDesc scheme_desc(int scheme) {
  switch (scheme) {
    case 0:
      return FdmSchemeDesc::Douglas();
    case 1:
      return FdmSchemeDesc::ImplicitEuler();
    case 2:
      return FdmSchemeDesc::CrankNicolson();
    default:
      throw std::invalid_argument("ql_fd_black_scholes: scheme must be 0, 1 or 2");
  }
}

double price(VanillaOption& option, double* delta, double* gamma) {
  const double npv = option.NPV();
  if (delta) *delta = option.delta();
  if (gamma) *gamma = option.gamma();
  return npv;
}

}  // namespace

double ql_fd_black_scholes(bool call, bool american, double S0, double K, double r, double sigma, double T, int tGrid,
                           int xGrid, int scheme, double* delta, double* gamma) {
  if (tGrid < 1 || xGrid < 3) throw std::invalid_argument("ql_fd_black_scholes: grid too small");
  const FdmSchemeDesc desc = scheme_desc(scheme);
  VanillaOption option = make_option(call, american, K, T);
  option.setPricingEngine(
      ext::make_shared<FdBlackScholesVanillaEngine>(make_process(S0, r, sigma), tGrid, xGrid, 0, desc));
  return price(option, delta, gamma);
}

double ql_black_scholes_analytic(bool call, double S0, double K, double r, double sigma, double T, double* delta,
                                 double* gamma) {
  VanillaOption option = make_option(call, false, K, T);
  option.setPricingEngine(ext::make_shared<AnalyticEuropeanEngine>(make_process(S0, r, sigma)));
  return price(option, delta, gamma);
}

std::vector<double> ql_tridiagonal_solve(const std::vector<double>& low, const std::vector<double>& mid,
                                         const std::vector<double>& high, const std::vector<double>& rhs) {
  const std::size_t n = mid.size();
  if (n == 0 || low.size() + 1 != n || high.size() + 1 != n || rhs.size() != n)
    throw std::invalid_argument("ql_tridiagonal_solve: need n >= 1, low/high n-1 entries, rhs n entries");
  // QuantLib's back substitution starts at row n-2 with an unsigned index and then reads row 1, so n = 1
  // would read out of bounds: solve the 1x1 system directly.
  if (n == 1) return {rhs[0] / mid[0]};
  const TridiagonalOperator op(Array(low.begin(), low.end()), Array(mid.begin(), mid.end()),
                               Array(high.begin(), high.end()));
  const Array x = op.solveFor(Array(rhs.begin(), rhs.end()));
  return std::vector<double>(x.begin(), x.end());
}

double ql_fd_seconds_per_option(int options, int tGrid, int xGrid) {
  if (options < 1) throw std::invalid_argument("ql_fd_seconds_per_option: options must be >= 1");
  const auto process = make_process(100.0, 0.05, 0.2);
  const auto engine = ext::make_shared<FdBlackScholesVanillaEngine>(process, tGrid, xGrid, 0, FdmSchemeDesc::Douglas());
  volatile double sink = 0.0;  // keeps the prices observable
  const auto t0 = std::chrono::steady_clock::now();
  for (int i = 0; i < options; ++i) {
    // A new instrument per strike: QuantLib caches results per instrument, so each one really prices.
    VanillaOption option = make_option(true, false, 100.0 + 0.01 * i, 1.0);
    option.setPricingEngine(engine);
    sink = sink + option.NPV();
  }
  const auto t1 = std::chrono::steady_clock::now();
  return std::chrono::duration<double>(t1 - t0).count() / options;
}

}  // namespace gpurng_test
