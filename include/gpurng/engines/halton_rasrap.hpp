// SPDX-License-Identifier: BSD-3-Clause
// GPURNG_RNG_QUASI_HALTON_RASRAP: the random-start randomly permuted Halton sequence ("RASRAP") of Xu and
// Ökten (High-performance financial simulation using randomized quasi-Monte Carlo methods, Quantitative
// Finance 2015), built on Ökten's random-start Halton sequence. Integer-exact; both the recursive form
// (their Algorithm 2 style, for CPU lanes) and the counter-based form (Algorithm 3 style, for GPU threads)
// produce the same 64-bit words, so every output is bit-identical whichever side computes it.
//
// Definition. Dimension d = 0..D-1 (D <= kMaxDimensions = 1000) uses the (d+1)-th prime b = b_d
// (2, 3, 5, ..., 7919). Let K = K_b be the largest K with b^K <= 2^64 and B = b^K (B = 2^64 only for
// b = 2, K = 64; K >= 4 for every base used, so the grid is at least b^-4 >= 2^-51.8 fine). With the
// dimension's random start m_d in [0, B) and digit permutation s_d, point n (n = 0, 1, ...) of dimension d
// is taken at the index
//   N = (m_d + n) mod B,        with base-b digits N = a_0 + a_1 b + ... + a_{K-1} b^{K-1},
// and its permuted radical inverse is the integer numerator
//   num = sum_{k<K} s_d(a_k) b^{K-1-k}        (0 <= num < B; value num / B in [0, 1)),
// i.e. Ökten's x_n = phi_b(m_d + n) with phi_b taken to K digits and each digit permuted. Digits of the
// index above K would only add less than b^-K, and digits 0..K-1 of m_d + n are those of (m_d + n) mod
// B, which is why the index is reduced mod B: the sequence of dimension d is periodic with period B
// (>= 7919^4 ~ 3.9e15 points; 2^64 for base 2). m_d uniform in [0, B) is a random start at the full
// resolution of the K-digit radical inverse.
//
// Permutations fix 0: s_d(0) = 0 and s_d permutes 1..b-1 at random. That keeps the sum finite in Halton's
// usual sense (a permuted zero digit would put s_d(0)/(b-1) b^-K worth of tail on every point), keeps
// every point on the grid of plain Halton, and makes base 2 (whose only such permutation is the identity)
// a random-start van der Corput sequence.
//
// Raw word (the output everything else derives from): the 64-bit fixed-point value
//   W = floor(num * 2^64 / B)      (b = 2: W = num, the bit reversal of N),
// computed exactly (a 128-by-64-bit division with a precomputed reciprocal, Möller & Granlund 2011).
// Conversions, all exact (no rounding anywhere, so FMA contraction cannot matter):
//   u32     = W >> 32
//   double  = (W >> 12) * 2^-52 + 2^-53     in [2^-53, 1 - 2^-53], the midpoint of a 2^-52 cell
//   float   = (W >> 41) * 2^-23 + 2^-24     in [2^-24, 1 - 2^-24], the midpoint of a 2^-23 cell
//   normals = cuRAND's inverse-CDF normal of a 64-bit Sobol' word applied to W (double) or of the
//             32-bit word W >> 32 (float): sobol::normal_double / normal_float, then z * stddev + mean
//             with an unfused product (curand_out::scale); lognormal = exp of that.
//
// Seeding (64-bit seed -> m_d and s_d, an integer procedure independent of D and of the other
// dimensions). mix64 is splitmix64's finaliser; splitmix64 steps a state x by x += 0x9E3779B97F4A7C15 and
// returns mix64(x). Dimension d's generator starts at x = mix64(seed ^ mix64(0x48414C544F4E0000 + d))
// ("HALTON" in the tag). Its first output gives m_d = bounded(B) (for B = 2^64: the raw 64-bit output);
// then Fisher-Yates on s = identity of {0..b-1}: for i = b-1 down to 2, j = 1 + bounded(i), swap s[i] and
// s[j]. bounded(r) draws outputs x until x >= (2^64 - r) mod r and returns x mod r (unbiased). With the
// start or the permutations switched off (options), m_d = 0 or s_d = identity, but the draws are the same,
// so either part stays the same when the other one is switched.
//
// Call layout (as cuRAND's quasi generators and sobol.hpp): a call of n values with `dims` dimensions
// (n a multiple of dims) at position `point_offset` writes n/dims points of dimension 0, then n/dims points
// of dimension 1, ...; element e is point point_offset + e % (n/dims) of dimension e / (n/dims). The
// position counts points; the caller keeps it. Point numbers are 64-bit and wrap (point 2^64 is point 0,
// as with any 64-bit position), and the index then wraps mod B as always: so for bases other than 2 the
// points just before and after that wrap are not consecutive in the dimension's sequence.
//
// Set-up cost per seed: sum of b_d - 2 bounded draws over the dimensions built (about 3.7 million for
// all 1000, some 10-20 ms on one core) and 2 bytes per permutation entry (7.4 MB for 1000 dimensions).
#pragma once

#include <stddef.h>
#include <stdint.h>

#include <vector>

#include "gpurng/distributions/curand_outputs.hpp"
#include "gpurng/engines/sobol.hpp"
#include "gpurng/hd.hpp"

namespace gpurng {
namespace halton_rasrap {

constexpr unsigned kMaxDimensions = 1000;  // bases 2..7919: digits fit 16 bits, K >= 4 for all
constexpr unsigned kMaxDigits = 64;        // K of base 2
constexpr uint64_t kSeedTag = 0x48414C544F4E0000ull;

// ---------------------------------------------------------------------------------------------------
// splitmix64

GPURNG_HD uint64_t mix64(uint64_t z) {
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  return z ^ (z >> 31);
}
GPURNG_HD uint64_t splitmix_next(uint64_t& x) {
  x += 0x9E3779B97F4A7C15ull;
  return mix64(x);
}
// Uniform in [0, r) by rejection (r = 0 stands for 2^64: one raw output).
GPURNG_HD uint64_t bounded(uint64_t& x, uint64_t r) {
  if (r == 0) return splitmix_next(x);
  const uint64_t threshold = (0 - r) % r;  // 2^64 mod r
  for (;;) {
    const uint64_t v = splitmix_next(x);
    if (v >= threshold) return v % r;
  }
}

// ---------------------------------------------------------------------------------------------------
// Exact 128-by-64 division by an invariant divisor (Möller & Granlund, "Improved division by invariant
// integers", IEEE TC 2011, Algorithm 4): d normalised (top bit set), v = floor((2^128 - 1) / d) - 2^64.

struct divisor {
  uint64_t d;      // the divisor shifted left by `shift`
  uint64_t v;      // its reciprocal
  uint32_t shift;  // leading zeros of the plain divisor
  uint32_t pad;
};

namespace detail {

GPURNG_HD void mul64(uint64_t a, uint64_t b, uint64_t& hi, uint64_t& lo) {
#if defined(__CUDA_ARCH__)
  lo = a * b;
  hi = __umul64hi(a, b);
#else
  const unsigned __int128 p = static_cast<unsigned __int128>(a) * b;
  lo = static_cast<uint64_t>(p);
  hi = static_cast<uint64_t>(p >> 64);
#endif
}

// (u1 * 2^64 + u0) / d for u1 < d.d: quotient, remainder in *r (both of the normalised operands).
GPURNG_HD uint64_t div_2by1(uint64_t u1, uint64_t u0, const divisor& dv, uint64_t* r) {
  uint64_t q1, q0;
  mul64(dv.v, u1, q1, q0);
  q0 += u0;
  q1 += u1 + 1 + (q0 < u0 ? 1 : 0);
  uint64_t rr = u0 - q1 * dv.d;
  if (rr > q0) {
    --q1;
    rr += dv.d;
  }
  if (rr >= dv.d) {
    ++q1;
    rr -= dv.d;
  }
  *r = rr;
  return q1;
}

// n / divisor and n % divisor for any 64-bit n.
GPURNG_HD uint64_t divrem(uint64_t n, const divisor& dv, uint64_t* rem) {
  const uint64_t u1 = dv.shift ? n >> (64 - dv.shift) : 0, u0 = n << dv.shift;
  uint64_t r;
  const uint64_t q = div_2by1(u1, u0, dv, &r);
  *rem = r >> dv.shift;
  return q;
}

// floor(x * 2^64 / divisor) for x < divisor.
GPURNG_HD uint64_t frac64(uint64_t x, const divisor& dv) {
  uint64_t r;
  return div_2by1(x << dv.shift, 0, dv, &r);
}

GPURNG_HD uint64_t bit_reverse(uint64_t x) {
#if defined(__CUDA_ARCH__)
  return __brevll(x);
#else
  x = ((x >> 1) & 0x5555555555555555ull) | ((x & 0x5555555555555555ull) << 1);
  x = ((x >> 2) & 0x3333333333333333ull) | ((x & 0x3333333333333333ull) << 2);
  x = ((x >> 4) & 0x0F0F0F0F0F0F0F0Full) | ((x & 0x0F0F0F0F0F0F0F0Full) << 4);
  x = ((x >> 8) & 0x00FF00FF00FF00FFull) | ((x & 0x00FF00FF00FF00FFull) << 8);
  x = ((x >> 16) & 0x0000FFFF0000FFFFull) | ((x & 0x0000FFFF0000FFFFull) << 16);
  return (x >> 32) | (x << 32);
#endif
}

}  // namespace detail

// ---------------------------------------------------------------------------------------------------
// Per-dimension parameters (plain data: copied to the device as they are)

struct dim_info {
  uint32_t base;         // b, the (d+1)-th prime
  uint32_t digits;       // K
  uint32_t perm_offset;  // s_d = perms[perm_offset .. perm_offset + b)
  uint32_t pad;
  uint64_t period;      // B = b^K (0 stands for 2^64, base 2)
  uint64_t start;       // m_d in [0, B)
  uint64_t top_weight;  // b^(K-1)
  divisor base_div;     // b
  divisor period_div;   // B (unused for base 2)
};

// What an evaluator needs: `count` dimensions and their concatenated permutations.
struct view {
  const dim_info* dims;
  const uint16_t* perms;
  unsigned count;
};

// ---------------------------------------------------------------------------------------------------
// Counter-based form (Algorithm 3 style): point n of a dimension straight from its index digits.

// N = (m_d + n) mod B.
GPURNG_HD uint64_t index_of(const dim_info& di, uint64_t n) {
  if (di.period == 0) return di.start + n;
  uint64_t r;
  detail::divrem(n, di.period_div, &r);
  uint64_t s = di.start + r;  // both < B: subtract B once if the sum reached it (or wrapped past 2^64)
  if (s < di.start || s >= di.period) s -= di.period;
  return s;
}

// num = sum_k s(a_k) b^(K-1-k) by Horner over the digits from the least significant one.
GPURNG_HD uint64_t numerator_of(const dim_info& di, const uint16_t* perm, uint64_t N) {
  if (di.base == 2) return detail::bit_reverse(N);  // s = identity for base 2
  uint64_t num = 0;
  for (uint32_t k = 0; k < di.digits; ++k) {
    uint64_t a;
    N = detail::divrem(N, di.base_div, &a);
    num = num * di.base + perm[a];
  }
  return num;
}

// W = floor(num * 2^64 / B).
GPURNG_HD uint64_t word_of(const dim_info& di, uint64_t num) {
  return di.period == 0 ? num : detail::frac64(num, di.period_div);
}

// The raw word of point n of dimension d (0-based, d < v.count): the per-element evaluator.
GPURNG_HD uint64_t point_word(const view& v, unsigned d, uint64_t n) {
  const dim_info& di = v.dims[d];
  return word_of(di, numerator_of(di, v.perms + di.perm_offset, index_of(di, n)));
}

// Element e of a call (dims dimensions, points_per_dim = n / dims points each, dimension-major).
GPURNG_HD uint64_t element_word(const view& v, uint64_t point_offset, uint64_t points_per_dim, uint64_t e) {
  const uint64_t d = e / points_per_dim;
  return point_word(v, static_cast<unsigned>(d), point_offset + (e - d * points_per_dim));
}

// ---------------------------------------------------------------------------------------------------
// Recursive form (Algorithm 2 style): carry the index digits and the numerator; adding 1 to the index
// changes the carried digits (b-1 -> 0) and one more (a -> a+1), and num by s(new) - s(old) times each
// digit's weight. Unsigned arithmetic wraps, but every partial sum ends at the true num in [0, B).

struct cursor {
  uint64_t num;
  uint16_t digit[kMaxDigits];  // a_0 .. a_{K-1} of the index
};

GPURNG_HD void cursor_init(const dim_info& di, const uint16_t* perm, uint64_t N, cursor& c) {
  uint64_t num = 0;
  for (uint32_t k = 0; k < di.digits; ++k) {
    uint64_t a;
    if (di.base == 2) {
      a = N & 1u;
      N >>= 1;
    } else {
      N = detail::divrem(N, di.base_div, &a);
    }
    c.digit[k] = static_cast<uint16_t>(a);
    num = num * di.base + perm[a];
  }
  c.num = num;
}

// Index + 1 (mod B).
GPURNG_HD void cursor_next(const dim_info& di, const uint16_t* perm, cursor& c) {
  const uint32_t top = di.base - 1;
  uint64_t w = di.top_weight;
  uint32_t k = 0;
  for (; k < di.digits && c.digit[k] == top; ++k) {
    c.digit[k] = 0;
    c.num += w * static_cast<uint64_t>(perm[0]) - w * static_cast<uint64_t>(perm[top]);
    w /= di.base;
  }
  if (k < di.digits) {
    const uint32_t a = c.digit[k];
    c.digit[k] = static_cast<uint16_t>(a + 1);
    c.num += w * static_cast<uint64_t>(perm[a + 1]) - w * static_cast<uint64_t>(perm[a]);
  }
}

// ---------------------------------------------------------------------------------------------------
// Conversions of a raw word (see the top of the file)

GPURNG_HD uint32_t to_u32(uint64_t w) { return static_cast<uint32_t>(w >> 32); }
GPURNG_HD double to_double(uint64_t w) {
  return static_cast<double>(w >> 12) * 2.220446049250313080847e-16 + 1.110223024625156540424e-16;
}
GPURNG_HD float to_float(uint64_t w) {
  return static_cast<float>(static_cast<uint32_t>(w >> 41)) * 1.1920928955078125e-7f + 5.9604644775390625e-8f;
}
GPURNG_HD double to_normal_double(uint64_t w, double mean, double stddev) {
  return curand_out::scale(sobol::normal_double(w), mean, stddev);
}
GPURNG_HD float to_normal_float(uint64_t w, float mean, float stddev) {
  return curand_out::scale(sobol::normal_float(to_u32(w)), mean, stddev);
}

// Host-only from here (plain inline functions: nvcc's device pass parses them but compiles none).
// ---------------------------------------------------------------------------------------------------
// Host parameters

struct options {
  bool random_start = true;
  bool random_permutations = true;
};

// The first `count` primes (count <= kMaxDimensions).
inline std::vector<uint32_t> primes(unsigned count) {
  std::vector<uint32_t> p;
  for (uint32_t x = 2; p.size() < count; ++x) {
    bool prime = true;
    for (uint32_t q : p) {
      if (q * q > x) break;
      if (x % q == 0) {
        prime = false;
        break;
      }
    }
    if (prime) p.push_back(x);
  }
  return p;
}

inline divisor make_divisor(uint64_t d) {
  divisor dv{};
  dv.shift = static_cast<uint32_t>(__builtin_clzll(d));
  dv.d = d << dv.shift;
  const unsigned __int128 all = ~static_cast<unsigned __int128>(0);
  dv.v = static_cast<uint64_t>(all / dv.d - (static_cast<unsigned __int128>(1) << 64));
  return dv;
}

struct params {
  uint64_t seed = 0;
  options opt;
  std::vector<dim_info> dims;
  std::vector<uint16_t> perms;
  unsigned dimensions() const { return static_cast<unsigned>(dims.size()); }
  view get() const { return view{dims.data(), perms.data(), dimensions()}; }
};

// Dimensions 0..count-1 of the sequence of `seed` (count <= kMaxDimensions; a prefix of a larger build).
inline params make_params(uint64_t seed, unsigned count, options opt = {}) {
  params p;
  p.seed = seed;
  p.opt = opt;
  if (count > kMaxDimensions) count = kMaxDimensions;
  const std::vector<uint32_t> b = primes(count);
  p.dims.resize(count);
  size_t total = 0;
  for (uint32_t x : b) total += x;
  p.perms.resize(total);
  uint32_t offset = 0;
  for (unsigned d = 0; d < count; ++d) {
    dim_info& di = p.dims[d];
    di.base = b[d];
    di.perm_offset = offset;
    // K and B = b^K <= 2^64.
    unsigned __int128 B = 1;
    uint32_t K = 0;
    while (B * di.base <= (static_cast<unsigned __int128>(1) << 64)) {
      B *= di.base;
      ++K;
    }
    di.digits = K;
    di.period = static_cast<uint64_t>(B);  // 2^64 -> 0
    di.top_weight = static_cast<uint64_t>(B / di.base);
    di.base_div = make_divisor(di.base);
    if (di.period != 0) di.period_div = make_divisor(di.period);
    uint64_t x = mix64(seed ^ mix64(kSeedTag + d));
    const uint64_t m = bounded(x, di.period);
    di.start = opt.random_start ? m : 0;
    uint16_t* s = &p.perms[offset];
    for (uint32_t i = 0; i < di.base; ++i) s[i] = static_cast<uint16_t>(i);
    for (uint32_t i = di.base - 1; i >= 2; --i) {
      const uint32_t j = 1 + static_cast<uint32_t>(bounded(x, i));
      if (opt.random_permutations) {
        const uint16_t t = s[i];
        s[i] = s[j];
        s[j] = t;
      }
    }
    offset += di.base;
  }
  return p;
}

// ---------------------------------------------------------------------------------------------------
// Host fills (CPU lanes): elements [first, first + count) of one call (dims dimensions, n values, n a
// multiple of dims, at point_offset) into out[0 .. count). Each run of one dimension starts with the
// counter-based form and continues with the recursive one. Returns false for bad arguments.

template <typename Out, typename Convert>
bool fill_range_with(const view& v, unsigned dims, uint64_t point_offset, size_t n, size_t first, size_t count,
                     Out* out, Convert convert) {
  if (dims == 0 || dims > v.count || n % dims != 0 || first > n || count > n - first) return false;
  if (count == 0) return true;
  const uint64_t P = n / dims;
  size_t e = first;
  const size_t end = first + count;
  cursor c;
  while (e < end) {
    const unsigned d = static_cast<unsigned>(e / P);
    const uint64_t j = e - d * P;
    const size_t run_end = (d + 1) * P < end ? static_cast<size_t>((d + 1) * P) : end;
    const dim_info& di = v.dims[d];
    const uint16_t* perm = v.perms + di.perm_offset;
    uint64_t point = point_offset + j;
    cursor_init(di, perm, index_of(di, point), c);
    out[e - first] = convert(word_of(di, c.num));
    for (++e; e < run_end; ++e) {
      if (++point == 0)  // the point counter wraps at 2^64, the index at B: start afresh
        cursor_init(di, perm, index_of(di, 0), c);
      else
        cursor_next(di, perm, c);
      out[e - first] = convert(word_of(di, c.num));
    }
  }
  return true;
}

// One whole call (fill) or a part of it (fill_range), by output type: uint64_t raw words, uint32_t top
// halves, float and double uniforms; fill_normal for the normals.
inline bool fill_range(const view& v, unsigned dims, uint64_t point_offset, size_t n, size_t first, size_t count,
                       uint64_t* out) {
  return fill_range_with(v, dims, point_offset, n, first, count, out, [](uint64_t w) { return w; });
}
inline bool fill_range(const view& v, unsigned dims, uint64_t point_offset, size_t n, size_t first, size_t count,
                       uint32_t* out) {
  return fill_range_with(v, dims, point_offset, n, first, count, out, [](uint64_t w) { return to_u32(w); });
}
inline bool fill_range(const view& v, unsigned dims, uint64_t point_offset, size_t n, size_t first, size_t count,
                       float* out) {
  return fill_range_with(v, dims, point_offset, n, first, count, out, [](uint64_t w) { return to_float(w); });
}
inline bool fill_range(const view& v, unsigned dims, uint64_t point_offset, size_t n, size_t first, size_t count,
                       double* out) {
  return fill_range_with(v, dims, point_offset, n, first, count, out, [](uint64_t w) { return to_double(w); });
}
inline bool fill_normal_range(const view& v, unsigned dims, uint64_t point_offset, size_t n, size_t first, size_t count,
                              float* out, float mean, float stddev) {
  return fill_range_with(v, dims, point_offset, n, first, count, out,
                         [=](uint64_t w) { return to_normal_float(w, mean, stddev); });
}
inline bool fill_normal_range(const view& v, unsigned dims, uint64_t point_offset, size_t n, size_t first, size_t count,
                              double* out, double mean, double stddev) {
  return fill_range_with(v, dims, point_offset, n, first, count, out,
                         [=](uint64_t w) { return to_normal_double(w, mean, stddev); });
}
template <typename T>
bool fill(const view& v, unsigned dims, uint64_t point_offset, size_t n, T* out) {
  return fill_range(v, dims, point_offset, n, 0, n, out);
}
template <typename T>
bool fill_normal(const view& v, unsigned dims, uint64_t point_offset, size_t n, T* out, T mean, T stddev) {
  return fill_normal_range(v, dims, point_offset, n, 0, n, out, mean, stddev);
}

}  // namespace halton_rasrap
}  // namespace gpurng
