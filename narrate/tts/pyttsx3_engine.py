"""The default engine: pyttsx3, which drives espeak-ng on Linux (SAPI5 on Windows, NSSpeech on macOS)."""

from __future__ import annotations

import contextlib
import io
from importlib.metadata import version as package_version
import platform
import shutil
import subprocess
from pathlib import Path

import pyttsx3

from narrate.errors import EngineError
from narrate.tts import Voice


class Pyttsx3Engine:
    """pyttsx3 in this process; one utterance per ``save_to_file`` call."""

    name = "pyttsx3"

    def __init__(self) -> None:
        try:
            with contextlib.redirect_stdout(io.StringIO()):
                self._engine = pyttsx3.init()
        except Exception as exc:  # pyttsx3 raises OSError/RuntimeError when espeak-ng is missing
            raise EngineError(
                f"cannot start pyttsx3 ({exc}); install espeak-ng "
                "(Debian/Ubuntu: sudo apt-get install espeak-ng)"
            ) from None
        self._voices = [
            Voice(v.id, v.name or v.id, tuple(str(x).lower() for x in (v.languages or [])))
            for v in self._engine.getProperty("voices")
        ]
        self._ids = {v.id for v in self._voices}

    def version(self) -> str:
        espeak = ""
        if shutil.which("espeak-ng"):
            out = subprocess.run(["espeak-ng", "--version"], capture_output=True, text=True)
            espeak = out.stdout.strip().split("Data at")[0].strip()
        return f"pyttsx3 {package_version('pyttsx3')}; {platform.system()}; {espeak}"

    def voices(self) -> list[Voice]:
        return list(self._voices)

    def default_voice(self, language: str) -> str | None:
        wanted = language.lower()
        base = wanted.split("-")[0]
        for match in (lambda v: wanted in v.languages, lambda v: base in v.languages):
            for voice in self._voices:
                if match(voice):
                    return voice.id
        return None

    def synthesize(self, text: str, voice: str | None, rate_wpm: int, out_path: Path) -> None:
        if voice is not None and voice not in self._ids:
            raise EngineError(f"unknown pyttsx3 voice '{voice}' (see: narrate voices)")
        engine = self._engine
        if voice is not None:
            engine.setProperty("voice", voice)
        engine.setProperty("rate", rate_wpm)
        with contextlib.redirect_stdout(io.StringIO()):
            engine.save_to_file(text, str(out_path))
            engine.runAndWait()
