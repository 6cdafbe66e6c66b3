#!/usr/bin/env python3
# SPDX-License-Identifier: BSD-3-Clause
"""Plot the batched tridiagonal solvers on the GPU from one or more tridiag_gpu_bench JSON files: for each case
(layout, size, precision; AUTO), the share of the bandwidth floor reached by libgpurng and by cuSPARSE, one bar
pair per run, so that run-to-run spread shows.

Usage: python3 tools/plot_solvers.py docs/solvers_h100.png bench/results/tridiag_gpu_h100_run3.json \
           bench/results/tridiag_gpu_h100_run4.json          (pip install matplotlib)
"""
import json
import sys

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402


def main(dst, sources):
    runs = [json.load(open(s)) for s in sources]
    cases = [r["case"] for r in runs[0]["rows"] if r["case"].endswith(" AUTO")]
    fig, ax = plt.subplots(figsize=(11, 4.8))
    width = 0.8 / (2 * len(runs))
    for k, run in enumerate(runs):
        rows = {r["case"]: r for r in run["rows"]}
        ours = [100 * rows[c]["fraction_of_floor"] for c in cases]
        # cuSPARSE's share of the same floor: floor / its time.
        # (not drawn for the constant-matrix rows: cuSPARSE has no such variant and moves 5 words, not 2).
        theirs = [0 if c.startswith("constant") else 100 * rows[c]["floor_ms"] / rows[c]["anchor_ms"] for c in cases]
        x = [i + (2 * k) * width for i in range(len(cases))]
        ax.bar(x, ours, width, label=f"libgpurng (run {k + 1})", color="tab:blue", alpha=1 - 0.3 * k)
        ax.bar([v + width for v in x], theirs, width, label=f"cuSPARSE (run {k + 1})", color="tab:gray",
               alpha=1 - 0.3 * k)
    ax.set_xticks([i + 0.4 - width / 2 for i in range(len(cases))])
    ax.set_xticklabels([c.replace(" AUTO", "").replace(" strided", "").replace(" ", "\n") for c in cases], fontsize=7)
    ax.set_ylabel("% of the bandwidth floor (same bytes, same run)")
    ax.set_ylim(0, 100)
    ax.set_title(f"Batched tridiagonal solves, {runs[0]['device']} (constant: 2-word floor; cuSPARSE solves "
                 "per-system matrices)", fontsize=9)
    ax.legend(fontsize=7, ncol=2)
    fig.tight_layout()
    fig.savefig(dst, dpi=110)


if __name__ == "__main__":
    if len(sys.argv) < 3:
        sys.exit(__doc__)
    main(sys.argv[1], sys.argv[2:])
