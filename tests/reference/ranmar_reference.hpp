// Naive reference implementation of the RANMAR generators (oracle for tests).
//
// Written straight from the published algorithm (Marsaglia-Zaman-James RANMAR as in CERNLIB
// V113 RANMAR, CERNLIB V116 RM48 and CORSIKA RMMARD; see F. James, Comput. Phys. Commun. 60
// (1990) 329, the CERNLIB V113/V116 long writeups and D. Heck's RMMARD in the CORSIKA source),
// in the shape of the Fortran originals: a floating-point table U(1..97), the pointers
// I97/J97 counting down with wrap-around, and a floating-point carry C.  It deliberately shares
// nothing with the fast library code: no integer lag arithmetic, no jump-ahead, no threads, no
// precomputed tables.  Clarity beats speed; it still does ~10^8 steps per second.
//
// Why plain `double` is bit-exact here: every value ever held is a multiple of 2^-24 or 2^-48
// in [-1, 1), i.e. an integer of at most 49 bits times a power of two, which fits a double's
// 53-bit significand.  Every subtraction and "+1" therefore rounds nothing, so the results do
// not depend on rounding mode, FMA contraction or compiler flags (no multiplications of
// non-power-of-two values occur, and none of the values are subnormal).
#pragma once

#include <cstdint>
#include <stdexcept>

namespace gpurng_reference {

enum class Variant {
  Ranmar24,   // CERNLIB V113 RANMAR: 24-bit table, 24-bit carry, zero -> 2^-24 * U(2)
  Ranmar48,   // CERNLIB V116 RM48 / CORSIKA RMMARD: 48-bit table, 24-bit carry, zero -> 2^-48
  Ranmar48X,  // 48-bit table, 48-bit carry modulo 2^48 - 59 (project extension), zero -> 2^-48
};

class NaiveRanmar {
 public:
  // Seed as in CERNLIB RMARIN / RM48IN / RMMAQD 'S': one integer IJKL in 0..900000000.
  NaiveRanmar(Variant v, long long ijkl) : variant_(v) {
    if (ijkl < 0 || ijkl > 900000000LL) {
      throw std::invalid_argument("NaiveRanmar: ijkl must be in 0..900000000");
    }
    bits_ = (v == Variant::Ranmar24) ? 24 : 48;

    // RMARIN's seed decomposition (Fortran / and MOD == C++ / and % for these
    // non-negative operands).
    const long long ij = ijkl / 30082;
    const long long kl = ijkl - 30082 * ij;
    long long i = (ij / 177) % 177 + 2;
    long long j = ij % 177 + 2;
    long long k = (kl / 169) % 178 + 1;
    long long l = kl % 169;

    // The table fill: each slot gets `bits_` bits, MSB first, accumulated as S += T with T
    // halving from 1/2 -- exactly the Fortran loop, so U(ii) is a multiple of 2^-bits_.
    for (int ii = 1; ii <= 97; ++ii) {
      double s = 0.0;
      double t = 0.5;
      for (int jj = 1; jj <= bits_; ++jj) {
        const long long m = (((i * j) % 179) * k) % 179;
        i = j;
        j = k;
        k = m;
        l = (53 * l + 1) % 169;
        if ((l * m) % 64 >= 32) s += t;
        t *= 0.5;
      }
      u_[ii] = s;
    }
    u_[0] = 0.0;  // unused: the table is 1-based like the Fortran U(97)

    i97_ = 97;
    j97_ = 33;

    if (v == Variant::Ranmar48X) {
      // 48-bit carry: modulus PX = 2^48 - 59 (prime), CDX = floor(PX * (sqrt(5) - 1) / 2),
      // C0X = 362436 * 2^24 + 362436, all as multiples of 2^-48.
      c_ = 6080667420612.0 * kTwoM48;
      cd_ = 173961102589734.0 * kTwoM48;
      cm_ = 281474976710597.0 * kTwoM48;
    } else {
      // The classic 24-bit carry, used by BOTH the 24- and the 48-bit table (as RM48 and RMMARD do).
      c_ = 362436.0 * kTwoM24;
      cd_ = 7654321.0 * kTwoM24;
      cm_ = 16777213.0 * kTwoM24;
    }
  }

  // One step (the RANMAR step); the raw output as the integer value * 2^B (B = 24 or 48).
  // No zero policy is applied, so 0 can come back.
  uint64_t next_raw() {
    const double uni = step();
    return static_cast<uint64_t>(uni * scale());  // exact: uni is a multiple of 2^-B
  }

  // One step, with the variant's zero policy applied (see Variant above).
  double next_uniform_double() {
    const double uni = step();
    if (uni != 0.0) return uni;
    return zero_replacement();
  }

  // One step.  Ranmar24: the same exact value as the double (a 24-bit fraction, or the
  // zero replacement U(2)*2^-24 which has at most 24 significant bits, or 2^-48).
  // Ranmar48/48X: the double truncated toward zero to float precision (24 significant bits).
  float next_uniform_float() {
    const double uni = step();
    if (uni == 0.0) return static_cast<float>(zero_replacement());      // exact in float
    if (variant_ == Variant::Ranmar24) return static_cast<float>(uni);  // exact in float

    // Truncate toward zero to 24 significant bits, counted from the leading 1 of the 48-bit
    // integer.  That is what float precision means: for values below 1/2 it keeps bits
    // below the top 24 bit positions of the 48-bit word, which "raw >> 24 << 24" would lose.  Done on the integer so
    // that it cannot depend on the FPU rounding mode.
    uint64_t raw = static_cast<uint64_t>(uni * kTwo48);
    int lead = 63;
    while (((raw >> lead) & 1u) == 0) --lead;
    if (lead >= 24) raw &= ~((uint64_t{1} << (lead - 23)) - 1);
    return static_cast<float>(static_cast<double>(raw) * kTwoM48);  // exact in float
  }

  // Plain loop of n raw steps (no zero policy involved; it never changes the state).
  void discard(unsigned long long n) {
    for (unsigned long long q = 0; q < n; ++q) step();
  }

  // Read-only view of the table for tests: U(i), i = 1..97, as a fraction in [0,1).
  double table(int i) const { return u_[i]; }

 private:
  static constexpr double kTwoM24 = 1.0 / 16777216.0;        // 2^-24
  static constexpr double kTwoM48 = kTwoM24 * kTwoM24;       // 2^-48
  static constexpr double kTwo48 = 16777216.0 * 16777216.0;  // 2^48

  double scale() const { return bits_ == 24 ? 16777216.0 : kTwo48; }

  // The Fortran RANMAR step, literally.  Returns the raw output UNI in [0,1).
  double step() {
    double uni = u_[i97_] - u_[j97_];
    if (uni < 0.0) uni += 1.0;
    u_[i97_] = uni;
    i97_ -= 1;
    if (i97_ == 0) i97_ = 97;
    j97_ -= 1;
    if (j97_ == 0) j97_ = 97;
    c_ -= cd_;
    if (c_ < 0.0) c_ += cm_;
    uni -= c_;
    if (uni < 0.0) uni += 1.0;
    return uni;
  }

  // What an exact raw zero becomes.  Called right after step(), so U(2) is the table
  // "after this step's update", as CERNLIB V113 RANMAR reads it.
  double zero_replacement() const {
    if (variant_ == Variant::Ranmar24) {
      const double r = u_[2] * kTwoM24;
      if (r != 0.0) return r;
    }
    return kTwoM48;
  }

  Variant variant_;
  int bits_;
  double u_[98];  // U(1..97); index 0 unused
  int i97_;
  int j97_;
  double c_;
  double cd_;
  double cm_;
};

}  // namespace gpurng_reference
