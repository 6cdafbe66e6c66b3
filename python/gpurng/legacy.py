# SPDX-License-Identifier: BSD-3-Clause
"""CERNLIB and CORSIKA random streams as objects: a Python analysis draws the numbers a relinked Fortran run draws,
and saves or resumes a stream by the same triple the Fortran routines exchange (docs/PYTHON.md).

- ``"ranmar"``: CERNLIB V113 RANMAR (RMARIN seeds it with IJKL, RMMAR draws REALs, RMMAQ saves and restores
  IJKL, NTOT, NTOT2); its values r 2^-24 are exact in single precision, returned as float32.
- ``"rm48"``: CERNLIB V116 RM48 (RM48IN(IJKL, NTOT, NTOT2), RM48 draws doubles, RM48UT saves).
- ``"rmmard"``: CORSIKA's RMMARD (RMMAQD saves and restores the triple): the RM48 stream.

A stream is the library's generator at position NTOT2 10^9 + NTOT numbers from the seed's start (include/gpurng.h).
"""
from __future__ import annotations

from typing import Tuple

import numpy as np

from .generator import Generator

_ENGINES = {"ranmar": "ranmar", "rm48": "ranmar48", "rmmard": "ranmar48"}
_BILLION = 10**9


class LegacyStream:
    """One CERNLIB/CORSIKA stream: ``kind`` (``"ranmar"``, ``"rm48"`` or ``"rmmard"``), seeded with ``ijkl``
    (0 .. 900000000, default CERNLIB's 54217137) and resumed after ``ntot2`` 10^9 + ``ntot`` numbers, as RMARIN /
    RM48IN / RMMAQD take them. ``backend``: as gpurng.Generator's."""

    def __init__(self, kind: str = "rmmard", ijkl: int = 54217137, ntot: int = 0, ntot2: int = 0, *,
                 backend: str = "cpu"):
        if kind not in _ENGINES:
            raise ValueError(f"kind must be one of {sorted(_ENGINES)}")
        for name, v in (("ntot", ntot), ("ntot2", ntot2)):
            if not isinstance(v, (int, np.integer)) or v < 0:
                raise ValueError(f"{name} must be a non-negative integer")
        if ntot >= _BILLION:
            raise ValueError("ntot counts below 10**9 (the billions are ntot2), as CERNLIB's triple does")
        self.kind = kind
        self.ijkl = int(ijkl)
        self._g = Generator(_ENGINES[kind], self.ijkl, backend=backend)
        self._g.offset = int(ntot2) * _BILLION + int(ntot)

    def draw(self, n: int) -> np.ndarray:
        """The next ``n`` numbers, as ``n`` calls of the Fortran routine return them (RMMAR / RM48 / RMMARD)."""
        return self._g.random(int(n), dtype=np.float32 if self.kind == "ranmar" else np.float64)

    @property
    def restart(self) -> Tuple[int, int, int]:
        """(IJKL, NTOT, NTOT2): the triple RMMAQ / RM48UT / RMMAQD save, which resumes the stream here."""
        done = self._g.offset
        return self.ijkl, done % _BILLION, done // _BILLION

    def __repr__(self) -> str:
        ijkl, ntot, ntot2 = self.restart
        return f"gpurng.legacy.LegacyStream({self.kind!r}, ijkl={ijkl}, ntot={ntot}, ntot2={ntot2})"
