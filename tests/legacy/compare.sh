#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# Runs one legacy scenario program built against the independent Fortran reference
# (--ref) and, when given, the same program built against libgpurng_legacy (--lib),
# each in a fresh working directory, and requires:
#   - exit status 0 from both, nothing on stderr from the reference (the library's
#     stderr diagnostics are shown but do not fail the test: stdout is the contract),
#   - at least --min-lines lines of output from both,
#   - no "CHECK ... FAIL" line in the reference output (published vectors and other
#     self-checks; library self-check failures show up as differences),
#   - byte-identical stdout of the two builds.
# On a difference it prints the first differing lines (line number, reference vs
# library) and says whether the difference is only the placement of RM48's unit-6
# lines. Outputs are kept in --keep DIR as <name>.ref.out / <name>.lib.out.
# --env K=V (repeatable) is set for both runs; GPURNG_KSEQ is unset unless given.
set -u
name=scenario ref= lib= min_lines=1 keep=
envs=()
while [ $# -gt 0 ]; do
  case "$1" in
    --name) name=$2; shift 2 ;;
    --ref) ref=$2; shift 2 ;;
    --lib) lib=$2; shift 2 ;;
    --min-lines) min_lines=$2; shift 2 ;;
    --keep) keep=$2; shift 2 ;;
    --env) envs+=("$2"); shift 2 ;;
    *) echo "compare.sh: unknown argument $1" >&2; exit 2 ;;
  esac
done
[ -n "$ref" ] || { echo "compare.sh: --ref is required" >&2; exit 2; }
ref=$(readlink -f "$ref")
[ -n "$lib" ] && lib=$(readlink -f "$lib")

work=$(mktemp -d "${TMPDIR:-/tmp}/legacy_${name}.XXXXXX") || exit 2
trap 'rm -rf "$work"' EXIT
status=0

run_one() { # label exe -> $work/<label>.out, .err; returns the exit status
  local label=$1 exe=$2
  mkdir -p "$work/$label"
  (cd "$work/$label" && env -u GPURNG_KSEQ "${envs[@]}" "$exe" >"$work/$label.out" 2>"$work/$label.err")
}

check_run() { # label rc
  local label=$1 rc=$2 n
  n=$(wc -l <"$work/$label.out")
  if [ "$rc" -ne 0 ]; then
    echo "FAIL [$name] $label build exited with status $rc"; status=1
  fi
  if [ -s "$work/$label.err" ]; then
    if [ "$label" = ref ]; then
      echo "FAIL [$name] reference build wrote to stderr:"; status=1
    else
      echo "NOTE [$name] library build wrote to stderr (not a failure):"
    fi
    head -n 20 "$work/$label.err" | sed 's/^/    /'
  fi
  if [ "$n" -lt "$min_lines" ]; then
    echo "FAIL [$name] $label build printed $n lines, expected at least $min_lines"; status=1
  fi
  echo "[$name] $label: $n lines, exit status $rc"
}

run_one ref "$ref"; rc=$?
check_run ref $rc
if grep -q '^CHECK .* FAIL$' "$work/ref.out"; then
  echo "FAIL [$name] reference self-checks failed:"; grep '^CHECK .* FAIL$' "$work/ref.out" | sed 's/^/    /'
  status=1
fi
grep -c '^CHECK .* OK$' "$work/ref.out" | sed "s/^/[$name] reference self-checks passed: /"
[ -n "$keep" ] && mkdir -p "$keep" && cp "$work/ref.out" "$keep/$name.ref.out"

if [ -n "$lib" ]; then
  run_one lib "$lib"; rc=$?
  check_run lib $rc
  [ -n "$keep" ] && cp "$work/lib.out" "$keep/$name.lib.out"
  if cmp -s "$work/ref.out" "$work/lib.out"; then
    echo "[$name] reference and library outputs are identical"
  else
    status=1
    echo "FAIL [$name] library output differs from the reference:"
    awk -v name="$name" '
      FNR == NR { r[FNR] = $0; nr = FNR; next }
      { l[FNR] = $0; nl = FNR }
      END {
        n = nr > nl ? nr : nl; c = 0
        for (i = 1; i <= n; i++) if (!(i in r) || !(i in l) || r[i] != l[i]) {
          c++
          if (c <= 25) printf "    line %d:\n      reference: %s\n      library:   %s\n", i, (i in r) ? r[i] : "<none>", (i in l) ? l[i] : "<none>"
        }
        printf "    %d differing lines (reference %d lines, library %d lines)\n", c, nr, nl
      }' "$work/ref.out" "$work/lib.out"
    if grep -q '^ RM48' "$work/ref.out" "$work/lib.out"; then
      if cmp -s <(grep -v '^ RM48' "$work/ref.out") <(grep -v '^ RM48' "$work/lib.out"); then
        echo "    (all numbers agree: only the RM48 unit-6 lines differ or are placed differently)"
      fi
      if cmp -s <(sort "$work/ref.out") <(sort "$work/lib.out"); then
        echo "    (the same lines in a different order: output interleaving, e.g. C stdio vs Fortran unit 6)"
      fi
    fi
    echo "    first lines of diff -u:"
    diff -u "$work/ref.out" "$work/lib.out" | sed -n '3,40p' | sed 's/^/      /'
  fi
fi
[ $status -eq 0 ] && echo "PASS [$name]"
exit $status
