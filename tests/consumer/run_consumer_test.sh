#!/usr/bin/env bash
# Install the build tree into a scratch prefix and build tests/consumer/consumer.c against it twice:
# with CMake's find_package(gpurng) and with pkg-config. Both must print the published vector.
# The installed include/gpurng/ (header-only C++) must hold every header of the source tree and compile with only
# <prefix>/include on the path.
# Usage: run_consumer_test.sh <build dir> <source dir of this script> <scratch dir>
set -euo pipefail
build=$1; here=$2; scratch=$3
want="6533892 14220222 7275067 6172232 8354498 10633180"
rm -rf "$scratch"; mkdir -p "$scratch"
cmake --install "$build" --prefix "$scratch/prefix" >/dev/null
libdir=$(find "$scratch/prefix" -name 'libgpurng.so.0' -printf '%h\n' | head -n1)
test -L "$libdir/libgpurng.so" && test -f "$scratch/prefix/include/gpurng.h"
readelf -d "$libdir/libgpurng.so.0" | grep -q 'SONAME.*libgpurng.so.0'
# The header-only C++ tree: every header of include/gpurng/ installed, and usable with only <prefix>/include.
src_headers=$(cd "$here/../../include" && find gpurng -name '*.hpp' | sort)
installed_headers=$(cd "$scratch/prefix/include" && find gpurng -name '*.hpp' | sort)
[ -n "$src_headers" ] && [ "$src_headers" = "$installed_headers" ] || {
  echo "installed include/gpurng/ differs from the source tree's"; diff <(echo "$src_headers") <(echo "$installed_headers"); exit 1; }
sed 's/.*/#include "&"/' <<<"$installed_headers" | c++ -std=c++17 -fsyntax-only -I "$scratch/prefix/include" -x c++ -

cmake -S "$here" -B "$scratch/cmake-build" -DCMAKE_PREFIX_PATH="$scratch/prefix" >/dev/null
cmake --build "$scratch/cmake-build" >/dev/null
got=$(LD_LIBRARY_PATH="$libdir" "$scratch/cmake-build/consumer")
[ "$got" = "$want" ] || { echo "find_package consumer printed '$got'"; exit 1; }

export PKG_CONFIG_PATH="$libdir/pkgconfig"
cc "$here/consumer.c" $(pkg-config --cflags --libs gpurng) -o "$scratch/pc-consumer"
got=$(LD_LIBRARY_PATH="$libdir" "$scratch/pc-consumer")
[ "$got" = "$want" ] || { echo "pkg-config consumer printed '$got'"; exit 1; }
echo "consumer builds: find_package and pkg-config OK; installed C++ headers compile"
