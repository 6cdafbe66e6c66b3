#!/usr/bin/env bash
# RMMARD's per-call latency (issue 32): runs the six builds of bench/legacy/rmmard_latency.{f90,c} in turn, ROUNDS
# times (the library, textbook and copy-only builds of one language one after the other, so that a drift in the
# machine's speed hits the three alike), takes each figure's median and writes OUT.json: ns per number for each
# build and pattern, RMMARD's own time (each build less the copy-only build) and the textbook's own time over the
# library's.
# Usage: bash bench/legacy/run_rmmard_latency.sh BUILD_DIR OUT.json [ROUNDS (default 5)]
set -euo pipefail
build=${1:?build directory}
out=${2:?output JSON}
rounds=${3:-5}
bin="$build/bench/legacy"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
for r in $(seq "$rounds"); do
  for lang in f90 c; do
    for kind in lib textbook copy; do
      "$bin/rmmard_latency_${lang}_${kind}" >> "$tmp/${lang}_${kind}.txt"
    done
  done
done
host=$(grep -m1 'model name' /proc/cpuinfo | sed 's/.*: //')
python3 - "$tmp" "$out" "$host" "$rounds" "$0 $*" <<'PY'
import json, statistics, sys
tmp, out, host, rounds, command = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4]), sys.argv[5]
res = {"benchmark": "rmmard_latency", "host_cpu": host, "command": command, "rounds": rounds,
       "unit": "ns per number, median of the rounds", "languages": {}}
for lang in ("f90", "c"):
    figs = {}
    for kind in ("lib", "textbook", "copy"):
        per = {"dependent": [], "independent": []}
        for line in open("%s/%s_%s.txt" % (tmp, lang, kind)):
            pattern = line.split(":")[0].strip()
            per[pattern].append(float(line.split(":")[1].split()[0]))
        figs[kind] = {p: statistics.median(v) for p, v in per.items()}
    entry = {"ns_per_number": figs}
    for p in ("dependent", "independent"):
        own_lib = figs["lib"][p] - figs["copy"][p]
        own_text = figs["textbook"][p] - figs["copy"][p]
        entry[p] = {"own_lib": round(own_lib, 3), "own_textbook": round(own_text, 3),
                    "textbook_over_lib": round(own_text / own_lib, 2)}
        print("%-3s %-11s library %6.3f  textbook %6.3f  copy-only %6.3f ns/number; own time %5.3f vs %6.3f: %.2fx"
              % (lang, p, figs["lib"][p], figs["textbook"][p], figs["copy"][p], own_lib, own_text, own_text / own_lib))
    res["languages"][lang] = entry
json.dump(res, open(out, "w"), indent=1)
PY
