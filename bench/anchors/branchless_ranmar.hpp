// SPDX-License-Identifier: BSD-3-Clause
//
// Benchmark anchor: a careful single-threaded integer RANMAR (docs/ALGORITHMS.md; F. James,
// Comput. Phys. Commun. 60 (1990) 329), the best a plain scalar loop does without threads, SIMD
// or jump-ahead.
//
//  - The table holds integers: the 48-bit table in uint64_t, the 24-bit one in uint32_t.
//    "UNI = U(I97) - U(J97); if negative add 1" becomes a subtraction masked to B bits.
//  - The carry is c in 0..16777212 (C * 2^24): c -= 7654321, then 16777213 is added through a
//    mask that is all ones exactly when c went negative.  No branch.  The 48-bit generator keeps
//    it pre-scaled as c * 2^24 in an int64_t, the form in which it is subtracted from the table
//    value, which saves a widening shift per number (5-10 % with g++ 12 -O2/-O3).
//  - I97 and J97 (1-based, 97 and 33 at the start, both decremented each step, 0 wraps to 97)
//    never wrap inside the inner loop: fill() runs segments of min(I97, J97) steps, in which
//    neither index reaches 0, and wraps between segments (at most 3 segments per 97 steps).
//  - Output, 48-bit: raw r = (x - c*2^24) mod 2^48, the double r*2^-48 is exact, and an exact 0
//    becomes 2^-48 (the RMMARD value) through max(r*2^-48, 2^-48), one maxsd: every nonzero r
//    gives at least 2^-48, so the max changes nothing else.
//    24-bit: r = (x - c) mod 2^24, float r*2^-24; an exact 0 (about once in 2^24 numbers)
//    becomes 2^-24*U(2) of the table after this step, else 2^-48 (CERNLIB V113 RANMAR,
//    docs/ALGORITHMS.md), i.e. the integer U(2) (or 1) times 2^-48, exact in float.
//
// Note on the carry: whether c wraps follows a Beatty sequence (rate 7654321/16777213), which
// modern branch predictors learn, so a *branch* on the carry (which g++ -O3 emits for a plain
// `t < 0 ? t + CM : t` on int64_t) measured about 25 % faster than this mask on a KVM Xeon with
// g++ 12 -O3 (1.2 vs 1.6 ns/number), and no faster at -O2.  The mask is kept so that the anchor
// does not depend on the predictor or on the compiler's choice; keep this in mind when reading
// "vs_branchless" ratios.
//
// All arithmetic is on integers and the final scaling is by a power of two, so the output is
// bit-identical to the floating-point Fortran whatever the compiler flags.
#pragma once

#include <cstddef>
#include <cstdint>

namespace gpurng_bench {

namespace branchless_detail {

constexpr std::int32_t kCarryDecrement = 7654321;  // CD * 2^24
constexpr std::int32_t kCarryModulus = 16777213;   // CM * 2^24
constexpr std::int32_t kCarryStart = 362436;       // CINT * 2^24

// One carry step: c = (c - CD) mod CM, with c in 0..CM-1 (Int = int32_t), or the same scaled
// by 2^24 (Int = int64_t, decrement and modulus passed scaled).
template <typename Int>
inline Int carry_step(Int c, Int decrement, Int modulus) {
  c -= decrement;
  const Int negative_mask = -static_cast<Int>(c < 0);
  return c + (modulus & negative_mask);
}

// CERNLIB's seed split and table fill (James 1990) as integers: slot II gets `bits` bits, MSB first.
template <typename Word>
inline void fill_table(int ijkl, int bits, Word* u /* u[1..97] */) {
  const int ij = ijkl / 30082;
  const int kl = ijkl - 30082 * ij;
  int i = (ij / 177) % 177 + 2;
  int j = ij % 177 + 2;
  int k = (kl / 169) % 178 + 1;
  int l = kl % 169;
  for (int ii = 1; ii <= 97; ++ii) {
    Word s = 0;
    for (int jj = 0; jj < bits; ++jj) {
      const int m = (((i * j) % 179) * k) % 179;
      i = j;
      j = k;
      k = m;
      l = (53 * l + 1) % 169;
      s = static_cast<Word>((s << 1) | static_cast<Word>((l * m) % 64 >= 32));
    }
    u[ii] = s;
  }
  u[0] = 0;  // unused: the table is 1-based
}

inline int min_int(int a, int b) { return a < b ? a : b; }

}  // namespace branchless_detail

/// 48-bit table, 24-bit carry: CORSIKA RMMARD / CERNLIB RM48 stream, RMMARD's zero policy.
class BranchlessRanmar48 {
 public:
  static constexpr std::uint64_t kMask = (std::uint64_t{1} << 48) - 1;

  explicit BranchlessRanmar48(int ijkl = 54217137) {
    branchless_detail::fill_table<std::uint64_t>(ijkl, 48, u_);
    i97_ = 97;
    j97_ = 33;
    c_ = std::int64_t{branchless_detail::kCarryStart} << 24;
  }

  /// n doubles r*2^-48 in (0,1), exact 0 -> 2^-48.
  void fill(double* out, std::size_t n) {
    std::uint64_t* const u = u_;
    int i = i97_;
    int j = j97_;
    std::int64_t c = c_;  // carry * 2^24
    constexpr std::int64_t kDecrement = std::int64_t{branchless_detail::kCarryDecrement} << 24;
    constexpr std::int64_t kModulus = std::int64_t{branchless_detail::kCarryModulus} << 24;
    while (n > 0) {
      const int run_len =
          branchless_detail::min_int(branchless_detail::min_int(i, j), n < 97 ? static_cast<int>(n) : 97);
      for (int s = 0; s < run_len; ++s) {
        const std::uint64_t x = (u[i - s] - u[j - s]) & kMask;
        u[i - s] = x;
        c = branchless_detail::carry_step(c, kDecrement, kModulus);
        const std::uint64_t r = (x - static_cast<std::uint64_t>(c)) & kMask;
        // r < 2^48: the signed conversion is exact and a single instruction.
        const double v = static_cast<double>(static_cast<std::int64_t>(r)) * 0x1p-48;
        out[s] = v < 0x1p-48 ? 0x1p-48 : v;  // exact 0 -> 2^-48 (maxsd)
      }
      i -= run_len;
      j -= run_len;
      if (i == 0) i = 97;
      if (j == 0) j = 97;
      out += run_len;
      n -= static_cast<std::size_t>(run_len);
    }
    i97_ = i;
    j97_ = j;
    c_ = c;
  }

 private:
  std::uint64_t u_[98];  // U(1..97) * 2^48; index 0 unused
  int i97_;
  int j97_;
  std::int64_t c_;  // C * 2^48 = carry * 2^24
};

/// 24-bit table, 24-bit carry: CERNLIB V113 RANMAR stream and zero policy.
class BranchlessRanmar24 {
 public:
  static constexpr std::uint32_t kMask = (std::uint32_t{1} << 24) - 1;

  explicit BranchlessRanmar24(int ijkl = 54217137) {
    branchless_detail::fill_table<std::uint32_t>(ijkl, 24, u_);
    i97_ = 97;
    j97_ = 33;
    c_ = branchless_detail::kCarryStart;
  }

  /// n floats r*2^-24 in (0,1), exact 0 -> 2^-24*U(2), else 2^-48.
  void fill(float* out, std::size_t n) {
    std::uint32_t* const u = u_;
    int i = i97_;
    int j = j97_;
    std::int32_t c = c_;
    while (n > 0) {
      const int run_len =
          branchless_detail::min_int(branchless_detail::min_int(i, j), n < 97 ? static_cast<int>(n) : 97);
      for (int s = 0; s < run_len; ++s) {
        const std::uint32_t x = (u[i - s] - u[j - s]) & kMask;
        u[i - s] = x;
        c = branchless_detail::carry_step(c, branchless_detail::kCarryDecrement, branchless_detail::kCarryModulus);
        const std::uint32_t r = (x - static_cast<std::uint32_t>(c)) & kMask;
        float v;
        if (r != 0) {
          v = static_cast<float>(static_cast<std::int32_t>(r)) * 0x1p-24f;
        } else {
          // About once in 2^24 numbers.  U(2) as it is after this step's store.
          const std::uint32_t u2 = u[2];
          v = static_cast<float>(static_cast<std::int32_t>(u2 + (u2 == 0))) * 0x1p-48f;
        }
        out[s] = v;
      }
      i -= run_len;
      j -= run_len;
      if (i == 0) i = 97;
      if (j == 0) j = 97;
      out += run_len;
      n -= static_cast<std::size_t>(run_len);
    }
    i97_ = i;
    j97_ = j;
    c_ = c;
  }

 private:
  std::uint32_t u_[98];  // U(1..97) * 2^24; index 0 unused
  int i97_;
  int j97_;
  std::int32_t c_;
};

}  // namespace gpurng_bench
