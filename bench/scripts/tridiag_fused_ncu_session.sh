#!/usr/bin/env bash
# Issue 31: why the fused long solve (tridiag_long_cuda.cu's fused_kernel, one block a system, a warp a segment) runs
# at about half the bandwidth-floor share at 4097 and 5000 rows (5 warps a block) that it has at 4096 (4 warps) and
# 8192 (8 warps): Nsight Compute on the first float fused launch of tridiag_gpu_bench at each size (about 2^24
# unknowns), clocks left as they are. Usage (on the GPU machine): bash bench/scripts/tridiag_fused_ncu_session.sh OUT_DIR
set -uo pipefail
source "$(dirname "$0")/session_start.sh" "$1" solvers
if [ ! -f build-gpu/build.ninja ]; then
  cmake -S . -B build-gpu -G Ninja -DCMAKE_BUILD_TYPE=Release -DCMAKE_CUDA_ARCHITECTURES=90 > /tmp/configure.log 2>&1
fi
cmake --build build-gpu -j 16 --target tridiag_gpu_bench > /tmp/build.log 2>&1 || { tail -40 /tmp/build.log; exit 1; }
ncu=$(command -v ncu || ls /usr/local/cuda/bin/ncu 2>/dev/null | head -1)
ncu_args=(--clock-control none --kernel-name regex:fused_kernel --launch-skip 0 --launch-count 1 --section SpeedOfLight
  --section Occupancy --section LaunchStats --section MemoryWorkloadAnalysis --section SchedulerStats
  --section WarpStateStats)
for mb in "4096 4096" "4097 4095" "5000 3355" "8192 2048" "2048 8192"; do
  set -- $mb
  GPURNG_BENCH_QUICK=1 timeout 150 "$ncu" "${ncu_args[@]}" ./build-gpu/bench/solvers/tridiag_gpu_bench /tmp/ncu.json "$1" "$2" \
    > "$out/ncu_fused_$1.txt" 2>&1
  echo "m=$1: $(grep -E "Duration|Achieved Occupancy|Registers Per|Block Limit Registers|DRAM Throughput|Memory Throughput" "$out/ncu_fused_$1.txt" | tr -s ' ' | tr '\n' ';')"
done
