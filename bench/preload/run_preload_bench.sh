#!/usr/bin/env bash
# Per-call cost of rand/random/drand48/lrand48 and gfortran RAND/IRAND in unmodified programs, with and
# without LD_PRELOAD=libgpurng_preload.so, measured side by side in one run (the two alternate, ROUNDS
# times; each figure is the median of the rounds, each round the best of 5 passes inside the program).
# Usage: bench/preload/run_preload_bench.sh BUILD_DIR OUT.json [CALLS] [ROUNDS]
set -euo pipefail
build=${1:?build directory}
out=${2:?output json}
calls=${3:-20000000}
rounds=${4:-5}
shim="$build/legacy_shims/preload/libgpurng_preload.so"
progs=("$build/bench/preload_bench")
[[ -x $build/bench/preload_bench_rand ]] && progs+=("$build/bench/preload_bench_rand")
tmp=$(mktemp -d)
for ((r = 0; r < rounds; ++r)); do
  for p in "${progs[@]}"; do
    "$p" "$calls" >> "$tmp/glibc.txt"
    LD_PRELOAD="$shim" "$p" "$calls" >> "$tmp/shim.txt"
  done
done
python3 - "$tmp/glibc.txt" "$tmp/shim.txt" "$out" "$calls" "$rounds" "$0 $*" <<'PY'
import json, platform, statistics, sys
glibc, shim, out, calls, rounds, command = sys.argv[1:7]
def read(path):
    figures, sums = {}, {}
    for line in open(path):
        name, _, ns, checksum = line.split()
        figures.setdefault(name, []).append(float(ns))
        sums.setdefault(name, set()).add(checksum)
    return figures, sums
g, gs = read(glibc)
s, ss = read(shim)
cpu = next((l.split(":", 1)[1].strip() for l in open("/proc/cpuinfo") if l.startswith("model name")), platform.machine())
rows = []
for name in g:
    gm, sm = statistics.median(g[name]), statistics.median(s[name])
    rows.append({"function": name, "glibc_ns_per_call": round(gm, 3), "shim_ns_per_call": round(sm, 3),
                 "speedup": round(gm / sm, 2), "glibc_ns_all_rounds": g[name], "shim_ns_all_rounds": s[name],
                 "same_numbers": gs[name] == ss[name] and len(gs[name]) == 1})
doc = {"benchmark": "preload_per_call", "device": f"host CPU: {cpu} ({platform.node()})", "command": command,
       "calls_per_pass": int(calls), "rounds": int(rounds),
       "anchor": "the same unmodified program without LD_PRELOAD (glibc / libgfortran), alternating in the same run",
       "results": rows}
json.dump(doc, open(out, "w"), indent=1)
for r in rows:
    print(f"{r['function']:8s} glibc {r['glibc_ns_per_call']:7.3f} ns  shim {r['shim_ns_per_call']:7.3f} ns  "
          f"x{r['speedup']:.2f}  same numbers: {r['same_numbers']}")
PY
rm -rf "$tmp"
