# SPDX-License-Identifier: BSD-3-Clause
"""gpurng.Generator: the library's engines filling numpy arrays, and GPU arrays in place (CuPy, PyTorch, anything
offering __cuda_array_interface__ or __dlpack__), in bulk through the C host API (one C call per array, no Python per
number)."""
from __future__ import annotations

import ctypes
from typing import Optional, Tuple, Union

import numpy as np

from . import _arrays, _lib
from .errors import DeviceError, check

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
    """One of the library's generators on the CPU or, where there is one, the GPU, filling numpy arrays and GPU
    arrays.

    ``backend``: ``"cpu"`` (gpurngCreateGeneratorHost: CPU threads, host memory only; a GPU array is refused with
    TypeError), ``"auto"`` (gpurngCreateGenerator: the library's GPURNG_BACKEND rule, the GPU where one is usable,
    else the CPU, and either writes device memory) or ``"cuda"`` (as "auto", but gpurng.DeviceError unless the
    library picked the GPU). ``stream``: the work item (stream id) of docs/SCALING.md the generator starts on.
    ``cuda_stream``: the CUDA stream of device-memory fills (an int cudaStream_t, a CuPy or PyTorch stream, None);
    the methods take one too.

    Every method writes into ``out`` when given (a C-contiguous, writeable array of the method's dtype: a numpy
    array, or a GPU array offering ``__cuda_array_interface__`` or ``__dlpack__``; its size is the count) or returns
    a new numpy array of shape ``size`` (None: one value). The numbers are exactly the C API's for the same engine,
    seed and position (include/gpurng.h describes each engine's values), whatever the backend and memory.

    A device-memory fill runs on the method's ``cuda_stream``, else the generator's, else the stream the array
    names (CuPy's current stream, PyTorch's current stream of the tensor's device), else the default stream. On a
    stream other than the default one such a fill may return once its work is queued (gpurngSetStream), as CuPy's
    and PyTorch's own operations do: synchronise that stream before reading the numbers on the host, and before
    using the generator on another stream (the library does not order one generator's calls across streams).
    Host-memory fills are synchronous.

    >>> g = Generator("ranmar", seed=54217137)
    >>> g.random(3)           # CERNLIB RANMAR's first three numbers for its default seed
    """

    def __init__(self, engine: str = "philox4_32_10", seed: Optional[int] = None, *, backend: str = "cpu",
                 dimensions: Optional[int] = None, stream: int = 0, cuda_stream=None):
        self.engine = _engine_name(engine)
        if backend not in ("cpu", "auto", "cuda"):
            raise ValueError("backend must be 'cpu', 'auto' or 'cuda'")
        self._cuda_stream = _arrays.stream_handle(cuda_stream)
        self._set_stream = None  # the stream last handed to gpurngSetStream (None: NULL, the library's default)
        handle = ctypes.c_void_p()
        create = _lib.lib.gpurngCreateGeneratorHost if backend == "cpu" else _lib.lib.gpurngCreateGenerator
        check(create(ctypes.byref(handle), ENGINES[self.engine]), create.__name__)
        self._h = handle
        self._host_only = backend == "cpu"
        if backend == "cuda" and self.backend != "cuda":
            _lib.lib.gpurngDestroyGenerator(handle)
            self._h = None
            raise DeviceError(203, "gpurngCreateGenerator (backend='cuda': the library chose the CPU; no usable GPU, "
                                   "a build without CUDA, or GPURNG_BACKEND=cpu)")
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

    @property
    def backend(self) -> str:
        """Where the generator runs: "cpu" or "cuda" (gpurngGetBackend)."""
        b = ctypes.c_int()
        check(_lib.lib.gpurngGetBackend(self._h, ctypes.byref(b)), "gpurngGetBackend")
        return "cuda" if b.value == 2 else "cpu"

    @property
    def cuda_stream(self) -> Optional[int]:
        """The CUDA stream of device-memory fills when a method names none (None: the array's, else the default)."""
        return self._cuda_stream

    @cuda_stream.setter
    def cuda_stream(self, value) -> None:
        self._cuda_stream = _arrays.stream_handle(value)

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
    def _target(self, size: Size, out, dtype, cuda_stream):
        """(the array written, its pointer, its size, what keeps it alive during the call, whether a scalar is
        returned, the call's stream). numpy arrays take a short path: small calls are mostly this overhead."""
        dtype = np.dtype(dtype)
        explicit = self._stream_for(cuda_stream)
        if out is None:
            shape = () if size is None else (size if isinstance(size, tuple) else (int(size),))
            if any(int(d) < 0 for d in shape):
                raise ValueError("negative dimensions are not allowed")
            arr = np.empty(shape, dtype=dtype)
            return arr, arr.__array_interface__["data"][0], arr.size, arr, size is None, explicit
        if isinstance(out, np.ndarray):
            if out.dtype != dtype:
                raise TypeError(f"out must have dtype {dtype}, not {out.dtype}")
            if not (out.flags.c_contiguous and out.flags.writeable):
                raise ValueError("out must be C-contiguous and writeable")
            if size is not None and np.prod(size) != out.size:
                raise ValueError("size and out disagree")
            return out, out.__array_interface__["data"][0], out.size, out, False, explicit
        if self._host_only and _arrays.claims_device(out):
            # gpurngCreateGeneratorHost's generators take every pointer for host memory and would write a device
            # pointer from CPU threads: refused here, before anything is exported.
            raise TypeError(f"out ({type(out).__name__}) is device memory, and a generator of backend='cpu' writes "
                            "host memory only: use backend='auto' or backend='cuda'")
        a = _arrays.output(out, dtype, stream=explicit)
        if size is not None and np.prod(size) != a.size:
            raise ValueError("size and out disagree")
        if _arrays.unreachable([a]):
            raise DeviceError(203, "gpurng.Generator (out is device memory and this library has no usable GPU)")
        return out, a.ptr, a.size, a, False, _arrays.resolve_stream(explicit, [a])

    def _stream_for(self, cuda_stream) -> Optional[int]:
        return _arrays.stream_handle(cuda_stream) if cuda_stream is not None else self._cuda_stream

    def _fill(self, fn_name: str, size: Size, out, dtype, *extra, cuda_stream=None):
        arr, ptr, count, keep, scalar, stream = self._target(size, out, dtype, cuda_stream)
        if stream != self._set_stream:
            check(_lib.lib.gpurngSetStream(self._h, _arrays.c_stream(stream)), "gpurngSetStream")
            self._set_stream = stream
        fn = getattr(_lib.lib, fn_name)
        check(fn(self._h, ptr or None, count, *extra), fn_name)
        del keep  # the array (and any DLPack export, whose capsule frees it) was held until the call returned
        return arr[()] if scalar else arr

    def _real_fill(self, what: str, double_fn: str, float_fn: str, size: Size, out, dtype, *extra, cuda_stream=None):
        dt = np.dtype(dtype)
        if dt not in (np.float64, np.float32):
            raise TypeError(f"{what}: dtype must be float64 or float32, not {dt}")
        return self._fill(double_fn if dt == np.float64 else float_fn, size, out, dt, *extra, cuda_stream=cuda_stream)

    def random(self, size: Size = None, dtype=np.float64, out=None, *, cuda_stream=None):
        """Uniform numbers in (0, 1) as the engine defines them (float64: gpurngGenerateUniformDouble; float32:
        gpurngGenerateUniform)."""
        return self._real_fill("random", "gpurngGenerateUniformDouble", "gpurngGenerateUniform", size, out, dtype,
                               cuda_stream=cuda_stream)

    def bits(self, size: Size = None, out=None, *, cuda_stream=None):
        """The engine's raw words: uint32 (gpurngGenerate) or, for the 48- and 64-bit engines (RANMAR48,
        RANMAR48X, DRAND48, the 64-bit Sobol' sets, Halton), uint64 (gpurngGenerateLongLong)."""
        if self.engine in _WIDE:
            return self._fill("gpurngGenerateLongLong", size, out, np.uint64, cuda_stream=cuda_stream)
        return self._fill("gpurngGenerate", size, out, np.uint32, cuda_stream=cuda_stream)

    def normal(self, size: Size = None, loc: float = 0.0, scale: float = 1.0, dtype=np.float64, out=None, *,
               cuda_stream=None):
        """Normal numbers loc + scale z (gpurngGenerateNormal(Double): Box-Muller pairs for the pseudo-random
        engines, so some engines take even counts only; the inverse CDF for the quasi-random ones)."""
        return self._real_fill("normal", "gpurngGenerateNormalDouble", "gpurngGenerateNormal", size, out, dtype,
                               float(loc), float(scale), cuda_stream=cuda_stream)

    def lognormal(self, size: Size = None, mean: float = 0.0, sigma: float = 1.0, dtype=np.float64, out=None, *,
                  cuda_stream=None):
        """exp(mean + sigma z), z as normal()."""
        return self._real_fill("lognormal", "gpurngGenerateLogNormalDouble", "gpurngGenerateLogNormal", size, out,
                               dtype, float(mean), float(sigma), cuda_stream=cuda_stream)

    def poisson(self, lam: float = 1.0, size: Size = None, out=None, *, cuda_stream=None):
        """Poisson numbers of mean ``lam`` (gpurngGeneratePoisson: the inverse CDF of each raw word), uint32."""
        return self._fill("gpurngGeneratePoisson", size, out, np.uint32, float(lam), cuda_stream=cuda_stream)
