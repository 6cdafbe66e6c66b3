# SPDX-License-Identifier: BSD-3-Clause
"""gpurng from Python against numpy's and CuPy's own generators (issue 36), written as JSON.

    GPURNG_LIBRARY=build/src/libgpurng.so PYTHONPATH=python python3 bench/python/python_bench.py --out FILE

Figures (each the best of --repeats timed runs after one untimed run; GB/s of output written):
  host_fill    2^24 .. 2^26 doubles into a numpy array by gpurng.Generator(backend="cpu").random(out=) (Philox4_32_10,
               RANMAR48) and by numpy's Generator(PCG64 / MT19937).random(out=); ratio = numpy PCG64's time / this one's
  bitgen       numpy.random.Generator over gpurng.bitgen.Philox4_32_10 / RANMAR48 against numpy's Philox and PCG64, for
               random(out=), standard_normal(out=) and integers(0, 1000, size) (int64); ratio as above
  gpu_fill     only with CuPy and a GPU: gpurng.Generator(backend="auto") filling a CuPy array in place (Philox4_32_10,
               XORWOW, RANMAR48) against cupy.random.default_rng() (XORWOW bit generator) .random(n, dtype) and
               cupy.random.RandomState().random_sample(n, dtype) (cuRAND's host API, XORWOW), 2^26 and 2^28 float32
               and float64, timed by CUDA events on the current stream (CuPy's calls allocate their result: from its
               memory pool, warm after the untimed run); ratio = cupy.random.default_rng's time / this one's
  gpu_tridiag  only with CuPy and a GPU: gpurng.tridiag.solve on CuPy arrays (THOMAS, THOMAS_PCR) against a Thomas
               kernel written here in CuPy (one thread per system, systems interleaved: axis 0)
--quick runs smaller sizes (a smoke test; the CPU part then takes a few seconds).
"""
from __future__ import annotations

import argparse
import ctypes
import json
import os
import platform
import sys
import time

import numpy as np

import gpurng
from gpurng import _arrays, _lib, bitgen
from gpu_timing import cuda_best_of, store_floor


def best_of(fn, repeats: int) -> float:
    fn()  # untimed: first-touch of the output, one-time set-ups
    best = float("inf")
    for _ in range(repeats):
        t0 = time.perf_counter()
        fn()
        best = min(best, time.perf_counter() - t0)
    return best


def host_cpu() -> str:
    try:
        with open("/proc/cpuinfo") as f:
            for line in f:
                if line.startswith("model name"):
                    return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or "unknown"


def cupy_or_none():
    try:
        import cupy as cp
        if cp.cuda.runtime.getDeviceCount() < 1:
            return None, "no GPU"
        return cp, None
    except Exception as e:  # ImportError, or CUDARuntimeError without a driver or device
        return None, f"{type(e).__name__}: {e}"


def figure(group, name, n, dtype, seconds, base=None, **extra):
    nbytes = n * np.dtype(dtype).itemsize
    f = {"group": group, "name": name, "n": n, "dtype": np.dtype(dtype).name, "seconds": seconds,
         "gb_per_s": nbytes / seconds / 1e9, "ns_per_number": seconds / n * 1e9}
    if base is not None:
        f["ratio_vs_" + base[0]] = base[1] / seconds
    f.update(extra)
    return f


def host_fill(sizes, repeats):
    out = []
    for n in sizes:
        buf = np.empty(n)
        pcg = np.random.Generator(np.random.PCG64(1))
        t_pcg = best_of(lambda: pcg.random(out=buf), repeats)
        mt = np.random.Generator(np.random.MT19937(1))
        out.append(figure("host_fill", "numpy PCG64", n, np.float64, t_pcg, ("numpy_pcg64", t_pcg)))
        out.append(figure("host_fill", "numpy MT19937", n, np.float64, best_of(lambda: mt.random(out=buf), repeats),
                          ("numpy_pcg64", t_pcg)))
        for engine in ("philox4_32_10", "ranmar48"):
            g = gpurng.Generator(engine, seed=1, backend="cpu")
            out.append(figure("host_fill", f"gpurng {engine} (cpu)", n, np.float64,
                              best_of(lambda: g.random(out=buf), repeats), ("numpy_pcg64", t_pcg)))
    return out


def bitgen_figures(n, repeats):
    makers = {"numpy PCG64": lambda: np.random.PCG64(1), "numpy Philox": lambda: np.random.Philox(1),
              "gpurng.bitgen Philox4_32_10": lambda: bitgen.Philox4_32_10(1),
              "gpurng.bitgen RANMAR48": lambda: bitgen.RANMAR48(54217137)}
    buf = np.empty(n)
    calls = {"random": (lambda r: r.random(out=buf), np.float64),
             "standard_normal": (lambda r: r.standard_normal(out=buf), np.float64),
             "integers": (lambda r: r.integers(0, 1000, size=n), np.int64)}
    out = []
    for what, (call, dtype) in calls.items():
        base = None
        for name, make in makers.items():
            rng = np.random.Generator(make())
            t = best_of(lambda: call(rng), repeats)
            base = base or ("numpy_pcg64", t)
            out.append(figure("bitgen", f"{name} {what}", n, dtype, t, base))
    return out


# CuPy's own generators of the same engines (cupy.random.Generator over its cuRAND bit generators).
_CUPY_ENGINES = {"xorwow": "XORWOW", "mrg32k3a": "MRG32k3a", "philox4_32_10": "Philox4x3210"}


def gpu_fill(cp, sizes, repeats):
    """Fills of GPU arrays: gpurng.Generator(..., backend="auto").random(out=cupy array) against cupy.random.Generator
    over the same engine (allocating its result, as CuPy's API does), and the store floor: a CuPy kernel writing the
    same bytes (``buf.fill``)."""
    out = []
    for n in sizes:
        for dtype in (np.float32, np.float64):
            buf = cp.empty(n, dtype=dtype)
            floor = cuda_best_of(cp, lambda: store_floor(cp, buf), repeats)
            out.append(figure("gpu_fill", "store floor (16-byte stores, grid-stride)", n, dtype, floor,
                              ("store_floor", floor)))
            for engine, cupy_name in _CUPY_ENGINES.items():
                rng = cp.random.Generator(getattr(cp.random, cupy_name)(1))
                t_cupy = cuda_best_of(cp, lambda: rng.random(n, dtype=dtype), repeats)
                out.append(figure("gpu_fill", f"cupy.random.Generator({cupy_name}) .random", n, dtype, t_cupy,
                                  (f"cupy_{engine}", t_cupy)))
                g = gpurng.Generator(engine, seed=1, backend="auto")
                t = cuda_best_of(cp, lambda: g.random(out=buf, dtype=dtype), repeats)
                out.append(figure("gpu_fill", f"gpurng {engine} ({g.backend}) .random(out=cupy)", n, dtype, t,
                                  (f"cupy_{engine}", t_cupy), share_of_store_floor=floor / t))
            g = gpurng.Generator("ranmar48", seed=1, backend="auto")
            out.append(figure("gpu_fill", f"gpurng ranmar48 ({g.backend}) .random(out=cupy)", n, dtype,
                              cuda_best_of(cp, lambda: g.random(out=buf, dtype=dtype), repeats), ("store_floor", floor)))
            buf = None  # 2^28 doubles are 2 GiB: returned to the device before the next size
            cp.get_default_memory_pool().free_all_blocks()
    return out


def small_fill_latency(cp, calls=2000):
    """A 1 Ki-float fill into device memory: gpurng.Generator.random(out=cupy array) from Python against the same C
    call (gpurngGenerateUniform on the same generator and pointer) made directly through ctypes, each on the default
    stream and synchronous, host wall-clock per call (median of 5 batches of ``calls``)."""
    buf = cp.empty(1024, dtype=cp.float32)
    g = gpurng.Generator("philox4_32_10", seed=1, backend="auto")
    fn = gpurng._lib.lib.gpurngGenerateUniform
    ptr = ctypes.c_void_p(buf.data.ptr)

    def per_call(f):
        f()
        cp.cuda.Device().synchronize()
        times = []
        for _ in range(5):
            t0 = time.perf_counter()
            for _ in range(calls):
                f()
            cp.cuda.Device().synchronize()
            times.append((time.perf_counter() - t0) / calls)
        return sorted(times)[2]

    t_c = per_call(lambda: fn(g._h, ptr, 1024))
    t_py = per_call(lambda: g.random(out=buf, dtype=np.float32))
    return [figure("small_fill", "C gpurngGenerateUniform, 1024 floats, device memory (via ctypes)", 1024,
                   np.float32, t_c, ("c_call", t_c)),
            figure("small_fill", "gpurng.Generator.random(out=cupy), 1024 floats", 1024, np.float32, t_py,
                   ("c_call", t_c))]


_THOMAS = r"""
template <typename T>
__device__ void thomas(const T* dl, const T* d, const T* du, T* x, T* c, int m, int systems, int k) {
  // System k's row i at i * systems + k (axis 0 of a C-ordered (m, systems) array); c: the eliminated upper diagonal.
  T p = d[k];
  c[k] = du[k] / p;
  x[k] = x[k] / p;
  for (int i = 1; i < m; ++i) {
    const unsigned long long at = (unsigned long long)i * systems + k, before = at - systems;
    p = d[at] - dl[at] * c[before];
    c[at] = du[at] / p;
    x[at] = (x[at] - dl[at] * x[before]) / p;
  }
  for (int i = m - 2; i >= 0; --i) {
    const unsigned long long at = (unsigned long long)i * systems + k;
    x[at] -= c[at] * x[at + systems];
  }
}
extern "C" __global__ void thomas_d(const double* dl, const double* d, const double* du, double* x, double* c,
                                    int m, int systems) {
  const int k = blockIdx.x * blockDim.x + threadIdx.x;
  if (k < systems) thomas(dl, d, du, x, c, m, systems, k);
}
"""


def gpu_tridiag(cp, repeats, m=256, systems=2**16):
    shape = (m, systems)
    rng = np.random.default_rng(3)
    dl, du = (cp.asarray(rng.uniform(-1, 1, shape)) for _ in range(2))
    d = cp.asarray(2.5 + rng.uniform(0, 1, shape))
    b = cp.asarray(rng.standard_normal(shape))
    x = cp.empty_like(b)
    out = []
    n = m * systems
    for algorithm in ("thomas", "thomas_pcr"):
        def run():
            x[...] = b
            gpurng.tridiag.solve(dl, d, du, x, axis=0, algorithm=algorithm, overwrite_b=True)
        out.append(figure("gpu_tridiag", f"gpurng tridiag.solve {algorithm} (copy of b included)", n, np.float64,
                          cuda_best_of(cp, run, repeats), systems=systems, m=m))
    ours = x.copy()
    kernel = cp.RawModule(code=_THOMAS, options=("-std=c++11",)).get_function("thomas_d")
    c = cp.empty_like(b)

    def reference():
        x[...] = b
        kernel(((systems + 127) // 128,), (128,), (dl, d, du, x, c, np.int32(m), np.int32(systems)))
    t = cuda_best_of(cp, reference, repeats)
    cp.cuda.get_current_stream().synchronize()
    agree = float(cp.max(cp.abs(x - ours)))
    out.append(figure("gpu_tridiag", "CuPy RawKernel Thomas, one thread per system (copy of b included)", n,
                      np.float64, t, systems=systems, m=m, max_abs_difference_from_gpurng=agree))
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--out", required=True, help="the JSON file to write")
    ap.add_argument("--repeats", type=int, default=3)
    ap.add_argument("--quick", action="store_true", help="small sizes: a smoke test")
    args = ap.parse_args()
    cp, why_no_gpu = cupy_or_none()
    device = "none"
    if cp is not None:
        props = cp.cuda.runtime.getDeviceProperties(cp.cuda.Device().id)
        device = props["name"].decode() if isinstance(props["name"], bytes) else str(props["name"])
    report = {
        "command": " ".join([sys.executable] + sys.argv),
        "device": device,
        "host_cpu": host_cpu(),
        "cpu_count": os.cpu_count(),
        "python": platform.python_version(),
        "numpy": np.__version__,
        "cupy": getattr(cp, "__version__", None),
        "library": _lib._find(),
        "library_has_gpu": _arrays.library_has_gpu(),
        "gpurng_threads": os.environ.get("GPURNG_THREADS"),
        "repeats": args.repeats,
        "figures": [],
        "skipped": [],
    }
    host_sizes = [2**18, 2**19] if args.quick else [2**24, 2**25, 2**26]
    report["figures"] += host_fill(host_sizes, args.repeats)
    report["figures"] += bitgen_figures(2**18 if args.quick else 2**22, args.repeats)
    if cp is None:
        report["skipped"].append(f"gpu_fill, gpu_tridiag: no CuPy with a GPU ({why_no_gpu})")
    elif not report["library_has_gpu"]:
        report["skipped"].append("gpu_fill, gpu_tridiag: this libgpurng has no usable GPU")
    else:
        report["figures"] += gpu_fill(cp, [2**20] if args.quick else [2**26, 2**28], args.repeats)
        report["figures"] += small_fill_latency(cp, calls=200 if args.quick else 2000)
        try:
            report["figures"] += gpu_tridiag(cp, args.repeats, systems=2**10 if args.quick else 2**16)
        except Exception as e:  # the reference kernel needs NVRTC; the rest stands without it
            report["skipped"].append(f"gpu_tridiag: {type(e).__name__}: {e}")
    with open(args.out, "w") as f:
        json.dump(report, f, indent=1)
    for fig in report["figures"]:
        ratio = next((f"  x{v:.2f}" for k, v in fig.items() if k.startswith("ratio_vs_")), "")
        print(f"{fig['group']:12} {fig['name']:62} n={fig['n']:<10} {fig['dtype']:8} {fig['gb_per_s']:8.2f} GB/s"
              f" {fig['seconds'] * 1e6:10.2f} us" + ratio)
    for s in report["skipped"]:
        print("skipped:", s)


if __name__ == "__main__":
    main()
