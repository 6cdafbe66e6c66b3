#!/usr/bin/env bash
# README's first command: install what the demonstration needs, build it, and run it: a CORSIKA-style Fortran program
# (examples/fortran/corsika_demo.f90) built three times, unchanged: against a straight CPU RMMARD written like the
# original, relinked against libgpurng_legacy, and with an RMMARD that only copies precomputed numbers. The first two
# must print the same numbers; the speed of each is printed, and the third build's time (the program's own work)
# bounds what any RMMARD can gain. The program ends with bare RMMARD calls, dependent (each call's length and sequence
# from the numbers just drawn) and independent (fixed in advance): RMMARD's own speed-up is printed for both.
#
# It builds only what it runs (libgpurng, libgpurng_legacy, the three programs) in build-demo/, without the tests,
# benchmarks and header checks of tools/test.sh's build/. The CUDA backend is built only where a GPU can run it: on a
# machine with nvcc but no GPU the library would run on the CPU anyway, and CUDA would add minutes of compiling
# (GPURNG_DEMO_CUDA=ON|OFF overrides).
set -euo pipefail
cd "$(dirname "$0")/.."
source tools/step_timer.sh
trap 'steps_summary tools/demo.sh' EXIT
step deps bash tools/install_deps.sh demo
[ -x /usr/local/cuda/bin/nvcc ] && export PATH="/usr/local/cuda/bin:$PATH"
archs=${GPURNG_CUDA_ARCHITECTURES:-$(bash tools/gpu_architectures.sh)}
cuda=${GPURNG_DEMO_CUDA:-$([ -n "$archs" ] && echo AUTO || echo OFF)}
echo "demo: CUDA backend ${cuda}$([ -n "$archs" ] && echo " (GPU architectures $archs)" || echo ": no GPU here")"
cuda_args=(-DGPURNG_ENABLE_CUDA="$cuda")
[ "$cuda" = OFF ] || cuda_args+=(-DCMAKE_CUDA_ARCHITECTURES="${archs:-90}")
step configure cmake -S . -B build-demo -G Ninja --log-level=WARNING -DCMAKE_BUILD_TYPE=Release "${cuda_args[@]}" \
  -DGPURNG_BUILD_TESTS=OFF -DGPURNG_BUILD_BENCH=OFF
step build cmake --build build-demo -j "$(nproc)" --target corsika_demo_cpu corsika_demo corsika_demo_floor
out=$(mktemp -d)
trap 'rm -rf "$out"; steps_summary tools/demo.sh' EXIT
echo
echo "== CORSIKA-style program with its own CPU RMMARD (Fortran, as the original) =="
./build-demo/examples/corsika_demo_cpu | tee "$out/cpu.txt"
echo
echo "== the same program relinked against libgpurng_legacy =="
./build-demo/examples/corsika_demo | tee "$out/lib.txt"
echo
echo "== the same program with an RMMARD that only copies precomputed numbers (its own work alone) =="
./build-demo/examples/corsika_demo_floor | tail -4 | tee "$out/floor.txt"
echo
if diff <(grep -v '^time:' "$out/cpu.txt") <(grep -v '^time:' "$out/lib.txt") >/dev/null; then
  echo "same numbers: all $(grep -vc '^time:' "$out/cpu.txt") lines of both runs agree (checksums of every event, restart)"
else
  echo "DIFFERENT NUMBERS:"
  diff <(grep -v '^time:' "$out/cpu.txt") <(grep -v '^time:' "$out/lib.txt") || true
  exit 1
fi
# The copy-only numbers are not RANMAR's, so the shower takes other branches and draws a slightly different count:
# its time is compared per number.
awk '/ s in the event loop/ {t[FILENAME] = $(NF-3)} /^total:/ {n[FILENAME] = $(NF-1)}
  /^time: dependent calls alone/ {d[FILENAME] = $(NF-3)} /^time: independent calls alone/ {i[FILENAME] = $(NF-3)}
  END {
  cpu = t[ARGV[1]]; lib = t[ARGV[2]]; floor = t[ARGV[3]];
  printf "speed: %.2f ns per number with libgpurng against %.2f with the CPU RMMARD: %.1fx faster\n", lib, cpu, cpu / lib
  printf "the program alone (RMMARD only copying): %.2f ns per number, so no RMMARD can make it more than %.1fx faster\n", floor, cpu / floor
  printf "  (its copied numbers are not RANMAR'\''s, so its showers branch differently and draw %s numbers, not %s)\n", n[ARGV[3]], n[ARGV[1]]
  if (lib > floor && cpu > floor)
    printf "RMMARD itself: %.2f ns per number in libgpurng against %.2f in the CPU RMMARD: %.1fx\n", lib - floor, cpu - floor, (cpu - floor) / (lib - floor)
  split("dependent independent", kinds, " ")
  for (q = 1; q <= 2; ++q) {
    if (kinds[q] == "dependent") { c = d[ARGV[1]]; l = d[ARGV[2]]; f = d[ARGV[3]]; what = "each call'\''s length and sequence from the last numbers" }
    else { c = i[ARGV[1]]; l = i[ARGV[2]]; f = i[ARGV[3]]; what = "lengths and sequences fixed in advance" }
    if (l > f && c > f)
      printf "RMMARD itself in bare %s calls (%s): %.2f against %.2f ns per number: %.1fx\n", kinds[q], what, l - f, c - f, (c - f) / (l - f)
  } }' \
  "$out/cpu.txt" "$out/lib.txt" "$out/floor.txt"
