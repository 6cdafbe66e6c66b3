#!/usr/bin/env bash
# Issue 31's tridiagonal session on a GPU machine: builds the solver tests and benchmark for sm_90, runs the
# tridiagonal tests (CPU and GPU, bit-identity per algorithm) and the long-system benchmark twice (about 16 M
# unknowns a call, m from 1024 to 65536, float and double, strided and interleaved, cuSPARSE in the same run).
# Usage (on the GPU machine): bash bench/scripts/tridiag_long_session.sh OUT_DIR [TEST_FILTER]
# Writes OUT_DIR/{tests.log, tridiag_gpu_long_run1.json, tridiag_gpu_long_run2.json, bench.txt}.
set -uo pipefail
out=${1:?output directory}
filter=${2:-*}
cd "$(dirname "$0")/../.."
export PATH=/usr/local/cuda/bin:$PATH
mkdir -p "$out"
cmake -S . -B build-gpu -G Ninja -DCMAKE_BUILD_TYPE=Release -DCMAKE_CUDA_ARCHITECTURES=90 > /tmp/configure.log 2>&1 &&
  cmake --build build-gpu -j 16 --target test_tridiag test_tridiag_cusparse tridiag_gpu_bench > /tmp/build.log 2>&1 ||
  { tail -40 /tmp/build.log; exit 1; }
sizes=(1024 16384 1025 16384 2048 8192 4096 4096 16384 1024 65536 256)
for run in 1 2; do
  ./build-gpu/bench/solvers/tridiag_gpu_bench "$out/tridiag_gpu_long_run$run.json" "${sizes[@]}" >> "$out/bench.txt" 2>&1
done
grep -E "AUTO|THOMAS " "$out/bench.txt"
./build-gpu/tests/solvers/test_tridiag --gtest_filter="$filter" > "$out/tests.log" 2>&1
echo "test_tridiag rc=$?"
./build-gpu/tests/solvers/test_tridiag_cusparse >> "$out/tests.log" 2>&1
echo "test_tridiag_cusparse rc=$?"
grep -E "FAILED|PASSED|Failure" "$out/tests.log" | head -20
