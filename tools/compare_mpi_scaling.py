#!/usr/bin/env python3
# SPDX-License-Identifier: BSD-3-Clause
"""One MPI rank per GPU against the same split in one process (docs/SCALING.md, MPI ranks).

Reads mpi_scale_bench's JSON (time of 1 rank / time of n ranks) and scale_bench's JSON of the same session (one-GPU
call / split over n GPUs) and prints, per workload and n, both speed-ups and their ratio (>= 0.95: within 5 %).

    python3 tools/compare_mpi_scaling.py MPI.json SCALE.json
"""
import json
import sys


def main(mpi_path, scale_path):
    mpi = json.load(open(mpi_path))
    scale = json.load(open(scale_path))
    in_process = {}
    for row in scale["rows"]:
        if row["workers"].endswith("GPUs"):
            in_process[(row["what"], int(row["workers"].split()[0]))] = row["speedup"]
        elif row["workers"] == "1 GPU":
            in_process[(row["what"], 1)] = row["speedup"]
    print("| workload | ranks | MPI ms | MPI speed-up | in one process | MPI / in one process |")
    print("| --- | --- | --- | --- | --- | --- |")
    worst = None
    for row in mpi["rows"]:
        key = (row["what"], row["ranks"])
        if row["ranks"] == 1 or key not in in_process:
            continue
        ratio = row["mpi_speedup"] / in_process[key]
        worst = ratio if worst is None else min(worst, ratio)
        print(f"| {row['what']} | {row['ranks']} | {row['mpi_ms']:.3f} | {row['mpi_speedup']:.3f} | "
              f"{in_process[key]:.3f} | {ratio:.3f} |")
    if worst is not None:
        print(f"lowest ratio {worst:.3f} ({'within' if worst >= 0.95 else 'NOT within'} 5 %)")


if __name__ == "__main__":
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    main(sys.argv[1], sys.argv[2])
