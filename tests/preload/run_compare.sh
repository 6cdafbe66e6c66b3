#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# run_compare.sh --shim SHIM [options] PROGRAM [ARGS...]
# Runs PROGRAM twice, without and with LD_PRELOAD=SHIM (both with GPURNG_PRELOAD_REPORT=1), and
# requires exit status 0 from both and byte-identical stdout. The shim's exit report on stderr,
#   libgpurng_preload[PID] NAME: served random N, drand48 N, gfortran N    (or  ...: off)
# then proves what the shim did in the second run (identical numbers alone would also pass if the
# shim were never loaded, or forwarded everything to glibc):
#   --served LIST  every report naming the program says N > 0 for each family in LIST
#                  (comma-separated: random, drand48, gfortran)
#   --none         every report (whatever program) says 0 for all three families
#   --off          every report naming the program says "off"
#   --env K=V      extra environment for the second run only (repeatable)
#   --name NAME    the program's short name as the shim sees it (default: basename of PROGRAM)
# At least one report naming the program is required. Exit 0 pass, 1 fail, 77 PROGRAM not installed.
set -u

shim="" served="" mode="" name=""
extra_env=()
while [ $# -gt 0 ]; do
  case "$1" in
    --shim) shim="$2"; shift 2 ;;
    --served) served="$2"; mode="served"; shift 2 ;;
    --none) mode="none"; shift ;;
    --off) mode="off"; shift ;;
    --env) extra_env+=("$2"); shift 2 ;;
    --name) name="$2"; shift 2 ;;
    --) shift; break ;;
    -*) echo "run_compare.sh: unknown option $1" >&2; exit 1 ;;
    *) break ;;
  esac
done
[ $# -ge 1 ] || { echo "run_compare.sh: no program" >&2; exit 1; }
[ -n "$mode" ] || { echo "run_compare.sh: one of --served, --none, --off is required" >&2; exit 1; }
[ -f "$shim" ] || { echo "run_compare.sh: shim '$shim' not found" >&2; exit 1; }
prog="$1"
if ! command -v "$prog" >/dev/null 2>&1; then
  echo "run_compare.sh: $prog is not installed: skipped"
  exit 77
fi
[ -n "$name" ] || name="$(basename "$prog")"

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
clean_env=(env -u LD_PRELOAD -u GPURNG_PRELOAD -u GPURNG_PRELOAD_PROGRAMS GPURNG_PRELOAD_REPORT=1)

"${clean_env[@]}" "$@" >"$work/plain.out" 2>"$work/plain.err"
rc_plain=$?
"${clean_env[@]}" LD_PRELOAD="$shim" "${extra_env[@]}" "$@" >"$work/shim.out" 2>"$work/shim.err"
rc_shim=$?

fail=0
show_stderr() {
  echo "--- stderr without the shim:"; head -c 4000 "$work/plain.err"
  echo "--- stderr with the shim:"; head -c 4000 "$work/shim.err"
}
if [ $rc_plain -ne 0 ] || [ $rc_shim -ne 0 ]; then
  echo "FAIL exit status: $rc_plain without the shim, $rc_shim with it"
  fail=1
fi
if ! cmp -s "$work/plain.out" "$work/shim.out"; then
  # first differing line, both values, then a short diff
  line=$(cmp "$work/plain.out" "$work/shim.out" 2>&1 | sed -n 's/.* line \([0-9]*\).*/\1/p')
  [ -n "$line" ] || line=$(( $(wc -l <"$work/plain.out") + 1 ))
  echo "FAIL stdout differs at line $line"
  echo "  without the shim: $(sed -n "${line}p" "$work/plain.out")"
  echo "  with the shim:    $(sed -n "${line}p" "$work/shim.out")"
  diff "$work/plain.out" "$work/shim.out" | head -40
  fail=1
fi
if grep -q '^libgpurng_preload\[' "$work/plain.err"; then
  echo "FAIL a shim report appeared in the run without LD_PRELOAD (is the shim loaded from elsewhere?)"
  fail=1
fi

# The reports. Counts are parsed per line; a malformed report line is a failure.
report_re='^libgpurng_preload\[[0-9]+\] ([^:]+): (off|served random ([0-9]+), drand48 ([0-9]+), gfortran ([0-9]+))$'
mine=0
while IFS= read -r rep; do
  if ! [[ "$rep" =~ $report_re ]]; then
    echo "FAIL malformed report line: $rep"; fail=1; continue
  fi
  who="${BASH_REMATCH[1]}" what="${BASH_REMATCH[2]}"
  declare -A n=([random]="${BASH_REMATCH[3]}" [drand48]="${BASH_REMATCH[4]}" [gfortran]="${BASH_REMATCH[5]}")
  # A wrapper may exec the real program under another name (Ubuntu's gcc runs gcc-real): with --none any
  # report counts, and every report must show 0 served calls.
  { [ "$who" = "$name" ] || [ "$mode" = none ]; } && mine=$((mine + 1))
  case "$mode" in
    none)
      if [ "$what" != "served random 0, drand48 0, gfortran 0" ]; then
        echo "FAIL expected 0 served calls: $rep"; fail=1
      fi ;;
    off)
      if [ "$who" = "$name" ] && [ "$what" != "off" ]; then
        echo "FAIL expected the shim to be off: $rep"; fail=1
      fi ;;
    served)
      if [ "$who" = "$name" ]; then
        for fam in ${served//,/ }; do
          if [ "$what" = "off" ] || [ "${n[$fam]:-0}" -eq 0 ]; then
            echo "FAIL expected served $fam calls > 0: $rep"; fail=1
          fi
        done
      fi ;;
  esac
done < <(grep '^libgpurng_preload\[' "$work/shim.err")
if [ $mine -eq 0 ]; then
  echo "FAIL no shim report naming '$name' in the run with LD_PRELOAD=$shim"
  fail=1
fi

if [ $fail -ne 0 ]; then
  show_stderr
  exit 1
fi
echo "ok: $(wc -l <"$work/plain.out") identical lines; reports:"
grep '^libgpurng_preload\[' "$work/shim.err"
exit 0
