// SPDX-License-Identifier: BSD-3-Clause
// Test oracle: the textbook Thomas algorithm in long double, a residual measure and a generator of
// random diagonally dominant tridiagonal systems.
//
// Deliberately naive: no pivoting, no blocking, no shared code with the library's solvers, so that a
// bug there cannot hide in here too.  Row i of the system is  a_i x_{i-1} + b_i x_i + c_i x_{i+1} = d_i;
// a[0] and c[n-1] are ignored.  Without pivoting Thomas is only stable for (e.g.) diagonally dominant
// matrices, which is what random_dominant_system() produces.
#pragma once

#include <cmath>
#include <cstddef>
#include <cstdint>
#include <random>
#include <stdexcept>
#include <vector>

namespace gpurng_test {

// Solves the system in long double (the extra bits make it a reference for float and double results).
template <class T>
std::vector<long double> naive_thomas(const std::vector<T>& a, const std::vector<T>& b, const std::vector<T>& c,
                                      const std::vector<T>& d) {
  const std::size_t n = b.size();
  if (n == 0 || a.size() != n || c.size() != n || d.size() != n)
    throw std::invalid_argument("naive_thomas: a, b, c, d must all have the same size n >= 1");
  std::vector<long double> cp(n), dp(n), x(n);
  // Forward sweep: eliminate the sub-diagonal, normalising each pivot to 1.
  for (std::size_t i = 0; i < n; ++i) {
    const long double ai = i == 0 ? 0.0L : static_cast<long double>(a[i]);
    const long double ci = i + 1 == n ? 0.0L : static_cast<long double>(c[i]);
    const long double m = static_cast<long double>(b[i]) - (i == 0 ? 0.0L : ai * cp[i - 1]);
    if (m == 0.0L) throw std::domain_error("naive_thomas: zero pivot (system needs pivoting)");
    cp[i] = ci / m;
    dp[i] = (static_cast<long double>(d[i]) - (i == 0 ? 0.0L : ai * dp[i - 1])) / m;
  }
  // Back substitution.
  x[n - 1] = dp[n - 1];
  for (std::size_t i = n - 1; i-- > 0;) x[i] = dp[i] - cp[i] * x[i + 1];
  return x;
}

// acc becomes v where v is larger or NaN: a maximum that keeps a NaN (std::fmax and std::max drop it, and a NaN
// solution would pass a residual bound).
inline void keep_larger(long double& acc, long double v) {
  if (!(v <= acc)) acc = v;
}

// max_i |(A x - d)_i| / max_i (|a_i x_{i-1}| + |b_i x_i| + |c_i x_{i+1}| + |d_i|), in long double.
// Scaling by the size of the terms (not by |d|) makes it a backward-error measure: a backward-stable
// solver gets a few ulps of T however badly conditioned A is.
template <class T>
long double relative_residual(const std::vector<T>& a, const std::vector<T>& b, const std::vector<T>& c,
                              const std::vector<T>& d, const std::vector<T>& x) {
  const std::size_t n = b.size();
  if (n == 0 || a.size() != n || c.size() != n || d.size() != n || x.size() != n)
    throw std::invalid_argument("relative_residual: a, b, c, d, x must all have the same size n >= 1");
  long double num = 0.0L, den = 0.0L;
  for (std::size_t i = 0; i < n; ++i) {
    const long double lo = i == 0 ? 0.0L : static_cast<long double>(a[i]) * static_cast<long double>(x[i - 1]);
    const long double mid = static_cast<long double>(b[i]) * static_cast<long double>(x[i]);
    const long double hi = i + 1 == n ? 0.0L : static_cast<long double>(c[i]) * static_cast<long double>(x[i + 1]);
    const long double di = static_cast<long double>(d[i]);
    keep_larger(num, std::fabs(lo + mid + hi - di));
    keep_larger(den, std::fabs(lo) + std::fabs(mid) + std::fabs(hi) + std::fabs(di));
  }
  return den == 0.0L ? num : num / den;  // den == 0 only for a zero system solved by x = 0
}

namespace detail {
// Uniform in [0, 1) from the top 53 bits.  Not std::uniform_real_distribution: its algorithm is not
// specified, so libstdc++ and libc++ would give different systems for the same seed.
inline long double unit_uniform(std::mt19937_64& g) { return static_cast<long double>(g() >> 11) * 0x1p-53L; }
}  // namespace detail

// Random strictly diagonally dominant system of size n: a, c, d uniform in [-1, 1],
// b = +-(|a| + |c|) * (1.1 + u) with u uniform in [0, 1) and a random sign; a[0] = c[n-1] = 0.
// b is computed from a_i, c_i before the two end entries are zeroed, so n = 1 still has b != 0 and the
// end rows are only more dominant.  Per row the draws are a, c, u, sign, d (fixed order: reproducible).
template <class T>
void random_dominant_system(uint64_t seed, int n, std::vector<T>& a, std::vector<T>& b, std::vector<T>& c,
                            std::vector<T>& d) {
  if (n < 1) throw std::invalid_argument("random_dominant_system: n must be >= 1");
  std::mt19937_64 g(seed);
  a.assign(n, T(0));
  b.assign(n, T(0));
  c.assign(n, T(0));
  d.assign(n, T(0));
  for (int i = 0; i < n; ++i) {
    // Round a and c to T first so that dominance holds for the values actually stored.
    const T ai = static_cast<T>(2.0L * detail::unit_uniform(g) - 1.0L);
    const T ci = static_cast<T>(2.0L * detail::unit_uniform(g) - 1.0L);
    const long double u = detail::unit_uniform(g);
    const long double sign = (g() >> 63) ? -1.0L : 1.0L;
    const long double off = std::fabs(static_cast<long double>(ai)) + std::fabs(static_cast<long double>(ci));
    a[i] = ai;
    c[i] = ci;
    b[i] = static_cast<T>(sign * off * (1.1L + u));
    d[i] = static_cast<T>(2.0L * detail::unit_uniform(g) - 1.0L);
  }
  a[0] = T(0);
  c[n - 1] = T(0);
}

}  // namespace gpurng_test
