#!/usr/bin/env python3
# SPDX-License-Identifier: BSD-3-Clause
"""Prove that check_module.py can fail: run it on deliberately altered temporary copies of the public
headers (gpurng.h, gpurng_tridiag.h, gpurng_pde.h, gpurng_pricing.h) and gpurng.f90, one alteration at a time, and require
each run to fail (exit status 1) with the expected message. The untouched copies must pass first, so the
failures are due to the alterations.

Usage: check_detects_drift.py CHECKER HEADER... MODULE
  (the headers are checked together, as check_module.py HEADER... MODULE does; the copies keep their
  names, so the headers' #include lines and the checker's messages stay as for the real files)
Every alteration must apply to the real files, and every header an alteration names must be given; if
one no longer applies (the text it edits changed), this test fails and says which one, so it cannot
silently turn into a no-op.
"""
import os
import re
import subprocess
import sys
import tempfile

NEW_PROTOTYPE = "GPURNG_API gpurngStatus_t gpurngFutureCall(gpurngGenerator_t generator, size_t n);\n"
NEW_PDE_PROTOTYPE = ("GPURNG_API gpurngStatus_t gpurngFuturePde(gpurngSolver_t solver, const double *x, "
                     "double *y, int *info);\n")

# (description, file altered: a header's name or "module", regular expression, replacement, text the
# checker must print)
ALTERATIONS = [
    ("gpurng.h: a status value changes",
     "gpurng.h", r"GPURNG_STATUS_NOT_INITIALIZED = 101\b", "GPURNG_STATUS_NOT_INITIALIZED = 111",
     "constant GPURNG_STATUS_NOT_INITIALIZED = 101, but gpurng.h says 111"),
    ("gpurng.h: a new function appears",
     "gpurng.h", r"(\n#ifdef __cplusplus\n}\n#endif)", "\n" + NEW_PROTOTYPE + r"\1",
     "missing interface for gpurngFutureCall"),
    ("gpurng.h: an argument changes kind (size_t -> unsigned int)",
     "gpurng.h", r"(gpurngGenerateUniform\(gpurngGenerator_t generator, float \*output_ptr, )size_t num\)",
     r"\1unsigned int num)",
     "gpurngGenerateUniform argument 3 ('num' in C, 'num' in Fortran): C type 'unsigned int' needs integer(c_int)"),
    ("gpurng.h: an argument is removed",
     "gpurng.h", r"size_t slab_numbers, unsigned int slabs\)", "size_t slab_numbers)",
     "gpurngSetPrefetch: 3 arguments"),
    ("gpurng.h: an output becomes a pointer to pointer",
     "gpurng.h", r"gpurngGetGeneratorOffset\(gpurngGenerator_t generator, unsigned long long \*offset\)",
     "gpurngGetGeneratorOffset(gpurngGenerator_t generator, unsigned long long **offset)",
     "C type 'unsigned long long **' needs type(c_ptr), reference"),
    ("gpurng.h: a new enum constant",
     "gpurng.h", r"GPURNG_BACKEND_CUDA = 2", "GPURNG_BACKEND_CUDA = 2, GPURNG_BACKEND_OTHER = 3",
     "missing constant GPURNG_BACKEND_OTHER = 3"),
    ("gpurng.h: a pointer to an array typedef loses a level (gpurngDirectionVectors32_t ** -> *)",
     "gpurng.h", r"gpurngDirectionVectors32_t \*\*vectors", "gpurngDirectionVectors32_t *vectors",
     "gpurngGetDirectionVectors32 argument 1 ('vectors' in C, 'vectors' in Fortran): C type "
     "'gpurngDirectionVectors32_t *' needs integer(c_int), reference or type(c_ptr), value"),
    ("gpurng.h: a #define value changes",
     "gpurng.h", r"GPURNG_RANMAR_MAX_SEED 900000000ULL", "GPURNG_RANMAR_MAX_SEED 900000001ULL",
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
    # The solver headers (gpurng_tridiag.h, gpurng_pde.h), checked together with gpurng.h.
    ("gpurng_tridiag.h: an algorithm number changes",
     "gpurng_tridiag.h", r"GPURNG_TRIDIAG_PCR = 2\b", "GPURNG_TRIDIAG_PCR = 5",
     "constant GPURNG_TRIDIAG_PCR = 2, but gpurng_tridiag.h says 5"),
    ("gpurng_tridiag.h: a function is removed (the module binds one no header declares)",
     "gpurng_tridiag.h", r"GPURNG_API gpurngStatus_t gpurngSolverSetStream\([^;]*;", "",
     'extra interface bind(C, name="gpurngSolverSetStream")'),
    ("gpurng_tridiag.h: a layout argument becomes size_t",
     "gpurng_tridiag.h", r"(gpurngDgtsvStridedBatch\([^;]*?double \*x, )int batchCount", r"\1size_t batchCount",
     "gpurngDgtsvStridedBatch argument 7 ('batchCount' in C, 'batchcount' in Fortran): C type 'size_t' needs "
     "integer(c_size_t), value"),
    ("gpurng_pde.h: a #define value changes",
     "gpurng_pde.h", r"GPURNG_OPTION_AMERICAN 2\b", "GPURNG_OPTION_AMERICAN 4",
     "constant GPURNG_OPTION_AMERICAN = 2, but gpurng_pde.h says 4"),
    ("gpurng_pde.h: a new function appears",
     "gpurng_pde.h", r"(\n#ifdef __cplusplus\n}\n#endif)", "\n" + NEW_PDE_PROTOTYPE + r"\1",
     "missing interface for gpurngFuturePde (declared in gpurng_pde.h)"),
    ("gpurng_pde.h: a new scheme",
     "gpurng_pde.h", r"GPURNG_PDE_CRANK_NICOLSON = 2", "GPURNG_PDE_CRANK_NICOLSON = 2, GPURNG_PDE_BDF2 = 3",
     "missing constant GPURNG_PDE_BDF2 = 3 (gpurng_pde.h)"),
    ("module: a gpurngSgtsvBatch array of the wrong kind (real(c_double) for float *)",
     "module", r"(gpurngSgtsvBatch\(.*?)real\(c_float\), intent\(in\) :: dl\(\*\), d\(\*\), du\(\*\)",
     r"\1real(c_double), intent(in) :: dl(*), d(*), du(*)",
     "gpurngSgtsvBatch argument 6 ('dl' in C, 'dl' in Fortran): C type 'float *' needs real(c_float), "
     "reference or type(c_ptr), value; the module has real(c_double), reference, array"),
    ("module: a NULL-able array passed as type(c_ptr) by reference",
     "module", r"(gpurngDgtsvBatch\(.*?type\(c_ptr\)), value :: pads", r"\1 :: pads",
     "gpurngDgtsvBatch argument 5 ('pads' in C, 'pads' in Fortran): C type 'int *' needs integer(c_int), "
     "reference or type(c_ptr), value; the module has type(c_ptr), reference"),
    ("module: the float PDE's Smax declared double",
     "module", r"(gpurngBlackScholesPde1dFloat\(.*?)real\(c_float\), value :: Smax", r"\1real(c_double), value :: Smax",
     "gpurngBlackScholesPde1dFloat argument 5 ('Smax' in C, 'smax' in Fortran): C type 'float' needs "
     "real(c_float), value"),
    ("module: the solver handle of gpurngSolverSetAlgorithm passed by reference",
     "module", r"(gpurngSolverSetAlgorithm\(.*?type\(c_ptr\)), value :: solver", r"\1 :: solver",
     "gpurngSolverSetAlgorithm argument 1 ('solver' in C, 'solver' in Fortran): C type 'gpurngSolver_t' needs "
     "type(c_ptr), value"),
    ("module: an enum constant of gpurng_tridiag.h removed",
     "module", r"\n\s*integer\(c_int\), parameter :: GPURNG_TRIDIAG_THOMAS_PCR = 3[^\n]*", "",
     "missing constant GPURNG_TRIDIAG_THOMAS_PCR = 3 (gpurng_tridiag.h)"),
    # The pricers (gpurng_pricing.h): functions taking structs, and the structs' layouts as BIND(C) types.
    ("gpurng_pricing.h: a struct member changes kind (int -> unsigned long long)",
     "gpurng_pricing.h", r"int antithetic;", "unsigned long long antithetic;",
     "gpurngPricingOptions_t component 6 ('antithetic' in C, 'antithetic' in Fortran): C member "
     "'unsigned long long' needs integer(c_long_long); the module has integer(c_int)"),
    ("gpurng_pricing.h: two struct members change places",
     "gpurng_pricing.h", r"double muA, muB;", "double muB, muA;",
     "gpurngAsianBasketParams_t component 3 ('muB' in C, 'mua' in Fortran): the names differ"),
    ("gpurng_pricing.h: a struct gains a member",
     "gpurng_pricing.h", r"(int months;[^\n]*\n)", r"\1  double spread;\n",
     "derived type gpurngMbsParams_t: 7 components"),
    ("gpurng_pricing.h: a new struct",
     "gpurng_pricing.h", r"(\n#ifdef __cplusplus\n}\n#endif)",
     r"\ntypedef struct gpurngFutureParams { double x; } gpurngFutureParams_t;\n\1",
     "missing derived type gpurngFutureParams_t (struct of gpurng_pricing.h)"),
    ("gpurng_pricing.h: a struct argument passed by value",
     "gpurng_pricing.h", r"const gpurngMbsParams_t \*params", "gpurngMbsParams_t params",
     "gpurngPriceMbs argument 3 ('params' in C, 'params' in Fortran): C type 'gpurngMbsParams_t' needs "
     "type(gpurngmbsparams_t), value"),
    ("gpurng_pricing.h: a new path precision",
     "gpurng_pricing.h", r"GPURNG_PATHS_FLOAT = 1", "GPURNG_PATHS_FLOAT = 1, GPURNG_PATHS_HALF = 2",
     "missing constant GPURNG_PATHS_HALF = 2 (gpurng_pricing.h)"),
    ("module: a pointer member declared real(c_double)",
     "module", r"type\(c_ptr\) :: initial", "real(c_double) :: initial",
     "gpurngLiborParams_t component 6 ('initial' in C, 'initial' in Fortran): C member 'double *' needs "
     "type(c_ptr); the module has real(c_double)"),
    ("module: an unsigned long long member declared c_int",
     "module", r"integer\(c_long_long\) :: seed", "integer(c_int) :: seed",
     "gpurngPricingOptions_t component 2 ('seed' in C, 'seed' in Fortran): C member 'unsigned long long' "
     "needs integer(c_long_long); the module has integer(c_int)"),
    ("module: a struct type loses BIND(C)",
     "module", r"type, bind\(C\) :: gpurngPricingResult_t", "type :: gpurngPricingResult_t",
     "derived type gpurngPricingResult_t lacks BIND(C)"),
    ("module: the results of gpurngPriceAsianBasket of the wrong derived type",
     "module", r"(gpurngPriceAsianBasket\(.*?)type\(gpurngPricingResult_t\), intent\(out\) :: results",
     r"\1type(gpurngAsianBasketParams_t), intent(out) :: results",
     "gpurngPriceAsianBasket argument 6 ('results' in C, 'results' in Fortran): C type 'gpurngPricingResult_t *' "
     "needs type(gpurngpricingresult_t), reference or type(c_ptr), value; the module has "
     "type(gpurngasianbasketparams_t), reference, array"),
    ("module: a BIND(C) type the headers lack",
     "module", r"(\n  ! One estimate\.)",
     r"\n  type, bind(C) :: gpurngExtra_t\n    real(c_double) :: x\n  end type gpurngExtra_t\n\1",
     "extra BIND(C) type gpurngExtra_t"),
]


def run_checker(checker, headers, module):
    r = subprocess.run([sys.executable, checker] + list(headers) + [module], stdout=subprocess.PIPE,
                       stderr=subprocess.STDOUT, universal_newlines=True)
    return r.returncode, r.stdout


def main(argv):
    if len(argv) < 4:
        print(__doc__)
        return 2
    checker, headers, module = argv[1], argv[2:-1], argv[-1]
    names = [os.path.basename(h) for h in headers]
    if len(set(names)) != len(names) or "module" in names:
        print("check_detects_drift: the headers must have different names (and none called 'module')")
        return 2
    sources = dict(zip(names, headers), module=module)
    originals = {}
    for key, path in sources.items():
        with open(path, encoding="utf-8") as f:
            originals[key] = f.read()

    failures = 0
    with tempfile.TemporaryDirectory(prefix="gpurng_drift_") as tmp:
        paths = {key: os.path.join(tmp, "gpurng.f90" if key == "module" else key) for key in sources}
        header_copies = [paths[n] for n in names]

        def write(texts):
            for key, text in texts.items():
                with open(paths[key], "w", encoding="utf-8") as f:
                    f.write(text)

        write(originals)
        rc, out = run_checker(checker, header_copies, paths["module"])
        if rc != 0:
            print("FAIL: the checker rejects the unaltered copies, so the alterations prove nothing:\n" + out)
            return 1
        print(f"ok   unaltered copies pass ({', '.join(names)} and the module)")

        for description, key, pattern, replacement, expected in ALTERATIONS:
            if key not in originals:
                print(f"FAIL {description}: {key} was not given on the command line")
                failures += 1
                continue
            altered, n = re.subn(pattern, replacement, originals[key], count=1, flags=re.S)
            if n == 0:
                print(f"FAIL {description}: the alteration no longer applies to {key} "
                      f"(pattern {pattern!r}); update ALTERATIONS in {os.path.basename(__file__)}")
                failures += 1
                continue
            write(dict(originals, **{key: altered}))
            rc, out = run_checker(checker, header_copies, paths["module"])
            if rc != 1:
                print(f"FAIL {description}: the checker exited with {rc}, expected 1 (drift found):\n{out}")
                failures += 1
            elif expected not in out:
                print(f"FAIL {description}: the checker failed but did not say '{expected}':\n{out}")
                failures += 1
            else:
                print(f"ok   {description}: detected")
        write(originals)

    if failures:
        print(f"{failures} of {len(ALTERATIONS)} alterations went undetected or did not apply")
        return 1
    print(f"all {len(ALTERATIONS)} alterations detected")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
