#!/usr/bin/env bash
# Issue 35 on one GPU: builds only what it runs (sm_90), then
#   OUT_DIR/test_adi_gpu.log      test_basket_adi and test_adi_heat (device memory against host memory, bit for bit)
#   OUT_DIR/adi_gpu_run{1,2}.json adi_gpu_bench twice (heat 256^3 against cuSPARSE, the three-asset basket step)
#   OUT_DIR/adi_ncu.csv           each ADI kernel's GPU time over six float heat steps (ncu, gpu__time_duration)
#   OUT_DIR/adi_ncu_double.csv    the same for double (tools/ncu_kernel_times.py summarises both)
# Usage (on the GPU machine): bash bench/scripts/adi_gpu_session.sh OUT_DIR
set -uo pipefail
source "$(dirname "$0")/session_start.sh" "$@"
if [ ! -f build-gpu/build.ninja ]; then
  cmake -S . -B build-gpu -G Ninja -DCMAKE_BUILD_TYPE=Release -DCMAKE_CUDA_ARCHITECTURES=90 > /tmp/configure.log 2>&1
fi
start=$(date +%s)
cmake --build build-gpu -j "$(nproc)" --target test_basket_adi test_adi_heat adi_gpu_bench > /tmp/build.log 2>&1 ||
  { tail -40 /tmp/build.log; exit 1; }
echo "build $(( $(date +%s) - start )) s" | tee -a "$log"
for t in test_basket_adi test_adi_heat; do
  ./build-gpu/tests/solvers/$t --gtest_filter='*Gpu*' >> "$out/test_adi_gpu.log" 2>&1
  echo "$t (GPU cases) rc=$?" | tee -a "$log"
done
grep -E "PASSED|FAILED|Failure|OK \]" "$out/test_adi_gpu.log" | head -20
for run in 1 2; do
  ./build-gpu/bench/solvers/adi_gpu_bench "$out/adi_gpu_run$run.json" > "$out/adi_gpu_run$run.txt" 2>&1
  echo "adi_gpu_bench run $run rc=$?" | tee -a "$log"
  cat "$out/adi_gpu_run$run.txt"
done
ncu=$(command -v ncu || ls /usr/local/cuda/bin/ncu 2>/dev/null | head -1)
if [ -n "$ncu" ]; then
  timeout 90 "$ncu" --clock-control none -k 'regex:solve_|explicit_kernel' --launch-count 24 \
    --metrics gpu__time_duration.sum --csv ./build-gpu/bench/solvers/adi_gpu_bench /dev/null 256 \
    > "$out/adi_ncu.csv" 2> "$out/adi_ncu.err"
  echo "ncu rc=$?" | tee -a "$log"
  timeout 90 "$ncu" --clock-control none --kernel-name-base demangled -k 'regex:double' --launch-count 24 \
    --metrics gpu__time_duration.sum --csv ./build-gpu/bench/solvers/adi_gpu_bench /dev/null 256 \
    > "$out/adi_ncu_double.csv" 2>> "$out/adi_ncu.err"
  echo "ncu (double) rc=$?" | tee -a "$log"
  python3 tools/ncu_kernel_times.py "$out/adi_ncu.csv" | tee -a "$log"
  python3 tools/ncu_kernel_times.py "$out/adi_ncu_double.csv" | tee -a "$log"
fi
