#!/usr/bin/env bash
# One device session: build for sm_90, run the GPU-labelled tests, the GPU benchmark and the CPU benchmark
# on the GPU machine's host. Usage (on the GPU machine): bash bench/scripts/gpu_session.sh OUT_DIR
# Writes OUT_DIR/{ctest_gpu.log, ranmar_gpu.json, ranmar_gpu.txt, ranmar_cpu_16threads.json, session.log}.
set -uo pipefail
out=${1:?output directory}
cd "$(dirname "$0")/../.."
export PATH=/usr/local/cuda/bin:$PATH
mkdir -p "$out"
log="$out/session.log"
nvidia-smi --query-gpu=name,driver_version,memory.total --format=csv > "$log" 2>&1
cmake -S . -B build-gpu -G Ninja -DCMAKE_BUILD_TYPE=Release -DCMAKE_CUDA_ARCHITECTURES=90 -DGPURNG_ENABLE_CUDA=ON \
  > /tmp/configure.log 2>&1 && cmake --build build-gpu -j 16 > /tmp/build.log 2>&1 || { tail -40 /tmp/build.log; exit 1; }
(cd build-gpu && ctest -L gpu --output-on-failure > "$out/ctest_gpu.log" 2>&1); echo "ctest -L gpu rc=$?" | tee -a "$log"
tail -4 "$out/ctest_gpu.log"
./build-gpu/bench/ranmar_gpu_bench --json "$out/ranmar_gpu.json" > "$out/ranmar_gpu.txt" 2>&1
cat "$out/ranmar_gpu.txt"
GPURNG_THREADS=16 timeout 200 ./build-gpu/bench/ranmar_cpu_bench --json "$out/ranmar_cpu_16threads.json" >> "$log" 2>&1
tail -4 "$log"
