// SPDX-License-Identifier: BSD-3-Clause
//
// Benchmark anchor: RANMAR written the way the Fortran originals are written.
//
// LegacyRanmar48 follows CORSIKA RMMARD / RMMAQD 'S' (= CERNLIB V116 RM48 = PYTHIA 6 PYR stream;
// D. Heck's RMMARD in the CORSIKA source; docs/ALGORITHMS.md): a DOUBLE PRECISION table U(97),
// the carry C and the constants CD, CM as doubles, I97/J97 counting down with IF-branches for the
// wrap, IF-branches for "if negative add 1" and for the carry, the per-number exact-zero check
// (0 -> 2^-48), and the per-call counter update (NTOT += LENV, carry into NTOT2 at 10^9).  The
// table is filled from IJKL with the I,J,K,L,M bit loop in floating point (S += T, T halving),
// exactly as RMMAQD does.
//
// LegacyRanmar24 is the same thing for CERNLIB V113 RANMAR (default REAL, i.e. float): 24-bit
// table fill, and an exact zero replaced by 2^-24*U(2), else 2^-48.  It anchors the 24-bit rows.
//
// The point is to measure what existing Fortran code costs, not to write a slow strawman.  So the
// state that gfortran -O2 keeps in registers for the loop (I97, J97, C, CD, CM: Fortran lets it
// assume that RVEC does not alias the COMMON block) is copied into locals here too, and the loop
// body is the Fortran one, line for line.  Whether the compiler turns the IFs into branches or
// selects is left to it, as it is left to gfortran.
//
// Every value held is a multiple of 2^-48 (2^-24 for the float version) in (-1, 1), so every
// subtraction and "+1" is exact: the output is bit-exact whatever the rounding mode, FMA
// contraction or optimisation level (no -ffast-math, which could reassociate).
#pragma once

#include <cstdint>

namespace gpurng_bench {

namespace legacy_detail {

// CERNLIB V113 RMARIN: IJKL -> I, J, K, L.  Fortran / and MOD equal C++ / and % here.
struct SeedIJKL {
  int i, j, k, l;
};

inline SeedIJKL decompose_ijkl(int ijkl) {
  const int ij = ijkl / 30082;
  const int kl = ijkl - 30082 * ij;
  return SeedIJKL{(ij / 177) % 177 + 2, ij % 177 + 2, (kl / 169) % 178 + 1, kl % 169};
}

// The table fill (James 1990), in floating point as the Fortran does it: U(II) = S built from `bits`
// bits, MSB first (S += T, T halving from 1/2).  Real = double (RMMAQD) or float (V113 RMARIN).
template <typename Real>
inline void fill_table(int ijkl, int bits, Real* u /* u[1..97] */) {
  SeedIJKL s = decompose_ijkl(ijkl);
  int i = s.i, j = s.j, k = s.k, l = s.l;
  for (int ii = 1; ii <= 97; ++ii) {
    Real sum = Real(0);
    Real t = Real(0.5);
    for (int jj = 1; jj <= bits; ++jj) {
      const int m = (((i * j) % 179) * k) % 179;
      i = j;
      j = k;
      k = m;
      l = (53 * l + 1) % 169;
      if ((l * m) % 64 >= 32) sum = sum + t;
      t = Real(0.5) * t;
    }
    u[ii] = sum;
  }
}

}  // namespace legacy_detail

/// CORSIKA RMMARD-style 48-bit RANMAR, one sequence (KSEQ = 1), doubles throughout.
class LegacyRanmar48 {
 public:
  /// RMMAQD(ISEED, 1, 'S') with ISEED = (ijkl, 0, 0): 48-bit fill, no skip.
  explicit LegacyRanmar48(int ijkl = 54217137) {
    // /CRRANMA3/ constants, as RMMAQD sets them on its first call.
    twom24_ = 1.0;
    for (int i = 1; i <= 24; ++i) twom24_ = 0.5 * twom24_;
    twom48_ = twom24_ * twom24_;
    cd_ = 7654321.0 * twom24_;
    cm_ = 16777213.0 * twom24_;
    cint_ = 362436.0 * twom24_;
    modcns_ = 1000000000;

    ijkl_ = ijkl;
    ntot_ = 0;
    ntot2_ = 0;
    legacy_detail::fill_table<double>(ijkl, 48, u_);
    u_[0] = 0.0;  // unused: U is 1-based
    c_ = cint_;
    i97_ = 97;
    j97_ = 33;
  }

  /// RMMARD(RVEC, LENV, 1): lenv numbers in (0,1) into rvec[0..lenv-1].
  void rmmard_like(double* rvec, int lenv) {
    double* const u = u_;
    int i97 = i97_;
    int j97 = j97_;
    double c = c_;
    const double cd = cd_;
    const double cm = cm_;
    const double twom48 = twom48_;
    for (int ivec = 0; ivec < lenv; ++ivec) {
      double uni = u[i97] - u[j97];
      if (uni < 0.0) uni = uni + 1.0;
      u[i97] = uni;
      i97 = i97 - 1;
      if (i97 == 0) i97 = 97;
      j97 = j97 - 1;
      if (j97 == 0) j97 = 97;
      c = c - cd;
      if (c < 0.0) c = c + cm;
      uni = uni - c;
      if (uni < 0.0) uni = uni + 1.0;
      if (uni == 0.0) uni = twom48;
      rvec[ivec] = uni;
    }
    i97_ = i97;
    j97_ = j97;
    c_ = c;
    ntot_ = ntot_ + lenv;
    if (ntot_ >= modcns_) {
      ntot2_ = ntot2_ + 1;
      ntot_ = ntot_ - modcns_;
    }
  }

  /// RMMAQD 'R': the restart triple.
  int ijkl() const { return ijkl_; }
  int ntot() const { return ntot_; }
  int ntot2() const { return ntot2_; }

 private:
  double twom24_, twom48_, cd_, cm_, cint_;
  int modcns_;
  double c_;
  double u_[98];  // U(1..97); index 0 unused
  int ijkl_, i97_, j97_, ntot_, ntot2_;
};

/// CERNLIB V113 RANMAR-style 24-bit RANMAR (default REAL = float), one sequence.
class LegacyRanmar24 {
 public:
  /// RMARIN(ijkl, 0, 0): 24-bit fill, no skip.
  explicit LegacyRanmar24(int ijkl = 54217137) {
    twom24_ = 1.0f;
    for (int i = 1; i <= 24; ++i) twom24_ = 0.5f * twom24_;
    cd_ = 7654321.0f * twom24_;
    cm_ = 16777213.0f * twom24_;
    modcns_ = 1000000000;

    ijkl_ = ijkl;
    ntot_ = 0;
    ntot2_ = 0;
    legacy_detail::fill_table<float>(ijkl, 24, u_);
    u_[0] = 0.0f;
    c_ = 362436.0f * twom24_;
    i97_ = 97;
    j97_ = 33;
  }

  /// RANMAR(RVEC, LENV): lenv numbers in (0,1) into rvec[0..lenv-1].
  void ranmar_like(float* rvec, int lenv) {
    float* const u = u_;
    int i97 = i97_;
    int j97 = j97_;
    float c = c_;
    const float cd = cd_;
    const float cm = cm_;
    const float twom24 = twom24_;
    for (int ivec = 0; ivec < lenv; ++ivec) {
      float uni = u[i97] - u[j97];
      if (uni < 0.0f) uni = uni + 1.0f;
      u[i97] = uni;
      i97 = i97 - 1;
      if (i97 == 0) i97 = 97;
      j97 = j97 - 1;
      if (j97 == 0) j97 = 97;
      c = c - cd;
      if (c < 0.0f) c = c + cm;
      uni = uni - c;
      if (uni < 0.0f) uni = uni + 1.0f;
      // Replace exact zeroes by uniform distr. *2**-24 (the CERNLIB comment)
      if (uni == 0.0f) {
        uni = twom24 * u[2];
        if (uni == 0.0f) uni = twom24 * twom24;
      }
      rvec[ivec] = uni;
    }
    i97_ = i97;
    j97_ = j97;
    c_ = c;
    ntot_ = ntot_ + lenv;
    if (ntot_ >= modcns_) {
      ntot2_ = ntot2_ + 1;
      ntot_ = ntot_ - modcns_;
    }
  }

  int ijkl() const { return ijkl_; }
  int ntot() const { return ntot_; }
  int ntot2() const { return ntot2_; }

 private:
  float twom24_, cd_, cm_;
  int modcns_;
  float c_;
  float u_[98];  // U(1..97); index 0 unused
  int ijkl_, i97_, j97_, ntot_, ntot2_;
};

}  // namespace gpurng_bench
