# SPDX-License-Identifier: BSD-3-Clause
"""The PDE steppers of gpurng_pde.h on numpy arrays (CPU threads): the one-factor Black-Scholes PDE for a batch of
options, the heat equation by ADI (also on GPU arrays: CuPy, PyTorch, anything offering __cuda_array_interface__ or
__dlpack__), and the two- and three-asset Black-Scholes PDE by ADI. Parameters broadcast like numpy; results carry
the C call's outputs as named fields."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Optional

import numpy as np

from . import _arrays, _lib
from ._solver import ints, ptr, solver, solver_for_stream
from .errors import DeviceError, check

SCHEMES_1D = {"explicit": 0, "implicit": 1, "crank_nicolson": 2}
ADI_SCHEMES = {"douglas": 0, "hundsdorfer_verwer": 1}
PAYOFFS = {"arithmetic_call": 0, "geometric_call": 1, "max_call": 2}
KINDS = {"call": 0, "put": 1, "american_call": 2, "american_put": 3}


@dataclass
class PdeResult:
    """Prices at S0 and their sensitivities, per option (shape of the broadcast parameters); ``info`` 0 where the
    option was priced (see gpurng_pde.h for the other codes, whose options hold NaN); ``grid`` the final grids when
    asked for."""
    price: np.ndarray
    delta: np.ndarray
    gamma: Optional[np.ndarray]
    info: np.ndarray
    grid: Optional[np.ndarray] = None


def _dtype(dtype):
    dt = np.dtype(dtype)
    if dt not in (np.float64, np.float32):
        raise TypeError(f"dtype must be float64 or float32, not {dt}")
    return dt, "Double" if dt == np.float64 else "Float"


def black_scholes_1d(S0, strike, rate, sigma, maturity, kind="call", *, J: int = 255, N: int = 2500,
                     Smax: float = 400.0, scheme: str = "crank_nicolson", grid: bool = False,
                     dtype=np.float64) -> PdeResult:
    """A batch of European or American options on Giles' BS_1D grid (gpurngBlackScholesPde1d*: J intervals of
    [0, Smax], N steps). ``kind``: "call", "put", "american_call", "american_put" (or their gpurng_pde.h numbers);
    every parameter broadcasts against the others."""
    dt, suffix = _dtype(dtype)
    if scheme not in SCHEMES_1D:
        raise ValueError(f"scheme must be one of {sorted(SCHEMES_1D)}")
    kinds = np.vectorize(lambda k: KINDS[k] if isinstance(k, str) else int(k), otypes=[np.int32])(np.asarray(kind))
    arrays = np.broadcast_arrays(np.asarray(S0, dt), np.asarray(strike, dt), np.asarray(rate, dt),
                                 np.asarray(sigma, dt), np.asarray(maturity, dt), kinds)
    shape = arrays[0].shape
    S0_, K_, r_, s_, T_ = (np.ascontiguousarray(a, dt).ravel() for a in arrays[:5])
    kind_ = np.ascontiguousarray(arrays[5], np.int32).ravel()
    n = S0_.size
    price, delta, gamma = (np.empty(n, dt) for _ in range(3))
    info = np.zeros(n, np.int32)
    g = np.empty((n, J + 1), dt) if grid else None
    fn = f"gpurngBlackScholesPde1d{suffix}"
    status = getattr(_lib.lib, fn)(solver(), SCHEMES_1D[scheme], J, N, float(Smax), n, ptr(kind_), ptr(S0_), ptr(K_),
                                   ptr(r_), ptr(s_), ptr(T_), ptr(price), ptr(delta), ptr(gamma), ptr(g), ptr(info))
    if status not in (0, 1002, 1006):  # a tiny pivot or a rejected option: reported per option in info
        check(status, fn)
    return PdeResult(price.reshape(shape), delta.reshape(shape), gamma.reshape(shape), info.reshape(shape),
                     None if g is None else g.reshape(shape + (J + 1,)))


def heat_adi(u, h, dt: float, steps: int, theta: float = 0.5, *, overwrite: bool = False, cuda_stream=None):
    """``steps`` Douglas ADI steps of the heat equation u_t = Laplacian u (gpurngHeatAdi*) on the interior nodes
    ``u`` of a 2- or 3-D box (numpy axes in any order: the last is the library's dimension 0), spacing ``h`` per axis
    (a number or one per axis), zero values outside. Returns the stepped grid: ``u`` itself with ``overwrite`` (when
    it is C-contiguous and writeable), else a new array of u's kind.

    A GPU array (C-contiguous, float32 or float64) is stepped on the device, queued on ``cuda_stream`` (an int
    cudaStream_t, a CuPy or PyTorch stream), else on the stream the array names (CuPy's current stream; PyTorch's
    current stream), else the default stream; the call returns once queued. Without ``overwrite`` the new array is
    the array library's own copy (numpy, CuPy and PyTorch)."""
    if _arrays.is_foreign(u):
        return _heat_adi_array(u, h, dt, steps, theta, overwrite, cuda_stream)
    u = np.asarray(u)
    dt_, suffix = _dtype(u.dtype)
    if u.ndim not in (2, 3):
        raise ValueError("heat_adi: u must have 2 or 3 dimensions")
    hs = np.broadcast_to(np.asarray(h, dt_), (u.ndim,))
    x = u if (overwrite and u.flags.c_contiguous and u.flags.writeable) else np.array(u, order="C", copy=True)
    n = list(reversed(x.shape))
    h_lib = np.ascontiguousarray(hs[::-1], dt_)
    fn = f"gpurngHeatAdi{suffix}"
    check(getattr(_lib.lib, fn)(solver(), 0, x.ndim, ints(n), ptr(h_lib), float(dt), float(theta), int(steps), ptr(x)),
          fn)
    return x


def _heat_adi_array(u, h, dt, steps, theta, overwrite, cuda_stream):
    """heat_adi() on an array object other than numpy's: its pointer handed to the C call, nothing copied unless
    asked for (no overwrite)."""
    explicit = _arrays.stream_handle(cuda_stream)
    vu = _arrays.view(u, stream=explicit, name="heat_adi: u")
    stream = _arrays.resolve_stream(explicit, [vu])
    dt_, suffix = _dtype(vu.dtype)
    if vu.ndim not in (2, 3):
        raise ValueError("heat_adi: u must have 2 or 3 dimensions")
    if not vu.c_contiguous:
        raise ValueError(f"heat_adi: u must be C-contiguous (no hidden copies of GPU arrays; strides {vu.strides} "
                         f"elements for shape {vu.shape})")
    x, vx = _arrays.target(u, vu, stream, overwrite, caller="heat_adi", name="u", keyword="overwrite")
    fn = f"gpurngHeatAdi{suffix}"
    if _arrays.unreachable([vx]):
        raise DeviceError(203, f"{fn} (a GPU array, and this library has no usable GPU)")
    hs = np.ascontiguousarray(np.broadcast_to(np.asarray(h, dt_), (vx.ndim,))[::-1], dt_)
    device = vx.device
    handle = solver_for_stream(stream) if device else solver()
    if device:
        check(_lib.lib.gpurngSolverSetStream(handle, _arrays.c_stream(stream)), "gpurngSolverSetStream")
    try:
        status = getattr(_lib.lib, fn)(handle, 0, vx.ndim, ints(list(reversed(vx.shape))), ptr(hs), float(dt),
                                       float(theta), int(steps), vx.c_ptr)
    finally:
        if device:  # the handle keeps no stream between calls, as tridiag.solve's
            _lib.lib.gpurngSolverSetStream(handle, None)
    check(status, fn)
    return x


def black_scholes_adi(S0, strike, rate, sigma, rho, maturity, *, payoff: str = "arithmetic_call", J=64, Smax=320.0,
                      N: int = 32, scheme: str = "hundsdorfer_verwer", payoff_grid=None, grid: bool = False,
                      dtype=np.float64) -> PdeResult:
    """European options on 2 or 3 correlated assets by ADI (gpurngBlackScholesAdi*). ``S0`` and ``sigma``: shape
    (..., d); ``rho``: (..., d (d - 1) / 2) pairwise correlations in the order (0,1), (0,2), (1,2); ``strike``,
    ``rate``, ``maturity``: (...); the leading axes broadcast. ``J`` and ``Smax``: per asset or one for all.
    ``payoff``: "arithmetic_call", "geometric_call", "max_call", or a grid in ``payoff_grid`` (shape
    (J_0 + 1, ..., J_{d-1} + 1), asset 0 first). Returns price, delta (..., d) and info; gamma is None."""
    dt, suffix = _dtype(dtype)
    S0 = np.asarray(S0, dt)
    d = S0.shape[-1]
    if d not in (2, 3):
        raise ValueError("black_scholes_adi: the last axis of S0 must hold 2 or 3 assets")
    pairs = d * (d - 1) // 2
    sigma = np.asarray(sigma, dt)
    rho = np.asarray(rho, dt)
    if rho.ndim == 0:
        rho = np.full(pairs, rho, dt)
    lead = np.broadcast_shapes(S0.shape[:-1], sigma.shape[:-1] if sigma.ndim else (), rho.shape[:-1],
                               np.shape(strike), np.shape(rate), np.shape(maturity))
    S0_ = np.ascontiguousarray(np.broadcast_to(S0, lead + (d,)), dt).reshape(-1)
    sg_ = np.ascontiguousarray(np.broadcast_to(sigma, lead + (d,)), dt).reshape(-1)
    rh_ = np.ascontiguousarray(np.broadcast_to(rho, lead + (pairs,)), dt).reshape(-1)
    K_, r_, T_ = (np.ascontiguousarray(np.broadcast_to(np.asarray(v, dt), lead), dt).reshape(-1)
                  for v in (strike, rate, maturity))
    n = int(np.prod(lead, dtype=np.int64))
    Js = np.broadcast_to(np.asarray(J), (d,)).astype(int)
    Sm = np.ascontiguousarray(np.broadcast_to(np.asarray(Smax, dt), (d,)), dt)
    if payoff_grid is not None:
        pg = np.asarray(payoff_grid, dt)
        if pg.shape != tuple(j + 1 for j in Js):
            raise ValueError("black_scholes_adi: payoff_grid must have shape (J_0 + 1, ..)")
        pg = np.ascontiguousarray(pg.transpose(), dt)  # asset 0 contiguous
        code = 3
    else:
        if payoff not in PAYOFFS:
            raise ValueError(f"payoff must be one of {sorted(PAYOFFS)} or a payoff_grid")
        pg, code = None, PAYOFFS[payoff]
    if scheme not in ADI_SCHEMES:
        raise ValueError(f"scheme must be one of {sorted(ADI_SCHEMES)}")
    price = np.empty(n, dt)
    delta = np.empty(n * d, dt)
    info = np.zeros(n, np.int32)
    nodes = int(np.prod(Js + 1))
    g = np.empty(n * nodes, dt) if grid else None
    fn = f"gpurngBlackScholesAdi{suffix}"
    status = getattr(_lib.lib, fn)(solver(), ADI_SCHEMES[scheme], d, ints(Js), ptr(Sm), int(N), code, ptr(pg), n,
                                   ptr(S0_), ptr(K_), ptr(r_), ptr(sg_), ptr(rh_), ptr(T_), ptr(price), ptr(delta),
                                   ptr(g), ptr(info))
    if status not in (0, 1002, 1006):
        check(status, fn)
    grids = None if g is None else g.reshape(lead + tuple(int(j) + 1 for j in Js[::-1])).swapaxes(-1, -d)
    return PdeResult(price.reshape(lead), delta.reshape(lead + (d,)), None, info.reshape(lead), grids)
