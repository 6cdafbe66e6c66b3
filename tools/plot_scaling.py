#!/usr/bin/env python3
# SPDX-License-Identifier: BSD-3-Clause
"""Speed-up over one GPU against the number of GPUs, from scale_bench JSON files (bench/scale/scale_bench.cpp).

Usage: python3 tools/plot_scaling.py OUT.png RUN1.json [RUN2.json ...]
One line per workload (fill RANMAR, fill Philox, asian, pde), the mean of the runs, with each run's points; the
ideal line beside them. Device 0 named twice is drawn at x = 1 with an open marker.
"""
import json
import sys

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402


def main():
    if len(sys.argv) < 3:
        sys.exit(__doc__)
    out, files = sys.argv[1], sys.argv[2:]
    runs = [json.load(open(f)) for f in files]
    devices_of = {"1 GPU": 1, "2 GPUs": 2, "4 GPUs": 4}
    whats = []
    for r in runs:
        for row in r["rows"]:
            if row["what"] not in whats:
                whats.append(row["what"])
    fig, ax = plt.subplots(figsize=(6.4, 4.4))
    top = max(devices_of.values())
    ax.plot([1, top], [1, top], color="0.7", linestyle="--", label="ideal")
    for what in whats:
        xs, means, twice = [], [], []
        for name, n in devices_of.items():
            vals = [row["speedup"] for r in runs for row in r["rows"] if row["what"] == what and row["workers"] == name]
            if vals:
                xs.append(n)
                means.append(sum(vals) / len(vals))
        twice = [row["speedup"] for r in runs for row in r["rows"] if row["what"] == what and row["workers"] == "GPU 0 twice"]
        line, = ax.plot(xs, means, marker="o", label=what)
        if twice:
            ax.plot([1] * len(twice), twice, marker="o", fillstyle="none", linestyle="none", color=line.get_color())
    ax.set_xlabel("GPUs (open marker: GPU 0 named twice)")
    ax.set_ylabel("speed-up over one GPU, same run")
    ax.set_xticks([1, 2, 4])
    ax.set_title("%s x %d: split calls (%d runs)" % (runs[0]["device"], runs[0]["devices"], len(runs)))
    ax.grid(True, alpha=0.3)
    ax.legend()
    fig.tight_layout()
    fig.savefig(out, dpi=110)


if __name__ == "__main__":
    main()
