# SPDX-License-Identifier: BSD-3-Clause
"""The gpurngSolver_t handle the solver and PDE calls share (one per thread of the caller's, made on first use)."""
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


def ptr(a: np.ndarray | None) -> ctypes.c_void_p | None:
    return None if a is None else a.ctypes.data_as(ctypes.c_void_p)


def ints(values) -> ctypes.Array:
    return (ctypes.c_int * len(values))(*[int(v) for v in values])
