#!/usr/bin/env bash
# README's first command: install dependencies, build, and run the demonstration.
set -euo pipefail
cd "$(dirname "$0")/.."
bash tools/install_deps.sh
bash tools/build.sh
./build/examples/ranmar_demo
