#!/usr/bin/env bash
# `pip install .` on a fresh virtual environment (pyproject.toml: scikit-build-core builds libgpurng with this
# repository's CMake and puts it into the package), then the Python package's tests against the installed package
# alone: no GPURNG_LIBRARY, no PYTHONPATH, run from outside the source tree's python/ folder. Without PyPI (no
# scikit-build-core to fetch) it says so and stops without failing, as tools/install_deps.sh does for .venv.
#   bash tools/wheel_check.sh [--build-dir DIR] [extra pip arguments, e.g. -C cmake.define.GPURNG_ENABLE_CUDA=OFF]
# --build-dir DIR: build the wheel in an existing build tree (CI: build/, after the tests), so that nothing already
# compiled there is compiled again (scikit-build-core reconfigures it with the tests, examples and benchmarks off, and
# installs the library it has); without it, a build tree of its own, as `pip install .` does.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
build_dir="$work/build"
if [ "${1:-}" = --build-dir ]; then
  build_dir=$(cd "$2" && pwd)
  shift 2
fi
python3 -m venv "$work/venv"
if ! "$work/venv/bin/pip" download -q --no-deps -d "$work/probe" "scikit-build-core>=0.10" > /dev/null 2>&1; then
  echo "wheel_check: PyPI not reachable (scikit-build-core): the wheel was not built"
  exit 0
fi
"$work/venv/bin/pip" install -q "$root" pytest -C build-dir="$build_dir" "$@"
lib=$("$work/venv/bin/python" -c "import gpurng._lib as l; print(l._find())")
case $lib in
  "$work"/venv/*) echo "wheel_check: gpurng loads $lib (from the wheel)" ;;
  *) echo "wheel_check: gpurng loads $lib, not the wheel's library"; exit 1 ;;
esac
cd "$work"
env -u GPURNG_LIBRARY -u PYTHONPATH "$work/venv/bin/python" -m pytest -q -p no:cacheprovider "$root/python/tests"
