// SPDX-License-Identifier: BSD-3-Clause
// RANMAR state the way the Fortran originals hold it: U(1..97), C, I97, J97 in the original's floating
// type (REAL for the 24-bit stream, DOUBLE PRECISION for the 48-bit one). Every operation below is exact
// in that type (values are multiples of 2^-24 or 2^-48 in [0, 1)), so plain float/double code reproduces
// the originals bit for bit; -ffp-contract=off keeps the compiler from fusing anything.
//
// The table after a skip is built with the library's O(log n) jump-ahead instead of the originals' loop,
// which takes seconds per 10^9 skipped numbers; the mapping between the two forms is
//   U(97 - ((P + i) mod 97)) = x_{P-97+i},  I97 = 97 - (P mod 97),  J97 = ((32 - P mod 97) mod 97) + 1,
//   C = (362436 - 7654321 P) mod 16777213, times 2^-24
// (include/gpurng/engines/ranmar.hpp has the stream model).
#pragma once

#include <stdint.h>
#if defined(__SSE2__)
#include <emmintrin.h>
#endif

#include "gpurng/engines/ranmar.hpp"
#include "gpurng/engines/ranmar_jump.hpp"

namespace gpurng {
namespace legacy {

constexpr int kTable = 97;
constexpr int32_t kModcns = 1000000000;  // MODCNS: the counters' split between NTOT and NTOT2

// The table-fill seeds from IJKL with Fortran's truncating division and MOD, so that seeds outside
// 0..900000000 (negative ones included) give what the originals give.
struct FillSeeds {
  int32_t i, j, k, l;
};
inline FillSeeds split_seed(int32_t ijkl) {
  const int32_t ij = ijkl / 30082;
  const int32_t kl = ijkl - 30082 * ij;
  return {(ij / 177) % 177 + 2, ij % 177 + 2, (kl / 169) % 178 + 1, kl % 169};
}

// The freshly filled table as integers: u[slot-1] = U(slot) * 2^bits.
template <int Bits>
void fill_table_bits(int32_t ijkl, uint64_t u[kTable]) {
  FillSeeds s = split_seed(ijkl);
  for (int slot = 0; slot < kTable; ++slot) {
    uint64_t v = 0;
    for (int b = 0; b < Bits; ++b) {
      const int32_t m = ((s.i * s.j) % 179 * s.k) % 179;
      s.i = s.j;
      s.j = s.k;
      s.k = m;
      s.l = (53 * s.l + 1) % 169;
      v = (v << 1) | static_cast<uint64_t>((s.l * m) % 64 >= 32);
    }
    u[slot] = v;
  }
}

// The skip the originals' restart loop performs for counters (NTOT, NTOT2): NTOT2 passes of MODCNS and
// a last pass of NTOT; a negative NTOT2 runs no pass, a negative NTOT an empty last pass.
inline uint64_t restart_skip(int32_t ntot, int32_t ntot2) { return gpurng::ranmar::restart_position(ntot, ntot2); }
static_assert(kModcns == 1000000000, "restart_position counts passes of MODCNS");

// State in the original's form after filling from IJKL and skipping `skip` numbers.
template <typename Real>
struct TableState {
  Real u[kTable];
  Real c;
  int32_t i97, j97;
};

template <typename Real, int Bits>
TableState<Real> table_after(int32_t ijkl, uint64_t skip) {
  constexpr ranmar::Kind K = Bits == 24 ? ranmar::Kind::r24 : ranmar::Kind::r48;
  using word = typename ranmar::traits<K>::word;
  uint64_t u0[kTable];
  fill_table_bits<Bits>(ijkl, u0);
  word window[kTable];
  for (int i = 0; i < kTable; ++i) window[i] = static_cast<word>(u0[kTable - 1 - i]);  // x_{-97+i} = U(97-i)
  ranmar::jump_window<K>(window, skip);
  TableState<Real> s;
  const Real scale = static_cast<Real>(1.0) / static_cast<Real>(uint64_t(1) << Bits);
  const uint32_t p = static_cast<uint32_t>(skip % kTable);
  for (int i = 0; i < kTable; ++i)
    s.u[kTable - 1 - static_cast<int>((p + i) % kTable)] = static_cast<Real>(window[i]) * scale;
  s.i97 = static_cast<int32_t>(kTable - p);
  s.j97 = static_cast<int32_t>((32 + kTable - p) % kTable + 1);
  using T = ranmar::traits<ranmar::Kind::r24>;  // the carry is 24-bit in both streams
  const uint64_t c = skip == 0 ? T::c0 : ranmar::carry_at<ranmar::Kind::r24>(skip - 1);
  s.c = static_cast<Real>(c) * static_cast<Real>(1.0 / 16777216.0);
  return s;
}

// The originals' constants CD and CM (24-bit, at 2^-24) and C's start CINT.
template <typename Real>
constexpr Real kCD = static_cast<Real>(7654321.0 / 16777216.0);
template <typename Real>
constexpr Real kCM = static_cast<Real>(16777213.0 / 16777216.0);
template <typename Real>
constexpr Real kCINT = static_cast<Real>(362436.0 / 16777216.0);

// LENV steps of the original loop on a table held anywhere (a COMMON record or private memory). `zero`
// gives the replacement of an exact zero (it may look at the table, as V113 does). The carry and indices
// live in locals during the loop and are stored once: the result is the same as the originals' in-place
// updates, and the table is updated in place, so the caller's COMMON is true after the call.
template <typename Real, typename ZeroPolicy>
void step_table(Real* u, Real* c_inout, int32_t* i97_inout, int32_t* j97_inout, Real cd, Real cm, Real* out,
                int64_t lenv, ZeroPolicy zero) {
  int32_t i = *i97_inout, j = *j97_inout;
  Real c = *c_inout;
  const Real one = 1;
  for (int64_t v = 0; v < lenv; ++v) {
    Real uni = u[i - 1] - u[j - 1];
    if (uni < 0) uni += one;
    u[i - 1] = uni;
    i = i == 1 ? kTable : i - 1;
    j = j == 1 ? kTable : j - 1;
    c -= cd;
    if (c < 0) c += cm;
    uni -= c;
    if (uni < 0) uni += one;
    if (uni == 0) uni = zero();
    out[v] = uni;
  }
  *i97_inout = i;
  *j97_inout = j;
  *c_inout = c;
}

// The same loop for the standard constants (CD = 7654321, CM = 16777213 at 2^-24), with a carry C that
// is an exact multiple of 2^-24 in [0, CM) (always so unless other code wrote something else there):
// the carry runs as an integer, and each step's carry comes from c0 - (k CD mod CM), which removes the
// loop-carried floating-point chain, and the originals' branches become selects. Same numbers as
// step_table; returns false (and does nothing) when the carry is not of that form.
// x + 1 when x < 0, else x, without a branch: on random data the originals' IF mispredicts half the
// time, and GCC turns every portable spelling of this select back into a branch.
inline double wrap_negative(double x) {
#if defined(__SSE2__)
  const __m128d v = _mm_set_sd(x);
  return _mm_cvtsd_f64(_mm_add_sd(v, _mm_and_pd(_mm_cmplt_sd(v, _mm_setzero_pd()), _mm_set_sd(1.0))));
#else
  return x < 0 ? x + 1 : x;
#endif
}
inline float wrap_negative(float x) {
#if defined(__SSE2__)
  const __m128 v = _mm_set_ss(x);
  return _mm_cvtss_f32(_mm_add_ss(v, _mm_and_ps(_mm_cmplt_ss(v, _mm_setzero_ps()), _mm_set_ss(1.0f))));
#else
  return x < 0 ? x + 1 : x;
#endif
}

// d[k] = k CD mod CM for k = 0 .. kBlock, made by the compiler (no guard or set-up at run time).
struct CarryDecrements {
  static constexpr int kBlock = 256;
  int64_t d[kBlock + 1];
  constexpr CarryDecrements() : d() {
    for (int k = 0; k <= kBlock; ++k) d[k] = static_cast<int64_t>((uint64_t(k) * 7654321u) % 16777213u);
  }
};
inline constexpr CarryDecrements kCarryDecrements{};

// The steps run in stretches in which neither index wraps (the originals' "IF (I97 .EQ. 0) I97 = 97" taken once
// per stretch, not tested per number): the same numbers, fewer instructions on a call's critical path.
template <typename Real, typename ZeroPolicy>
bool step_table_standard(Real* u, Real* c_inout, int32_t* i97_inout, int32_t* j97_inout, Real* out, int64_t lenv,
                         ZeroPolicy zero) {
  constexpr int64_t cm = 16777213;
  const int64_t* dec = kCarryDecrements.d;
  const double scaled = static_cast<double>(*c_inout) * 16777216.0;
  if (!(scaled >= 0 && scaled < static_cast<double>(cm))) return false;
  int64_t c0 = static_cast<int64_t>(scaled);
  if (static_cast<double>(c0) != scaled) return false;
  const Real scale = static_cast<Real>(1.0 / 16777216.0);
  int32_t i = *i97_inout - 1, j = *j97_inout - 1;  // 0-based
  for (int64_t base = 0; base < lenv; base += CarryDecrements::kBlock) {
    const int64_t m = lenv - base < CarryDecrements::kBlock ? lenv - base : CarryDecrements::kBlock;
    Real* o = out + base;
    for (int64_t k = 0; k < m;) {
      const int32_t lower = i < j ? i : j;
      const int64_t stretch = m - k < lower + 1 ? m - k : lower + 1;  // steps before i or j passes 0
      for (const int64_t end = k + stretch; k < end; ++k, --i, --j) {
        const Real uni = wrap_negative(u[i] - u[j]);
        u[i] = uni;
        int64_t ck = c0 - dec[k + 1];
        ck += (ck >> 63) & cm;
        Real r = wrap_negative(uni - static_cast<Real>(ck) * scale);
        if (__builtin_expect(r == 0, 0)) r = zero();
        o[k] = r;
      }
      if (i < 0) i += kTable;
      if (j < 0) j += kTable;
    }
    c0 -= dec[m];
    c0 += (c0 >> 63) & cm;
  }
  *i97_inout = i + 1;
  *j97_inout = j + 1;
  *c_inout = static_cast<Real>(c0) * scale;
  return true;
}

// One call's steps: the branch-free loop when the constants are the standard ones and the carry has the
// usual form, else the originals' loop. The same numbers either way.
template <typename Real, typename ZeroPolicy>
void step_table_any(Real* u, Real* c, int32_t* i97, int32_t* j97, Real cd, Real cm, Real* out, int64_t lenv,
                    ZeroPolicy zero) {
  if (cd == kCD<Real> && cm == kCM<Real> && step_table_standard(u, c, i97, j97, out, lenv, zero)) return;
  step_table(u, c, i97, j97, cd, cm, out, lenv, zero);
}

// The originals' counter update, once per call: NTOT += LENV, and at most one carry into NTOT2 (32-bit
// wrapping arithmetic, as gfortran's code does in practice). RMMARD takes MODCNS from /CRRANMA3/.
inline void count_call(int32_t* ntot, int32_t* ntot2, int32_t lenv, int32_t modcns = kModcns) {
  *ntot = static_cast<int32_t>(static_cast<uint32_t>(*ntot) + static_cast<uint32_t>(lenv));
  if (*ntot >= modcns) {
    *ntot2 = static_cast<int32_t>(static_cast<uint32_t>(*ntot2) + 1u);
    *ntot = static_cast<int32_t>(static_cast<uint32_t>(*ntot) - static_cast<uint32_t>(modcns));
  }
}

}  // namespace legacy
}  // namespace gpurng
