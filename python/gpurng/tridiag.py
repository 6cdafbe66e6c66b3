# SPDX-License-Identifier: BSD-3-Clause
"""Batched tridiagonal solves (gpurng_tridiag.h) on numpy arrays: every system along one axis of an array of up to
three dimensions, CPU threads (host memory)."""
from __future__ import annotations

from typing import Optional

import numpy as np

from . import _lib
from ._solver import ints, ptr, solver
from .errors import check

ALGORITHMS = {"auto": 0, "thomas": 1, "pcr": 2, "thomas_pcr": 3}


def solve(dl, d, du, b, axis: int = -1, algorithm: str = "auto", overwrite_b: bool = False,
          info: Optional[np.ndarray] = None) -> np.ndarray:
    """Solve the tridiagonal systems running along ``axis`` of ``b`` (1-, 2- or 3-D, float64 or float32): row i of
    a system reads ``dl[i] x[i-1] + d[i] x[i] + du[i] x[i+1] = b[i]`` (dl's first and du's last row of each system
    are not read). dl, d, du have b's shape and dtype. Returns x (b itself when ``overwrite_b`` and b is
    C-contiguous). ``algorithm``: "auto", "thomas", "pcr" or "thomas_pcr" (docs/SOLVERS.md); an explicit algorithm
    gives the same bits on the CPU and the GPU. ``info``: None, or an int32 array of one entry per system (the
    other axes in C order) receiving 0 or the 1-based row of a tiny pivot; without it a tiny pivot raises
    ZeroPivotError."""
    arrays = [np.asarray(a) for a in (dl, d, du)]
    b = np.asarray(b)
    if b.dtype not in (np.float64, np.float32):
        raise TypeError(f"tridiag.solve: dtype must be float64 or float32, not {b.dtype}")
    if not 1 <= b.ndim <= 3:
        raise ValueError("tridiag.solve: b must have 1, 2 or 3 dimensions")
    for a in arrays:
        if a.shape != b.shape or a.dtype != b.dtype:
            raise ValueError("tridiag.solve: dl, d and du must have b's shape and dtype")
    if algorithm not in ALGORITHMS:
        raise ValueError(f"tridiag.solve: algorithm must be one of {sorted(ALGORITHMS)}")
    axis = axis % b.ndim
    arrays = [np.ascontiguousarray(a) for a in arrays]
    x = b if (overwrite_b and b.flags.c_contiguous and b.flags.writeable) else np.array(b, order="C", copy=True)
    # numpy's last axis is the library's dimension 0 (contiguous).
    dims = list(reversed(x.shape))
    solvedim = x.ndim - 1 - axis
    systems = x.size // x.shape[axis] if x.size else 0
    if info is not None:
        if not (isinstance(info, np.ndarray) and info.dtype == np.int32 and info.size == systems
                and info.flags.c_contiguous and info.flags.writeable):
            raise ValueError(f"tridiag.solve: info must be a writeable contiguous int32 array of {systems} entries")
    h = solver()
    check(_lib.lib.gpurngSolverSetAlgorithm(h, ALGORITHMS[algorithm]), "gpurngSolverSetAlgorithm")
    fn = "gpurngDgtsvBatch" if x.dtype == np.float64 else "gpurngSgtsvBatch"
    info_ptr = None if info is None else info.ctypes.data_as(_lib.ctypes.POINTER(_lib.ctypes.c_int))
    status = getattr(_lib.lib, fn)(h, x.ndim, solvedim, ints(dims), None, ptr(arrays[0]), ptr(arrays[1]),
                                   ptr(arrays[2]), ptr(x), info_ptr)
    if not (status == 1002 and info is not None):  # with info, tiny pivots are reported there, system by system
        check(status, fn)
    return x
