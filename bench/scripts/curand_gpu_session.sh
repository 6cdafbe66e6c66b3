#!/usr/bin/env bash
# GPU session for the cuRAND-style engines: build for sm_90, run the cuRAND-related tests (GPU and CPU ones) and
# curand_api_bench (1 GiB fills and calls of 1 Ki, 64 Ki and 1 Mi outputs against cuRAND, same run), then a
# threads-per-SM sweep of the engines named in GPURNG_SWEEP (e.g. "Philox4_32_10 Sobol32").
# Usage on the GPU machine: bash bench/scripts/curand_gpu_session.sh OUT_DIR [RUN_NAME]
set -u
out=${1:?output directory}
run=${2:-run}
mkdir -p "$out"
export PATH=/usr/local/cuda/bin:$PATH
nvidia-smi --query-gpu=name --format=csv,noheader
cmake -S . -B build-gpu -G Ninja -DCMAKE_BUILD_TYPE=Release -DCMAKE_CUDA_ARCHITECTURES=90 > "$out/cfg.log" 2>&1 ||
  { tail -20 "$out/cfg.log"; exit 1; }
cmake --build build-gpu -j16 > "$out/build.log" 2>&1 || { grep -E "error" -A3 "$out/build.log" | head -40; exit 1; }
cd build-gpu
ctest -R "curand_device_normals|curand_layout|test_curand_api|device_api_curand|curand_gpu_normals" \
  --output-on-failure > "$out/ctest_$run.log" 2>&1
echo "ctest rc=$?"; grep -E "tests passed|Failed|FAILED" "$out/ctest_$run.log" | head -20
./tests/curand_api/test_curand_device_normals 2>&1 | grep -E "^\[ +(OK|SKIPPED|FAILED) " >> "$out/ctest_$run.log"
grep -E "CurandDeviceNormalsGpu" "$out/ctest_$run.log" | tail -5
./bench/curand_api_bench "$out/curand_api_$run.json" --reps 5 > "$out/curand_api_$run.txt" 2>&1
cat "$out/curand_api_$run.txt"
for e in ${GPURNG_SWEEP:-}; do
  ./bench/curand_api_bench "$out/sweep_${e}_$run.json" --reps 5 --only "$e" --tpsm 512,1024,1536,2048 \
    > "$out/sweep_${e}_$run.txt" 2>&1
  grep -E "curand_device|normal|tpsm" "$out/sweep_${e}_$run.txt" | head -40
done
