#!/usr/bin/env bash
# The one-factor PDE's warp kernels (J + 1 <= 1024) on the GPU: build test_bs_pde and pde_scan_bench for sm_90, run
# the PDE tests (the device-equals-host cases among them), then pde_scan_bench twice over the sizes where the chunk
# size changes (issue 31: within 0.75 of the best size within 10 %).
# Usage (on the GPU machine): bash bench/scripts/pde_warp_session.sh OUT_DIR [TAG]
set -uo pipefail
source "$(dirname "$0")/session_start.sh" "$1" pde
tag=${2:-scan}
if [ ! -f build-gpu/build.ninja ]; then
  cmake -S . -B build-gpu -G Ninja -DCMAKE_BUILD_TYPE=Release -DCMAKE_CUDA_ARCHITECTURES=90 > /tmp/configure.log 2>&1
fi
cmake --build build-gpu -j 16 --target test_bs_pde pde_scan_bench > /tmp/build.log 2>&1 || { tail -40 /tmp/build.log; exit 1; }
timeout 300 ./build-gpu/tests/solvers/test_bs_pde --gtest_filter='BsPdeGpu.*' > "$out/test_bs_pde_gpu.log" 2>&1
echo "test_bs_pde rc=$?: $(grep -E "^\[  (PASSED|FAILED) " "$out/test_bs_pde_gpu.log" | tr '\n' ' ')"
grep -E "^\[  FAILED  \]|Failure" "$out/test_bs_pde_gpu.log" | head -5
nodes=(385 400 448 480 512 513 560 600 640 641 700 768 769 800 896 897 900 960 1000 1024)
for run in 1 2; do
  ./build-gpu/bench/solvers/pde_scan_bench "$out/pde_${tag}_run$run.json" "${nodes[@]}" > "/tmp/pde_${tag}_run$run.txt" 2>&1
  echo "run $run: $(grep -i worst "/tmp/pde_${tag}_run$run.txt")"
done
