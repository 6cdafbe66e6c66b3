#!/usr/bin/env python3
# SPDX-License-Identifier: BSD-3-Clause
"""Writes include/gpurng/distributions/erfcinv_polynomials.hpp: the polynomials of pmath::erfcinv.

erfcinv(q) = x P(w) with x = 1 - q and w = -log(q (2 - q)) = -log(1 - x^2), where P(w) = erfinv(x) / x is
analytic in w (the variable of Giles, "Approximating the erfinv function", GPU Computing Gems, 2011).
  - central: P on w in [0, 5], degree 22 in w itself, so that P(0) = sqrt(pi)/2 is the constant term and most
    arguments (w < 1 for 80 % of uniform q) give small higher terms;
  - tails: P(r^2) in d = r - centre, r = sqrt(w), on [sqrt 5, 3.2], [3.2, 4.3], [4.3, 6.5] (6.5^2 is q = 2^-60),
    degree 18, and on [6.5, 10], [10, 16], [16, 27.3] (the least positive double), degree 16.
  - the float path's first guess, R(q) = erfcinv(q) / (1 - q) for q in [2^-32, 1): a degree-6 polynomial in
    v = m - centre on each eighth of a binade q = 2^k m, k = -32..-1 (256 pieces, within 2^-39 relative), its
    first three coefficients doubles and the other four floats. What a warp's lanes read per value (40 bytes)
    is the guess's cost on the GPU (bench/probes/erfcinv_probe.cu); stored coefficient by coefficient, so that
    lanes whose q lie in nearby pieces read the same cache lines.
  - the log behind w: v = 2^k m, m in [3/4, 3/2), m's top two significand bits pick c_j = 1/centre of its quarter
    (rounded to double) and log c_j, and log m = log1p(r) - log c_j with r = m c_j - 1 (|r| < 0.1112, one
    rounding), log1p(r) = r + r^2 Q(r), Q of degree 12 (2^-56 absolute): no division, no table.
The accurate pieces return x (c0 + d S(d)) as fma(x, c0_hi, fma(x, c0_lo, (x d) S(d))): the constant term is
carried in two doubles and the rest, a fraction of the result, adds its rounding errors only in proportion, so
the result is within about 1.7 ulp (90 % correctly rounded) where a plain Horner scheme in w - 5/2 was within
2.4. Each polynomial is a Chebyshev fit (mpmath.chebyfit at 50 digits) re-expanded in monomials of the
piece's variable and rounded to double.

    python3 tools/portable_math/fit_erfcinv.py            # rewrite the header (deterministic, about 10 s)
    python3 tools/portable_math/fit_erfcinv.py --check    # exit 1 if the tree's header is stale
    python3 tools/portable_math/fit_erfcinv.py --out-dir D  # write D/include/gpurng/distributions/... instead
"""
import struct
import os
import pathlib
import sys

import mpmath as mp

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))  # tools/: generated_header
import generated_header  # noqa: E402

ROOT = pathlib.Path(generated_header.ROOT)
OUT = ROOT / "include" / "gpurng" / "distributions" / "erfcinv_polynomials.hpp"

mp.mp.dps = 50


def P(w):
    w = mp.mpf(w)
    if w == 0:
        return mp.sqrt(mp.pi) / 2
    if w > 45:  # 1 - x below 1e-20: solve erfc(y) = q for q = 1 - x itself
        e = mp.exp(-w)
        q = e / (1 + mp.sqrt(1 - e))
        y = mp.findroot(lambda t: mp.log(mp.erfc(t)) - mp.log(q), mp.sqrt(w))
        return y / (1 - q)
    x = mp.sqrt(-mp.expm1(-w))
    return mp.erfinv(x) / x


def P_of_r(r):
    return P(mp.mpf(r) ** 2)


def fit_about(f, a, b, degree, centre):
    """Chebyshev fit of f on [a, b], as coefficients of (t - centre)^k, k = 0..degree."""
    a, b, centre = mp.mpf(a), mp.mpf(b), mp.mpf(float(centre))  # the centre the code subtracts, a double
    c, h = (a + b) / 2, (b - a) / 2
    poly, err = mp.chebyfit(lambda u: f(c + h * u), [-1, 1], degree + 1, error=True)
    low_first = poly[::-1]
    s, t = (centre - c) / h, 1 / h  # u = s + t d
    coef = [mp.mpf(0)] * (degree + 1)
    for k in range(degree + 1):
        for j in range(k + 1):
            coef[j] += low_first[k] * mp.binomial(k, j) * s ** (k - j) * t**j
    return coef, err


def horner_lines(coef, var, indent="  "):
    lines = [f"{indent}double s = {float(coef[-1]).hex()};"]
    lines += [f"{indent}s = fma(s, {var}, {float(coef[k]).hex()});" for k in range(len(coef) - 2, -1, -1)]
    return lines


def accurate_piece(name, f, a, b, degree, centre, tail):
    coef, err = fit_about(f, a, b, degree, centre)
    c0_hi = float(coef[0])
    c0_lo = float(coef[0] - mp.mpf(c0_hi))
    if tail:
        head = [f"// P(r^2) for r in [{float(a):.6g}, {float(b):.6g}], d = r - {float(centre)!r}: degree {degree},"
                f" max abs error {float(err):.1e}. r_lo: sqrt(w) - r.",
                f"GPURNG_HD double {name}(double x, double r, double r_lo) {{",
                f"  const double d = add(sub(r, {float(centre).hex()}), r_lo);  // r - centre is exact (Sterbenz)"]
    else:
        head = [f"// x P(w) for w in [{float(a):.6g}, {float(b):.6g}]: degree {degree} in w, max abs error {float(err):.1e}.",
                f"GPURNG_HD double {name}(double x, double w) {{",
                "  const double d = w;"]
    return "\n".join(head + horner_lines(coef[1:], "d") + [
        f"  return fma(x, {c0_hi.hex()}, fma(x, {c0_lo.hex()}, mul(mul(x, d), s)));", "}"])


def R(q):
    q = mp.mpf(q)
    return mp.sqrt(mp.pi) / 2 if q == 1 else mp.erfinv(1 - q) / (1 - q)


FLOAT_DEGREE, FLOAT_DOUBLES, FLOAT_BINADES, FLOAT_SPLIT = 6, 3, 32, 8


def float_table():
    """R on each eighth of a binade of [2^-32, 1): coefficients 0..2 as doubles, 3..6 as floats, each list
    coefficient-major ([j][piece], piece = 8 (-1 - k) + i for q = 2^k m, m in [1 + i/8, 1 + (i+1)/8))."""
    pieces = FLOAT_BINADES * FLOAT_SPLIT
    rows = [[] for _ in range(FLOAT_DEGREE + 1)]
    worst = 0
    for k in range(-1, -FLOAT_BINADES - 1, -1):
        for i in range(FLOAT_SPLIT):
            lo = 1 + mp.mpf(i) / FLOAT_SPLIT
            centre = lo + mp.mpf(1) / (2 * FLOAT_SPLIT)
            coef, err = fit_about(lambda m: R(mp.mpf(2) ** k * m), lo, lo + mp.mpf(1) / FLOAT_SPLIT, FLOAT_DEGREE,
                                  centre)
            worst = max(worst, err / abs(coef[0]))
            for j in range(FLOAT_DEGREE + 1):
                rows[j].append(coef[j])

    def listing(name, rows, conv):
        out = [f"#define {name} \\"]
        for row in rows:
            for i in range(0, len(row), 4):
                out.append("  " + ", ".join(conv(x) for x in row[i:i + 4]) + ", \\")
        out.append("  /* end */")
        return out

    def as_float(x):  # round to nearest float, written exactly
        return float(struct.unpack("f", struct.pack("f", float(x)))[0]).hex() + "f"

    lines = [f"// The float path's first guess: R(q) = erfcinv(q) / (1 - q) on each eighth of a binade of [2^-{FLOAT_BINADES}, 1),",
             f"// degree {FLOAT_DEGREE} in v = m - (centre of m's eighth), max relative error {float(worst):.1e}. Coefficients 0..{FLOAT_DOUBLES - 1}",
             f"// are doubles, the rest floats (their terms are below 2^-15 of R, so float rounding stays below 2^-38);",
             f"// coefficient j of piece i at [j * {pieces} + i]. One list, two copies: the device reads __device__ arrays,",
             "// the host constexpr ones.",
             f"constexpr int kFloatPieces = {pieces}, kFloatSplitBits = {FLOAT_SPLIT.bit_length() - 1}, kFloatDegree = {FLOAT_DEGREE},"
             f" kFloatDoubles = {FLOAT_DOUBLES};"]
    lines += listing("GPURNG_ERFCINV_FLOAT_A", rows[:FLOAT_DOUBLES], lambda x: float(x).hex())
    lines += listing("GPURNG_ERFCINV_FLOAT_B", rows[FLOAT_DOUBLES:], as_float)
    lines += ["#if defined(__CUDACC__)",
              "static __device__ const double kFloatADevice[kFloatDoubles * kFloatPieces] = {GPURNG_ERFCINV_FLOAT_A};",
              "static __device__ const float kFloatBDevice[(kFloatDegree + 1 - kFloatDoubles) * kFloatPieces] = {"
              "GPURNG_ERFCINV_FLOAT_B};",
              "#endif",
              "static constexpr double kFloatAHost[kFloatDoubles * kFloatPieces] = {GPURNG_ERFCINV_FLOAT_A};",
              "static constexpr float kFloatBHost[(kFloatDegree + 1 - kFloatDoubles) * kFloatPieces] = {GPURNG_ERFCINV_FLOAT_B};",
              "#undef GPURNG_ERFCINV_FLOAT_A",
              "#undef GPURNG_ERFCINV_FLOAT_B"]
    return "\n".join(lines)


def log_pieces():
    centres = [mp.mpf(13) / 16, mp.mpf(15) / 16, mp.mpf(9) / 8, mp.mpf(11) / 8]  # of [3/4,7/8), [7/8,1), [1,5/4), [5/4,3/2)
    lines = ["// The log behind w (portable_erfcinv.hpp, neg_log_unit): c_j = 1 / (centre of quarter j of [3/4, 3/2)) rounded,",
             "// log c_j rounded, and Q(r) = (log1p(r) - r) / r^2 on |r| < 0.1112."]
    for j, c in enumerate(centres):
        cj = float(1 / c)
        lines.append(f"constexpr double kLogC{j} = {cj.hex()}, kLogLogC{j} = {float(mp.log(mp.mpf(cj))).hex()};")
    bound = mp.mpf("0.1112")
    coef, err = fit_about(lambda r: mp.mpf(-0.5) if r == 0 else (mp.log1p(r) - r) / r**2, -bound, bound, 12, 0)
    lines += [f"// Q: degree 12, max abs error {float(err):.1e}.", "GPURNG_HD double log1p_q(double r) {"]
    lines += horner_lines(coef, "r") + ["  return s;", "}"]
    return "\n".join(lines)


def render():
    parts = ["""// SPDX-License-Identifier: BSD-3-Clause
// Generated by tools/portable_math/fit_erfcinv.py; do not edit. The polynomials of pmath::erfcinv
// (portable_erfcinv.hpp): P(w) = erfinv(x) / x with w = -log(1 - x^2), in w on [0, 5] and in r = sqrt(w) beyond,
// and the float path's first guess on half binades of q.
#pragma once

#include "gpurng/distributions/portable_math.hpp"
#include "gpurng/hd.hpp"

namespace gpurng {
namespace pmath {
namespace erfcinv_poly {
using detail::add;
using detail::fma;
using detail::mul;
using detail::sub;
// clang-format off
""",
             accurate_piece("central", P, 0, 5, 22, 0, tail=False),
             accurate_piece("tail_low", P_of_r, mp.sqrt(5), 3.2, 18, (mp.sqrt(5) + mp.mpf(3.2)) / 2, tail=True),
             accurate_piece("tail_mid", P_of_r, 3.2, 4.3, 18, 3.75, tail=True),
             accurate_piece("tail_high", P_of_r, 4.3, 6.5, 18, 5.4, tail=True),
             accurate_piece("tail_deep", P_of_r, 6.5, 10, 16, 8.25, tail=True),
             accurate_piece("tail_deeper", P_of_r, 10, 16, 16, 13, tail=True),
             accurate_piece("tail_deepest", P_of_r, 16, 27.3, 16, 21.65, tail=True),
             float_table(),
             log_pieces(),
             """// clang-format on
}  // namespace erfcinv_poly
}  // namespace pmath
}  // namespace gpurng"""]
    return "\n".join(parts) + "\n"


def main():
    return generated_header.run(__doc__, OUT, render)


if __name__ == "__main__":
    sys.exit(main())
