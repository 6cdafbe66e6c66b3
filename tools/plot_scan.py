#!/usr/bin/env python3
# SPDX-License-Identifier: BSD-3-Clause
"""Issue 31's two size scans, one figure each.

  tridiag: share of the 5-word bandwidth floor against the system length m, ours (AUTO) and cuSPARSE (its batched
           call for the layout), strided and interleaved, float and double, from tridiag_gpu_bench JSON run with
           m = 32 .. 65536 at 2^24 unknowns a call (bench/scripts/issue31_session.sh).
  pde:     node-steps per second against the grid's nodes (J + 1), per scheme and precision, from pde_scan_bench.

Usage: python3 tools/plot_scan.py tridiag docs/tridiag_scan_h100.png bench/results/tridiag_gpu_scan_h100.json[,LATER.json ...]
       python3 tools/plot_scan.py pde docs/pde_scan_h100.png bench/results/pde_scan_h100.json[,LATER.json[@LO-HI] ...] [SCHEMES]
       (pip install matplotlib; a later run's rows replace an earlier one's at the same scheme, precision and size,
       @LO-HI keeping only its rows of LO to HI nodes;
       SCHEMES: a comma-separated subset of explicit,implicit,crank-nicolson, for runs whose other rows are not the
       code they document)
"""
import json
import re
import sys

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402


def tridiag(dst, src):
    # SRC: one run, or several separated by commas (the same device), a later run's rows replacing an earlier one's of
    # the same case: a whole scan updated by a later build's sizes.
    runs, rows = [], {}
    for path in src.split(","):
        runs.append(json.load(open(path)))
        for row in runs[-1]["rows"]:
            rows[row["case"]] = row
    run = dict(runs[0], rows=list(rows.values()))
    fig, ax = plt.subplots(figsize=(9, 4.8))
    styles = {"float": "-", "double": "--"}
    colours = {"strided": "tab:blue", "interleaved": "tab:orange"}
    for layout in ("strided", "interleaved"):
        for prec in ("float", "double"):
            pat = re.compile(r"^%s (\d+)x(\d+) %s AUTO$" % (layout, prec))
            pts = []
            for r in run["rows"]:
                m = pat.match(r["case"])
                if m:
                    pts.append((int(m.group(2)), 100 * r["fraction_of_floor"], 100 * r["floor_ms"] / r["anchor_ms"]))
            pts.sort()
            xs = [p[0] for p in pts]
            ax.plot(xs, [p[1] for p in pts], styles[prec], color=colours[layout], marker="o",
                    label="libgpurng %s %s" % (layout, prec))
            ax.plot(xs, [p[2] for p in pts], styles[prec], color=colours[layout], marker="x", alpha=0.45,
                    label="cuSPARSE %s %s" % (layout, prec))
    ax.set_xscale("log", base=2)
    ax.set_xlabel("rows per system m (2^24 unknowns a call)")
    ax.set_ylabel("share of the 5-word bandwidth floor (%)")
    ax.set_title("Batched tridiagonal solves, %s" % run["device"])
    ax.grid(True, alpha=0.3)
    ax.legend(fontsize=7, ncol=2)
    fig.tight_layout()
    fig.savefig(dst, dpi=110)


def pde(dst, src, schemes="explicit,implicit,crank-nicolson"):
    # SRC: one run, or several separated by commas (the same device), a later run's rows replacing an earlier one's
    # at the same scheme, precision and size: a whole-list scan updated by a later session's sizes. FILE@LO-HI takes
    # only that file's rows of LO to HI nodes.
    runs, rows = [], {}
    for spec in src.split(","):
        path, _, span = spec.partition("@")
        lo, hi = (int(v) for v in span.split("-")) if span else (0, 1 << 62)
        runs.append(json.load(open(path)))
        for row in runs[-1]["rows"]:
            if lo <= row["nodes"] <= hi:
                rows[(row["scheme"], row["precision"], row["nodes"])] = row
    run = dict(runs[0], rows=list(rows.values()))
    fig, ax = plt.subplots(figsize=(9, 4.8))
    colours = {"explicit": "tab:green", "implicit": "tab:blue", "crank-nicolson": "tab:red"}
    for scheme in [s for s in ("explicit", "implicit", "crank-nicolson") if s in schemes.split(",")]:
        for prec, style in (("float", "-"), ("double", "--")):
            pts = sorted((r["nodes"], r["node_steps_per_s"]) for r in run["rows"]
                         if r["scheme"] == scheme and r["precision"] == prec)
            ax.plot([p[0] for p in pts], [p[1] for p in pts], style, marker=".", color=colours[scheme],
                    label="%s %s" % (scheme, prec))
    ax.set_xscale("log", base=2)
    ax.set_yscale("log")
    ax.set_xlabel("grid nodes J + 1")
    ax.set_ylabel("node-steps per second")
    ax.set_title("One-factor Black-Scholes PDE, %d options, %s" % (run["options"], run["device"]))
    ax.grid(True, alpha=0.3, which="both")
    ax.legend(fontsize=7, ncol=2)
    fig.tight_layout()
    fig.savefig(dst, dpi=110)


if __name__ == "__main__":
    if len(sys.argv) not in (4, 5) or sys.argv[1] not in ("tridiag", "pde") or (
            len(sys.argv) == 5 and sys.argv[1] != "pde"):
        sys.exit(__doc__)
    {"tridiag": tridiag, "pde": pde}[sys.argv[1]](*sys.argv[2:])
