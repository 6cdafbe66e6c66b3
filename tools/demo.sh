#!/usr/bin/env bash
# README's first command: install dependencies, build, and run the demonstration: a CORSIKA-style Fortran
# program (examples/fortran/corsika_demo.f90) built twice, unchanged: against a straight CPU RMMARD
# written like the original, and relinked against libgpurng_legacy. Both must print the same numbers;
# the speed of each is printed, with the program's own time (a third build whose RMMARD only copies
# precomputed numbers), which bounds what any RMMARD can gain.
set -euo pipefail
cd "$(dirname "$0")/.."
bash tools/install_deps.sh
bash tools/build.sh
out=$(mktemp -d)
echo "== CORSIKA-style program with its own CPU RMMARD (Fortran, as the original) =="
./build/examples/corsika_demo_cpu | tee "$out/cpu.txt"
echo
echo "== the same program relinked against libgpurng_legacy =="
./build/examples/corsika_demo | tee "$out/lib.txt"
echo
echo "== the same program with an RMMARD that only copies precomputed numbers (its own work alone) =="
./build/examples/corsika_demo_floor | tail -2 | tee "$out/floor.txt"
echo
if diff <(grep -v '^time:' "$out/cpu.txt") <(grep -v '^time:' "$out/lib.txt") >/dev/null; then
  echo "same numbers: all $(grep -vc '^time:' "$out/cpu.txt") lines of both runs agree (checksums of every event, restart)"
else
  echo "DIFFERENT NUMBERS:"
  diff <(grep -v '^time:' "$out/cpu.txt") <(grep -v '^time:' "$out/lib.txt") || true
  exit 1
fi
awk '/^time:/ {t[FILENAME] = $(NF-3)} END {
  cpu = t[ARGV[1]]; lib = t[ARGV[2]]; floor = t[ARGV[3]];
  printf "speed: %.2f ns per number with libgpurng against %.2f with the CPU RMMARD: %.1fx faster\n", lib, cpu, cpu / lib
  printf "the program alone (RMMARD only copying): %.2f ns per number, so no RMMARD can make it more than %.1fx faster;\n", floor, cpu / floor
  if (lib > floor && cpu > floor)
    printf "RMMARD itself: %.2f ns per number in libgpurng against %.2f in the CPU RMMARD: %.1fx\n", lib - floor, cpu - floor, (cpu - floor) / (lib - floor) }' \
  "$out/cpu.txt" "$out/lib.txt" "$out/floor.txt"
rm -rf "$out"
