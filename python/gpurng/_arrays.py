# SPDX-License-Identifier: BSD-3-Clause
"""Array-likes as a C call sees them: a pointer, the shape, strides in elements, the numpy dtype, whether the memory
is (claimed to be) device memory, the CUDA stream it is ready on, and what must stay referenced until the call has
returned.

Three kinds are read, in this order: numpy arrays; objects with ``__cuda_array_interface__`` (versions 2 and 3:
CuPy, PyTorch's CUDA tensors, Numba, ...); objects with ``__dlpack__`` and ``__dlpack_device__`` (the capsule's
DLTensor is read here with ctypes). The interface is preferred over DLPack where an object has both: it costs no
export and CuPy's names the stream its data is ready on. Nothing is copied and nothing is imported: the package
works the same with or without CuPy and PyTorch installed.

Whether a pointer is really device memory the C library finds out for itself (it asks the CUDA runtime); ``device``
here is what the object claims, used to refuse device memory where the C call would write it from the CPU.
"""
from __future__ import annotations

import ctypes
import os
import sys
from typing import Optional

import numpy as np

from . import _lib

# DLPack's device types (dlpack.h): memory the CPU can address, and CUDA device or managed memory.
_DL_CPU, _DL_CUDA, _DL_CUDA_HOST, _DL_CUDA_MANAGED = 1, 2, 3, 13
_DL_HOST_TYPES = (_DL_CPU, _DL_CUDA_HOST)
_DL_DEVICE_TYPES = (_DL_CUDA, _DL_CUDA_MANAGED)
# DLPack's type codes, as numpy's kind characters (bfloat16, opaque handles: no numpy dtype, refused).
_DL_KINDS = {0: "i", 1: "u", 2: "f", 5: "c", 6: "b"}
# DLManagedTensorVersioned's flags (DLPack 1.0).
_DL_READ_ONLY, _DL_IS_COPIED = 1, 2


class _DLDevice(ctypes.Structure):
    _fields_ = [("device_type", ctypes.c_int32), ("device_id", ctypes.c_int32)]


class _DLDataType(ctypes.Structure):
    _fields_ = [("code", ctypes.c_uint8), ("bits", ctypes.c_uint8), ("lanes", ctypes.c_uint16)]


class _DLTensor(ctypes.Structure):
    _fields_ = [("data", ctypes.c_void_p), ("device", _DLDevice), ("ndim", ctypes.c_int32), ("dtype", _DLDataType),
                ("shape", ctypes.POINTER(ctypes.c_int64)), ("strides", ctypes.POINTER(ctypes.c_int64)),
                ("byte_offset", ctypes.c_uint64)]


class _DLManagedTensor(ctypes.Structure):  # the "dltensor" capsule (DLPack before 1.0)
    _fields_ = [("dl_tensor", _DLTensor), ("manager_ctx", ctypes.c_void_p), ("deleter", ctypes.c_void_p)]


class _DLManagedTensorVersioned(ctypes.Structure):  # the "dltensor_versioned" capsule (DLPack 1.0)
    _fields_ = [("major", ctypes.c_uint32), ("minor", ctypes.c_uint32), ("manager_ctx", ctypes.c_void_p),
                ("deleter", ctypes.c_void_p), ("flags", ctypes.c_uint64), ("dl_tensor", _DLTensor)]


_capsule_valid = ctypes.pythonapi.PyCapsule_IsValid
_capsule_valid.argtypes = [ctypes.py_object, ctypes.c_char_p]
_capsule_valid.restype = ctypes.c_int
_capsule_pointer = ctypes.pythonapi.PyCapsule_GetPointer
_capsule_pointer.argtypes = [ctypes.py_object, ctypes.c_char_p]
_capsule_pointer.restype = ctypes.c_void_p


class Array:
    """What a C call needs of one array. ``strides`` are in elements (None: C-contiguous); ``stream`` is the CUDA
    stream the data is ready on as the CUDA array interface numbers it (1 the legacy default stream, 2 the
    per-thread one, else a cudaStream_t), None where the object names none; ``keepalive`` holds the object (and a
    DLPack capsule, whose destructor frees the export once it goes) until the caller lets go of this."""

    __slots__ = ("ptr", "shape", "strides", "dtype", "device", "stream", "readonly", "copied", "kind", "keepalive")

    def __init__(self, ptr, shape, strides, dtype, device, stream, readonly, copied, kind, keepalive):
        self.ptr, self.shape, self.strides, self.dtype = int(ptr or 0), tuple(shape), strides, np.dtype(dtype)
        self.device, self.stream, self.readonly, self.copied = device, stream, readonly, copied
        self.kind, self.keepalive = kind, keepalive

    @property
    def size(self) -> int:
        return int(np.prod(self.shape, dtype=np.int64)) if self.shape else 1

    @property
    def ndim(self) -> int:
        return len(self.shape)

    @property
    def c_contiguous(self) -> bool:
        if self.strides is None or self.size <= 1:
            return True
        expect = 1
        for n, s in zip(reversed(self.shape), reversed(self.strides)):
            if n != 1 and s != expect:  # a stride of an axis of length 1 is never used
                return False
            expect *= n
        return True

    @property
    def c_ptr(self) -> Optional[ctypes.c_void_p]:
        return ctypes.c_void_p(self.ptr) if self.ptr else None


def is_foreign(obj) -> bool:
    """An array-like other than a numpy array that this module reads."""
    if obj is None or isinstance(obj, np.ndarray):
        return False
    return _has_cai(obj) or (hasattr(obj, "__dlpack__") and hasattr(obj, "__dlpack_device__"))


def _cai(obj) -> Optional[dict]:
    """The object's __cuda_array_interface__, or None. PyTorch raises AttributeError for CPU tensors (so they go
    the DLPack way) and other errors for tensors the interface cannot describe (requires_grad; unsigned types in
    some versions): where the object offers DLPack too, that path is taken and its producer says what is wrong."""
    try:
        return getattr(obj, "__cuda_array_interface__", None)
    except Exception:
        if hasattr(obj, "__dlpack__") and hasattr(obj, "__dlpack_device__"):
            return None
        raise


def _has_cai(obj) -> bool:
    return _cai(obj) is not None


def claims_device(obj) -> bool:
    """Whether ``obj`` says its memory is device memory, asked without exporting anything (for refusals that must
    come before an export)."""
    if isinstance(obj, np.ndarray):
        return False
    if _has_cai(obj):
        return True
    if hasattr(obj, "__dlpack_device__"):
        return int(obj.__dlpack_device__()[0]) in _DL_DEVICE_TYPES
    return False


def stream_handle(stream) -> Optional[int]:
    """A caller's CUDA stream as the integer the C API takes: an int (a cudaStream_t's value, 1
    cudaStreamLegacy, 2 cudaStreamPerThread), an object with ``.ptr`` (CuPy's Stream) or ``.cuda_stream``
    (PyTorch's), or None; 0 and None both mean the default stream and come back as None."""
    if stream is None:
        return None
    value = stream
    if not isinstance(stream, (int, np.integer)):
        for name in ("ptr", "cuda_stream"):
            if hasattr(stream, name):
                value = getattr(stream, name)
                break
        else:
            raise TypeError("a CUDA stream must be an int, an object with .ptr (CuPy) or .cuda_stream (PyTorch), or "
                            f"None, not {type(stream).__name__}")
    if isinstance(value, bool) or not isinstance(value, (int, np.integer)) or not 0 <= int(value) < 2**64:
        raise ValueError(f"a CUDA stream handle must be an integer in 0 .. 2**64 - 1, not {value!r}")
    return int(value) or None


def _torch_current_stream(obj) -> Optional[int]:
    # PyTorch's interface (version 2) names no stream: its work is ordered on the current stream of the tensor's
    # device, which is therefore the caller's stream. torch is already imported when a tensor exists.
    torch = sys.modules.get("torch")
    if torch is None or type(obj).__module__.split(".")[0] != "torch":
        return None
    return int(torch.cuda.current_stream(obj.device).cuda_stream) or None


def view(obj, *, stream: Optional[int] = None, name: str = "array") -> Array:
    """Read ``obj`` (see the module's description); ``stream`` (a stream_handle value) is the stream the caller
    will use, handed to a DLPack producer so that its data is ready there. TypeError for anything else."""
    if isinstance(obj, np.ndarray):
        return _from_numpy(obj)
    cai = _cai(obj)
    if cai is not None:
        return _from_cai(obj, cai, name)
    if hasattr(obj, "__dlpack__") and hasattr(obj, "__dlpack_device__"):
        return _from_dlpack(obj, stream, name)
    raise TypeError(f"{name} must be a numpy array or an array offering __cuda_array_interface__ or __dlpack__ "
                    f"(CuPy, PyTorch), not {type(obj).__name__}")


def _element_strides(byte_strides, itemsize: int, name: str):
    if byte_strides is None:
        return None
    strides = tuple(int(s) for s in byte_strides)
    if any(s % itemsize for s in strides):
        raise ValueError(f"{name}: strides {strides} are not whole elements of {itemsize} bytes")
    return tuple(s // itemsize for s in strides)


def _from_numpy(a: np.ndarray) -> Array:
    strides = None if a.flags.c_contiguous else _element_strides(a.strides, max(a.itemsize, 1), "array")
    return Array(a.ctypes.data, a.shape, strides, a.dtype, False, None, not a.flags.writeable, False, "numpy", (a,))


def _from_cai(obj, cai: dict, name: str) -> Array:
    version = cai.get("version")
    if version not in (2, 3):
        raise TypeError(f"{name}: __cuda_array_interface__ version {version!r} is not read (versions 2 and 3 are)")
    if cai.get("mask") is not None:
        raise TypeError(f"{name}: masked arrays (__cuda_array_interface__ 'mask') are not supported")
    dtype = np.dtype(cai["typestr"])
    ptr, readonly = cai["data"]
    shape = tuple(int(n) for n in cai["shape"])
    strides = _element_strides(cai.get("strides"), max(dtype.itemsize, 1), name)
    stream = cai.get("stream") if version >= 3 else None
    if stream is not None:
        if isinstance(stream, bool) or not isinstance(stream, int) or stream < 0:
            raise ValueError(f"{name}: __cuda_array_interface__ stream {stream!r} is not a stream")
        if stream == 0:  # the interface forbids 0: it could mean the legacy or the per-thread default stream
            raise ValueError(f"{name}: __cuda_array_interface__ stream 0 is not allowed (version 3 says: 1 for the "
                             "legacy default stream, 2 for the per-thread one)")
    else:
        stream = _torch_current_stream(obj)
    return Array(ptr, shape, strides, dtype, True, stream, bool(readonly), False, "cuda_array_interface", (obj,))


def _from_dlpack(obj, stream: Optional[int], name: str) -> Array:
    dev_type = int(obj.__dlpack_device__()[0])
    if dev_type in _DL_HOST_TYPES:
        device, ask = False, None  # a CPU export takes no stream
    elif dev_type in _DL_DEVICE_TYPES:
        # The producer makes its data ready on the stream we name (None: the legacy default stream, which is
        # also where the library's calls go without a stream).
        device, ask = True, stream
    else:
        raise TypeError(f"{name}: DLPack device type {dev_type} is neither CPU nor CUDA memory")
    try:
        capsule = obj.__dlpack__(stream=ask, max_version=(1, 0))
    except TypeError:  # a producer from before DLPack 1.0 (numpy 1.x, older CuPy and PyTorch)
        capsule = obj.__dlpack__(stream=ask)
    if _capsule_valid(capsule, b"dltensor_versioned"):
        managed = _DLManagedTensorVersioned.from_address(_capsule_pointer(capsule, b"dltensor_versioned"))
        if managed.major != 1:
            raise BufferError(f"{name}: DLPack version {managed.major}.{managed.minor} is not read (1.x is)")
        flags, tensor = int(managed.flags), managed.dl_tensor
    elif _capsule_valid(capsule, b"dltensor"):
        flags, tensor = 0, _DLManagedTensor.from_address(_capsule_pointer(capsule, b"dltensor")).dl_tensor
    else:
        raise BufferError(f"{name}: __dlpack__ returned no unconsumed DLPack capsule")
    # The capsule keeps its name: its destructor then calls the export's deleter once the capsule is collected,
    # which is right for a consumer that only borrows the memory for the duration of one call.
    if int(tensor.device.device_type) != dev_type:
        raise BufferError(f"{name}: the DLPack capsule's device type {tensor.device.device_type} is not the "
                          f"{dev_type} that __dlpack_device__ gave")
    if tensor.dtype.lanes != 1 or tensor.dtype.code not in _DL_KINDS or tensor.dtype.bits % 8:
        raise TypeError(f"{name}: DLPack data type (code {tensor.dtype.code}, {tensor.dtype.bits} bits, "
                        f"{tensor.dtype.lanes} lanes) has no numpy dtype here")
    kind = _DL_KINDS[tensor.dtype.code]
    dtype = np.dtype(np.bool_) if kind == "b" else np.dtype(f"{kind}{tensor.dtype.bits // 8}")
    ndim = int(tensor.ndim)
    shape = tuple(int(tensor.shape[i]) for i in range(ndim))
    strides = tuple(int(tensor.strides[i]) for i in range(ndim)) if tensor.strides else None  # NULL: C order
    ptr = (tensor.data or 0) + int(tensor.byte_offset)
    return Array(ptr, shape, strides, dtype, device, stream if device else None, bool(flags & _DL_READ_ONLY),
                 bool(flags & _DL_IS_COPIED), "dlpack", (obj, capsule))


def output(obj, dtype, *, stream: Optional[int] = None, name: str = "out") -> Array:
    """``obj`` as an output of ``dtype``: the checks of numpy's ``out=`` (dtype exactly, C-contiguous, writeable),
    TypeError or ValueError naming what is wrong."""
    a = view(obj, stream=stream, name=name)
    if a.dtype != np.dtype(dtype):
        raise TypeError(f"{name} must have dtype {np.dtype(dtype)}, not {a.dtype}")
    if a.readonly:
        raise ValueError(f"{name} is read-only: it must be writeable")
    if a.copied:
        raise ValueError(f"{name}: its DLPack export is a copy, so a fill would not reach the array")
    if not a.c_contiguous:
        raise ValueError(f"{name} must be C-contiguous (strides {a.strides} elements for shape {a.shape})")
    return a


def copy_of(obj, a: Array, stream: Optional[int], *, caller: str, keyword: str):
    """A C-contiguous copy of ``obj`` (viewed as ``a``) made by its own library, queued where its data is ready (its
    current stream): the new result of a call that does not overwrite ``obj``. numpy, CuPy and PyTorch arrays only;
    ``keyword`` names the caller's argument that asks for the work in place instead."""
    if isinstance(obj, np.ndarray):
        return np.array(obj, order="C", copy=True)
    if a.device and stream != a.stream:
        raise ValueError(f"{caller}: with a cuda_stream other than the array's own, pass {keyword}=True (the copy "
                         f"would be made on the array's stream, unordered with the call)")
    lib = type(obj).__module__.split(".")[0]
    if lib == "cupy":
        return obj.copy()
    if lib == "torch":
        return obj.clone(memory_format=sys.modules["torch"].contiguous_format)
    raise TypeError(f"{caller}: a new result is made for numpy, CuPy and PyTorch arrays only; pass {keyword}=True "
                    f"to work in place on this {type(obj).__name__}")


def target(obj, a: Array, stream: Optional[int], overwrite: bool, *, caller: str, name: str, keyword: str):
    """The array a call writes and its view: ``obj`` itself where ``keyword`` (the caller's overwrite argument) is
    set, refused if read-only, else copy_of(obj)."""
    if overwrite:
        if a.readonly:
            raise ValueError(f"{caller}: {name} is read-only, so {keyword} cannot write it")
        return obj, a
    x = copy_of(obj, a, stream, caller=caller, keyword=keyword)
    return x, view(x, stream=stream, name=f"{caller}: copy of {name}")


# ---- device memory the library cannot reach ----

_gpu_usable: Optional[bool] = None


def library_has_gpu() -> bool:
    """Whether the loaded library has a usable GPU (built with CUDA, a device present): asked once through
    gpurngCreateWorkers on the CUDA backend, which returns INITIALIZATION_FAILED otherwise, whatever
    GPURNG_BACKEND says."""
    global _gpu_usable
    if _gpu_usable is None:
        w = ctypes.c_void_p()
        dev = (ctypes.c_int * 1)(0)
        _gpu_usable = _lib.lib.gpurngCreateWorkers(ctypes.byref(w), 2, dev, 1) == 0
        if _gpu_usable:
            _lib.lib.gpurngDestroyWorkers(w)
    return _gpu_usable


def driver_says_device(ptr: int) -> bool:
    """Whether the CUDA driver, if this process has loaded it, calls ``ptr`` (non-managed) device memory. The
    driver is never loaded here (RTLD_NOLOAD): a process that holds device memory has loaded it already."""
    if not ptr:
        return False
    try:
        drv = ctypes.CDLL("libcuda.so.1", mode=os.RTLD_NOLOAD | os.RTLD_LAZY)
        fn = drv.cuPointerGetAttribute
    except (OSError, AttributeError):
        return False
    fn.argtypes = [ctypes.c_void_p, ctypes.c_int, ctypes.c_ulonglong]
    fn.restype = ctypes.c_int
    kind, managed = ctypes.c_uint(0), ctypes.c_uint(0)
    # cuda.h's stable numbers: CU_POINTER_ATTRIBUTE_MEMORY_TYPE 2, _IS_MANAGED 8, CU_MEMORYTYPE_DEVICE 2.
    if fn(ctypes.byref(kind), 2, ptr) != 0 or kind.value != 2:
        return False
    return fn(ctypes.byref(managed), 8, ptr) != 0 or managed.value == 0


def unreachable(arrays) -> bool:
    """Whether any of ``arrays`` (Array) is device memory that the library, lacking a GPU, would take for host
    memory and write from the CPU: the C calls would crash there, so the caller raises instead."""
    claimed = [a for a in arrays if a is not None and a.device and a.ptr]
    if not claimed or library_has_gpu():
        return False
    return any(driver_says_device(a.ptr) for a in claimed)


def resolve_stream(explicit: Optional[int], arrays) -> Optional[int]:
    """The stream of a call: the caller's explicit one, else the first stream an array names, else None."""
    if explicit is not None:
        return explicit
    for a in arrays:
        if a is not None and a.device and a.stream is not None:
            return a.stream
    return None


def c_stream(stream: Optional[int]) -> ctypes.c_void_p:
    """A stream_handle value as the gpurngCudaStream_t argument (None: NULL, the default stream)."""
    return ctypes.c_void_p(stream if stream else None)
