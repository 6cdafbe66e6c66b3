#!/usr/bin/env bash
# The one-factor PDE on the GPU: build test_bs_pde and pde_scan_bench for sm_90, run test_bs_pde whole (the
# device-equals-host cases among them), then pde_scan_bench twice over NODES (default: the bench's own list, 64 ..
# 65536 nodes).
# Usage (on the GPU machine): bash bench/scripts/pde_scan_session.sh OUT_DIR [TAG [NODES ...]]
set -uo pipefail
source "$(dirname "$0")/session_start.sh" "$1" pde
tag=${2:-scan}
shift $(( $# >= 2 ? 2 : $# ))
if [ ! -f build-gpu/build.ninja ]; then
  cmake -S . -B build-gpu -G Ninja -DCMAKE_BUILD_TYPE=Release -DCMAKE_CUDA_ARCHITECTURES=90 > /tmp/configure.log 2>&1
fi
cmake --build build-gpu -j 16 --target test_bs_pde pde_scan_bench > /tmp/build.log 2>&1 || { tail -40 /tmp/build.log; exit 1; }
timeout 300 ./build-gpu/tests/solvers/test_bs_pde > "$out/test_bs_pde_${tag}.log" 2>&1
echo "test_bs_pde rc=$?: $(grep -E "^\[  (PASSED|FAILED) " "$out/test_bs_pde_${tag}.log" | tr '\n' ' ')"
grep -E "^\[  FAILED  \]|Failure" "$out/test_bs_pde_${tag}.log" | head -5
for run in 1 2; do
  ./build-gpu/bench/solvers/pde_scan_bench "$out/pde_${tag}_run$run.json" "$@" > "/tmp/pde_${tag}_run$run.txt" 2>&1
  echo "run $run: $(grep -i worst "/tmp/pde_${tag}_run$run.txt")"
done
