# SPDX-License-Identifier: BSD-3-Clause
"""The store floor of a GPU fill (CuPy only, no libgpurng): a kernel writing n values with 16-byte stores, as
python_bench.py's gpu_fill measures it, beside cupy.random.Generator(Philox4x3210).random in the same run (the anchor
python_bench.py also times, to tie this run to one of python_bench's on the same kind of GPU).
    python3 bench/python/store_floor.py OUT.json"""
import json
import sys

import numpy as np

sys.path.insert(0, __file__.rsplit("/", 1)[0])
import cupy as cp  # noqa: E402

from gpu_timing import cuda_best_of, store_floor  # noqa: E402


def main():
    rows = []
    for n in (2**26, 2**28):
        for dtype in (np.float32, np.float64):
            buf = cp.empty(n, dtype=dtype)
            t_floor = cuda_best_of(cp, lambda: store_floor(cp, buf), 5)
            rng = cp.random.Generator(cp.random.Philox4x3210(1))
            t_cupy = cuda_best_of(cp, lambda: rng.random(n, dtype=dtype), 5)
            rows.append({"n": n, "dtype": np.dtype(dtype).name, "store_floor_s": t_floor, "cupy_philox_s": t_cupy,
                         "store_floor_gb_per_s": buf.nbytes / t_floor / 1e9})
            print(rows[-1])
            buf = None
            cp.get_default_memory_pool().free_all_blocks()
    name = cp.cuda.runtime.getDeviceProperties(0)["name"].decode()
    json.dump({"device": name, "command": " ".join(sys.argv), "rows": rows}, open(sys.argv[1], "w"), indent=1)


if __name__ == "__main__":
    main()
