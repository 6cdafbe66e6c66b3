#!/usr/bin/env bash
# The prefetch-ring tests (label ring) under ThreadSanitizer and AddressSanitizer, CPU backend only
# (the CUDA runtime is not built for sanitizers). Part of tools/test.sh; build dirs build-tsan, build-asan. The CPU
# pricers' lane copies are left out (GPURNG_PRICING_CPU_LANES=OFF): the ring tests do not price, and instrumented they
# were the slowest unit to compile.
set -euo pipefail
cd "$(dirname "$0")/.."
for s in thread address; do
  dir=build-${s:0:1}san
  cmake -S . -B "$dir" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo -DGPURNG_ENABLE_CUDA=OFF -DGPURNG_SANITIZE=$s \
    -DGPURNG_BUILD_EXAMPLES=OFF -DGPURNG_BUILD_BENCH=OFF -DGPURNG_PRICING_CPU_LANES=OFF > /dev/null
  cmake --build "$dir" -j "$(nproc)" --target test_ring_stream test_ring_fork test_ring_faults ring_exit_program
  # halt_on_error: any report fails the test; a smaller stream count keeps the instrumented run short.
  TSAN_OPTIONS="halt_on_error=1 second_deadlock_stack=1 die_after_fork=0" ASAN_OPTIONS="detect_leaks=0:halt_on_error=1" \
    GPURNG_RING_TEST_NUMBERS=2000000 ctest --test-dir "$dir" -L ring --output-on-failure -j 2
done
