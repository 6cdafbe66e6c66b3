#!/usr/bin/env python3
# SPDX-License-Identifier: BSD-3-Clause
"""Prove that check_module.py can fail: run it on deliberately altered temporary copies of gpurng.h
and gpurng.f90, one alteration at a time, and require each run to fail (exit status 1) with the
expected message. The untouched copies must pass first, so the failures are due to the alterations.

Usage: check_detects_drift.py CHECKER HEADER MODULE
Every alteration must apply to the real files; if one no longer does (the text it edits changed),
this test fails and says which one, so it cannot silently turn into a no-op.
"""
import os
import re
import subprocess
import sys
import tempfile

NEW_PROTOTYPE = "GPURNG_API gpurngStatus_t gpurngFutureCall(gpurngGenerator_t generator, size_t n);\n"

# (description, file altered, regular expression, replacement, text the checker must print)
ALTERATIONS = [
    ("header: a status value changes",
     "header", r"GPURNG_STATUS_NOT_INITIALIZED = 101\b", "GPURNG_STATUS_NOT_INITIALIZED = 111",
     "constant GPURNG_STATUS_NOT_INITIALIZED = 101, but gpurng.h says 111"),
    ("header: a new function appears",
     "header", r"(\n#ifdef __cplusplus\n}\n#endif)", "\n" + NEW_PROTOTYPE + r"\1",
     "missing interface for gpurngFutureCall"),
    ("header: an argument changes kind (size_t -> unsigned int)",
     "header", r"(gpurngGenerateUniform\(gpurngGenerator_t generator, float \*output_ptr, )size_t num\)",
     r"\1unsigned int num)",
     "gpurngGenerateUniform argument 3 ('num' in C, 'num' in Fortran): C type 'unsigned int' needs integer(c_int)"),
    ("header: an argument is removed",
     "header", r"size_t slab_numbers, unsigned int slabs\)", "size_t slab_numbers)",
     "gpurngSetPrefetch: 3 arguments"),
    ("header: an output becomes a pointer to pointer",
     "header", r"gpurngGetGeneratorOffset\(gpurngGenerator_t generator, unsigned long long \*offset\)",
     "gpurngGetGeneratorOffset(gpurngGenerator_t generator, unsigned long long **offset)",
     "C type 'unsigned long long **' needs type(c_ptr), reference"),
    ("header: a new enum constant",
     "header", r"GPURNG_BACKEND_CUDA = 2", "GPURNG_BACKEND_CUDA = 2, GPURNG_BACKEND_OTHER = 3",
     "missing constant GPURNG_BACKEND_OTHER = 3"),
    ("header: a pointer to an array typedef loses a level (gpurngDirectionVectors32_t ** -> *)",
     "header", r"gpurngDirectionVectors32_t \*\*vectors", "gpurngDirectionVectors32_t *vectors",
     "gpurngGetDirectionVectors32 argument 1 ('vectors' in C, 'vectors' in Fortran): C type "
     "'gpurngDirectionVectors32_t *' needs integer(c_int), reference or type(c_ptr), value"),
    ("header: a #define value changes",
     "header", r"GPURNG_RANMAR_MAX_SEED 900000000ULL", "GPURNG_RANMAR_MAX_SEED 900000001ULL",
     "constant GPURNG_RANMAR_MAX_SEED = 900000000, but gpurng.h says 900000001"),
    ("module: a binding name is misspelt",
     "module", r'name="gpurngGetBackend"', 'name="gpurngGetBackEnd"',
     "missing interface for gpurngGetBackend"),
    ("module: a by-value argument loses VALUE",
     "module", r"integer\(c_long_long\), value :: seed", "integer(c_long_long) :: seed",
     "needs integer(c_long_long), value; the module has integer(c_long_long), reference"),
    ("module: a size_t argument declared c_int",
     "module", r"(gpurngGenerateUniformDouble.*?integer\()c_size_t(\), value :: num)", r"\1c_int\2",
     "C type 'size_t' needs integer(c_size_t), value"),
    ("module: a handle passed by reference",
     "module", r"(gpurngDestroyGenerator.*?type\(c_ptr\)), value :: generator", r"\1 :: generator",
     "gpurngDestroyGenerator argument 1"),
    ("module: a table pointer passed by value",
     "module", r"(gpurngGetScrambleConstants64.*?type\(c_ptr\)), intent\(out\) :: constants", r"\1, value :: constants",
     "gpurngGetScrambleConstants64 argument 1 ('constants' in C, 'constants' in Fortran): C type "
     "'unsigned long long **' needs type(c_ptr), reference"),
    ("module: a CUDA stream passed by reference",
     "module", r"(gpurngSetStream.*?type\(c_ptr\)), value :: stream", r"\1 :: stream",
     "gpurngSetStream argument 2 ('stream' in C, 'stream' in Fortran): C type 'gpurngCudaStream_t' needs "
     "type(c_ptr), value"),
    ("module: an engine number changes",
     "module", r"GPURNG_RNG_PSEUDO_RANMAR48 = 1002", "GPURNG_RNG_PSEUDO_RANMAR48 = 1020",
     "constant GPURNG_RNG_PSEUDO_RANMAR48 = 1020, but gpurng.h says 1002"),
    ("module: a constant the header lacks",
     "module", r"(\n\s*integer\(c_int\), parameter :: GPURNG_BACKEND_CPU = 1)",
     r"\n  integer(c_int), parameter :: GPURNG_BACKEND_NONE = 0\1",
     "extra constant GPURNG_BACKEND_NONE"),
]


def run_checker(checker, header, module):
    r = subprocess.run([sys.executable, checker, header, module], stdout=subprocess.PIPE,
                       stderr=subprocess.STDOUT, universal_newlines=True)
    return r.returncode, r.stdout


def main(argv):
    if len(argv) != 4:
        print(__doc__)
        return 2
    checker, header, module = argv[1:]
    originals = {}
    for key, path in (("header", header), ("module", module)):
        with open(path, encoding="utf-8") as f:
            originals[key] = f.read()

    failures = 0
    with tempfile.TemporaryDirectory(prefix="gpurng_drift_") as tmp:
        paths = {"header": os.path.join(tmp, "gpurng.h"), "module": os.path.join(tmp, "gpurng.f90")}

        def write(texts):
            for key, text in texts.items():
                with open(paths[key], "w", encoding="utf-8") as f:
                    f.write(text)

        write(originals)
        rc, out = run_checker(checker, paths["header"], paths["module"])
        if rc != 0:
            print("FAIL: the checker rejects the unaltered copies, so the alterations prove nothing:\n" + out)
            return 1
        print("ok   unaltered copies pass")

        for description, key, pattern, replacement, expected in ALTERATIONS:
            altered, n = re.subn(pattern, replacement, originals[key], count=1, flags=re.S)
            if n == 0:
                print(f"FAIL {description}: the alteration no longer applies to {key} "
                      f"(pattern {pattern!r}); update ALTERATIONS in {os.path.basename(__file__)}")
                failures += 1
                continue
            write(dict(originals, **{key: altered}))
            rc, out = run_checker(checker, paths["header"], paths["module"])
            if rc != 1:
                print(f"FAIL {description}: the checker exited with {rc}, expected 1 (drift found):\n{out}")
                failures += 1
            elif expected not in out:
                print(f"FAIL {description}: the checker failed but did not say '{expected}':\n{out}")
                failures += 1
            else:
                print(f"ok   {description}: detected")

    if failures:
        print(f"{failures} of {len(ALTERATIONS)} alterations went undetected or did not apply")
        return 1
    print(f"all {len(ALTERATIONS)} alterations detected")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
