# SPDX-License-Identifier: BSD-3-Clause
"""The Monte Carlo and RQMC pricers of gpurng_pricing.h (CPU threads or the GPU, as GPURNG_BACKEND says): every
result carries the estimate, its standard error and the paths behind it, under QuantLib's names too
(``npv`` / ``error_estimate``). Parameters broadcast like numpy for the models that price a batch."""
from __future__ import annotations

import ctypes
import threading
from dataclasses import dataclass

import numpy as np

from . import _lib
from .errors import check
from .generator import ENGINES, _engine_name


class _Options(ctypes.Structure):
    _fields_ = [("engine", ctypes.c_int), ("seed", ctypes.c_ulonglong), ("first_path", ctypes.c_ulonglong),
                ("paths", ctypes.c_ulonglong), ("precision", ctypes.c_int), ("antithetic", ctypes.c_int),
                ("replications", ctypes.c_int), ("brownian_bridge", ctypes.c_int), ("fast_mode", ctypes.c_int),
                ("normal_method", ctypes.c_int)]


class _Result(ctypes.Structure):
    _fields_ = [("mean", ctypes.c_double), ("std_error", ctypes.c_double)]


class _Asian(ctypes.Structure):
    _fields_ = [(n, ctypes.c_double) for n in ("A0", "B0", "muA", "muB", "sigmaAA", "sigmaAB", "sigmaBB")]


class _Garch(ctypes.Structure):
    _fields_ = [(n, ctypes.c_double) for n in ("A0", "A1", "A2", "sigma0", "eps0", "s0", "mu")]


class _Libor(ctypes.Structure):
    _fields_ = [("forwards", ctypes.c_int), ("factors", ctypes.c_int), ("steps_per_period", ctypes.c_int),
                ("delta", ctypes.c_double), ("strike", ctypes.c_double), ("initial", ctypes.POINTER(ctypes.c_double)),
                ("loadings", ctypes.POINTER(ctypes.c_double))]


class _Mbs(ctypes.Structure):
    _fields_ = [(n, ctypes.c_double) for n in ("i0", "K1", "K2", "K3", "K4", "sigma")] + [("months", ctypes.c_int)]


_P = ctypes.c_void_p
for _name in ("gpurngPriceAsianBasket", "gpurngPriceGarchLookback"):
    getattr(_lib.lib, _name).argtypes = [_P, ctypes.POINTER(_Options), ctypes.c_int, ctypes.c_int, _P, _P]
    getattr(_lib.lib, _name).restype = ctypes.c_int
_lib.lib.gpurngPriceLiborCaplets.argtypes = [_P, ctypes.POINTER(_Options), ctypes.POINTER(_Libor), _P]
_lib.lib.gpurngPriceMbs.argtypes = [_P, ctypes.POINTER(_Options), ctypes.POINTER(_Mbs), _P]
_lib.lib.gpurngCreatePricer.argtypes = [ctypes.POINTER(ctypes.c_void_p)]
_lib.lib.gpurngDestroyPricer.argtypes = [_P]
_lib.lib.gpurngPricingOptionsDefault.argtypes = [ctypes.POINTER(_Options)]
for _fn in ("gpurngPriceLiborCaplets", "gpurngPriceMbs", "gpurngCreatePricer", "gpurngDestroyPricer",
            "gpurngPricingOptionsDefault"):
    getattr(_lib.lib, _fn).restype = ctypes.c_int

_NORMALS = {"default": 0, "box_muller": 1, "inverse_cdf": 2, "wallace": 3}


@dataclass
class Estimate:
    """A pricing result: ``price`` (the estimate; also ``npv``), ``std_error`` (also ``error_estimate``) and
    ``paths`` (paths, antithetic pairs or RQMC points per replication). Arrays for a batch."""
    price: np.ndarray
    std_error: np.ndarray
    paths: int

    @property
    def npv(self):
        return self.price

    @property
    def error_estimate(self):
        return self.std_error


class _Pricer:
    def __init__(self):
        self.h = ctypes.c_void_p()
        check(_lib.lib.gpurngCreatePricer(ctypes.byref(self.h)), "gpurngCreatePricer")

    def __del__(self):
        if getattr(self, "h", None) is not None and self.h.value:
            _lib.lib.gpurngDestroyPricer(self.h)


_local = threading.local()


def _handle():
    """The calling thread's pricer (made on first use), as the solver calls keep one solver a thread."""
    p = getattr(_local, "pricer", None)
    if p is None:
        p = _local.pricer = _Pricer()
    return p.h


def _options(engine, seed, paths, antithetic, replications, precision, first_path, brownian_bridge, fast_mode,
             normal_method) -> _Options:
    o = _Options()
    check(_lib.lib.gpurngPricingOptionsDefault(ctypes.byref(o)), "gpurngPricingOptionsDefault")
    name = _engine_name(engine)
    o.engine = ENGINES[name]
    o.seed = int(seed)
    o.first_path = int(first_path)
    o.paths = int(paths)
    if precision not in ("double", "float"):
        raise ValueError("precision must be 'double' or 'float'")
    o.precision = 0 if precision == "double" else 1
    o.antithetic = int(bool(antithetic))
    o.replications = int(replications)
    o.brownian_bridge = int(bool(brownian_bridge))
    o.fast_mode = int(bool(fast_mode))
    if normal_method not in _NORMALS:
        raise ValueError(f"normal_method must be one of {sorted(_NORMALS)}")
    o.normal_method = _NORMALS[normal_method]
    return o


_COMMON = dict(engine="philox4_32_10", seed=0, paths=65536, antithetic=False, replications=32, precision="double",
               first_path=0, brownian_bridge=False, fast_mode=False, normal_method="default")


def _batch(fn_name: str, struct, names, values, steps: int, opts) -> Estimate:
    arrays = np.broadcast_arrays(*[np.asarray(v, np.float64) for v in values])
    shape = arrays[0].shape
    flat = [a.ravel() for a in arrays]
    n = flat[0].size
    params = (struct * n)()
    for k in range(n):
        for name, col in zip(names, flat):
            setattr(params[k], name, float(col[k]))
    results = (_Result * n)()
    o = _options(**opts)
    check(getattr(_lib.lib, fn_name)(_handle(), ctypes.byref(o), int(steps), n, ctypes.cast(params, _P),
                                     ctypes.cast(results, _P)), fn_name)
    price = np.array([r.mean for r in results]).reshape(shape)
    se = np.array([r.std_error for r in results]).reshape(shape)
    return Estimate(price, se, int(o.paths))


def asian_basket(A0, B0, muA, muB, sigmaAA, sigmaAB, sigmaBB, *, steps: int = 256, **options) -> Estimate:
    """GPU Gems 3 ch. 37's two-asset Asian basket (gpurngPriceAsianBasket), every parameter per time step; the
    parameters broadcast to a batch priced on common paths. ``options``: engine, seed, paths, antithetic,
    replications (RQMC), precision ("double"/"float"), first_path, fast_mode, normal_method."""
    opts = {**_COMMON, **options}
    return _batch("gpurngPriceAsianBasket", _Asian, [f[0] for f in _Asian._fields_],
                  (A0, B0, muA, muB, sigmaAA, sigmaAB, sigmaBB), steps, opts)


def garch_lookback(A0, A1, A2, sigma0, eps0, s0, mu, *, steps: int = 15, **options) -> Estimate:
    """GPU Gems 3 ch. 37's lookback under GARCH(1,1) (gpurngPriceGarchLookback); parameters broadcast."""
    opts = {**_COMMON, **options}
    return _batch("gpurngPriceGarchLookback", _Garch, [f[0] for f in _Garch._fields_],
                  (A0, A1, A2, sigma0, eps0, s0, mu), steps, opts)


def libor_caplets(initial, loadings, *, delta: float, strike: float, steps_per_period: int = 1,
                  **options) -> Estimate:
    """Every caplet of a LIBOR market model (gpurngPriceLiborCaplets): ``initial`` the n forwards, ``loadings`` the
    (factors, n) volatility loadings. Returns n estimates (caplet 0 exact)."""
    init = np.ascontiguousarray(initial, np.float64)
    load = np.ascontiguousarray(np.atleast_2d(loadings), np.float64)
    if load.shape[1] != init.size:
        raise ValueError("loadings must have shape (factors, forwards)")
    p = _Libor(init.size, load.shape[0], int(steps_per_period), float(delta), float(strike),
               init.ctypes.data_as(ctypes.POINTER(ctypes.c_double)),
               load.ctypes.data_as(ctypes.POINTER(ctypes.c_double)))
    results = (_Result * init.size)()
    o = _options(**{**_COMMON, **options})
    check(_lib.lib.gpurngPriceLiborCaplets(_handle(), ctypes.byref(o), ctypes.byref(p), ctypes.cast(results, _P)),
          "gpurngPriceLiborCaplets")
    return Estimate(np.array([r.mean for r in results]), np.array([r.std_error for r in results]), int(o.paths))


def mbs(i0: float, K1: float, K2: float, K3: float, K4: float, sigma: float, months: int = 360,
        **options) -> Estimate:
    """Caflisch, Morokoff and Owen's mortgage-backed security (gpurngPriceMbs): one estimate."""
    p = _Mbs(float(i0), float(K1), float(K2), float(K3), float(K4), float(sigma), int(months))
    r = _Result()
    o = _options(**{**_COMMON, **options})
    check(_lib.lib.gpurngPriceMbs(_handle(), ctypes.byref(o), ctypes.byref(p), ctypes.byref(r)), "gpurngPriceMbs")
    return Estimate(np.float64(r.mean), np.float64(r.std_error), int(o.paths))
