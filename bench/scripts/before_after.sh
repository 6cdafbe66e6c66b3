#!/usr/bin/env bash
# Alternating before/after runs of the benchmarks on the generators' C API paths (issue 17's rule: the median of
# at least 3 alternating runs in one session, same-run anchors). Both builds must hold the same benchmarks.
# Usage: bench/scripts/before_after.sh BEFORE_BUILD AFTER_BUILD OUT_DIR ROUNDS [FIRST_ROUND]
# Writes OUT_DIR/<bench>_<before|after>_r<k>.{json,txt}; tools/compare_before_after.py summarises them.
set -uo pipefail
before=${1:?before build}; after=${2:?after build}; out=${3:?out dir}; rounds=${4:-3}; first=${5:-1}
mkdir -p "$out"
run() {  # side build round
  local side=$1 b=$2 k=$3
  "$b/bench/ring_bench" --quick --json "$out/ring_${side}_r$k.json" > "$out/ring_${side}_r$k.txt" 2>&1
  "$b/bench/small_calls_bench" --quick --json "$out/small_calls_${side}_r$k.json" > "$out/small_calls_${side}_r$k.txt" 2>&1
  "$b/bench/jump_bench" --json "$out/jump_${side}_r$k.json" > "$out/jump_${side}_r$k.txt" 2>&1
  if [[ -x "$b/bench/ranmar_gpu_bench" ]]; then
    "$b/bench/ranmar_gpu_bench" --json "$out/ranmar_gpu_${side}_r$k.json" > "$out/ranmar_gpu_${side}_r$k.txt" 2>&1
    "$b/bench/curand_api_bench" "$out/curand_api_${side}_r$k.json" > "$out/curand_api_${side}_r$k.txt" 2>&1
    "$b/bench/gems_api_bench" "$out/gems_api_${side}_r$k.json" > "$out/gems_api_${side}_r$k.txt" 2>&1
  fi
  echo "round $k $side done ($(date +%T))"
}
for ((k = first; k < first + rounds; ++k)); do
  if ((k % 2)); then run before "$before" $k; run after "$after" $k; else run after "$after" $k; run before "$before" $k; fi
done
