#!/usr/bin/env bash
# Confirms builds made on the workstation (bench/scripts/prebuild_for_device.sh into .carry/NAME.tar.xz, folder NAME;
# carry .carry) on the GPU machine, and compares them: each build's test_bs_pde device tests (and the first build's
# test_tridiag ones); twice with the builds alternated, pde_scan_bench over the grids of the PDE's streamed form
# (doubles past 4096 nodes, floats past 65536) and the resident doubles; the first build's whole pde_scan_bench list
# (64-65536 nodes, both precisions and schemes) and the sizes between its points, twice; tridiag_gpu_bench's staged
# sizes with each build that has it, alternated; then tridiag_gpu_bench's size scan of docs/tridiag_scan_h100.png
# with the first build if time is left. Each result is written as soon as it is there.
# Usage (on the GPU machine): bash bench/scripts/prebuilt_scans_session.sh OUT_DIR SECONDS NAME...
# (the tridiagonal scan runs only if more than a minute of SECONDS is left after the rest). The results go to a work
# folder and, as each step ends, into OUT_DIR/results.tar.gz (a device call returns a limited count of files).
# SKIP_TESTS=1 leaves the tests out.
set -uo pipefail
budget=${2:?seconds}
source "$(dirname "$0")/session_start.sh" "$1" pde
final_out=$out
out=/tmp/prebuilt_scans_results
mkdir -p "$out" && cp "$final_out/session.log" "$out/"
shift 2
names=("$@")
t0=$SECONDS
stamp() {
  echo "[$((SECONDS - t0)) s] $*"
  tar -czf "$final_out/results.tar.gz" -C "$out" .
}
mkdir -p /tmp/prebuilt
for name in "${names[@]}"; do tar -xJf ".carry/$name.tar.xz" -C /tmp/prebuilt || exit 1; done
tests() {  # NAME PROGRAM FILTER
  LD_LIBRARY_PATH=/tmp/prebuilt/$1 timeout 300 /tmp/prebuilt/$1/$2 --gtest_filter="$3" > "$out/$2_$1.log" 2>&1
  stamp "$1 $2 rc=$?: $(grep -E "^\[  (PASSED|FAILED) " "$out/$2_$1.log" | tr '\n' ' ')"
  grep -E "Failure" -A3 "$out/$2_$1.log" | head -8
}
if [ "${SKIP_TESTS:-0}" != 1 ]; then
  for name in "${names[@]}"; do tests "$name" test_bs_pde "BsPdeGpu.*"; done
  tests "${names[0]}" test_tridiag "Tridiag.*"
fi
long_scan() {  # NAME RUN: the sizes past 4096 nodes in double and past 65536 in float (the streamed form), with the
  # resident doubles of 1025-4096 nodes
  export LD_LIBRARY_PATH=/tmp/prebuilt/$1
  GPURNG_BENCH_PRECISION=double timeout 100 /tmp/prebuilt/$1/pde_scan_bench "$out/pde_long_double_$1_run$2.json" 1025 \
    2048 4096 4097 4500 5000 5300 6000 7000 8192 8193 10000 12289 16384 32768 65536 > "$out/pde_long_double_$1_run$2.txt" 2>&1
  stamp "$1 double long run $2 rc=$?"
  GPURNG_BENCH_PRECISION=float timeout 60 /tmp/prebuilt/$1/pde_scan_bench "$out/pde_long_float_$1_run$2.json" 65537 \
    70000 100000 > "$out/pde_long_float_$1_run$2.txt" 2>&1
  stamp "$1 float long run $2 rc=$?"
}
for r in 1 2; do
  for name in "${names[@]}"; do long_scan "$name" $r; done
done
# The first build alone: the whole list and the sizes between its points (the plot of the PDE's scan).
export LD_LIBRARY_PATH=/tmp/prebuilt/${names[0]}
for r in 1 2; do
  timeout 150 /tmp/prebuilt/${names[0]}/pde_scan_bench "$out/pde_scan_${names[0]}_run$r.json" > "$out/pde_scan_${names[0]}_run$r.txt" 2>&1
  stamp "${names[0]} pde scan run $r rc=$?: $(grep -i worst "$out/pde_scan_${names[0]}_run$r.txt")"
  timeout 100 /tmp/prebuilt/${names[0]}/pde_scan_bench "$out/pde_between_${names[0]}_run$r.json" 1200 1300 4500 5000 5300 \
    7000 10000 24576 50000 > "$out/pde_between_${names[0]}_run$r.txt" 2>&1
  stamp "${names[0]} pde between run $r rc=$?"
done
# Builds with tridiag_gpu_bench: the staged form's sizes (its reduced solve is block_pcr's), alternated.
for r in 1 2; do
  for name in "${names[@]}"; do
    [ -x /tmp/prebuilt/$name/tridiag_gpu_bench ] || continue
    LD_LIBRARY_PATH=/tmp/prebuilt/$name GPURNG_BENCH_QUICK=1 timeout 60 /tmp/prebuilt/$name/tridiag_gpu_bench \
      "$out/tridiag_staged_${name}_run$r.json" 16384 1024 24000 699 65536 256 > "$out/tridiag_staged_${name}_run$r.txt" 2>&1
    stamp "$name tridiag staged run $r rc=$?"
  done
done
left=$((budget - (SECONDS - t0)))
if [ $left -gt 60 ]; then
  export LD_LIBRARY_PATH=/tmp/prebuilt/${names[0]}
  timeout $left /tmp/prebuilt/${names[0]}/tridiag_gpu_bench "$out/tridiag_gpu_scan_${names[0]}.json" 32 524288 64 262144 \
    128 131072 256 65536 512 32768 1024 16384 1025 16368 1700 9868 2048 8192 3000 5592 4096 4096 6000 2796 8192 2048 \
    12000 1398 16384 1024 24000 699 32768 512 65536 256 > "$out/tridiag_scan_${names[0]}.txt" 2>&1
  stamp "tridiag scan rc=$?"
fi
