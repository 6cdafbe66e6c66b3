# SPDX-License-Identifier: BSD-3-Clause
"""GPU arrays (__cuda_array_interface__, DLPack) through gpurng.Generator, gpurng.tridiag.solve and
gpurng.pde.heat_adi.

Without a GPU (CI): objects offering a numpy array's host memory through __cuda_array_interface__ or __dlpack__, so
that every step but the memory kind is exercised (the library, asking the CUDA runtime, finds host memory and fills
it on the CPU): the numbers must be the numpy path's bit for bit, and every refusal raises its documented exception.
With CuPy or PyTorch and a GPU: fills of CUDA arrays, on the default and on other streams, against the host fill of
the same generator state bit for bit, and tridiagonal solves and heat steps on CuPy and PyTorch arrays against the
numpy results."""
import gc
import os
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

import gpurng
import gpurng.pde as pde
import gpurng.tridiag as tridiag
from gpurng import _arrays


class CudaArrayInterface:
    """A numpy array's memory offered the way a GPU array offers its own (the CUDA array interface)."""

    def __init__(self, a, *, version=3, stream=None, readonly=False, typestr=None, strides="auto", mask=None):
        self.a, self.version, self.stream, self.readonly = a, version, stream, readonly
        self.typestr, self.strides, self.mask = typestr, strides, mask

    @property
    def __cuda_array_interface__(self):
        a = self.a
        strides = self.strides
        if strides == "auto":
            strides = None if a.flags.c_contiguous else a.strides
        d = {"shape": a.shape, "typestr": self.typestr or a.dtype.str, "data": (a.ctypes.data, self.readonly),
             "strides": strides, "version": self.version}
        if self.version >= 3:
            d["stream"] = self.stream
        if self.mask is not None:
            d["mask"] = self.mask
        return d


class DLPackOnly:
    """A numpy array behind DLPack alone (its own type hidden), DLPack 1.0 where numpy offers it."""

    def __init__(self, a):
        self.a = a

    def __dlpack_device__(self):
        return self.a.__dlpack_device__()

    def __dlpack__(self, **kwargs):
        return self.a.__dlpack__(**kwargs)


class DLPackLegacy(DLPackOnly):
    """As DLPackOnly, with a producer from before DLPack 1.0 (no max_version): the "dltensor" capsule."""

    def __dlpack__(self, stream=None):
        return self.a.__dlpack__(stream=stream)


class ClaimsCuda:
    """Says its memory is CUDA memory; exporting it is an error (refusals must come first)."""

    def __dlpack_device__(self):
        return (2, 0)

    def __dlpack__(self, **kwargs):
        raise AssertionError("exported although the generator cannot write device memory")


def same_bits(a, b):
    a, b = np.asarray(a), np.asarray(b)
    return a.dtype == b.dtype and a.shape == b.shape and a.tobytes() == b.tobytes()


# (method, dtype, keyword arguments); bits' dtype is the engine's word (None here).
CALLS = [("random", np.float64, {}), ("random", np.float32, {}), ("bits", None, {}),
         ("normal", np.float64, {"loc": 0.5, "scale": 2.0}), ("normal", np.float32, {"loc": 0.5, "scale": 2.0}),
         ("lognormal", np.float64, {"mean": 0.1, "sigma": 0.5}), ("lognormal", np.float32, {"mean": 0.1, "sigma": 0.5}),
         ("poisson", None, {"lam": 4.0})]
ENGINES = ["ranmar", "ranmar48", "philox4_32_10", "mrg32k3a", "xorwow"]


def _dtype(engine, method, dtype):
    if method == "bits":
        return np.uint64 if engine in ("ranmar48", "ranmar48x", "drand48") else np.uint32
    return np.uint32 if method == "poisson" else dtype


def _fill(g, method, dtype, kwargs, out, **extra):
    if method in ("bits", "poisson"):
        return getattr(g, method)(out=out, **kwargs, **extra)
    return getattr(g, method)(dtype=dtype, out=out, **kwargs, **extra)


def _serves(engine, method, dtype, kwargs):
    """Whether the engine serves the method (the C API's engine x method table), asked of a host generator."""
    try:
        _fill(gpurng.Generator(engine, seed=5), method, dtype, kwargs, np.empty(2, _dtype(engine, method, dtype)))
        return True
    except gpurng.EngineTypeError:
        return False


# ---------------------------------------------------------------- CI: the plumbing, on host memory

@pytest.mark.parametrize("engine", ENGINES)
@pytest.mark.parametrize("wrap", ["cai3", "cai2", "dlpack", "dlpack_legacy"])
def test_fills_through_the_protocols_are_the_numpy_fills(engine, wrap):
    wrappers = {"cai3": lambda a: CudaArrayInterface(a, stream=1), "cai2": lambda a: CudaArrayInterface(a, version=2),
                "dlpack": DLPackOnly, "dlpack_legacy": DLPackLegacy}
    # backend "auto": a GPU array is device memory by its protocol, which a backend="cpu" generator refuses.
    g, ref = gpurng.Generator(engine, seed=99, backend="auto"), gpurng.Generator(engine, seed=99)
    for method, dtype, kwargs in CALLS:
        dt = _dtype(engine, method, dtype)
        if not _serves(engine, method, dtype, kwargs):
            with pytest.raises(gpurng.EngineTypeError):
                _fill(g, method, dtype, kwargs, wrappers[wrap](np.empty(6, dt)))
            continue
        for shape in [(6,), (4, 6), (2, 3, 4)]:
            host = np.empty(shape, dt)
            _fill(ref, method, dtype, kwargs, host)
            buf = np.full(shape, 7, dt)
            out = wrappers[wrap](buf)
            assert _fill(g, method, dtype, kwargs, out) is out  # the object given comes back, as numpy's out=
            assert same_bits(buf, host), (method, dt, shape)
    assert g.offset == ref.offset


def test_dlpack_exports_are_released():
    # The capsule's destructor runs the export's deleter once the call is done: numpy's reference count is back.
    a = np.empty(1000)
    w, legacy = DLPackOnly(a), DLPackLegacy(a)
    g = gpurng.Generator("philox", seed=1)
    gc.collect()
    before = sys.getrefcount(a)
    for _ in range(3):
        g.random(out=w)
        g.random(out=legacy)
    gc.collect()
    assert sys.getrefcount(a) == before


def test_explicit_strides_streams_and_the_cpu_backend_for_host_dlpack():
    # Explicit C strides are C-contiguous; length-1 axes may have any stride.
    ref = gpurng.Generator("ranmar", seed=3).random((3, 1, 5))
    buf = np.empty((3, 1, 5))
    g = gpurng.Generator("ranmar", seed=3, backend="auto", cuda_stream=2)
    g.random(out=CudaArrayInterface(buf, strides=(40, 999 * 8, 8)))
    assert same_bits(buf, ref)
    assert g.cuda_stream == 2
    g.cuda_stream = None
    # Stream arguments: an int, objects with .ptr (CuPy) or .cuda_stream (PyTorch); 0 is the default stream.
    class CupyStream:
        ptr = 1

    class TorchStream:
        cuda_stream = 2

    for s in (0, 1, 2, CupyStream(), TorchStream(), np.uint64(1)):
        g.random(out=CudaArrayInterface(np.empty(4)), cuda_stream=s)
    assert _arrays.stream_handle(CupyStream()) == 1 and _arrays.stream_handle(0) is None
    with pytest.raises(TypeError):
        g.random(4, cuda_stream="stream")
    with pytest.raises(ValueError):
        g.random(4, cuda_stream=-1)
    # Host memory through DLPack (a CPU tensor, say) is host memory: the CPU backend fills it.
    host = np.empty(9)
    gpurng.Generator("philox", seed=8).random(out=DLPackOnly(host))
    assert same_bits(host, gpurng.Generator("philox", seed=8).random(9))
    # Fortran-ordered numpy arrays exported by DLPack are not C-contiguous.
    with pytest.raises(ValueError, match="C-contiguous"):
        gpurng.Generator("philox").random(out=DLPackOnly(np.empty((3, 4), order="F")))


def test_slices_and_solver_handles_per_stream():
    # A fill into the middle of an array writes there and nowhere else (pointer and DLPack byte offset).
    for wrap in (CudaArrayInterface, DLPackOnly, DLPackLegacy):
        buf = np.zeros(12)
        gpurng.Generator("philox", seed=6, backend="auto").random(out=wrap(buf[3:9]))
        assert same_bits(buf[3:9], gpurng.Generator("philox", seed=6).random(6))
        assert not buf[:3].any() and not buf[9:].any()
    # Device solves on many streams: one handle per stream, the thread's last 8 kept (host memory here: the
    # library ignores the stream, so any value serves).
    from gpurng import _solver
    dl, d, du, b = _systems((3, 9), 1)
    expect = tridiag.solve(dl, d, du, b, algorithm="thomas")
    for stream in range(100, 112):
        x = b.copy()
        tridiag.solve(*(CudaArrayInterface(a) for a in (dl, d, du)), CudaArrayInterface(x), overwrite_b=True,
                      algorithm="thomas", cuda_stream=stream)
        assert same_bits(x, expect)
    assert list(_solver._local.by_stream) == list(range(104, 112))


def test_pytorch_conventions_without_pytorch(monkeypatch):
    # PyTorch's interface (version 2) names no stream: its current stream of the tensor's device is the caller's.
    # A stand-in module and tensor type (named as PyTorch's) check that this stream is the one used, and that
    # tridiag.solve's new result comes from the tensor's own clone().
    import types
    seen = []

    class Stream:
        def __init__(self, handle):
            self.cuda_stream = handle

    fake = types.SimpleNamespace(contiguous_format="contiguous",
                                 cuda=types.SimpleNamespace(current_stream=lambda device: seen.append(device) or
                                                            Stream(0 if device == "cuda:0" else 0x51)))
    monkeypatch.setitem(sys.modules, "torch", fake)

    class Tensor(CudaArrayInterface):
        def __init__(self, a, device="cuda:1"):
            super().__init__(a, version=2)
            self.device = device

        def clone(self, memory_format=None):
            assert memory_format == "contiguous"
            return Tensor(self.a.copy(), self.device)

    Tensor.__module__ = "torch"
    assert _arrays.view(Tensor(np.empty(3))).stream == 0x51 and seen == ["cuda:1"]
    assert _arrays.view(Tensor(np.empty(3), "cuda:0")).stream is None  # the default stream
    buf = np.empty(8)
    gpurng.Generator("philox", seed=2, backend="auto").random(out=Tensor(buf))
    assert same_bits(buf, gpurng.Generator("philox", seed=2).random(8))
    dl, d, du, b = _systems((4, 6), 7)
    x = tridiag.solve(Tensor(dl), Tensor(d), Tensor(du), Tensor(b), algorithm="thomas")
    assert isinstance(x, Tensor) and same_bits(x.a, tridiag.solve(dl, d, du, b, algorithm="thomas"))
    with pytest.raises(ValueError, match="overwrite_b"):  # the copy would be on the tensor's stream, not this one
        tridiag.solve(Tensor(dl), Tensor(d), Tensor(du), Tensor(b), algorithm="thomas", cuda_stream=0x52)


def test_refusals():
    g = gpurng.Generator("philox", seed=1, backend="auto")
    with pytest.raises(TypeError, match="dtype float64"):
        g.random(out=CudaArrayInterface(np.empty(4, np.float32)))
    with pytest.raises(TypeError):
        g.bits(out=DLPackOnly(np.empty(4, np.int32)))  # uint32 asked
    with pytest.raises(TypeError):
        g.random(out=CudaArrayInterface(np.empty(4), typestr=">f8"))  # byte order: not numpy's float64
    with pytest.raises(ValueError, match="read-only"):
        g.random(out=CudaArrayInterface(np.empty(4), readonly=True))
    ro = np.empty(4)
    ro.flags.writeable = False
    with pytest.raises((ValueError, BufferError)):  # DLPack 1.0's READ_ONLY flag; numpy 1.x refuses the export itself
        g.random(out=DLPackOnly(ro))
    with pytest.raises(ValueError, match="C-contiguous"):
        g.random(out=CudaArrayInterface(np.empty((4, 6))[:, ::2]))
    with pytest.raises(ValueError, match="C-contiguous"):
        g.random(out=DLPackOnly(np.empty((4, 6))[:, ::2]))
    with pytest.raises(ValueError, match="disagree"):
        g.random(5, out=CudaArrayInterface(np.empty(6)))
    with pytest.raises(TypeError, match="version"):
        g.random(out=CudaArrayInterface(np.empty(4), version=1))
    with pytest.raises(ValueError, match="stream 0"):
        g.random(out=CudaArrayInterface(np.empty(4), stream=0))
    with pytest.raises(TypeError, match="mask"):
        g.random(out=CudaArrayInterface(np.empty(4), mask=object()))
    with pytest.raises(TypeError):
        g.random(out=[0.0, 0.0])
    # A generator of backend="cpu" writes host memory only: device memory is refused before anything is exported.
    cpu = gpurng.Generator("philox", seed=1)
    for out in (ClaimsCuda(), CudaArrayInterface(np.empty(4))):
        with pytest.raises(TypeError, match="backend='auto'"):
            cpu.random(out=out)
    assert cpu.offset == 0
    # A DLPack capsule whose device is not the one __dlpack_device__ gave.
    class Inconsistent(DLPackOnly):
        def __dlpack_device__(self):
            return (2, 0)

    with pytest.raises(BufferError):
        g.random(out=Inconsistent(np.empty(4)))
    with pytest.raises(ValueError):
        gpurng.Generator("philox", backend="gpu")


def test_backend_cuda_and_the_backend_attribute():
    assert gpurng.Generator("philox").backend == "cpu"
    if _arrays.library_has_gpu() and os.environ.get("GPURNG_BACKEND", "auto") in ("auto", "cuda", ""):
        assert gpurng.Generator("philox", backend="cuda").backend == "cuda"
    else:
        with pytest.raises(gpurng.DeviceError):
            gpurng.Generator("philox", backend="cuda")


from test_solvers import _systems  # noqa: E402  (the same diagonally dominant systems as the numpy tests)


@pytest.mark.parametrize("algorithm", ["thomas", "pcr", "thomas_pcr"])
@pytest.mark.parametrize("dtype", [np.float64, np.float32])
def test_tridiag_through_the_protocols_is_the_numpy_solve(algorithm, dtype):
    for axis in (0, 1, 2):
        dl, d, du, b = _systems((5, 6, 7), axis, dtype)
        expect = tridiag.solve(dl, d, du, b, axis=axis, algorithm=algorithm)
        for wrap in (lambda a: CudaArrayInterface(a, stream=1), CudaArrayInterface, DLPackOnly, DLPackLegacy):
            x = b.copy()
            systems = b.size // b.shape[axis]
            info = np.full(systems, -1, np.int32)
            got = tridiag.solve(wrap(dl), wrap(d), wrap(du), wrap(x), axis=axis, algorithm=algorithm,
                                overwrite_b=True, info=wrap(info))
            assert isinstance(got, (CudaArrayInterface, DLPackOnly))
            assert same_bits(x, expect) and not info.any()


def test_tridiag_refusals_and_pivots():
    dl, d, du, b = _systems((4, 50), 2)
    w = CudaArrayInterface
    # Host and device memory in one call: MixedMemoryError (a TypeError), before any C call.
    with pytest.raises(gpurng.MixedMemoryError) as e:
        tridiag.solve(dl, w(d), w(du), w(b.copy()), overwrite_b=True)
    assert isinstance(e.value, TypeError)
    with pytest.raises(gpurng.MixedMemoryError):
        tridiag.solve(w(dl), w(d), w(du), w(b.copy()), overwrite_b=True, info=np.zeros(4, np.int32))
    # No hidden copies: non-contiguous arrays are refused; a new result only for numpy, CuPy and PyTorch.
    wide = np.repeat(d, 2, axis=1)
    with pytest.raises(ValueError, match="C-contiguous"):
        tridiag.solve(w(dl), w(wide[:, ::2]), w(du), w(b.copy()), overwrite_b=True)
    with pytest.raises(TypeError, match="overwrite_b"):
        tridiag.solve(w(dl), w(d), w(du), w(b))
    with pytest.raises(ValueError, match="read-only"):
        tridiag.solve(w(dl), w(d), w(du), w(b, readonly=True), overwrite_b=True)
    with pytest.raises(TypeError):
        tridiag.solve(w(dl.astype(np.int32)), w(d), w(du), w(b.astype(np.int32)), overwrite_b=True)
    with pytest.raises(ValueError):
        tridiag.solve(w(dl[:3]), w(d), w(du), w(b.copy()), overwrite_b=True)
    with pytest.raises(ValueError, match="info"):
        tridiag.solve(w(dl), w(d), w(du), w(b.copy()), overwrite_b=True, info=w(np.zeros(3, np.int32)))
    # A zero system: on host memory ZeroPivotError, or the report in info, as the numpy path.
    d[2, :] = dl[2, :] = du[2, :] = 0
    with pytest.raises(gpurng.ZeroPivotError):
        tridiag.solve(w(dl), w(d), w(du), w(b.copy()), overwrite_b=True)
    info = np.zeros(4, np.int32)
    x = b.copy()
    tridiag.solve(w(dl), w(d), w(du), w(x), overwrite_b=True, info=w(info), algorithm="thomas")
    expect_info = np.zeros(4, np.int32)
    expect = tridiag.solve(dl, d, du, b, info=expect_info, algorithm="thomas")
    assert same_bits(info, expect_info) and info[2] == 1 and same_bits(x, expect)


def _heat_grid(shape, dtype, seed=5):
    return np.random.default_rng(seed).uniform(-1, 1, shape).astype(dtype)


@pytest.mark.parametrize("dtype", [np.float64, np.float32])
def test_heat_adi_through_the_protocols_is_the_numpy_step(dtype):
    for shape, h in (((9, 7, 11), (0.1, 0.12, 0.09)), ((13, 17), 0.05)):
        u0 = _heat_grid(shape, dtype)
        expect = pde.heat_adi(u0, h, 1e-3, 4)
        for wrap in (lambda a: CudaArrayInterface(a, stream=1), CudaArrayInterface, DLPackOnly, DLPackLegacy):
            x = u0.copy()
            got = pde.heat_adi(wrap(x), h, 1e-3, 4, overwrite=True)
            assert isinstance(got, (CudaArrayInterface, DLPackOnly))
            assert same_bits(x, expect), (shape, dtype)


def test_heat_adi_refusals():
    u = _heat_grid((6, 8, 10), np.float64)
    w = CudaArrayInterface
    with pytest.raises(TypeError, match="overwrite"):  # a new result only for numpy, CuPy and PyTorch
        pde.heat_adi(w(u), 0.1, 1e-3, 1)
    with pytest.raises(ValueError, match="read-only"):
        pde.heat_adi(w(u, readonly=True), 0.1, 1e-3, 1, overwrite=True)
    with pytest.raises(ValueError, match="C-contiguous"):
        pde.heat_adi(w(np.repeat(u, 2, axis=2)[:, :, ::2]), 0.1, 1e-3, 1, overwrite=True)
    with pytest.raises(TypeError):
        pde.heat_adi(w(u.astype(np.int32)), 0.1, 1e-3, 1, overwrite=True)
    with pytest.raises(ValueError, match="dimensions"):
        pde.heat_adi(w(u[0, 0].copy()), 0.1, 1e-3, 1, overwrite=True)
    with pytest.raises(gpurng.OutOfRangeError):  # the C call's status, as for numpy arrays
        pde.heat_adi(w(u), 0.1, -1e-3, 1, overwrite=True)
    assert same_bits(u, _heat_grid((6, 8, 10), np.float64))  # nothing was written by a refused call


def test_cupy_example_runs_or_skips():
    example = Path(__file__).resolve().parents[2] / "examples" / "python" / "cupy_fill.py"
    r = subprocess.run([sys.executable, str(example)], capture_output=True, text=True, timeout=600)
    assert r.returncode == 0, r.stdout + r.stderr


# ---------------------------------------------------------------- with a GPU: CuPy and PyTorch arrays

@pytest.fixture(scope="module")
def cp():
    cupy = pytest.importorskip("cupy")
    try:
        count = cupy.cuda.runtime.getDeviceCount()
    except Exception as e:  # CUDARuntimeError where there is no driver or device
        pytest.skip(f"CuPy finds no GPU ({e})")
    if count < 1:
        pytest.skip("CuPy finds no GPU")
    if not _arrays.library_has_gpu():
        pytest.skip("this libgpurng has no usable GPU (built without CUDA?)")
    return cupy


@pytest.fixture(scope="module")
def torch():
    torch = pytest.importorskip("torch")
    if not torch.cuda.is_available():
        pytest.skip("PyTorch finds no GPU")
    if not _arrays.library_has_gpu():
        pytest.skip("this libgpurng has no usable GPU (built without CUDA?)")
    return torch


SIZES = [1000, 2**20 + 2]  # even: the Box-Muller engines' normals come in pairs


def _check_device_fills(engine, empty, to_numpy, sync, **extra):
    """Fill device arrays made by ``empty(n, dtype)`` with a generator of backend "cuda" and host arrays with one of
    backend "cpu", the two in step: every fill must be the same bits."""
    dev, host = gpurng.Generator(engine, seed=1234, backend="cuda"), gpurng.Generator(engine, seed=1234)
    for method, dtype, kwargs in CALLS:
        dt = _dtype(engine, method, dtype)
        if not _serves(engine, method, dtype, kwargs):
            with pytest.raises(gpurng.EngineTypeError):
                _fill(dev, method, dtype, kwargs, empty(2, dt), **extra)
            continue
        for n in SIZES:
            out = empty(n, dt)
            assert _fill(dev, method, dtype, kwargs, out, **extra) is out
            expect = _fill(host, method, dtype, kwargs, np.empty(n, dt))
            sync()
            assert same_bits(to_numpy(out, dt), expect), (engine, method, dt, n)
    # The device generator's position is where the host one stands: a host-memory fill continues the stream.
    assert dev.offset == host.offset
    assert same_bits(dev.random(999), host.random(999))


@pytest.mark.parametrize("engine", ENGINES)
def test_cupy_fills_are_the_host_fills(cp, engine):
    _check_device_fills(engine, lambda n, dt: cp.empty(n, dtype=dt), lambda a, dt: cp.asnumpy(a),
                        cp.cuda.Device().synchronize)


@pytest.mark.parametrize("engine", ["ranmar", "philox4_32_10", "mrg32k3a"])
def test_cupy_fills_on_other_streams(cp, engine):
    s = cp.cuda.Stream(non_blocking=True)
    with s:  # arrays made on s name s (the interface's stream): the fills are queued there
        _check_device_fills(engine, lambda n, dt: cp.empty(n, dtype=dt), lambda a, dt: cp.asnumpy(a), s.synchronize)
    # An explicit stream, per call and per generator, outside any `with`.
    t = cp.cuda.Stream(non_blocking=True)
    for where in ("call", "generator"):
        dev = gpurng.Generator(engine, seed=77, backend="cuda", cuda_stream=t if where == "generator" else None)
        out = cp.empty((64, 1024), dtype=cp.float32)
        cp.cuda.Device().synchronize()
        if where == "call":
            dev.random(out=out, dtype=np.float32, cuda_stream=t)
        else:
            dev.random(out=out, dtype=np.float32)
        t.synchronize()
        assert same_bits(cp.asnumpy(out), gpurng.Generator(engine, seed=77).random((64, 1024), dtype=np.float32))


def test_cupy_refusals(cp):
    with pytest.raises(TypeError, match="backend='auto'"):
        gpurng.Generator("philox").random(out=cp.empty(4))
    g = gpurng.Generator("philox", backend="cuda")
    with pytest.raises(ValueError, match="C-contiguous"):
        g.random(out=cp.empty((4, 6))[:, ::2])
    with pytest.raises(TypeError):
        g.random(out=cp.empty(4, dtype=cp.float32))


def _torch_to_numpy(torch):
    signed = {np.dtype(np.uint32): torch.int32, np.dtype(np.uint64): torch.int64}

    def convert(t, dt):
        dt = np.dtype(dt)
        if dt in signed:  # reinterpreted: PyTorch's unsigned types lack most operations, .numpy() among them
            return t.view(signed[dt]).cpu().numpy().view(dt)
        return t.cpu().numpy()
    return convert


def _torch_empty(torch):
    types = {np.dtype(np.float32): torch.float32, np.dtype(np.float64): torch.float64,
             np.dtype(np.uint32): getattr(torch, "uint32", None), np.dtype(np.uint64): getattr(torch, "uint64", None)}

    def empty(n, dt):
        t = types[np.dtype(dt)]
        if t is None:
            pytest.skip("this PyTorch has no uint32 / uint64 (2.3 or later has)")
        return torch.empty(n, dtype=t, device="cuda")
    return empty


@pytest.mark.parametrize("engine", ["ranmar", "ranmar48", "philox4_32_10", "mrg32k3a"])
def test_torch_fills_are_the_host_fills(torch, engine):
    _check_device_fills(engine, _torch_empty(torch), _torch_to_numpy(torch), torch.cuda.synchronize)


def test_torch_fills_on_a_side_stream_and_through_dlpack(torch):
    s = torch.cuda.Stream()
    with torch.cuda.stream(s):  # PyTorch's current stream is the caller's stream
        _check_device_fills("philox4_32_10", _torch_empty(torch), _torch_to_numpy(torch), s.synchronize)
    # The DLPack path (the interface hidden): the producer makes its data ready on the stream the call uses.
    t = torch.empty(4096, dtype=torch.float64, device="cuda")
    gpurng.Generator("philox", seed=4, backend="cuda").random(out=DLPackOnly(t))
    torch.cuda.synchronize()
    assert same_bits(t.cpu().numpy(), gpurng.Generator("philox", seed=4).random(4096))
    u = torch.empty(4096, dtype=torch.float32, device="cuda")
    with torch.cuda.stream(s):
        gpurng.Generator("philox", seed=4, backend="cuda").random(out=DLPackOnly(u), dtype=np.float32,
                                                                  cuda_stream=s)
    s.synchronize()
    assert same_bits(u.cpu().numpy(), gpurng.Generator("philox", seed=4).random(4096, dtype=np.float32))


@pytest.mark.parametrize("algorithm", ["thomas", "pcr", "thomas_pcr"])
@pytest.mark.parametrize("axis", [0, 1, 2])
def test_cupy_tridiag_is_the_numpy_solve(cp, algorithm, axis):
    for dtype in (np.float64, np.float32):
        dl, d, du, b = _systems((6, 7, 40), 10 + axis, dtype)
        expect = tridiag.solve(dl, d, du, b, axis=axis, algorithm=algorithm)
        cdl, cd, cdu, cb = (cp.asarray(a) for a in (dl, d, du, b))
        x = tridiag.solve(cdl, cd, cdu, cb, axis=axis, algorithm=algorithm)
        assert isinstance(x, cp.ndarray) and x is not cb
        assert same_bits(cp.asnumpy(x), expect) and same_bits(cp.asnumpy(cb), b)
        # In place on another stream, with a device info array.
        cp.cuda.Device().synchronize()
        s = cp.cuda.Stream(non_blocking=True)
        with s:
            cb2 = cp.asarray(b)
            info = cp.full(b.size // b.shape[axis], -1, dtype=cp.int32)
            got = tridiag.solve(cdl, cd, cdu, cb2, axis=axis, algorithm=algorithm, overwrite_b=True, info=info)
        s.synchronize()
        assert got is cb2 and same_bits(cp.asnumpy(cb2), expect) and not cp.asnumpy(info).any()


def test_cupy_tridiag_pivots_and_refusals(cp):
    dl, d, du, b = _systems((4, 50), 3)
    d[2, :] = dl[2, :] = du[2, :] = 0
    expect_info = np.zeros(4, np.int32)
    expect = tridiag.solve(dl, d, du, b, info=expect_info, algorithm="thomas")
    info = cp.zeros(4, dtype=cp.int32)
    x = tridiag.solve(cp.asarray(dl), cp.asarray(d), cp.asarray(du), cp.asarray(b), info=info, algorithm="thomas")
    cp.cuda.Device().synchronize()
    assert same_bits(cp.asnumpy(x), expect) and same_bits(cp.asnumpy(info), expect_info)
    with pytest.raises(gpurng.MixedMemoryError):
        tridiag.solve(dl, cp.asarray(d), cp.asarray(du), cp.asarray(b))
    with pytest.raises(gpurng.MixedMemoryError):
        tridiag.solve(cp.asarray(dl), cp.asarray(d), cp.asarray(du), cp.asarray(b), info=np.zeros(4, np.int32))
    with pytest.raises(ValueError, match="C-contiguous"):
        tridiag.solve(cp.asarray(dl).T, cp.asarray(d).T, cp.asarray(du).T, cp.asarray(b).T, axis=0)


def test_cupy_heat_adi_is_the_numpy_step(cp):
    for dtype in (np.float64, np.float32):
        u0 = _heat_grid((40, 33, 29), dtype, 7)
        expect = pde.heat_adi(u0, (0.025, 0.03, 0.035), 1e-3, 3)
        cu = cp.asarray(u0)
        x = pde.heat_adi(cu, (0.025, 0.03, 0.035), 1e-3, 3)
        assert isinstance(x, cp.ndarray) and x is not cu
        assert same_bits(cp.asnumpy(x), expect) and same_bits(cp.asnumpy(cu), u0)
        # In place on another stream.
        cp.cuda.Device().synchronize()
        s = cp.cuda.Stream(non_blocking=True)
        with s:
            cu2 = cp.asarray(u0)
            got = pde.heat_adi(cu2, (0.025, 0.03, 0.035), 1e-3, 3, overwrite=True)
        s.synchronize()
        assert got is cu2 and same_bits(cp.asnumpy(cu2), expect)


def test_torch_heat_adi_is_the_numpy_step(torch):
    u0 = _heat_grid((300, 200), np.float64, 9)
    expect = pde.heat_adi(u0, (0.003, 0.005), 1e-4, 2)
    t = torch.from_numpy(u0).cuda()
    x = pde.heat_adi(t, (0.003, 0.005), 1e-4, 2)
    torch.cuda.synchronize()
    assert isinstance(x, torch.Tensor) and same_bits(x.cpu().numpy(), expect)
    assert same_bits(t.cpu().numpy(), u0)


def test_torch_tridiag_is_the_numpy_solve(torch):
    dl, d, du, b = _systems((6, 7, 40), 21)
    for axis in (0, 1, 2):
        expect = tridiag.solve(dl, d, du, b, axis=axis, algorithm="thomas_pcr")
        t = [torch.from_numpy(a).cuda() for a in (dl, d, du, b)]
        x = tridiag.solve(*t, axis=axis, algorithm="thomas_pcr")
        torch.cuda.synchronize()
        assert isinstance(x, torch.Tensor) and same_bits(x.cpu().numpy(), expect)
        assert same_bits(t[3].cpu().numpy(), b)
