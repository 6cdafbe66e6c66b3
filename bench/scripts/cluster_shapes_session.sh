#!/usr/bin/env bash
# The PDE's float clusters of 2 and 12 warps held to 168 registers, Crank-Nicolson's float coefficients by selects and
# the fused tridiagonal floats of 9 to 12 warps (issue 31), on binaries built on the workstation
# (bench/scripts/prebuild_for_device.sh into .carry/NAME.tar.xz, folder NAME; carry .carry): test_bs_pde's and
# test_tridiag's device tests, pde_scan_bench over the sizes whose kernels changed (two runs), tridiag_gpu_bench's
# 8192-12289 rows (two runs) and its size scan of docs/tridiag_scan_h100.png. Each result written as soon as it is
# there. Usage (on the GPU machine): bash bench/scripts/cluster_shapes_session.sh OUT_DIR NAME [SECONDS]
# (SECONDS, default 480: the scan runs only if more than a minute of them is left after the rest)
set -uo pipefail
name=${2:?carried build name}
budget=${3:-480}
source "$(dirname "$0")/session_start.sh" "$1" pde
t0=$SECONDS
stamp() { echo "[$((SECONDS - t0)) s] $*"; }
mkdir -p /tmp/prebuilt && tar -xJf ".carry/$name.tar.xz" -C /tmp/prebuilt || exit 1
B=/tmp/prebuilt/$name
export LD_LIBRARY_PATH=$B
for t in "test_bs_pde BsPdeGpu.*" "test_tridiag Tridiag.*"; do
  set -- $t
  timeout 300 $B/$1 --gtest_filter="$2" > "$out/$1.log" 2>&1
  stamp "$1 rc=$?: $(grep -E "^\[  (PASSED|FAILED) " "$out/$1.log" | tr '\n' ' ')"
  grep -E "Failure" -A3 "$out/$1.log" | head -8
done
for r in 1 2; do
  GPURNG_BENCH_PRECISION=float timeout 120 $B/pde_scan_bench "$out/pde_cluster_shapes_run$r.json" 1025 2000 4096 6000 \
    9217 12288 12289 13000 14336 14337 16384 16385 20001 24576 32768 50000 65536 > "$out/pde_cluster_shapes_run$r.txt" 2>&1
  stamp "pde scan run $r rc=$?"
  GPURNG_BENCH_QUICK=1 timeout 100 $B/tridiag_gpu_bench "$out/tridiag_fused12_run$r.json" 8192 2048 8193 2048 9000 1864 \
    10000 1677 12000 1398 12288 1365 12289 1365 > "$out/tridiag_fused12_run$r.txt" 2>&1
  stamp "tridiag run $r rc=$?"
done
left=$((budget - (SECONDS - t0)))
if [ $left -gt 60 ]; then
  timeout $left $B/tridiag_gpu_bench "$out/tridiag_gpu_scan_h100_now.json" 32 524288 64 262144 128 131072 256 65536 \
    512 32768 1024 16384 1025 16368 1700 9868 2048 8192 3000 5592 4096 4096 6000 2796 8192 2048 12000 1398 16384 1024 \
    24000 699 32768 512 65536 256 > "$out/tridiag_scan_now.txt" 2>&1
  stamp "tridiag scan rc=$?"
fi
