#!/usr/bin/env bash
# Where the PDE's cluster form spends a step (issue 31; docs/PERFORMANCE.md, "The PDE from 9217 to 65536 float nodes on
# a thread-block cluster"): bench/probes/cluster_step_probe.cu (the PCR exchange alone: block barrier, cluster barrier,
# remote reads, in several forms), bench/probes/cluster_halo_probe.cu (the whole reduced solve a time step, as the
# library does it and with the block's steps on a halo), then Nsight Compute on pde_scan_bench's first implicit and
# first Crank-Nicolson launch of the register-form kernel at 65536 (a cluster of 8 blocks) and 8192 float nodes (one
# block): warp states, scheduler, occupancy. ncu runs with --clock-control none (the device's clocks stay as they are).
# Usage (on the GPU machine): bash bench/scripts/cluster_probe_session.sh OUT_DIR
set -uo pipefail
source "$(dirname "$0")/session_start.sh" "$1" cluster
( if [ ! -f build-gpu/build.ninja ]; then
    cmake -S . -B build-gpu -G Ninja -DCMAKE_BUILD_TYPE=Release -DCMAKE_CUDA_ARCHITECTURES=90 > /tmp/configure.log 2>&1
  fi
  cmake --build build-gpu -j 16 --target pde_scan_bench > /tmp/build.log 2>&1; echo $? > /tmp/build.rc ) &
nvcc -O3 -arch=sm_90 -std=c++17 bench/probes/cluster_step_probe.cu -o /tmp/cluster_step_probe &&
  /tmp/cluster_step_probe | tee "$out/cluster_step_probe.txt"
nvcc -O3 -arch=sm_90 -std=c++17 bench/probes/cluster_halo_probe.cu -o /tmp/cluster_halo_probe &&
  /tmp/cluster_halo_probe | tee "$out/cluster_halo_probe.txt"
wait
[ "$(cat /tmp/build.rc)" = 0 ] || { tail -30 /tmp/build.log; exit 1; }
ncu_args=(--clock-control none --kernel-name regex:segments_kernel --section SpeedOfLight --section Occupancy
  --section LaunchStats --section WarpStateStats --section SchedulerStats --section ComputeWorkloadAnalysis)
for nodes in 65536 8192; do
  # pde_scan_bench times each scheme as a warm-up and 3 calls: launch 0 is implicit, launch 4 Crank-Nicolson.
  GPURNG_BENCH_PRECISION=float timeout 120 ncu "${ncu_args[@]}" --launch-skip 0 --launch-count 1 \
    ./build-gpu/bench/solvers/pde_scan_bench /tmp/ncu.json "$nodes" > "$out/ncu_implicit_$nodes.txt" 2>&1
  GPURNG_BENCH_PRECISION=float timeout 120 ncu "${ncu_args[@]}" --launch-skip 4 --launch-count 1 \
    ./build-gpu/bench/solvers/pde_scan_bench /tmp/ncu.json "$nodes" > "$out/ncu_crank_nicolson_$nodes.txt" 2>&1
done
grep -h -E "segments_kernel|Duration|Issue Slots Busy|Warp Cycles Per Issued|Achieved Occupancy|No Eligible" \
  "$out"/ncu_*.txt
