#!/usr/bin/env python3
# SPDX-License-Identifier: BSD-3-Clause
"""Report RANMAR / RMMARD starting points seeded more than once in a run (docs/LEGACY.md, the seeding audit).

Usage: python3 tools/seed_audit.py DIRECTORY

DIRECTORY holds the records a run left with GPURNG_SEED_AUDIT=DIRECTORY (one file a process,
gpurng_seeds.r<rank>.p<pid>.txt, one line a seeding). Prints one line for each (IJKL, NTOT, NTOT2) seeded more than
once, with the routines, the ranks and each rank's count, then a summary line; the same report as
gpurng_legacy_seed_audit_report (include/gpurng_legacy.h). Exits 0 when none is duplicated, 1 when some are, 2 on
an unreadable directory.
"""
import os
import re
import sys

RECORD = re.compile(r"(\S+) rank=(-?\d+) pid=(\d+) seq=(-?\d+) ijkl=(-?\d+) ntot=(-?\d+) ntot2=(-?\d+)")


def main():
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    directory = sys.argv[1]
    try:
        names = sorted(os.listdir(directory))
    except OSError as e:
        print("seed_audit: %s" % e, file=sys.stderr)
        sys.exit(2)
    uses, routines = {}, {}
    records = files = 0
    for name in names:
        if not (name.startswith("gpurng_seeds.r") and name.endswith(".txt")):
            continue
        files += 1
        with open(os.path.join(directory, name)) as f:
            for line in f:
                m = RECORD.match(line)
                if not m:
                    continue
                routine, rank = m.group(1), int(m.group(2))
                seed = (int(m.group(5)), int(m.group(6)), int(m.group(7)))
                per_rank = uses.setdefault(seed, {})
                per_rank[rank] = per_rank.get(rank, 0) + 1
                seen = routines.setdefault(seed, [])
                if routine not in seen:
                    seen.append(routine)
                records += 1
    duplicated = 0
    for seed in sorted(uses):
        total = sum(uses[seed].values())
        if total < 2:
            continue
        duplicated += 1
        ranks = " ".join("rank %d x%d" % (r, c) for r, c in sorted(uses[seed].items()))
        print("seed IJKL=%d NTOT=%d NTOT2=%d (%s) seeded %d times: %s" % (seed + (",".join(routines[seed]), total, ranks)))
    print("%d seed(s) used more than once in %d seedings from %d file(s)" % (duplicated, records, files))
    sys.exit(1 if duplicated else 0)


if __name__ == "__main__":
    main()
