#!/usr/bin/env bash
# Issue 31's closing GPU session: build everything for sm_90, run the GPU-labelled tests, then the benchmarks.
# Usage (on the GPU machine): bash bench/scripts/issue31_session.sh OUT_DIR [tests|benches|all|pde]
#   tests:   OUT_DIR/ctest_gpu.log and OUT_DIR/pde_scan.json (the PDE across grid sizes, pde_scan_bench)
#   benches: OUT_DIR/tridiag_scan.json (m = 32 .. 65536 at 2^24 unknowns a call, for the floor-share plot) and
#            OUT_DIR/pde_bench.json (the PDE at J = 255 against its anchors)
#   pde:     builds only what it runs: test_bs_pde (CPU and GPU) into OUT_DIR/test_bs_pde.log, then pde_scan and
#            the benches
#   solvers: builds only the solver tests and benches: test_tridiag, test_tridiag_cusparse and test_bs_pde (CPU and
#            GPU parts, OUT_DIR/test_*.log), then solver-benches
#   solver-benches: tridiag_gpu_bench at m = 32 .. 65536 (OUT_DIR/tridiag_scan.json) and pde_scan_bench
#            (OUT_DIR/pde_scan.json)
set -uo pipefail
source "$(dirname "$0")/session_start.sh" "$@"
if [ ! -f build-gpu/build.ninja ]; then
  cmake -S . -B build-gpu -G Ninja -DCMAKE_BUILD_TYPE=Release -DCMAKE_CUDA_ARCHITECTURES=90 > /tmp/configure.log 2>&1
fi
targets=()
[[ $what == pde ]] && targets=(--target test_bs_pde pde_scan_bench pde_bench tridiag_gpu_bench)
[[ $what == solvers || $what == solver-benches ]] &&
  targets=(--target test_tridiag test_tridiag_cusparse test_bs_pde tridiag_gpu_bench pde_scan_bench)
cmake --build build-gpu -j 16 "${targets[@]}" > /tmp/build.log 2>&1 || { tail -40 /tmp/build.log; exit 1; }
if [[ $what == pde ]]; then
  ./build-gpu/tests/solvers/test_bs_pde > "$out/test_bs_pde.log" 2>&1
  echo "test_bs_pde rc=$?"
  grep -E "PASSED|FAILED|Failure" "$out/test_bs_pde.log" | head
  ./build-gpu/bench/solvers/pde_scan_bench "$out/pde_scan.json" > "$out/pde_scan.txt" 2>&1
  tail -1 "$out/pde_scan.txt"
  what=benches
fi
if [[ $what == solvers ]]; then
  for t in test_tridiag test_tridiag_cusparse test_bs_pde; do
    timeout 240 ./build-gpu/tests/solvers/$t > "$out/$t.log" 2>&1
    echo "$t rc=$?: $(grep -E "^\[  (PASSED|FAILED) " "$out/$t.log" | tr '\n' ' ')"
    grep -E "^\[  FAILED  \]|Failure" "$out/$t.log" | head -5
  done
  what=solver-benches
fi
if [[ $what == solver-benches ]]; then
  sizes=()
  for m in 32 64 128 256 512 1024 1025 2048 4096 8192 9000 16384 32768 65536; do sizes+=("$m" "$((16777216 / m))"); done
  ./build-gpu/bench/solvers/tridiag_gpu_bench "$out/tridiag_scan.json" "${sizes[@]}" > "$out/tridiag_scan.txt" 2>&1
  grep -E " AUTO" "$out/tridiag_scan.txt" | awk '$1 != "" {print}' | grep -E "x(1025|2048|4096|8192|9000|16384|32768|65536) " | cut -c1-100
  ./build-gpu/bench/solvers/pde_scan_bench "$out/pde_scan.json" > "$out/pde_scan.txt" 2>&1
  grep -E "nodes +(1025|1100|1500|2048|4096|8192|65536) " "$out/pde_scan.txt"; tail -1 "$out/pde_scan.txt"
fi
if [[ $what == tests || $what == all ]]; then
  (cd build-gpu && ctest -L gpu -j 4 --output-on-failure > "$out/ctest_gpu.log" 2>&1)
  echo "ctest -L gpu rc=$?"
  grep -E "tests passed|Failed|\*\*\*" "$out/ctest_gpu.log" | head -20
  ./build-gpu/bench/solvers/pde_scan_bench "$out/pde_scan.json" > "$out/pde_scan.txt" 2>&1
  tail -3 "$out/pde_scan.txt"
fi
if [[ $what == benches || $what == all ]]; then
  sizes=()
  for m in 32 64 128 256 512 1024 2048 4096 8192 16384 32768 65536; do sizes+=("$m" "$((16777216 / m))"); done
  ./build-gpu/bench/solvers/tridiag_gpu_bench "$out/tridiag_scan.json" "${sizes[@]}" > "$out/tridiag_scan.txt" 2>&1
  grep -E " AUTO" "$out/tridiag_scan.txt" | head -60
  ./build-gpu/bench/solvers/pde_bench "$out/pde_bench.json" > "$out/pde_bench.txt" 2>&1
  tail -5 "$out/pde_bench.txt"
fi
