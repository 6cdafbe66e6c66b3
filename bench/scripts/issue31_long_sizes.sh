#!/usr/bin/env bash
# Issue 31, long sizes only: build the solver tests and benches for sm_90, run the solver tests (CPU and GPU parts),
# then tridiag_gpu_bench at m = 1025 .. 65536 (2^24 unknowns a call) twice and pde_scan_bench past 1024 nodes.
# Usage (on the GPU machine): bash bench/scripts/issue31_long_sizes.sh OUT_DIR
# (The device tool brings back at most 8 files: the benches' text output stays in /tmp.)
set -uo pipefail
source "$(dirname "$0")/session_start.sh" "$1" solvers
if [ ! -f build-gpu/build.ninja ]; then
  cmake -S . -B build-gpu -G Ninja -DCMAKE_BUILD_TYPE=Release -DCMAKE_CUDA_ARCHITECTURES=90 > /tmp/configure.log 2>&1
fi
cmake --build build-gpu -j 16 --target test_tridiag test_tridiag_cusparse test_bs_pde tridiag_gpu_bench pde_scan_bench \
  > /tmp/build.log 2>&1 || { tail -40 /tmp/build.log; exit 1; }
for t in test_tridiag test_tridiag_cusparse test_bs_pde; do
  timeout 240 ./build-gpu/tests/solvers/$t > "$out/$t.log" 2>&1
  echo "$t rc=$?: $(grep -E "^\[  (PASSED|FAILED) " "$out/$t.log" | tr '\n' ' ')"
  grep -E "^\[  FAILED  \]|Failure" "$out/$t.log" | head -5
done
sizes=()
for m in 1025 2048 4096 8192 9000 16384 32768 65536; do sizes+=("$m" "$((16777216 / m))"); done
for run in 1 2; do
  ./build-gpu/bench/solvers/tridiag_gpu_bench "$out/tridiag_long_run$run.json" "${sizes[@]}" > "/tmp/tridiag_long_run$run.txt" 2>&1
done
grep -E " AUTO" /tmp/tridiag_long_run1.txt | cut -c1-100
./build-gpu/bench/solvers/pde_scan_bench "$out/pde_long.json" 1025 1100 1300 1500 1700 2048 4096 8192 > /tmp/pde_long.txt 2>&1
grep -E "nodes" /tmp/pde_long.txt
