// SPDX-License-Identifier: BSD-3-Clause
// Device API, the RANMAR family: CERNLIB V113 RANMAR (GPURNG_RNG_PSEUDO_RANMAR), V116 RM48 / CORSIKA RMMARD
// (RANMAR48) and RANMAR48X, on the stream model, seeding and jumps of gpurng/engines/ranmar.hpp and
// ranmar_jump.hpp and the host API's output rules (gpurng/distributions/ranmar_outputs.hpp).
//
// A state is the Fortran originals' own: the table U(1..97) as integers (u[i-1] = U(i) * 2^B), the pointers I97
// and J97, and the carry of the last output, so a draw is their loop body in integer arithmetic and the V113
// zero replacement reads U(2) where the original does. Position model: the one stream of seed IJKL
// (0..900000000), as the host API and the legacy entry points number it; gpurng_init(ijkl, k, offset) places
// the state at position k * 2^64 + offset (subsequences 2^64 numbers apart, so no 64-bit offset reaches the next
// one; RANMAR's period is about 2^144). Subsequence 0 is the host API's stream: gpurng_init(ijkl, 0, n) then draws
// what gpurngGenerate* writes at offset n, bit for bit (raw integers and both uniforms, zeros replaced as there).
// gpurng_init_restart(iseed, ntot, ntot2) is CORSIKA's and CERNLIB's restart triple (position NTOT2 * 10^9 +
// NTOT, with the originals' treatment of negative counters).
// Initialisation costs one 97x97 product per set bit of the position (the generated powers z^(2^i) of
// gpurng/engines/ranmar_jump_table.hpp) plus the seeding loop, a few hundred thousand integer operations:
// initialise once per thread and draw many numbers from it. A state is 400 (RANMAR) or 792 bytes: it lives in
// local memory on the GPU. No normals: the host API has none for these engines either.
#pragma once

#include <stdint.h>

#include "gpurng/device/tables.hpp"
#include "gpurng/distributions/ranmar_outputs.hpp"
#include "gpurng/engines/ranmar.hpp"
#include "gpurng/engines/ranmar_jump.hpp"
#include "gpurng/engines/ranmar_jump_table.hpp"
#include "gpurng/hd.hpp"

/** CERNLIB V113 RANMAR: 24-bit table and carry. ABI: 400 bytes, alignment 4. */
typedef struct gpurngStateRanmar {
  uint32_t u[97];    /* U(1..97) * 2^24 */
  uint32_t i97, j97; /* the original's pointers, 1..97 */
  uint32_t c;        /* the carry of the last output, * 2^24 */
} gpurngStateRanmar_t;
/** RM48 / RMMARD: 48-bit table, 24-bit carry. ABI: 792 bytes, alignment 8. */
typedef struct gpurngStateRanmar48 {
  uint64_t u[97]; /* U(1..97) * 2^48 */
  uint32_t i97, j97;
  uint64_t c; /* * 2^24 */
} gpurngStateRanmar48_t;
/** RANMAR48X: 48-bit table, 48-bit carry. ABI: 792 bytes, alignment 8. */
typedef struct gpurngStateRanmar48X {
  uint64_t u[97];
  uint32_t i97, j97;
  uint64_t c; /* * 2^48 */
} gpurngStateRanmar48X_t;
static_assert(sizeof(gpurngStateRanmar_t) == 400 && alignof(gpurngStateRanmar_t) == 4, "gpurngStateRanmar_t ABI");
static_assert(sizeof(gpurngStateRanmar48_t) == 792 && alignof(gpurngStateRanmar48_t) == 8, "gpurngStateRanmar48_t ABI");
static_assert(sizeof(gpurngStateRanmar48X_t) == 792 && alignof(gpurngStateRanmar48X_t) == 8,
              "gpurngStateRanmar48X_t ABI");

namespace gpurng {
namespace device_ranmar {

using ranmar::Kind;
using ranmar::kLag;

template <class S>
struct kind_of;
template <>
struct kind_of<gpurngStateRanmar_t> {
  static constexpr Kind value = Kind::r24;
};
template <>
struct kind_of<gpurngStateRanmar48_t> {
  static constexpr Kind value = Kind::r48;
};
template <>
struct kind_of<gpurngStateRanmar48X_t> {
  static constexpr Kind value = Kind::r48x;
};

// Slot (0-based) of the ring that holds x_m: the original writes x_m into U(97 - (m mod 97)).
GPURNG_HD int slot_of(uint32_t m_mod97) { return kLag - 1 - static_cast<int>(m_mod97); }

// The window x_{P-97} .. x_{P-1} of a state at position P (P mod 97 = 97 - I97).
template <class S, class W>
GPURNG_HD void window_of(const S* s, W* window) {
  const uint32_t p = static_cast<uint32_t>(kLag) - s->i97;
  for (int i = 0; i < kLag; ++i) window[i] = s->u[slot_of((p + static_cast<uint32_t>(i)) % kLag)];
}
template <class S, class W>
GPURNG_HD void set_window(S* s, const W* window, uint32_t p_mod97) {
  for (int i = 0; i < kLag; ++i) s->u[slot_of((p_mod97 + static_cast<uint32_t>(i)) % kLag)] = window[i];
  s->i97 = static_cast<uint32_t>(kLag) - p_mod97;                                      // step P reads U(97 - P mod 97)
  s->j97 = static_cast<uint32_t>(kLag) - (p_mod97 + kLag - ranmar::kShortLag) % kLag;  // and x_{P-33}
}

template <class S>
GPURNG_HD void init(uint32_t ijkl, uint64_t subsequence, uint64_t offset, S* s) {
  constexpr Kind K = kind_of<S>::value;
  typename ranmar::traits<K>::word w[kLag];
  ranmar::seed_window<K>(ijkl, w);
  ranmar::jump_window_pow2<K>(w, offset, subsequence, GPURNG_TABLE(ranmar::kRanmarJumpPow2));
  // P mod 97 and the carry of output P - 1, with P = subsequence * 2^64 + offset.
  constexpr uint32_t two64_mod97 = static_cast<uint32_t>((static_cast<unsigned __int128>(1) << 64) % kLag);
  const uint32_t p = static_cast<uint32_t>(((subsequence % kLag) * two64_mod97 + offset % kLag) % kLag);
  set_window(s, w, p);
  // c_{P-1}; for P = 0 that is c_{-1} = C0. Position P - 1 as a 128-bit value (borrow from the high half).
  const uint64_t lo = offset - 1, hi = subsequence - (offset == 0 ? 1u : 0u);
  s->c = static_cast<decltype(s->c)>((offset == 0 && subsequence == 0) ? ranmar::traits<K>::c0
                                                                       : ranmar::carry_at<K>(lo, hi));
}

// One step: the original's loop body. Returns the raw output r (B bits).
template <class S>
GPURNG_HD typename ranmar::traits<kind_of<S>::value>::word step(S* s) {
  constexpr Kind K = kind_of<S>::value;
  using T = ranmar::traits<K>;
  const auto x = ranmar::table_next<K>(s->u[s->i97 - 1], s->u[s->j97 - 1]);
  s->u[s->i97 - 1] = x;
  s->i97 = s->i97 == 1 ? kLag : s->i97 - 1;
  s->j97 = s->j97 == 1 ? kLag : s->j97 - 1;
  s->c = ranmar::carry_advance<K>(s->c, static_cast<decltype(s->c)>(T::cd % T::cm));
  return ranmar::raw_output<K>(x, s->c);
}

// One output through the host API's rule for (kind, type), zero replacement included (V113 reads U(2)).
template <typename Out, class S>
GPURNG_HD Out draw(S* s) {
  using Rule = ranmar::output_rule<kind_of<S>::value, Out>;
  const auto r = step(s);
  if (Rule::replaces_zero && r == 0) return Rule::zero(s->u[1]);
  return Rule::bulk(r);
}

template <class S>
GPURNG_HD void skip(uint64_t n, S* s) {
  constexpr Kind K = kind_of<S>::value;
  using T = ranmar::traits<K>;
  typename T::word w[kLag];
  window_of(s, w);
  ranmar::jump_window_pow2<K>(w, n, 0, GPURNG_TABLE(ranmar::kRanmarJumpPow2));
  const uint32_t p = (static_cast<uint32_t>(kLag) - s->i97 + static_cast<uint32_t>(n % kLag)) % kLag;
  set_window(s, w, p);
  s->c = ranmar::carry_advance<K>(s->c, static_cast<decltype(s->c)>(ranmar::carry_decrement_for<K>(n)));
}

}  // namespace device_ranmar
}  // namespace gpurng

// ---- the calls, for each of the three states ------------------------------------------------------------------

/** Sets `state` to position subsequence * 2^64 + offset of the stream of seed `ijkl` (0..900000000). */
GPURNG_HD void gpurng_init(unsigned int ijkl, unsigned long long subsequence, unsigned long long offset,
                           gpurngStateRanmar_t* state) {
  gpurng::device_ranmar::init(ijkl, subsequence, offset, state);
}
GPURNG_HD void gpurng_init(unsigned int ijkl, unsigned long long subsequence, unsigned long long offset,
                           gpurngStateRanmar48_t* state) {
  gpurng::device_ranmar::init(ijkl, subsequence, offset, state);
}
GPURNG_HD void gpurng_init(unsigned int ijkl, unsigned long long subsequence, unsigned long long offset,
                           gpurngStateRanmar48X_t* state) {
  gpurng::device_ranmar::init(ijkl, subsequence, offset, state);
}
/** CERNLIB's / CORSIKA's restart triple (RMARIN(IJKL, NTOT, NTOT2), RMMAQD's 'S' with a saved SEED(1..3)):
 *  seed `iseed`, position NTOT2 * 10^9 + NTOT (a negative NTOT2 means no skip, a negative NTOT no last pass). */
template <class State>
GPURNG_HD void gpurng_init_restart(int iseed, int ntot, int ntot2, State* state) {
  gpurng::device_ranmar::init(static_cast<uint32_t>(iseed), 0, gpurng::ranmar::restart_position(ntot, ntot2), state);
}

/** RANMAR: the raw 24-bit output r (gpurngGenerate's). */
GPURNG_HD unsigned int gpurng_next(gpurngStateRanmar_t* state) { return gpurng::device_ranmar::step(state); }
/** RANMAR48, RANMAR48X: the raw 48-bit output r (gpurngGenerateLongLong's). */
GPURNG_HD unsigned long long gpurng_next(gpurngStateRanmar48_t* state) { return gpurng::device_ranmar::step(state); }
GPURNG_HD unsigned long long gpurng_next(gpurngStateRanmar48X_t* state) { return gpurng::device_ranmar::step(state); }

#define GPURNG_RANMAR_CALLS(State)                                                                             \
  /** r * 2^-B as a float, the original's zero replacement included (gpurngGenerateUniform's, bit for bit). */ \
  GPURNG_HD float gpurng_uniform(State* state) { return gpurng::device_ranmar::draw<float>(state); }           \
  /** r * 2^-B as a double, zero replaced (gpurngGenerateUniformDouble's, RANMAR's / RMMARD's value). */       \
  GPURNG_HD double gpurng_uniform_double(State* state) { return gpurng::device_ranmar::draw<double>(state); }  \
  /** Moves the state n numbers on (skipahead): one 97x97 product per set bit of n. */                         \
  GPURNG_HD void gpurng_skipahead(unsigned long long n, State* state) { gpurng::device_ranmar::skip(n, state); }

GPURNG_RANMAR_CALLS(gpurngStateRanmar_t)
GPURNG_RANMAR_CALLS(gpurngStateRanmar48_t)
GPURNG_RANMAR_CALLS(gpurngStateRanmar48X_t)
#undef GPURNG_RANMAR_CALLS
