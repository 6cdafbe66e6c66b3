#!/usr/bin/env bash
# The kernels held to 168 registers (issue 31): the fused tridiagonal solve's float blocks of 2-6 warps and the PDE
# register form's float blocks of 3 (Crank-Nicolson), 5, 6 and 9 warps. Builds for sm_90, runs test_tridiag's long
# tests and test_bs_pde's GPU tests (device equals host), then tridiag_gpu_bench (GPURNG_BENCH_QUICK, 2^24 unknowns)
# and pde_scan_bench over the sizes those shapes take, twice each; everything under OUT_DIR, packed in one archive.
# Usage (on the GPU machine): bash bench/scripts/held_registers_session.sh OUT_DIR
set -uo pipefail
source "$(dirname "$0")/session_start.sh" "$1" solvers
if [ ! -f build-gpu/build.ninja ]; then
  cmake -S . -B build-gpu -G Ninja -DCMAKE_BUILD_TYPE=Release -DCMAKE_CUDA_ARCHITECTURES=90 > /tmp/configure.log 2>&1
fi
cmake --build build-gpu -j 16 --target tridiag_gpu_bench test_tridiag pde_scan_bench test_bs_pde > /tmp/build.log 2>&1 ||
  { tail -40 /tmp/build.log; exit 1; }
res="$out/results"
mkdir -p "$res"
timeout 200 ./build-gpu/tests/solvers/test_tridiag --gtest_filter="*Long*" > "$res/test_tridiag_long.log" 2>&1
echo "test_tridiag rc=$?: $(grep -E "^\[  (PASSED|FAILED) " "$res/test_tridiag_long.log" | tr '\n' ' ')"
timeout 240 ./build-gpu/tests/solvers/test_bs_pde --gtest_filter="BsPdeGpu.*" > "$res/test_bs_pde_gpu.log" 2>&1
echo "test_bs_pde rc=$?: $(grep -E "^\[  (PASSED|FAILED) " "$res/test_bs_pde_gpu.log" | tr '\n' ' ')"
grep -hE "^\[  FAILED  \]|Failure" "$res"/test_*.log | head -5
sizes=()
for m in 1700 2048 2600 3000 3500 4096 4097 5000 6000 6144; do sizes+=("$m" "$((16777216 / m))"); done
for run in 1 2; do
  GPURNG_BENCH_QUICK=1 timeout 120 ./build-gpu/bench/solvers/tridiag_gpu_bench "$res/tridiag_run$run.json" "${sizes[@]}" \
    > "$res/tridiag_run$run.txt" 2>&1
  echo "== tridiag run $run"; grep -E "^strided .* float AUTO" "$res/tridiag_run$run.txt" | cut -c1-100
  timeout 150 ./build-gpu/bench/solvers/pde_scan_bench "$res/pde_run$run.json" 1025 1500 2048 2600 3000 4096 4097 4500 \
    5000 5300 6000 7000 8192 8193 8500 9216 9217 > "$res/pde_run$run.txt" 2>&1
  echo "== pde run $run"; grep -E "float" "$res/pde_run$run.txt" | cut -c1-110
done
tar czf "$out/held_registers.tgz" -C "$res" .
