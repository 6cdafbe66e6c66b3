#!/usr/bin/env bash
# One device session: build for sm_90, run the GPU-labelled tests, the GPU benchmark and the CPU benchmark
# on the GPU machine's host. Usage (on the GPU machine): bash bench/scripts/gpu_session.sh OUT_DIR
# Writes OUT_DIR/{ctest_gpu.log, ranmar_gpu.json, ranmar_gpu.txt, ring_gpu.json, ring_gpu.txt (with the rings'
# wait statistics), ring_cpu_backend.json, ranmar_cpu_16threads.json, session.log}. GPURNG_SESSION_SKIP can name
# parts to leave out (ctest, ranmar_gpu, cpu_bench). Fortran programs built elsewhere and carried in
# .carry/demo (the CORSIKA-style demonstration, both builds, with libgpurng_legacy.so.0) run against this build.
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
skip=${GPURNG_SESSION_SKIP:-}
if [[ $skip != *ctest* ]]; then
  (cd build-gpu && GPURNG_RING_TEST_NUMBERS=1000000000 ctest -L gpu --output-on-failure > "$out/ctest_gpu.log" 2>&1)
  echo "ctest -L gpu rc=$?" | tee -a "$log"
  tail -4 "$out/ctest_gpu.log"
fi
if [[ $skip != *ranmar_gpu* ]]; then
  ./build-gpu/bench/ranmar_gpu_bench --json "$out/ranmar_gpu.json" > "$out/ranmar_gpu.txt" 2>&1
  cat "$out/ranmar_gpu.txt"
fi
GPURNG_RING_STATS=1 ./build-gpu/bench/ring_bench --json "$out/ring_gpu.json" > "$out/ring_gpu.txt" 2>&1
grep -v "^libgpurng ring" "$out/ring_gpu.txt"; grep "^libgpurng ring" "$out/ring_gpu.txt" | head -12
GPURNG_BACKEND=cpu ./build-gpu/bench/ring_bench --quick --json "$out/ring_cpu_backend.json" >> "$log" 2>&1
if [[ -d .carry/demo ]]; then
  export LD_LIBRARY_PATH="$PWD/.carry/demo:$PWD/build-gpu/src"
  for b in corsika_demo_cpu corsika_demo; do echo "== $b"; ./.carry/demo/$b | tail -3; done 2>&1 | tee -a "$log"
  unset LD_LIBRARY_PATH
fi
if [[ $skip != *cpu_bench* ]]; then
  GPURNG_THREADS=16 timeout 200 ./build-gpu/bench/ranmar_cpu_bench --json "$out/ranmar_cpu_16threads.json" >> "$log" 2>&1
fi
tail -4 "$log"
