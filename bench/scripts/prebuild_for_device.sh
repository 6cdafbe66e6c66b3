#!/usr/bin/env bash
# Builds libgpurng and the named targets of the source tree SRC on this workstation for the GPU machine (Release,
# sm_90 SASS only, without the LAPACK and QuantLib oracles, which that machine's image lacks) and copies the library
# and the targets' programs, stripped, into STAGE/NAME. Pack the stage into a carried, git-ignored folder
# (tar -cJf .carry/NAME.tar.xz -C STAGE .) and run the programs there with LD_LIBRARY_PATH=that folder/NAME: a device
# call then spends its time on running rather than on the 2-4 minutes of building (CONTRIBUTING.md, "The GPU").
# Usage: bash bench/scripts/prebuild_for_device.sh STAGE NAME SRC TARGET...
set -euo pipefail
stage=$1 name=$2 src=$(cd "$3" && pwd)
shift 3
build=$src/build-dev
mkdir -p "$build"
cmake -S "$src" -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=Release -DCMAKE_CUDA_ARCHITECTURES=90-real \
  -DCMAKE_DISABLE_FIND_PACKAGE_LAPACK=ON -DGPURNG_QUANTLIB_LIBRARY= -DGPURNG_QUANTLIB_INCLUDE_DIR= > "$build/prebuild-configure.log"
start=$SECONDS
ninja -C "$build" gpurng "$@" > "$build/prebuild-build.log" || { tail -30 "$build/prebuild-build.log"; exit 1; }
echo "$name: built in $((SECONDS - start)) s"
mkdir -p "$stage/$name"
strip --strip-unneeded -o "$stage/$name/libgpurng.so.0" "$build/src/libgpurng.so.0"
for t in "$@"; do
  bin=$(find "$build" -name "$t" -type f -perm -u+x | head -1)
  [ -n "$bin" ] || { echo "no program $t in $build"; exit 1; }
  strip -o "$stage/$name/$t" "$bin"
done
ls -la "$stage/$name"
