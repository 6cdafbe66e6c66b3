// SPDX-License-Identifier: BSD-3-Clause
// cuRAND's Sobol' quasi-random generators, bit for bit: SOBOL32, SCRAMBLED_SOBOL32, SOBOL64 and
// SCRAMBLED_SOBOL64 for dimensions 1..20000 (../shared/reference/curand.md §1.1, §2.1, §2.2, §2.4).
//
// Points. Point i of a dimension with direction numbers v_0..v_{B-1} (B = 32 or 64) is
//   x_i = c XOR (XOR of v_k over the set bits k of gray(i mod 2^B)),   gray(j) = j ^ (j >> 1),
// Antonov and Saleev's Gray-code order, with c = 0 for the plain sets and the dimension's scramble
// constant for the scrambled ones. Point 0 is c. The index wraps at 2^B: cuRAND's Sobol32 repeats after
// 2^32 points (an offset of 2^32 gives point 0 again), so gray is taken of i mod 2^B, not of i.
// Consecutive points differ in one direction number: x_{i+1} = x_i ^ v_{ctz(i+1)} (v_{B-1} when i+1
// wraps to 0), which is the fill loop; point() evaluates any i directly in at most B steps.
//
// Tables (built once from sobol_tables.cpp, which tools/sobol/make_sobol_tables.py generates):
//  * plain sets: Joe & Kuo's new-joe-kuo-6.21201 direction numbers, dimension 1 = 2^(B-1), 2^(B-2), ...,
//    rebuilt from the stored (degree s, polynomial a, m_1..m_s) by Joe & Kuo's recurrence. The 64-bit
//    numbers follow from the same (s, a, m) as the 32-bit ones; the 32-bit numbers are their top halves.
//  * scrambled sets: cuRAND drew them from its own XORWOW generator with seed 0 in host ordering. With
//    x_n that generator's n-th 32-bit output, dimension d (0-based) has 64 words
//      W_j = x_{1+128d+2j} | x_{2+128d+2j} << 32          (j = 0..63; x_0 is not used),
//    its scrambled direction numbers are L_d v_k, where L_d is the lower-triangular bit matrix whose row
//    for output bit 63-j is the top j bits of W_j plus the diagonal (every output bit mixes in only more
//    significant input bits: Matousek's linear scramble), and its constant is
//      c_d = x_{2560001+2d} | x_{2560002+2d} << 32.
//    The 32-bit scrambled numbers and constants are the top halves of the 64-bit ones. The generator
//    checked this on all 20000 dimensions against curandGetDirectionVectors64/curandGetScrambleConstants64
//    (tools/sobol/README.md), so nothing of the scrambled sets is stored.
//
// Output layout of the host API (curand.md §2.2): a call for n values with D dimensions writes n/D points
// of dimension 1, then n/D points of dimension 2, ...; n must be a multiple of D; the position counts
// points (curandSetGeneratorOffset), and a call moves it on by n/D. Several calls therefore give the same
// points as one long call, in a different memory layout. fill() reproduces one call; the caller keeps the
// position.
//
// One quirk, measured on cuRAND 10.4's host generator: SCRAMBLED_SOBOL64 starts every call at point
// (position mod 2^32) and counts on from there with 64-bit indices, so a call at position 2^33 - 2 gives
// points 2^32 - 2, 2^32 - 1, 2^32, ...; plain SOBOL64 uses the whole position. call_start() encodes it.
#pragma once

#include <math.h>
#include <stddef.h>
#include <stdint.h>

#include <type_traits>

#include "../common/hd.hpp"
#include "curand_outputs.hpp"
#include "portable_math.hpp"
#include "sobol_tables.hpp"
#include "xorwow.hpp"

#if !defined(__CUDA_ARCH__)
#include <vector>
#endif

namespace gpurng {
namespace sobol {

constexpr unsigned kMaxDimensions = tables::kDimensions;  // 20000, as cuRAND

// The four generators, numbered as curandRngType_t numbers them.
enum class Kind : int { sobol32 = 201, scrambled_sobol32 = 202, sobol64 = 203, scrambled_sobol64 = 204 };
GPURNG_HD bool is_64bit(Kind k) { return k == Kind::sobol64 || k == Kind::scrambled_sobol64; }
GPURNG_HD bool is_scrambled(Kind k) { return k == Kind::scrambled_sobol32 || k == Kind::scrambled_sobol64; }

// The index of the first point a call at `position` produces (see the quirk above); the call's points are
// then call_start, call_start + 1, ... (each wrapped at 2^B by point()).
GPURNG_HD uint64_t call_start(Kind k, uint64_t position) {
  return k == Kind::scrambled_sobol64 ? (position & 0xFFFFFFFFull) : position;
}

namespace detail {

// Index of the lowest set bit; x != 0.
GPURNG_HD int lowest_bit(uint64_t x) {
#if defined(__CUDA_ARCH__)
  return __ffsll(static_cast<long long>(x)) - 1;
#elif defined(__GNUC__) || defined(__clang__)
  return __builtin_ctzll(x);
#else
  int k = 0;
  while (!(x & 1u)) {
    x >>= 1;
    ++k;
  }
  return k;
#endif
}

// Inverse complementary error function for q in (0, 1]: pmath::erfcinv (portable_math.hpp), written with
// IEEE operations only, so it gives the same bits on every backend; within 2 ulp of the true value
// (87 % correctly rounded on a sample, tests/unit/test_portable_math.cpp). erfcinv(1) is +0, so the point
// at p = 1/2 gives -0 or +0 by its sign factor; cuRAND's outputs are z * stddev + mean, which turns
// either into +0 for mean 0, and the fills do the same.
GPURNG_HD double erfcinv(double q) { return pmath::erfcinv(q); }

}  // namespace detail

// ---------------------------------------------------------------------------------------------------
// Points

// Point i of one dimension: v = its B direction numbers, c = its constant (0 unless scrambled).
template <typename W>
GPURNG_HD W point(const W* v, W c, uint64_t i) {
  const W j = static_cast<W>(i);  // the index wraps at 2^B
  W g = static_cast<W>(j ^ (j >> 1));
  W x = c;
  for (int k = 0; g != 0; ++k, g >>= 1)
    if (g & 1u) x ^= v[k];
  return x;
}

// Point i+1 from x = point i.
template <typename W>
GPURNG_HD W next_point(const W* v, W x, uint64_t i) {
  const W j = static_cast<W>(i + 1);
  return x ^ v[j == 0 ? 8 * sizeof(W) - 1 : detail::lowest_bit(j)];
}

// ---------------------------------------------------------------------------------------------------
// Outputs (curand.md §2.4). The 64-bit generators' float outputs use the top 32 bits.

namespace detail {

// (0, 1]: x * 2^-32 + 2^-33 in float (the product is exact, the sum rounds once).
GPURNG_HD float uniform_float32(uint32_t x) { return static_cast<float>(x) * 2.3283064e-10f + 2.3283064e-10f / 2.0f; }
// Sobol32: x * 2^-32 + 2^-32 (exact). Sobol64: (x >> 11) * 2^-53 + 2^-54 (one rounding).
GPURNG_HD double uniform_double32(uint32_t x) {
  return static_cast<double>(x) * 2.3283064365386963e-10 + 2.3283064365386963e-10;
}
GPURNG_HD double uniform_double64(uint64_t x) {
  return static_cast<double>(x >> 11) * 1.1102230246251565e-16 + 1.1102230246251565e-16 / 2.0;
}

// Standard normal by the inverse CDF, as cuRAND: mirror the upper half onto the lower (x > 2^31 becomes
// 2^32-1-x with the sign flipped) so p = x * 2^-32 + 2^-33 lies in (0, 1/2], then -sqrt(2) erfcinv(2p).
// The float version forms p in float (x is rounded to float first) and rounds erfcinv to float before
// the sign factor, as cuRAND's float path does; it equals cuRAND wherever erfcinv is within a fraction
// of a float ulp of the true value, i.e. for all but a handful of the 2^32 inputs (tests/sobol_parity,
// README there). The double versions match cuRAND to a few double ulp: cuRAND's own erfcinv is a
// rational approximation with errors of up to ~7 ulp, this one is within 2 ulp of the true value. Both
// are identical on every backend.
GPURNG_HD float normal_float32(uint32_t x) {
  float s = -1.4142135f;
  if (x > 0x80000000u) {
    x = 0xFFFFFFFFu - x;
    s = -s;
  }
  const float p = static_cast<float>(x) * 2.3283064e-10f + 2.3283064e-10f / 2.0f;
  return s * static_cast<float>(erfcinv(static_cast<double>(2.0f * p)));
}
GPURNG_HD double normal_double32(uint32_t x) {
  double s = -1.4142135623730951;
  if (x > 0x80000000u) {
    x = 0xFFFFFFFFu - x;
    s = -s;
  }
  const double p = static_cast<double>(x) * 2.3283064365386963e-10 + 2.3283064365386963e-10 / 2.0;
  return s * erfcinv(2.0 * p);
}
// 53 bits: t = x >> 11, mirrored about 2^52, p = t * 2^-53 + 2^-54.
GPURNG_HD double normal_double64(uint64_t x) {
  uint64_t t = x >> 11;
  double s = -1.4142135623730951;
  if (t > 0x10000000000000ull) {
    t = 0x1FFFFFFFFFFFFFull - t;
    s = -s;
  }
  const double p = static_cast<double>(t) * 1.1102230246251565e-16 + 1.1102230246251565e-16 / 2.0;
  return s * erfcinv(2.0 * p);
}

template <typename W>
constexpr bool is_sobol_word = std::is_integral<W>::value&& std::is_unsigned<W>::value &&
                               (sizeof(W) == 4 || sizeof(W) == 8);

}  // namespace detail

// Conversions of one point (W: any unsigned 32- or 64-bit type, e.g. unsigned long long as cuRAND spells
// it). The 64-bit generators' float outputs use the top 32 bits.
template <typename W>
GPURNG_HD float uniform_float(W x) {
  static_assert(detail::is_sobol_word<W>, "a 32- or 64-bit unsigned Sobol' word");
  if constexpr (sizeof(W) == 8)
    return detail::uniform_float32(static_cast<uint32_t>(static_cast<uint64_t>(x) >> 32));
  else
    return detail::uniform_float32(static_cast<uint32_t>(x));
}
template <typename W>
GPURNG_HD double uniform_double(W x) {
  static_assert(detail::is_sobol_word<W>, "a 32- or 64-bit unsigned Sobol' word");
  if constexpr (sizeof(W) == 8)
    return detail::uniform_double64(static_cast<uint64_t>(x));
  else
    return detail::uniform_double32(static_cast<uint32_t>(x));
}
template <typename W>
GPURNG_HD float normal_float(W x) {
  static_assert(detail::is_sobol_word<W>, "a 32- or 64-bit unsigned Sobol' word");
  if constexpr (sizeof(W) == 8)
    return detail::normal_float32(static_cast<uint32_t>(static_cast<uint64_t>(x) >> 32));
  else
    return detail::normal_float32(static_cast<uint32_t>(x));
}
template <typename W>
GPURNG_HD double normal_double(W x) {
  static_assert(detail::is_sobol_word<W>, "a 32- or 64-bit unsigned Sobol' word");
  if constexpr (sizeof(W) == 8)
    return detail::normal_double64(static_cast<uint64_t>(x));
  else
    return detail::normal_double32(static_cast<uint32_t>(x));
}

#if !defined(__CUDA_ARCH__)
// ---------------------------------------------------------------------------------------------------
// Host tables

// Direction numbers of one set for dimensions 1..dimensions(): vectors holds B words per dimension,
// dimension-major (the layout of curandGetDirectionVectors32/64), constants one word per dimension
// (curandGetScrambleConstants32/64 for the scrambled sets, zeros otherwise).
template <typename W>
struct direction_table {
  static constexpr int kBits = 8 * sizeof(W);
  Kind kind = sizeof(W) == 8 ? Kind::sobol64 : Kind::sobol32;
  std::vector<W> vectors;
  std::vector<W> constants;
  unsigned dimensions() const { return static_cast<unsigned>(constants.size()); }
  const W* vectors_of(unsigned d) const { return vectors.data() + static_cast<size_t>(d) * kBits; }  // 0-based
};
using table32 = direction_table<uint32_t>;
using table64 = direction_table<uint64_t>;

// One dimension's Joe-Kuo data: degree s, the polynomial x^s + a_1 x^{s-1} + ... + a_{s-1} x + 1 with
// a = a_1..a_{s-1} read as a binary number (a_1 most significant), and m_1..m_s. Dimension 1 has s = 0.
struct joe_kuo_entry {
  unsigned s = 0;
  uint32_t a = 0;
  uint32_t m[tables::kMaxDegree] = {};
};

namespace detail {

// Most-significant-first reader over the decoded base64 data.
class bit_reader {
 public:
  explicit bit_reader(const std::vector<uint8_t>& bytes) : bytes_(bytes) {}
  unsigned bit() {
    const unsigned b = (bytes_[pos_ >> 3] >> (7 - (pos_ & 7))) & 1u;
    ++pos_;
    return b;
  }
  uint32_t bits(unsigned n) {
    uint32_t v = 0;
    for (unsigned i = 0; i < n; ++i) v = (v << 1) | bit();
    return v;
  }
  uint32_t gamma() {  // Elias gamma: z zeros, then z+1 bits of the value
    unsigned z = 0;
    while (bit() == 0) ++z;
    return (uint32_t{1} << z) | bits(z);
  }
  size_t position() const { return pos_; }

 private:
  const std::vector<uint8_t>& bytes_;
  size_t pos_ = 0;
};

inline std::vector<uint8_t> decode_base64() {
  auto value = [](char ch) -> int {
    if (ch >= 'A' && ch <= 'Z') return ch - 'A';
    if (ch >= 'a' && ch <= 'z') return ch - 'a' + 26;
    if (ch >= '0' && ch <= '9') return ch - '0' + 52;
    if (ch == '+') return 62;
    if (ch == '/') return 63;
    return -1;  // '=' padding
  };
  std::vector<uint8_t> out;
  out.reserve(tables::kPackedBytes);
  uint32_t acc = 0;
  int n = 0;
  for (unsigned line = 0; line < tables::kBase64Lines; ++line) {
    for (const char* c = tables::kPackedBase64[line]; *c; ++c) {
      const int v = value(*c);
      if (v < 0) continue;
      acc = (acc << 6) | static_cast<uint32_t>(v);
      n += 6;
      if (n >= 8) {
        n -= 8;
        out.push_back(static_cast<uint8_t>(acc >> n));
        acc &= (1u << n) - 1u;
      }
    }
  }
  out.resize(tables::kPackedBytes);
  return out;
}

// Joe & Kuo's recurrence, in W-bit words: v_k = m_{k+1} 2^(B-1-k) for k < s, then
//   v_k = v_{k-s} ^ (v_{k-s} >> s) ^ XOR_{j=1}^{s-1} a_j v_{k-j}.
// Dimension 1 (s = 0) is v_k = 2^(B-1-k).
template <typename W>
void direction_numbers(const joe_kuo_entry& e, W* v) {
  constexpr int B = 8 * sizeof(W);
  for (int k = 0; k < B; ++k) {
    if (e.s == 0) {
      v[k] = W{1} << (B - 1 - k);
    } else if (k < static_cast<int>(e.s)) {
      v[k] = static_cast<W>(W{e.m[k]} << (B - 1 - k));
    } else {
      const int s = static_cast<int>(e.s);
      W x = v[k - s] ^ (v[k - s] >> s);
      for (int j = 1; j < s; ++j)
        if ((e.a >> (s - 1 - j)) & 1u) x ^= v[k - j];
      v[k] = x;
    }
  }
}

// cuRAND's XORWOW with seed 0 and host ordering (curand.md §2.2: output n is step n / 4096 of
// subsequence n mod 4096): the source of the scrambled sets. Outputs 0..count-1.
inline std::vector<uint32_t> xorwow_seed0_outputs(size_t count) {
  constexpr int kThreads = 4096;
  std::vector<xorwow::state> lanes(kThreads);
  for (int t = 0; t < kThreads; ++t) lanes[t] = xorwow::init(0, static_cast<uint64_t>(t), 0);
  std::vector<uint32_t> out(count);
  for (size_t n = 0; n < count; ++n) out[n] = xorwow::next(lanes[n % kThreads]);
  return out;
}

// In-place transpose of a 64x64 bit matrix: afterwards m[i] bit j is what m[j] bit i was. Six rounds
// of block swaps (32x32 blocks, then 16x16, ...).
inline void transpose64(uint64_t m[64]) {
  uint64_t mask = 0x00000000FFFFFFFFull;
  for (int j = 32; j != 0; j >>= 1, mask ^= mask << j) {
    for (int k = 0; k < 64; k = ((k | j) + 1) & ~j) {
      const uint64_t t = ((m[k] >> j) ^ m[k | j]) & mask;
      m[k] ^= t << j;
      m[k | j] ^= t;
    }
  }
}

}  // namespace detail

// Joe-Kuo data of dimensions 1..20000 decoded from sobol_tables.cpp.
inline std::vector<joe_kuo_entry> joe_kuo_entries() {
  const std::vector<uint8_t> bytes = detail::decode_base64();
  detail::bit_reader in(bytes);
  std::vector<joe_kuo_entry> out;
  out.reserve(kMaxDimensions);
  for (unsigned s = 0; s <= tables::kMaxDegree; ++s) {
    int64_t a = -1;
    for (unsigned i = 0; i < tables::kDimensionsOfDegree[s]; ++i) {
      joe_kuo_entry e;
      e.s = s;
      if (s > 0) {
        a += in.gamma();
        e.a = static_cast<uint32_t>(a);
        e.m[0] = 1;
        for (unsigned k = 1; k < s; ++k) e.m[k] = (in.bits(k) << 1) | 1u;
      }
      out.push_back(e);
    }
  }
  return out;
}

// The plain (Joe-Kuo) set in W-bit words.
template <typename W>
direction_table<W> build_plain_table() {
  direction_table<W> t;  // kind: the plain set of this width
  const std::vector<joe_kuo_entry> jk = joe_kuo_entries();
  t.vectors.resize(jk.size() * direction_table<W>::kBits);
  t.constants.assign(jk.size(), 0);
  for (size_t d = 0; d < jk.size(); ++d) detail::direction_numbers<W>(jk[d], &t.vectors[d * direction_table<W>::kBits]);
  return t;
}

// cuRAND's scrambled 64-bit set (see the top of this file): about 0.1 s.
inline table64 build_scrambled_table64() {
  table64 t = build_plain_table<uint64_t>();
  t.kind = Kind::scrambled_sobol64;
  const unsigned D = t.dimensions();
  const std::vector<uint32_t> x = detail::xorwow_seed0_outputs(1 + 128 * size_t{D} + 2 * size_t{D});
  for (unsigned d = 0; d < D; ++d) {
    // Row of output bit r: the bits of W_{63-r} above r, and bit r.
    uint64_t m[64];
    for (int r = 0; r < 64; ++r) {
      const size_t n = 1 + 128 * size_t{d} + 2 * size_t(63 - r);
      const uint64_t w = uint64_t{x[n]} | (uint64_t{x[n + 1]} << 32);
      m[r] = (w & ~((uint64_t{2} << r) - 1)) | (uint64_t{1} << r);
    }
    detail::transpose64(m);  // now m[c] = the output bits that input bit c feeds
    uint64_t* v = &t.vectors[size_t{d} * 64];
    for (int k = 0; k < 64; ++k) {
      uint64_t y = 0;
      for (uint64_t b = v[k]; b != 0; b &= b - 1) y ^= m[detail::lowest_bit(b)];
      v[k] = y;
    }
    const size_t n = 1 + 128 * size_t{D} + 2 * size_t{d};
    t.constants[d] = uint64_t{x[n]} | (uint64_t{x[n + 1]} << 32);
  }
  return t;
}

// The top halves of a 64-bit set: cuRAND's 32-bit numbers are v64_k >> 32 for k < 32, its constants
// c64 >> 32 (true of both the plain and the scrambled sets).
inline table32 narrow(const table64& t64) {
  table32 t;
  t.kind = is_scrambled(t64.kind) ? Kind::scrambled_sobol32 : Kind::sobol32;
  const unsigned D = t64.dimensions();
  t.vectors.resize(size_t{D} * 32);
  t.constants.resize(D);
  for (unsigned d = 0; d < D; ++d) {
    for (int k = 0; k < 32; ++k)
      t.vectors[size_t{d} * 32 + k] = static_cast<uint32_t>(t64.vectors[size_t{d} * 64 + k] >> 32);
    t.constants[d] = static_cast<uint32_t>(t64.constants[d] >> 32);
  }
  return t;
}

inline table32 build_table32(bool scrambled) {
  return scrambled ? narrow(build_scrambled_table64()) : build_plain_table<uint32_t>();
}
inline table64 build_table64(bool scrambled) {
  return scrambled ? build_scrambled_table64() : build_plain_table<uint64_t>();
}

// Built on first use (thread-safe), then shared for the life of the process: 2.6 MB per 32-bit set,
// 10.2 MB per 64-bit set.
inline const table32& shared_table32(bool scrambled) {
  if (!scrambled) {
    static const table32 plain = build_table32(false);
    return plain;
  }
  static const table32 scr = build_table32(true);
  return scr;
}
inline const table64& shared_table64(bool scrambled) {
  if (!scrambled) {
    static const table64 plain = build_table64(false);
    return plain;
  }
  static const table64 scr = build_table64(true);
  return scr;
}

// ---------------------------------------------------------------------------------------------------
// Host fills: one curandGenerate* call of a quasi-random host generator of kind t.kind with `dims`
// dimensions (curandSetQuasiRandomGeneratorDimensions) positioned at point `point_offset`
// (curandSetGeneratorOffset plus the points earlier calls used): n/dims points of each dimension,
// dimension-major. Afterwards the generator stands at point_offset + n/dims. Return false, writing
// nothing, unless 1 <= dims <= t.dimensions() and n is a multiple of dims (cuRAND: OUT_OF_RANGE,
// LENGTH_NOT_MULTIPLE).

template <typename W, typename Out, typename Convert>
bool fill_with(const direction_table<W>& t, unsigned dims, uint64_t point_offset, size_t n, Out* out, Convert convert) {
  if (dims == 0 || dims > t.dimensions() || n % dims != 0) return false;
  const size_t per = n / dims;
  if (per == 0) return true;
  const uint64_t start = call_start(t.kind, point_offset);
  for (unsigned d = 0; d < dims; ++d) {
    const W* v = t.vectors_of(d);
    Out* o = out + size_t{d} * per;
    W x = point(v, t.constants[d], start);
    o[0] = convert(x);
    uint64_t i = start;
    for (size_t j = 1; j < per; ++j, ++i) {
      x = next_point(v, x, i);
      o[j] = convert(x);
    }
  }
  return true;
}

// Integers: curandGenerate (32-bit sets), curandGenerateLongLong (64-bit sets).
template <typename W>
bool fill(const direction_table<W>& t, unsigned dims, uint64_t point_offset, size_t n, W* out) {
  return fill_with(t, dims, point_offset, n, out, [](W x) { return x; });
}
// curandGenerateUniform / curandGenerateUniformDouble.
template <typename W>
bool fill(const direction_table<W>& t, unsigned dims, uint64_t point_offset, size_t n, float* out) {
  return fill_with(t, dims, point_offset, n, out, [](W x) { return uniform_float(x); });
}
template <typename W>
bool fill(const direction_table<W>& t, unsigned dims, uint64_t point_offset, size_t n, double* out) {
  return fill_with(t, dims, point_offset, n, out, [](W x) { return uniform_double(x); });
}
// curandGenerateNormal / curandGenerateNormalDouble: z * stddev + mean, two roundings.
template <typename W>
bool fill_normal(const direction_table<W>& t, unsigned dims, uint64_t point_offset, size_t n, float* out, float mean,
                 float stddev) {
  return fill_with(t, dims, point_offset, n, out,
                   [=](W x) { return curand_out::mul_rn(normal_float(x), stddev) + mean; });
}
template <typename W>
bool fill_normal(const direction_table<W>& t, unsigned dims, uint64_t point_offset, size_t n, double* out, double mean,
                 double stddev) {
  return fill_with(t, dims, point_offset, n, out,
                   [=](W x) { return curand_out::mul_rn(normal_double(x), stddev) + mean; });
}
// curandGenerateLogNormal / curandGenerateLogNormalDouble: expf / exp of the normal (pmath's, identical on
// every backend; cuRAND's host calls glibc's, which pmath's equal almost always).
template <typename W>
bool fill_log_normal(const direction_table<W>& t, unsigned dims, uint64_t point_offset, size_t n, float* out,
                     float mean, float stddev) {
  return fill_with(t, dims, point_offset, n, out,
                   [=](W x) { return pmath::expf(curand_out::mul_rn(normal_float(x), stddev) + mean); });
}
template <typename W>
bool fill_log_normal(const direction_table<W>& t, unsigned dims, uint64_t point_offset, size_t n, double* out,
                     double mean, double stddev) {
  return fill_with(t, dims, point_offset, n, out,
                   [=](W x) { return pmath::exp(curand_out::mul_rn(normal_double(x), stddev) + mean); });
}
#endif  // !__CUDA_ARCH__

}  // namespace sobol
}  // namespace gpurng
