# SPDX-License-Identifier: BSD-3-Clause
"""gpurng.Generator against published known answers (the same ones the C tests use: tests/kat/ranmar_published.txt,
the C++ standard's minstd_rand0 / minstd_rand values, glibc's random()), against the C API's own calls made here
through ctypes (the same numbers, whatever the call's split), and its argument checks and exceptions."""
import ctypes

import numpy as np
import pytest

import gpurng
from gpurng import _lib


def test_ranmar_published_vectors():
    # Marsaglia-Zaman-James: IJKL 54217137, after 20000 draws the next six outputs * 2^24.
    g = gpurng.Generator("ranmar", seed=54217137)
    g.offset = 20000
    assert g.bits(6).tolist() == [0x63B304, 0xD8FBBE, 0x6F023B, 0x5E2E48, 0x7F7AC2, 0xA23FDC]
    # GSL's rng/test.c: seed 1, the 10000th output * 2^24.
    assert int(gpurng.Generator("ranmar", seed=1).bits(10000)[-1]) == 14428370
    # CERNLIB RM48 / CORSIKA RMMARD, IJKL 54217137: draws 1-5 * 2^48, and draw 1 as RMMARD returns it.
    assert gpurng.Generator("rmmard", seed=54217137).bits(5).tolist() == [
        0x7974F0955BF5, 0xCCFD0915CD3C, 0x842FC48EE04D, 0x4D76475F803E, 0x04DE467DA9ED]
    first = gpurng.Generator("ranmar48", seed=54217137).random()
    assert first == 0x7974F0955BF5 * 2.0**-48 and abs(first - 0.4744406094213964) < 1e-16


def test_minstd_published_values():
    # The C++ standard: the 10000th value of a default-constructed minstd_rand0 / minstd_rand.
    assert int(gpurng.Generator("minstd").bits(10000)[-1]) == 1043618065
    assert int(gpurng.Generator("minstd48271").bits(10000)[-1]) == 399268537


def test_glibc_random_matches_the_c_library():
    libc = ctypes.CDLL(None)
    libc.random.restype = ctypes.c_long
    libc.srandom(12345)
    expect = [libc.random() for _ in range(50)]
    assert gpurng.Generator("glibc_random", seed=12345).bits(50).tolist() == expect


def _c_api(engine, fn, count, dtype, seed, *extra):
    """The same numbers by the C API directly, in one call."""
    h = ctypes.c_void_p()
    assert _lib.lib.gpurngCreateGeneratorHost(ctypes.byref(h), gpurng.ENGINES[engine]) == 0
    if seed is not None:
        assert _lib.lib.gpurngSetPseudoRandomGeneratorSeed(h, seed) == 0
    out = np.empty(count, dtype=dtype)
    assert getattr(_lib.lib, fn)(h, out.ctypes.data_as(ctypes.c_void_p), count, *extra) == 0
    _lib.lib.gpurngDestroyGenerator(h)
    return out


NORMALS = ["xorwow", "mrg32k3a", "philox4_32_10", "hybrid_taus"]
PSEUDO = ["xorwow", "mrg32k3a", "philox4_32_10", "ranmar", "ranmar48", "ranmar48x", "minstd", "minstd48271",
          "drand48", "glibc_random_type0", "glibc_random_type1", "glibc_random_type2", "glibc_random_type3",
          "glibc_random_type4", "hybrid_taus"]


@pytest.mark.parametrize("engine", PSEUDO)
def test_every_engine_is_the_c_api_in_pieces(engine):
    # Three calls of 1000, 24 and 976 values continue one stream: the C API's single call of 2000.
    g = gpurng.Generator(engine, seed=7)
    got = np.concatenate([g.random(1000), g.random(24), g.random(976)])
    assert np.array_equal(got, _c_api(engine, "gpurngGenerateUniformDouble", 2000, np.float64, 7))
    assert np.all((got > 0) & (got < 1)) or engine == "drand48"  # drand48's are in [0, 1)
    g = gpurng.Generator(engine, seed=7)
    wide = engine in ("ranmar48", "ranmar48x", "drand48")
    bits = g.bits(2000)
    assert bits.dtype == (np.uint64 if wide else np.uint32)
    fn = "gpurngGenerateLongLong" if wide else "gpurngGenerate"
    assert np.array_equal(bits, _c_api(engine, fn, 2000, bits.dtype, 7))
    if engine not in NORMALS:  # the C API's engine x method table: the legacy engines serve uniforms and words
        with pytest.raises(gpurng.EngineTypeError):
            gpurng.Generator(engine, seed=7).normal(1000)
        return
    n = gpurng.Generator(engine, seed=7).normal(1000, loc=1.0, scale=2.0)
    assert np.array_equal(n, _c_api(engine, "gpurngGenerateNormalDouble", 1000, np.float64, 7, 1.0, 2.0))
    assert abs(n.mean() - 1.0) < 0.3 and abs(n.std() - 2.0) < 0.3


def test_quasi_random_points_and_dtypes():
    # Sobol' (cuRAND's layout): 4 points of dimension 1, then of dimension 2, each x 2^-32 + 2^-32.
    pts = gpurng.Generator("sobol32", dimensions=2).random(8)
    expect = np.array([0, 0.5, 0.75, 0.25, 0, 0.5, 0.25, 0.75]) + 2.0**-32
    assert np.array_equal(pts, expect)
    f = gpurng.Generator("philox", seed=1).random(5, dtype=np.float32)
    assert f.dtype == np.float32
    assert gpurng.Generator("philox", seed=1).poisson(4.0, size=1000).dtype == np.uint32
    ln = gpurng.Generator("philox", seed=1).lognormal(1000, mean=0.0, sigma=0.5)
    assert np.all(ln > 0)


def test_out_arrays_and_scalars():
    g = gpurng.Generator("philox", seed=3)
    out = np.empty((10, 10))
    assert g.random(out=out) is out
    assert isinstance(gpurng.Generator("philox", seed=3).random(), float)
    assert np.array_equal(out.ravel(), gpurng.Generator("philox", seed=3).random(100))
    with pytest.raises(TypeError):
        g.random(out=np.empty(4, dtype=np.float32))  # dtype float64 asked
    with pytest.raises(ValueError):
        g.random(out=np.empty((4, 4))[:, 0])  # not contiguous
    with pytest.raises(TypeError):
        g.random(out=[0.0, 0.0])


def test_statuses_become_exceptions():
    with pytest.raises(gpurng.OutOfRangeError) as e:
        gpurng.Generator("ranmar", seed=10**12)  # above CERNLIB's largest IJKL
    assert e.value.name == "GPURNG_STATUS_OUT_OF_RANGE" and e.value.call == "gpurngSetPseudoRandomGeneratorSeed"
    assert isinstance(e.value, ValueError) and isinstance(e.value, gpurng.Error)
    with pytest.raises(gpurng.EngineTypeError):
        gpurng.Generator("ranmar48", seed=1)._fill("gpurngGenerate", 4, None, np.uint32)  # a 48-bit engine
    with pytest.raises(gpurng.Error) as e:
        gpurng.Generator("xorwow", seed=1).normal(3)  # Box-Muller pairs: even counts only
    assert e.value.status != 0
    with pytest.raises(ValueError):
        gpurng.Generator("no such engine")
    with pytest.raises(ValueError):
        gpurng.Generator("sobol32", seed=4)


def test_the_corsika_demonstration_numbers():
    # tools/demo.sh's CORSIKA-style program (examples/fortran/corsika_demo.f90), built against a CPU RMMARD written
    # like CERNLIB's (tests/legacy/reference/ref_corsika.F), prints for sequence 1 (seed 1000003 + 17) "event 1,
    # first call's 3 numbers: 0.2947374267209284 0.4116577961034764 0.0434646949433919".
    got = gpurng.Generator("rmmard", seed=1000003 * 1 + 17).random(3)
    for value, printed in zip(got, [0.2947374267209284, 0.4116577961034764, 0.0434646949433919]):
        assert abs(value - printed) < 1e-16
    # A restart from RMMAQD's triple (seed, NTOT, NTOT2): the position is NTOT2 * 10**9 + NTOT numbers.
    g = gpurng.Generator("rmmard", seed=1000020)
    ahead = g.random(1234)
    again = gpurng.Generator("rmmard", seed=1000020)
    again.offset = 0 * 10**9 + 1000
    assert np.array_equal(again.random(234), ahead[1000:])


def test_legacy_streams_by_their_triple():
    from gpurng.legacy import LegacyStream
    # The demonstration's event 1 (RMMAQD seed 1000003 + 17), drawn through the per-object stream.
    s = LegacyStream("rmmard", ijkl=1000020)
    for value, printed in zip(s.draw(3), [0.2947374267209284, 0.4116577961034764, 0.0434646949433919]):
        assert abs(value - printed) < 1e-16
    # Saving and resuming by the triple, past a billion: the resumed stream continues the first exactly.
    a = LegacyStream("rm48", ijkl=1802, ntot=999_999_998, ntot2=2)
    first = a.draw(5)
    assert a.restart == (1802, 3, 3)  # 2 * 10**9 + 999999998 + 5 numbers
    b = LegacyStream("rm48", *a.restart[:1], ntot=a.restart[1], ntot2=a.restart[2])
    assert np.array_equal(b.draw(4), a.draw(4))
    whole = gpurng.Generator("ranmar48", 1802)
    whole.offset = 2 * 10**9 + 999_999_998
    assert np.array_equal(whole.random(5), first)
    # RANMAR's REALs: float32, exactly the 24-bit values r 2^-24 (Marsaglia, Zaman and James' vector at 20000).
    r = LegacyStream("ranmar", ijkl=54217137, ntot=20000)
    got = r.draw(6)
    assert got.dtype == np.float32
    assert [int(x * 2**24) for x in got] == [6533892, 14220222, 7275067, 6172232, 8354498, 10633180]
    with pytest.raises(ValueError):
        LegacyStream("rmmar")
    with pytest.raises(ValueError):
        LegacyStream("rmmard", ntot=10**9)
    with pytest.raises(gpurng.OutOfRangeError):
        LegacyStream("ranmar", ijkl=900000001)
