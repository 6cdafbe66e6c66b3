# SPDX-License-Identifier: BSD-3-Clause
"""libgpurng from Python: the library's random number engines (legacy streams bit for bit, cuRAND's engines,
quasi-random sets) filling numpy arrays and, in place, GPU arrays (CuPy, PyTorch: __cuda_array_interface__ or
DLPack), with every C status raised as a gpurng.Error naming the status and the call. docs/PYTHON.md has what is there
and what comes next."""
from .errors import (Error, AllocationError, DeviceError, EngineTypeError, InternalError, InvalidValueError,
                     MixedMemoryError, NotInitializedError, NullPointerError, OutOfRangeError,
                     OverlappingArraysError, ResultOutOfBoundsError, StreamEndError, UnstableSchemeError,
                     ZeroPivotError)
from .generator import ALIASES, ENGINES, Generator
from . import bitgen, legacy, pde, pricing, tridiag  # noqa: E402  (bit generators, legacy streams, solvers, PDEs, pricers)

__all__ = [
    "Generator", "ENGINES", "ALIASES", "bitgen", "legacy", "pde", "pricing", "tridiag", "Error", "AllocationError", "DeviceError", "EngineTypeError", "InternalError",
    "InvalidValueError", "MixedMemoryError", "NotInitializedError", "NullPointerError", "OutOfRangeError",
    "OverlappingArraysError", "ResultOutOfBoundsError", "StreamEndError", "UnstableSchemeError", "ZeroPivotError"
]
