#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# check_shim.sh MODE ...: static and loader-level checks of libgpurng_preload.so (docs/PRELOAD.md).
#   elf SHIM                  NEEDED is libc.so.6 only (ld-linux allowed): LD_PRELOAD reaches every
#                             child process, so the shim must not drag in libgpurng, cudart or
#                             libstdc++ up front. The 18 interposed names are exported with no version
#                             node (a versioned rand is silently skipped by the loader); the _r
#                             variants and rand_r are left to glibc; no C++ or CUDA symbols leak.
#   loaded SHIM               LD_DEBUG=files of /bin/true under the shim loads only the shim and libc.
#   bindings SHIM PROG SYM... LD_DEBUG=bindings shows each SYM referenced by PROG bound to the shim.
#   interposable LIB EXPECTED PROG [ARGS]   with LD_PRELOAD=LIB every stdout line of PROG is EXPECTED
#                             (at least 3 lines): PROG's numbers come from interposable C functions.
# Exit 0 pass, 1 fail, 77 when PROG is not installed.
set -u
mode="${1:-}"; shift || true
fail() { echo "FAIL $*"; exit 1; }

interposed="rand srand random srandom initstate setstate drand48 erand48 lrand48 nrand48 mrand48 jrand48
            srand48 seed48 lcong48 _gfortran_rand _gfortran_irand _gfortran_srand"
left_to_glibc="rand_r random_r srandom_r initstate_r setstate_r drand48_r erand48_r lrand48_r nrand48_r
               mrand48_r jrand48_r srand48_r seed48_r lcong48_r"

case "$mode" in
  elf)
    shim="$1"
    [ -f "$shim" ] || fail "no shim at $shim"
    needed=$(readelf -d "$shim" | sed -n 's/.*(NEEDED).*\[\(.*\)\]/\1/p')
    echo "NEEDED: $(echo $needed)"
    echo "$needed" | grep -qx 'libc.so.6' || fail "libc.so.6 is not NEEDED"
    for lib in $needed; do
      case "$lib" in
        libc.so.6|ld-linux-x86-64.so.2) ;;
        *) fail "unexpected NEEDED library $lib" ;;
      esac
    done
    syms=$(nm -D --defined-only --with-symbol-versions "$shim" | awk '{print $3}')
    for s in $interposed; do
      line=$(echo "$syms" | grep -E "^$s(@|$)")
      [ -n "$line" ] || fail "$s is not exported"
      [ "$line" = "$s" ] || fail "$s is exported with a version: $line"
    done
    for s in $left_to_glibc; do
      echo "$syms" | grep -qE "^$s(@|$)" && fail "$s is defined by the shim (it should be left to glibc)"
    done
    leaked=$(echo "$syms" | grep -E '^(_Z|__cxa|__gxx)|cuda|CUDA' | head -5)
    [ -z "$leaked" ] || fail "C++ or CUDA symbols exported: $(echo $leaked)"
    echo "ok: $(echo "$syms" | wc -l) defined dynamic symbols, the 18 interposed ones unversioned"
    ;;
  loaded)
    shim="$1"
    out=$(LD_DEBUG=files LD_PRELOAD="$shim" /bin/true 2>&1) || fail "/bin/true failed under the shim"
    files=$(echo "$out" | sed -n 's/.*file=\([^ ]*\) \[0\];  needed by.*/\1/p' | sort -u)
    echo "loaded: $(echo $files)"
    echo "$files" | grep -qx "$shim" || fail "the shim itself is not in the list (was it preloaded?)"
    for f in $files; do
      [ "$f" = "$shim" ] || [ "$f" = libc.so.6 ] || fail "/bin/true under the shim also loaded $f"
    done
    # dlopen()ed objects show up as "file=X [0];  dynamically loaded by ..."
    if echo "$out" | grep -q 'dynamically loaded by'; then
      fail "something was dlopen()ed: $(echo "$out" | grep 'dynamically loaded by' | head -3)"
    fi
    echo "ok"
    ;;
  bindings)
    shim="$1" prog="$2"; shift 2
    out=$(LD_DEBUG=bindings LD_PRELOAD="$shim" "$prog" 2>&1 >/dev/null) || fail "$prog failed under the shim"
    p=$(basename "$prog") s=$(basename "$shim")
    for sym in "$@"; do
      line=$(echo "$out" | grep -E "binding file [^ ]*$p \[0\] to [^ ]*$s \[0\]: normal symbol \`$sym' \[[A-Z_0-9.]+\]$" | head -1)
      if [ -z "$line" ]; then
        echo "$out" | grep -E "\`$sym'" | head -3
        fail "$sym of $p is not bound to $s"
      fi
      echo "${line#*binding }"
    done
    echo "ok"
    ;;
  interposable)
    lib="$1" expected="$2" prog="$3"; shift 3
    command -v "$prog" >/dev/null 2>&1 || { echo "$prog is not installed: skipped"; exit 77; }
    out=$(LD_PRELOAD="$lib" "$prog" "$@") || fail "$prog failed with LD_PRELOAD=$lib"
    n=$(echo "$out" | wc -l)
    echo "$out" | head -3
    [ "$n" -ge 3 ] || fail "only $n lines"
    other=$(echo "$out" | grep -vxF -- "$expected" | head -3)
    [ -z "$other" ] || fail "$prog printed $other: its numbers do not all come from the preloaded $lib"
    echo "ok: $n lines, all $expected"
    ;;
  *)
    echo "usage: check_shim.sh elf|loaded|bindings|interposable ..." >&2
    exit 1
    ;;
esac
exit 0
