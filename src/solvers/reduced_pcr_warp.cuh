// SPDX-License-Identifier: BSD-3-Clause
// The hybrid's reduced 64-row system on one warp, lane p holding rows 2p (S) and 2p+1 (E), for the tridiagonal
// kernels (tridiag_cuda.cu) and the Black-Scholes steppers (src/pde/bs1d_cuda.cu): the same neighbours and the same
// operations as hybrid_system.hpp's pcr_rows and reduced_apply, so that the GPU gives the CPU's bits.
#pragma once

#include <climits>

#include "hybrid_system.hpp"

namespace gpurng {
namespace solvers {
namespace cuda {

constexpr unsigned kFull = 0xffffffffu;

// The smallest non-zero of the warp's values (0 if all are 0): the first tiny pivot of a system.

__device__ __forceinline__ int warp_first_failure(int fail) {
  const unsigned v = fail ? unsigned(fail) : unsigned(INT_MAX);
  const unsigned m = __reduce_min_sync(kFull, v);
  return m == unsigned(INT_MAX) ? 0 : int(m);
}

template <typename T>
__device__ __forceinline__ PcrRow<T> shfl_up_row(const PcrRow<T>& r, int d, int lane) {
  PcrRow<T> o{__shfl_up_sync(kFull, r.A, d), __shfl_up_sync(kFull, r.C, d), __shfl_up_sync(kFull, r.D, d)};
  if (lane < d) o = PcrRow<T>{T(0), T(0), T(0)};
  return o;
}
template <typename T>
__device__ __forceinline__ PcrRow<T> shfl_down_row(const PcrRow<T>& r, int d, int lane) {
  PcrRow<T> o{__shfl_down_sync(kFull, r.A, d), __shfl_down_sync(kFull, r.C, d), __shfl_down_sync(kFull, r.D, d)};
  if (lane + d > 31) o = PcrRow<T>{T(0), T(0), T(0)};
  return o;
}

// The reduced 64-row system, lane p holding rows 2p (S) and 2p+1 (E): the same neighbours and operations as
// hybrid_system.hpp's pcr_rows. With `rf` not NULL the matrix part is recorded (constant matrices).
template <typename T>
__device__ int reduced_pcr_warp(PcrRow<T>& S, PcrRow<T>& E, int lane, int R, ReducedFactors<T>* rf) {
  int fail = 0;
  GPURNG_UNROLL
  for (int step = 0; step < kReducedSteps; ++step) {
    PcrRow<T> Sl, Sr, El, Er;
    if (step == 0) {
      Sl = shfl_up_row(E, 1, lane);
      Sr = E;
      El = S;
      Er = shfl_down_row(S, 1, lane);
    } else {
      const int d = 1 << (step - 1);
      Sl = shfl_up_row(S, d, lane);
      Sr = shfl_down_row(S, d, lane);
      El = shfl_up_row(E, d, lane);
      Er = shfl_down_row(E, d, lane);
    }
    PcrRow<T> nS, nE;
    T rS, rE;
    if (!pcr_factor(S.A, S.C, Sl.A, Sl.C, Sr.A, Sr.C, nS.A, nS.C, rS))
      fail = first_failure(fail, reduced_row_origin(2 * lane, R) + 1);
    if (!pcr_factor(E.A, E.C, El.A, El.C, Er.A, Er.C, nE.A, nE.C, rE))
      fail = first_failure(fail, reduced_row_origin(2 * lane + 1, R) + 1);
    if (rf) {
      rf->A[step][0] = S.A;
      rf->C[step][0] = S.C;
      rf->r[step][0] = rS;
      rf->A[step][1] = E.A;
      rf->C[step][1] = E.C;
      rf->r[step][1] = rE;
    }
    nS.D = pcr_apply(S.A, S.C, rS, S.D, Sl.D, Sr.D);
    nE.D = pcr_apply(E.A, E.C, rE, E.D, El.D, Er.D);
    S = nS;
    E = nE;
  }
  return fail;
}

// The right-hand-side part alone, from recorded factors.
template <typename T>
__device__ __forceinline__ void reduced_apply_warp(const ReducedFactors<T>& f, T& DS, T& DE, int lane) {
  GPURNG_UNROLL
  for (int step = 0; step < kReducedSteps; ++step) {
    T Sl, Sr, El, Er;
    if (step == 0) {
      Sl = __shfl_up_sync(kFull, DE, 1);
      Sr = DE;
      El = DS;
      Er = __shfl_down_sync(kFull, DS, 1);
      if (lane == 0) Sl = T(0);
      if (lane == 31) Er = T(0);
    } else {
      const int d = 1 << (step - 1);
      Sl = __shfl_up_sync(kFull, DS, d);
      Sr = __shfl_down_sync(kFull, DS, d);
      El = __shfl_up_sync(kFull, DE, d);
      Er = __shfl_down_sync(kFull, DE, d);
      if (lane < d) Sl = El = T(0);
      if (lane + d > 31) Sr = Er = T(0);
    }
    const T nS = pcr_apply(f.A[step][0], f.C[step][0], f.r[step][0], DS, Sl, Sr);
    const T nE = pcr_apply(f.A[step][1], f.C[step][1], f.r[step][1], DE, El, Er);
    DS = nS;
    DE = nE;
  }
}

}  // namespace cuda
}  // namespace solvers
}  // namespace gpurng
