#!/usr/bin/env bash
# Issue 33 on one GPU: where the split calls' time goes. Builds only what it runs (sm_90), then
#   OUT_DIR/test_split.log      ctest -R test_split (fills, batches, faults; the GPU cases on device 0)
#   OUT_DIR/split_fill_skew*.txt split_fill_probe (RANMAR and Philox: plain calls, split calls after plain ones)
#   OUT_DIR/pde_part.txt        pde_part_probe (the PDE batch on device arrays and staged, by batch size)
#   OUT_DIR/ranmar_ncu.csv      each RANMAR fill launch's GPU time (ncu, gpu__time_duration) inside split_fill_probe
# Usage (on the GPU machine): bash bench/scripts/issue33_probe_session.sh OUT_DIR [all|probes]
set -uo pipefail
source "$(dirname "$0")/session_start.sh" "$@"
if [ ! -f build-gpu/build.ninja ]; then
  cmake -S . -B build-gpu -G Ninja -DCMAKE_BUILD_TYPE=Release -DCMAKE_CUDA_ARCHITECTURES=90 > /tmp/configure.log 2>&1
fi
start=$(date +%s)
cmake --build build-gpu -j "$(nproc)" --target test_split_fills test_split_batches test_split_faults \
  split_fill_probe pde_part_probe scale_bench > /tmp/build.log 2>&1 || { tail -40 /tmp/build.log; exit 1; }
echo "build $(( $(date +%s) - start )) s" | tee -a "$log"
if [[ $what == all ]]; then
  (cd build-gpu && ctest -R test_split --output-on-failure > "$out/test_split.log" 2>&1)
  echo "ctest -R test_split rc=$?" | tee -a "$log"
  grep -E "tests passed|Failed|\*\*\*" "$out/test_split.log" | head -20
fi
for skew in ${SKEWS:-0}; do
  GPURNG_RANMAR_SKEW=$skew ./build-gpu/bench/split_fill_probe > "$out/split_fill_skew$skew.txt" 2>&1
  echo "split_fill_probe skew $skew rc=$?" | tee -a "$log"
  grep -E "plain|again" "$out/split_fill_skew$skew.txt" | head -12
done
./build-gpu/bench/pde_part_probe > "$out/pde_part.txt" 2>&1
echo "pde_part_probe rc=$?" | tee -a "$log"
cat "$out/pde_part.txt"
ncu=$(command -v ncu || ls /opt/nvidia/nsight-compute/*/ncu /usr/local/cuda/bin/ncu 2>/dev/null | head -1)
if [ -n "$ncu" ] && [ -n "${NCU:-}" ]; then  # NCU=1 to run it
  timeout 240 "$ncu" --clock-control none -k regex:ranmar_fill --metrics gpu__time_duration.sum --csv \
    ./build-gpu/bench/split_fill_probe > "$out/ranmar_ncu.csv" 2> "$out/ranmar_ncu.err"
  echo "ncu rc=$? ($ncu)" | tee -a "$log"
fi
