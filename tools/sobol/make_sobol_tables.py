#!/usr/bin/env python3
# SPDX-License-Identifier: BSD-3-Clause
"""Generate include/gpurng/engines/sobol_tables.hpp (declarations, installed) and src/data/sobol_tables.cpp (the
data, compiled into the library): the Joe-Kuo direction-number data behind cuRAND's four Sobol' generators, packed,
plus digests of everything the runtime rebuilds.

    pip install numpy scipy          # SciPy only supplies its copy of Joe & Kuo's new-joe-kuo-6.21201
    python3 tools/sobol/make_sobol_tables.py            # write the two files
    python3 tools/sobol/make_sobol_tables.py --check    # regenerate in memory, compare with the tree
    python3 tools/sobol/make_sobol_tables.py --out-dir D   # write D/include/..., D/src/data/... instead

What is stored, and why nothing else is (tools/sobol/README.md has the details):
  * per dimension 2..20000 the primitive polynomial's middle coefficients a and the initial direction
    integers m_2..m_s (m_1 is always 1, every m_k is odd, so m_k contributes k-1 bits), in one bit
    stream: a as the Elias-gamma code of its distance from the previous a of the same degree, then the
    m bits. Degrees only grow along the list, so the degree of each dimension is a 19-entry count table.
  * nothing for the scrambled sets: cuRAND drew them from its own XORWOW generator (seed 0, host
    ordering), and this tool proves that relation on every dimension before it writes anything.
The 32- and 64-bit unscrambled vectors both follow from (s, a, m) by the Joe-Kuo recurrence.

If libcurand is found (or given with --curand), the rebuilt vectors and constants are compared with
curandGetDirectionVectors32/64 and curandGetScrambleConstants32/64 for all 20000 dimensions.
"""
import argparse
import base64
import ctypes
import ctypes.util
import hashlib
import os
import sys

import numpy as np

NDIM = 20000  # dimensions cuRAND supplies (of Joe & Kuo's 21201)
TOOL = "tools/sobol/make_sobol_tables.py"
HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.normpath(os.path.join(HERE, "..", ".."))
OUT_HPP = os.path.join(ROOT, "include", "gpurng", "engines", "sobol_tables.hpp")
OUT_CPP = os.path.join(ROOT, "src", "data", "sobol_tables.cpp")
M64 = (1 << 64) - 1


# ----------------------------------------------------------------------------------------------------
# Source data
def find_npz(path):
    if path:
        return path, "unknown"
    import scipy  # noqa: F401  (only for its data file and version)
    import scipy.stats

    p = os.path.join(os.path.dirname(scipy.stats.__file__), "_sobol_direction_numbers.npz")
    return p, scipy.__version__


def load_joe_kuo(npz_path):
    """(s, a, m) for dimensions 1..NDIM; dimension 1 is the identity column (s = 0)."""
    z = np.load(npz_path)
    poly, vinit = z["poly"], z["vinit"]
    assert poly.shape[0] >= NDIM and vinit.shape[0] >= NDIM
    dims = []
    for d in range(NDIM):
        p = int(poly[d])
        s = p.bit_length() - 1
        assert p & 1, "polynomial without constant term"
        a = (p >> 1) & ((1 << max(s - 1, 0)) - 1)
        if d == 0:  # SciPy's row 0 is the first (identity) dimension: poly 1, m_1 = 1 and nothing else
            assert p == 1 and int(vinit[0][0]) == 1 and not vinit[0][1:].any()
            dims.append((0, 0, []))
            continue
        m = [int(x) for x in vinit[d][:s]]
        assert s >= 1 and all(int(x) == 0 for x in vinit[d][s:]), f"dimension {d + 1}: stray initial numbers"
        for k, mk in enumerate(m):  # m_{k+1} is odd and below 2^(k+1)
            assert mk & 1 and mk < (2 << k), f"dimension {d + 1}: bad m_{k + 1} = {mk}"
        dims.append((s, a, m))
    degrees = [s for s, _, _ in dims]
    assert degrees == sorted(degrees), "degrees must not decrease along the list"
    return dims


# ----------------------------------------------------------------------------------------------------
# Packing
class BitWriter:
    def __init__(self):
        self.bits = []

    def put(self, value, nbits):  # most significant bit first
        for i in range(nbits - 1, -1, -1):
            self.bits.append((value >> i) & 1)

    def gamma(self, value):  # Elias gamma, value >= 1
        assert value >= 1
        n = value.bit_length()
        self.put(0, n - 1)
        self.put(value, n)

    def to_bytes(self):
        bits = self.bits + [0] * (-len(self.bits) % 8)
        return bytes(np.packbits(np.array(bits, dtype=np.uint8)))


def pack(dims):
    w = BitWriter()
    prev_s, prev_a = None, None
    for s, a, m in dims[1:]:
        if s != prev_s:
            prev_s, prev_a = s, -1
        w.gamma(a - prev_a)  # a increases strictly within a degree
        prev_a = a
        for k in range(1, s):  # m_{k+1}: bits k..1 (bit 0 is always 1)
            w.put(m[k] >> 1, k)
    return w.to_bytes(), len(w.bits)


def unpack(data, count_by_degree):
    """The decoder the C++ runtime implements, run here on the packed bytes as a self-check."""
    bits = np.unpackbits(np.frombuffer(data, dtype=np.uint8))
    pos = 0

    def get(n):
        nonlocal pos
        v = 0
        for _ in range(n):
            v = (v << 1) | int(bits[pos])
            pos += 1
        return v

    out = [(0, 0, [])]
    for s, count in enumerate(count_by_degree):
        if s == 0:
            continue
        a = -1
        for _ in range(count):
            z = 0
            while bits[pos] == 0:
                z += 1
                pos += 1
            a += get(z + 1)
            m = [1] + [(get(k) << 1) | 1 for k in range(1, s)]
            out.append((s, a, m))
    return out


# ----------------------------------------------------------------------------------------------------
# Rebuilding what cuRAND supplies
def direction_numbers(dims, bits):
    """v[d][k] = m_{k+1} * 2^(bits-1-k) for k < s, then the Joe-Kuo recurrence; dimension 1: 2^(bits-1-k)."""
    mask = (1 << bits) - 1
    out = np.zeros((NDIM, bits), dtype=np.uint64)
    for d, (s, a, m) in enumerate(dims):
        v = [0] * bits
        for k in range(bits):
            if s == 0:
                v[k] = 1 << (bits - 1 - k)
            elif k < s:
                v[k] = m[k] << (bits - 1 - k)
            else:
                x = v[k - s] ^ (v[k - s] >> s)
                for j in range(1, s):
                    if (a >> (s - 1 - j)) & 1:
                        x ^= v[k - j]
                v[k] = x & mask
        out[d] = v
    return out


def xorwow_seed0_host_stream(count):
    """cuRAND's XORWOW, seed 0, host ordering: output n comes from subsequence n mod 4096 (subsequences
    are 2^67 steps apart), step n // 4096 (seeding: curand_kernel.h; layout: cuRAND guide, Host API
    Overview: Order)."""
    M32 = 0xFFFFFFFF
    t0 = (1099087573 * 0xAAD26B49) & M32  # seed 0: both seed halves are 0, xored with the constants
    t1 = (2591861531 * 0xF7DCEFDD) & M32
    d0 = (6615241 + t1 + t0) & M32
    v = [(123456789 + t0) & M32, 362436069 ^ t0, (521288629 + t1) & M32, 88675123 ^ t1, (5783321 + t0) & M32]

    def step(w):  # the linear part on a 5-word state
        t = w[0] ^ (w[0] >> 2)
        return [w[1], w[2], w[3], w[4], ((w[4] ^ (w[4] << 4)) ^ (t ^ (t << 1))) & M32]

    def to_bits(w):
        return np.array([(w[i // 32] >> (i % 32)) & 1 for i in range(160)], dtype=np.int64)

    A = np.zeros((160, 160), dtype=np.int64)
    for j in range(160):
        e = [0] * 5
        e[j // 32] = 1 << (j % 32)
        A[:, j] = to_bits(step(e))
    J = A
    for _ in range(67):  # A^(2^67)
        J = (J @ J) % 2
    lanes, b = [], to_bits(v)
    for _ in range(4096):  # 2^67 * k adds 362437 * 2^67 * k = 0 (mod 2^32) to the Weyl counter
        lanes.append([sum(int(b[w * 32 + i]) << i for i in range(32)) for w in range(5)])
        b = (J @ b) % 2
    V = np.array(lanes, dtype=np.uint64).T
    m = np.uint64(M32)
    steps = (count + 4095) // 4096
    out = np.zeros((steps, 4096), dtype=np.uint64)
    dd = np.uint64(d0)
    for k in range(steps):
        t = V[0] ^ (V[0] >> np.uint64(2))
        nv = ((V[4] ^ (V[4] << np.uint64(4))) ^ (t ^ (t << np.uint64(1)))) & m
        V = np.vstack([V[1:], nv[None, :]])
        dd = (dd + np.uint64(362437)) & m
        out[k] = (nv + dd) & m
    return out.reshape(-1)[:count]


def scrambled(v64, stream):
    """cuRAND's scrambled set: a lower-triangular 64x64 bit matrix per dimension (rows from XORWOW words,
    unit diagonal) applied to every direction number, and a 64-bit constant per dimension."""
    words = stream[1 : 1 + 128 * NDIM : 2] | (stream[2 : 2 + 128 * NDIM : 2] << np.uint64(32))
    words = words.reshape(NDIM, 64)
    # Row j (j = 0 is the most significant output bit 63) keeps the top j bits of word j, plus the diagonal.
    rows = np.zeros((NDIM, 64), dtype=np.uint64)
    for j in range(64):
        top = np.uint64(M64 ^ ((1 << (64 - j)) - 1))
        rows[:, j] = (words[:, j] & top) | np.uint64(1 << (63 - j))
    sv = np.zeros_like(v64)
    for j in range(64):
        bit = (np.bitwise_count(rows[:, j : j + 1] & v64) & 1).astype(np.uint64)
        sv |= bit << np.uint64(63 - j)
    base = 1 + 128 * NDIM
    consts = stream[base : base + 2 * NDIM : 2] | (stream[base + 1 : base + 1 + 2 * NDIM : 2] << np.uint64(32))
    return sv, consts


def digest(words):
    """Order-sensitive 64-bit digest, sum of splitmix64(word + i * golden) mod 2^64 (sobol.hpp repeats it)."""
    w = np.asarray(words, dtype=np.uint64).reshape(-1)
    z = w + np.arange(w.size, dtype=np.uint64) * np.uint64(0x9E3779B97F4A7C15)
    z = (z ^ (z >> np.uint64(30))) * np.uint64(0xBF58476D1CE4E5B9)
    z = (z ^ (z >> np.uint64(27))) * np.uint64(0x94D049BB133111EB)
    z = z ^ (z >> np.uint64(31))
    return int(np.sum(z, dtype=np.uint64))


# ----------------------------------------------------------------------------------------------------
# Optional comparison with cuRAND itself
def curand_tables(libpath):
    lib = ctypes.CDLL(libpath)
    p = ctypes.c_void_p()

    def get(fn, arg, count, dtype):
        status = fn(ctypes.byref(p), *arg)
        assert status == 0, f"{fn.__name__} returned {status}"
        return np.ctypeslib.as_array(ctypes.cast(p, ctypes.POINTER(dtype)), shape=(count,)).copy()

    u32, u64 = ctypes.c_uint32, ctypes.c_uint64
    return {
        "v32": get(lib.curandGetDirectionVectors32, (101,), NDIM * 32, u32).reshape(NDIM, 32),
        "sv32": get(lib.curandGetDirectionVectors32, (102,), NDIM * 32, u32).reshape(NDIM, 32),
        "v64": get(lib.curandGetDirectionVectors64, (103,), NDIM * 64, u64).reshape(NDIM, 64),
        "sv64": get(lib.curandGetDirectionVectors64, (104,), NDIM * 64, u64).reshape(NDIM, 64),
        "c32": get(lib.curandGetScrambleConstants32, (), NDIM, u32),
        "c64": get(lib.curandGetScrambleConstants64, (), NDIM, u64),
    }


def find_curand():
    for c in ("/usr/local/cuda/lib64/libcurand.so", "/usr/local/cuda/lib64/libcurand.so.10"):
        if os.path.exists(c):
            return c
    return ctypes.util.find_library("curand")


# ----------------------------------------------------------------------------------------------------
# Output
def c_hex(x):
    return f"0x{x:016x}ull"


def render(packed, nbits, count_by_degree, digests, src_desc):
    b64 = base64.b64encode(packed).decode("ascii")
    width = 100
    lines = [b64[i : i + width] for i in range(0, len(b64), width)]
    stamp = f"// generated by {TOOL}; do not edit.\n// Source: {src_desc}.\n"
    hpp = f"""// SPDX-License-Identifier: BSD-3-Clause
// clang-format off
{stamp}//
// Joe & Kuo's direction-number data for dimensions 2..{NDIM}, packed (tools/sobol/README.md):
// per dimension, the Elias-gamma code of a - (previous a of the same degree, or -1), then m_2..m_s with
// the always-set low bit dropped (m_k contributes k-1 bits), most significant bit first, as base64.
// Dimension 1 (all m = 1, no polynomial) is not stored. The digests are of the tables sobol.hpp rebuilds
// from this data, computed by the generator (which checked them against libcurand where available).
#pragma once

#include <stdint.h>

namespace gpurng {{
namespace sobol {{
namespace tables {{

constexpr unsigned kDimensions = {NDIM};
constexpr unsigned kMaxDegree = {len(count_by_degree) - 1};
// Dimensions per polynomial degree, in order (degree 0: dimension 1).
constexpr uint16_t kDimensionsOfDegree[kMaxDegree + 1] = {{{", ".join(str(c) for c in count_by_degree)}}};
constexpr unsigned kPackedBits = {nbits};
constexpr unsigned kPackedBytes = {len(packed)};
constexpr unsigned kBase64LineWidth = {width};
constexpr unsigned kBase64Lines = {len(lines)};
extern const char kPackedBase64[kBase64Lines][kBase64LineWidth + 1];

// digest(words) = sum over i of splitmix64(word_i + i * 0x9E3779B97F4A7C15) mod 2^64, words in the
// order curandGetDirectionVectors*/curandGetScrambleConstants* return them (dimension-major).
constexpr uint64_t kDigestVectors32 = {c_hex(digests["v32"])};
constexpr uint64_t kDigestVectors64 = {c_hex(digests["v64"])};
constexpr uint64_t kDigestScrambledVectors32 = {c_hex(digests["sv32"])};
constexpr uint64_t kDigestScrambledVectors64 = {c_hex(digests["sv64"])};
constexpr uint64_t kDigestScrambleConstants32 = {c_hex(digests["c32"])};
constexpr uint64_t kDigestScrambleConstants64 = {c_hex(digests["c64"])};

}}  // namespace tables
}}  // namespace sobol
}}  // namespace gpurng
"""
    body = ",\n".join(f'    "{ln}"' for ln in lines)
    cpp = f"""// SPDX-License-Identifier: BSD-3-Clause
// clang-format off
{stamp}// {len(packed)} bytes ({nbits} bits) as base64 in lines short enough for every compiler's
// string-literal limits; gpurng/engines/sobol.hpp decodes them once.
#include "gpurng/engines/sobol_tables.hpp"

namespace gpurng {{
namespace sobol {{
namespace tables {{

const char kPackedBase64[kBase64Lines][kBase64LineWidth + 1] = {{
{body}}};

}}  // namespace tables
}}  // namespace sobol
}}  // namespace gpurng
"""
    return hpp, cpp


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--npz", help="Joe-Kuo data as SciPy ships it (default: the installed SciPy's copy)")
    ap.add_argument("--curand", help="libcurand.so to compare with (default: look in /usr/local/cuda)")
    ap.add_argument("--no-curand", action="store_true", help="skip the comparison with libcurand")
    ap.add_argument("--check", action="store_true", help="compare with the files in the tree, write nothing")
    ap.add_argument("--out-dir", metavar="DIR",
                    help="write the files under DIR, at their paths relative to the repository root (default: the tree)")
    args = ap.parse_args()

    npz, scipy_version = find_npz(args.npz)
    sha = hashlib.sha256(open(npz, "rb").read()).hexdigest()
    dims = load_joe_kuo(npz)
    count_by_degree = [0] * (max(s for s, _, _ in dims) + 1)
    for s, _, _ in dims:
        count_by_degree[s] += 1

    packed, nbits = pack(dims)
    assert unpack(packed, count_by_degree) == dims, "decoder does not invert the packing"

    v32 = direction_numbers(dims, 32)
    v64 = direction_numbers(dims, 64)
    assert np.array_equal(v32, v64[:, :32] >> np.uint64(32)), "32-bit vectors are the top of the 64-bit ones"
    stream = xorwow_seed0_host_stream(1 + 128 * NDIM + 2 * NDIM)
    sv64, c64 = scrambled(v64, stream)
    sv32 = sv64[:, :32] >> np.uint64(32)
    c32 = c64 >> np.uint64(32)
    ours = {"v32": v32, "v64": v64, "sv32": sv32, "sv64": sv64, "c32": c32, "c64": c64}

    lib = None if args.no_curand else (args.curand or find_curand())
    if lib:
        ref = curand_tables(lib)
        for k, want in ref.items():
            got = ours[k].astype(want.dtype)
            if not np.array_equal(got, want):
                bad = np.argwhere(got != want)[0]
                sys.exit(f"{k} differs from {lib} first at {tuple(bad)}")
        print(f"all four direction sets and both constant tables equal {lib} (20000 dimensions)", file=sys.stderr)
    else:
        why = "--no-curand" if args.no_curand else "libcurand not found"
        print(f"{why}: not compared with cuRAND", file=sys.stderr)

    digests = {k: digest(v) for k, v in ours.items()}
    src_desc = (
        f"Joe & Kuo new-joe-kuo-6.21201 as shipped by SciPy {scipy_version},\n"
        f"//   scipy/stats/_sobol_direction_numbers.npz, sha256 {sha}"
    )
    hpp, cpp = render(packed, nbits, count_by_degree, digests, src_desc)
    if args.check:
        same = all(os.path.exists(p) and open(p).read() == t for p, t in ((OUT_HPP, hpp), (OUT_CPP, cpp)))
        print("generated files are up to date" if same else "generated files differ from the tree", file=sys.stderr)
        sys.exit(0 if same else 1)
    out_root = os.path.abspath(args.out_dir) if args.out_dir else ROOT
    for path, text in ((OUT_HPP, hpp), (OUT_CPP, cpp)):
        path = os.path.join(out_root, os.path.relpath(path, ROOT))
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, "w") as f:
            f.write(text)
        print(f"wrote {path if args.out_dir else os.path.relpath(path, ROOT)} ({len(text)} bytes)", file=sys.stderr)


if __name__ == "__main__":
    main()
