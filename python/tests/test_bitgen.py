# SPDX-License-Identifier: BSD-3-Clause
"""gpurng.bitgen: numpy.random.Generator over the library's engines. numpy's draws against the library's own calls
(doubles of the 48-bit engines, raw words) and against the composition rules of include/gpurng_bitgen.h applied here
to raw words, one bit at a time; state, advance, pickling, streams (spawn, jumped), a stream's end, bad input."""
import pickle

import numpy as np
import pytest

import gpurng
from gpurng import bitgen

ENGINE_CLASSES = {
    "ranmar": (bitgen.RANMAR, 24), "ranmar48": (bitgen.RANMAR48, 48), "ranmar48x": (bitgen.RANMAR48X, 48),
    "minstd": (bitgen.MINSTD, 31), "minstd48271": (bitgen.MINSTD48271, 31), "drand48": (bitgen.DRAND48, 48),
    "glibc_random_type0": (bitgen.GLIBC_RANDOM_TYPE0, 31), "glibc_random_type1": (bitgen.GLIBC_RANDOM_TYPE1, 31),
    "glibc_random_type2": (bitgen.GLIBC_RANDOM_TYPE2, 31), "glibc_random_type3": (bitgen.GLIBC_RANDOM_TYPE3, 31),
    "glibc_random_type4": (bitgen.GLIBC_RANDOM_TYPE4, 31), "xorwow": (bitgen.XORWOW, 32),
    "mrg32k3a": (bitgen.MRG32k3a, 32), "philox4_32_10": (bitgen.Philox4_32_10, 32),
    "hybrid_taus": (bitgen.HybridTaus, 32),
}


def top_bits(words, b, n):
    """The header's rule written plainly: the top n bits of whole words in order, the first most significant."""
    out, taken, used = 0, 0, 0
    while taken < n:
        w = int(words[used])
        used += 1
        for bit in range(b - 1, -1, -1):
            if taken == n:
                break
            out = (out << 1) | ((w >> bit) & 1)
            taken += 1
    return out, used


@pytest.mark.parametrize("engine", sorted(ENGINE_CLASSES))
def test_raw_words_and_compositions(engine):
    cls, b = ENGINE_CLASSES[engine]
    seed = 1802 if engine.startswith("ranmar") else 12345
    words = gpurng.Generator(engine, seed).bits(4000)
    assert np.array_equal(cls(seed).random_raw(4000), words.astype(np.uint64))
    assert cls(seed).word_bits == b
    # integers over the whole 32- or 64-bit range are numpy's next_uint32 / next_uint64 themselves.
    u32 = np.random.Generator(cls(seed, buffer_words=64)).integers(0, 2**32, size=300, dtype=np.uint32)
    at, expect = 0, []
    for _ in range(300):
        v, used = top_bits(words[at:], b, 32)
        expect.append(v)
        at += used
    assert [int(x) for x in u32] == expect
    u64 = np.random.Generator(cls(seed)).integers(0, 2**64, size=300, dtype=np.uint64)
    at, expect = 0, []
    for _ in range(300):
        v, used = top_bits(words[at:], b, 64)
        expect.append(v)
        at += used
    assert [int(x) for x in u64] == expect
    # Doubles: the 48-bit engines' are the library's uniform doubles; the others' numpy's 53-bit formula.
    d = np.random.Generator(cls(seed)).random(200)
    if b == 48:
        assert np.array_equal(d, gpurng.Generator(engine, seed).random(200))
    else:
        at, expect = 0, []
        for _ in range(200):
            v, used = top_bits(words[at:], b, 64)
            expect.append((v >> 11) * 2.0**-53)
            at += used
        assert np.array_equal(d, np.array(expect))


def test_rmmard_stream_through_numpy():
    # A Fortran program's RMMARD doubles (the C API's RANMAR48 uniform doubles) from numpy's Generator.
    g = np.random.Generator(bitgen.RANMAR48(54217137))
    assert np.array_equal(g.random(10000), gpurng.Generator("ranmar48", 54217137).random(10000))
    assert g.bit_generator.position == 10000


def test_state_advance_and_pickle():
    bg = bitgen.Philox4_32_10(7, stream=3)
    g = np.random.Generator(bg)
    g.normal(size=17)
    state = bg.state
    assert state["stream"] == 3 and state["seed"] == 7
    after = g.random(5)
    bg.state = state
    assert np.array_equal(g.random(5), after)
    copy = pickle.loads(pickle.dumps(bg))
    assert copy.state == bg.state
    assert np.array_equal(np.random.Generator(copy).random(4), np.random.Generator(bg).random(4))
    # advance(n) is n raw words.
    a, b = bitgen.RANMAR(1), bitgen.RANMAR(1)
    a.random_raw(123457)
    assert a.position == b.advance(123457).position == 123457
    assert a.random_raw() == b.random_raw()
    # numpy's Generator itself pickles with its bit generator.
    gen = np.random.Generator(bitgen.XORWOW(5))
    gen.random(3)
    back = pickle.loads(pickle.dumps(gen))
    assert np.array_equal(back.random(3), gen.random(3))


def test_streams_spawn_and_jumped():
    root = bitgen.RANMAR48(99, stream=10)
    kids = root.spawn(3)
    grandkids = kids[0].spawn(2)
    streams = [k.state["stream"] for k in kids + grandkids]
    assert streams == [11, 12, 13, 14, 15]
    for k in kids:  # a child is the stream-placed generator of the C API
        s = k.state["stream"]
        assert np.array_equal(k.random_raw(50), gpurng.Generator("ranmar48", 99, stream=s).bits(50).astype(np.uint64))
    j = bitgen.MINSTD(3).jumped(2)
    assert j.state["stream"] == 2
    assert np.array_equal(j.random_raw(20), gpurng.Generator("minstd", 3, stream=2).bits(20).astype(np.uint64))


def test_stream_end_and_bad_input():
    last, length = bitgen.MINSTD(1).stream_limits
    bg = bitgen.MINSTD(1, stream=last, offset=length - 2)
    g = np.random.Generator(bg)
    g.integers(0, 2**32, size=1, dtype=np.uint32)  # two words: the stream's last two
    assert bg.position == length
    g.random()  # past the end: numpy cannot be told, the library keeps the status
    with pytest.raises(gpurng.StreamEndError):
        bg.state
    with pytest.raises(gpurng.StreamEndError):
        bg.random_raw(1)
    with pytest.raises(TypeError):
        bitgen.LibraryBitGenerator()
    with pytest.raises(ValueError):
        bitgen.RANMAR(-1)
    with pytest.raises(gpurng.OutOfRangeError):
        bitgen.RANMAR(900000001)  # above CERNLIB's IJKL range
    with pytest.raises(gpurng.OutOfRangeError):
        bitgen.MINSTD(1, stream=last + 1)
    with pytest.raises(ValueError):
        bitgen.RANMAR(1).state = {"bit_generator": "XORWOW"}


def test_example_runs(capsys):
    import runpy
    from pathlib import Path
    example = Path(__file__).resolve().parents[2] / "examples" / "python" / "numpy_rmmard.py"
    runpy.run_path(str(example), run_name="__main__")
    out = capsys.readouterr().out
    assert "first RMMARD doubles: 0.4744406094213964 0.8007360151507186 0.5163538788622652" in out


# Every drawing method of numpy's Generator with arguments in its domain, and what its values must satisfy.
DISTRIBUTIONS = {
    "random": ((), lambda x: np.all((x >= 0) & (x < 1))),
    "integers": ((-5, 7), lambda x: np.all((x >= -5) & (x < 7))),
    "choice": ((10,), lambda x: np.all((x >= 0) & (x < 10))),
    "bytes": None,  # a bytes object of the given length (below)
    "permutation": None,
    "shuffle": None,
    "permuted": None,
    "beta": ((2.0, 3.0), lambda x: np.all((x > 0) & (x < 1))),
    "binomial": ((10, 0.3), lambda x: np.all((x >= 0) & (x <= 10))),
    "chisquare": ((3.0,), lambda x: np.all(x > 0)),
    "dirichlet": None,
    "exponential": ((2.0,), lambda x: np.all(x >= 0)),
    "f": ((3.0, 5.0), lambda x: np.all(x > 0)),
    "gamma": ((2.5, 1.5), lambda x: np.all(x > 0)),
    "geometric": ((0.3,), lambda x: np.all(x >= 1)),
    "gumbel": ((0.0, 1.0), lambda x: np.all(np.isfinite(x))),
    "hypergeometric": ((7, 5, 6), lambda x: np.all((x >= 1) & (x <= 6))),
    "laplace": ((0.0, 1.0), lambda x: np.all(np.isfinite(x))),
    "logistic": ((0.0, 1.0), lambda x: np.all(np.isfinite(x))),
    "lognormal": ((0.0, 0.5), lambda x: np.all(x > 0)),
    "logseries": ((0.6,), lambda x: np.all(x >= 1)),
    "multinomial": None,
    "multivariate_hypergeometric": None,
    "multivariate_normal": None,
    "negative_binomial": ((3, 0.4), lambda x: np.all(x >= 0)),
    "noncentral_chisquare": ((3.0, 1.5), lambda x: np.all(x > 0)),
    "noncentral_f": ((3.0, 5.0, 1.5), lambda x: np.all(x > 0)),
    "normal": ((1.0, 2.0), lambda x: np.all(np.isfinite(x))),
    "pareto": ((3.0,), lambda x: np.all(x >= 0)),
    "poisson": ((4.0,), lambda x: np.all(x >= 0)),
    "power": ((2.0,), lambda x: np.all((x >= 0) & (x <= 1))),
    "rayleigh": ((1.0,), lambda x: np.all(x >= 0)),
    "standard_cauchy": ((), lambda x: np.all(np.isfinite(x))),
    "standard_exponential": ((), lambda x: np.all(x >= 0)),
    "standard_gamma": ((2.0,), lambda x: np.all(x > 0)),
    "standard_normal": ((), lambda x: np.all(np.isfinite(x))),
    "standard_t": ((4.0,), lambda x: np.all(np.isfinite(x))),
    "triangular": ((0.0, 1.0, 3.0), lambda x: np.all((x >= 0) & (x <= 3))),
    "uniform": ((2.0, 5.0), lambda x: np.all((x >= 2) & (x < 5))),
    "vonmises": ((0.0, 2.0), lambda x: np.all(np.abs(x) <= np.pi)),
    "wald": ((1.0, 2.0), lambda x: np.all(x > 0)),
    "weibull": ((1.5,), lambda x: np.all(x >= 0)),
    "zipf": ((2.5,), lambda x: np.all(x >= 1)),
}


@pytest.mark.parametrize("engine", sorted(ENGINE_CLASSES))
def test_every_numpy_distribution_runs(engine):
    """Every drawing method numpy's Generator has (the list above must name each one, so a numpy release that adds a
    method fails here until it is added) runs on every bit generator, with values in the distribution's support."""
    drawing = {name for name in dir(np.random.Generator)
               if not name.startswith("_") and name not in ("bit_generator", "spawn")}
    assert drawing <= set(DISTRIBUTIONS), sorted(drawing - set(DISTRIBUTIONS))
    rng = np.random.Generator(ENGINE_CLASSES[engine][0](12345))
    n = 200
    for name in sorted(drawing):
        spec = DISTRIBUTIONS[name]
        if spec is not None:
            args, ok = spec
            x = getattr(rng, name)(*args, size=n)
            assert x.shape == (n,) and ok(x), name
    assert len(rng.bytes(16)) == 16
    assert sorted(rng.permutation(20).tolist()) == list(range(20))
    a = np.arange(20)
    rng.shuffle(a)
    assert sorted(a.tolist()) == list(range(20))
    assert sorted(rng.permuted(np.arange(20)).tolist()) == list(range(20))
    d = rng.dirichlet([1.0, 2.0, 3.0], size=n)
    assert np.allclose(d.sum(axis=1), 1.0) and np.all(d >= 0)
    m = rng.multinomial(10, [0.2, 0.3, 0.5], size=n)
    assert np.all(m.sum(axis=1) == 10)
    h = rng.multivariate_hypergeometric([3, 4, 5], 6, size=n)
    assert np.all(h.sum(axis=1) == 6) and np.all(h <= [3, 4, 5])
    z = rng.multivariate_normal([0.0, 1.0], [[1.0, 0.3], [0.3, 2.0]], size=n)
    assert z.shape == (n, 2) and np.all(np.isfinite(z))
