#!/usr/bin/env bash
# One command on a fresh machine: set up, run the static checks, then the test suite.
#
#   scripts/test.sh           ruff (lint and format check), mypy, the documentation site (mkdocs build
#                             --strict), then every test (~10 min on 2 cores)
#   scripts/test.sh --fast    ruff, mypy and the tests not marked e2e, one pytest worker per CPU
#                             (pytest-xdist, worksteal): under 60 s on 2 cores. Every run checks the
#                             fast tier's budget: its tests' CPU time summed, at most 75 CPU-s
#                             (tests/tier_budget.py); a run that passes it fails.
#
# Other arguments go to pytest (e.g. tests/publish/test_feed.py -x). NARRATE_VENV=/path/to/venv uses an existing
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
if [ ${#marker[@]} -eq 0 ]; then  # the fast tier leaves the site to the full run
  echo "test: mkdocs build --strict"
  site=$(mktemp -d)
  NO_MKDOCS_2_WARNING=1 "$python" -m mkdocs build --strict --site-dir "$site"
  rm -rf "$site"
fi
exec "$python" -m pytest "${marker[@]}" "${args[@]}"
