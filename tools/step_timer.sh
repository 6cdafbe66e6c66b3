# SPDX-License-Identifier: BSD-3-Clause
# Wall time of each step of a script, sourced by .ci/run, tools/test.sh, tools/sanitize.sh and tools/demo.sh:
#   step NAME COMMAND...   runs COMMAND, then prints "[time] NAME: S s" (also when it fails, before the script stops)
#   steps_summary TITLE    prints every step's time and the total since the first step, on one line
# Steps run by a nested script that sources this file are added to the outer script's summary (GPURNG_STEP_LOG).
if [ -z "${GPURNG_STEP_LOG:-}" ]; then
  GPURNG_STEP_LOG=$(mktemp)
  export GPURNG_STEP_LOG GPURNG_STEP_OWNER=$$ GPURNG_STEP_START=$SECONDS
fi

step() {
  local name=$1 start=$SECONDS status=0
  shift
  echo "[step] $name: $*"
  "$@" || status=$?
  local took=$((SECONDS - start))
  echo "[time] $name: ${took} s$([ $status = 0 ] || echo " (FAILED, exit $status)")"
  echo "$name ${took}" >>"$GPURNG_STEP_LOG"
  return $status
}

# Printed only by the script that started the log, so a nested script's steps appear once, in the outer line.
steps_summary() {
  [ "$GPURNG_STEP_OWNER" = $$ ] || return 0
  local total=$((SECONDS - GPURNG_STEP_START))
  echo "[time] $1: $(awk '{printf "%s%s %d s", (NR > 1 ? ", " : ""), $1, $2}' "$GPURNG_STEP_LOG"); total ${total} s"
  rm -f "$GPURNG_STEP_LOG"
}
