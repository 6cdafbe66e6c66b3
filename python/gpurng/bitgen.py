# SPDX-License-Identifier: BSD-3-Clause
"""numpy bit generators over the library's engines: ``numpy.random.Generator(gpurng.bitgen.RANMAR48(54217137))``
draws every numpy distribution from the library's stream, through the C library's own callbacks (gpurng_bitgen.h:
numpy's ``bitgen_t`` filled from a buffer the library refills in bulk, so no Python runs per number).

Each class is one engine; its seed is the engine's own integer seed (RANMAR's IJKL, drand48's X0, ...; None: the
engine's default), placed on ``stream`` (docs/SCALING.md's stream table) at ``offset`` raw words. How the raw words
make numpy's 32- and 64-bit draws and doubles is the table in docs/PYTHON.md (and include/gpurng_bitgen.h).
"""
from __future__ import annotations

import ctypes
from typing import List, Optional

import numpy as np
from numpy.random import BitGenerator, SeedSequence

from . import _lib
from .errors import check
from .generator import ENGINES

__all__ = ["LibraryBitGenerator", "RANMAR", "RANMAR48", "RANMAR48X", "MINSTD", "MINSTD48271", "DRAND48",
           "GLIBC_RANDOM_TYPE0", "GLIBC_RANDOM_TYPE1", "GLIBC_RANDOM_TYPE2", "GLIBC_RANDOM_TYPE3", "GLIBC_RANDOM_TYPE4",
           "XORWOW", "MRG32k3a", "Philox4_32_10", "HybridTaus"]

_p = ctypes.c_void_p
_ull = ctypes.c_ulonglong
_lib._declare("gpurngCreateBitgen", ctypes.POINTER(_p), _p, ctypes.c_size_t)
_lib._declare("gpurngDestroyBitgen", _p)
_lib._declare("gpurngBitgenWordBits", _p, ctypes.POINTER(ctypes.c_int))
_lib._declare("gpurngBitgenGetPosition", _p, ctypes.POINTER(_ull))
_lib._declare("gpurngBitgenSetPosition", _p, _ull)
_lib._declare("gpurngBitgenPlace", _p, _ull, _ull, _ull)
_lib._declare("gpurngBitgenFillRaw", _p, _p, ctypes.c_size_t)
_lib._declare("gpurngBitgenStatus", _p)
_lib._declare("gpurngGetStreamLimits", _p, ctypes.POINTER(_ull), ctypes.POINTER(_ull))

# numpy's Generator takes the bitgen_t from a capsule named "BitGenerator" (numpy/random/bit_generator.pyx).
_CAPSULE_NAME = b"BitGenerator"
_capsule_new = ctypes.pythonapi.PyCapsule_New
_capsule_new.restype = ctypes.py_object
_capsule_new.argtypes = [_p, ctypes.c_char_p, _p]

# Each engine's default seed (include/gpurng.h): what a generator is seeded with when the caller gives none.
_DEFAULT_SEEDS = {"ranmar": 54217137, "ranmar48": 54217137, "ranmar48x": 54217137, "minstd": 1, "minstd48271": 1,
                  "drand48": 0, "glibc_random_type0": 1, "glibc_random_type1": 1, "glibc_random_type2": 1,
                  "glibc_random_type3": 1, "glibc_random_type4": 1, "xorwow": 0, "mrg32k3a": 0, "philox4_32_10": 0,
                  "hybrid_taus": 0}


def _rebuild(cls, buffer_words: int = 0):
    """Unpickling: a bit generator of class ``cls`` (its state then set by __setstate__, or by numpy 1.26's
    Generator, which calls this with the class alone)."""
    return cls(buffer_words=buffer_words)


class LibraryBitGenerator(BitGenerator):
    """A numpy BitGenerator over one of the library's engines (a subclass per engine names it).

    ``seed``: the engine's integer seed (None: its default); ``stream``: the stream id (0: the engine's sequence
    from its start); ``offset``: raw words from the stream's start; ``buffer_words``: words a refill takes (0:
    65536); ``backend``: ``"cpu"`` (CPU threads) or ``"auto"`` (the GPU where the library finds one, its numbers the
    same). Errors raise gpurng.Error subclasses naming the C status and call.
    """

    _engine = ""

    def __init__(self, seed: Optional[int] = None, *, stream: int = 0, offset: int = 0, buffer_words: int = 0,
                 backend: str = "cpu"):
        if type(self) is LibraryBitGenerator:
            raise TypeError("LibraryBitGenerator is a base class: use an engine's class (gpurng.bitgen.RANMAR48, ...)")
        # numpy's base keeps a SeedSequence for its own spawn; ours places children on stream ids instead.
        super().__init__(SeedSequence(0))
        if backend not in ("cpu", "auto"):
            raise ValueError("backend must be 'cpu' or 'auto'")
        seed = _DEFAULT_SEEDS.get(self._engine, 0) if seed is None else seed
        for name, v in (("seed", seed), ("stream", stream), ("offset", offset)):
            if not isinstance(v, (int, np.integer)) or v < 0 or v >= 2**64:
                raise ValueError(f"{name} must be an integer in 0 .. 2**64 - 1")
        self._buffer_words = int(buffer_words)
        self._backend = backend
        gen = _p()
        create = _lib.lib.gpurngCreateGeneratorHost if backend == "cpu" else _lib.lib.gpurngCreateGenerator
        check(create(ctypes.byref(gen), ENGINES[self._engine]), create.__name__)
        bg = _p()
        status = _lib.lib.gpurngCreateBitgen(ctypes.byref(bg), gen, self._buffer_words)
        if status != 0:
            _lib.lib.gpurngDestroyGenerator(gen)
            check(status, "gpurngCreateBitgen")
        self._bg = bg
        self._seed, self._stream = int(seed), int(stream)
        self._children = [int(stream) + 1]  # the next stream id spawn gives, shared with everything spawned from here
        check(_lib.lib.gpurngBitgenPlace(bg, self._seed, self._stream, int(offset)), "gpurngBitgenPlace")
        self._capsule = _capsule_new(bg, _CAPSULE_NAME, None)

    def __del__(self):
        bg = getattr(self, "_bg", None)
        if bg:
            _lib.lib.gpurngDestroyBitgen(bg)
            self._bg = None

    @property
    def capsule(self):
        """The capsule numpy.random.Generator takes the library's bitgen_t from."""
        return self._capsule

    @property
    def ctypes(self):
        raise NotImplementedError("use numpy.random.Generator(bit_generator), or random_raw for the raw words")

    @property
    def cffi(self):
        raise NotImplementedError("use numpy.random.Generator(bit_generator), or random_raw for the raw words")

    # ---- place ----

    @property
    def word_bits(self) -> int:
        """The significant bits of each raw word (24, 31, 32 or 48)."""
        bits = ctypes.c_int()
        check(_lib.lib.gpurngBitgenWordBits(self._bg, ctypes.byref(bits)), "gpurngBitgenWordBits")
        return bits.value

    @property
    def position(self) -> int:
        """The offset (raw words from the stream's start) of the next word drawn."""
        pos = _ull()
        check(_lib.lib.gpurngBitgenGetPosition(self._bg, ctypes.byref(pos)), "gpurngBitgenGetPosition")
        return pos.value

    @property
    def state(self) -> dict:
        """The engine, seed, stream and position: all that places the stream (setting it places the generator)."""
        self._check_draws()
        return {"bit_generator": type(self).__name__, "engine": self._engine, "seed": self._seed,
                "stream": self._stream, "offset": self.position}

    @state.setter
    def state(self, value: dict) -> None:
        if not isinstance(value, dict) or value.get("bit_generator") != type(self).__name__:
            raise ValueError(f"state must be a dict of a {type(self).__name__} bit generator")
        seed, stream, offset = int(value["seed"]), int(value["stream"]), int(value["offset"])
        check(_lib.lib.gpurngBitgenPlace(self._bg, seed, stream, offset), "gpurngBitgenPlace")
        self._seed, self._stream = seed, stream

    def advance(self, delta: int) -> "LibraryBitGenerator":
        """Move ``delta`` raw words on (the library's O(log n) jump); returns self, as numpy's advance does."""
        if not isinstance(delta, (int, np.integer)) or delta < 0:
            raise ValueError("delta must be a non-negative integer")
        target = self.position + int(delta)
        if target >= 2**64:
            raise ValueError("the position would pass 2**64 - 1")
        check(_lib.lib.gpurngBitgenSetPosition(self._bg, target), "gpurngBitgenSetPosition")
        return self

    def jumped(self, jumps: int = 1) -> "LibraryBitGenerator":
        """A copy ``jumps`` streams further on at the same offset: for RANMAR and the block-split engines exactly
        ``jumps`` stream lengths of draws later (docs/SCALING.md's table), for the layout engines the layout's threads
        ``jumps`` times its width of subsequences on."""
        if not isinstance(jumps, (int, np.integer)) or jumps < 0:
            raise ValueError("jumps must be a non-negative integer")
        return type(self)(self._seed, stream=self._stream + int(jumps), offset=self.position,
                          buffer_words=self._buffer_words, backend=self._backend)

    def spawn(self, n_children: int) -> List["LibraryBitGenerator"]:
        """``n_children`` new bit generators on the next unused stream ids of this one's family (it and everything
        spawned from it share one counter, which starts after its own stream), each at offset 0 with the same seed:
        disjoint streams, in the order they are spawned. (Copies made by ``jumped`` are not counted: do not mix.)"""
        if not isinstance(n_children, (int, np.integer)) or n_children < 0:
            raise ValueError("n_children must be a non-negative integer")
        out = []
        for _ in range(int(n_children)):
            child = type(self)(self._seed, stream=self._children[0], buffer_words=self._buffer_words,
                               backend=self._backend)
            child._children = self._children
            self._children[0] += 1
            out.append(child)
        return out

    @property
    def stream_limits(self) -> tuple:
        """(last stream id, raw words per stream) of this engine (docs/SCALING.md)."""
        gen = _p()
        check(_lib.lib.gpurngCreateGeneratorHost(ctypes.byref(gen), ENGINES[self._engine]),
              "gpurngCreateGeneratorHost")
        last, length = _ull(), _ull()
        try:
            check(_lib.lib.gpurngGetStreamLimits(gen, ctypes.byref(last), ctypes.byref(length)),
                  "gpurngGetStreamLimits")
        finally:
            _lib.lib.gpurngDestroyGenerator(gen)
        return last.value, length.value

    # ---- draws ----

    def random_raw(self, size=None, output: bool = True):
        """The next raw words (uint64), as numpy's random_raw: ``size`` words, or one (None)."""
        n = 1 if size is None else int(np.prod(size))
        out = np.empty(n, dtype=np.uint64)
        check(_lib.lib.gpurngBitgenFillRaw(self._bg, out.ctypes.data, n), "gpurngBitgenFillRaw")
        if not output:
            return None
        return int(out[0]) if size is None else out.reshape(size)

    def _check_draws(self) -> None:
        """numpy's draws cannot report a status: raise the one the library kept (a stream's end), if any."""
        check(_lib.lib.gpurngBitgenStatus(self._bg), "gpurngBitgenStatus (a draw through numpy)")

    # Pickling: (constructor, its arguments, state), the form numpy's Generator builds on in numpy 1.26 as in 2.x.
    def __reduce__(self):
        return (_rebuild, (type(self), self._buffer_words), self.state)

    def __setstate__(self, state: dict) -> None:
        self.state = state

    def __repr__(self) -> str:
        return f"gpurng.bitgen.{type(self).__name__}(seed={self._seed}, stream={self._stream}, offset={self.position})"


class RANMAR(LibraryBitGenerator):
    """CERNLIB RANMAR (24-bit words)."""
    _engine = "ranmar"


class RANMAR48(LibraryBitGenerator):
    """CERNLIB RM48 / CORSIKA RMMARD (48-bit words; next_double is RMMARD's value)."""
    _engine = "ranmar48"


class RANMAR48X(LibraryBitGenerator):
    """RANMAR48 with a 48-bit carry (48-bit words)."""
    _engine = "ranmar48x"


class MINSTD(LibraryBitGenerator):
    """Park and Miller's minimal standard, multiplier 16807 (31-bit words)."""
    _engine = "minstd"


class MINSTD48271(LibraryBitGenerator):
    """The minimal standard with multiplier 48271 (31-bit words)."""
    _engine = "minstd48271"


class DRAND48(LibraryBitGenerator):
    """The POSIX drand48 family (48-bit words; next_double is drand48()'s value)."""
    _engine = "drand48"


class GLIBC_RANDOM_TYPE0(LibraryBitGenerator):
    """glibc random() with a TYPE_0 state (31-bit words)."""
    _engine = "glibc_random_type0"


class GLIBC_RANDOM_TYPE1(LibraryBitGenerator):
    """glibc random() TYPE_1 (31-bit words)."""
    _engine = "glibc_random_type1"


class GLIBC_RANDOM_TYPE2(LibraryBitGenerator):
    """glibc random() TYPE_2 (31-bit words)."""
    _engine = "glibc_random_type2"


class GLIBC_RANDOM_TYPE3(LibraryBitGenerator):
    """glibc random() TYPE_3, the default state of random() and rand() (31-bit words)."""
    _engine = "glibc_random_type3"


class GLIBC_RANDOM_TYPE4(LibraryBitGenerator):
    """glibc random() TYPE_4 (31-bit words)."""
    _engine = "glibc_random_type4"


class XORWOW(LibraryBitGenerator):
    """cuRAND's XORWOW in its host-API layout (32-bit words)."""
    _engine = "xorwow"


class MRG32k3a(LibraryBitGenerator):
    """cuRAND's MRG32k3a in its host-API layout (32-bit words)."""
    _engine = "mrg32k3a"


class Philox4_32_10(LibraryBitGenerator):
    """Philox4x32-10 in cuRAND's host-API layout (32-bit words)."""
    _engine = "philox4_32_10"


class HybridTaus(LibraryBitGenerator):
    """GPU Gems 3's hybrid Tausworthe generator (32-bit words)."""
    _engine = "hybrid_taus"
