"""Speech engines behind one interface.

An engine turns one utterance of spoken text into one WAV file::

    engine = get_engine("pyttsx3")
    words = engine.synthesize("Hello.", voice=None, rate_wpm=160, out_path=Path("x.wav"))

``words`` is where each word starts in the clip when the engine reports it (espeak-ng's word
events), else None. An engine that has the samples in this process may also offer
``speak_samples(text, voice, rate_wpm)``, returning them as a :class:`Spoken` (or None when it
cannot here): the build then skips the WAV file (pyttsx3 on Linux and Piper do).

Engines register by name in :data:`ENGINES` and are imported only when asked for, so a missing
optional engine is reported as unavailable with its install hint, never as an ImportError.
"""

from __future__ import annotations

import importlib
import wave
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Protocol

if TYPE_CHECKING:
    import numpy as np

from narrate.errors import EngineError


@dataclass(frozen=True)
class Voice:
    """A voice an engine offers: ``id`` to put in course.yaml, a human ``name``, language tags."""

    id: str
    name: str
    languages: tuple[str, ...] = ()


WordTimes = list[tuple[int, int]]
"""Word timings of one clip: ``(character offset of the word in the spoken text, ms from the clip's
start)`` per word the engine reported, in order. Captions are cut at these times (see
``narrate.publish.transcripts``)."""


@dataclass(frozen=True)
class Spoken:
    """One utterance as an engine hands it over in memory: ``pcm``, 16-bit little-endian mono
    samples at ``sample_rate`` Hz, and the word timings (see :data:`WordTimes`) or None."""

    pcm: bytes
    sample_rate: int
    words: WordTimes | None

    def write_wav(self, path: Path) -> None:
        """Write the samples as a 16-bit mono PCM WAV file."""
        with wave.open(str(path), "wb") as wav:
            wav.setnchannels(1)
            wav.setsampwidth(2)
            wav.setframerate(self.sample_rate)
            wav.writeframes(self.pcm)


class Engine(Protocol):
    """The speech engine interface."""

    name: str

    def version(self) -> str:
        """Engine and voice-data version; part of every cache key."""

    def voices(self) -> list[Voice]:
        """Voices this engine can speak with."""

    def default_voice(self, language: str) -> str | None:
        """The voice id for a BCP 47 language tag such as ``en-us`` (None: engine default)."""

    def synthesize(self, text: str, voice: str | None, rate_wpm: int, out_path: Path) -> WordTimes | None:
        """Speak ``text`` into a PCM WAV file at ``out_path`` (any sample rate, mono or stereo).

        Returns:
            where each word starts, when the engine reports it (see :data:`WordTimes`); else None.

        Raises:
            EngineError: unknown voice, or the engine failed.
        """


# name -> (module, class, install hint)
ENGINES: dict[str, tuple[str, str, str]] = {
    "pyttsx3": (
        "narrate.speech.engines.pyttsx3_engine",
        "Pyttsx3Engine",
        "install espeak-ng (Debian/Ubuntu: sudo apt-get install espeak-ng; macOS uses its own voices)",
    ),
    "piper": ("narrate.speech.engines.piper_engine", "PiperEngine", "pip install 'narrate[piper]'"),
}

_instances: dict[str, Engine] = {}


def get_engine(name: str) -> Engine:
    """The engine registered as ``name`` (one instance per process).

    Raises:
        EngineError: unknown engine name, or the engine is not installed (with its install hint).
    """
    if name in _instances:
        return _instances[name]
    if name not in ENGINES:
        known = ", ".join(sorted(ENGINES))
        raise EngineError(f"unknown speech engine '{name}' (available: {known})")
    module_name, class_name, hint = ENGINES[name]
    try:
        module = importlib.import_module(module_name)
        engine = getattr(module, class_name)()
    except EngineError:
        raise
    except Exception as exc:  # ImportError, OSError from a missing shared library, RuntimeError
        raise EngineError(f"speech engine '{name}' is unavailable ({exc}); {hint}") from None
    _instances[name] = engine
    return engine


def clip_duration_ms(path: Path, what: str) -> int:
    """Check that a synthesized clip is usable and return its duration in ms.

    A clip is usable when the file exists, decodes as PCM WAV, lasts at least 50 ms and is not
    all silence (16-bit clips: every sample under 16 in magnitude).

    Raises:
        EngineError: naming ``what`` (the cue), when the clip is missing, undecodable, empty or silent.
    """
    _require_audio(path, what)
    try:
        with wave.open(str(path), "rb") as wav:
            rate, frames, width = wav.getframerate(), wav.getnframes(), wav.getsampwidth()
            data = wav.readframes(frames)
    except (wave.Error, EOFError, OSError) as exc:
        raise EngineError(f"the speech engine produced an unreadable clip for {what}: {exc}") from None
    import numpy as np  # imported here: the no-change rebuild reads this module's engine list, not clips

    samples = np.frombuffer(data[: len(data) - len(data) % 2], "<i2") if width == 2 else None
    return check_clip_samples(samples, rate, what, frames)


def read_checked_clip(path: Path, what: str) -> tuple[np.ndarray, int]:
    """A synthesized 16-bit clip (WAV) read once and checked usable, as :func:`clip_duration_ms` checks it:
    its mono int16 samples and sample rate.

    Raises:
        EngineError: naming ``what``, when the clip is missing, unreadable (not 16-bit audio), empty or silent.
    """
    from narrate.speech.join import read_wav

    _require_audio(path, what)
    try:
        samples, rate = read_wav(path)
    except (OSError, ValueError, RuntimeError) as exc:  # soundfile's errors are RuntimeErrors
        raise EngineError(f"the speech engine produced an unreadable clip for {what}: {exc}") from None
    check_clip_samples(samples, rate, what)
    return samples, rate


def _require_audio(path: Path, what: str) -> None:
    if not path.is_file() or path.stat().st_size == 0:
        raise EngineError(f"the speech engine produced no audio for {what}")


def check_clip_samples(samples: np.ndarray | None, rate: int, what: str, frames: int | None = None) -> int:
    """The duration (ms) of a clip of ``frames`` frames (default: ``len(samples)``) at ``rate`` Hz,
    once checked: at least 50 ms long, and (when 16-bit ``samples`` are given) not all silence.

    Raises:
        EngineError: naming ``what``, when the clip is empty or silent.
    """
    frames = len(samples) if frames is None and samples is not None else frames or 0
    duration_ms = frames * 1000 // rate if rate else 0
    if duration_ms < 50:
        raise EngineError(f"the speech engine produced an empty clip ({duration_ms} ms) for {what}")
    if samples is not None and len(samples) and max(int(samples.max()), -int(samples.min())) < 16:
        raise EngineError(f"the speech engine produced a silent clip for {what}")
    return duration_ms


def list_voices(engine_name: str | None = None) -> list[str]:
    """One line per voice, ``<engine>\\t<voice id>\\t<name>\\t<languages>``, for ``narrate voices``.

    Engines that are not installed are listed as unavailable with their install hint.

    Raises:
        EngineError: ``engine_name`` is not a known engine.
    """
    names = [engine_name] if engine_name else sorted(ENGINES)
    lines = []
    for name in names:
        try:
            engine = get_engine(name)
        except EngineError as exc:
            if engine_name:
                raise
            lines.append(f"{name}\t(unavailable: {exc.problem})")
            continue
        for voice in engine.voices():
            lines.append(f"{name}\t{voice.id}\t{voice.name}\t{','.join(voice.languages)}")
    return lines
