# SPDX-License-Identifier: BSD-3-Clause
"""gpurng.pricing against the reference values examples/c/pricing_mbs.c uses (Caflisch, Morokoff and Owen's
"nearly linear" MBS: 131.786860 +- 0.000116 from 2^20 antithetic pairs; GPU Gems 3's Asian basket P1: 0.013278 +-
0.000049), batches against their sets priced alone (common random numbers: the same bits), and the exceptions."""
import math

import numpy as np
import pytest

import gpurng
import gpurng.pricing as pricing

MBS = dict(i0=0.007, K1=0.01, K2=-0.005, K3=10.0, K4=0.5, sigma=0.02, months=360)
P1 = (1.5, 1.2, 0.001, 0.002, 0.02, 0.01, 0.015)


def _within(est, ref, ref_se, k=5):
    return abs(est.price - ref) <= k * math.hypot(est.std_error, ref_se)


def test_mbs_monte_carlo_and_rqmc_against_the_reference():
    mc = pricing.mbs(**MBS, engine="philox", seed=1234, paths=1 << 14, antithetic=True)
    assert mc.paths == 1 << 14 and mc.npv == mc.price and mc.error_estimate == mc.std_error
    assert _within(mc, 131.786860, 0.000116)
    rq = pricing.mbs(**MBS, engine="scrambled_sobol32", paths=1024, replications=16)
    assert _within(rq, 131.786860, 0.000116) and rq.std_error < mc.std_error * 2


def test_asian_basket_batch_is_each_set_alone():
    sig_bb = np.array([0.015, 0.02, 0.01])
    batch = pricing.asian_basket(*P1[:6], sig_bb, steps=256, seed=1234, paths=1 << 12)
    assert batch.price.shape == (3,)
    for k, s in enumerate(sig_bb):
        alone = pricing.asian_basket(*P1[:6], s, steps=256, seed=1234, paths=1 << 12)
        assert alone.price == batch.price[k] and alone.std_error == batch.std_error[k]
    p1 = pricing.asian_basket(*P1, steps=256, seed=1234, paths=1 << 14)
    assert _within(p1, 0.013278, 0.000049)


def test_garch_and_libor_run_and_check():
    g = pricing.garch_lookback(1e-6, 0.8, 0.1, 0.01, 0.0, 1.0, 0.0, steps=15, seed=7, paths=1 << 12)
    assert g.price > 0 and g.std_error > 0
    caps = pricing.libor_caplets([0.05] * 8, [[0.2] * 8], delta=0.5, strike=0.05, seed=3, paths=1 << 12)
    assert caps.price.shape == (8,) and caps.std_error[0] == 0.0 and np.all(caps.price[1:] > 0)
    with pytest.raises(gpurng.InvalidValueError) as e:
        pricing.mbs(**MBS, engine="sobol32", antithetic=True)  # antithetic paths need a pseudo-random engine
    assert e.value.call == "gpurngPriceMbs"
    with pytest.raises(gpurng.OutOfRangeError):
        pricing.mbs(**{**MBS, "months": 5000})
    with pytest.raises(ValueError):
        pricing.mbs(**MBS, precision="half")
