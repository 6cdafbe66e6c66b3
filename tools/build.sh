#!/usr/bin/env bash
# Configure and build libgpurng into ./build (Release), timing each step (tools/step_timer.sh). Extra arguments go to
# the configure step. CUDA is used when nvcc is found; a new build directory compiles it for the architectures of
# GPURNG_CUDA_ARCHITECTURES if set, else of the GPUs nvidia-smi lists, else as compute_90 PTX alone ("90-virtual"):
# on a machine without a GPU (CI) the CUDA build only proves the code compiles and links, so it stops before ptxas,
# which took half of each .cu file's compile time (pricing_cuda.cu: cicc 64 s, ptxas 79 s); a GPU of sm_90 or later
# would still run that library, compiling the PTX when it loads. The machine code and its inline PTX are checked where
# they run, on the GPU machine's sm_90 build. An existing build directory keeps its own setting, and a plain
# `cmake -S . -B build` keeps the default the README documents (80 and 90).
set -euo pipefail
cd "$(dirname "$0")/.."
source tools/step_timer.sh
trap 'steps_summary tools/build.sh' EXIT
[ -x /usr/local/cuda/bin/nvcc ] && export PATH="/usr/local/cuda/bin:$PATH"
args=(-DCMAKE_BUILD_TYPE=Release)
if [ ! -f build/CMakeCache.txt ]; then
  archs=${GPURNG_CUDA_ARCHITECTURES:-$(bash tools/gpu_architectures.sh)}
  args+=("-DCMAKE_CUDA_ARCHITECTURES=${archs:-90-virtual}")
fi
step configure cmake -S . -B build -G Ninja --log-level=WARNING "${args[@]}" "$@"
step build cmake --build build -j "$(nproc)"
