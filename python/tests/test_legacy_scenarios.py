# SPDX-License-Identifier: BSD-3-Clause
"""gpurng.legacy against the Fortran reference programs of tests/legacy: the same draws replayed from Python give the
same bit patterns, digests and restart triples that the scenario prints when linked against the independent CERNLIB
oracle (tests/legacy/reference, written from the published algorithms). The reference binaries come from this build
(GPURNG_LEGACY_BINARIES, set by ctest; gfortran builds them); without them the tests skip."""
import os
import subprocess

import numpy as np
import pytest

from gpurng.legacy import LegacyStream

BIN = os.environ.get("GPURNG_LEGACY_BINARIES", "")


def reference_output(scenario, tmp_path):
    exe = os.path.abspath(os.path.join(BIN, f"legacy_{scenario}_ref"))
    if not (BIN and os.access(exe, os.X_OK)):
        pytest.skip(f"no reference binary legacy_{scenario}_ref (GPURNG_LEGACY_BINARIES={BIN!r})")
    out = subprocess.run([exe], cwd=tmp_path, capture_output=True, text=True, check=True, timeout=120).stdout
    printed = {}
    for line in out.splitlines():
        parts = line.split()
        if len(parts) == 2 and not line.startswith(" "):
            printed.setdefault(parts[0], []).append(parts[1])
    assert "FAIL" not in out
    return printed


def real_hash(r):
    """tests/legacy/scenarios/util.f90's putrv digest of REALs (their bit patterns as signed 32-bit integers)."""
    h = 0
    for b in r.view(np.int32).tolist():
        h = (h * 65599 + b + 2147483648) % 2147483647
    return f"{h:08X}"


def double_hash(d):
    """util.f90's putdv digest of DOUBLE PRECISION values (high, then low 32 bits of each pattern)."""
    h = 0
    for b in d.view(np.uint64).tolist():
        h = (h * 65599 + (b >> 32)) % 2147483647
        h = (h * 65599 + (b & 0xFFFFFFFF)) % 2147483647
    return f"{h:08X}"


def bits(x):
    return f"{int(np.float32(x).view(np.uint32)):08X}" if x.dtype == np.float32 else \
        f"{int(np.float64(x).view(np.uint64)):016X}"


def expect_vector(printed, tag, values, hash_fn):
    """putrv/putdv's lines for `values`: each value, or the digest and the first and last three."""
    n = len(values)
    if f"{tag}.hash({n})" in printed:
        assert printed[f"{tag}.hash({n})"] == [hash_fn(values)], tag
        ks = [1, 2, 3, n - 2, n - 1, n]
    else:
        ks = range(1, n + 1)
    for k in ks:
        assert printed[f"{tag}.{k}"][0] == bits(values[k - 1]), f"{tag}.{k}"


def test_ranmar_published(tmp_path):
    printed = reference_output("ranmar_published", tmp_path)
    s = LegacyStream("ranmar", ijkl=54217137)
    assert [int(v) for v in (printed["p1.rmarut.ijkl"][0], printed["p1.rmarut.ntot"][0],
                             printed["p1.rmarut.ntot2"][0])] == list(s.restart)
    expect_vector(printed, "p1.first20000", s.draw(20000), real_hash)
    expect_vector(printed, "p1.v", s.draw(6), real_hash)
    assert s.restart == (int(printed["p1.rmarut.ijkl"][1]), int(printed["p1.rmarut.ntot"][1]),
                         int(printed["p1.rmarut.ntot2"][1]))
    p2 = LegacyStream("ranmar", ijkl=1)
    p2.draw(9999)
    assert printed["p2.v10000"] == [bits(p2.draw(1)[0])]
    assert p2.restart == (int(printed["p2.rmarut.ijkl"][0]), int(printed["p2.rmarut.ntot"][0]),
                          int(printed["p2.rmarut.ntot2"][0]))


def test_rm48_published(tmp_path):
    printed = reference_output("rm48_published", tmp_path)
    s = LegacyStream("rm48", ijkl=54217137)
    expect_vector(printed, "p3", s.draw(5), double_hash)
    assert s.restart == (int(printed["rm48ut.ijkl"][0]), int(printed["rm48ut.ntot"][0]),
                         int(printed["rm48ut.ntot2"][0]))
    expect_vector(printed, "next30000", s.draw(30000), double_hash)
    assert s.restart[1] == int(printed["rm48ut.end.ntot"][0])
    # Resumed from the triple RM48UT saves, as RM48IN(IJKL, NTOT, NTOT2) resumes a Fortran run.
    again = LegacyStream("rm48", 54217137, 5, 0)
    expect_vector(printed, "next30000", again.draw(30000), double_hash)
