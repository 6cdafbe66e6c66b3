# SPDX-License-Identifier: BSD-3-Clause
"""gpurng filling CuPy arrays in place on the GPU, on CuPy's stream, solving tridiagonal systems held by CuPy and
stepping the heat equation on a CuPy grid (issue 36; docs/PYTHON.md, "GPU arrays"). Without CuPy, a GPU or a libgpurng built with CUDA it says so and exits 0.

    GPURNG_LIBRARY=build/src/libgpurng.so PYTHONPATH=python python3 examples/python/cupy_fill.py
"""
import sys

import numpy as np

import gpurng
import gpurng.pde as pde
import gpurng.tridiag as tridiag

try:
    import cupy as cp
    if cp.cuda.runtime.getDeviceCount() < 1:
        raise RuntimeError("no device")
except Exception as e:  # ImportError, or CuPy's CUDARuntimeError without a driver or device
    print(f"cupy_fill: skipped (CuPy with a GPU is needed: {type(e).__name__}: {e})")
    sys.exit(0)
try:
    g = gpurng.Generator("philox4_32_10", seed=1234, backend="cuda")
except gpurng.DeviceError as e:
    print(f"cupy_fill: skipped (this libgpurng has no usable GPU: {e})")
    sys.exit(0)

# 2^24 float32 uniforms written by the GPU straight into a CuPy array, queued on CuPy's current stream.
u = cp.empty(2**24, dtype=cp.float32)
g.random(out=u, dtype=np.float32)
print(f"mean of {u.size} uniforms: {float(u.mean()):.6f}")
# The same numbers as the CPU makes from the same seed and position, bit for bit.
assert np.array_equal(cp.asnumpy(u), gpurng.Generator("philox4_32_10", seed=1234).random(2**24, dtype=np.float32))

# On a stream of one's own: arrays made there name it, and the fill is queued there (synchronise before reading).
s = cp.cuda.Stream(non_blocking=True)
with s:
    z = cp.empty((1024, 1024), dtype=cp.float64)
    g.normal(out=z, loc=0.0, scale=2.0)
    print(f"normals on a side stream: std {float(z.std()):.4f} (2 expected)")
s.synchronize()

# Tridiagonal systems along axis 0 of a CuPy array, solved on the GPU in place.
n, m = 4096, 256
rhs = cp.ones((m, n))
x = tridiag.solve(cp.full((m, n), -1.0), cp.full((m, n), 4.0), cp.full((m, n), -1.0), rhs, axis=0,
                  algorithm="thomas_pcr", overwrite_b=True)
# The same call on numpy arrays (CPU threads): the same bits, as every explicit algorithm gives on both.
expect = tridiag.solve(np.full((m, n), -1.0), np.full((m, n), 4.0), np.full((m, n), -1.0), np.ones((m, n)), axis=0,
                       algorithm="thomas_pcr")
assert np.array_equal(cp.asnumpy(x), expect)
print(f"tridiagonal: {n} systems of {m} rows, x[0..2] = {cp.asnumpy(x[:3, 0])}")

# The heat equation on a 128^3 CuPy grid by Douglas ADI, stepped on the GPU in place: the sine mode (1, 1, 1) decays
# by the scheme's amplification factor each step, and the grid is the CPU's bit for bit.
n, steps, dt = 128, 20, 1e-4
h = 1.0 / (n + 1)
s1 = np.sin(np.pi * np.arange(1, n + 1) * h)
mode = np.einsum("i,j,k->ijk", s1, s1, s1)
grid = cp.asarray(mode)
pde.heat_adi(grid, h, dt, steps, overwrite=True)
z = dt / h**2 * -4 * np.sin(np.pi * h / 2) ** 2  # r mu for each dimension
factor = (1 + 3 * z / (1 - 0.5 * z) ** 3) ** steps
print(f"heat: decay {float(grid[64, 64, 64] / mode[64, 64, 64]):.8f} after {steps} steps, the scheme's {factor:.8f}")
assert np.array_equal(cp.asnumpy(grid), pde.heat_adi(mode, h, dt, steps))
