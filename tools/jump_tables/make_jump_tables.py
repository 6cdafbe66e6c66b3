#!/usr/bin/env python3
# SPDX-License-Identifier: BSD-3-Clause
"""Generate the jump-ahead tables of XORWOW and MRG32k3a that the device API (include/gpurng_kernel.h) and the
engines' per-state jumps read:

    include/gpurng/engines/xorwow_jump_tables.hpp     XORWOW: M^(2^i) and M^(2^(67+i)), i = 0..63, by columns
    include/gpurng/engines/mrg32k3a_jump_tables.hpp   MRG32k3a: 4-bit windowed powers for strides 1, 2^76, 2^127

    python3 tools/jump_tables/make_jump_tables.py            # write both headers
    python3 tools/jump_tables/make_jump_tables.py --check    # regenerate in memory, compare with the tree
    python3 tools/jump_tables/make_jump_tables.py --out-dir D  # write D/include/gpurng/engines/... instead

Standard library only. Everything is computed from the engines' definitions (the step of each recurrence), with
exact integer arithmetic, and checked against plain stepping where stepping is affordable before anything is
written; tests/device_api/test_jump_tables.cpp checks the tables against the C++ engines' own matrix powers.
"""
import argparse
import os
import random
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.normpath(os.path.join(HERE, "..", ".."))
TOOL = "tools/jump_tables/make_jump_tables.py"
OUT_XORWOW = os.path.join(ROOT, "include", "gpurng", "engines", "xorwow_jump_tables.hpp")
OUT_MRG = os.path.join(ROOT, "include", "gpurng", "engines", "mrg32k3a_jump_tables.hpp")
M32 = 0xFFFFFFFF

# ------------------------------------------------------------------------------------------------ XORWOW
# The xorshift part, 160 bits: word w of the state is bits 32w .. 32w+31 of one Python int.
XW_WORDS = 5
XW_BITS = 32 * XW_WORDS
XW_SUBSEQUENCE_LOG2 = 67
XW_POWERS = 64  # i = 0..63 for both tables: any 64-bit step or subsequence count


def xw_words(x):
    return [(x >> (32 * w)) & M32 for w in range(XW_WORDS)]


def xw_int(words):
    return sum(v << (32 * w) for w, v in enumerate(words))


def xw_shift_step(x):
    """One step of the xorshift part (the Weyl counter is not linear and is not in the matrix)."""
    v = xw_words(x)
    t = v[0] ^ (v[0] >> 2)
    new = ((v[4] ^ (v[4] << 4)) ^ (t ^ (t << 1))) & M32
    return xw_int(v[1:] + [new])


def xw_apply(cols, x):
    """A matrix (list of 160 column ints) times a state: XOR of the columns of x's set bits."""
    r = 0
    while x:
        low = x & -x
        r ^= cols[low.bit_length() - 1]
        x ^= low
    return r


def xw_square(cols):
    return [xw_apply(cols, c) for c in cols]


def xorwow_tables():
    """(offset, subsequence): lists of 64 matrices M^(2^i) and M^(2^(67+i)) as column lists."""
    step = [xw_shift_step(1 << j) for j in range(XW_BITS)]
    powers = [step]
    for _ in range(1, XW_SUBSEQUENCE_LOG2 + XW_POWERS):
        powers.append(xw_square(powers[-1]))
    # M^(2^i) against 2^i single steps, for the powers that stepping reaches
    rng = random.Random(15)
    for i in range(12):
        x = rng.getrandbits(XW_BITS)
        y = x
        for _ in range(1 << i):
            y = xw_shift_step(y)
        assert xw_apply(powers[i], x) == y, f"XORWOW M^(2^{i}) disagrees with stepping"
    return powers[:XW_POWERS], powers[XW_SUBSEQUENCE_LOG2:XW_SUBSEQUENCE_LOG2 + XW_POWERS]


# ---------------------------------------------------------------------------------------------- MRG32k3a
MRG_M = (4294967087, 4294944443)
MRG_A = (
    ((0, 1, 0), (0, 0, 1), (MRG_M[0] - 810728, 1403580, 0)),  # component 1: a12 = 1403580, a13n = 810728
    ((0, 1, 0), (0, 0, 1), (MRG_M[1] - 1370589, 0, 527612)),  # component 2: a21 = 527612, a23n = 1370589
)
MRG_STRIDES = ((0, "skipahead (offset), stride 1"), (76, "subsequence, stride 2^76"), (127, "sequence, stride 2^127"))
MRG_WINDOWS = 16  # 4-bit windows cover a 64-bit count
MRG_DIGITS = 15   # digit values 1..15 (digit 0 is no matrix)


def mat_mul(a, b, m):
    return tuple(tuple(sum(a[i][k] * b[k][j] for k in range(3)) % m for j in range(3)) for i in range(3))


def mat_vec(a, v, m):
    return tuple(sum(a[i][k] * v[k] for k in range(3)) % m for i in range(3))


def mat_pow2(a, e, m):
    for _ in range(e):
        a = mat_mul(a, a, m)
    return a


def mrg_tables():
    """t[stride][component][w][j-1] = A_k^(j * 2^(base + 4w)) as 9 words, row-major."""
    tables = []
    for base, _ in MRG_STRIDES:
        per_component = []
        for k in range(2):
            m = MRG_M[k]
            window = mat_pow2(MRG_A[k], base, m)  # A^(2^(base + 4w)) for the current w
            rows = []
            for _ in range(MRG_WINDOWS):
                digits = [window]
                for _ in range(2, MRG_DIGITS + 1):
                    digits.append(mat_mul(digits[-1], window, m))
                rows.append([tuple(x for row in d for x in row) for d in digits])
                window = mat_pow2(window, 4, m)
            per_component.append(rows)
        tables.append(per_component)
    # the offset table against stepping for the windows that stepping reaches
    rng = random.Random(15)
    for k in range(2):
        m = MRG_M[k]
        for w in range(3):
            for j in (1, 7, 15):
                v = tuple(rng.randrange(m) for _ in range(3))
                y = v
                for _ in range(j << (4 * w)):
                    y = mat_vec(MRG_A[k], y, m)
                flat = tables[0][k][w][j - 1]
                a = (flat[0:3], flat[3:6], flat[6:9])
                assert mat_vec(a, v, m) == y, f"MRG32k3a component {k + 1}: window {w} digit {j} disagrees with stepping"
    return tables


# ---------------------------------------------------------------------------------------------- rendering
def macro_lines(lines):
    """Lines of a macro body, each ending in a continuation."""
    return "".join(f"  {line} \\\n" for line in lines)


def render_xorwow(offset, subsequence):
    def matrix_lines(mats):
        lines = ["{"]
        for n, cols in enumerate(mats):
            words = [xw_words(c) for c in cols]
            lines.append("  {")
            for j in range(0, XW_BITS, 2):
                pair = ", ".join("{" + ", ".join(f"0x{w:x}" for w in words[c]) + "}" for c in (j, j + 1))
                lines.append(f"    {pair}" + ("," if j + 2 < XW_BITS else ""))
            lines.append("  }" + ("," if n + 1 < len(mats) else ""))
        lines.append("}")
        return lines

    return f"""// SPDX-License-Identifier: BSD-3-Clause
// Generated by {TOOL}; do not edit.
//
// XORWOW's xorshift part (160 bits; the Weyl counter is not linear and moves by 362437 n on its own) as 160x160
// GF(2) matrices, stored by columns: column j is the image of the state with only bit j set (bit j lives in word
// j/32, bit j%32), 5 words; a matrix times a state is the XOR of the columns of the state's set bits.
//   kJumpOffset[i]      = M^(2^i),        i = 0..63: skipahead(n), one product per set bit of n
//   kJumpSubsequence[i] = M^(2^(67+i)),   i = 0..63: n subsequences of 2^67 steps (curand_init, skipahead_sequence)
// M is one step. 2 x 64 x 160 x 5 words = 400 KiB (cuRAND's own XORWOW tables: 2 x 32 matrices, 200 KiB, with
// up to three products per 2 bits of the count). Read through GPURNG_TABLE (gpurng/device/tables.hpp): global
// memory on the device, only in device images that jump; a constant array on the host.
#pragma once

#include <stdint.h>

#include "gpurng/device/tables.hpp"

#define GPURNG_XORWOW_JUMP_OFFSET_DATA \\
{macro_lines(matrix_lines(offset))}
#define GPURNG_XORWOW_JUMP_SUBSEQUENCE_DATA \\
{macro_lines(matrix_lines(subsequence))}
namespace gpurng {{
namespace xorwow {{

GPURNG_DEVICE_TABLE(uint32_t, kJumpOffset, [{XW_POWERS}][{XW_BITS}][{XW_WORDS}], GPURNG_XORWOW_JUMP_OFFSET_DATA)
GPURNG_DEVICE_TABLE(uint32_t, kJumpSubsequence, [{XW_POWERS}][{XW_BITS}][{XW_WORDS}],
                    GPURNG_XORWOW_JUMP_SUBSEQUENCE_DATA)

}}  // namespace xorwow
}}  // namespace gpurng
"""


def render_mrg(tables):
    lines = ["{"]
    for s, (base, what) in enumerate(MRG_STRIDES):
        lines.append(f"  /* {what} */ {{")
        for k in range(2):
            lines.append(f"    /* component {k + 1} */ {{")
            for w in range(MRG_WINDOWS):
                lines.append(f"      /* 2^({base} + 4*{w}) */ {{")
                for j in range(MRG_DIGITS):
                    mat = ", ".join(f"{x}u" for x in tables[s][k][w][j])
                    lines.append(f"        {{{mat}}}" + ("," if j + 1 < MRG_DIGITS else ""))
                lines.append("      }" + ("," if w + 1 < MRG_WINDOWS else ""))
            lines.append("    }" + ("," if k == 0 else ""))
        lines.append("  }" + ("," if s + 1 < len(MRG_STRIDES) else ""))
    lines.append("}")
    return f"""// SPDX-License-Identifier: BSD-3-Clause
// Generated by {TOOL}; do not edit.
//
// MRG32k3a jump-ahead in 4-bit windows: kJumpWindowTable[s][k][w][j-1] = A_k^(j * 2^(base_s + 4w)) mod m_k, a 3x3
// matrix row-major (9 words), for
//   s = 0: base 0   (skipahead: offsets)
//   s = 1: base 76  (curand_init's subsequence, skipahead_subsequence)
//   s = 2: base 127 (skipahead_sequence)
// k = 0, 1 the two components (A_1 mod m1 = 4294967087, A_2 mod m2 = 4294944443, the one-step matrices of
// gpurng/engines/mrg32k3a.hpp), w = 0..15 the window, j = 1..15 its digit. A jump by n strides is one
// matrix-vector product per nonzero hexadecimal digit of n, per component. 3 x 2 x 16 x 15 x 9 words = 50.6 KiB.
// Read through GPURNG_TABLE (gpurng/device/tables.hpp): global memory on the device, a constant array on the host.
#pragma once

#include <stdint.h>

#include "gpurng/device/tables.hpp"

#define GPURNG_MRG32K3A_JUMP_WINDOWS_DATA \\
{macro_lines(lines)}
namespace gpurng {{
namespace mrg32k3a {{

constexpr int kJumpWindowBits = 4;
constexpr int kJumpWindows = {MRG_WINDOWS};
GPURNG_DEVICE_TABLE(uint32_t, kJumpWindowTable, [{len(MRG_STRIDES)}][2][{MRG_WINDOWS}][{MRG_DIGITS}][9],
                    GPURNG_MRG32K3A_JUMP_WINDOWS_DATA)

}}  // namespace mrg32k3a
}}  // namespace gpurng
"""


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--check", action="store_true", help="compare with the files in the tree, write nothing")
    ap.add_argument("--out-dir", metavar="DIR",
                    help="write the files under DIR, at their paths relative to the repository root (default: the tree)")
    args = ap.parse_args()

    outputs = ((OUT_XORWOW, render_xorwow(*xorwow_tables())), (OUT_MRG, render_mrg(mrg_tables())))
    if args.check:
        stale = [p for p, text in outputs if not os.path.exists(p) or open(p, encoding="utf-8").read() != text]
        for p in stale:
            print(f"{os.path.relpath(p, ROOT)} differs from what {TOOL} generates", file=sys.stderr)
        print("generated files are up to date" if not stale else "generated files are stale", file=sys.stderr)
        sys.exit(1 if stale else 0)
    out_root = os.path.abspath(args.out_dir) if args.out_dir else ROOT
    for path, text in outputs:
        path = os.path.join(out_root, os.path.relpath(path, ROOT))
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, "w", encoding="utf-8") as f:
            f.write(text)
        print(f"wrote {path if args.out_dir else os.path.relpath(path, ROOT)} ({len(text)} bytes)", file=sys.stderr)


if __name__ == "__main__":
    main()
