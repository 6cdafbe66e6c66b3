#!/usr/bin/env bash
# Issue 33 on a two-GPU machine (nvidia-h200-x2): builds only what it runs (sm_90), runs the split tests (device 0,
# and the multigpu ones on both devices) and the RANMAR cross-backend tests, then scale_bench twice (1 GPU, GPU 0
# named twice, 2 GPUs, against one GPU in the same run).
# Usage (on the GPU machine): bash bench/scripts/issue33_x2_session.sh OUT_DIR
# Writes OUT_DIR/{session.log, ctest.log, scale_run1.json, scale_run2.json, scale_run*.txt}.
set -uo pipefail
source "$(dirname "$0")/session_start.sh" "$@"
if [ ! -f build-gpu/build.ninja ]; then
  cmake -S . -B build-gpu -G Ninja -DCMAKE_BUILD_TYPE=Release -DCMAKE_CUDA_ARCHITECTURES=90 > /tmp/configure.log 2>&1
fi
start=$(date +%s)
cmake --build build-gpu -j "$(nproc)" --target test_split_fills test_split_batches test_split_faults test_cpu_vs_cuda \
  test_chunked_requests test_fast_equals_reference scale_bench > /tmp/build.log 2>&1 || { tail -40 /tmp/build.log; exit 1; }
echo "build $(( $(date +%s) - start )) s" | tee -a "$log"
(cd build-gpu && ctest -R "test_split|test_cpu_vs_cuda|test_chunked|test_fast_equals" --output-on-failure \
  > "$out/ctest.log" 2>&1)
echo "ctest rc=$?" | tee -a "$log"
grep -E "tests passed|Failed|\*\*\*" "$out/ctest.log" | head -20
for run in 1 2; do
  ./build-gpu/bench/scale_bench "$out/scale_run$run.json" > "$out/scale_run$run.txt" 2>&1
  echo "scale_bench run $run rc=$?" | tee -a "$log"
  cat "$out/scale_run$run.txt"
done
