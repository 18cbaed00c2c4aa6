"""Fake speech engines for tests: fast, deterministic, and able to hang, crash or fail on purpose.

They live in their own module (not a test file) so that worker processes started with ``spawn``
can import them: pytest puts ``tests/`` on ``sys.path`` and spawned children inherit it. They are
driven by environment variables, which children inherit too:

- ``FAKE_ENGINE_LOG``: file to which every engine start (``init <name>``) and utterance
  (``say <name> <text>``) is appended as one line.
- ``FAKE_ENGINE_MARKER``: for the ``*-once`` engines, the file whose absence means "misbehave now".
"""

from __future__ import annotations

import array
import math
import os
import time
import wave
from pathlib import Path

import pytest

from narrate.errors import ConfigError, EngineError
from narrate.speech import engines as tts
from narrate.speech.engines import Voice

RATE = 22050


def tone(path: Path, text: str, rate_wpm: int = 160) -> None:
    """A 440 Hz tone of 60 ms per character × 160 / rate (at least 200 ms), 16-bit mono at 22050 Hz."""
    ms = max(200, len(text) * 60 * 160 // rate_wpm)
    frames = RATE * ms // 1000
    samples = array.array("h", (int(8000 * math.sin(2 * math.pi * 440 * i / RATE)) for i in range(frames)))
    with wave.open(str(path), "wb") as wav:
        wav.setnchannels(1)
        wav.setsampwidth(2)
        wav.setframerate(RATE)
        wav.writeframes(samples.tobytes())


def _log(line: str) -> None:
    log = os.environ.get("FAKE_ENGINE_LOG")
    if log:
        with open(log, "a", encoding="utf-8") as f:
            f.write(line + "\n")


def _first_time() -> bool:
    """True once: creates the marker file (FAKE_ENGINE_MARKER) the first time."""
    marker = Path(os.environ["FAKE_ENGINE_MARKER"])
    try:
        with open(marker, "x"):
            return True
    except FileExistsError:
        return False


class ToneEngine:
    """Speaks every utterance as a tone; voices ``low`` and ``high``."""

    name = "fake"

    def __init__(self) -> None:
        _log(f"init {self.name}")

    def version(self) -> str:
        return "fake 1"

    def voices(self) -> list[Voice]:
        return [Voice("low", "Low", ("en-us",)), Voice("high", "High", ("en-us",))]

    def default_voice(self, language: str) -> str | None:
        return "low"

    def synthesize(self, text: str, voice: str | None, rate_wpm: int, out_path: Path) -> None:
        if voice not in (None, "low", "high"):
            raise EngineError(f"unknown fake voice '{voice}'")
        _log(f"say {self.name} {text}")
        self.misbehave()
        tone(out_path, text, rate_wpm)

    def misbehave(self) -> None:
        pass


class OtherToneEngine(ToneEngine):
    """Same as ToneEngine under another name and version (a different engine for cache keys)."""

    name = "fake-other"

    def version(self) -> str:
        return "other 2"


class HangOnceEngine(ToneEngine):
    """Hangs (sleeps an hour) on its first utterance across all processes, then behaves."""

    name = "fake-hang"

    def misbehave(self) -> None:
        if _first_time():
            time.sleep(3600)


class CrashEngine(ToneEngine):
    """Kills its process on every utterance."""

    name = "fake-crash"

    def misbehave(self) -> None:
        os._exit(3)


class FailOnceEngine(ToneEngine):
    """Raises EngineError on its first utterance across all processes, then behaves."""

    name = "fake-flaky"

    def misbehave(self) -> None:
        if _first_time():
            raise EngineError("the fake engine stumbled")


class FailEngine(ToneEngine):
    """Raises EngineError on every utterance."""

    name = "fake-fail"

    def misbehave(self) -> None:
        raise EngineError("the fake engine always fails")


class LocatedFailEngine(ToneEngine):
    """Raises an EngineError that names a file of its own (a damaged voice file) on every utterance."""

    name = "fake-located"

    def misbehave(self) -> None:
        raise EngineError("the voice file is damaged", Path("voices/low.onnx"))


class BadSettingEngine(ToneEngine):
    """Raises a ConfigError naming a course.yaml line on every utterance."""

    name = "fake-bad-setting"

    def misbehave(self) -> None:
        raise ConfigError("this voice cannot speak at that rate", Path("course.yaml"), 7)


ALL = {
    cls.name: cls
    for cls in (
        ToneEngine,
        OtherToneEngine,
        HangOnceEngine,
        CrashEngine,
        FailOnceEngine,
        FailEngine,
        LocatedFailEngine,
        BadSettingEngine,
    )
}


@pytest.fixture
def fakes(monkeypatch, tmp_path):
    """Register every fake engine; returns a helper whose ``log()`` lists the logged lines."""
    for name, cls in ALL.items():
        monkeypatch.setitem(tts.ENGINES, name, (__name__, cls.__name__, "a test engine"))
        tts._instances.pop(name, None)
    log = tmp_path / "engine.log"
    monkeypatch.setenv("FAKE_ENGINE_LOG", str(log))
    monkeypatch.setenv("FAKE_ENGINE_MARKER", str(tmp_path / "misbehaved"))
    yield _Log(log)
    for name in ALL:
        tts._instances.pop(name, None)


class _Log:
    def __init__(self, path: Path):
        self.path = path

    def lines(self) -> list[str]:
        return self.path.read_text(encoding="utf-8").splitlines() if self.path.exists() else []

    def said(self) -> list[str]:
        return [line.split(" ", 2)[2] for line in self.lines() if line.startswith("say ")]

    def inits(self) -> int:
        return sum(1 for line in self.lines() if line.startswith("init "))
