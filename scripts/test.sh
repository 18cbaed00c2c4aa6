#!/usr/bin/env bash
# One command on a fresh machine: set up, run the static checks, then the test suite.
#
#   scripts/test.sh           ruff (lint and format check), mypy, then every test (~4 min on 2 cores)
#   scripts/test.sh --fast    the same without the end-to-end tests (pytest -m "not e2e"), one pytest
#                             worker per CPU sharing the tests out (pytest-xdist, worksteal): about
#                             60 CPU-seconds, so ~35 s on 2 idle cores
#
# Other arguments go to pytest (e.g. tests/test_feed.py -x). NARRATE_VENV=/path/to/venv uses an existing
# environment (with the `test` extra installed) instead of setting up .venv with scripts/setup.sh --dev.
set -euo pipefail
cd "$(dirname "$0")/.."

marker=()
args=()
for arg in "$@"; do
  if [ "$arg" = "--fast" ]; then
    marker=(-m "not e2e" --numprocesses auto --dist worksteal)
  else
    args+=("$arg")
  fi
done

if [ -n "${NARRATE_VENV:-}" ]; then
  python="$NARRATE_VENV/bin/python"
else
  scripts/setup.sh --dev
  python=.venv/bin/python
fi
export PYTHONPATH="$PWD${PYTHONPATH:+:$PYTHONPATH}"  # this checkout's narrate, also in subprocesses

echo "test: ruff check"
"$python" -m ruff check --quiet .
echo "test: ruff format --check"
"$python" -m ruff format --check --quiet .
echo "test: mypy"
"$python" -m mypy
exec "$python" -m pytest "${marker[@]}" "${args[@]}"
