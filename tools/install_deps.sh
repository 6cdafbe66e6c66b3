#!/usr/bin/env bash
# Install what libgpurng needs to build and test on a Debian/Ubuntu machine (root or sudo). The CUDA
# toolkit is optional: when nvcc is on PATH (or in /usr/local/cuda/bin) the CUDA backend is built too.
set -euo pipefail
SUDO=""; [ "$(id -u)" -eq 0 ] || SUDO="sudo"
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -q
$SUDO apt-get install -y -q --no-install-recommends \
  cmake ninja-build g++ gcc gfortran libgtest-dev pkg-config make python3 lua5.3 libquantlib0-dev liblapack-dev >/dev/null
