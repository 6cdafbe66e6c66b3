# SPDX-License-Identifier: BSD-3-Clause
"""gpurng.tridiag and gpurng.pde against independent references written here (numpy's dense solver, the
Black-Scholes formula, the heat equation's exact discrete decay, the geometric basket's closed form), against the
C API's own calls, and their argument checks."""
import ctypes
import math

import numpy as np
import pytest

import gpurng
import gpurng.pde as pde
import gpurng.tridiag as tridiag
from gpurng import _lib


def _systems(shape, seed, dtype=np.float64):
    rng = np.random.default_rng(seed)
    b = rng.standard_normal(shape).astype(dtype)
    dl = rng.uniform(-1, 1, shape).astype(dtype)
    du = rng.uniform(-1, 1, shape).astype(dtype)
    d = (2.5 + rng.uniform(0, 1, shape)).astype(dtype)
    return dl, d, du, b


@pytest.mark.parametrize("axis", [0, 1, 2])
def test_tridiag_every_axis_against_dense_solves(axis):
    dl, d, du, b = _systems((6, 7, 8), axis)
    x = tridiag.solve(dl, d, du, b, axis=axis)
    # Each system moved to the last axis and solved densely by numpy.
    move = lambda a: np.moveaxis(a, axis, -1).reshape(-1, a.shape[axis])
    for A_l, A_d, A_u, rhs, sol in zip(move(dl), move(d), move(du), move(b), move(x)):
        A = np.diag(A_d) + np.diag(A_l[1:], -1) + np.diag(A_u[:-1], 1)
        assert np.allclose(sol, np.linalg.solve(A, rhs), rtol=0, atol=1e-13)


def test_tridiag_thomas_bits_do_not_depend_on_the_axis():
    dl, d, du, b = _systems((9, 33), 5)
    along_last = tridiag.solve(dl, d, du, b, axis=-1, algorithm="thomas")
    t = lambda a: np.ascontiguousarray(a.T)
    along_first = tridiag.solve(t(dl), t(d), t(du), t(b), axis=0, algorithm="thomas")
    assert np.array_equal(along_last, along_first.T)


def test_tridiag_float32_pivots_and_checks():
    dl, d, du, b = _systems((4, 50), 2, np.float32)
    x = tridiag.solve(dl, d, du, b, algorithm="thomas_pcr")
    assert x.dtype == np.float32 and np.all(np.isfinite(x))
    d[2, :] = 0
    dl[2, :] = 0
    du[2, :] = 0  # system 2: a zero matrix
    with pytest.raises(gpurng.ZeroPivotError) as e:
        tridiag.solve(dl, d, du, b)
    assert e.value.call == "gpurngSgtsvBatch"
    info = np.zeros(4, np.int32)
    x = tridiag.solve(dl, d, du, b, info=info, algorithm="thomas")
    assert info.tolist()[2] == 1 and info[[0, 1, 3]].tolist() == [0, 0, 0]
    assert np.array_equal(x[2], b[2])  # a failed system keeps its right-hand side
    with pytest.raises(TypeError):
        tridiag.solve(dl.astype(np.int32), d, du, b.astype(np.int32))
    with pytest.raises(ValueError):
        tridiag.solve(dl[:, :10], d, du, b)
    with pytest.raises(gpurng.OutOfRangeError):
        big = _systems((2, 2000), 3)
        tridiag.solve(*big, algorithm="pcr")  # PCR stops at 1024 rows


def _bs_call(S, K, r, s, T):
    d1 = (math.log(S / K) + (r + s * s / 2) * T) / (s * math.sqrt(T))
    N = lambda x: 0.5 * math.erfc(-x / math.sqrt(2))
    return S * N(d1) - K * math.exp(-r * T) * N(d1 - s * math.sqrt(T))


def test_black_scholes_1d_broadcasts_and_is_the_c_call():
    strikes = np.array([90.0, 100.0, 110.0])
    r = pde.black_scholes_1d(100.0, strikes, 0.05, 0.2, 1.0, J=255, N=2500, Smax=400)
    assert r.price.shape == (3,) and r.info.tolist() == [0, 0, 0]
    for K, p in zip(strikes, r.price):
        assert abs(p - _bs_call(100, K, 0.05, 0.2, 1.0)) < 2e-3
    # The same batch by one direct C call.
    n = 3
    arr = lambda v: np.full(n, v, np.float64)
    kinds, S0, rate, sig, mat = np.zeros(n, np.int32), arr(100), arr(0.05), arr(0.2), arr(1.0)
    price, delta, gamma = np.empty(n), np.empty(n), np.empty(n)
    h = ctypes.c_void_p()
    assert _lib.lib.gpurngCreateSolver(ctypes.byref(h)) == 0
    P = lambda a: a.ctypes.data_as(ctypes.c_void_p)
    assert _lib.lib.gpurngBlackScholesPde1dDouble(h, 2, 255, 2500, 400.0, n, P(kinds), P(S0), P(strikes), P(rate),
                                                  P(sig), P(mat), P(price), P(delta), P(gamma), None, None) == 0
    _lib.lib.gpurngDestroySolver(h)
    assert np.array_equal(price, r.price) and np.array_equal(gamma, r.gamma)
    puts = pde.black_scholes_1d([[100.0], [90.0]], 100.0, 0.05, 0.2, 1.0, kind=["put", "american_put"])
    assert puts.price.shape == (2, 2) and np.all(puts.price[:, 1] >= puts.price[:, 0])
    with pytest.raises(gpurng.OutOfRangeError):
        pde.black_scholes_1d(100.0, 100.0, 0.05, -0.2, 1.0)  # negative volatility


def test_heat_adi_decays_by_the_schemes_factor():
    n, h, dt, steps = 31, 1.0 / 32, 1e-3, 20
    i = np.arange(1, n + 1) * h
    u0 = np.outer(np.sin(np.pi * i), np.sin(np.pi * i))
    u = pde.heat_adi(u0, h, dt, steps)
    z = -4 * dt / h**2 * math.sin(math.pi * h / 2) ** 2
    factor = (1 + 2 * z / (1 - z / 2) ** 2) ** steps
    assert np.max(np.abs(u - factor * u0)) < 1e-12
    assert not np.shares_memory(u, u0)


def _geometric_call(D, S0, K, s, rho, r, T):
    mu = math.log(S0) + (r - s * s / 2) * T
    v = s * s * T * (1 + (D - 1) * rho) / D
    d1 = (mu - math.log(K) + v) / math.sqrt(v)
    N = lambda x: 0.5 * math.erfc(-x / math.sqrt(2))
    return math.exp(-r * T) * (math.exp(mu + v / 2) * N(d1) - K * N(d1 - math.sqrt(v)))


def test_black_scholes_adi_against_the_closed_form_and_a_user_grid():
    exact3 = _geometric_call(3, 100, 100, 0.2, 0.3, 0.05, 1)
    r3 = pde.black_scholes_adi([100.0] * 3, 100.0, 0.05, [0.2] * 3, 0.3, 1.0, payoff="geometric_call", J=64, N=32)
    assert abs(r3.price - exact3) < 1e-2 and r3.delta.shape == (3,)
    # Two assets: the geometric payoff on numpy's own grid (sqrt is correctly rounded, as in the library) priced as a
    # user grid gives the geometric call's bits; a batch of strikes broadcasts.
    J, Smax = 64, 320.0
    S = np.arange(J + 1) * (Smax / J)
    grid = np.maximum(np.sqrt(S[:, None] * S[None, :]) - 100.0, 0.0)
    a = pde.black_scholes_adi([100.0, 100.0], 100.0, 0.05, [0.2, 0.2], 0.3, 1.0, payoff="geometric_call", J=J, N=32)
    b = pde.black_scholes_adi([100.0, 100.0], 0.0, 0.05, [0.2, 0.2], 0.3, 1.0, payoff_grid=grid, J=J, N=32)
    assert a.price == b.price and np.array_equal(a.delta, b.delta)
    batch = pde.black_scholes_adi([100.0, 100.0], [[95.0], [100.0], [105.0]], 0.05, [0.2, 0.2], 0.3, 1.0, J=32, N=16)
    assert batch.price.shape == (3, 1) and np.all(np.diff(batch.price[:, 0]) < 0)
    with pytest.raises(gpurng.OutOfRangeError):
        pde.black_scholes_adi([100.0] * 3, 100.0, 0.05, [0.2] * 3, -0.9, 1.0)  # not a correlation matrix
