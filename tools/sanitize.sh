#!/usr/bin/env bash
# The prefetch-ring tests (label ring) under ThreadSanitizer and AddressSanitizer, CPU backend only (the CUDA runtime
# is not built for sanitizers). Part of tools/test.sh; build dirs build-tsan, build-asan. Each builds only the ring
# tests and the library they link, with the generators alone (GPURNG_BUILD_SOLVERS_AND_PRICERS=OFF: the ring tests
# never call the solvers, PDE or pricers, whose instrumented copies were most of these builds' time).
set -euo pipefail
cd "$(dirname "$0")/.."
source tools/step_timer.sh
trap 'steps_summary tools/sanitize.sh' EXIT
for s in thread address; do
  dir=build-${s:0:1}san
  step "${s:0:1}san-configure" cmake -S . -B "$dir" -G Ninja --log-level=WARNING -DCMAKE_BUILD_TYPE=RelWithDebInfo \
    -DGPURNG_ENABLE_CUDA=OFF -DGPURNG_SANITIZE=$s -DGPURNG_BUILD_SOLVERS_AND_PRICERS=OFF -DGPURNG_BUILD_EXAMPLES=OFF \
    -DGPURNG_BUILD_BENCH=OFF
  step "${s:0:1}san-build" cmake --build "$dir" -j "$(nproc)" --target test_ring_stream test_ring_fork test_ring_faults \
    ring_exit_program
  # halt_on_error: any report fails the test; a smaller stream count keeps the instrumented run short.
  TSAN_OPTIONS="halt_on_error=1 second_deadlock_stack=1 die_after_fork=0" ASAN_OPTIONS="detect_leaks=0:halt_on_error=1" \
    GPURNG_RING_TEST_NUMBERS=2000000 step "${s:0:1}san-ctest" ctest --test-dir "$dir" -L ring --output-on-failure -j "$(nproc)"
done
