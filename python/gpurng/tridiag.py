# SPDX-License-Identifier: BSD-3-Clause
"""Batched tridiagonal solves (gpurng_tridiag.h): every system along one axis of an array of up to three dimensions,
on numpy arrays (CPU threads) or in place on GPU arrays (CuPy, PyTorch, anything offering __cuda_array_interface__ or
__dlpack__; the GPU, queued on the caller's CUDA stream)."""
from __future__ import annotations

import numpy as np

from . import _arrays, _lib
from ._solver import ints, ptr, solver, solver_for_stream
from .errors import DeviceError, MixedMemoryError, check

ALGORITHMS = {"auto": 0, "thomas": 1, "pcr": 2, "thomas_pcr": 3}


def _check_shapes(b, coefficients) -> None:
    """b's dtype and rank, and dl, d, du of b's shape and dtype (numpy arrays or _arrays views alike)."""
    if b.dtype not in (np.float64, np.float32):
        raise TypeError(f"tridiag.solve: dtype must be float64 or float32, not {b.dtype}")
    if not 1 <= b.ndim <= 3:
        raise ValueError("tridiag.solve: b must have 1, 2 or 3 dimensions")
    for a in coefficients:
        if a.shape != b.shape or a.dtype != b.dtype:
            raise ValueError("tridiag.solve: dl, d and du must have b's shape and dtype")


def solve(dl, d, du, b, axis: int = -1, algorithm: str = "auto", overwrite_b: bool = False, info=None, *,
          cuda_stream=None):
    """Solve the tridiagonal systems running along ``axis`` of ``b`` (1-, 2- or 3-D, float64 or float32): row i of
    a system reads ``dl[i] x[i-1] + d[i] x[i] + du[i] x[i+1] = b[i]`` (dl's first and du's last row of each system
    are not read). dl, d, du have b's shape and dtype. Returns x (b itself when ``overwrite_b`` and b is
    C-contiguous). ``algorithm``: "auto", "thomas", "pcr" or "thomas_pcr" (docs/SOLVERS.md); an explicit algorithm
    gives the same bits on the CPU and the GPU. ``info``: None, or an int32 array of one entry per system (the
    other axes in C order) receiving 0 or the 1-based row of a tiny pivot; without it a tiny pivot raises
    ZeroPivotError.

    GPU arrays (all four, and ``info`` if given, device memory; C-contiguous, since nothing is copied behind the
    caller's back): the call is queued on ``cuda_stream`` (an int cudaStream_t, a CuPy or PyTorch stream), else on
    the stream b names (CuPy's current stream; PyTorch's current stream), else the default stream, and returns at
    once; the result is b itself with ``overwrite_b``, else a copy of b made by b's own library (CuPy, PyTorch) and
    solved in place. A tiny pivot raises nothing there (the GPU call cannot report it): pass a device ``info`` and
    read it after synchronising. Host and device arrays mixed raise MixedMemoryError (a TypeError)."""
    if any(_arrays.is_foreign(a) for a in (dl, d, du, b, info)):
        return _solve_arrays(dl, d, du, b, axis, algorithm, overwrite_b, info, cuda_stream)
    arrays = [np.asarray(a) for a in (dl, d, du)]
    b = np.asarray(b)
    _check_shapes(b, arrays)
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


def _read(a, name: str, stream):
    # Sequences and scalars become numpy arrays; array objects are read where they lie.
    if not isinstance(a, np.ndarray) and not _arrays.is_foreign(a):
        a = np.asarray(a)
    return _arrays.view(a, stream=stream, name=f"tridiag.solve: {name}")


def _solve_arrays(dl, d, du, b, axis, algorithm, overwrite_b, info, cuda_stream):
    """solve() where an argument is a GPU array (or any array object other than numpy's): pointers handed to the C
    call as they are, nothing copied but b (unless overwrite_b)."""
    if algorithm not in ALGORITHMS:
        raise ValueError(f"tridiag.solve: algorithm must be one of {sorted(ALGORITHMS)}")
    explicit = _arrays.stream_handle(cuda_stream)
    vb = _read(b, "b", explicit)
    stream = _arrays.resolve_stream(explicit, [vb])
    coeffs = [_read(a, n, stream) for a, n in ((dl, "dl"), (d, "d"), (du, "du"))]
    vinfo = None if info is None else _read(info, "info", stream)
    views = coeffs + [vb] + ([vinfo] if vinfo is not None else [])
    if len({v.device for v in views}) > 1:
        raise MixedMemoryError(1005, "tridiag.solve (numpy or CPU arrays with GPU arrays: every array of one call is "
                                     "host memory or every one device memory)")
    device = vb.device
    _check_shapes(vb, coeffs)
    for v, n in zip(views, ("dl", "d", "du", "b", "info")):
        if not v.c_contiguous:
            raise ValueError(f"tridiag.solve: {n} must be C-contiguous (no hidden copies of GPU arrays; strides "
                             f"{v.strides} elements for shape {v.shape})")
    x, vx = _arrays.target(b, vb, stream, overwrite_b, caller="tridiag.solve", name="b", keyword="overwrite_b")
    axis = axis % vx.ndim
    systems = vx.size // vx.shape[axis] if vx.size else 0
    if vinfo is not None and not (vinfo.dtype == np.int32 and vinfo.size == systems and not vinfo.readonly):
        raise ValueError(f"tridiag.solve: info must be a writeable contiguous int32 array of {systems} entries")
    fn = "gpurngDgtsvBatch" if vx.dtype == np.float64 else "gpurngSgtsvBatch"
    if _arrays.unreachable(views + [vx]):
        raise DeviceError(203, f"{fn} (GPU arrays, and this library has no usable GPU)")
    dims = list(reversed(vx.shape))  # the last axis is the library's dimension 0 (contiguous)
    solvedim = vx.ndim - 1 - axis
    h = solver_for_stream(stream) if device else solver()
    check(_lib.lib.gpurngSolverSetAlgorithm(h, ALGORITHMS[algorithm]), "gpurngSolverSetAlgorithm")
    info_ptr = None if vinfo is None else _lib.ctypes.cast(vinfo.c_ptr, _lib.ctypes.POINTER(_lib.ctypes.c_int))
    if device:
        check(_lib.lib.gpurngSolverSetStream(h, _arrays.c_stream(stream)), "gpurngSolverSetStream")
    try:
        status = getattr(_lib.lib, fn)(h, vx.ndim, solvedim, ints(dims), None, coeffs[0].c_ptr, coeffs[1].c_ptr,
                                       coeffs[2].c_ptr, vx.c_ptr, info_ptr)
    finally:
        if device:  # the handle keeps no stream between calls: a destroyed stream is never waited for later
            _lib.lib.gpurngSolverSetStream(h, None)
    if not (status == 1002 and vinfo is not None):  # host memory with info: tiny pivots are reported there
        check(status, fn)
    return x
