#!/usr/bin/env bash
# GPU session for the cuRAND-style engines: build for sm_90, run the cuRAND-related tests (ctest -R below, GPU and CPU
# ones) and curand_api_bench (1 GiB fills against cuRAND, same run). Usage on the GPU machine: bash THIS OUT_DIR
out=${1:-$OUT}
set -u
mkdir -p "$out"
export PATH=/usr/local/cuda/bin:$PATH
nvidia-smi --query-gpu=name --format=csv,noheader
cmake -S . -B build-gpu -G Ninja -DCMAKE_BUILD_TYPE=Release -DCMAKE_CUDA_ARCHITECTURES=90 > $out/cfg.log 2>&1 || { tail -20 $out/cfg.log; exit 1; }
time cmake --build build-gpu -j16 > $out/build.log 2>&1 || { grep -E "error" -A3 $out/build.log | head -40; exit 1; }
cd build-gpu
ctest -R "curand_device_normals|curand_layout|test_curand_api|device_api_curand" --output-on-failure > $out/ctest1.log 2>&1; echo "ctest rc=$?"; grep -E "tests passed|Failed|FAILED|differ" $out/ctest1.log | head -30
./bench/curand_api_bench $out/curand_api_1.json --reps 5 2>&1 | tee $out/curand_api_1.txt | tail -45
