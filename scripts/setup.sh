#!/usr/bin/env bash
# Set up narrate on a fresh machine. Safe to run again; it skips what is already there.
#
#   scripts/setup.sh          system packages espeak-ng and ffmpeg, a virtual environment in .venv,
#                             and narrate itself: all that `narrate build` needs.
#   scripts/setup.sh --dev    the same, plus what the tests need: the test libraries, the optional
#                             Piper engine (narrate[piper]) and Debian's Chromium for the preview test.
#
# Debian/Ubuntu: uses apt-get (as root, or through sudo). macOS: uses Homebrew (no Chromium step:
# the browser test is skipped there).
set -euo pipefail
cd "$(dirname "$0")/.."

dev=0
[ "${1:-}" = "--dev" ] && dev=1

sudo=""
[ "$(id -u)" -eq 0 ] || sudo="sudo"
need=()
command -v espeak-ng >/dev/null 2>&1 || need+=(espeak-ng)
command -v ffmpeg >/dev/null 2>&1 || need+=(ffmpeg)
if [ "$dev" = 1 ] && [ ! -x /usr/bin/chromium ] && [ "$(uname -s)" != "Darwin" ]; then
  need+=(chromium)  # the preview's browser test drives Debian's Chromium; we never download a browser
fi
if [ "${#need[@]}" -gt 0 ]; then
  if command -v apt-get >/dev/null 2>&1; then
    echo "setup: installing ${need[*]} with apt-get"
    $sudo apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${need[@]}" >/dev/null
  elif command -v brew >/dev/null 2>&1; then
    echo "setup: installing ${need[*]} with Homebrew"
    brew install "${need[@]}"
  else
    echo "setup: please install ${need[*]} with your package manager, then run this again" >&2
    exit 1
  fi
fi

python=${PYTHON:-python3}
if [ ! -x .venv/bin/python ]; then
  echo "setup: creating .venv"
  "$python" -m venv .venv
fi
extras=""
[ "$dev" = 1 ] && extras="[test,piper]"
echo "setup: installing narrate${extras} into .venv"
log=$(mktemp)
if ! .venv/bin/python -m pip install --disable-pip-version-check -q -c scripts/constraints.txt -e ".${extras}" >"$log" 2>&1; then
  cat "$log" >&2
  echo "setup: pip install failed" >&2
  exit 1
fi
rm -f "$log"
.venv/bin/python -c "import narrate.pipeline" || { echo "setup: narrate does not import" >&2; exit 1; }
# Math is spoken by speech-rule-engine (the engine MathJax uses) when Node.js is present; without it
# narrate's own LaTeX reader speaks the common constructs. Installed into vendor/ (not committed).
if command -v npm >/dev/null 2>&1 && [ ! -f vendor/node_modules/speech-rule-engine/package.json ]; then
  echo "setup: installing speech-rule-engine into vendor/ with npm"
  mkdir -p vendor
  npm install --silent --no-audit --no-fund --prefix vendor speech-rule-engine@4 >/dev/null || echo "setup: npm install of speech-rule-engine failed; math uses the built-in reader" >&2
fi
echo "setup: done (activate with: source .venv/bin/activate)"
