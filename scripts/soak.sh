#!/usr/bin/env bash
# The suite under load: run the whole test suite RUNS times in a row (default 3) while another
# `narrate build` of the sample course runs the whole time (a fresh output and utterance cache each
# round, so it really synthesizes and encodes). Prints each run's result and duration; exits non-zero
# if any run failed. Issue 12 asks for three passes in a row this way.
#
#   scripts/soak.sh [RUNS] [pytest arguments...]
#
# NARRATE_VENV as in scripts/test.sh (set up .venv first with scripts/setup.sh --dev otherwise).
set -euo pipefail
cd "$(dirname "$0")/.."
runs="${1:-3}"
shift || true
python="${NARRATE_VENV:-$PWD/.venv}/bin/python"
export PYTHONPATH="$PWD${PYTHONPATH:+:$PYTHONPATH}"
work="$(mktemp -d)"
(
  trap 'exit 0' TERM
  round=0
  while true; do
    round=$((round + 1))
    rm -rf "$work/out" "$work/cache"
    NARRATE_CACHE_DIR="$work/cache" "$python" -m narrate build content -o "$work/out" -q \
      || echo "soak: background build $round failed" >&2
    echo "$round" > "$work/rounds"
  done
) &
builder=$!
cleanup() {
  kill -- "$builder" 2>/dev/null || true
  pkill -f "narrate build content -o $work/out" 2>/dev/null || true
  wait "$builder" 2>/dev/null || true
  rm -rf "$work"
}
trap cleanup EXIT
failed=0
for run in $(seq 1 "$runs"); do
  start=$(date +%s)
  if NARRATE_VENV="${NARRATE_VENV:-$PWD/.venv}" bash scripts/test.sh -q "$@" > "$work/run$run.log" 2>&1; then
    result=passed
  else
    result=FAILED
    failed=1
    tail -40 "$work/run$run.log"
  fi
  echo "soak: run $run $result in $(( $(date +%s) - start )) s ($(tail -1 "$work/run$run.log")); background builds so far: $(cat "$work/rounds" 2>/dev/null || echo 0); load: $(cut -d' ' -f1-3 /proc/loadavg)"
done
exit "$failed"
