# SPDX-License-Identifier: BSD-3-Clause
"""gpurng.Generator: the library's engines filling numpy arrays in bulk through the C host API (one C call per
array, no Python per number)."""
from __future__ import annotations

import ctypes
from typing import Optional, Tuple, Union

import numpy as np

from . import _lib
from .errors import check

# Engine names and their gpurngRngType_t numbers (include/gpurng.h).
ENGINES = {
    "xorwow": 101,
    "mrg32k3a": 121,
    "philox4_32_10": 161,
    "sobol32": 201,
    "scrambled_sobol32": 202,
    "sobol64": 203,
    "scrambled_sobol64": 204,
    "ranmar": 1001,
    "ranmar48": 1002,
    "ranmar48x": 1003,
    "minstd": 1010,
    "minstd48271": 1011,
    "drand48": 1020,
    "glibc_random_type0": 1030,
    "glibc_random_type1": 1031,
    "glibc_random_type2": 1032,
    "glibc_random_type3": 1033,
    "glibc_random_type4": 1034,
    "hybrid_taus": 1040,
    "halton_rasrap": 1050,
}
ALIASES = {"philox": "philox4_32_10", "glibc_random": "glibc_random_type3", "rmmard": "ranmar48", "rm48": "ranmar48"}

# Engines whose raw outputs are 64-bit words (gpurngGenerateLongLong); the others' are 32-bit (gpurngGenerate).
_WIDE = {"ranmar48", "ranmar48x", "drand48", "sobol64", "scrambled_sobol64", "halton_rasrap"}
_QUASI = {"sobol32", "scrambled_sobol32", "sobol64", "scrambled_sobol64", "halton_rasrap"}

Size = Union[None, int, Tuple[int, ...]]


def _engine_name(engine: str) -> str:
    if not isinstance(engine, str):
        raise TypeError(f"engine must be a name (one of {sorted(ENGINES)}), not {type(engine).__name__}")
    name = ALIASES.get(engine.lower(), engine.lower())
    if name not in ENGINES:
        raise ValueError(f"unknown engine {engine!r}: one of {sorted(ENGINES)} (or {sorted(ALIASES)})")
    return name


class Generator:
    """One of the library's generators on the CPU or, where there is one, the GPU (backend ``"auto"``: the
    library's GPURNG_BACKEND rule; ``"cpu"``: always the CPU), filling numpy arrays.

    Every method writes into ``out`` when given (a C-contiguous, writeable numpy array of the method's dtype: its
    size is the count) or returns a new array of shape ``size`` (None: one value). The numbers are exactly the C
    API's for the same engine, seed and position (include/gpurng.h describes each engine's values).

    >>> g = Generator("ranmar", seed=54217137)
    >>> g.random(3)           # CERNLIB RANMAR's first three numbers for its default seed
    """

    def __init__(self, engine: str = "philox4_32_10", seed: Optional[int] = None, *, backend: str = "cpu",
                 dimensions: Optional[int] = None, stream: int = 0):
        self.engine = _engine_name(engine)
        if backend not in ("cpu", "auto"):
            raise ValueError("backend must be 'cpu' or 'auto'")
        handle = ctypes.c_void_p()
        create = _lib.lib.gpurngCreateGeneratorHost if backend == "cpu" else _lib.lib.gpurngCreateGenerator
        check(create(ctypes.byref(handle), ENGINES[self.engine]), create.__name__)
        self._h = handle
        if seed is not None:
            if self.engine in _QUASI and self.engine != "halton_rasrap":
                raise ValueError(f"{self.engine} takes no seed")
            if not isinstance(seed, (int, np.integer)) or seed < 0 or seed >= 2**64:
                raise ValueError("seed must be an integer in 0 .. 2**64 - 1")
            check(_lib.lib.gpurngSetPseudoRandomGeneratorSeed(self._h, int(seed)), "gpurngSetPseudoRandomGeneratorSeed")
        if dimensions is not None:
            check(_lib.lib.gpurngSetQuasiRandomGeneratorDimensions(self._h, int(dimensions)),
                  "gpurngSetQuasiRandomGeneratorDimensions")
        if stream:  # work item `stream` of docs/SCALING.md's table (offsets then count from its start)
            if not isinstance(stream, (int, np.integer)) or stream < 0 or stream >= 2**64:
                raise ValueError("stream must be an integer in 0 .. 2**64 - 1")
            check(_lib.lib.gpurngSetGeneratorStream(self._h, int(stream)), "gpurngSetGeneratorStream")

    def __del__(self):
        h = getattr(self, "_h", None)
        if h is not None and h.value:
            _lib.lib.gpurngDestroyGenerator(h)
            self._h = None

    def __repr__(self) -> str:
        return f"gpurng.Generator({self.engine!r}, offset={self.offset})"

    # ---- position ----
    @property
    def offset(self) -> int:
        """The generator's position (gpurngGetGeneratorOffset; its unit is the engine's, include/gpurng.h)."""
        v = ctypes.c_ulonglong()
        check(_lib.lib.gpurngGetGeneratorOffset(self._h, ctypes.byref(v)), "gpurngGetGeneratorOffset")
        return int(v.value)

    @offset.setter
    def offset(self, value: int) -> None:
        if not isinstance(value, (int, np.integer)) or value < 0 or value >= 2**64:
            raise ValueError("offset must be an integer in 0 .. 2**64 - 1")
        check(_lib.lib.gpurngSetGeneratorOffset(self._h, int(value)), "gpurngSetGeneratorOffset")

    # ---- fills ----
    @staticmethod
    def _target(size: Size, out: Optional[np.ndarray], dtype) -> Tuple[np.ndarray, bool]:
        dtype = np.dtype(dtype)
        if out is None:
            shape = () if size is None else (size if isinstance(size, tuple) else (int(size),))
            if any(int(d) < 0 for d in shape):
                raise ValueError("negative dimensions are not allowed")
            return np.empty(shape, dtype=dtype), size is None
        if not isinstance(out, np.ndarray):
            raise TypeError(f"out must be a numpy array, not {type(out).__name__}")
        if out.dtype != dtype:
            raise TypeError(f"out must have dtype {dtype}, not {out.dtype}")
        if not (out.flags.c_contiguous and out.flags.writeable):
            raise ValueError("out must be C-contiguous and writeable")
        if size is not None and np.prod(size) != out.size:
            raise ValueError("size and out disagree")
        return out, False

    def _fill(self, fn_name: str, size: Size, out, dtype, *extra):
        arr, scalar = self._target(size, out, dtype)
        fn = getattr(_lib.lib, fn_name)
        check(fn(self._h, arr.ctypes.data_as(ctypes.c_void_p), arr.size, *extra), fn_name)
        return arr[()] if scalar else arr

    def _real_fill(self, what: str, double_fn: str, float_fn: str, size: Size, out, dtype, *extra):
        dt = np.dtype(dtype)
        if dt not in (np.float64, np.float32):
            raise TypeError(f"{what}: dtype must be float64 or float32, not {dt}")
        return self._fill(double_fn if dt == np.float64 else float_fn, size, out, dt, *extra)

    def random(self, size: Size = None, dtype=np.float64, out: Optional[np.ndarray] = None):
        """Uniform numbers in (0, 1) as the engine defines them (float64: gpurngGenerateUniformDouble; float32:
        gpurngGenerateUniform)."""
        return self._real_fill("random", "gpurngGenerateUniformDouble", "gpurngGenerateUniform", size, out, dtype)

    def bits(self, size: Size = None, out: Optional[np.ndarray] = None):
        """The engine's raw words: uint32 (gpurngGenerate) or, for the 48- and 64-bit engines (RANMAR48,
        RANMAR48X, DRAND48, the 64-bit Sobol' sets, Halton), uint64 (gpurngGenerateLongLong)."""
        if self.engine in _WIDE:
            return self._fill("gpurngGenerateLongLong", size, out, np.uint64)
        return self._fill("gpurngGenerate", size, out, np.uint32)

    def normal(self, size: Size = None, loc: float = 0.0, scale: float = 1.0, dtype=np.float64,
               out: Optional[np.ndarray] = None):
        """Normal numbers loc + scale z (gpurngGenerateNormal(Double): Box-Muller pairs for the pseudo-random
        engines, so some engines take even counts only; the inverse CDF for the quasi-random ones)."""
        return self._real_fill("normal", "gpurngGenerateNormalDouble", "gpurngGenerateNormal", size, out, dtype,
                               float(loc), float(scale))

    def lognormal(self, size: Size = None, mean: float = 0.0, sigma: float = 1.0, dtype=np.float64,
                  out: Optional[np.ndarray] = None):
        """exp(mean + sigma z), z as normal()."""
        return self._real_fill("lognormal", "gpurngGenerateLogNormalDouble", "gpurngGenerateLogNormal", size, out,
                               dtype, float(mean), float(sigma))

    def poisson(self, lam: float = 1.0, size: Size = None, out: Optional[np.ndarray] = None):
        """Poisson numbers of mean ``lam`` (gpurngGeneratePoisson: the inverse CDF of each raw word), uint32."""
        return self._fill("gpurngGeneratePoisson", size, out, np.uint32, float(lam))
