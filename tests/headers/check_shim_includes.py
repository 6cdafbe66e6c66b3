#!/usr/bin/env python3
# SPDX-License-Identifier: BSD-3-Clause
"""The legacy layers (legacy_shims/) reach the library only through its published headers.

Every quoted #include in legacy_shims/ must name a file of legacy_shims/ itself (relative to the including file)
or of include/ (the installed tree: gpurng.h and the header-only engine API under include/gpurng/). An include
that resolves anywhere else -- src/ above all -- fails, as does a CMake file there that puts src/ on an include
path. Usage: check_shim_includes.py ROOT (the repository, or a tree shaped like it).
"""
import pathlib
import re
import sys

SOURCE_SUFFIXES = {".c", ".cc", ".cpp", ".h", ".hpp", ".inc", ".f90", ".F90", ".f", ".F"}
C_INCLUDE = re.compile(r'^\s*#\s*include\s*"([^"]+)"')
FORTRAN_INCLUDE = re.compile(r"^\s*include\s*['\"]([^'\"]+)['\"]", re.IGNORECASE)
CMAKE_SRC_PATH = re.compile(r"include_directories[^)]*\bsrc\b", re.IGNORECASE | re.DOTALL)


def inside(path, folder):
    try:
        path.resolve().relative_to(folder.resolve())
        return True
    except ValueError:
        return False


def main(root):
    shims = root / "legacy_shims"
    public = root / "include"
    problems = []
    for f in sorted(shims.rglob("*")):
        if f.suffix in SOURCE_SUFFIXES and f.is_file():
            for n, line in enumerate(f.read_text(errors="replace").splitlines(), 1):
                m = C_INCLUDE.match(line) or FORTRAN_INCLUDE.match(line)
                if not m:
                    continue
                name = m.group(1)
                local = f.parent / name
                if local.exists() and inside(local, shims):
                    continue
                if (public / name).exists() and inside(public / name, public):
                    continue
                problems.append(f"{f.relative_to(root)}:{n}: includes \"{name}\", which is neither in legacy_shims/ "
                                "nor in include/")
        elif f.name == "CMakeLists.txt" or f.suffix == ".cmake":
            for m in CMAKE_SRC_PATH.finditer(f.read_text()):
                problems.append(f"{f.relative_to(root)}: puts src/ on an include path: {m.group(0)[:80]!r}")
    for p in problems:
        print(p)
    if problems:
        return 1
    print(f"legacy_shims/ includes only its own files and include/ ({shims})")
    return 0


if __name__ == "__main__":
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    sys.exit(main(pathlib.Path(sys.argv[1])))
