#!/usr/bin/env bash
# The PDE register form's one block of 9 to 12 warps held to 168 registers (issue 31), which takes float grids of
# 9217-12288 nodes off the clusters. Builds for sm_90, runs pde_scan_bench over 9216 .. 12289 nodes, test_bs_pde's
# float device-equals-host test (12001 nodes: one block of 12 warps; 12501: a cluster of 2-warp blocks), and the
# bench again; each result written as soon as it is there. The clusters' figures at these sizes before are in
# bench/results/pde_scan_h100_halo_final_run{1,2}.json (10000 and 12001 nodes) and held_registers_pde_h100_run*.json
# (9217). Usage (on the GPU machine): bash bench/scripts/pde_one_block_session.sh OUT_DIR
set -uo pipefail
source "$(dirname "$0")/session_start.sh" "$1" pde
if [ ! -f build-gpu/build.ninja ]; then
  cmake -S . -B build-gpu -G Ninja -DCMAKE_BUILD_TYPE=Release -DCMAKE_CUDA_ARCHITECTURES=90 > /tmp/configure.log 2>&1
fi
cmake --build build-gpu -j 16 --target pde_scan_bench test_bs_pde > /tmp/build.log 2>&1 || { tail -40 /tmp/build.log; exit 1; }
scan() {  # RUN
  timeout 60 ./build-gpu/bench/solvers/pde_scan_bench "$out/pde_one_block_run$1.json" 9216 9217 10000 11000 12000 12001 \
    12288 12289 > "$out/pde_one_block_run$1.txt" 2>&1
  echo "== run $1"; grep -E "float" "$out/pde_one_block_run$1.txt" | cut -c1-110
}
scan 1
timeout 120 ./build-gpu/tests/solvers/test_bs_pde --gtest_filter="BsPdeGpu.DeviceEqualsHostFloat" > "$out/test_bs_pde_float.log" 2>&1
echo "test_bs_pde rc=$?: $(grep -E "^\[  (PASSED|FAILED) " "$out/test_bs_pde_float.log" | tr '\n' ' ')"
grep -E "Failure" -A3 "$out/test_bs_pde_float.log" | head -8
scan 2
