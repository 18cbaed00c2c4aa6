#!/usr/bin/env bash
# One command on a fresh machine: set up, then run the whole test suite (extra arguments go to pytest).
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh --dev
exec .venv/bin/python -m pytest "$@"
