#!/usr/bin/env bash
# Set up narrate on a fresh machine: system packages (espeak-ng, ffmpeg), a virtual environment in
# .venv, and the package with its test extras. Safe to run again; it skips what is already there.
#   Debian/Ubuntu: uses apt-get (as root, or through sudo).   macOS: uses Homebrew.
set -euo pipefail
cd "$(dirname "$0")/.."

need=()
command -v espeak-ng >/dev/null 2>&1 || need+=(espeak-ng)
command -v ffmpeg >/dev/null 2>&1 || need+=(ffmpeg)
if [ "${#need[@]}" -gt 0 ]; then
  if command -v apt-get >/dev/null 2>&1; then
    sudo=""; [ "$(id -u)" -eq 0 ] || sudo="sudo"
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

# --- preview browser tests (issue 8): Debian's Chromium at /usr/bin/chromium, driven by Playwright.
# Installed only when missing, and only with apt-get (on macOS the browser test is skipped; we never
# run `playwright install`).
if [ ! -x /usr/bin/chromium ] && [ "$(uname -s)" != "Darwin" ] && command -v apt-get >/dev/null 2>&1; then
  sudo=""; [ "$(id -u)" -eq 0 ] || sudo="sudo"
  echo "setup: installing chromium with apt-get (for the preview browser test)"
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends chromium >/dev/null
fi
# --- end preview browser block

python=${PYTHON:-python3}
if [ ! -x .venv/bin/python ]; then
  echo "setup: creating .venv"
  "$python" -m venv .venv
fi
.venv/bin/python -m pip install -q --upgrade pip >/dev/null 2>&1 || true
echo "setup: installing narrate into .venv"
.venv/bin/python -m pip install -q -e ".[test]" 2>&1 | grep -v -i "warning" || true
.venv/bin/python -c "import narrate, pyttsx3, pydub, mutagen" || { echo "setup: install failed" >&2; exit 1; }
echo "setup: done (activate with: source .venv/bin/activate)"
