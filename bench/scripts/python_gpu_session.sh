#!/usr/bin/env bash
# The Python package on the GPU machine (issue 36): build libgpurng for sm_90, run the Python tests (the CuPy and
# PyTorch ones run there), the CuPy example and bench/python/python_bench.py twice.
# Usage (on the GPU machine): bash bench/scripts/python_gpu_session.sh OUT_DIR
# pytest is not in the device image: carry a copy (pip install --target .carry/pydeps pytest) and name .carry/pydeps.
set -uo pipefail
source "$(dirname "$0")/session_start.sh" "$1" python
if [ ! -f build-gpu/build.ninja ]; then
  cmake -S . -B build-gpu -G Ninja -DCMAKE_BUILD_TYPE=Release -DCMAKE_CUDA_ARCHITECTURES=90 > /tmp/configure.log 2>&1
fi
cmake --build build-gpu -j 16 --target gpurng > /tmp/build.log 2>&1 || { tail -40 /tmp/build.log; exit 1; }
export GPURNG_LIBRARY=$PWD/build-gpu/src/libgpurng.so PYTHONPATH=$PWD/python${PYTHONPATH:+:$PYTHONPATH}
python3 -c "import pytest" 2>/dev/null || export PYTHONPATH=$PYTHONPATH:$PWD/.carry/pydeps
python3 -c "import numpy, cupy, torch; print('numpy', numpy.__version__, 'cupy', cupy.__version__, 'torch', torch.__version__)" >> "$log" 2>&1
python3 -m pytest -q -rs python/tests > "$out/pytest_gpu.log" 2>&1
echo "pytest rc=$?: $(tail -1 "$out/pytest_gpu.log")"
grep -E "FAILED|Error" "$out/pytest_gpu.log" | head -10
python3 examples/python/cupy_fill.py > "$out/cupy_fill.log" 2>&1; echo "cupy_fill rc=$?"; tail -3 "$out/cupy_fill.log"
for run in 1 2; do
  python3 bench/python/python_bench.py --out "$out/python_bench_run$run.json" > "/tmp/python_bench_run$run.txt" 2>&1
  echo "bench run $run rc=$?"
done
grep -E "gpu_fill|small_fill|gpu_tridiag|skipped" /tmp/python_bench_run1.txt
