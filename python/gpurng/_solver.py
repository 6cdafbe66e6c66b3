# SPDX-License-Identifier: BSD-3-Clause
"""The gpurngSolver_t handles of the solver and PDE calls: one per thread of the caller's, made on first use, and for
device-memory calls on a CUDA stream one per thread and stream."""
from __future__ import annotations

import ctypes
import threading

import numpy as np

from . import _lib
from .errors import check

_local = threading.local()


class _Solver:
    def __init__(self):
        self.h = ctypes.c_void_p()
        check(_lib.lib.gpurngCreateSolver(ctypes.byref(self.h)), "gpurngCreateSolver")

    def __del__(self):
        if getattr(self, "h", None) is not None and self.h.value:
            _lib.lib.gpurngDestroySolver(self.h)


def solver() -> ctypes.c_void_p:
    s = getattr(_local, "solver", None)
    if s is None:
        s = _local.solver = _Solver()
    return s.h


def solver_for_stream(stream: int | None) -> ctypes.c_void_p:
    """The handle for device-memory calls queued on CUDA stream ``stream`` (None: the default stream, the thread's
    one handle). A handle's device scratch serves one stream at a time: two calls on different streams sharing it
    could overlap on the GPU, so each stream gets a handle of its own (the thread's last few streams kept; one
    dropped frees its scratch with cudaFree, which waits for the device)."""
    if stream is None:
        return solver()
    by_stream = getattr(_local, "by_stream", None)
    if by_stream is None:
        by_stream = _local.by_stream = {}
    s = by_stream.pop(stream, None)
    if s is None:
        s = _Solver()
        while len(by_stream) >= _STREAM_HANDLES:
            by_stream.pop(next(iter(by_stream)))  # the least recently used
    by_stream[stream] = s  # most recently used last
    return s.h


_STREAM_HANDLES = 8


def ptr(a: np.ndarray | None) -> ctypes.c_void_p | None:
    return None if a is None else a.ctypes.data_as(ctypes.c_void_p)


def ints(values) -> ctypes.Array:
    return (ctypes.c_int * len(values))(*[int(v) for v in values])
