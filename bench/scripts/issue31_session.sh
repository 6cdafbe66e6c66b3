#!/usr/bin/env bash
# Issue 31's closing GPU session: build everything for sm_90, run the GPU-labelled tests, then the benchmarks.
# Usage (on the GPU machine): bash bench/scripts/issue31_session.sh OUT_DIR [tests|benches|all|pde]
#   tests:   OUT_DIR/ctest_gpu.log and OUT_DIR/pde_scan.json (the PDE across grid sizes, pde_scan_bench)
#   benches: OUT_DIR/tridiag_scan.json (m = 32 .. 65536 at 2^24 unknowns a call, for the floor-share plot) and
#            OUT_DIR/pde_bench.json (the PDE at J = 255 against its anchors)
#   pde:     builds only what it runs: test_bs_pde (CPU and GPU) into OUT_DIR/test_bs_pde.log, then pde_scan and
#            the benches
set -uo pipefail
source "$(dirname "$0")/session_start.sh" "$@"
if [ ! -f build-gpu/build.ninja ]; then
  cmake -S . -B build-gpu -G Ninja -DCMAKE_BUILD_TYPE=Release -DCMAKE_CUDA_ARCHITECTURES=90 > /tmp/configure.log 2>&1
fi
targets=()
[[ $what == pde ]] && targets=(--target test_bs_pde pde_scan_bench pde_bench tridiag_gpu_bench)
cmake --build build-gpu -j 16 "${targets[@]}" > /tmp/build.log 2>&1 || { tail -40 /tmp/build.log; exit 1; }
if [[ $what == pde ]]; then
  ./build-gpu/tests/solvers/test_bs_pde > "$out/test_bs_pde.log" 2>&1
  echo "test_bs_pde rc=$?"
  grep -E "PASSED|FAILED|Failure" "$out/test_bs_pde.log" | head
  ./build-gpu/bench/solvers/pde_scan_bench "$out/pde_scan.json" > "$out/pde_scan.txt" 2>&1
  tail -1 "$out/pde_scan.txt"
  what=benches
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
