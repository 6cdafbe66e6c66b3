#!/usr/bin/env bash
# One GPU session that checks a change across the library's GPU-facing parts and re-measures the ADI step:
#   the ADI tests' GPU cases (device bits against the host's), the cuRAND-style engines against cuRAND (the CPU fills
#   included) and the CPU backend against the CUDA one, the numpy adaptor's tests, the Python GPU-array tests;
#   adi_gpu_bench twice and python_bench once.
# Test logs stay in /tmp unless the test fails (the device tool brings back 8 files).
# Usage (on the GPU machine): bash bench/scripts/verify_session.sh OUT_DIR   (.carry/pydeps: pytest, see
# python_gpu_session.sh)
set -uo pipefail
source "$(dirname "$0")/session_start.sh" "$1" verify
[ -f build-gpu/build.ninja ] ||
  cmake -S . -B build-gpu -G Ninja -DCMAKE_BUILD_TYPE=Release -DCMAKE_CUDA_ARCHITECTURES=90 > /tmp/configure.log 2>&1
start=$(date +%s)
targets=(gpurng test_adi_heat test_basket_adi adi_gpu_bench test_curand_api test_curand_engines_gpu test_cpu_vs_cuda
  test_bitgen)
[ -f tests/unit/test_philox_layout_fill.cpp ] && targets+=(test_philox_layout_fill)
cmake --build build-gpu -j 16 --target "${targets[@]}" > /tmp/build.log 2>&1 || { tail -40 /tmp/build.log; exit 1; }
echo "build $(( $(date +%s) - start )) s" | tee -a "$log"
run() {  # name, command...: the gtest summary line of each
  local name=$1; shift
  timeout 300 "$@" > "/tmp/$name.log" 2>&1
  local rc=$?
  echo "$name rc=$rc: $(grep -E '^\[  (PASSED|FAILED) ' "/tmp/$name.log" | tr '\n' ' ')" | tee -a "$log"
  [ $rc = 0 ] || { cp "/tmp/$name.log" "$out/"; grep -E '^\[  FAILED  \]' "/tmp/$name.log" | head -5; }
}
run test_adi_heat ./build-gpu/tests/solvers/test_adi_heat
run test_basket_adi ./build-gpu/tests/solvers/test_basket_adi --gtest_filter='*Gpu*'
run test_curand_api ./build-gpu/tests/curand_api/test_curand_api
run test_curand_engines_gpu ./build-gpu/tests/test_curand_engines_gpu
run test_cpu_vs_cuda ./build-gpu/tests/test_cpu_vs_cuda
run test_bitgen ./build-gpu/tests/test_bitgen
[ -x build-gpu/tests/test_philox_layout_fill ] && run test_philox_layout_fill ./build-gpu/tests/test_philox_layout_fill
for r in 1 2; do
  ./build-gpu/bench/solvers/adi_gpu_bench "$out/adi_gpu_run$r.json" > "/tmp/adi_gpu_run$r.txt" 2>&1
  grep -E "heat|basket" "/tmp/adi_gpu_run$r.txt"
done
export GPURNG_LIBRARY=$PWD/build-gpu/src/libgpurng.so PYTHONPATH=$PWD/python
python3 -c "import pytest" 2>/dev/null || export PYTHONPATH=$PYTHONPATH:$PWD/.carry/pydeps
python3 -m pytest -q python/tests/test_gpu_arrays.py python/tests/test_bitgen.py > "$out/pytest.log" 2>&1
echo "pytest rc=$?: $(tail -1 "$out/pytest.log")" | tee -a "$log"
python3 bench/python/python_bench.py --out "$out/python_bench.json" > /tmp/python_bench.txt 2>&1
grep -E "gpu_fill|small_fill" /tmp/python_bench.txt | grep -v "^gpu_fill *cupy"
