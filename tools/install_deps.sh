#!/usr/bin/env bash
# Install what libgpurng needs on a Debian/Ubuntu machine (root or sudo), skipping apt entirely when all of it is
# there already. `install_deps.sh` (tools/test.sh, CI): everything the tests use, their oracles included (GoogleTest,
# QuantLib, LAPACK, Lua, OpenMPI for libgpurng_mpi and its mpirun tests), and a virtual environment .venv with numpy
# and pytest from PyPI for the Python package's tests. `install_deps.sh demo` (tools/demo.sh): only the compilers and
# build tools the demonstration needs. The CUDA toolkit is optional: when nvcc is on PATH (or in /usr/local/cuda/bin)
# the CUDA backend is built too.
set -euo pipefail
packages=(cmake ninja-build g++ gcc gfortran make)
[ "${1:-all}" = demo ] || packages+=(libgtest-dev pkg-config python3 python3-venv lua5.3 libquantlib0-dev liblapack-dev
  libopenmpi-dev openmpi-bin)
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "ok installed" || missing+=("$p")
done
if [ ${#missing[@]} = 0 ]; then
  echo "install_deps: all ${#packages[@]} packages already installed"
else
  echo "install_deps: installing ${missing[*]}"
  SUDO=""; [ "$(id -u)" -eq 0 ] || SUDO="sudo"
  export DEBIAN_FRONTEND=noninteractive
  $SUDO apt-get update -q >/dev/null
  $SUDO apt-get install -y -q --no-install-recommends "${missing[@]}" >/dev/null
fi
# The Python package's test environment (python/CMakeLists.txt finds it): numpy 2.x and pytest.
cd "$(dirname "$0")/.."
if [ "${1:-all}" != demo ] && ! .venv/bin/python -c "import numpy, pytest" 2>/dev/null; then
  # Not fatal: without PyPI the rest of the suite still runs, and configure reports test_python not registered.
  if python3 -m venv .venv && .venv/bin/pip install -q "numpy>=1.26" pytest; then
    echo "install_deps: .venv with $(.venv/bin/python -c 'import numpy; print("numpy", numpy.__version__)')"
  else
    echo "install_deps: WARNING: no numpy/pytest from PyPI: the Python package's tests will not run" >&2
  fi
fi
