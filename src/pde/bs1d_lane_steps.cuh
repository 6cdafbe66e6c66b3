// SPDX-License-Identifier: BSD-3-Clause
// What the PDE's register-resident GPU kernels share (bs1d_cuda.cu's warp kernels, bs1d_segments_cuda.cu's kernel of
// several warps an option): a lane's coefficients, stored or computed at every step, the exercise floor and the time
// loop that alternates two arrays.
#pragma once

#include "bs1d_cuda_common.cuh"
#include "bs1d_scheme.hpp"

namespace gpurng {
namespace pde {
namespace cuda {

// Coefficients of the lane's R nodes (padding rows identity).
template <typename T, int R>
__device__ __forceinline__ void lane_coeffs(const StepConsts<T>& k, int base, int J, bool implicit, T (&a)[R],
                                            T (&b)[R], T (&c)[R]) {
#pragma unroll
  for (int j = 0; j < R; ++j) {
    const int node = base + j;
    const Coeffs<T> co = node <= J ? node_coeffs<T, T>(k, node, J, implicit) : padding_coeffs<T, T>();
    a[j] = co.a;
    b[j] = co.b;
    c[j] = co.c;
  }
}

// Where the explicit coefficients (of the explicit scheme, or Crank-Nicolson's explicit half) come from: kept in 3 R
// registers (Stored), or computed at every step (Computed, PerStepCoeffs below: node_coeffs's operations on the
// same values, so the same bits). The explicit scheme keeps them: in double past R = 24 it runs on two warps
// per option (pair_warp_explicit_kernel), where computing them at R = 32 on one warp ran at an eighth of the rate
// (H200, 1000 nodes: 182-197 ms).
template <typename T, int R>
struct StoredCoeffs {
  T a[R], b[R], c[R];
  __device__ Coeffs<T> operator()(int j) const { return Coeffs<T>{a[j], b[j], c[j]}; }
};

// ComputedCoeffs: node_coeffs's explicit values at node base + j. Float by selects (bs1d_scheme.hpp's
// ExplicitCoeffsBySelects): Crank-Nicolson's float register forms ran 1.18-1.80x faster from 2000 to 12288 nodes and
// 1.08-1.13x on clusters (H100, docs/PERFORMANCE.md). Double by node_coeffs's branches: with the selects ptxas held
// the segments kernel's double Crank-Nicolson of 32-node chunks to 32 registers and 28 KB of spill stores, 12-13x
// slower at 2000 and 4096 nodes.
template <typename T>
struct ComputedCoeffs {
  StepConsts<T> k;
  int base, J;
  __device__ Coeffs<T> operator()(int j) const {
    const int node = base + j;
    return node <= J ? node_coeffs<T, T>(k, node, J, false) : padding_coeffs<T, T>();
  }
};
template <>
struct ComputedCoeffs<float> {
  ExplicitCoeffsBySelects<float> by;
  int base;
  __device__ Coeffs<float> operator()(int j) const { return by.at(base, j); }
};

// Crank-Nicolson's explicit half in double from R = 24: computed at every step from the constants passed through
// opaque() once a step (step_view), so that the compiler cannot hoist the 3 R coefficients out of the time loop
// into registers. Kept, with the chunk factors (5 R) and both step arrays, they spilled (ptxas, sm_90: 5460 bytes of
// spill stores at R = 24, 36456 at R = 32, against 1772 and 2856 computed; H200, 1024 nodes: 49.7 ms for 500 steps
// against 5.1 ms computed). At R = 20 computing them was 7 % slower (513 nodes: 2.42 ms against 2.27), so R = 20
// keeps them. (Past 1024 nodes bs1d_long_cuda.cu does this in double, bs1d_segments_cuda.cu in both precisions.)
template <typename T, int R>
constexpr bool kPerStepCrankNicolson = sizeof(T) == 8 && R >= 24;

template <typename T>
struct PerStepCoeffs {
  StepConsts<T> k;
  int base, J;
};

// The coefficients a step uses: stored or computed ones as they are, PerStepCoeffs through opaque().
template <typename Coef>
__device__ __forceinline__ const Coef& step_view(const Coef& c) {
  return c;
}
template <typename T>
__device__ __forceinline__ ComputedCoeffs<T> step_view(const PerStepCoeffs<T>& c) {
  return ComputedCoeffs<T>{{opaque(c.k.hs), opaque(c.k.hr), opaque(c.k.rdt)}, opaque(c.base), c.J};
}
__device__ __forceinline__ ComputedCoeffs<float> step_view(const PerStepCoeffs<float>& c) {
  const StepConsts<float> k{opaque(c.k.hs), opaque(c.k.hr), opaque(c.k.rdt)};
  return ComputedCoeffs<float>{ExplicitCoeffsBySelects<float>::make(k, c.J), opaque(c.base)};
}

// The lane's R nodes base .. base + R - 1 at the start: the initial values and the payoffs (0 on padding nodes).
template <typename T, int R>
__device__ __forceinline__ void lane_start(const Option<T>& o, int base, int J, T dS, T (&u)[R], T (&pay)[R]) {
  GPURNG_UNROLL
  for (int j = 0; j < R; ++j) {
    const int node = base + j;
    const T S = node_price(node, dS);
    pay[j] = node <= J ? payoff(o.put, S, o.K) : T(0);
    u[j] = node <= J ? initial_value(o.put, S, o.K, dS, smooth_node(node, J, o.maturity, o.sigma)) : T(0);
  }
}

// The lane's nodes into option k's returned grid, if the call asked for it (padding nodes are not written).
template <typename T, int R>
__device__ __forceinline__ void write_lane_grid(const Bs1dCall<T>& c, int64_t k, int base, const T (&u)[R]) {
  if (!c.grid) return;
  T* g = c.grid + k * int64_t(c.J + 1);
  GPURNG_UNROLL
  for (int j = 0; j < R; ++j)
    if (base + j <= c.J) g[base + j] = u[j];
}

// The explicit product of a lane's R nodes into u itself, `left` and `right` the neighbouring chunks' edge nodes:
// node j's old value carried to node j + 1, so the same operations on the same values as into a second array.
template <typename T, int R, typename Coef>
__device__ __forceinline__ void explicit_in_place(const Coef& coef, T (&u)[R], T left, T right) {
  T prev = left;
#pragma unroll
  for (int j = 0; j < R; ++j) {
    const Coeffs<T> co = coef(j);
    const T mid = u[j];
    u[j] = explicit_node(co.a, co.b, co.c, prev, mid, j + 1 < R ? u[j + 1] : right);
    prev = mid;
  }
}

// The exercise floor of the lane's nodes (American options only; the payoff is 0 on padding nodes).
template <typename T, int R>
__device__ __forceinline__ void lane_exercise(T (&u)[R], const T (&pay)[R]) {
#pragma unroll
  for (int j = 0; j < R; ++j) u[j] = exercise(u[j], pay[j]);
}

// N steps of `step(in, out)`, two per iteration between u and a second array (no register copies), each followed
// by the exercise floor when American: the same operations as one step at a time.
template <bool American, typename T, int R, typename Step>
__device__ __forceinline__ void ping_pong_steps(int N, const T (&pay)[R], T (&u)[R], Step step) {
  T v[R];
  int n = 0;
  for (; n + 2 <= N; n += 2) {
    step(u, v);
    if (American) lane_exercise(v, pay);
    step(v, u);
    if (American) lane_exercise(u, pay);
  }
  if (n < N) {
    step(u, v);
    if (American) lane_exercise(v, pay);
#pragma unroll
    for (int j = 0; j < R; ++j) u[j] = v[j];
  }
}

}  // namespace cuda
}  // namespace pde
}  // namespace gpurng
