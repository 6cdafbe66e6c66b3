// SPDX-License-Identifier: BSD-3-Clause
// The one-factor Black-Scholes PDE on Giles' BS_1D grid (gpurng_pde.h): every numerical step written once,
// GPURNG_HD, for both backends. The CPU runs these templates on SIMD lane vectors (several options at once,
// one per lane; bs1d_cpu_kernels.inc), the GPU on scalars (one option per warp or thread; bs1d_cuda.cu). The
// library builds with contraction off, so a product is fused with an addition only where fma_hd says so, and
// both backends round every operation alike: the same call gives the same bits on the CPU and the GPU.
//
// Working precision T (float or double), per option (dt = T / N):
//   q   = T(0.5) * dt              (Crank-Nicolson: T(0.25) * dt, i.e. L/2)
//   hs  = (q * sigma) * sigma      lambda_j = hs * j^2  = dt sigma^2 j^2 / 2
//   hr  = q * r                    g_j      = hr * j    = dt r j / 2
//   rdt = hr + hr                  r dt     (exactly q * 2r: a doubling is exact)
// Per node j (jt = T(j), lam = hs * (jt * jt)):
//   explicit, I + L, interior:  a = fma(-hr, jt, lam)          (lambda - g)
//                               c = fma( hr, jt, lam)          (lambda + g)
//                               b = T(1) - fma(T(2), lam, rdt)  (1 - (2 lambda + r dt))
//   implicit, I - L, interior:  a = -(explicit a), c = -(explicit c), b = T(1) + fma(T(2), lam, rdt)
//   row 0 (S = 0, discounting):  a = c = 0, b = T(1) - rdt (explicit) or T(1) + rdt (implicit)
//   row J (u_SS = 0, one-sided u_S), g = hr * jt, s = fma(T(2), g, -rdt) (2 g - r dt):
//                               explicit a = -(g + g), b = T(1) + s, c = 0
//                               implicit a =   g + g,  b = T(1) - s, c = 0
// b rounds once, after the small part 2 lambda + r dt is formed: rounding T(1) - rdt first would give every
// node the same relative error in its discounting, a bias that N steps multiply (in float, 0.23 ulp of 1 per
// step is 7e-4 on the test price at N = 2500); per-node roundings of 1 -/+ s largely cancel instead.
//   padding rows (nodes past J of the 32 R chunked grid): a = c = 0, b = 1 (they hold 0 and stay 0)
// Explicit product of one node (explicit scheme, and the right-hand side of Crank-Nicolson):
//   u'_j = fma(a, u_{j-1}, fma(c, u_{j+1}, b * u_j))      (u_{-1} = u_{J+1} = 0 or the padding's 0)
// American exercise after every step: u'_j = (u'_j < payoff_j) ? payoff_j : u'_j.
// Implicit solves: thomas_pcr.hpp's hybrid (J + 1 <= 1024) or hybrid_system.hpp's long hybrid (J + 1 > 1024), factored
// once per option.
#pragma once

#include <limits>

#include "../solvers/solver_math.hpp"

namespace gpurng {
namespace pde {

using solvers::fma_hd;

enum : int { kExplicit = 0, kImplicit = 1, kCrankNicolson = 2 };

// The largest grid kept in registers (one warp of 32 chunks of R <= 32 nodes) and the largest J accepted.
constexpr int kRegisterNodes = 1024;
constexpr int kMaxIntervals = 1 << 20;
// Past kRegisterNodes a grid is solved by the long hybrid as one system on its own, with the chunk sizes of systems
// apart in memory (thomas_pcr.hpp's long_rows_per_chunk).
constexpr bool kGridChunksAdjacent = false;

// Option kind decoding (gpurng_pde.h): bit 1 = American; put only for kinds 1 and 3. An unknown kind (device
// memory, not checked) prices as a call with the exercise bit 1 says.
GPURNG_HD bool kind_american(int kind) { return (kind & 2) != 0; }
GPURNG_HD bool kind_put(int kind) { return kind == 1 || kind == 3; }
GPURNG_HD bool kind_valid(int kind) { return kind >= 0 && kind <= 3; }

// Stability of the explicit scheme, in double on both backends: dt (sigma^2 J^2 + r) > 1, with
// dt = maturity / N and the products left to right: dt * ((sigma * sigma) * (J * J) + r).
GPURNG_HD bool explicit_unstable(double maturity, double sigma, double rate, int J, int N) {
  const double dt = maturity / double(N);
  const double jj = double(J) * double(J);
  return dt * (sigma * sigma * jj + rate) > 1.0;
}

// The per-option constants of one operator (L, or L/2 for Crank-Nicolson). V is T or a lane vector of T.
template <typename V>
struct StepConsts {
  V hs, hr, rdt;
};

template <typename T>
GPURNG_HD StepConsts<T> step_consts(T maturity, T sigma, T rate, int N, bool half_operator) {
  const T dt = maturity / T(N);
  const T q = (half_operator ? T(0.25) : T(0.5)) * dt;
  StepConsts<T> k;
  k.hs = (q * sigma) * sigma;
  k.hr = q * rate;
  k.rdt = k.hr + k.hr;
  return k;
}

template <typename V>
struct Coeffs {
  V a, b, c;
};

// Coefficients of an interior node (0 < j < J, jt = T(j)) of I + L (explicit) or I - L (implicit): node_coeffs's
// third case, which the GPU's per-step coefficients also call directly (the same operations).
template <typename V, typename T>
GPURNG_HD Coeffs<V> interior_coeffs(const StepConsts<V>& k, const V& jt, bool implicit) {
  const V one = V(T(1));
  const V lam = k.hs * (jt * jt);
  const V a = fma_hd(-k.hr, jt, lam);
  const V c = fma_hd(k.hr, jt, lam);
  const V s = fma_hd(V(T(2)), lam, k.rdt);  // 2 lambda + r dt
  Coeffs<V> co;
  if (implicit) {
    co.a = -a;
    co.b = one + s;
    co.c = -c;
  } else {
    co.a = a;
    co.b = one - s;
    co.c = c;
  }
  return co;
}

// Coefficients of node j (0 <= j <= J) of I + L (explicit) or I - L (implicit), as documented above. V is T or
// a lane vector of T (elementwise arithmetic, fma_hd found by argument-dependent lookup); jt = T(j).
template <typename V, typename T>
GPURNG_HD Coeffs<V> node_coeffs(const StepConsts<V>& k, int j, int J, bool implicit) {
  const V one = V(T(1));
  const V zero = V(T(0));
  Coeffs<V> co;
  const V jt = V(T(j));
  if (j == 0) {
    co.a = zero;
    if (implicit)
      co.b = one + k.rdt;
    else
      co.b = one - k.rdt;
    co.c = zero;
  } else if (j == J) {
    const V g = k.hr * jt;
    const V s = fma_hd(V(T(2)), g, -k.rdt);  // 2 g - r dt
    if (implicit) {  // (if/else, not ?: on values: GCC scalarises ?: copies of wide lane vectors)
      co.a = g + g;
      co.b = one - s;
    } else {
      co.a = -(g + g);
      co.b = one + s;
    }
    co.c = zero;
  } else {
    co = interior_coeffs<V, T>(k, jt, implicit);
  }
  return co;
}

// A padding row of the chunked grid: identity.
template <typename V, typename T>
GPURNG_HD Coeffs<V> padding_coeffs() {
  return Coeffs<V>{V(T(0)), V(T(1)), V(T(0))};
}

// The explicit operator's coefficients (I + L) by selects instead of node_coeffs's branches, for the GPU's per-step
// coefficients (bs1d_lane_steps.cuh's ComputedCoeffs, where branching per node cost Crank-Nicolson's float time loop
// 2.7x the instructions of the implicit one): the interior formula at every node, node J's coefficients and node 0's
// diagonal made once a step, identity past J. Node base + j, j a lane's node index (a compile-time constant in the
// GPU's unrolled loops, so only j == 0 is tested for node 0). The values of node_coeffs and padding_coeffs
// (BsPde.ExplicitCoeffsBySelectsAreNodeCoeffs).
template <typename T>
struct ExplicitCoeffsBySelects {
  StepConsts<T> k;
  int J;
  Coeffs<T> last;  // node J's
  T first_b;       // node 0's diagonal (its a and c are 0)

  GPURNG_HD static ExplicitCoeffsBySelects make(const StepConsts<T>& k, int J) {
    return ExplicitCoeffsBySelects{k, J, node_coeffs<T, T>(k, J, J, false), node_coeffs<T, T>(k, 0, J, false).b};
  }
  GPURNG_HD Coeffs<T> at(int base, int j) const {
    const int node = base + j, rest = J - node;  // rest 0: node J; below 0: padding
    const Coeffs<T> in = interior_coeffs<T, T>(k, T(node), false);
    Coeffs<T> co;
    co.a = rest < 0 ? T(0) : rest == 0 ? last.a : in.a;
    co.b = rest < 0 ? T(1) : rest == 0 ? last.b : in.b;
    co.c = rest <= 0 ? T(0) : in.c;
    if (j == 0 && base == 0) co = Coeffs<T>{T(0), first_b, T(0)};  // node 0: only a lane's first node can be
    return co;
  }
};

// One node of the explicit product: fma(a, left, fma(c, right, b * mid)).
template <typename V>
GPURNG_HD V explicit_node(const V& a, const V& b, const V& c, const V& left, const V& mid, const V& right) {
  return fma_hd(a, left, fma_hd(c, right, b * mid));
}

// American exercise: the larger of the continuation value and the payoff, written as a comparison so that
// both backends treat NaN (kept) and signed zeros alike. Lane vectors overload it elementwise.
template <typename T>
GPURNG_HD T exercise(T u, T payoff) {
  return u < payoff ? payoff : u;
}

// Payoff at S: max(S - K, 0) for a call, max(K - S, 0) for a put (S = T(j) * dS).
template <typename T>
GPURNG_HD T payoff(bool put, T S, T K) {
  const T v = put ? K - S : S - K;
  return v > T(0) ? v : T(0);
}

// Initial value of interior node j (1 <= j <= J - 1) at S = S_j when the option has time to run (maturity > 0):
// the payoff averaged over the node's cell [S - dS/2, S + dS/2] (Pooley, Vetzal and Forsyth, "Convergence remedies
// for non-smooth payoffs in option pricing", J. Comput. Finance 6(4), 2003). Only the node whose cell has the strike
// strictly inside differs from the payoff: with h = dS/2 and e = h - |S - K| > 0 the average is
//   payoff(S) + e^2 / (4 h)          (the same for calls and puts).
// Without it the error depends on where K falls between nodes: with K on a node (J = 256, 300, 1000, 1024 on
// [0, 400] with K = 100) the implicit price was 3x further from Black-Scholes than at J = 255, where K lies halfway
// and the average equals the payoff (e = 0): Giles' grids keep their values.
template <typename T>
GPURNG_HD T initial_value(bool put, T S, T K, T dS, bool smooth) {
  const T p = payoff(put, S, K);
  if (!smooth) return p;
  const T h = T(0.5) * dS;
  const T d = S - K;
  const T e = h - (d < T(0) ? -d : d);
  return e > T(0) ? p + (e * e) / (T(4) * h) : p;
}

// Whether node j's initial value is cell-averaged (initial_value): interior nodes of an option with time to run and
// volatility to smooth it (with sigma = 0 the payoff is transported, not diffused, and its kink stays exact).
template <typename T>
GPURNG_HD bool smooth_node(int j, int J, T maturity, T sigma) {
  return j >= 1 && j < J && maturity > T(0) && sigma > T(0);
}

// Node S of the grid and the grid step.
template <typename T>
GPURNG_HD T grid_step(T Smax, int J) {
  return Smax / T(J);
}

template <typename T>
GPURNG_HD T node_price(int j, T dS) {
  return T(j) * dS;
}

// Readout position: j = floor(S0 / dS) clamped to 1 .. J-2 (NaN S0 gives 1), w = (S0 - S_j) / dS.
template <typename T>
GPURNG_HD int readout_node(T S0, T dS, int J) {
  const T q = S0 / dS;
  if (!(q >= T(1))) return 1;
  if (q >= T(J - 2)) return J - 2;
  return int(q);
}

template <typename T>
GPURNG_HD T readout_weight(T S0, T dS, int j) {
  return (S0 - node_price(j, dS)) / dS;
}

// The readout is the cubic through u_{j-1} .. u_{j+2} at x = w (x in node spacings from S_j). With the second
// differences D0 = u_{j-1} - 2 u_j + u_{j+1}, D1 = u_j - 2 u_{j+1} + u_{j+2}:
//   price = (1 - w) u_j + w u_{j+1} - w (1 - w) ((2 - w) D0 + (1 + w) D1) / 6
//   delta = (u_{j+1} - u_j - ((1 - 2 w) ((2 - w) D0 + (1 + w) D1) + w (1 - w) (D1 - D0)) / 6) / dS
//   gamma = ((1 - w) D0 + w D1) / dS^2                 (the cubic's second derivative is linear in w)
// Linear interpolation (Giles' readout: the mean of two nodes at w = 1/2) is off by w (1 - w) dS^2 gamma / 2, up to
// 5e-3 on a 400 / 255 grid, which made the error against Black-Scholes jump with where S0 falls between nodes; the
// cubic's error is O(dS^4). As written (each line one rounding order):
//   q = (2 - w) D0 + (1 + w) D1,  v = w (1 - w),
//   price = fma(-(v / 6), q, fma(w, u1, (1 - w) u0)),
//   delta = (u1 - u0 - fma(1 - 2 w, q, v (D1 - D0)) / 6) / dS,   gamma = fma(w, D1, (1 - w) D0) / (dS dS).
template <typename T>
struct Readout {
  T price, delta, gamma;
  T curvature;  // the cubic's departure from linear interpolation, v q / 6 (the output check's resolution test)
};

template <typename T>
GPURNG_HD Readout<T> readout(T um1, T u0, T u1, T u2, T w, T dS) {
  Readout<T> r;
  const T omw = T(1) - w;
  const T D0 = fma_hd(T(-2), u0, u1) + um1;
  const T D1 = fma_hd(T(-2), u1, u2) + u0;
  const T q = fma_hd(T(2) - w, D0, (T(1) + w) * D1);
  const T v = w * omw;
  r.curvature = (v / T(6)) * q;
  r.price = fma_hd(-(v / T(6)), q, fma_hd(w, u1, omw * u0));
  r.delta = (u1 - u0 - fma_hd(T(1) - (w + w), q, v * (D1 - D0)) / T(6)) / dS;
  r.gamma = fma_hd(w, D1, omw * D0) / (dS * dS);
  return r;
}

// The output check (gpurng_pde.h): info code kInfoRejected when the price, delta or gamma is not finite; when the
// price lies outside [0, S0] (call) or [0, K] (put) by more than a slack of max(S0, K) times 2^-20 (double) or 2^-17
// (float, 64 epsilon); or when the grid does not resolve the solution at S0: the cubic readout departs from the
// linear interpolation of the same two nodes by more than max(S0, K) / 128. The slack is far above the rounding of
// either precision and the 1e-15-relative negatives that the one-sided top row leaves near Smax in healthy grids,
// and far below the errors of the grids it is there to catch (put prices of -0.78 at T = 1e6, -2.7e29 at r = 1e6, 492
// > K with Crank-Nicolson there). The resolution test catches J = 3 on [0, 400] (a put at S0 = K = 100 priced 14.7
// against Black-Scholes' 5.6, the cubic 10 away from the linear readout); on the 400 / 255 grid the two differ by
// at most w (1 - w) dS^2 gamma / 2 = 6e-3, and by 0.16 for a one-day option on a 200 / 100 grid.
constexpr int kInfoRejected = -2;

template <typename T>
struct BoundSlack;
template <>
struct BoundSlack<float> {
  static constexpr float value = 7.62939453125e-06f;  // 2^-17
};
template <>
struct BoundSlack<double> {
  static constexpr double value = 9.5367431640625e-07;  // 2^-20
};

template <typename T>
GPURNG_HD bool readout_accepted(const Readout<T>& r, bool put, T S0, T K) {
  const T big = std::numeric_limits<T>::max();
  // Written as comparisons that NaN fails.
  const bool finite =
      solvers::abs_hd(r.price) <= big && solvers::abs_hd(r.delta) <= big && solvers::abs_hd(r.gamma) <= big;
  const T scale = S0 > K ? S0 : K;
  const T slack = BoundSlack<T>::value * scale;
  const T upper = put ? K : S0;
  const bool resolved = solvers::abs_hd(r.curvature) <= scale * T(0.0078125);  // 2^-7
  return finite && resolved && r.price >= -slack && r.price <= upper + slack;
}

template <typename T>
GPURNG_HD T quiet_nan() {
  return std::numeric_limits<T>::quiet_NaN();
}

}  // namespace pde
}  // namespace gpurng
