#!/usr/bin/env bash
# One command on a fresh machine: set up, then build the sample course in content/ into audio_out/.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh
.venv/bin/narrate build content -o audio_out "$@"
