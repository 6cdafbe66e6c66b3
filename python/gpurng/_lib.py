# SPDX-License-Identifier: BSD-3-Clause
"""Loading libgpurng and declaring the C functions the package calls (ctypes: no compilation against Python).

The library is found, in order: the path in the environment variable GPURNG_LIBRARY; libgpurng.so beside this
package (a wheel puts it there); the system's (ctypes.util.find_library).
"""
from __future__ import annotations

import ctypes
import ctypes.util
import os
from pathlib import Path

_c_status = ctypes.c_int
_c_handle = ctypes.c_void_p


def _find() -> str:
    env = os.environ.get("GPURNG_LIBRARY")
    if env:
        return env
    here = Path(__file__).resolve().parent
    for name in ("libgpurng.so", "libgpurng.so.0", "libgpurng.dylib"):
        if (here / name).exists():
            return str(here / name)
    found = ctypes.util.find_library("gpurng")
    if found:
        return found
    raise ImportError("libgpurng not found: set GPURNG_LIBRARY to the library's path, or install the wheel")


lib = ctypes.CDLL(_find())


def _declare(name: str, *args, restype=_c_status) -> None:
    fn = getattr(lib, name)
    fn.argtypes = list(args)
    fn.restype = restype


_p = ctypes.c_void_p
_size = ctypes.c_size_t
_ull = ctypes.c_ulonglong

_declare("gpurngGetErrorString", _c_status, restype=ctypes.c_char_p)
_declare("gpurngCreateGenerator", ctypes.POINTER(_c_handle), ctypes.c_int)
_declare("gpurngCreateGeneratorHost", ctypes.POINTER(_c_handle), ctypes.c_int)
_declare("gpurngDestroyGenerator", _c_handle)
_declare("gpurngSetPseudoRandomGeneratorSeed", _c_handle, _ull)
_declare("gpurngSetGeneratorOffset", _c_handle, _ull)
_declare("gpurngGetGeneratorOffset", _c_handle, ctypes.POINTER(_ull))
_declare("gpurngSetGeneratorStream", _c_handle, _ull)
_declare("gpurngSetQuasiRandomGeneratorDimensions", _c_handle, ctypes.c_uint)
_declare("gpurngGenerate", _c_handle, _p, _size)
_declare("gpurngGenerateLongLong", _c_handle, _p, _size)
_declare("gpurngGenerateUniform", _c_handle, _p, _size)
_declare("gpurngGenerateUniformDouble", _c_handle, _p, _size)
_declare("gpurngGenerateNormal", _c_handle, _p, _size, ctypes.c_float, ctypes.c_float)
_declare("gpurngGenerateNormalDouble", _c_handle, _p, _size, ctypes.c_double, ctypes.c_double)
_declare("gpurngGenerateLogNormal", _c_handle, _p, _size, ctypes.c_float, ctypes.c_float)
_declare("gpurngGenerateLogNormalDouble", _c_handle, _p, _size, ctypes.c_double, ctypes.c_double)
_declare("gpurngGeneratePoisson", _c_handle, _p, _size, ctypes.c_double)
_declare("gpurngGetBackend", _c_handle, ctypes.POINTER(ctypes.c_int))
_declare("gpurngSetStream", _c_handle, _p)  # gpurngCudaStream_t: a cudaStream_t, NULL the default stream
_declare("gpurngCreateWorkers", ctypes.POINTER(_c_handle), ctypes.c_int, ctypes.POINTER(ctypes.c_int), ctypes.c_int)
_declare("gpurngDestroyWorkers", _c_handle)

# gpurng_tridiag.h and gpurng_pde.h
_ip = ctypes.POINTER(ctypes.c_int)
_declare("gpurngCreateSolver", ctypes.POINTER(_c_handle))
_declare("gpurngDestroySolver", _c_handle)
_declare("gpurngSolverSetStream", _c_handle, _p)
_declare("gpurngSolverSetAlgorithm", _c_handle, ctypes.c_int)
_declare("gpurngSolverGetLastAlgorithm", _c_handle, _ip)
_declare("gpurngSgtsvBatch", _c_handle, ctypes.c_int, ctypes.c_int, _ip, _ip, _p, _p, _p, _p, _ip)
_declare("gpurngDgtsvBatch", _c_handle, ctypes.c_int, ctypes.c_int, _ip, _ip, _p, _p, _p, _p, _ip)
for _t, _f in (("Double", ctypes.c_double), ("Float", ctypes.c_float)):
    _declare(f"gpurngBlackScholesPde1d{_t}", _c_handle, ctypes.c_int, ctypes.c_int, ctypes.c_int, _f, ctypes.c_int,
             _p, _p, _p, _p, _p, _p, _p, _p, _p, _p, _p)
    _declare(f"gpurngHeatAdi{_t}", _c_handle, ctypes.c_int, ctypes.c_int, _ip, _p, _f, _f, ctypes.c_int, _p)
    _declare(f"gpurngBlackScholesAdi{_t}", _c_handle, ctypes.c_int, ctypes.c_int, _ip, _p, ctypes.c_int, ctypes.c_int,
             _p, ctypes.c_int, _p, _p, _p, _p, _p, _p, _p, _p, _p, _p)
