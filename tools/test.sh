#!/usr/bin/env bash
# README's second command: build (if needed) and run the test suite (ctest; it runs the Python package's pytest as
# test_python), timing each step. On a machine without a GPU the tests labelled gpu that need one report "Skipped";
# on a GPU machine run `ctest --test-dir build -L gpu` too.
set -euo pipefail
cd "$(dirname "$0")/.."
source tools/step_timer.sh
trap 'steps_summary tools/test.sh' EXIT
bash tools/build.sh
step ctest ctest --test-dir build --output-on-failure -j "$(nproc)" "$@"
# The prefetch-ring tests again under ThreadSanitizer and AddressSanitizer (skip with GPURNG_NO_SANITIZE=1).
[ "${GPURNG_NO_SANITIZE:-0}" = 1 ] || bash tools/sanitize.sh
