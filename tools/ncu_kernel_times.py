#!/usr/bin/env python3
# SPDX-License-Identifier: BSD-3-Clause
"""Per-kernel GPU times from an ncu --csv run (gpu__time_duration.sum): the median and least time of each kernel,
grouped by its name and template arguments. Used for the ADI step's per-direction figures (docs/SOLVERS.md).
    python3 tools/ncu_kernel_times.py NCU.csv [FLOOR_US]
With FLOOR_US (the time of one read and one write of the grid, from adi_gpu_bench's floor / 4) each kernel's share
of it is printed too."""
import collections
import csv
import re
import sys


def kernel_times(path):
    rows = list(csv.reader(line for line in open(path) if line.startswith('"')))
    header = rows[0]
    name_at, value_at = header.index("Kernel Name"), header.index("Metric Value")
    times = collections.OrderedDict()
    for r in rows[1:]:
        m = re.search(r"(\w+_kernel)<([^>]*)>", r[name_at])
        key = f"{m.group(1)}<{m.group(2)}>" if m else r[name_at][:60]
        times.setdefault(key, []).append(float(r[value_at].replace(",", "")) / 1000.0)  # ns -> us
    return times


def main():
    floor = float(sys.argv[2]) if len(sys.argv) > 2 else None
    for key, v in kernel_times(sys.argv[1]).items():
        v.sort()
        line = f"{key:40s} n={len(v):3d} median {v[len(v) // 2]:9.1f} us  least {v[0]:9.1f} us"
        if floor:
            line += f"  floor share {floor / v[len(v) // 2]:.2f}"
        print(line)


if __name__ == "__main__":
    main()
