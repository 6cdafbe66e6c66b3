#!/usr/bin/env bash
# One device session: build for sm_90, run the GPU-labelled tests, the GPU benchmark and the CPU benchmark
# on the GPU machine's host. Usage (on the GPU machine): bash bench/scripts/gpu_session.sh OUT_DIR
# Writes OUT_DIR/{ctest_gpu.log, ranmar_gpu.json, ranmar_gpu.txt, ring_gpu.json, ring_gpu.txt, ring_cpu_backend.json,
# ranmar_cpu_16threads.json, session.log}.
set -uo pipefail
out=${1:?output directory}
cd "$(dirname "$0")/../.."
export PATH=/usr/local/cuda/bin:$PATH
mkdir -p "$out"
log="$out/session.log"
nvidia-smi --query-gpu=name,driver_version,memory.total --format=csv > "$log" 2>&1
cmake -S . -B build-gpu -G Ninja -DCMAKE_BUILD_TYPE=Release -DCMAKE_CUDA_ARCHITECTURES=90 -DGPURNG_ENABLE_CUDA=ON \
  > /tmp/configure.log 2>&1 && cmake --build build-gpu -j 16 > /tmp/build.log 2>&1 || { tail -40 /tmp/build.log; exit 1; }
# The ring's stream test draws 10^9 numbers per target here (CI draws 10^8 on the CPU).
(cd build-gpu && GPURNG_RING_TEST_NUMBERS=1000000000 ctest -L gpu --output-on-failure > "$out/ctest_gpu.log" 2>&1)
echo "ctest -L gpu rc=$?" | tee -a "$log"
tail -4 "$out/ctest_gpu.log"
./build-gpu/bench/ranmar_gpu_bench --json "$out/ranmar_gpu.json" > "$out/ranmar_gpu.txt" 2>&1
cat "$out/ranmar_gpu.txt"
./build-gpu/bench/ring_bench --json "$out/ring_gpu.json" > "$out/ring_gpu.txt" 2>&1; cat "$out/ring_gpu.txt"
GPURNG_BACKEND=cpu ./build-gpu/bench/ring_bench --quick --json "$out/ring_cpu_backend.json" >> "$log" 2>&1
GPURNG_THREADS=16 timeout 200 ./build-gpu/bench/ranmar_cpu_bench --json "$out/ranmar_cpu_16threads.json" >> "$log" 2>&1
tail -4 "$log"
