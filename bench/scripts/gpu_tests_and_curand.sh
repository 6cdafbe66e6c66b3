#!/usr/bin/env bash
# One device call: the whole GPU test label (ctest -L gpu) and then curand_gpu_session.sh's benchmark on the same build.
# Usage on the GPU machine: bash bench/scripts/gpu_tests_and_curand.sh OUT_DIR RUN_NAME
set -u
out=${1:?output directory}
run=${2:-run}
bash "$(dirname "$0")/curand_gpu_session.sh" "$out" "$run" | grep -E "ctest|OK|device|calls|curand_device|Sobol32 +normal"
(cd build-gpu && ctest -L gpu -j3 > "$out/ctest_gpu_all_$run.log" 2>&1; echo "ctest -L gpu rc=$?"; tail -3 "$out/ctest_gpu_all_$run.log")
