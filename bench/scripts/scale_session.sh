#!/usr/bin/env bash
# Issue 33's device session on a multi-GPU machine (nvidia-h100-x4 or x2): build for sm_90, run the GPU-labelled
# tests (device 0), the multigpu-labelled tests (every device), then scale_bench twice (1, 2, 4 devices and device
# 0 named twice, against one device in the same run).
# Usage (on the GPU machine): bash bench/scripts/scale_session.sh OUT_DIR [tests|bench|all]
# Writes OUT_DIR/{session.log, ctest_gpu.log, ctest_multigpu.log, scale_run1.json, scale_run2.json, scale_run*.txt}.
set -uo pipefail
source "$(dirname "$0")/session_start.sh" "$@"
jobs=$(nproc)
if [ ! -f build-gpu/build.ninja ]; then
  cmake -S . -B build-gpu -G Ninja -DCMAKE_BUILD_TYPE=Release -DCMAKE_CUDA_ARCHITECTURES=90 > /tmp/configure.log 2>&1
fi
start=$(date +%s)
cmake --build build-gpu -j "$jobs" > /tmp/build.log 2>&1 || { tail -40 /tmp/build.log; exit 1; }
echo "build $(( $(date +%s) - start )) s" | tee -a "$log"
if [[ $what == tests || $what == all ]]; then
  start=$(date +%s)
  (cd build-gpu && ctest -L gpu -j 4 --output-on-failure > "$out/ctest_gpu.log" 2>&1)
  echo "ctest -L gpu rc=$? $(( $(date +%s) - start )) s" | tee -a "$log"
  grep -E "tests passed|Failed|\*\*\*" "$out/ctest_gpu.log" | head -20
  (cd build-gpu && ctest -L multigpu --output-on-failure -V > "$out/ctest_multigpu.log" 2>&1)
  echo "ctest -L multigpu rc=$?" | tee -a "$log"
  grep -E "tests passed|Failed|OK \]|SKIPPED|\*\*\*" "$out/ctest_multigpu.log" | head -20
fi
if [[ $what == bench || $what == all ]]; then
  for run in 1 2; do
    ./build-gpu/bench/scale_bench "$out/scale_run$run.json" > "$out/scale_run$run.txt" 2>&1
    echo "scale_bench run $run rc=$?" | tee -a "$log"
    cat "$out/scale_run$run.txt"
  done
fi
