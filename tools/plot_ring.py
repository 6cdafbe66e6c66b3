#!/usr/bin/env python3
# SPDX-License-Identifier: BSD-3-Clause
"""Plot the prefetch ring's cost per number against request size and against prefetch (slab) size, for the
ring and for the legacy Fortran-style RMMARD, from one ring_bench JSON (like McCann's figures 8-11).

Usage: python3 tools/plot_ring.py bench/results/ring_h200.json docs/ring_h200.png   (pip install matplotlib)
"""
import json
import re
import sys

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402


def series(results, pattern):
    points = []
    for r in results:
        m = re.fullmatch(pattern, r["name"])
        if m:
            points.append((int(m.group(1)), r["value"]))
    return sorted(points)


def main(src, dst):
    data = json.load(open(src))
    res = data["results"]
    ring = series(res, r"request size (\d+): libgpurng \(ns/number\)")
    legacy = series(res, r"request size (\d+): legacy \(ns/number\)")
    slabs = series(res, r"prefetch (\d+)x4, 10 per call: libgpurng \(ns/number\)")
    fig, (a, b) = plt.subplots(1, 2, figsize=(11, 4.2))
    a.loglog(*zip(*ring), "o-", label="libgpurng (prefetch ring)")
    a.loglog(*zip(*legacy), "s--", label="legacy RMMARD-style (CPU)")
    a.set_xlabel("numbers per call (3 generators, round robin)")
    a.set_ylabel("ns per number")
    a.set_title("cost against request size")
    a.grid(True, which="both", alpha=0.3)
    a.legend()
    b.loglog(*zip(*slabs), "o-", label="libgpurng, 4 slabs, 10 per call")
    legacy10 = dict(legacy).get(10)
    if legacy10:
        b.axhline(legacy10, ls="--", color="C1", label="legacy RMMARD-style, 10 per call")
    b.set_xlabel("slab size (numbers)")
    b.set_ylabel("ns per number")
    b.set_title("cost against prefetch size")
    b.grid(True, which="both", alpha=0.3)
    b.legend()
    fig.suptitle(f"RANMAR48 doubles through the C API: {data['device']}", fontsize=9)
    fig.tight_layout()
    fig.savefig(dst, dpi=110)


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2])
