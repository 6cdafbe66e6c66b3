// SPDX-License-Identifier: BSD-3-Clause
// Naive scalar reference pricers for the four models of gpurng_pricing.h, written for tests from the model
// definitions (docs/PRICING.md, The models, and the comments of gpurng_pricing.h), not from
// the library's pricing code. Each *_path function computes ONE path's payoff(s) from a normal source `next()`
// (a callable returning the next standard normal as T), reading the normals in the order the model's definition
// reads them. T (float or double) is the path arithmetic: the parameters are rounded to T once and the path's
// state (prices, rates, running sums and products) is kept in T; the payoff comes back as double. Sums over
// paths (mean_se, mean_se_n) are in double.
#pragma once

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <utility>
#include <vector>

#include "gpurng_pricing.h"

namespace naive_pricing {

// One Monte Carlo estimate: mean and standard error (sample standard deviation / sqrt(n)).
struct Estimate {
  double mean = 0.0;
  double std_error = 0.0;
};

// Welford's running mean and sum of squared deviations, in double.
struct Welford {
  long n = 0;
  double mean = 0.0, m2 = 0.0;
  void add(double x) {
    ++n;
    const double d = x - mean;
    mean += d / double(n);
    m2 += d * (x - mean);
  }
  // std_error is 0 for fewer than two samples.
  Estimate estimate() const {
    Estimate e;
    e.mean = mean;
    e.std_error = n > 1 ? std::sqrt(m2 / double(n - 1)) / std::sqrt(double(n)) : 0.0;
    return e;
  }
};

// Monte Carlo driver: mean and standard error of n samples `sample()` (each convertible to double).
template <typename F>
Estimate mean_se(long n, F sample) {
  Welford w;
  for (long i = 0; i < n; ++i) w.add(double(sample()));
  return w.estimate();
}

// The same for a vector of `dim` payoffs a sample: `sample(double* out)` writes out[0 .. dim-1]; one estimate a
// component (for libor_path).
template <typename F>
std::vector<Estimate> mean_se_n(long n, int dim, F sample) {
  std::vector<Welford> w(std::size_t(dim > 0 ? dim : 0));
  std::vector<double> out(w.size());
  for (long i = 0; i < n; ++i) {
    sample(out.data());
    for (std::size_t j = 0; j < w.size(); ++j) w[j].add(out[j]);
  }
  std::vector<Estimate> e(w.size());
  for (std::size_t j = 0; j < w.size(); ++j) e[j] = w[j].estimate();
  return e;
}

// GPU Gems 3 ch. 37 Asian basket (docs/PRICING.md). For each of T_steps steps: z1 = next(), z2 = next();
// a <- a exp(muA + sigmaAA z1); b <- b exp(muB + sigmaAB z1 + sigmaBB z2); s += max(a, b).
// Payoff max(s / T - max(a_T, b_T), 0), undiscounted.
template <typename T, typename N>
double asian_path(const gpurngAsianBasketParams_t& p, int T_steps, N&& next) {
  const T A0 = T(p.A0), B0 = T(p.B0), muA = T(p.muA), muB = T(p.muB);
  const T sAA = T(p.sigmaAA), sAB = T(p.sigmaAB), sBB = T(p.sigmaBB);
  T a = A0, b = B0, s = T(0);
  for (int t = 0; t < T_steps; ++t) {
    const T z1 = T(next());
    const T z2 = T(next());
    a = a * std::exp(muA + sAA * z1);
    b = b * std::exp(muB + sAB * z1 + sBB * z2);
    s = s + std::max(a, b);
  }
  const T payoff = s / T(T_steps) - std::max(a, b);
  return double(std::max(payoff, T(0)));
}

// The Asian basket with every sigma taken as 0 (z plays no role): the same recursion with z = 0, in long double.
inline double asian_deterministic(const gpurngAsianBasketParams_t& p, int T) {
  long double a = p.A0, b = p.B0, s = 0.0L;
  const long double ea = std::exp((long double)p.muA), eb = std::exp((long double)p.muB);
  for (int t = 0; t < T; ++t) {
    a = a * ea;
    b = b * eb;
    s += std::max(a, b);
  }
  const long double payoff = s / (long double)T - std::max(a, b);
  return double(std::max(payoff, 0.0L));
}

// GPU Gems 3 ch. 37 lookback under GARCH(1,1) (docs/PRICING.md). sigma = sigma0, eps = eps0, s = s0; for
// t = 0 .. T-1: h_t = s; sigma = sqrt(A0 + A1 sigma^2 + A2 eps^2); eps = next() sigma; s = s exp(mu + eps).
// Payoff sum_t max(h_t - s_T, 0), undiscounted.
template <typename T, typename N>
double garch_lookback_path(const gpurngGarchLookbackParams_t& p, int T_steps, N&& next) {
  const T A0 = T(p.A0), A1 = T(p.A1), A2 = T(p.A2), mu = T(p.mu);
  T sigma = T(p.sigma0), eps = T(p.eps0), s = T(p.s0);
  std::vector<T> h(std::size_t(T_steps > 0 ? T_steps : 0));
  for (int t = 0; t < T_steps; ++t) {
    h[std::size_t(t)] = s;
    sigma = std::sqrt(A0 + A1 * sigma * sigma + A2 * eps * eps);
    const T z = T(next());
    eps = z * sigma;
    s = s * std::exp(mu + eps);
  }
  T payoff = T(0);
  for (int t = 0; t < T_steps; ++t) payoff = payoff + std::max(h[std::size_t(t)] - s, T(0));
  return double(payoff);
}

// LIBOR market model caplets (Glasserman 2004, 3.7), spot measure, log-Euler with the drift frozen at the step start.
// Writes out[j], j = 0 .. n-1: caplet j's discounted payoff delta (L_j(T_j) - K)^+ / prod_{i<=j} (1 + delta
// L_i(T_i)); caplet 0 is deterministic (L_0(T_0) = L_0(0)). Periods k = 1 .. n-1 of steps_per_period steps
// h = delta / steps_per_period each; in period k the alive forwards are j >= eta = k. A step draws Z_0 .. Z_{nF-1}
// (next() in factor order), then for j = eta .. n-1: mu_j = sum_{i=eta}^{j} delta (sigma_j . sigma_i) L_i /
// (1 + delta L_i) with every L_i at the step start, and log L_j += (mu_j - |sigma_j|^2 / 2) h + sqrt(h) sigma_j.Z.
// After period k, L_k(T_k) is fixed. sigma_j's components are loadings[f n + j].
template <typename T, typename N>
void libor_path(const gpurngLiborParams_t& p, N&& next, double* out) {
  const int n = p.forwards, nF = p.factors, spp = p.steps_per_period;
  const T delta = T(p.delta), K = T(p.strike);
  const T h = T(p.delta / double(spp));
  const T sqrt_h = std::sqrt(h);
  std::vector<T> L(static_cast<std::size_t>(n)), sig(static_cast<std::size_t>(n) * static_cast<std::size_t>(nF));
  for (int j = 0; j < n; ++j) L[std::size_t(j)] = T(p.initial[j]);
  for (int f = 0; f < nF; ++f)
    for (int j = 0; j < n; ++j) sig[std::size_t(f) * n + j] = T(p.loadings[std::size_t(f) * n + j]);
  auto sigma = [&](int f, int j) { return sig[std::size_t(f) * n + std::size_t(j)]; };

  std::vector<T> fixed(static_cast<std::size_t>(n));  // L_j(T_j)
  fixed[0] = L[0];
  std::vector<T> Z(static_cast<std::size_t>(nF)), c(static_cast<std::size_t>(n));
  for (int k = 1; k < n; ++k) {
    const int eta = k;
    for (int step = 0; step < spp; ++step) {
      for (int f = 0; f < nF; ++f) Z[std::size_t(f)] = T(next());
      // Drift terms from the forwards at the step start (all of them, before any is updated).
      for (int i = eta; i < n; ++i) c[std::size_t(i)] = delta * L[std::size_t(i)] / (T(1) + delta * L[std::size_t(i)]);
      for (int j = eta; j < n; ++j) {
        T mu = T(0);
        for (int i = eta; i <= j; ++i) {
          T dot = T(0);
          for (int f = 0; f < nF; ++f) dot = dot + sigma(f, j) * sigma(f, i);
          mu = mu + dot * c[std::size_t(i)];
        }
        T norm2 = T(0), sz = T(0);
        for (int f = 0; f < nF; ++f) {
          norm2 = norm2 + sigma(f, j) * sigma(f, j);
          sz = sz + sigma(f, j) * Z[std::size_t(f)];
        }
        L[std::size_t(j)] = L[std::size_t(j)] * std::exp((mu - T(0.5) * norm2) * h + sqrt_h * sz);
      }
    }
    fixed[std::size_t(k)] = L[std::size_t(k)];
  }

  T numeraire = T(1);  // B(T_{j+1}) = prod_{i<=j} (1 + delta L_i(T_i))
  for (int j = 0; j < n; ++j) {
    numeraire = numeraire * (T(1) + delta * fixed[std::size_t(j)]);
    const T payoff = delta * std::max(fixed[std::size_t(j)] - K, T(0)) / numeraire;
    out[j] = double(payoff);
  }
}

// Caflisch, Morokoff and Owen's mortgage-backed security (CMO 1997). K0 = exp(-sigma^2 / 2); for k = 1 .. M:
// xi_k = next(); i_k = K0 exp(sigma xi_k) i_{k-1}; w_k = K1 + K2 atan(K3 i_k + K4); a_k = sum_{j=0}^{M-k}
// (1 + i0)^-j; u_k = prod_{j=0}^{k-1} 1 / (1 + i_j); r_k = prod_{j=1}^{k-1} (1 - w_j);
// m_k = r_k ((1 - w_k) + w_k a_k); PV = sum_k u_k m_k (monthly payment c = 1).
// The annuity factors a_k are path-independent constants: each is summed directly in double, then rounded to T.
template <typename T, typename N>
double mbs_path(const gpurngMbsParams_t& p, N&& next) {
  const int M = p.months;
  // partial[m] = sum_{j=0}^{m} (1 + i0)^-j, so a_k = partial[M - k].
  std::vector<T> partial(std::size_t(M > 0 ? M : 0));
  double acc = 0.0;
  for (int j = 0; j < M; ++j) {
    acc += std::pow(1.0 + p.i0, -double(j));
    partial[std::size_t(j)] = T(acc);
  }
  const T i0 = T(p.i0), K1 = T(p.K1), K2 = T(p.K2), K3 = T(p.K3), K4 = T(p.K4), sigma = T(p.sigma);
  const T K0 = std::exp(-sigma * sigma / T(2));
  T i_prev = i0, r = T(1), u = T(1), pv = T(0);
  for (int k = 1; k <= M; ++k) {
    u = u / (T(1) + i_prev);  // u_k = u_{k-1} / (1 + i_{k-1}), u_1 = 1 / (1 + i0)
    const T xi = T(next());
    const T i_k = K0 * std::exp(sigma * xi) * i_prev;
    const T w = K1 + K2 * std::atan(K3 * i_k + K4);
    const T a = partial[std::size_t(M - k)];
    const T m = r * ((T(1) - w) + w * a);
    pv = pv + u * m;
    r = r * (T(1) - w);  // r_{k+1}
    i_prev = i_k;
  }
  return double(pv);
}

}  // namespace naive_pricing
