#!/usr/bin/env python3
# SPDX-License-Identifier: BSD-3-Clause
"""Summarise alternating before/after benchmark runs (bench/scripts/before_after.sh).

For every figure: the median over the rounds of each side, the change (after against before, > 1 = after better
whatever the unit), and the spread of the before runs ((max - min) / median). Usage:
  compare_before_after.py DIR [--markdown] [--worse-only]
A figure is flagged when it got worse by more than its allowance: the before runs' spread for host-side figures,
5 % for GPU figures (issue 17's rule).
"""
import glob
import json
import os
import re
import statistics
import sys


def figures(bench, data):
    """(name, value, higher_is_better, gpu_figure) of one run."""
    out = []
    if bench in ("ring", "small_calls"):
        for r in data["results"]:
            unit = r["unit"]
            higher = unit != "ns"
            gpu = "bulk" in r["name"] and "GB/s" in unit
            out.append((r["name"], r["value"], higher, gpu))
    elif bench == "jump":
        for r in data["results"]:
            out.append((r["name"] + " (ms)", r["median_ms"], False, False))
    elif bench == "curand_api":
        for r in data["results"]:
            out.append((f'{r["engine"]} {r["output"]} vs cuRAND', r["ratio_api"], True, True))
    elif bench == "gems_api":
        for r in data["results"]:
            out.append((f'{r["engine"]} {r["output"]} of store floor', r["fraction_of_store_floor"], True, True))
    elif bench == "ranmar_gpu":
        for r in data["results"]:
            if "gsamples_per_s" in r:
                out.append((r["name"] + " (GS/s)", r["gsamples_per_s"], True, True))
    return out


def main(argv):
    d = argv[1]
    markdown = "--markdown" in argv
    worse_only = "--worse-only" in argv
    runs = {}
    for path in sorted(glob.glob(os.path.join(d, "*.json"))):
        m = re.match(r"(.+)_(before|after)_r(\d+)\.json$", os.path.basename(path))
        if not m:
            continue
        bench, side, _ = m.groups()
        with open(path) as f:
            data = json.load(f)
        for name, value, higher, gpu in figures(bench, data):
            runs.setdefault((bench, name), {"higher": higher, "gpu": gpu, "before": [], "after": []})[side].append(value)
    flagged = 0
    if markdown:
        print("| benchmark | figure | before (median) | after (median) | change | before spread | runs |")
        print("| --- | --- | --- | --- | --- | --- | --- |")
    for (bench, name), r in runs.items():
        if not r["before"] or not r["after"]:
            continue
        b, a = statistics.median(r["before"]), statistics.median(r["after"])
        if b == 0 or a == 0:
            continue
        change = a / b if r["higher"] else b / a
        spread = (max(r["before"]) - min(r["before"])) / abs(b)
        allowance = 0.05 if r["gpu"] else spread
        worse = change < 1 - allowance
        flagged += worse
        if worse_only and not worse:
            continue
        mark = " **worse**" if worse else ""
        if markdown:
            print(f"| {bench} | {name} | {b:.4g} | {a:.4g} | {change:.3f}{mark} | {spread:.3f} | "
                  f"{len(r['before'])}+{len(r['after'])} |")
        else:
            print(f"{bench:12s} {name:62s} {b:12.4g} {a:12.4g} {change:7.3f} spread {spread:.3f}{mark}")
    print(f"\n{flagged} figure(s) worse than their allowance", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
