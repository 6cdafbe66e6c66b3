#!/usr/bin/env python3
# SPDX-License-Identifier: BSD-3-Clause
"""The cuRAND-device normal mode compiles to cuRAND's own instructions.

    check_curand_mode_ptx.py NVCC INCLUDE_DIR... -- CURAND_KERNEL.cu GPURNG_KERNEL.cu

Compiles both kernels to PTX with nvcc's default flags (contraction on, as users compile), keeps the kernel
bodies, renames registers, labels and the kernel's mangled name, and requires the two to be identical: the same
instructions in the same order, hence cuRAND's device bits, without a GPU. Exit 0 when identical, 1 with a diff
otherwise, 2 when nvcc fails.
"""
import difflib
import re
import subprocess
import sys
import tempfile


def kernel_body(nvcc, includes, source):
    with tempfile.NamedTemporaryFile(suffix=".ptx") as out:
        cmd = [nvcc, "-std=c++17", "-O3", "-arch=sm_90", "-ptx", source, "-o", out.name]
        cmd += [f"-I{d}" for d in includes]
        done = subprocess.run(cmd, capture_output=True, text=True)
        if done.returncode != 0:
            print(done.stdout + done.stderr)
            sys.exit(2)
        ptx = open(out.name, encoding="utf-8").read()
    m = re.search(r"^\.visible \.entry .*?^}", ptx, flags=re.S | re.M)
    if not m:
        print(f"no kernel in the PTX of {source}")
        sys.exit(2)
    body = m.group(0)
    body = re.sub(r"_Z\w*box_muller_kernel\w*", "KERNEL", body)
    body = re.sub(r"%(fd|f|rd|r|p|rs)\d+", r"%\1", body)
    body = re.sub(r"\$L__BB\w+", "LABEL", body)
    return [line for line in body.splitlines() if not line.strip().startswith(".reg")]


def main(argv):
    if "--" not in argv:
        print(__doc__)
        return 2
    sep = argv.index("--")
    nvcc, includes = argv[1], argv[2:sep]
    curand_src, gpurng_src = argv[sep + 1:sep + 3]
    a = kernel_body(nvcc, includes, curand_src)
    b = kernel_body(nvcc, includes, gpurng_src)
    if a == b:
        print(f"identical PTX ({len(a)} lines): {curand_src} and {gpurng_src}")
        return 0
    sys.stdout.writelines(difflib.unified_diff([x + "\n" for x in a], [x + "\n" for x in b], curand_src, gpurng_src))
    return 1


if __name__ == "__main__":
    sys.exit(main(sys.argv))
