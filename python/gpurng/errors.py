# SPDX-License-Identifier: BSD-3-Clause
"""gpurngStatus_t as exceptions: every status a C call returns becomes an instance of gpurng.Error (or of the
subclass for that status), naming the status and the call. Subclasses also derive from the built-in exception a
Python user would catch for that kind of fault (ValueError for arguments out of range, MemoryError, ...)."""
from __future__ import annotations

from . import _lib

# The numbers of include/gpurng.h's gpurngStatus_t, which never change.
STATUS_NAMES = {
    0: "GPURNG_STATUS_SUCCESS",
    100: "GPURNG_STATUS_VERSION_MISMATCH",
    101: "GPURNG_STATUS_NOT_INITIALIZED",
    102: "GPURNG_STATUS_ALLOCATION_FAILED",
    103: "GPURNG_STATUS_TYPE_ERROR",
    104: "GPURNG_STATUS_OUT_OF_RANGE",
    105: "GPURNG_STATUS_LENGTH_NOT_MULTIPLE",
    106: "GPURNG_STATUS_DOUBLE_PRECISION_REQUIRED",
    201: "GPURNG_STATUS_LAUNCH_FAILURE",
    202: "GPURNG_STATUS_PREEXISTING_FAILURE",
    203: "GPURNG_STATUS_INITIALIZATION_FAILED",
    204: "GPURNG_STATUS_ARCH_MISMATCH",
    999: "GPURNG_STATUS_INTERNAL_ERROR",
    1000: "GPURNG_STATUS_NULL_POINTER",
    1001: "GPURNG_STATUS_INVALID_VALUE",
    1002: "GPURNG_STATUS_ZERO_PIVOT",
    1003: "GPURNG_STATUS_UNSTABLE_SCHEME",
    1004: "GPURNG_STATUS_OVERLAPPING_ARRAYS",
    1005: "GPURNG_STATUS_MIXED_MEMORY",
    1006: "GPURNG_STATUS_RESULT_OUT_OF_BOUNDS",
    1007: "GPURNG_STATUS_STREAM_END",
}


class Error(Exception):
    """A libgpurng call returned a status other than success.

    Attributes: ``status`` (the gpurngStatus_t number), ``name`` (its enumerator, e.g.
    ``"GPURNG_STATUS_OUT_OF_RANGE"``), ``call`` (the C function) and ``detail`` (the library's description).
    """

    def __init__(self, status: int, call: str):
        self.status = int(status)
        self.name = STATUS_NAMES.get(self.status, f"status {self.status}")
        self.call = call
        text = _lib.lib.gpurngGetErrorString(self.status)
        self.detail = text.decode() if text else ""
        super().__init__(f"{call}: {self.name}: {self.detail}")


class NotInitializedError(Error):
    pass


class AllocationError(Error, MemoryError):
    pass


class EngineTypeError(Error, TypeError):
    pass


class OutOfRangeError(Error, ValueError):
    pass


class NullPointerError(Error, ValueError):
    pass


class InvalidValueError(Error, ValueError):
    pass


class ZeroPivotError(Error, ArithmeticError):
    pass


class UnstableSchemeError(Error, ValueError):
    pass


class OverlappingArraysError(Error, ValueError):
    pass


class MixedMemoryError(Error, TypeError):
    pass


class ResultOutOfBoundsError(Error, ArithmeticError):
    pass


class StreamEndError(Error, IndexError):
    pass


class DeviceError(Error, RuntimeError):
    pass


class InternalError(Error, RuntimeError):
    pass


_BY_STATUS = {
    101: NotInitializedError,
    102: AllocationError,
    103: EngineTypeError,
    104: OutOfRangeError,
    1000: NullPointerError,
    1001: InvalidValueError,
    1002: ZeroPivotError,
    1003: UnstableSchemeError,
    1004: OverlappingArraysError,
    1005: MixedMemoryError,
    1006: ResultOutOfBoundsError,
    1007: StreamEndError,
    201: DeviceError,
    202: DeviceError,
    203: DeviceError,
    204: DeviceError,
    999: InternalError,
}


def check(status: int, call: str) -> None:
    """Raise the exception of ``status`` for ``call`` unless it is success."""
    if status != 0:
        raise _BY_STATUS.get(int(status), Error)(status, call)
