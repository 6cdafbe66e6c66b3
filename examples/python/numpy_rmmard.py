# SPDX-License-Identifier: BSD-3-Clause
"""numpy's distributions on a CORSIKA-style RMMARD stream (issue 36; docs/PYTHON.md, "numpy bit generators").

A Fortran air-shower run seeded with IJKL 54217137 draws RMMARD's doubles; the same stream behind
numpy.random.Generator gives numpy's whole set of distributions, and its uniforms are the Fortran run's numbers.
Each shower of a parallel run takes its own stream id (docs/SCALING.md), here by spawn.

    GPURNG_LIBRARY=build/src/libgpurng.so PYTHONPATH=python python3 examples/python/numpy_rmmard.py
"""
import numpy as np

import gpurng
from gpurng import bitgen

rng = np.random.Generator(bitgen.RANMAR48(54217137))
u = rng.random(3)
print("first RMMARD doubles:", " ".join(f"{x:.16f}" for x in u))
assert np.array_equal(u, gpurng.Generator("rmmard", seed=54217137).random(3))  # the C API's RMMARD values

print("exponential(2):", rng.exponential(2.0, size=2), " gamma(3):", rng.gamma(3.0, size=2))
print("where the stream stands:", rng.bit_generator.state)

showers = [np.random.Generator(b) for b in bitgen.RANMAR48(54217137).spawn(4)]
energies = [s.lognormal(mean=10.0, sigma=1.5, size=1000).mean() for s in showers]
print("mean primary energy per shower stream:", " ".join(f"{e:.1f}" for e in energies))
