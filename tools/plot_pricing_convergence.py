#!/usr/bin/env python3
# SPDX-License-Identifier: BSD-3-Clause
"""docs/PRICING.md's convergence plot: standard error against paths, log-log, for the MBS and one LIBOR caplet,
from the JSON that bench/pricing/pricing_convergence writes.

usage: plot_pricing_convergence.py OUT.png DATA.json
"""
import json
import sys

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402


def main():
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    out, path = sys.argv[1], sys.argv[2]
    with open(path) as f:
        data = json.load(f)
    fig, axes = plt.subplots(1, 2, figsize=(11, 4.5))
    panels = [("mbs_se", "Mortgage-backed security (CMO nearly linear, sigma 0.02)"),
              ("caplet_se", "LIBOR caplet %d (40 forwards, 4 steps a period)" % data["caplet"])]
    for ax, (key, title) in zip(axes, panels):
        for s in data["series"]:
            x = [p["paths"] for p in s["points"]]
            y = [p[key] for p in s["points"]]
            ax.loglog(x, y, marker="o", label=s["name"])
        # the Monte Carlo rate, through the first Monte Carlo point
        mc = data["series"][0]["points"]
        x0, y0 = mc[0]["paths"], mc[0][key]
        xs = [p["paths"] for p in mc]
        ax.loglog(xs, [y0 * (x0 / x) ** 0.5 for x in xs], "k:", label="paths^-1/2")
        ax.set_xlabel("paths (RQMC: replications x points)")
        ax.set_ylabel("standard error")
        ax.set_title(title, fontsize=10)
        ax.grid(True, which="both", alpha=0.3)
        ax.legend(fontsize=8)
    fig.suptitle("libgpurng pricers: standard error against paths (%s backend)" % data["backend"])
    fig.tight_layout()
    fig.savefig(out, dpi=110)


if __name__ == "__main__":
    main()
